package pdb

import (
	"math/bits"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Ranking of k-permutations for sliding-tile pattern databases.
//
// A pattern of k tiles on a board of nc cells is placed by the cells of its
// tiles, pos[0..k-1], all distinct. TilesRank numbers these placements
// 0..TilesEntries(nc,k)-1 as a mixed-radix number: digit i, in radix nc-i, is
// the rank of pos[i] among the cells not taken by pos[0..i-1]. The last tile
// is the fastest-varying digit.

// TilesEntries returns nc!/(nc-k)!, the number of placements of k tiles on nc cells.
func TilesEntries(nc, k int) uint64 {
	e := uint64(1)
	for i := range k {
		e *= uint64(nc - i)
	}
	return e
}

// TilesRank returns the rank of the placement pos on nc cells.
func TilesRank(pos []uint8, nc int) uint64 {
	var used uint32
	var r uint64
	for i, p := range pos {
		d := uint64(p) - uint64(bits.OnesCount32(used&(1<<p-1)))
		r = r*uint64(nc-i) + d
		used |= 1 << p
	}
	return r
}

// TilesUnrank fills pos (of length k) with the placement of rank r on nc cells
// and returns the mask of the cells it takes.
func TilesUnrank(r uint64, nc int, pos []uint8) (used uint32) {
	k := len(pos)
	var digit [bitboard.TilesMaxCells]uint8
	for i := k - 1; i >= 0; i-- {
		radix := uint64(nc - i)
		digit[i] = uint8(r % radix)
		r /= radix
	}
	for i := range k {
		free := ^used
		for range digit[i] {
			free &= free - 1
		}
		p := uint8(bits.TrailingZeros32(free))
		pos[i] = p
		used |= 1 << p
	}
	return used
}
