package search

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// tilesAbstract is an oracle for pattern-database values that uses no
// table. Its zero value gives the values of pdbsolve's tables (Korf & Felner's
// construction, docs/puzzles.md section 2); the fields give two variants.
type tilesAbstract struct {
	// zeroAware starts the search from the board's own blank instead of
	// every cell the blank might be on: the value of a zero-aware table
	// (Clausecker & Reinefeld 2021), at least as high.
	zeroAware bool
	// blankAnywhere lets the blank end anywhere instead of on cell 0: the
	// weaker construction pdbsolve used for boards above 16 cells before.
	blankAnywhere bool
}

// distance returns the fewest moves of the pattern tiles that bring them to
// their goal cells (tile t on cell t, the BlankFirst goal) and the blank to
// cell 0, from the placement of the pattern tiles on board b, when every
// other tile may move for free. A pattern database indexes placements only,
// so its value is the least of these over the blank's cells.
//
// It searches the abstract space afresh with A*: a state is the cells of the
// pattern tiles and the region of free cells the blank is in (it moves within
// that region at no cost, so the region, named by its lowest cell, stands for
// all the blank's cells in it); a move takes a pattern tile next to the
// region into the region, at cost 1, and leaves the blank on the tile's old
// cell; the heuristic is the tiles' Manhattan distance, consistent since a
// move changes it by one. It also returns the number of states expanded. It
// is the slow obvious oracle: maps and slices, no tables.
func (a tilesAbstract) distance(b bitboard.Tiles, pattern []int) (dist, expanded int) {
	rows, cols := b.Rows(), b.Cols()
	nc := rows * cols
	nbr := make([]uint32, nc) // the cells next to each cell, as a mask
	for c := range nc {
		r, k := c/cols, c%cols
		if r > 0 {
			nbr[c] |= 1 << (c - cols)
		}
		if r < rows-1 {
			nbr[c] |= 1 << (c + cols)
		}
		if k > 0 {
			nbr[c] |= 1 << (c - 1)
		}
		if k < cols-1 {
			nbr[c] |= 1 << (c + 1)
		}
	}
	// region returns the free cells (not in occupied) connected to cell from.
	region := func(from int, occupied uint32) uint32 {
		reg := uint32(1) << from
		for {
			grown := reg
			for m := reg; m != 0; m &= m - 1 {
				grown |= nbr[bits.TrailingZeros32(m)]
			}
			grown &^= occupied
			if grown == reg {
				return reg
			}
			reg = grown
		}
	}
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	manhattan := func(pos []int) int {
		md := 0
		for i, c := range pos {
			md += abs(c/cols-pattern[i]/cols) + abs(c%cols-pattern[i]%cols)
		}
		return md
	}
	type state struct {
		pos  []int // cell of pattern[i]
		rep  int   // the lowest cell of the blank's region
		g, f int
	}
	key := func(pos []int, rep int) uint64 {
		k := uint64(rep)
		for _, c := range pos {
			k = k<<5 | uint64(c)
		}
		return k
	}
	occupiedBy := func(pos []int) uint32 {
		var m uint32
		for _, c := range pos {
			m |= 1 << c
		}
		return m
	}
	start := make([]int, len(pattern))
	for c := range nc {
		for i, t := range pattern {
			if b.At(c) == t {
				start[i] = c
			}
		}
	}
	// The start states: the region of b's blank, or every region of free
	// cells the placement leaves.
	occ0 := occupiedBy(start)
	free := (uint32(1)<<nc - 1) &^ occ0
	if a.zeroAware {
		free = region(b.BlankCell(), occ0)
	}
	h0 := manhattan(start)
	best := map[uint64]int{}
	// open[f] is a stack of the states of that f: f never decreases, and the
	// latest (deepest) state of the lowest f comes first.
	open := make([][]state, h0+1)
	for free != 0 {
		reg := region(bits.TrailingZeros32(free), occ0)
		rep := bits.TrailingZeros32(reg)
		best[key(start, rep)] = 0
		open[h0] = append(open[h0], state{pos: start, rep: rep, g: 0, f: h0})
		free &^= reg
	}
	for f := h0; f < len(open); f++ {
		for len(open[f]) > 0 {
			s := open[f][len(open[f])-1]
			open[f] = open[f][:len(open[f])-1]
			if best[key(s.pos, s.rep)] < s.g {
				continue // reached again more cheaply since it was queued
			}
			occ := occupiedBy(s.pos)
			reg := region(s.rep, occ)
			if s.f == s.g && (reg&1 != 0 || a.blankAnywhere) { // h == 0: the tiles are home
				return s.g, expanded
			}
			expanded++
			for i, c := range s.pos {
				for m := nbr[c] & reg; m != 0; m &= m - 1 {
					to := bits.TrailingZeros32(m)
					pos := append([]int(nil), s.pos...)
					pos[i] = to
					rep := bits.TrailingZeros32(region(c, occ&^(1<<c)|1<<to))
					k, g := key(pos, rep), s.g+1
					if old, seen := best[k]; seen && old <= g {
						continue
					}
					best[k] = g
					nf := g + manhattan(pos)
					for len(open) <= nf {
						open = append(open, nil)
					}
					open[nf] = append(open[nf], state{pos: pos, rep: rep, g: g, f: nf})
				}
			}
		}
	}
	panic("tilesAbstract: the goal was not reached (the pattern must not hold tile 0)")
}

// tilesTransposed returns b reflected about its main diagonal (a square
// board): the tile on cell (r, c) goes to cell (c, r) and becomes the tile
// whose goal cell is the reflection of its own, so the BlankFirst goal maps
// onto itself. It is written here from rows and columns, apart from
// bitboard's own reflection.
func tilesTransposed(t testing.TB, b bitboard.Tiles) bitboard.Tiles {
	n := b.Rows()
	ref := func(c int) int { return c%n*n + c/n }
	cells := make([]int, n*n)
	for c := range cells {
		cells[ref(c)] = ref(b.At(c))
	}
	r, err := bitboard.NewTiles(n, n, cells)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tilesAbstractHeuristic returns, from a.distance alone, the
// additive heuristic of the patterns on b (their sum) and, when reflect is
// set, the larger of that and the same sum on b reflected about the main
// diagonal; and the values of each pattern on b, then on its reflection.
func tilesAbstractHeuristic(t testing.TB, a tilesAbstract, b bitboard.Tiles, patterns [][]int, reflect bool) (h int, parts []int) {
	boards := []bitboard.Tiles{b}
	if reflect {
		boards = append(boards, tilesTransposed(t, b))
	}
	for _, board := range boards {
		sum := 0
		for _, p := range patterns {
			d, _ := a.distance(board, p)
			sum += d
			parts = append(parts, d)
		}
		h = max(h, sum)
	}
	return h, parts
}

// TestTilesAbstractDistanceIsExactForAllTiles checks the oracle itself: with
// every tile in the pattern nothing moves for free, and its value must be
// the true distance a breadth-first search of the whole 3 x 3 and 2 x 4
// spaces gives. With no tile in it the value is 0: the blank walks home for
// free.
func TestTilesAbstractDistanceIsExactForAllTiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 6))
	for _, sz := range [][2]int{{3, 3}, {2, 4}} {
		rows, cols := sz[0], sz[1]
		space := tilesBFSSpace(rows, cols)
		all := make([]int, rows*cols-1)
		for i := range all {
			all[i] = i + 1
		}
		for range 200 {
			b := bitboard.RandomTiles(rng, rows, cols, bitboard.BlankFirst)
			want := int(space.dist[tilesBoardRank(b)])
			for _, a := range []tilesAbstract{{}, {zeroAware: true}} {
				if got, _ := a.distance(b, all); got != want {
					t.Fatalf("%dx%d %v %+v: abstract distance over all tiles %d, BFS distance %d", rows, cols, b, a, got, want)
				}
				if got, _ := a.distance(b, nil); got != 0 {
					t.Fatalf("%dx%d %v %+v: abstract distance over no tile %d, want 0", rows, cols, b, a, got)
				}
			}
		}
	}
}

// TestTilesAbstractDistanceMatchesTables checks the 15-puzzle tables of the
// 5-5-5 and 6-6-3 partitions, with their reflections, against the oracle on
// Korf's 100 boards (20 under -short): the solver's heuristic (Eval) must
// equal the oracle's sum and max exactly. The first pattern of each,
// {1,2,4,5,8} and {1,2,4,5,8,9}, walls in cell 0 at home, where a table that
// let the blank end anywhere would be lower. The tables build in seconds.
func TestTilesAbstractDistanceMatchesTables(t *testing.T) {
	korf := tilesKorf(t)
	if testing.Short() {
		korf = korf[:20]
	}
	for _, name := range []string{"pdb555+reflect", "pdb663+reflect"} {
		h := tilesHeur(t, 4, 4, name)
		patterns := h.Partition().Patterns
		for i, b := range korf {
			want, parts := tilesAbstractHeuristic(t, tilesAbstract{}, b, patterns, true)
			if got := h.Eval(b); got != want {
				t.Errorf("%s, Korf #%d: table value %d, abstract distances %v give %d", name, i+1, got, parts, want)
			}
		}
	}
}
