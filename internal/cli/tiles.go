package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// tilesPuzzles are the sliding-tile puzzles named by their tile count;
// tilesAnyName with --size names every board.
var tilesPuzzles = []struct {
	name       string
	rows, cols int
}{{"8puzzle", tiles8Side, tiles8Side}, {"15puzzle", tiles15Side, tiles15Side}, {"24puzzle", tiles24Side, tiles24Side}}

// Sides of the named square boards.
const (
	tiles8Side  = 3
	tiles15Side = 4
	tiles24Side = 5
)

// tilesAnyName is the puzzle name that takes the board's shape from --size.
const tilesAnyName = "tiles"

// tilesSplitCells is the number of cells above which --split auto gives one
// instance every worker: from 4 x 5 on an instance takes seconds to hours
// and a batch rarely has enough of them to keep one worker a record busy,
// while 8- and 15-puzzle instances take milliseconds to a second.
const tilesSplitCells = 16

// tilesShape is the board shape of a sliding-tile command: fixed by the
// puzzle name, or given by --size for "tiles".
type tilesShape struct {
	name       string // puzzle name
	rows, cols int    // 0 until --size is given, for tilesAnyName
	sized      bool   // --size was given
}

// tilesShapeOf returns the shape of puzzle name ("tiles": none yet) and
// whether name is a sliding-tile puzzle.
func tilesShapeOf(name string) (tilesShape, bool) {
	if name == tilesAnyName {
		return tilesShape{name: name}, true
	}
	for _, p := range tilesPuzzles {
		if p.name == name {
			return tilesShape{name: name, rows: p.rows, cols: p.cols}, true
		}
	}
	return tilesShape{}, false
}

// tilesSizeFlag is the --size flag: it checks the shape as it is parsed.
type tilesSizeFlag struct{ s *tilesShape }

func (f tilesSizeFlag) String() string {
	if f.s == nil || f.s.rows == 0 {
		return ""
	}
	return fmt.Sprintf("%dx%d", f.s.rows, f.s.cols)
}

func (f tilesSizeFlag) Type() string { return "ROWSxCOLS" }

func (f tilesSizeFlag) Set(v string) error {
	rows, cols, err := parseTilesSize(v)
	if err != nil {
		return err
	}
	if f.s.name != tilesAnyName && (rows != f.s.rows || cols != f.s.cols) {
		return fmt.Errorf("%s is the %dx%d board, not %dx%d (use tiles --size %s)", f.s.name, f.s.rows, f.s.cols, rows, cols, v)
	}
	f.s.rows, f.s.cols, f.s.sized = rows, cols, true
	return nil
}

// tilesSizeHelp is the help of --size.
var tilesSizeHelp = fmt.Sprintf("board shape ROWSxCOLS: %d <= ROWS, COLS and ROWS*COLS <= %d (4x4 is the 15-puzzle)",
	bitboard.TilesMinSide, bitboard.TilesMaxCells)

// parseTilesSize reads a board shape "ROWSxCOLS", such as "3x4".
func parseTilesSize(v string) (rows, cols int, err error) {
	bad := fmt.Errorf("%q: want ROWSxCOLS with %d <= ROWS, COLS and ROWS*COLS <= %d, such as 3x4",
		v, bitboard.TilesMinSide, bitboard.TilesMaxCells)
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "x")
	if !ok {
		return 0, 0, bad
	}
	if rows, err = strconv.Atoi(r); err != nil {
		return 0, 0, bad
	}
	if cols, err = strconv.Atoi(c); err != nil {
		return 0, 0, bad
	}
	if !bitboard.TilesSizeOK(rows, cols) {
		return 0, 0, fmt.Errorf("%q: no such board: want %d <= ROWS, COLS and ROWS*COLS <= %d (%dx%d has %d cells)",
			v, bitboard.TilesMinSide, bitboard.TilesMaxCells, rows, cols, rows*cols)
	}
	return rows, cols, nil
}

// check reports a missing --size as a usage error.
func (s *tilesShape) check() error {
	if s.rows == 0 {
		return usageError("%s: --size ROWSxCOLS is required, such as --size 3x4", s.name)
	}
	return nil
}

// cells returns the number of cells of the board.
func (s *tilesShape) cells() int { return s.rows * s.cols }

// tilesDescribe returns how help texts name the board of puzzle name.
func tilesDescribe(name string, rows, cols int) string {
	if name == tilesAnyName {
		return "ROWSxCOLS"
	}
	return fmt.Sprintf("%dx%d", rows, cols)
}

// tilesHeuristicHelp lists the heuristics of a board for a help text.
func tilesHeuristicHelp(name string, rows, cols int) string {
	list := strings.Join(search.TilesHeuristicNames(rows, cols), ", ")
	if name == tilesAnyName {
		list = `manhattan, linear-conflict, exact (3x3), the presets pdb555,
pdb663, pdb78 (4x4) and pdb6666 (5x5), each with +reflect`
	}
	return list + `.
User partitions: pdb:PATTERNS, the tiles of each pattern separated by commas
(ranges such as 1-7 allowed), patterns by "/", every tile in exactly one
pattern, such as pdb:1-7/8-15 on 4x4. +reflect adds the lookup of the board
reflected about the main diagonal (square boards only)`
}

// loadTilesHeuristic loads a heuristic by name for the rows x cols board,
// telling a bad name (usage) from a table problem (exit 3).
func loadTilesHeuristic(g *globalOptions, rows, cols int, name string) (*search.TilesHeuristic, error) {
	probe, err := search.LoadTilesHeuristic(nil, rows, cols, name)
	if err == nil {
		return probe, nil // needs no tables
	}
	if errors.Is(err, search.ErrTilesHeuristic) {
		return nil, withCode(ExitUsage, err)
	}
	cache, err := g.cache()
	if err != nil {
		return nil, err
	}
	h, err := search.LoadTilesHeuristic(cache, rows, cols, name)
	if err != nil {
		return nil, withCode(ExitTable, err)
	}
	return h, nil
}

// tilesParse parses a sliding-tile record of a rows x cols board: the one
// call into bitboard's board parser, kept in one place.
func tilesParse(rec *bitboard.TilesRecord, rows, cols int) (bitboard.Tiles, error) {
	return bitboard.ParseTiles(rec.Fields, rows, cols)
}
