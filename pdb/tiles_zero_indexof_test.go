package pdb

import (
	"math/rand/v2"
	"testing"
)

// TestTilesZeroIndexOf checks IndexOf against Index (which unranks) on
// random placements and blank cells of a 3 x 4 and a 4 x 4 zero-aware
// table, overflow regions included.
func TestTilesZeroIndexOf(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		rows, cols int
		tiles      []int
	}{{3, 4, []int{1, 4, 5, 8, 9}}, {4, 4, []int{1, 2, 4, 5, 8, 9}}} {
		data, err := buildTilesZeroPattern(c.rows, c.cols, c.tiles, allWorkers(), nil)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := NewTable(TilesPuzzle(c.rows, c.cols), tilesZeroPatternID(c.tiles), uint64(len(data)), TilesWidth, data)
		if err != nil {
			t.Fatal(err)
		}
		z, err := NewTilesZero(c.rows, c.cols, c.tiles, tab)
		if err != nil {
			t.Fatal(err)
		}
		nc := c.rows * c.cols
		pos := make([]uint8, len(c.tiles))
		over := 0
		for range 20000 {
			r := rng.Uint64N(TilesEntries(nc, len(c.tiles)))
			occ := TilesUnrank(r, nc, pos)
			blank := uint8(rng.IntN(nc))
			if occ&(1<<blank) != 0 {
				continue
			}
			want := z.Index(r, occ, blank)
			if got := z.IndexOf(r, pos, occ, blank); got != want {
				t.Fatalf("%dx%d %v at %v, blank %d: IndexOf %d, Index %d", c.rows, c.cols, c.tiles, pos, blank, got, want)
			}
			if want != r {
				over++
			}
		}
		if over == 0 {
			t.Fatalf("%dx%d %v: no overflow entry met", c.rows, c.cols, c.tiles)
		}
	}
}

// zeroExtraBelow computes before(pos) from the definitions: the regions past
// the first, counted by the tests' own breadth-first regions (zeroGrid), of
// all placements of len(pos) tiles whose cells come before pos in
// lexicographic order (the order of the ranks). sums memoizes, by the mask
// of a placement's first cells, the extra regions over all its completions.
func zeroExtraBelow(g zeroGrid, pos []uint8, sums map[uint32]uint64) uint64 {
	nc, k := g.rows*g.cols, len(pos)
	var total func(s uint32, n int) uint64
	total = func(s uint32, n int) uint64 {
		if v, ok := sums[s]; ok {
			return v
		}
		var v uint64
		if n == k {
			var cells []uint8
			for c := range nc {
				if s>>c&1 == 1 {
					cells = append(cells, uint8(c))
				}
			}
			v = uint64(len(g.regions(cells)) - 1)
		} else {
			for c := range nc {
				if s>>c&1 == 0 {
					v += total(s|1<<c, n+1)
				}
			}
		}
		sums[s] = v
		return v
	}
	var sum uint64
	var s uint32
	for i, c := range pos {
		for d := range int(c) {
			if s>>d&1 == 0 {
				sum += total(s|1<<d, i+1)
			}
		}
		s |= 1 << c
	}
	return sum
}

// zeroSlotSlow is the obvious slot: every region filled, by lowest cell.
func zeroSlotSlow(l *tilesZeroLayout, free, r uint32) int {
	regions, _, main := l.regionsOf(free)
	if regions[main] == r {
		return 0
	}
	slot := 1
	for i := 0; regions[i] != r; i++ {
		if i != main {
			slot++
		}
	}
	return slot
}

// TestTilesZeroIndexRandom checks Index, IndexOf, slot and before on random
// placements of 3 x 3, 4 x 4 and 5 x 5 layouts, the blank on any free cell
// or in a region that is not the main one, against the layout written out
// from its definition: regions by the tests' own breadth-first search, the
// main one the most cells then the lowest cell, the others after all
// placements (zeroExtraBelow), by lowest cell. slot is also checked
// against zeroSlotSlow.
func TestTilesZeroIndexRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, c := range [][3]int{{3, 3, 3}, {3, 3, 4}, {4, 4, 5}, {4, 4, 6}, {4, 4, 8}, {5, 5, 6}} {
		g, k, nc := zeroGrid{c[0], c[1]}, c[2], c[0]*c[1]
		l := tilesZeroLayoutOf(g.rows, g.cols, k)
		z := &TilesZero{layout: l, geo: l.geo} // Index reads no entry
		sums, minority := map[uint32]uint64{}, 0
		for range 3000 {
			pos := make([]uint8, k)
			for i, x := range rng.Perm(nc)[:k] {
				pos[i] = uint8(x)
			}
			regions := g.regions(pos)
			main := 0
			for j := range regions {
				if len(regions[j]) > len(regions[main]) {
					main = j
				}
			}
			j := rng.IntN(len(regions))
			blank := uint8(regions[j][rng.IntN(len(regions[j]))])
			rank, want, slot := TilesRank(pos, nc), TilesRank(pos, nc), 0
			if j != main {
				slot = j + 1
				if j > main {
					slot--
				}
				want = TilesEntries(nc, k) + zeroExtraBelow(g, pos, sums) + uint64(slot) - 1
				minority++
			}
			var occ uint32
			for _, p := range pos {
				occ |= 1 << p
			}
			if got := z.IndexOf(rank, pos, occ, blank); got != want {
				t.Fatalf("%v: placement %v, blank %d: IndexOf %d, want %d", c, pos, blank, got, want)
			}
			if got := z.Index(rank, occ, blank); got != want {
				t.Fatalf("%v: placement %v, blank %d: Index %d, want %d", c, pos, blank, got, want)
			}
			free := l.geo.full &^ occ
			r := l.geo.region(1<<blank, free)
			if got, slow := l.slot(free, r), zeroSlotSlow(l, free, r); got != slot || slow != slot {
				t.Fatalf("%v: placement %v, blank %d: slot %d, slow %d, want %d", c, pos, blank, got, slow, slot)
			}
			if got, want := l.before(pos), zeroExtraBelow(g, pos, sums); got != want {
				t.Fatalf("%v: placement %v: before %d, want %d", c, pos, got, want)
			}
		}
		if minority < 300 {
			t.Fatalf("%v: only %d blanks outside the main region", c, minority)
		}
	}
}
