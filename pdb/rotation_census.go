package pdb

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// RotationBoards is the number of valid Rotation Game boards, 24!/(8!)^3.
const RotationBoards = 9_465_511_770

// Sizes of the census.
const (
	rotRest       = rotCells - rotK // cells outside one symbol's mask
	rotSplits     = 12_870          // C(16, 8): ways to share those cells between the other two symbols
	rotHalfSplits = rotSplits / 2   // splits up to swapping the other two symbols
	rotAllCells   = 1<<rotCells - 1 // the mask of every cell
	rotSymmetries = bitboard.RotationSymmetryCount
	censusLengths = rotMaxDist + 1         // histogram slots: every value a 4-bit entry holds
	censusChunk   = 1024                   // mask ranks a worker claims at a time
	censusTick    = 200 * time.Millisecond // interval between progress reports
	byteVals      = 256                    // values of one byte
	byteBits      = 8                      // bits in a byte
)

// ErrCensus reports a census whose counts do not add up; it means a bug or a
// corrupt table, never bad input.
var ErrCensus = errors.New("pdb: census counts do not add up")

// Census holds how many Rotation Game boards need each number of moves.
type Census struct {
	// Counts[l] is the number of boards whose optimal solution has l moves,
	// for l = 0..Max.
	Counts []uint64
	Total  uint64 // boards counted: RotationBoards
	Max    int    // the longest optimal solution
	Orbits int    // orbits of 8-cell masks under the board symmetries

	dist    *Table
	workers int
}

// AtMax returns how many boards need the maximum number of moves.
func (c *Census) AtMax() uint64 { return c.Counts[c.Max] }

// splitPatterns lists the 16-bit patterns with 8 bits set in increasing
// order, which is colexicographic order. Complementing a pattern reverses that
// order: pattern i and pattern rotSplits-1-i are complements, so a loop over
// the first half of the list visits every unordered split once.
var splitPatterns = func() (p [rotSplits]uint16) {
	m := uint32(1<<rotK - 1)
	for i := range p {
		p[i] = uint16(m)
		m = nextMask(m)
	}
	return p
}()

// orbitRep reports whether mask m is the smallest mask of its orbit under
// the board symmetries and, if it is, the orbit's size. For masks with the
// same number of bits, numeric order is rank order.
func orbitRep(m uint32) (size uint64, ok bool) {
	stab := uint64(1) // the identity fixes m
	for i := 1; i < rotSymmetries; i++ {
		x := bitboard.RotationSymmetries[i].Mask(m)
		if x < m {
			return 0, false
		}
		if x == m {
			stab++
		}
	}
	return rotSymmetries / stab, true // orbit-stabiliser theorem
}

// censusWorker counts boards one orbit representative at a time. Its fields
// are scratch space, so the inner loops allocate nothing.
type censusWorker struct {
	data  []byte                // the packed 4-bit distance table
	cells [rotRest]uint8        // the cells outside the representative, ascending
	lo    [byteVals]uint32      // rank of the cells picked by a pattern's low byte
	hi    [byteVals]uint32      // rank of the cells picked by a pattern's high byte
	dd    [rotSplits]uint8      // per split pattern: min(its mask's distance, d1)
	hist  [censusLengths]uint64 // boards per length
}

// fill sets w.dd[i] to min(d1, distance of the mask that splitPatterns[i]
// picks from the 16 cells outside m1), for every i.
//
// A pattern's low byte picks among the 8 lowest outside cells and its high
// byte among the 8 highest, so a mask's rank (the sum over its j-th lowest
// cell p of C(p, j)) splits into a part for each byte: for the low byte j
// counts from the bottom, and for the high byte, as the mask has 8 cells,
// j counts down from 8 at the top. Each part is one lookup in a 256-entry
// table built per representative.
func (w *censusWorker) fill(m1 uint32, d1 uint8) {
	rest := ^m1 & rotAllCells
	for i := range w.cells {
		w.cells[i] = uint8(bits.TrailingZeros32(rest))
		rest &= rest - 1
	}
	w.lo[0], w.hi[0] = 0, 0
	for p := 1; p < byteVals; p++ {
		top := bits.Len8(uint8(p)) - 1
		w.lo[p] = w.lo[p&^(1<<top)] + binom[w.cells[top]][bits.OnesCount8(uint8(p))]
		low := bits.TrailingZeros8(uint8(p))
		w.hi[p] = w.hi[p&(p-1)] + binom[w.cells[byteBits+low]][rotK+1-bits.OnesCount8(uint8(p))]
	}
	data := w.data
	for i, p := range &splitPatterns {
		r := w.lo[uint8(p)] + w.hi[uint8(p>>byteBits)]
		w.dd[i] = min(data[r>>1]>>((r&1)<<2)&rotMaxDist, d1)
	}
}

// addOrbit counts the boards whose symbol-1 mask lies in the orbit of m1,
// an orbit of the given size, given d1, the distance of m1.
//
// The symmetries are used as follows. A board's optimal length is the least
// distance of its three symbol masks. The board symmetries map each mask's
// cells to another mask with the same distance, so all boards whose symbol-1
// mask is in one orbit have the same histogram: counting those with symbol-1
// mask m1 and weighting by the orbit size gives all of them. The relabellings
// of the symbols are accounted for by counting ordered triples (m1, m2, m3):
// every board is counted exactly once, under its own labels, and the swap of
// symbols 2 and 3 leaves the length unchanged, so each unordered split of the
// other 16 cells is looked at once and counted twice.
func (w *censusWorker) addOrbit(m1 uint32, d1 uint8, size uint64) {
	w.fill(m1, d1)
	var count [censusLengths]uint32
	dd := &w.dd
	for i := 0; i < rotHalfSplits; i++ {
		count[min(dd[i], dd[rotSplits-1-i])&rotMaxDist]++
	}
	for l, n := range count {
		w.hist[l] += 2 * size * uint64(n)
	}
}

// get returns the distance of the mask of rank r.
func (w *censusWorker) get(r uint32) uint8 {
	return w.data[r>>1] >> ((r & 1) << 2) & rotMaxDist
}

// RotationCensus counts the Rotation Game boards at each optimal solution
// length, reading lengths off the distance table dist with no search. It
// splits the masks among workers goroutines (GOMAXPROCS if workers <= 0) and
// calls progress, if not nil, from the calling goroutine every 200 ms with
// the boards counted so far (Depth is not used).
func RotationCensus(dist *Table, workers int, progress func(Progress)) (*Census, error) {
	if err := RotationSpec().check(dist, "census table"); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	var next atomic.Uint32 // first rank not yet claimed
	var done atomic.Uint64 // boards counted so far
	var orbits atomic.Int64
	ws := make([]censusWorker, workers)
	var wg sync.WaitGroup
	for i := range ws {
		w := &ws[i]
		w.data = dist.Data
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 0
			for {
				lo := next.Add(censusChunk) - censusChunk
				if lo >= RotEntries {
					break
				}
				hi := min(lo+censusChunk, RotEntries)
				m := UnrankMask(lo)
				var boards uint64
				for r := lo; r < hi; r++ {
					if size, ok := orbitRep(m); ok {
						w.addOrbit(m, w.get(r), size)
						boards += size * rotSplits
						n++
					}
					m = nextMask(m)
				}
				done.Add(boards)
			}
			orbits.Add(int64(n))
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	if progress != nil {
		tick := time.NewTicker(censusTick)
		defer tick.Stop()
	wait:
		for {
			select {
			case <-finished:
				break wait
			case <-tick.C:
				progress(Progress{States: done.Load(), Total: RotationBoards, Elapsed: time.Since(start).Seconds()})
			}
		}
	}
	<-finished
	var hist [censusLengths]uint64
	for i := range ws {
		for l, n := range ws[i].hist {
			hist[l] += n
		}
	}
	c := &Census{Orbits: int(orbits.Load()), dist: dist, workers: workers}
	for l, n := range hist {
		c.Total += n
		if n > 0 {
			c.Max = l
		}
	}
	c.Counts = slices.Clone(hist[:c.Max+1])
	if progress != nil {
		progress(Progress{States: c.Total, Total: RotationBoards, Elapsed: time.Since(start).Seconds()})
	}
	if c.Total != RotationBoards {
		return nil, fmt.Errorf("%w: %d boards, want %d", ErrCensus, c.Total, uint64(RotationBoards))
	}
	return c, nil
}

// Antipodes returns every board whose optimal solution has Max moves, sorted
// as their text forms sort (cell 0 first), with no repeats.
func (c *Census) Antipodes() ([]bitboard.Rotation, error) {
	boards := rotationBoardsFrom(c.dist, uint8(c.Max), c.workers)
	if uint64(len(boards)) != c.AtMax() {
		return nil, fmt.Errorf("%w: found %d boards at length %d, the census counted %d",
			ErrCensus, len(boards), c.Max, c.AtMax())
	}
	return boards, nil
}

// rotationBoardsFrom returns every board whose three symbol masks all have
// distance at least l (at the census maximum: the boards at that length),
// sorted in text order. It enumerates the boards whose symbol-1 mask is an
// orbit representative and maps each through the 8 symmetries: a board's
// symbol-1 mask is the image of a representative under some symmetry, whose
// inverse takes the board to one that was enumerated.
func rotationBoardsFrom(dist *Table, l uint8, workers int) []bitboard.Rotation {
	var next atomic.Uint32
	found := make([][]uint64, workers)
	var wg sync.WaitGroup
	for i := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &censusWorker{data: dist.Data}
			var keys []uint64
			for {
				lo := next.Add(censusChunk) - censusChunk
				if lo >= RotEntries {
					break
				}
				hi := min(lo+censusChunk, RotEntries)
				m := UnrankMask(lo)
				for r := lo; r < hi; r++ {
					if d1 := w.get(r); d1 >= l {
						if _, ok := orbitRep(m); ok {
							keys = w.collect(m, d1, l, keys)
						}
					}
					m = nextMask(m)
				}
			}
			found[i] = keys
		}()
	}
	wg.Wait()
	keys := slices.Concat(found...)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	boards := make([]bitboard.Rotation, len(keys))
	for i, k := range keys {
		boards[i] = boardOfKey(k)
	}
	return boards
}

// collect appends to keys the sort keys of the images under every symmetry
// of the boards with symbol-1 mask m1 (at distance d1 >= l) whose other two
// masks are at distance l or more.
func (w *censusWorker) collect(m1 uint32, d1, l uint8, keys []uint64) []uint64 {
	w.fill(m1, d1)
	for i, p := range &splitPatterns {
		if w.dd[i] < l || w.dd[rotSplits-1-i] < l {
			continue
		}
		var m2 uint32
		for j := range w.cells {
			if p>>j&1 == 1 {
				m2 |= 1 << w.cells[j]
			}
		}
		m3 := ^(m1 | m2) & rotAllCells
		// Symbol 1 sets the low plane, 2 the high, 3 both.
		b := bitboard.Rotation(uint64(m1|m3) | uint64(m2|m3)<<rotCells)
		for s := range bitboard.RotationSymmetries {
			keys = append(keys, boardKey(bitboard.RotationSymmetries[s].Apply(b)))
		}
	}
	return keys
}

// boardKey packs a board's symbols two bits a cell, cell 0 highest, so keys
// sort as the boards' text forms do.
func boardKey(b bitboard.Rotation) uint64 {
	var k uint64
	for c := 0; c < rotCells; c++ {
		k = k<<2 | uint64(b.Cell(c))
	}
	return k
}

// boardOfKey is the inverse of boardKey.
func boardOfKey(k uint64) bitboard.Rotation {
	var lo, hi uint64
	for c := rotCells - 1; c >= 0; c-- {
		s := k & 3
		k >>= 2
		lo |= (s & 1) << c
		hi |= (s >> 1) << c
	}
	return bitboard.Rotation(lo | hi<<rotCells)
}
