package pdb

import "github.com/pdbsolve/pdbsolve/bitboard"

// LastRegions sets n[c], for each cell c of the board not in prefix, to the
// number of connected regions (4-neighbour) of the free cells of the
// placement whose first k-1 tiles take the cells of prefix (bit c set: a
// tile on cell c, table coordinates; in any order) and whose last tile is
// on c, and n[c] to 0 for the other cells. That is 1 for the placement's
// main region, whose entry is at its rank, plus one for each of its
// entries in the overflow section (see the layout at the top of
// tiles_zero.go), 1 to the board's free cells. A caller that walks the
// placements in rank order finds the entries of a placement's other
// regions one after another, from where those of the placement before it
// ended (the first at TilesEntries(rows*cols, k), the number of
// placements); the walk ends at the table's last entry. LastRegions reads
// the counts off the layout's masks (lastMask), a few reads a cell; it does not
// check prefix, which must hold k-1 cells of the board.
func (z *TilesZero) LastRegions(prefix uint32, n *[bitboard.TilesMaxCells]uint8) {
	l := z.layout
	// mask j holds the free cells c whose placement has more than j + 1
	// regions (lastMask)
	m := l.lastMask[int(l.colex(prefix))*l.masks:][:l.masks]
	*n = [bitboard.TilesMaxCells]uint8{}
	for c := range l.geo.nc {
		if prefix&(1<<c) == 0 {
			r := uint8(1)
			for _, x := range m {
				r += uint8(x >> c & 1)
			}
			n[c] = r
		}
	}
}
