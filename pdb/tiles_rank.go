package pdb

import (
	"math"
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
	i := k - 1
	for ; i >= 0 && r > math.MaxUint32; i-- {
		radix := uint64(nc - i)
		digit[i] = uint8(r % radix)
		r /= radix
	}
	// Once the rest fits in 32 bits (at once for every table of up to 8
	// tiles on 16 cells or 6 on 25), divide by multiplying with the radix's
	// reciprocal: the high word of r * ceil(2^64/radix) is r/radix exactly
	// for every 32-bit r (Lemire, Kaser & Kurz 2019).
	r32 := uint32(r)
	for ; i >= 0; i-- {
		radix := uint32(nc - i)
		if radix == 1 { // every tile placed: the last digit is 0
			digit[i] = 0
			continue
		}
		q, _ := bits.Mul64(tilesReciprocal[radix], uint64(r32))
		digit[i] = uint8(r32 - uint32(q)*radix)
		r32 = uint32(q)
	}
	for i := range k {
		p := tilesSelect(^used, digit[i])
		pos[i] = p
		used |= 1 << p
	}
	return used
}

// tilesReciprocal[d] is ceil(2^64/d) for the radixes d = 2..TilesMaxCells.
var tilesReciprocal = func() (t [bitboard.TilesMaxCells + 1]uint64) {
	for d := 2; d <= bitboard.TilesMaxCells; d++ {
		t[d] = ^uint64(0)/uint64(d) + 1
	}
	return t
}()

// tilesSelectByte[x][n] is the position of the n-th lowest set bit of byte x.
var tilesSelectByte = func() (t [256][8]uint8) {
	for x := range 256 {
		n := 0
		for b := range 8 {
			if x&(1<<b) != 0 {
				t[x][n] = uint8(b)
				n++
			}
		}
	}
	return t
}()

// tilesSelect returns the position of the n-th (0-based) lowest set bit of x,
// which has more than n set bits.
func tilesSelect(x uint32, n uint8) uint8 {
	base := uint8(0)
	for {
		c := uint8(bits.OnesCount8(uint8(x)))
		if n < c {
			return base + tilesSelectByte[uint8(x)][n]
		}
		n -= c
		x >>= 8
		base += 8
	}
}
