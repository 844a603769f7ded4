package search

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// Sliding-tile heuristics. Every heuristic is for the BlankFirst goal (tile t
// at cell t); boards for the BlankLast goal are solved through
// bitboard.Tiles.Canonical.

// tilesKind selects the search kernel.
type tilesKind uint8

const (
	tilesManhattan tilesKind = iota
	tilesLinearConflict
	tilesPDB       // additive disjoint pattern databases, optionally reflected
	tilesExact     // the 3 x 3 table of exact distances
	tilesCatalogue // the max over additive partitions, zero-aware or not (tilesCat)
)

const (
	tilesMaxCells    = bitboard.TilesMaxCells
	tilesMaxPatterns = tilesMaxCells - 1 // most patterns in a partition: one a tile
	// tilesMaxLine is the longest row or column: 12 cells, on a 2 x 12 board.
	tilesMaxLine = bitboard.TilesMaxCells / bitboard.TilesMinSide
	// tilesMaxTableLine is the longest line whose linear conflicts come from
	// a table ((n+1)^n entries); longer lines are counted on the fly.
	tilesMaxTableLine = 6
	tilesNoPattern    = 0xff
	tilesReflectSufx  = "+reflect"
	tilesPDBPrefix    = "pdb"
	tilesUserPrefix   = "pdb:"
	// Boards without a preset partition of more than tilesSmallBoard cells
	// default to a partition of the tiles in row-major runs of at most
	// tilesDefaultRunSmall tiles (at most 16 cells) or tilesDefaultRunLarge
	// (more cells): tables of at most 16!/10! = 5.8 M and 25!/20! = 6.4 M
	// entries, built in seconds.
	tilesSmallBoard       = 12
	tilesDefaultRunSmall  = 6
	tilesDefaultRunLarge  = 5
	tilesDefaultRunTwelve = 7  // run of the default partition of 12-cell boards
	tilesBigBoard         = 16 // most cells of a board whose default runs are tilesDefaultRunSmall long
)

// Sides of the square boards with names: the 8-, 15- and 24-puzzle.
const (
	tiles8Side  = 3
	tiles15Side = 4
	tiles24Side = 5
)

// The presets TilesHeuristicNames tries, by partition name.
var tilesPresets = []string{"44", "555", "663", "78", "771", "6666"}

// Heuristic names.
const (
	TilesManhattan      = "manhattan"
	TilesLinearConflict = "linear-conflict"
	TilesExact          = "exact"
)

// ErrTilesHeuristic is returned for a heuristic name that does not name a
// heuristic of the board: unknown, a bad user partition, "+reflect" on a
// board that is not square, "exact" on a board other than 3 x 3.
var ErrTilesHeuristic = errors.New("sliding-tile heuristic")

// ErrTilesNoCache is returned when a heuristic needs pattern tables and no
// source of tables was given.
var ErrTilesNoCache = errors.New("this heuristic needs tables")

// TilesHeuristic is a loaded sliding-tile heuristic for one board size. It is
// read-only once loaded and may be shared by any number of TilesSolvers.
type TilesHeuristic struct {
	name       string
	rows, cols int
	nc         int // cells
	kind       tilesKind
	reflect    bool

	// md[t][c] is the Manhattan distance of tile t at cell c; mdd[t][c][m]
	// the change of the Manhattan sum when the blank moves by m into cell c
	// and so moves tile t out of it.
	md  [tilesMaxCells][tilesMaxCells]uint8
	mdd [tilesMaxCells][tilesMaxCells][bitboard.TilesMoves]int8

	// Pattern databases. Pattern p is looked up in tables[p] (shared by the
	// patterns one table serves) over size[p] cells. Tile t is in pattern
	// pat[t] at index slot[t] of the table's order, and the table sees it at
	// cell tpos[t][c] when it is at cell c (the pattern's board symmetry).
	// rpat, rslot and rtpos are the same for the reflected board, on which
	// tile t at cell c is tile T(t) at cell T(c).
	patterns    int
	size        [tilesMaxPatterns]int
	tables      [tilesMaxPatterns][]byte
	lookups     []pdb.TilesLookup // each pattern's lookup, for the tests' Eval
	partition   pdb.TilesPartition
	pat, slot   [tilesMaxCells]uint8
	rpat, rslot [tilesMaxCells]uint8
	tpos, rtpos [tilesMaxCells][tilesMaxCells]uint8

	// Catalogues (and zero-aware partitions).
	cat tilesCat

	// Linear conflicts: conflict[dir] by line key, for lines of at most
	// tilesMaxTableLine cells (nil for longer ones).
	conflict [tilesLineDirs][]uint8
}

// Name returns the name the heuristic was loaded by.
func (h *TilesHeuristic) Name() string { return h.name }

// tilesBoardOK reports whether rows x cols is a supported board.
func tilesBoardOK(rows, cols int) bool {
	return rows >= bitboard.TilesMinSide && cols >= bitboard.TilesMinSide && rows*cols <= bitboard.TilesMaxCells
}

// TilesDefaultRule states DefaultTilesHeuristic's rule in words, for help
// texts; it changes with the function.
const TilesDefaultRule = `exact on 3x3, pdb771+reflect on 4x4, ` + TilesZeroCatalogueCR0145 + tilesBitsPreset + ` on
5x5, manhattan below 12 cells, a 7-4 partition on 12 cells (by columns on a board
wider than tall), else row-major patterns of up to 5 or 6 tiles`

// DefaultTilesHeuristic returns the default heuristic name for the rows x
// cols board: "exact" on 3 x 3, "pdb771+reflect" on 4 x 4 (two 7-tile
// tables and a 1-tile one, built in about 30 s on first use; each of the
// 17 80-move positions within 5 s on 2 workers, where pdb663+reflect
// took up to 83 s: pdb.TilesPartitionNamed's 771 and
// docs/results/2026-12-02-15puzzle-default-771.md), the catalogue
// TilesZeroCatalogueCR0145 in its 1-bit form on 5 x 5 (eight tables of
// 181,008,000 entries at one bit an entry, 181 MB), "manhattan" on other
// boards of fewer than 12 cells; on 12-cell boards (3 x 4, 4 x 3, 2 x 6, 6 x 2) a 7-4 partition of
// the tiles taken column by column on a board wider than tall and row by row
// otherwise, such as "pdb:1,2,4,5,6,8,9/3,7,10,11" on 3 x 4 (tables built in
// seconds; on the 18 hardest 3 x 4 boards 3.5x faster than 1-6/7-11 and
// hundreds of times faster than Manhattan distance: docs/results/2026-12-01-score.md);
// and on larger ones a partition of the tiles in row-major runs of at most 6
// tiles (at most 16 cells) or 5 (more), such as "pdb:1-5/6-10/11-15/16-19" on
// 4 x 5.
func DefaultTilesHeuristic(rows, cols int) string {
	switch {
	case rows == tiles8Side && cols == tiles8Side:
		return TilesExact
	case rows == tiles15Side && cols == tiles15Side:
		return tilesPDBPrefix + "771" + tilesReflectSufx
	case rows == tiles24Side && cols == tiles24Side:
		return TilesZeroCatalogueCR0145 + tilesBitsPreset
	case rows*cols < tilesSmallBoard:
		return TilesManhattan
	case rows*cols == tilesSmallBoard:
		return tilesRunsPartition(rows, cols, tilesDefaultRunTwelve, cols > rows)
	case rows*cols <= tilesBigBoard:
		return tilesRunsPartition(rows, cols, tilesDefaultRunSmall, false)
	}
	return tilesRunsPartition(rows, cols, tilesDefaultRunLarge, false)
}

// tilesRunsPartition spells the partition of the tiles of the rows x cols
// board into runs of at most run tiles, the tiles taken in row-major order of
// their goal cells, or column-major when byColumn.
func tilesRunsPartition(rows, cols, run int, byColumn bool) string {
	var order []int
	if byColumn {
		for c := range cols {
			for r := range rows {
				if t := r*cols + c; t != 0 {
					order = append(order, t)
				}
			}
		}
	} else {
		for t := 1; t < rows*cols; t++ {
			order = append(order, t)
		}
	}
	var sb strings.Builder
	sb.WriteString(tilesUserPrefix)
	for lo := 0; lo < len(order); lo += run {
		if lo > 0 {
			sb.WriteByte('/')
		}
		pat := slices.Clone(order[lo:min(lo+run, len(order))])
		slices.Sort(pat)
		for i := 0; i < len(pat); {
			j := i // pat[i..j] are consecutive tiles, written as a range
			for j+1 < len(pat) && pat[j+1] == pat[j]+1 {
				j++
			}
			if i > 0 {
				sb.WriteByte(',')
			}
			if j == i {
				fmt.Fprintf(&sb, "%d", pat[i])
			} else {
				fmt.Fprintf(&sb, "%d-%d", pat[i], pat[j])
			}
			i = j + 1
		}
	}
	return sb.String()
}

// TilesHeuristicNames lists the heuristic names of the rows x cols board:
// manhattan, linear-conflict, exact (3 x 3 only), the preset partitions,
// each also with "+zero" and with "+reflect" (square boards only) and
// both, and the board's preset catalogues (a zero-aware one also in its
// 1-bit form). User partitions, "pdb:1-4/5-8"
// and the like, and catalogues spelled by hand are not listed.
func TilesHeuristicNames(rows, cols int) []string {
	names := []string{TilesManhattan, TilesLinearConflict}
	if rows == pdb.TilesExactSide && cols == pdb.TilesExactSide {
		names = append(names, TilesExact)
	}
	for _, p := range tilesPresets {
		if _, err := pdb.TilesPartitionNamed(rows, cols, p); err == nil {
			for _, zero := range []string{"", tilesZeroSufx} {
				names = append(names, tilesPDBPrefix+p+zero)
				if rows == cols {
					names = append(names, tilesPDBPrefix+p+zero+tilesReflectSufx)
				}
			}
		}
	}
	for _, c := range tilesCatalogues {
		if c.rows == rows && c.cols == cols {
			names = append(names, c.name)
			if c.zero {
				names = append(names, c.name+tilesBitsPreset)
			}
		}
	}
	return names
}

// LoadTilesHeuristic returns the heuristic called name for the rows x cols
// board: PlanTilesHeuristic's plan, loaded from tables (TilesPlan.Load).
// Names (tiles_names.go has the grammar): "manhattan", "linear-conflict",
// "exact" (3 x 3), "pdbNAME" for a preset partition (pdb.TilesPartitionNamed)
// and "pdb:SPEC" for a user one (pdb.ParseTilesPartition, such as
// "pdb:1-7/8-11/12-15"), either followed by "+zero" (zero-aware tables,
// with "+bits" at one bit an entry) and/or "+reflect" (square boards); a
// catalogue, partitions separated by
// "|" ("pdb6666+reflect|pdb:1-6/7-12/13-18/19-24+zero"), is the max over
// them; and the preset catalogues by name. It returns an error wrapping
// ErrTilesHeuristic for a name that is not a heuristic of the board (checked
// before any table is loaded, so a nil source tells a bad name), and
// ErrTilesNoCache when the heuristic needs tables and tables is nil.
func LoadTilesHeuristic(tables pdb.Source, rows, cols int, name string) (*TilesHeuristic, error) {
	p, err := PlanTilesHeuristic(rows, cols, name)
	if err != nil {
		return nil, err
	}
	return p.Load(tables)
}

// TilesPlan is a sliding-tile heuristic name read once, with every table of
// every partition it looks up, before any table is loaded: the one parse of
// a name (PlanTilesHeuristic), which Load then loads. It is read-only and
// may be loaded any number of times.
type TilesPlan struct {
	name       string
	rows, cols int
	plan       tilesPlan
	lookups    [][]pdb.TilesLookup // lookups[i][p]: pattern p of partition i
}

// PlanTilesHeuristic reads the heuristic called name of the rows x cols
// board (LoadTilesHeuristic lists the names) and finds the table of every
// pattern of every partition; it loads, builds and opens nothing. Errors
// wrap ErrTilesHeuristic and name the partition and part at fault.
func PlanTilesHeuristic(rows, cols int, name string) (*TilesPlan, error) {
	if !tilesBoardOK(rows, cols) {
		return nil, fmt.Errorf("%w: %q: no %dx%d board (sides %d or more, at most %d cells)", ErrTilesHeuristic,
			name, rows, cols, bitboard.TilesMinSide, bitboard.TilesMaxCells)
	}
	plan, err := tilesParseName(rows, cols, name)
	if err != nil {
		return nil, err
	}
	lookups := make([][]pdb.TilesLookup, len(plan.terms))
	for i, term := range plan.terms {
		for _, p := range term.part.Patterns {
			l, err := tilesTermLookup(rows, cols, p, term)
			if err != nil {
				return nil, fmt.Errorf("%w %q: %v", ErrTilesHeuristic, name, err)
			}
			lookups[i] = append(lookups[i], l)
		}
	}
	return &TilesPlan{name: name, rows: rows, cols: cols, plan: plan, lookups: lookups}, nil
}

// Name returns the name the plan was read from.
func (p *TilesPlan) Name() string { return p.name }

// Partitions returns the tables of each partition of the plan, one a
// pattern in the partition's order (a table serving two patterns is listed
// for each); none for a heuristic without pattern databases.
func (p *TilesPlan) Partitions() [][]pdb.Spec {
	out := make([][]pdb.Spec, len(p.lookups))
	for i, ls := range p.lookups {
		for _, l := range ls {
			out[i] = append(out[i], l.Spec)
		}
	}
	return out
}

// Tables returns the tables the plan needs, each file once, in the order
// the name gives them; none for a heuristic without tables.
func (p *TilesPlan) Tables() []pdb.Spec {
	if p.plan.kind == tilesExact {
		return []pdb.Spec{pdb.TilesExactSpec()}
	}
	var specs []pdb.Spec
	seen := map[string]bool{}
	for _, ls := range p.lookups {
		for _, l := range ls {
			if f := l.Spec.FileName(); !seen[f] {
				seen[f] = true
				specs = append(specs, l.Spec)
			}
		}
	}
	return specs
}

// Load returns the heuristic of the plan, loading its tables from tables:
// a *pdb.Cache, which builds the missing ones, or any other pdb.Source, such
// as tables held in memory; each table is checked against its spec
// (pdb.Spec.Check) and loaded once, however many patterns and partitions it
// serves. It returns ErrTilesNoCache when the heuristic needs tables and
// tables is nil.
func (p *TilesPlan) Load(tables pdb.Source) (*TilesHeuristic, error) {
	h := newTilesHeuristic(p.rows, p.cols, p.name)
	h.kind = p.plan.kind
	switch p.plan.kind {
	case tilesManhattan, tilesLinearConflict:
		return h, nil
	}
	if tables == nil {
		return nil, fmt.Errorf("%w: %q", ErrTilesNoCache, p.name)
	}
	if p.plan.kind == tilesExact {
		t, err := tilesLoadTable(tables, pdb.TilesExactSpec())
		if err != nil {
			return nil, err
		}
		h.patterns = 1
		h.size[0] = pdb.TilesExactKey
		h.tables[0] = t.Data
		return h, nil
	}
	var flat []pdb.TilesLookup
	for _, ls := range p.lookups {
		flat = append(flat, ls...)
	}
	loaded, err := tilesLoadTables(tables, flat)
	if err != nil {
		return nil, err
	}
	byTerm := make([][]*pdb.Table, len(p.lookups))
	for i, ls := range p.lookups {
		byTerm[i], loaded = loaded[:len(ls)], loaded[len(ls):]
	}
	if !p.plan.catalogue() {
		h.reflect = p.plan.terms[0].reflect
		data := make([][]byte, len(byTerm[0]))
		for i, t := range byTerm[0] {
			data[i] = t.Data
		}
		err = h.setPDB(p.plan.terms[0].part, p.lookups[0], data)
	} else {
		err = h.setCatalogue(p.plan, p.lookups, byTerm)
	}
	if err != nil {
		return nil, err
	}
	return h, nil
}

// tilesTermLookup returns the lookup of pattern tiles of term: zero-aware
// at one bit an entry, zero-aware, or plain.
func tilesTermLookup(rows, cols int, tiles []int, term tilesTerm) (pdb.TilesLookup, error) {
	switch {
	case term.bits:
		return pdb.TilesZeroBitsPatternLookup(rows, cols, tiles)
	case term.zero:
		return pdb.TilesZeroPatternLookup(rows, cols, tiles)
	}
	return pdb.TilesPatternLookup(rows, cols, tiles)
}

// tilesLoadTable loads s's table from src and checks that it is s's.
func tilesLoadTable(src pdb.Source, s pdb.Spec) (*pdb.Table, error) {
	t, err := src.Load(s)
	if err != nil {
		return nil, err
	}
	if err := s.Check(t); err != nil {
		return nil, err
	}
	return t, nil
}

// tilesLoadTables loads the table of each lookup from src, each once (one
// table may serve several patterns). When every one is stored they are read
// concurrently, since decoding one is single-threaded; otherwise one at a
// time, since a build uses every core and much memory.
func tilesLoadTables(src pdb.Source, lookups []pdb.TilesLookup) ([]*pdb.Table, error) {
	var specs []pdb.Spec
	index := map[string]int{} // file name -> place in specs
	which := make([]int, len(lookups))
	stored := true
	for i, l := range lookups {
		name := l.Spec.FileName()
		j, ok := index[name]
		if !ok {
			j = len(specs)
			index[name] = j
			specs = append(specs, l.Spec)
			if !src.Stored(l.Spec) {
				stored = false
			}
		}
		which[i] = j
	}
	data := make([]*pdb.Table, len(specs))
	errs := make([]error, len(specs))
	load := func(j int) {
		t, err := tilesLoadTable(src, specs[j])
		if err != nil {
			errs[j] = err
			return
		}
		data[j] = t
	}
	if stored {
		var wg sync.WaitGroup
		for j := range specs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				load(j)
			}()
		}
		wg.Wait()
	} else {
		for j := range specs {
			if load(j); errs[j] != nil {
				break
			}
		}
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	tables := make([]*pdb.Table, len(lookups))
	for i, j := range which {
		tables[i] = data[j]
	}
	return tables, nil
}

// newTilesHeuristic fills in the tables every kind uses.
func newTilesHeuristic(rows, cols int, name string) *TilesHeuristic {
	h := &TilesHeuristic{name: name, rows: rows, cols: cols, nc: rows * cols}
	for t := 1; t < h.nc; t++ {
		for c := range h.nc {
			h.md[t][c] = uint8(bitboard.TilesDistance(cols, t, c))
		}
	}
	for c := range h.nc {
		// The blank moves by m into c from the cell on the other side, so
		// the tile at c moves there.
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			from := bitboard.TilesNeighbour(rows, cols, c, m.Inverse())
			if from < 0 {
				continue
			}
			for t := 1; t < h.nc; t++ {
				h.mdd[t][c][m] = int8(int(h.md[t][from]) - int(h.md[t][c]))
			}
		}
	}
	for i := range h.pat {
		h.pat[i], h.rpat[i] = tilesNoPattern, tilesNoPattern
	}
	if cols <= tilesMaxTableLine {
		h.conflict[tilesRows] = tilesConflictTable(cols)
	}
	if rows <= tilesMaxTableLine {
		h.conflict[tilesCols] = tilesConflictTable(rows)
	}
	return h
}

// setPDB installs an additive partition, its lookups and its tables.
func (h *TilesHeuristic) setPDB(part pdb.TilesPartition, lookups []pdb.TilesLookup, tables [][]byte) error {
	h.kind = tilesPDB
	h.partition = part
	h.lookups = lookups
	h.patterns = len(part.Patterns)
	for p, tiles := range part.Patterns {
		l := lookups[p]
		if len(l.Tiles) != len(tiles) || uint64(len(tables[p])) != pdb.TilesEntries(h.nc, len(tiles)) {
			return fmt.Errorf("the table %s of pattern %v has %d entries, want %d", l.Spec.FileName(), tiles,
				len(tables[p]), pdb.TilesEntries(h.nc, len(tiles)))
		}
		h.size[p] = len(tiles)
		h.tables[p] = tables[p]
		for _, t := range tiles {
			i := slices.Index(l.Tiles, int(l.Sym.Cell[t]))
			if i < 0 {
				return fmt.Errorf("the table %s of pattern %v has no tile for tile %d", l.Spec.FileName(), tiles, t)
			}
			h.pat[t], h.slot[t] = uint8(p), uint8(i)
			for c := range h.nc {
				h.tpos[t][c] = l.Sym.Cell[c]
			}
		}
	}
	for t := 1; t < h.nc; t++ {
		if h.pat[t] == tilesNoPattern {
			return fmt.Errorf("tile %d is in no pattern of %v", t, part.Patterns)
		}
	}
	if h.reflect {
		// Tile t at cell c is tile T(t) at cell T(c) on the reflected board.
		refl := func(c int) int { return c%h.cols*h.cols + c/h.cols }
		for t := 1; t < h.nc; t++ {
			rt := refl(t)
			h.rpat[t], h.rslot[t] = h.pat[rt], h.slot[rt]
			for c := range h.nc {
				h.rtpos[t][c] = h.tpos[rt][refl(c)]
			}
		}
	}
	return nil
}

// Line directions of the linear-conflict heuristic.
const (
	tilesRows     = 0
	tilesCols     = 1
	tilesLineDirs = 2
)

// tilesConflictTable returns, for every key of a line of n cells, the fewest
// tiles that must leave the line so that the rest are in goal order: the
// tiles whose goal is on the line less the longest increasing run of their
// goal places. Digit i of a key, base n+1, is the goal place within the line
// of the tile in the line's i-th cell when that tile's goal is on the line,
// else n. Each such tile costs two extra moves beyond its Manhattan distance
// (Hansson, Mayer and Yung 1992).
func tilesConflictTable(n int) []uint8 {
	radix := n + 1
	size := 1
	for range n {
		size *= radix
	}
	out := make([]uint8, size)
	var seq [tilesMaxLine]uint8
	for key := range size {
		k, l := key, 0
		for range n {
			if d := k % radix; d < n {
				seq[l] = uint8(d)
				l++
			}
			k /= radix
		}
		out[key] = uint8(tilesLineRemovals(seq[:l]))
	}
	return out
}

// tilesLineRemovals returns len(seq) less its longest increasing
// subsequence, quadratically: lines are short.
func tilesLineRemovals(seq []uint8) int {
	var lis [tilesMaxLine]int
	best := 0
	for i := range seq {
		lis[i] = 1
		for j := range i {
			if seq[j] < seq[i] && lis[j]+1 > lis[i] {
				lis[i] = lis[j] + 1
			}
		}
		best = max(best, lis[i])
	}
	return len(seq) - best
}
