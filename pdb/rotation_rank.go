package pdb

import "math/bits"

// Sizes of the Rotation Game mask space.
const (
	rotationCells   = 24      // cells on the board
	rotationK       = 8       // cells holding one symbol
	rotationBytes   = 3       // bytes in a 24-bit mask
	RotationEntries = 735_471 // C(24, 8): masks of 8 cells out of 24
)

// binom[n][k] = C(n, k) for n <= 24, k <= 8.
var binom = func() (c [rotationCells + 1][rotationK + 2]uint32) {
	for n := 0; n <= rotationCells; n++ {
		c[n][0] = 1
		for k := 1; k <= rotationK+1 && k <= n; k++ {
			c[n][k] = c[n-1][k-1] + c[n-1][k]
		}
	}
	return c
}()

// rankTab[i][k][v] is the part of a mask's rank that its byte i contributes
// when that byte holds v and the lower bytes hold k set bits: the sum of
// C(p, j+1) over the set bits of v, at absolute position p, being the j-th
// set bit of the whole mask.
var rankTab = func() (t [rotationBytes][rotationK + 1][256]uint32) {
	for i := 0; i < rotationBytes; i++ {
		for k := 0; k <= rotationK; k++ {
			for v := 0; v < 256; v++ {
				var r uint32
				j := k
				for b := 0; b < 8; b++ {
					if v>>b&1 == 1 {
						if j < rotationK {
							r += binom[8*i+b][j+1]
						}
						j++
					}
				}
				t[i][k][v] = r
			}
		}
	}
	return t
}()

// RankMask returns the colexicographic rank, in 0..RotationEntries-1, of a 24-bit
// mask with exactly 8 bits set. Other masks give meaningless ranks.
func RankMask(m uint32) uint32 {
	k1 := bits.OnesCount32(m & 0xff)
	k2 := min(bits.OnesCount32(m&0xffff), rotationK)
	return rankTab[0][0][uint8(m)] + rankTab[1][k1][uint8(m>>8)] + rankTab[2][k2][uint8(m>>16)]
}

// unrankMask returns the mask whose rank is r: the inverse of RankMask.
func unrankMask(r uint32) uint32 {
	var m uint32
	p := rotationCells - 1
	for j := rotationK; j >= 1; j-- {
		for binom[p][j] > r {
			p--
		}
		r -= binom[p][j]
		m |= 1 << p
		p--
	}
	return m
}
