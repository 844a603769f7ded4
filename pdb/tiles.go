package pdb

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Puzzle ids of the sliding-tile tables: the square boards by their names,
// the others "tiles<rows>x<cols>" (TilesPuzzle).
const (
	Tiles8Puzzle  = "8puzzle"
	Tiles15Puzzle = "15puzzle"
	Tiles24Puzzle = "24puzzle"
	// TilesExactPattern is the pattern id of the 3 x 3 table of exact distances.
	TilesExactPattern = "exact"
	// TilesWidth is the entry width of every sliding-tile table.
	TilesWidth = 8
	// TilesEncoding names the entry encoding of sliding-tile pattern tables
	// in their pattern ids: each entry is the cost over the pattern tiles'
	// Manhattan distance, halved ("md").
	TilesEncoding = "md"
	// tilesEncodingSuffix ends the pattern ids of that encoding.
	tilesEncodingSuffix = "-" + TilesEncoding
	// tilesUnset marks an entry the search has not reached yet.
	tilesUnset = 0xff
)

// TilesConstruction says where the blank may end in a pattern table's
// abstract goal.
type TilesConstruction uint8

// The two table constructions. TilesBlankHome, the construction of every
// table pdbsolve builds (Korf & Felner 2002; docs/puzzles.md, section 2),
// counts the moves that bring the pattern tiles home and the blank to its
// goal cell 0. TilesBlankAny lets the blank end anywhere: a weaker table
// wherever the pattern's tiles, at home, wall in cell 0, kept only so that
// tests can compare the two. A blank-home table serves the image of its
// pattern under a board symmetry exactly when the symmetry fixes cell 0
// (the identity and, on a square, the transpose) or the pattern at home
// leaves its free cells one connected region, so that the blank reaches
// cell 0 at no cost wherever it ends (tilesShareable).
const (
	TilesBlankHome TilesConstruction = iota
	TilesBlankAny
)

// String returns the construction's name as it appears in pattern ids:
// "blank0" or "blankany".
func (c TilesConstruction) String() string {
	if c == TilesBlankHome {
		return "blank0"
	}
	return "blankany"
}

// TilesConstructionOf returns the construction of the tables of a rows x
// cols board: TilesBlankHome on every board. Table ids name it, so files of
// the blank-anywhere construction that pdbsolve built for boards above 16
// cells before are never loaded as these.
func TilesConstructionOf(rows, cols int) TilesConstruction {
	return TilesBlankHome
}

// tilesShareable reports whether the blank-home table of the pattern tiles
// on the rows x cols board equals its blank-anywhere table, so that it may
// serve the pattern's image under any board symmetry: with the tiles at
// home, the free cells (cell 0 among them) form one connected region.
func tilesShareable(rows, cols int, tiles []int) bool {
	g := newTilesGeometry(rows, cols)
	free := g.full
	for _, t := range tiles {
		free &^= 1 << t
	}
	return g.region(1, free) == free
}

// TilesPartition is a set of disjoint tile patterns covering every tile of a
// board, whose table values add up to an admissible heuristic. All tables are
// for the BlankFirst goal (tile t at cell t).
type TilesPartition struct {
	Name       string  // a preset's name ("78") or the patterns spelled as ParseTilesPartition reads them
	Rows, Cols int     // board shape
	Patterns   [][]int // the tiles of each pattern, ascending

	// borrow marks a preset whose patterns do not claim tables of their own
	// (TilesPatternLookup): each is served by the table the same pattern
	// spelled by hand uses, so the preset loads the files the spelled
	// partition loaded before the preset existed.
	borrow bool
}

// The preset partitions, for the BlankFirst goal:
//
//	555          663          78           771          6666 (5 x 5, Korf & Felner 2002)
//	. a a b      . a a b      . a a a      . a a a      . a a b b
//	a a b b      a a b b      a a a a      a a a a      a a a b b
//	a c b b      a a b b      b b b b      b b b c      c c a b b
//	c c c c      c c c b      b b b b      b b b b      c c d d d
//	                                                    c c d d d
//
// and, for tests of the additive machinery on a space small enough to search
// exhaustively, "44" on 3 x 3: tiles 1-4 and 5-8.
//
// 771 (the 4 x 4 default with +reflect, search.DefaultTilesHeuristic) is
// 78 with tile 11 on its own: its second pattern is the transpose of
// 2,3,6,7,10,11,15 and is served by that pattern's table (it borrows), so
// its tables are two of 57,657,600 entries and one of 16 (a lone tile
// adds its Manhattan distance: every entry is 0). With "+reflect" and
// pruning it solved each of the 17 80-move positions within 5 s on 2
// workers of an idle 2-core machine in six runs (the slowest, position 3,
// in 3.4 to 4.9 s), its tables built in 32 s (62 s of CPU, 429 MB peak);
// 663 took up to 83 s a position, and the other 7-7-1 splits (tile 12, 15
// or 8 alone) up to 5.1, 4.16 and 4.22 s against 771's 3.80 s in one run
// each (docs/results/2026-12-02-15puzzle-default-771.md).
var tilesPartitions = []TilesPartition{
	{Name: "44", Rows: 3, Cols: 3, Patterns: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
	{Name: "555", Rows: 4, Cols: 4, Patterns: [][]int{{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
	{Name: "663", Rows: 4, Cols: 4, Patterns: [][]int{{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}}},
	{Name: "78", Rows: 4, Cols: 4, Patterns: [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
	{Name: "771", Rows: 4, Cols: 4, Patterns: [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 12, 13, 14, 15}, {11}}, borrow: true},
	{Name: "6666", Rows: 5, Cols: 5, Patterns: [][]int{{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}},
}

// TilesPartitionNames lists the presets TilesPartitionNamed knows, each with
// its board: "555 (4x4)".
func TilesPartitionNames() []string {
	var out []string
	for _, p := range tilesPartitions {
		out = append(out, fmt.Sprintf("%s (%dx%d)", p.Name, p.Rows, p.Cols))
	}
	return out
}

// ErrTilesPartition is returned when a partition is unknown or badly spelled,
// or does not cover every tile of its board exactly once.
var ErrTilesPartition = errors.New("invalid tile partition")

// TilesPartitionNamed returns the preset partition called name for the rows
// x cols board; errors wrap ErrTilesPartition.
func TilesPartitionNamed(rows, cols int, name string) (TilesPartition, error) {
	for _, p := range tilesPartitions {
		if p.Rows == rows && p.Cols == cols && p.Name == name {
			return p, nil
		}
	}
	return TilesPartition{}, fmt.Errorf("%w: no %dx%d partition named %q (have %s)", ErrTilesPartition, rows, cols, name,
		strings.Join(TilesPartitionNames(), ", "))
}

// ParseTilesPartition reads a partition of the rows x cols board spelled as
// patterns separated by "/", each a list of tiles and ranges "a-b" separated
// by commas: "1-7/8-15", "1,2,5,6,7,12/3,4,8-9,13,14/...". Every tile
// 1..rows*cols-1 must be in exactly one pattern; errors wrap
// ErrTilesPartition and name the pattern (1-based) and the tile or field at
// fault. The result's Name is the canonical spelling (ascending tiles, full
// ranges written out), its Patterns in the order given.
func ParseTilesPartition(rows, cols int, spec string) (TilesPartition, error) {
	if !bitboard.TilesSizeOK(rows, cols) {
		return TilesPartition{}, fmt.Errorf("%w: %dx%d is not a supported board", ErrTilesPartition, rows, cols)
	}
	nc := rows * cols
	part := TilesPartition{Rows: rows, Cols: cols}
	where := make([]int, nc) // pattern (1-based) holding each tile, 0 for none
	for pi, field := range strings.Split(spec, "/") {
		pn := pi + 1
		var pat []int
		for _, item := range strings.Split(field, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				return TilesPartition{}, fmt.Errorf("%w: pattern %d has an empty item in %q (want tiles or ranges a-b separated by commas)", ErrTilesPartition, pn, field)
			}
			lo, hi, err := tilesParseRange(item)
			if err != nil {
				return TilesPartition{}, fmt.Errorf("%w: pattern %d: %v", ErrTilesPartition, pn, err)
			}
			for t := lo; t <= hi; t++ {
				if t < 1 || t >= nc {
					return TilesPartition{}, fmt.Errorf("%w: pattern %d: tile %d is not on a %dx%d board (want 1..%d)", ErrTilesPartition, pn, t, rows, cols, nc-1)
				}
				if where[t] != 0 {
					if where[t] == pn {
						return TilesPartition{}, fmt.Errorf("%w: tile %d appears twice in pattern %d", ErrTilesPartition, t, pn)
					}
					return TilesPartition{}, fmt.Errorf("%w: tile %d is in patterns %d and %d (want each tile in one pattern)", ErrTilesPartition, t, where[t], pn)
				}
				where[t] = pn
				pat = append(pat, t)
			}
		}
		slices.Sort(pat)
		part.Patterns = append(part.Patterns, pat)
	}
	for t := 1; t < nc; t++ {
		if where[t] == 0 {
			return TilesPartition{}, fmt.Errorf("%w: tile %d is in no pattern (want every tile 1..%d in one)", ErrTilesPartition, t, nc-1)
		}
	}
	part.Name = tilesSpell(part.Patterns)
	return part, nil
}

// tilesParseRange reads a tile "7" or a range "1-7".
func tilesParseRange(item string) (lo, hi int, err error) {
	a, b, isRange := strings.Cut(item, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi, err2 := lo, error(nil)
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("%q is not a tile number or a range a-b", item)
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q runs backwards (want a-b with a <= b)", item)
	}
	return lo, hi, nil
}

// tilesSpell writes patterns as ParseTilesPartition reads them.
func tilesSpell(patterns [][]int) string {
	var sb strings.Builder
	for i, pat := range patterns {
		if i > 0 {
			sb.WriteByte('/')
		}
		for j, t := range pat {
			if j > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(strconv.Itoa(t))
		}
	}
	return sb.String()
}

// TilesPuzzle returns the puzzle id of the rows x cols board: "8puzzle",
// "15puzzle", "24puzzle", else "tiles<rows>x<cols>" such as "tiles3x4".
func TilesPuzzle(rows, cols int) string {
	switch {
	case rows == 3 && cols == 3:
		return Tiles8Puzzle
	case rows == 4 && cols == 4:
		return Tiles15Puzzle
	case rows == 5 && cols == 5:
		return Tiles24Puzzle
	}
	return fmt.Sprintf("tiles%dx%d", rows, cols)
}

// TilesShape returns the board shape of a sliding-tile puzzle id, and
// whether id is one: a board bitboard accepts, named as TilesPuzzle names
// it ("tiles3x3" is not an id, "8puzzle" is).
func TilesShape(id string) (rows, cols int, ok bool) {
	switch id {
	case Tiles8Puzzle:
		return 3, 3, true
	case Tiles15Puzzle:
		return 4, 4, true
	case Tiles24Puzzle:
		return 5, 5, true
	}
	spec, found := strings.CutPrefix(id, "tiles")
	if !found {
		return 0, 0, false
	}
	r, c, found := strings.Cut(spec, "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !found || err1 != nil || err2 != nil || !bitboard.TilesSizeOK(rows, cols) || TilesPuzzle(rows, cols) != id {
		return 0, 0, false
	}
	return rows, cols, true
}

// TilesPatternID names the table of a pattern built with construction con:
// the construction, the tiles in index order and the entry encoding ("md":
// cost over Manhattan distance, halved), such as "blank0-1.2.3.4.5.6.7-md",
// so that a file never serves another pattern. It does not name a
// partition: every partition holding the pattern shares the file.
func TilesPatternID(con TilesConstruction, tiles []int) string {
	return tilesPatternID(con.String(), tiles, tilesEncodingSuffix)
}

// tilesPatternID joins a table kind's word, the tiles in index order and
// the encoding suffix into a pattern id.
func tilesPatternID(word string, tiles []int, suffix string) string {
	var sb strings.Builder
	sb.WriteString(word)
	for i, t := range tiles {
		if i == 0 {
			sb.WriteByte('-')
		} else {
			sb.WriteByte('.')
		}
		sb.WriteString(strconv.Itoa(t))
	}
	sb.WriteString(suffix)
	return sb.String()
}

// tilesPatternSpec describes the additive table of the pattern tiles (in
// index order) on the rows x cols board, built with the board's construction
// (TilesConstructionOf): TilesEntries(rows*cols, len(tiles)) entries of 8
// bits; entry TilesRank(cells of tiles) encodes the fewest moves of pattern
// tiles needed to bring them home, less their Manhattan distance, halved
// (see BuildTilesPattern and TilesManhattan). Callers use
// TilesPatternLookup, which shares one table among symmetric patterns.
func tilesPatternSpec(rows, cols int, tiles []int) Spec {
	tiles = slices.Clone(tiles)
	con := TilesConstructionOf(rows, cols)
	puzzle, id := TilesPuzzle(rows, cols), TilesPatternID(con, tiles)
	return Spec{Puzzle: puzzle, Pattern: id, Entries: TilesEntries(rows*cols, len(tiles)), Width: TilesWidth,
		PeakBytes: processPeak(tilesBuildBytes(rows, cols, len(tiles))),
		BuildTime: time.Duration(tilesBuildSeconds(rows, cols, len(tiles)) * float64(time.Second)),
		Build: func(o *BuildOptions) (*Table, error) {
			w, err := o.WorkerCount()
			if err != nil {
				return nil, err
			}
			data, err := buildTilesPattern(rows, cols, con, tiles, w, o.progress())
			if err != nil {
				return nil, err
			}
			return newTable(puzzle, id, uint64(len(data)), TilesWidth, data, w)
		}}
}

// TilesLookup says how to look a pattern up: load the table Spec names (its
// pattern is Tiles, in the table's index order), map the board by Sym, and
// rank the cells of Tiles. Sym maps the caller's pattern onto Tiles: for each
// i, Tiles[i] == Sym.Cell[t] for one tile t of the caller's pattern. The
// caller's pattern's value on a BlankFirst board is the entry at
// TilesRank(pos) with pos[i] = Sym.Cell[cell of tile Sym.Inverse().Cell[Tiles[i]]],
// and its cost TilesManhattan of those tiles plus twice the entry (Manhattan
// distance is kept by every symmetry). Sym is the identity when the table is
// the caller's pattern's own.
type TilesLookup struct {
	Spec  Spec
	Tiles []int
	Sym   bitboard.TilesSymmetry
}

// TilesPatternLookup returns how to look up the pattern tiles (any order) of
// the rows x cols board. One table serves every pattern that is its image
// under a board symmetry the construction keeps (TilesConstruction): the
// table's pattern is, of all those images that do not hold cell 0, the first
// pattern of a preset partition if one is among them (a borrowing preset's
// patterns do not count), else the smallest in lexicographic order of
// ascending tiles. So the preset tables keep their own patterns, and a
// preset and the same patterns spelled by hand load the same files. Errors
// wrap ErrTilesPattern.
func TilesPatternLookup(rows, cols int, tiles []int) (TilesLookup, error) {
	if !bitboard.TilesSizeOK(rows, cols) {
		return TilesLookup{}, fmt.Errorf("%w: %dx%d is not a supported board", ErrTilesPattern, rows, cols)
	}
	if err := tilesCheckPattern(rows, cols, tiles); err != nil {
		return TilesLookup{}, err
	}
	tableTiles, sym := tilesShare(rows, cols, TilesConstructionOf(rows, cols), tiles)
	return TilesLookup{Spec: tilesPatternSpec(rows, cols, tableTiles), Tiles: tableTiles, Sym: sym}, nil
}

// tilesShare returns the pattern whose table serves tiles under construction
// con, and the symmetry that maps tiles onto it (see TilesPatternLookup).
func tilesShare(rows, cols int, con TilesConstruction, tiles []int) ([]int, bitboard.TilesSymmetry) {
	type candidate struct {
		tiles []int
		sym   bitboard.TilesSymmetry
	}
	var cands []candidate
	anySym := con == TilesBlankAny || tilesShareable(rows, cols, tiles)
	for _, s := range bitboard.TilesSymmetries(rows, cols) {
		if !anySym && s.Cell[0] != 0 {
			continue
		}
		image := make([]int, len(tiles))
		for i, t := range tiles {
			image[i] = int(s.Cell[t])
		}
		if slices.Contains(image, 0) {
			continue
		}
		slices.Sort(image)
		cands = append(cands, candidate{image, s})
	}
	best := -1
	for _, p := range tilesPartitions {
		if p.Rows != rows || p.Cols != cols || p.borrow {
			continue
		}
		for _, pat := range p.Patterns {
			for i, c := range cands {
				if best < 0 && slices.Equal(c.tiles, pat) {
					best = i
				}
			}
		}
	}
	if best < 0 {
		best = 0 // the identity: the caller's pattern has no cell 0
		for i, c := range cands {
			if slices.Compare(c.tiles, cands[best].tiles) < 0 {
				best = i
			}
		}
	}
	return cands[best].tiles, cands[best].sym
}

// tilesBuildBytes returns the memory, in bytes, that building the table of
// a k-tile pattern on a rows x cols board allocates: three bit planes of one
// lane a placement (16 bits up to 16 cells, else 32) and the one-byte
// entries; 1.66 GB for a 6-tile 5 x 5 pattern, 31.5 GB for a 7-tile one.
// The process's peak is higher by what it already holds: building both
// 6-6-6-6 tables in one process peaked at 1.7 GiB RSS
// (docs/results/2026-11-30-tiles-builds-5x5.md).
func tilesBuildBytes(rows, cols, k int) uint64 {
	nc := rows * cols
	entries := TilesEntries(nc, k)
	return entries * (3*uint64(tilesLaneBits(nc))/8 + 1)
}

// tilesBuildSeconds returns a rough estimate of the wall-clock seconds that
// building the table of a k-tile pattern on a rows x cols board takes on an
// otherwise idle 2-core machine, writing its file included: 16 s for a
// 7-tile 4 x 4 pattern, 36 s for a 6-tile 5 x 5 one. On a busy machine it
// takes up to four times as long (docs/results/2026-11-30-tiles-builds-5x5.md).
func tilesBuildSeconds(rows, cols, k int) float64 {
	return float64(TilesEntries(rows*cols, k)) * tilesBuildNanos * 1e-9
}

// tilesBuildNanos is the build's wall time per placement on two idle cores,
// the one home of the rate every tile table's estimate starts from (the
// zero-aware and 1-bit ones are factors of it). Measured: the 4x4
// default's two 7-tile tables (57,657,600 placements each) and its 1-tile
// one, gen 15puzzle into an empty directory, 31.8 s twice, 276 ns a
// placement (docs/results/2026-12-02-15puzzle-default-771.md). Their CPU,
// 62.4 s, is 541 ns a placement, as the 0.5-0.65 us measured on busy
// machines for 4 x 4 and 5 x 5 builds (docs/results/2026-11-30-tiles-builds-5x5.md):
// both cores are busy throughout.
const tilesBuildNanos = 280

// TilesExactSide is the side of the board with an exact table.
const TilesExactSide = 3

// TilesExactEntries is the number of solvable 3 x 3 boards, 9!/2.
const TilesExactEntries = 181440

// TilesExactSpec describes the table of exact distances to the BlankFirst goal
// of every solvable 3 x 3 board, indexed by TilesExactIndex.
func TilesExactSpec() Spec {
	return Spec{Puzzle: Tiles8Puzzle, Pattern: TilesExactPattern, Entries: TilesExactEntries, Width: TilesWidth,
		Build: func(o *BuildOptions) (*Table, error) {
			w, err := o.WorkerCount()
			if err != nil {
				return nil, err
			}
			data, err := buildTilesExact(o.progress())
			if err != nil {
				return nil, err
			}
			return newTable(Tiles8Puzzle, TilesExactPattern, uint64(len(data)), TilesWidth, data, w)
		}}
}

// TilesExactKey is the number of pieces whose cells index the exact table: the
// blank and tiles 1..6. The cells of tiles 7 and 8 are the two left over, in
// the one order of the two that is solvable (the orders differ by a swap).
const TilesExactKey = 7

// TilesExactIndex returns the index of a solvable 3 x 3 board in the exact table.
func TilesExactIndex(b bitboard.Tiles) uint64 {
	var pos [TilesExactKey]uint8
	for c := range TilesExactSide * TilesExactSide {
		if v := b.At(c); v < TilesExactKey {
			pos[v] = uint8(c)
		}
	}
	return TilesRank(pos[:], TilesExactSide*TilesExactSide)
}
