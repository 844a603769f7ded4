package pdb

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Ids of the Rotation Game table.
const (
	RotPuzzle  = "rotation"
	RotPattern = "centre8"
	RotWidth   = 4               // bits per entry
	rotMaxDist = 1<<RotWidth - 1 // largest distance a 4-bit entry holds
)

// RotationSpec describes the Rotation Game table: for each mask of 8 cells
// out of 24, in RankMask order, the fewest moves that bring those cells onto
// the centre. One table serves all three symbols.
func RotationSpec() Spec {
	return Spec{Puzzle: RotPuzzle, Pattern: RotPattern, Entries: RotEntries, Width: RotWidth,
		Build: BuildRotation}
}

// moveMask applies move m to the cells of a 24-bit mask.
func moveMask(mask uint32, m int) uint32 {
	return uint32(bitboard.Rotation(mask).Move(m)) & (1<<rotCells - 1)
}

// BuildRotation computes the Rotation Game table by a breadth-first search
// from the centre mask. Every move's inverse is a move (A/F, B/E, C/H, D/G),
// so the distance from a mask to the centre equals the distance from the
// centre to it. Each layer's frontier is split among GOMAXPROCS workers, which
// claim new masks with a compare-and-swap.
func BuildRotation(progress func(Progress)) (*Table, error) {
	start := time.Now()
	// visited is a bitset small enough for the L2 cache; dist is written
	// only by the worker that set the entry's visited bit.
	visited := make([]atomic.Uint64, (RotEntries+63)/64)
	dist := make([]uint8, RotEntries)
	workers := runtime.GOMAXPROCS(0)
	nexts := make([][]uint32, workers)
	goal := bitboard.RotationCentreMask
	visited[RankMask(goal)>>6].Or(1 << (RankMask(goal) & 63))
	frontier := []uint32{goal}
	seen := uint64(1)
	var wg sync.WaitGroup
	for d := 0; len(frontier) > 0; d++ {
		if progress != nil {
			progress(Progress{Depth: d, States: seen, Total: RotEntries, Elapsed: time.Since(start).Seconds()})
		}
		if d+1 > rotMaxDist {
			return nil, fmt.Errorf("pdb: rotation distances exceed %d, the most a %d-bit entry holds", rotMaxDist, RotWidth)
		}
		w := workers
		if len(frontier) < minParallel {
			w = 1
		}
		chunk := (len(frontier) + w - 1) / w
		for i := 0; i < w; i++ {
			part := frontier[min(i*chunk, len(frontier)):min((i+1)*chunk, len(frontier))]
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				nexts[i] = expandRotation(part, visited, dist, uint8(d+1), nexts[i][:0])
			}(i)
		}
		wg.Wait()
		frontier = frontier[:0]
		for i := 0; i < w; i++ {
			frontier = append(frontier, nexts[i]...)
		}
		seen += uint64(len(frontier))
	}
	if seen != RotEntries {
		return nil, fmt.Errorf("pdb: rotation search reached %d of %d masks", seen, RotEntries)
	}
	packed := make([]byte, (RotEntries+1)/2)
	for i := range dist {
		packed[i>>1] |= dist[i] << ((i & 1) << 2)
	}
	return NewTable(RotPuzzle, RotPattern, RotEntries, RotWidth, packed)
}

// minParallel is the smallest frontier worth splitting among workers.
const minParallel = 4096

// expandRotation appends to next every unseen neighbour of the frontier's
// masks, marking it at distance d.
func expandRotation(frontier []uint32, visited []atomic.Uint64, dist []uint8, d uint8, next []uint32) []uint32 {
	for _, mask := range frontier {
		for m := 0; m < bitboard.RotationMoves; m++ {
			c := moveMask(mask, m)
			r := RankMask(c)
			w, bit := &visited[r>>6], uint64(1)<<(r&63)
			if w.Load()&bit == 0 && w.Or(bit)&bit == 0 {
				dist[r] = d
				next = append(next, c)
			}
		}
	}
	return next
}

// pack4 packs byte values below 16 two to a byte, the even index low.
func pack4(v []uint8) []byte {
	out := make([]byte, (len(v)+1)/2)
	for i, x := range v {
		out[i>>1] |= x << ((i & 1) << 2)
	}
	return out
}

// RotDescentPattern is the pattern id of the Rotation Game descent table.
const RotDescentPattern = "centre8-descent"

// RotationDescentSpec describes the descent table derived from the distance
// table dist: for each mask, in RankMask order, the set of moves (bit m for
// move m, A = bit 0) that bring the mask one move closer to the centre. With
// it an exact solver walks straight down an optimal path, one lookup a move,
// instead of evaluating every child.
func RotationDescentSpec(dist *Table) Spec {
	return Spec{Puzzle: RotPuzzle, Pattern: RotDescentPattern, Entries: RotEntries, Width: 8,
		Build: func(func(Progress)) (*Table, error) { return BuildRotationDescent(dist) }}
}

// BuildRotationDescent derives the descent table from the distance table.
func BuildRotationDescent(dist *Table) (*Table, error) {
	spec := RotationSpec()
	if err := spec.check(dist, "distance table"); err != nil {
		return nil, err
	}
	out := make([]byte, RotEntries)
	workers := runtime.GOMAXPROCS(0)
	chunk := (RotEntries + workers - 1) / workers
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		lo, hi := min(w*chunk, RotEntries), min((w+1)*chunk, RotEntries)
		wg.Add(1)
		go func() {
			defer wg.Done()
			mask := UnrankMask(uint32(lo))
			for r := lo; r < hi; r++ {
				d := dist.Get(uint64(r))
				var set uint8
				for m := 0; m < bitboard.RotationMoves; m++ {
					if dist.Get(uint64(RankMask(moveMask(mask, m))))+1 == d {
						set |= 1 << m
					}
				}
				out[r] = set
				mask = nextMask(mask)
			}
		}()
	}
	wg.Wait()
	return NewTable(RotPuzzle, RotDescentPattern, RotEntries, 8, out)
}

// nextMask returns the next larger mask with as many bits set (Gosper's
// hack); in RankMask order that is the mask of the next rank.
func nextMask(m uint32) uint32 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

// LoadRotation returns the Rotation Game distance and descent tables from
// the cache, building whichever is missing.
func (c *Cache) LoadRotation() (dist, desc *Table, err error) {
	if dist, err = c.Load(RotationSpec()); err != nil {
		return nil, nil, err
	}
	if desc, err = c.Load(RotationDescentSpec(dist)); err != nil {
		return nil, nil, err
	}
	return dist, desc, nil
}
