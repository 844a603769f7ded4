package pdb

import (
	"errors"
	"fmt"
	"hash/crc32"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// zeroGrid is a board shape for the tests' own oracles, written from the
// definitions with (row, column) arithmetic and plain breadth-first
// searches, sharing nothing with the geometry of the builder.
type zeroGrid struct{ rows, cols int }

// neighbours returns the cells next to cell c.
// Entry returns the entry Index locates: (cost - Manhattan distance) / 2.
func (z *TilesZero) Entry(rank uint64, occupied uint32, blank uint8) uint8 {
	return z.data[z.Index(rank, occupied, blank)]
}

func (g zeroGrid) neighbours(c int) []int {
	r, col := c/g.cols, c%g.cols
	var out []int
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		rr, cc := r+d[0], col+d[1]
		if rr >= 0 && rr < g.rows && cc >= 0 && cc < g.cols {
			out = append(out, rr*g.cols+cc)
		}
	}
	return out
}

// regions returns the connected regions of the cells not in occupied, each
// as its ascending cells, ordered by their lowest cells.
func (g zeroGrid) regions(occupied []uint8) [][]int {
	nc := g.rows * g.cols
	seen := make([]bool, nc)
	for _, c := range occupied {
		seen[c] = true
	}
	var out [][]int
	for c := range nc {
		if seen[c] {
			continue
		}
		region := []int{c}
		seen[c] = true
		for i := 0; i < len(region); i++ {
			for _, n := range g.neighbours(region[i]) {
				if !seen[n] {
					seen[n] = true
					region = append(region, n)
				}
			}
		}
		slices.Sort(region)
		out = append(out, region)
	}
	return out
}

// zeroPlacements returns every placement of k tiles on nc cells in
// lexicographic order of their cells, which is the order of the table's
// ranks: the rank's digits grow with the cells.
func zeroPlacements(nc, k int) [][]uint8 {
	var out [][]uint8
	var rec func(p []uint8)
	rec = func(p []uint8) {
		if len(p) == k {
			out = append(out, slices.Clone(p))
			return
		}
		for c := range nc {
			if !slices.Contains(p, uint8(c)) {
				rec(append(p, uint8(c)))
			}
		}
	}
	rec(nil)
	return out
}

// zeroState keys an abstract state: the pattern tiles' cells, then the
// blank's.
func zeroState(pos []uint8, blank int) string { return string(append(slices.Clone(pos), uint8(blank))) }

// zeroOracle computes, by a 0-1 breadth-first search over the abstract
// states (pattern tiles' cells, blank cell) from the goal (tiles t at cell
// t, the blank at cell 0), each state's cost: a blank step onto a pattern
// tile moves that tile and costs 1, any other step 0.
func zeroOracle(g zeroGrid, tiles []int) map[string]int {
	pos := make([]uint8, len(tiles))
	for i, t := range tiles {
		pos[i] = uint8(t)
	}
	dist := map[string]int{zeroState(pos, 0): 0}
	type state struct {
		pos   []uint8
		blank int
	}
	deque := []state{{pos, 0}}
	var later []state
	for d := 0; len(deque) > 0; d++ {
		for i := 0; i < len(deque); i++ {
			s := deque[i]
			if dist[zeroState(s.pos, s.blank)] != d {
				continue
			}
			for _, to := range g.neighbours(s.blank) {
				np := slices.Clone(s.pos)
				cost := 0
				if j := slices.Index(np, uint8(to)); j >= 0 {
					np[j] = uint8(s.blank)
					cost = 1
				}
				key := zeroState(np, to)
				if old, ok := dist[key]; ok && old <= d+cost {
					continue
				}
				dist[key] = d + cost
				if cost == 0 {
					deque = append(deque, state{np, to})
				} else {
					later = append(later, state{np, to})
				}
			}
		}
		deque, later = later, nil
	}
	return dist
}

// zeroSlowLayout returns, for each abstract state, the index of its entry
// as the layout defines it: placements in rank order; the main region (the
// most cells, then the lowest cell) at the placement's rank; the others, by
// lowest cell, in a section after all placements, placement after
// placement. It also returns the entry count.
func zeroSlowLayout(g zeroGrid, k int) (map[string]uint64, uint64) {
	nc := g.rows * g.cols
	places := zeroPlacements(nc, k)
	index := map[string]uint64{}
	next := uint64(len(places))
	for r, pos := range places {
		regions := g.regions(pos)
		main := 0
		for j := range regions {
			if len(regions[j]) > len(regions[main]) {
				main = j
			}
		}
		for j, region := range regions {
			at := uint64(r)
			if j != main {
				at = next
				next++
			}
			for _, c := range region {
				index[zeroState(pos, c)] = at
			}
		}
	}
	return index, next
}

// zeroManhattan is the pattern tiles' Manhattan distance, from its definition.
func zeroManhattan(g zeroGrid, tiles []int, pos []uint8) int {
	m := 0
	for i, t := range tiles {
		dr, dc := int(pos[i])/g.cols-t/g.cols, int(pos[i])%g.cols-t%g.cols
		m += max(dr, -dr) + max(dc, -dc)
	}
	return m
}

// zeroCase is a board and pattern the tests build.
type zeroCase struct {
	rows, cols int
	tiles      []int
}

// zeroOracleCases are the patterns checked entry by entry against the
// oracles: every pattern of 2 x 3 and 3 x 2, and several of 2 to 4 tiles
// (and one of 6) on 3 x 3, 3 x 4, 4 x 3, 4 x 4, 4 x 5 and 5 x 5, in several
// orders.
func zeroOracleCases(short bool) []zeroCase {
	var cases []zeroCase
	for _, sh := range [][2]int{{2, 3}, {3, 2}} {
		for _, tiles := range tilesSubsets(6, 3) {
			cases = append(cases, zeroCase{sh[0], sh[1], tiles})
		}
	}
	cases = append(cases,
		zeroCase{3, 3, []int{1, 3}}, zeroCase{3, 3, []int{1, 2, 3}}, zeroCase{3, 3, []int{4, 8, 2}},
		zeroCase{3, 3, []int{1, 2, 3, 4}}, zeroCase{3, 3, []int{5, 6, 7, 8}}, zeroCase{3, 3, []int{1, 3, 5, 7}},
		zeroCase{3, 3, []int{2, 4, 6, 8}}, zeroCase{3, 3, []int{8, 1, 6, 3}}, zeroCase{3, 3, []int{1, 2, 3, 4, 5, 6}},
		zeroCase{3, 4, []int{1, 4}}, zeroCase{3, 4, []int{1, 4, 5}}, zeroCase{3, 4, []int{2, 5, 7, 10}},
		zeroCase{4, 3, []int{1, 3, 4}}, zeroCase{4, 4, []int{1, 4}}, zeroCase{4, 4, []int{1, 4, 5}},
		zeroCase{4, 4, []int{15, 12, 3}},
		// Boards above 16 cells: 32-bit lanes.
		zeroCase{5, 5, []int{1, 5}}, zeroCase{5, 5, []int{12, 6}}, zeroCase{4, 5, []int{1, 5, 7}})
	if !short {
		cases = append(cases, zeroCase{3, 4, []int{1, 2, 4, 5}}, zeroCase{4, 4, []int{1, 4, 6, 9}})
	}
	return cases
}

// TestBuildTilesZeroMatchesOracle checks every entry of the zero-aware
// tables of the oracle cases against a from-scratch search over abstract
// states and the layout written out from its definition, and Index and
// Entry on every state. It also checks that the least entry over each
// placement's regions is the plain TilesBlankHome table. The default suite
// checks the small cases; the long suite adds the 3x4 and 4x4 ones
// (TestLongBuildTilesZeroMatchesOracle).
func TestBuildTilesZeroMatchesOracle(t *testing.T) {
	zeroMatchesOracle(t, zeroOracleCases(true))
}

// TestLongBuildTilesZeroMatchesOracle is TestBuildTilesZeroMatchesOracle
// on every oracle case (minutes of CPU). Long suite only.
func TestLongBuildTilesZeroMatchesOracle(t *testing.T) {
	skipUnlessLong(t)
	zeroMatchesOracle(t, zeroOracleCases(false))
}

func zeroMatchesOracle(t *testing.T, cases []zeroCase) {
	layouts := map[[3]int]map[string]uint64{}
	sizes := map[[3]int]uint64{}
	for _, c := range cases {
		g := zeroGrid{c.rows, c.cols}
		nc, k := c.rows*c.cols, len(c.tiles)
		key := [3]int{c.rows, c.cols, k}
		if layouts[key] == nil {
			layouts[key], sizes[key] = zeroSlowLayout(g, k)
		}
		index, size := layouts[key], sizes[key]
		if got := TilesZeroEntries(c.rows, c.cols, k); got != size {
			t.Fatalf("%dx%d, %d tiles: TilesZeroEntries %d, layout has %d", c.rows, c.cols, k, got, size)
		}
		data, err := buildTilesZeroPattern(c.rows, c.cols, c.tiles, allWorkers(), nil)
		if err != nil {
			t.Fatal(err)
		}
		if uint64(len(data)) != size {
			t.Fatalf("%dx%d %v: %d entries, want %d", c.rows, c.cols, c.tiles, len(data), size)
		}
		tb, err := NewTable(TilesPuzzle(c.rows, c.cols), tilesZeroPatternID(c.tiles), size, TilesWidth, data)
		if err != nil {
			t.Fatal(err)
		}
		z, err := NewTilesZero(c.rows, c.cols, c.tiles, tb)
		if err != nil {
			t.Fatal(err)
		}
		dist := zeroOracle(g, c.tiles)
		if len(dist) != len(index) {
			t.Fatalf("%dx%d %v: the oracle reached %d of %d states", c.rows, c.cols, c.tiles, len(dist), len(index))
		}
		covered := make([]bool, size)
		for s, d := range dist {
			pos, blank := []uint8(s[:k]), s[k]
			at := index[s]
			covered[at] = true
			m := zeroManhattan(g, c.tiles, pos)
			if got := 2*int(data[at]) + m; got != d {
				t.Fatalf("%dx%d %v: tiles at %v, blank at %d: entry %d gives cost %d, oracle %d",
					c.rows, c.cols, c.tiles, pos, blank, data[at], got, d)
			}
			var occupied uint32
			for _, p := range pos {
				occupied |= 1 << p
			}
			rank := TilesRank(pos, nc)
			if got := z.Index(rank, occupied, blank); got != at {
				t.Fatalf("%dx%d %v: tiles at %v, blank at %d: Index %d, want %d", c.rows, c.cols, c.tiles, pos, blank, got, at)
			}
			if got := z.Entry(rank, occupied, blank); got != data[at] {
				t.Fatalf("%dx%d %v: Entry %d, want %d", c.rows, c.cols, c.tiles, got, data[at])
			}
		}
		if i := slices.Index(covered, false); i >= 0 {
			t.Fatalf("%dx%d %v: entry %d belongs to no state", c.rows, c.cols, c.tiles, i)
		}
		// The plain table is the least over the regions.
		plain, err := BuildTilesPattern(c.rows, c.cols, TilesBlankHome, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		least := make([]int, len(plain))
		for i := range least {
			least[i] = 1 << 30
		}
		for s, at := range index {
			r := TilesRank([]uint8(s[:k]), nc)
			least[r] = min(least[r], int(data[at]))
		}
		for r := range plain {
			if int(plain[r]) != least[r] {
				t.Fatalf("%dx%d %v: placement %d: plain entry %d, least zero-aware entry %d", c.rows, c.cols, c.tiles, r, plain[r], least[r])
			}
		}
	}
}

// zeroHeuristic is the additive value of a partition through the zero-aware
// tables TilesZeroPatternLookup chooses (shared ones included), evaluated
// as the TilesLookup contract spells it, and, beside it, through the plain
// tables of TilesPatternLookup.
type zeroHeuristic struct {
	rows, cols int
	looks      []TilesLookup
	zeros      []*TilesZero
	plainLooks []TilesLookup
	plain      [][]byte
}

// newZeroHeuristic builds (once, in tables) the zero-aware and plain tables
// of the partition spelled spec on the rows x cols board.
func newZeroHeuristic(t *testing.T, rows, cols int, spec string, tables map[string]*Table) *zeroHeuristic {
	t.Helper()
	part, err := ParseTilesPartition(rows, cols, spec)
	if err != nil {
		t.Fatal(err)
	}
	load := func(s Spec) *Table {
		key := s.Puzzle + "/" + s.Pattern
		if tb, ok := tables[key]; ok {
			return tb
		}
		tb, err := s.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		tables[key] = tb
		return tb
	}
	h := &zeroHeuristic{rows: rows, cols: cols}
	for _, pat := range part.Patterns {
		l, err := TilesZeroPatternLookup(rows, cols, pat)
		if err != nil {
			t.Fatal(err)
		}
		z, err := NewTilesZero(rows, cols, l.Tiles, load(l.Spec))
		if err != nil {
			t.Fatal(err)
		}
		h.looks = append(h.looks, l)
		h.zeros = append(h.zeros, z)
		pl, err := TilesPatternLookup(rows, cols, pat)
		if err != nil {
			t.Fatal(err)
		}
		h.plainLooks = append(h.plainLooks, pl)
		h.plain = append(h.plain, load(pl.Spec).Data)
	}
	return h
}

// values returns the zero-aware and the plain value of board b.
func (h *zeroHeuristic) values(b bitboard.Tiles) (zero, plain int) {
	nc := h.rows * h.cols
	var cellOf [bitboard.TilesMaxCells]uint8
	for c := range nc {
		cellOf[b.At(c)] = uint8(c)
	}
	for j, l := range h.looks {
		inv := l.Sym.Inverse()
		pos := make([]uint8, len(l.Tiles))
		var occupied uint32
		for i, tt := range l.Tiles {
			pos[i] = l.Sym.Cell[cellOf[inv.Cell[tt]]]
			occupied |= 1 << pos[i]
		}
		m := TilesManhattan(h.cols, l.Tiles, pos)
		zero += m + 2*int(h.zeros[j].Entry(TilesRank(pos, nc), occupied, l.Sym.Cell[b.BlankCell()]))
		pl := h.plainLooks[j]
		plain += m + 2*int(tilesLookupValue(nc, pl.Tiles, pl.Sym, h.plain[j], cellOf[:nc]))
	}
	return zero, plain
}

// zeroCheckBoard checks the value of board b, at distance d from the goal
// (d < 0: unknown), against d and against the values of its neighbours:
// admissible (at most d), consistent (within 1 of each neighbour's), and at
// least the plain value. It reports whether the zero-aware value is above
// the plain one.
func zeroCheckBoard(t *testing.T, h *zeroHeuristic, spec string, b bitboard.Tiles, d int) bool {
	t.Helper()
	z, p := h.values(b)
	if d >= 0 && z > d {
		t.Fatalf("%dx%d %s: board %v has zero-aware value %d above its distance %d", h.rows, h.cols, spec, b, z, d)
	}
	if z < p {
		t.Fatalf("%dx%d %s: board %v has zero-aware value %d below the plain %d", h.rows, h.cols, spec, b, z, p)
	}
	for m := range bitboard.TilesMove(bitboard.TilesMoves) {
		nb, ok := b.Move(m)
		if !ok {
			continue
		}
		if nz, _ := h.values(nb); nz > z+1 || nz < z-1 {
			t.Fatalf("%dx%d %s: inconsistent: board %v has value %d, its neighbour %v (move %c) %d",
				h.rows, h.cols, spec, b, z, nb, m.Letter(), nz)
		}
	}
	return z > p
}

// TestTilesZeroAdmissibleConsistent3x3 checks the additive zero-aware value
// of several 3 x 3 partitions on all 181,440 solvable boards against their
// distances from a breadth-first search of the whole space: admissible,
// consistent, 0 on the goal, never below the plain tables' value and above
// it on some boards.
func TestTilesZeroAdmissibleConsistent3x3(t *testing.T) {
	goal := bitboard.GoalTiles(3, 3, bitboard.BlankFirst)
	dist := map[bitboard.Tiles]int{goal: 0}
	order := []bitboard.Tiles{goal}
	for i := 0; i < len(order); i++ {
		b := order[i]
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			if nb, ok := b.Move(m); ok {
				if _, seen := dist[nb]; !seen {
					dist[nb] = dist[b] + 1
					order = append(order, nb)
				}
			}
		}
	}
	if len(order) != 181440 {
		t.Fatalf("the search reached %d boards, want 181440", len(order))
	}
	specs := []string{"1,2,3,4/5,6,7,8", "1,3,5,7/2,4,6,8", "1,2,3/4,5,6/7,8", "1,2,4,5/3,6,7,8", "2,3,6/1,4,5,7,8", "1,5/2,3,4,6,7,8"}
	if testing.Short() {
		specs = specs[:3]
	}
	tables := map[string]*Table{}
	for _, spec := range specs {
		h := newZeroHeuristic(t, 3, 3, spec, tables)
		if z, _ := h.values(goal); z != 0 {
			t.Fatalf("%s: the goal has value %d", spec, z)
		}
		above := 0
		for _, b := range order {
			if zeroCheckBoard(t, h, spec, b, dist[b]) {
				above++
			}
		}
		t.Logf("3x3 %s: zero-aware value above the plain one on %d of 181440 boards", spec, above)
		if above == 0 {
			t.Errorf("3x3 %s: the zero-aware tables never beat the plain ones", spec)
		}
	}
}

// zeroIDA returns the distance of board b from the BlankFirst goal by
// IDA* with the Manhattan distance, computed here from its definition.
func zeroIDA(b bitboard.Tiles) int {
	rows, cols := b.Rows(), b.Cols()
	g := zeroGrid{rows, cols}
	md := func(b bitboard.Tiles) int {
		m := 0
		for c := range rows * cols {
			if v := b.At(c); v != 0 {
				m += zeroManhattan(g, []int{v}, []uint8{uint8(c)})
			}
		}
		return m
	}
	const found = -1
	var search func(b bitboard.Tiles, gcost, bound int, last bitboard.TilesMove) int
	search = func(b bitboard.Tiles, gcost, bound int, last bitboard.TilesMove) int {
		h := md(b)
		if f := gcost + h; f > bound {
			return f
		}
		if h == 0 {
			return found
		}
		next := 1 << 30
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			if last < bitboard.TilesMoves && m == last.Inverse() {
				continue
			}
			if nb, ok := b.Move(m); ok {
				f := search(nb, gcost+1, bound, m)
				if f == found {
					return found
				}
				next = min(next, f)
			}
		}
		return next
	}
	for bound := md(b); ; {
		f := search(b, 0, bound, bitboard.TilesMoves)
		if f == found {
			return bound
		}
		bound = f
	}
}

// TestTilesZeroAdmissibleConsistentLarger checks zero-aware partitions of
// 3 x 4, 4 x 3 and 4 x 4 on boards of random walks from the goal: the value
// is at most the distance found by IDA* with Manhattan distance (and the
// walk's length), within 1 of every neighbour's, and at least the plain
// tables' value.
func TestTilesZeroAdmissibleConsistentLarger(t *testing.T) {
	type tcase struct {
		rows, cols int
		spec       string
	}
	cases := []tcase{{3, 4, "1,2,3,4,5/6,7,8,9,10,11"}, {3, 4, "1,4,5,8,9/2,3,6,7,10,11"},
		{4, 3, "1,2,3,4,5/6,7,8,9,10,11"}, {4, 4, "1,2,4,5,8/3,6,7,10,11/9,12,13,14,15"},
		{4, 4, "1,2,3,4,5/6,7,8,9,10/11,12,13,14,15"}}
	boards := 200
	if testing.Short() {
		cases, boards = []tcase{{3, 4, "1,2,3,4/5,6,7,8/9,10,11"}}, 100
	}
	rng := rand.New(rand.NewPCG(12, 2))
	tables := map[string]*Table{}
	for _, c := range cases {
		h := newZeroHeuristic(t, c.rows, c.cols, c.spec, tables)
		above := 0
		for i := range boards {
			walk := i % 36
			b := bitboard.RandomWalkTiles(rng, c.rows, c.cols, bitboard.BlankFirst, walk)
			d := zeroIDA(b)
			if d > walk {
				t.Fatalf("IDA* says %v is %d moves away, after a walk of %d", b, d, walk)
			}
			if zeroCheckBoard(t, h, c.spec, b, d) {
				above++
			}
		}
		t.Logf("%dx%d %s: zero-aware value above the plain one on %d of %d boards", c.rows, c.cols, c.spec, above, boards)
		if above == 0 {
			t.Errorf("%dx%d %s: the zero-aware tables never beat the plain ones", c.rows, c.cols, c.spec)
		}
	}
}

// TestTilesZeroSharing checks the rule of TilesZeroPatternLookup on every
// pattern of up to 4 tiles of 3 x 3, 3 of 3 x 4 and 2 x 3, and 2 of 4 x 3: through
// each board symmetry the rule allows (it fixes cell 0, or the pattern at
// home leaves its free cells one region), the image pattern's zero-aware
// table gives the pattern's own entry for every placement and blank cell;
// the lookup's own choice does too; and some symmetry the rule refuses
// would give a wrong entry, so the rule is needed.
func TestTilesZeroSharing(t *testing.T) {
	type tcase struct{ rows, cols, maxK int }
	cases := []tcase{{3, 3, 4}, {3, 4, 3}, {4, 3, 2}, {2, 3, 3}}
	if testing.Short() {
		cases = []tcase{{3, 3, 3}, {2, 3, 3}}
	}
	built := map[string]*TilesZero{}
	zeroOf := func(rows, cols int, tiles []int) *TilesZero {
		key := fmt.Sprint(rows, cols, tiles)
		if z, ok := built[key]; ok {
			return z
		}
		tb, err := tilesZeroPatternSpec(rows, cols, tiles).Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		z, err := NewTilesZero(rows, cols, tiles, tb)
		if err != nil {
			t.Fatal(err)
		}
		built[key] = z
		return z
	}
	// entry is the value for the caller's pattern tiles at cells pos with
	// the blank at blank, through the table of tableTiles and symmetry sym.
	// from[i] is the index in tiles of the caller's tile that sym maps onto
	// tableTiles[i].
	from := func(tiles, tableTiles []int, sym bitboard.TilesSymmetry) []int {
		inv := sym.Inverse()
		f := make([]int, len(tiles))
		for i, tt := range tableTiles {
			f[i] = slices.Index(tiles, int(inv.Cell[tt]))
		}
		return f
	}
	tp := make([]uint8, bitboard.TilesMaxCells)
	entry := func(z *TilesZero, nc int, from []int, pos []uint8, blank int, sym bitboard.TilesSymmetry) uint8 {
		var occupied uint32
		for i, f := range from {
			tp[i] = sym.Cell[pos[f]]
			occupied |= 1 << tp[i]
		}
		return z.Entry(TilesRank(tp[:len(from)], nc), occupied, sym.Cell[blank])
	}
	refusedWrong, sharedByRule := 0, 0
	for _, c := range cases {
		g := zeroGrid{c.rows, c.cols}
		nc := c.rows * c.cols
		for _, tiles := range tilesSubsets(nc, c.maxK) {
			own := zeroOf(c.rows, c.cols, tiles)
			home := make([]uint8, len(tiles))
			for i, tl := range tiles {
				home[i] = uint8(tl)
			}
			connected := len(g.regions(home)) == 1
			l, err := TilesZeroPatternLookup(c.rows, c.cols, tiles)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range bitboard.TilesSymmetries(c.rows, c.cols) {
				image := make([]int, len(tiles))
				for i, tl := range tiles {
					image[i] = int(s.Cell[tl])
				}
				if slices.Contains(image, 0) {
					continue
				}
				slices.Sort(image)
				allowed := s.Cell[0] == 0 || connected
				exact := true
				imageZero, imageFrom := zeroOf(c.rows, c.cols, image), from(tiles, image, s)
				lookZero, lookFrom := zeroOf(c.rows, c.cols, l.Tiles), from(tiles, l.Tiles, l.Sym)
				for _, pos := range zeroPlacements(nc, len(tiles)) {
					var occupied uint32
					for _, p := range pos {
						occupied |= 1 << p
					}
					rank := TilesRank(pos, nc)
					for blank := range nc {
						if occupied&(1<<blank) != 0 {
							continue
						}
						want := own.Entry(rank, occupied, uint8(blank))
						if got := entry(imageZero, nc, imageFrom, pos, blank, s); got != want {
							if allowed {
								t.Fatalf("%dx%d pattern %v via %s onto %v: tiles at %v, blank at %d: %d, own table %d",
									c.rows, c.cols, tiles, s.Name, image, pos, blank, got, want)
							}
							exact = false
						}
						if s.Name == l.Sym.Name {
							if got := entry(lookZero, nc, lookFrom, pos, blank, l.Sym); got != want {
								t.Fatalf("%dx%d pattern %v: the lookup's table %v via %s gives %d at %v, blank %d; own table %d",
									c.rows, c.cols, tiles, l.Tiles, l.Sym.Name, got, pos, blank, want)
							}
						}
					}
				}
				if allowed && s.Cell[0] != 0 {
					sharedByRule++
				}
				if !exact {
					refusedWrong++
				}
			}
		}
	}
	if refusedWrong == 0 || sharedByRule == 0 {
		t.Fatalf("symmetries refused and wrong: %d, allowed without fixing cell 0: %d; want both above 0", refusedWrong, sharedByRule)
	}
}

// zeroPinned are zero-aware tables whose entry checksums are pinned in
// knownChecksums, with the partitions they come from, and one 24-puzzle
// table of pdb6666-zero-catalogue (181,008,000 entries: about a minute of 2
// cores and 1.6 GiB to build; TestLongTilesZeroBits builds one of the
// default's).
var zeroPinned = []struct {
	rows, cols int
	tiles      []int
}{
	{3, 3, []int{1, 2, 3, 4}}, {3, 3, []int{5, 6, 7, 8}},
	{4, 4, []int{1, 2, 4, 5, 8}}, {4, 4, []int{3, 6, 7, 10, 11}}, {4, 4, []int{9, 12, 13, 14, 15}},
	{4, 4, []int{12, 13, 14}}, {4, 4, []int{1, 2, 4, 5, 8, 9}}, {4, 4, []int{3, 6, 7, 10, 11, 15}},
	{5, 5, []int{1, 2, 3, 4, 5, 6}},
}

// zeroLeast returns the least entry over the regions of each placement of
// the zero-aware table data of k tiles on the rows x cols board, by rank:
// the plain TilesBlankHome table. The regions are counted from their
// definition, and a placement's other regions follow the previous
// placement's in the overflow section.
func zeroLeast(rows, cols, k int, data []byte) []byte {
	nc := rows * cols
	g := zeroGrid{rows, cols}
	var nb [bitboard.TilesMaxCells]uint32 // nb[c]: the cells next to c
	for c := range nc {
		for _, n := range g.neighbours(c) {
			nb[c] |= 1 << n
		}
	}
	e := TilesEntries(nc, k)
	least := slices.Clone(data[:e])
	next := e
	pos := make([]uint8, k)
	for r := range e {
		free := uint32(1)<<nc - 1
		TilesUnrank(r, nc, pos)
		for _, c := range pos {
			free &^= 1 << c
		}
		// Regions past the first: fill from the lowest free cell, cell by
		// cell, until no free cell is left.
		regions := 0
		for free != 0 {
			todo := free & -free
			for todo != 0 {
				c := bits.TrailingZeros32(todo)
				todo &^= 1 << c
				free &^= 1 << c
				todo |= nb[c] & free
			}
			regions++
		}
		for range regions - 1 {
			least[r] = min(least[r], data[next])
			next++
		}
	}
	return least
}

// TestTilesZeroThroughCache builds a zero-aware table through its Spec,
// writes it into a cache directory, loads it back (without a build) and indexes it; a
// file whose overflow section is one entry short, or whose overflow entries
// are forged under self-consistent checksums, is refused with ErrMismatch
// and rebuilt by Load.
func TestTilesZeroThroughCache(t *testing.T) {
	rows, cols, tiles := 3, 3, []int{1, 2, 3, 4}
	s := tilesZeroPatternSpec(rows, cols, tiles)
	if s.FileName() != "8puzzle-zero0-1.2.3.4-md-v2.pdb" || s.Entries != TilesZeroEntries(rows, cols, 4) || s.Width != TilesWidth {
		t.Fatalf("spec %s, %d entries of %d bits", s.FileName(), s.Entries, s.Width)
	}
	built, err := s.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	var r recorder
	c := &Cache{Dir: t.TempDir(), Notify: r.notify}
	if err := WriteFile(c.Path(s), built); err != nil {
		t.Fatal(err)
	}
	loaded, err := c.Load(s)
	if err != nil || len(r.lines()) != 0 || !slices.Equal(loaded.Data, built.Data) || loaded.Checksum != built.Checksum {
		t.Fatalf("load after store: %v, notes %q", err, r.lines())
	}
	z, err := NewTilesZero(rows, cols, tiles, loaded)
	if err != nil {
		t.Fatal(err)
	}
	// Tiles 1..4 home wall in cell 0: with the blank there, the goal (an
	// overflow entry of 0: the region is not the main one); with the blank
	// in the main region (cells 5..8), the entry at the placement's rank,
	// above 0.
	E := TilesEntries(9, 4)
	pos := []uint8{1, 2, 3, 4}
	rank := TilesRank(pos, 9)
	if i := z.Index(rank, 0b11110, 0); i < E || z.Entry(rank, 0b11110, 0) != 0 {
		t.Fatalf("goal: index %d, entry %d", i, z.Entry(rank, 0b11110, 0))
	}
	for blank := uint8(5); blank < 9; blank++ {
		if i := z.Index(rank, 0b11110, blank); i != rank || z.Entry(rank, 0b11110, blank) == 0 {
			t.Fatalf("goal placement, blank at %d: index %d, entry %d", blank, i, z.Entry(rank, 0b11110, blank))
		}
	}

	short, err := NewTable(s.Puzzle, s.Pattern, s.Entries-1, TilesWidth, slices.Clone(built.Data[:s.Entries-1]))
	if err != nil {
		t.Fatal(err)
	}
	forgedData := slices.Clone(built.Data)
	for i := E; i < uint64(len(forgedData)); i++ {
		forgedData[i] = 0 // regions past the first no stronger than Manhattan distance
	}
	forged, err := NewTable(s.Puzzle, s.Pattern, s.Entries, TilesWidth, forgedData)
	if err != nil {
		t.Fatal(err)
	}
	if forged.Checksum == built.Checksum {
		t.Fatal("the forged overflow section equals the real one")
	}
	for _, bad := range []*Table{short, forged} {
		path := filepath.Join(t.TempDir(), s.FileName())
		if err := WriteFile(path, bad); err != nil {
			t.Fatal(err)
		}
		if _, err := s.open(path); !errors.Is(err, ErrMismatch) {
			t.Fatalf("%d entries, CRC %08x: opened with %v", bad.Entries, bad.Checksum, err)
		}
		if err := WriteFile(c.Path(s), bad); err != nil {
			t.Fatal(err)
		}
		before := len(r.lines())
		again, err := c.Load(s)
		if err != nil || again.Checksum != built.Checksum || len(r.lines()) != before+1 || !strings.Contains(r.lines()[before], "rebuilding") {
			t.Fatalf("load of a forged file: %v, notes %q", err, r.lines())
		}
	}
	if _, err := NewTilesZero(rows, cols, tiles, short); !errors.Is(err, ErrMismatch) {
		t.Fatalf("NewTilesZero of a short table: %v", err)
	}
	if _, err := NewTilesZero(rows, cols, []int{1, 2, 3, 5}, built); !errors.Is(err, ErrMismatch) {
		t.Fatalf("NewTilesZero of another pattern's table: %v", err)
	}
	plain, err := tilesPatternSpec(rows, cols, tiles).Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewTilesZero(rows, cols, tiles, plain); !errors.Is(err, ErrMismatch) {
		t.Fatalf("NewTilesZero of the plain table: %v", err)
	}
	if _, err := NewTilesZero(rows, cols, []int{1, 1}, built); !errors.Is(err, ErrTilesPattern) {
		t.Fatalf("NewTilesZero of a bad pattern: %v", err)
	}
	if _, err := TilesZeroPatternLookup(5, 5, []int{1, 2, 3, 4, 5, 6, 7, 8}); !errors.Is(err, ErrTilesPattern) {
		t.Fatalf("an 8-tile 5x5 zero-aware table (4.4e10 placements): %v", err)
	}
}

// TestTilesZeroPinnedChecksums builds the zero-aware tables of zeroPinned
// of at most 5 tiles (4 under -short) and compares their checksums with the
// pinned ones (Build through the Spec checks nothing, so compare here), and
// checks that the least entry over each placement's regions is the pinned
// plain table where one is. TestLongTilesZeroPinnedChecksums does the
// 6-tile ones.
func TestTilesZeroPinnedChecksums(t *testing.T) {
	zeroPinnedChecksums(t, false)
}

// TestLongTilesZeroPinnedChecksums is TestTilesZeroPinnedChecksums on the
// 6-tile tables of zeroPinned, the 24-puzzle's among them. Long suite only.
func TestLongTilesZeroPinnedChecksums(t *testing.T) {
	skipUnlessLong(t)
	zeroPinnedChecksums(t, true)
}

// zeroPinnedChecksums checks the tables of zeroPinned of 6 tiles (six) or
// fewer (!six).
func zeroPinnedChecksums(t *testing.T, six bool) {
	for _, p := range zeroPinned {
		if (len(p.tiles) == 6) != six || (testing.Short() && len(p.tiles) > 4) {
			continue
		}
		s := tilesZeroPatternSpec(p.rows, p.cols, p.tiles)
		want, ok := KnownChecksum(s.Puzzle, s.Pattern)
		if !ok {
			t.Fatalf("%s/%s: no pinned checksum", s.Puzzle, s.Pattern)
		}
		tb, err := s.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s/%s: %d entries (%.4f placements), CRC %08x, mean %.3f, max %d", tb.Puzzle, tb.Pattern, tb.Entries,
			float64(tb.Entries)/float64(TilesEntries(p.rows*p.cols, len(p.tiles))), tb.Checksum, tb.Mean(), len(tb.Counts)-1)
		if tb.Checksum != want {
			t.Errorf("%s/%s: CRC %08x, pinned %08x", s.Puzzle, s.Pattern, tb.Checksum, want)
		}
		// The least over the regions is the plain table, pinned before
		// zero-aware tables were.
		plain := tilesPatternSpec(p.rows, p.cols, p.tiles)
		if pc, ok := KnownChecksum(plain.Puzzle, plain.Pattern); ok && TilesConstructionOf(p.rows, p.cols) == TilesBlankHome {
			if got := crc32.Checksum(zeroLeast(p.rows, p.cols, len(p.tiles), tb.Data), castagnoli); got != pc {
				t.Errorf("%s/%s: the least over regions has CRC %08x, the plain table %s %08x", s.Puzzle, s.Pattern, got, plain.Pattern, pc)
			}
		} else if p.rows*p.cols <= 9 {
			t.Errorf("%s: no pinned plain table", plain.Pattern)
		}
	}
}

// TestTilesZeroEntriesRatio checks TilesZeroEntries against regions counted
// from the definition on the boards of at most 12 cells, and the ratio over
// the plain table that the SoCS 2021 paper gives for 6 tiles on 5 x 5
// (1.42).
func TestTilesZeroEntriesRatio(t *testing.T) {
	for _, sh := range [][2]int{{2, 3}, {3, 3}, {3, 4}, {4, 3}, {2, 5}} {
		g := zeroGrid{sh[0], sh[1]}
		nc := sh[0] * sh[1]
		for k := 1; k <= min(nc-tilesMinFree, 4); k++ {
			want := uint64(0)
			for _, pos := range zeroPlacements(nc, k) {
				want += uint64(len(g.regions(pos)))
			}
			if got := TilesZeroEntries(sh[0], sh[1], k); got != want {
				t.Fatalf("%dx%d, %d tiles: %d entries, want %d", sh[0], sh[1], k, got, want)
			}
		}
	}
	ratio := float64(TilesZeroEntries(5, 5, 6)) / float64(TilesEntries(25, 6))
	if ratio < 1.415 || ratio > 1.425 {
		t.Fatalf("6 tiles on 5x5: %.4f times the plain entries, want 1.42", ratio)
	}
	if TilesZeroEntries(5, 5, 8) != 0 || TilesZeroEntries(1, 5, 1) != 0 || TilesZeroEntries(3, 3, 7) != 0 || TilesZeroEntries(3, 3, 0) != 0 {
		t.Fatal("out of range shapes have entries")
	}
}

// TestTilesZeroBuildProgress checks the build's progress reports: States
// count (placement, region) states up to the table's entries.
func TestTilesZeroBuildProgress(t *testing.T) {
	var last Progress
	n := 0
	data, err := buildTilesZeroPattern(4, 4, []int{1, 2, 4, 5}, allWorkers(), func(p Progress) { last = p; n++ })
	if err != nil {
		t.Fatal(err)
	}
	if n < 2 || last.States != uint64(len(data)) || last.Total != TilesZeroEntries(4, 4, 4) {
		t.Fatalf("%d reports, last %+v, %d entries", n, last, len(data))
	}
	start := time.Now()
	if _, err := buildTilesZeroPattern(4, 4, []int{1, 2, 4, 16}, allWorkers(), nil); !errors.Is(err, ErrTilesPattern) {
		t.Fatalf("tile 16 on 4x4: %v", err)
	}
	if time.Since(start) > time.Second {
		t.Fatal("a bad pattern is refused only after work")
	}
}

// zeroBenchStates returns n states of the pattern tiles on the rows x cols
// board from random boards: ranks, occupied masks and blank cells.
func zeroBenchStates(rows, cols int, tiles []int, n int, seed uint64) (ranks []uint64, occupied []uint32, blanks []uint8) {
	rng := rand.New(rand.NewPCG(seed, seed))
	nc := rows * cols
	for range n {
		b := bitboard.RandomTiles(rng, rows, cols, bitboard.BlankFirst)
		pos := make([]uint8, len(tiles))
		var occ uint32
		for c := range nc {
			if i := slices.Index(tiles, b.At(c)); i >= 0 {
				pos[i] = uint8(c)
				occ |= 1 << c
			}
		}
		ranks = append(ranks, TilesRank(pos, nc))
		occupied = append(occupied, occ)
		blanks = append(blanks, uint8(b.BlankCell()))
	}
	return ranks, occupied, blanks
}

// zeroBenchIndex measures Index over states of random boards whose blank
// is (rare) or is not in more than half the free cells.
func zeroBenchIndex(b *testing.B, rare bool) {
	rows, cols, tiles := 5, 5, []int{1, 2, 5, 6, 7, 12}
	l := tilesZeroLayoutOf(rows, cols, len(tiles))
	z := &TilesZero{layout: l, geo: l.geo} // Index reads no entry
	ranks, occupied, blanks := zeroBenchStates(rows, cols, tiles, 1<<16, 5)
	var rs []uint64
	var os []uint32
	var bs []uint8
	for i := range ranks {
		free := l.geo.full &^ occupied[i]
		if (bits.OnesCount32(l.geo.region(1<<blanks[i], free)) <= bits.OnesCount32(free)/2) == rare {
			rs, os, bs = append(rs, ranks[i]), append(os, occupied[i]), append(bs, blanks[i])
		}
	}
	var sink uint64
	i := 0
	for b.Loop() {
		sink += z.Index(rs[i], os[i], bs[i])
		if i++; i == len(rs) {
			i = 0
		}
	}
	if sink == 0 {
		b.Fatal("no index")
	}
	b.ReportMetric(float64(len(rs))/float64(len(ranks)), "share")
}

// BenchmarkTilesZeroIndexFast measures Index where the blank's region holds
// more than half the free cells (one partial flood fill), on 5 x 5 with 6
// tiles, on random boards.
func BenchmarkTilesZeroIndexFast(b *testing.B) { zeroBenchIndex(b, false) }

// BenchmarkTilesZeroIndexRare measures Index where it does not (every
// region filled, and mostly the overflow section: unrank and before(r)).
func BenchmarkTilesZeroIndexRare(b *testing.B) { zeroBenchIndex(b, true) }

// TestBuildTilesZero6666 builds the zero-aware tables of the patterns of
// the 24-puzzle's 6-6-6-6 partition into the table cache ($PDBSOLVE_TABLES
// or the user cache directory), one subtest a table named by its pattern id
// (scripts/build-tiles-zero.sh times one). It takes minutes and 280 MiB a
// table, so it runs only with PDBSOLVE_LONG=1 (and never under -short).
// Each table's value of a pattern on boards of random walks lies between
// the pattern's Manhattan distance and the walk's length, and is above
// Manhattan distance on some.
func TestBuildTilesZero6666(t *testing.T) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skip("builds the zero-aware 6-6-6-6 tables (minutes, 280 MiB each): set PDBSOLVE_LONG=1 to run")
	}
	dir, err := DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	p, err := TilesPartitionNamed(5, 5, "6666")
	if err != nil {
		t.Fatal(err)
	}
	done := map[string]bool{}
	for _, pat := range p.Patterns {
		l, err := TilesZeroPatternLookup(5, 5, pat)
		if err != nil {
			t.Fatal(err)
		}
		if done[l.Spec.Pattern] {
			continue
		}
		done[l.Spec.Pattern] = true
		t.Run(l.Spec.Pattern, func(t *testing.T) {
			c := &Cache{Dir: dir, Notify: func(s string) { t.Log(s) },
				Progress: func(p Progress) {
					if !p.Done {
						t.Logf("depth %d: %d of %d states, %.1fs", p.Depth, p.States, p.Total, p.Elapsed)
					}
				}}
			start := time.Now()
			tb, err := c.Load(l.Spec)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s/%s: %d entries (%.4f x %d placements), CRC %08x, mean %.3f, max %d, %.1fs", tb.Puzzle, tb.Pattern, tb.Entries,
				float64(tb.Entries)/float64(TilesEntries(25, len(pat))), TilesEntries(25, len(pat)), tb.Checksum, tb.Mean(), len(tb.Counts)-1, time.Since(start).Seconds())
			z, err := NewTilesZero(5, 5, l.Tiles, tb)
			if err != nil {
				t.Fatal(err)
			}
			// The least over the regions is the plain blank-home table.
			least := crc32.Checksum(zeroLeast(5, 5, len(l.Tiles), tb.Data), castagnoli)
			plain := tilesPatternSpec(5, 5, l.Tiles)
			t.Logf("least over regions: CRC %08x (plain table %s)", least, plain.Pattern)
			if pc, ok := KnownChecksum(plain.Puzzle, plain.Pattern); ok && TilesConstructionOf(5, 5) == TilesBlankHome && pc != least {
				t.Errorf("the least over regions has CRC %08x, the plain table %s %08x", least, plain.Pattern, pc)
			}
			rng := rand.New(rand.NewPCG(8, 8))
			above := 0
			inv := l.Sym.Inverse()
			for i := range 20000 {
				walk := i % 100
				b := bitboard.RandomWalkTiles(rng, 5, 5, bitboard.BlankFirst, walk)
				var cellOf [25]uint8
				for c := range 25 {
					cellOf[b.At(c)] = uint8(c)
				}
				pos := make([]uint8, len(l.Tiles))
				var occupied uint32
				for x, tt := range l.Tiles {
					pos[x] = l.Sym.Cell[cellOf[inv.Cell[tt]]]
					occupied |= 1 << pos[x]
				}
				m := TilesManhattan(5, l.Tiles, pos)
				v := m + 2*int(z.Entry(TilesRank(pos, 25), occupied, l.Sym.Cell[b.BlankCell()]))
				if v > walk {
					t.Fatalf("%v, %d moves from the goal: pattern %v has value %d", b, walk, pat, v)
				}
				if v > m {
					above++
				}
			}
			if above == 0 {
				t.Fatal("the table never adds to Manhattan distance: suspicious")
			}
			t.Logf("random walks: value above Manhattan distance on %d of 20000 boards", above)
		})
	}
}

// BenchmarkBuildTilesZeroPattern6 builds the zero-aware table of the
// pattern of BenchmarkBuildTilesPattern6, to compare the two builds.
func BenchmarkBuildTilesZeroPattern6(b *testing.B) {
	for b.Loop() {
		if _, err := buildTilesZeroPattern(4, 4, []int{1, 2, 4, 5, 8, 9}, allWorkers(), nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildTilesZeroPattern5x5of5 builds the zero-aware table of the
// pattern of BenchmarkBuildTilesPattern5x5of5 (32-bit lanes).
func BenchmarkBuildTilesZeroPattern5x5of5(b *testing.B) {
	for b.Loop() {
		if _, err := buildTilesZeroPattern(5, 5, []int{1, 2, 5, 6, 7}, allWorkers(), nil); err != nil {
			b.Fatal(err)
		}
	}
}
