package search

import (
	"math/bits"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// batchLanes is how many boards SolveBatch walks down at once. A descent
// step waits on one table lookup; independent lanes let the processor
// overlap those waits.
const batchLanes = 8

// lane is one board being walked down the descent table.
type lane struct {
	b    bitboard.Rotation
	live uint8 // symbols whose distance equals the board's
	g, h int8  // moves made, moves in all
	i    int32 // index of the board in the batch; -1 for an idle lane
}

// SolveBatch solves boards[i] into out[i], which must be at least as long,
// with the same answers and statistics as Solve with no limits. When the
// solver walks the descent table (UseDescent) and is not timing solves, it
// interleaves batchLanes boards so their lookups overlap; otherwise it calls
// Solve on each board.
func (s *RotationSolver) SolveBatch(boards []bitboard.Rotation, out []RotationResult) {
	out = out[:len(boards)]
	if s.desc == nil || s.timing {
		for i, b := range boards {
			out[i], _ = s.Solve(b, Limits{})
		}
		return
	}
	var lanes [batchLanes]lane
	next := 0
	active := 0
	for k := range lanes {
		lanes[k].i = -1
		if next < len(boards) {
			s.startLane(&lanes[k], boards, next, out)
			next++
			active++
		}
	}
	for active > 0 {
		for k := range lanes {
			l := &lanes[k]
			if l.i < 0 {
				continue
			}
			if l.g == l.h {
				s.finishLane(l, out)
				if next < len(boards) {
					s.startLane(l, boards, next, out)
					next++
				} else {
					l.i = -1
					active--
				}
				continue
			}
			// All three lookups, kept or zeroed by the live bits: which
			// symbols are live is random, so branching on it mispredicts.
			m1, m2, m3 := l.b.Masks()
			d0 := s.desc[pdb.RankMask(m1)] & -(l.live & 1)
			d1 := s.desc[pdb.RankMask(m2)] & -(l.live >> 1 & 1)
			d2 := s.desc[pdb.RankMask(m3)] & -(l.live >> 2 & 1)
			m := bits.TrailingZeros8(d0 | d1 | d2)
			l.live &= d0>>m&1 | (d1>>m&1)<<1 | (d2>>m&1)<<2
			l.b = l.b.Move(m)
			out[l.i].Moves[l.g] = bitboard.RotationMoveNames[m]
			l.g++
		}
	}
}

// startLane puts board i in lane l, with its distance and live symbols.
func (s *RotationSolver) startLane(l *lane, boards []bitboard.Rotation, i int, out []RotationResult) {
	b := boards[i]
	m1, m2, m3 := b.Masks()
	lb := lowerBounds{tableH(s.table, m1), tableH(s.table, m2), tableH(s.table, m3)}
	h := lb.min()
	var live uint8
	for k := range lb {
		if lb[k] == h {
			live |= 1 << k
		}
	}
	*l = lane{b: b, live: live, h: h, i: int32(i)}
}

// finishLane fills in the result of the board in lane l.
func (s *RotationSolver) finishLane(l *lane, out []RotationResult) {
	r := &out[l.i]
	n := int(l.h)
	r.Len = n
	r.Symbol = l.b.Centre()
	r.Stats = Stats{Expanded: uint64(n), Generated: uint64(n), Iterations: 1, RootH: n, Bound: n}
	if n == 0 {
		r.Expanded, r.Iterations = 0, 0
	}
}
