package pdb

import (
	"slices"
	"testing"
)

// zeroGrid is a board shape for the tests' own oracles, written from the
// definitions with (row, column) arithmetic and plain breadth-first
// searches, sharing nothing with the geometry of the builder.
type zeroGrid struct{ rows, cols int }

// neighbours returns the cells next to cell c.
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
// as the layout defines it: placements in rank order; the region holding
// the lowest free cell at the placement's rank; the others, by lowest cell,
// in a section after all placements, placement after placement. It also
// returns the entry count.
func zeroSlowLayout(g zeroGrid, k int) (map[string]uint64, uint64) {
	nc := g.rows * g.cols
	places := zeroPlacements(nc, k)
	index := map[string]uint64{}
	next := uint64(len(places))
	for r, pos := range places {
		for j, region := range g.regions(pos) {
			at := uint64(r)
			if j > 0 {
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
// (and one of 6) on 3 x 3, 3 x 4, 4 x 3 and 4 x 4, in several orders.
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
		zeroCase{4, 4, []int{15, 12, 3}})
	if !short {
		cases = append(cases, zeroCase{3, 4, []int{1, 2, 4, 5}}, zeroCase{4, 4, []int{1, 4, 6, 9}}, zeroCase{4, 4, []int{2, 5, 7, 10}})
	}
	return cases
}

// TestBuildTilesZeroMatchesOracle checks every entry of the zero-aware
// tables of the oracle cases against a from-scratch search over abstract
// states and the layout written out from its definition, and Index and
// Entry on every state. It also checks that the least entry over each
// placement's regions is the plain TilesBlankHome table.
func TestBuildTilesZeroMatchesOracle(t *testing.T) {
	layouts := map[[3]int]map[string]uint64{}
	sizes := map[[3]int]uint64{}
	for _, c := range zeroOracleCases(testing.Short()) {
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
		data, err := BuildTilesZeroPattern(c.rows, c.cols, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		if uint64(len(data)) != size {
			t.Fatalf("%dx%d %v: %d entries, want %d", c.rows, c.cols, c.tiles, len(data), size)
		}
		tb, err := NewTable(TilesPuzzle(c.rows, c.cols), TilesZeroPatternID(c.tiles), size, TilesWidth, data)
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
