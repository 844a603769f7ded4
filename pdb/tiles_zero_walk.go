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
// the counts off the layout's tables, in constant time a cell; it does not
// check prefix, which must hold k-1 cells of the board.
func (z *TilesZero) LastRegions(prefix uint32, n *[bitboard.TilesMaxCells]uint8) {
	l := z.layout
	nc := l.geo.nc
	s := l.colex(prefix)
	// row[c] counts the extra regions of the placements with the last tile
	// on a free cell below c; end, those below the next free cell above c.
	row := l.below[l.offset[l.k-1]+s*uint32(nc):][:nc]
	end := l.blockExtra[s]
	*n = [bitboard.TilesMaxCells]uint8{}
	for c := nc - 1; c >= 0; c-- {
		if prefix&(1<<c) == 0 {
			n[c] = uint8(end - row[c] + 1)
			end = row[c]
		}
	}
}
