package pdb

import (
	"slices"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// TestTilesZeroLastRegions checks LastRegions on every placement of several
// shapes against the regions of the tests' own flood fill (zeroGrid.regions),
// with zeros on the cells of the first tiles and past the board, and the
// walk its comment promises against the layout written out from its
// definition (zeroSlowLayout): in rank order, each placement's extra
// regions, by lowest cell, take the next entries of the overflow section,
// and the walk ends at the table's last entry.
func TestTilesZeroLastRegions(t *testing.T) {
	for _, c := range []zeroCase{{3, 3, []int{1, 2}}, {3, 3, []int{1, 3, 5}}, {3, 3, []int{2, 4, 6, 8}},
		{2, 4, []int{1, 2, 5}}, {3, 4, []int{1, 2, 5, 6}}, {4, 5, []int{1, 5}}, {2, 3, []int{4}}} {
		g, nc, k := zeroGrid{c.rows, c.cols}, c.rows*c.cols, len(c.tiles)
		size := TilesZeroEntries(c.rows, c.cols, k)
		tb, err := NewTable(TilesPuzzle(c.rows, c.cols), tilesZeroPatternID(c.tiles), size, TilesWidth, make([]byte, size))
		if err != nil {
			t.Fatal(err)
		}
		z, err := NewTilesZero(c.rows, c.cols, c.tiles, tb)
		if err != nil {
			t.Fatal(err)
		}
		index, _ := zeroSlowLayout(g, k)
		next, multi := TilesEntries(nc, k), 0
		for r, pos := range zeroPlacements(nc, k) {
			var occupied uint32
			for _, p := range pos {
				occupied |= 1 << p
			}
			regions := g.regions(pos)
			var counts [bitboard.TilesMaxCells]uint8
			for i := range counts {
				counts[i] = 99
			}
			last := pos[k-1]
			z.LastRegions(occupied&^(1<<last), &counts)
			for cell, n := range counts {
				if free := cell < nc && !slices.Contains(pos[:k-1], uint8(cell)); !free && n != 0 {
					t.Fatalf("%dx%d, tiles at %v: LastRegions gives %d for cell %d, not free", c.rows, c.cols, pos, n, cell)
				}
			}
			n := int(counts[last])
			if n != len(regions) {
				t.Fatalf("%dx%d, tiles at %v: LastRegions %d, want %d", c.rows, c.cols, pos, n, len(regions))
			}
			if n > 1 {
				multi++
			}
			for _, region := range regions {
				at := index[zeroState(pos, region[0])]
				if at == uint64(r) {
					continue
				}
				if at != next {
					t.Fatalf("%dx%d, tiles at %v: the region of cell %d is entry %d, the walk's next is %d", c.rows, c.cols, pos, region[0], at, next)
				}
				next++
			}
		}
		if next != size || (multi == 0) != (k == 1) { // one tile splits no board of two rows
			t.Fatalf("%dx%d, %d tiles: the walk ends at %d of %d entries (%d placements of several regions)", c.rows, c.cols, k, next, size, multi)
		}
	}
}
