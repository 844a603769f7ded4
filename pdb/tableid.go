package pdb

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrTableID is returned when a table id, a table's name or a table file's
// name cannot be read.
var ErrTableID = errors.New("not a table id")

// TableID names a table: the puzzle and pattern ids its header stores. It
// is spelled "24puzzle/zero0-1.2.5.6.7.12-md-v2" in records and reports
// (String, ParseTableName) and "24puzzle-zero0-1.2.5.6.7.12-md-v2.pdb" as a
// file in a cache directory (FileName, ParseTableFileName); Parts takes it
// apart. TilesPatternID and tilesZeroPatternID write the pattern ids of
// sliding-tile tables; Parts is their one reader.
type TableID struct {
	Puzzle  string // "rotation", "8puzzle", "15puzzle", "24puzzle" or "tiles<rows>x<cols>"
	Pattern string // "centre8", "exact", "blank0-1.2.3-md", "zero0-1.2.5.6.7.12-md-v2", ...
}

// TableParts is a table id taken apart (TableID.Parts). A sliding-tile
// pattern table's pattern id has the parts
//
//	zero0-1.2.5.6.7.12-md-v2
//	word  tiles        encoding, version
type TableParts struct {
	// Rows and Cols are the board of a sliding-tile puzzle (TilesShape),
	// 0 for the Rotation Game.
	Rows, Cols int
	// Word starts a sliding-tile pattern table's id: "blank0" or "blankany"
	// (TilesConstruction.String) or TilesZeroWord ("zero0"); "" for any
	// other table (the Rotation Game's, the 3 x 3 exact table).
	Word     string
	Tiles    []int  // the pattern's tiles in index order, when Word is set
	Encoding string // the entry encoding, "md", when Word is set
	Version  int    // the layout's version ("-v2": 2), 0 when the id has none
}

// Parts takes the id apart. The puzzle must be one pdbsolve names; a
// sliding-tile pattern id that starts with a construction's word or
// TilesZeroWord must have the form word-tile.tile...-encoding[-vN] with
// tiles of the board in increasing order; any other pattern id is one
// part. Errors wrap ErrTableID and quote the id.
func (id TableID) Parts() (TableParts, error) {
	var p TableParts
	bad := func(why string) (TableParts, error) {
		return TableParts{}, fmt.Errorf("%w %q: %s", ErrTableID, id.String(), why)
	}
	if id.Pattern == "" || strings.ContainsAny(id.Pattern, "/ ") {
		return bad("the pattern id is empty or holds a slash or space")
	}
	if id.Puzzle != RotationPuzzle {
		rows, cols, ok := TilesShape(id.Puzzle)
		if !ok {
			return bad("no such puzzle")
		}
		p.Rows, p.Cols = rows, cols
	}
	word, rest, _ := strings.Cut(id.Pattern, "-")
	if id.Puzzle == RotationPuzzle || (word != TilesBlankHome.String() && word != TilesBlankAny.String() && word != TilesZeroWord) {
		return p, nil
	}
	fields := strings.Split(rest, "-")
	if len(fields) < 2 || len(fields) > 3 {
		return bad("want " + word + "-TILES-ENCODING, tiles joined by dots, and an optional version -vN")
	}
	p.Word, p.Encoding = word, fields[1]
	if p.Encoding == "" {
		return bad("no entry encoding")
	}
	if len(fields) == 3 {
		v, found := strings.CutPrefix(fields[2], "v")
		n, err := strconv.Atoi(v)
		if !found || err != nil || n < 1 || strconv.Itoa(n) != v {
			return bad(fmt.Sprintf("version %q: want vN, N a whole number above 0", fields[2]))
		}
		p.Version = n
	}
	for _, f := range strings.Split(fields[0], ".") {
		t, err := strconv.Atoi(f)
		if err != nil || strconv.Itoa(t) != f || t < 1 || t >= p.Rows*p.Cols {
			return bad(fmt.Sprintf("tile %q: want 1 to %d", f, p.Rows*p.Cols-1))
		}
		if n := len(p.Tiles); n > 0 && t <= p.Tiles[n-1] {
			return bad("the tiles are not in increasing order")
		}
		p.Tiles = append(p.Tiles, t)
	}
	return p, nil
}

// ParseTableName reads a table's name as records and reports write it,
// "puzzle/pattern" (String), and checks it as Parts does.
func ParseTableName(name string) (TableID, error) {
	puzzle, pattern, ok := strings.Cut(name, "/")
	if !ok {
		return TableID{}, fmt.Errorf("%w %q: want puzzle/pattern", ErrTableID, name)
	}
	return checkedID(TableID{Puzzle: puzzle, Pattern: pattern})
}

// ParseTableFileName reads the name of a table file in a cache directory,
// "puzzle-pattern.pdb" (FileName; no directory), and checks it as Parts
// does. No puzzle id holds a '-', so the first one ends the puzzle.
func ParseTableFileName(name string) (TableID, error) {
	base, ok := strings.CutSuffix(name, tableExt)
	puzzle, pattern, found := strings.Cut(base, "-")
	if !ok || !found {
		return TableID{}, fmt.Errorf("%w %q: want a file name puzzle-pattern%s", ErrTableID, name, tableExt)
	}
	return checkedID(TableID{Puzzle: puzzle, Pattern: pattern})
}

// checkedID returns id, or the error of its Parts.
func checkedID(id TableID) (TableID, error) {
	if _, err := id.Parts(); err != nil {
		return TableID{}, err
	}
	return id, nil
}

// String returns the table's name as records and reports write it:
// "puzzle/pattern".
func (id TableID) String() string { return id.Puzzle + "/" + id.Pattern }

// FileName returns the name of the table's file in a cache directory:
// "puzzle-pattern.pdb".
func (id TableID) FileName() string { return id.Puzzle + "-" + id.Pattern + tableExt }

// ID returns the id of the table the header describes.
func (h *Header) ID() TableID { return TableID{Puzzle: h.Puzzle, Pattern: h.Pattern} }

// ID returns the id of the table the spec names.
func (s Spec) ID() TableID { return TableID{Puzzle: s.Puzzle, Pattern: s.Pattern} }

// Zero reports whether the parts are those of a zero-aware sliding-tile
// table (TilesZeroWord).
func (p TableParts) Zero() bool { return p.Word == TilesZeroWord }

// ZeroBits reports whether the id is of a 1-bit zero-aware table, whose
// entries are bit 1 of each cost (TilesZeroBitsEncoding), not costs.
func (p TableParts) ZeroBits() bool { return p.Zero() && p.Encoding == TilesZeroBitsEncoding }

// Construction returns the construction of a plain sliding-tile pattern
// table (Word "blank0" or "blankany"), and false for any other table,
// zero-aware ones included.
func (p TableParts) Construction() (TilesConstruction, bool) {
	switch p.Word {
	case TilesBlankHome.String():
		return TilesBlankHome, true
	case TilesBlankAny.String():
		return TilesBlankAny, true
	}
	return 0, false
}
