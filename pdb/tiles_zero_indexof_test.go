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
		data, err := buildTilesZeroPattern(c.rows, c.cols, c.tiles, nil)
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
