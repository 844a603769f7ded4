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
	rotationRest       = rotationCells - rotationK // cells outside one symbol's mask
	rotationSplits     = 12_870                    // C(16, 8): ways to share those cells between the other two symbols
	rotationAllCells   = 1<<rotationCells - 1      // the mask of every cell
	rotationSymmetries = bitboard.RotationSymmetryCount
	censusLengths      = rotationMaxDist + 1    // histogram slots: every value a 4-bit entry holds
	censusChunk        = 1024                   // mask ranks a worker claims at a time
	censusTick         = 200 * time.Millisecond // interval between progress reports
	byteVals           = 256                    // values of one byte
	byteBits           = 8                      // bits in a byte
)

// ErrCensus is returned when a census's counts do not add up; it means a bug
// or a corrupt table, never bad input.
var ErrCensus = errors.New("census counts do not add up")

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

// lowBytes lists the byte values grouped by how many bits they have set,
// ascending within a group: group k is lowBytes[lowOff[k]:lowOff[k+1]].
// Complementing a byte (255-v) maps group k onto group 8-k in reverse order.
var lowBytes, lowOff = func() (vals [byteVals]uint8, off [byteBits + 2]int) {
	i := 0
	for k := 0; k <= byteBits; k++ {
		off[k] = i
		for v := 0; v < byteVals; v++ {
			if bits.OnesCount8(uint8(v)) == k {
				vals[i] = uint8(v)
				i++
			}
		}
	}
	off[byteBits+1] = i
	return vals, off
}()

// orbitRep reports whether mask m is the smallest mask of its orbit under
// the board symmetries and, if it is, the orbit's size. For masks with the
// same number of bits, numeric order is rank order.
func orbitRep(m uint32) (size uint64, ok bool) {
	stab := uint64(1) // the identity fixes m
	for i := 1; i < rotationSymmetries; i++ {
		x := bitboard.RotationSymmetries[i].Mask(m)
		if x < m {
			return 0, false
		}
		if x == m {
			stab++
		}
	}
	return rotationSymmetries / stab, true // orbit-stabiliser theorem
}

// censusWorker counts boards one orbit representative at a time. Its fields
// are scratch space, so the inner loops allocate nothing.
type censusWorker struct {
	dist   []uint8               // distance of every mask, by rank, a byte each
	rest   uint32                // the cells outside the representative
	cells  [rotationRest]uint8   // those cells, ascending
	loRank [byteVals]uint32      // rank part of the cells picked by a low byte, in lowBytes order
	hiRank [byteVals]uint32      // rank part of the cells picked by a high byte, by its value
	hist   [censusLengths]uint64 // boards per length
}

// prepare fills the rank tables for the 16 cells outside mask m1.
//
// A split of those cells between symbols 2 and 3 is a 16-bit pattern with 8
// bits set, bit i picking the i-th lowest outside cell for symbol 2. Its low
// byte picks among the 8 lowest cells and its high byte among the 8 highest,
// so the rank of symbol 2's mask (the sum over its j-th lowest cell p of
// C(p, j)) is a part for each byte: for the low byte j counts up from 1 at
// its lowest set bit, and for the high byte, as the mask has 8 cells, j
// counts down from 8 at its highest. Each part is one lookup in a 256-entry
// table built here, once per representative.
func (w *censusWorker) prepare(m1 uint32) {
	w.rest = ^m1 & rotationAllCells
	rest := w.rest
	for i := range w.cells {
		w.cells[i] = uint8(bits.TrailingZeros32(rest))
		rest &= rest - 1
	}
	var lo [byteVals]uint32
	w.hiRank[0] = 0
	for p := 1; p < byteVals; p++ {
		top := bits.Len8(uint8(p)) - 1
		lo[p] = lo[p&^(1<<top)] + binom[w.cells[top]][bits.OnesCount8(uint8(p))]
		low := bits.TrailingZeros8(uint8(p))
		w.hiRank[p] = w.hiRank[p&(p-1)] + binom[w.cells[byteBits+low]][rotationK+1-bits.OnesCount8(uint8(p))]
	}
	for j, v := range &lowBytes {
		w.loRank[j] = lo[v]
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
// other 16 cells is looked at once (the patterns whose bit 15 is clear, each
// paired with its complement) and counted twice. Lengths above d1 are
// counted as d1 at the end rather than capped in the loop.
func (w *censusWorker) addOrbit(m1 uint32, d1 uint8, size uint64) {
	w.prepare(m1)
	var count [censusLengths]uint32
	dist := w.dist
	for ph := 0; ph < byteVals/2; ph++ {
		q := bits.OnesCount8(uint8(ph)) // bits the high byte picks; the low byte picks 8-q
		b2, b3 := w.hiRank[ph], w.hiRank[byteVals-1-ph]
		lows := w.loRank[lowOff[rotationK-q]:lowOff[rotationK-q+1]]
		comps := w.loRank[lowOff[q]:lowOff[q+1]]
		n := len(lows)
		comps = comps[:n]
		for j, r := range lows {
			v := min(dist[b2+r], dist[b3+comps[n-1-j]])
			count[v&rotationMaxDist]++
		}
	}
	for l := int(d1) + 1; l < censusLengths; l++ {
		count[d1] += count[l]
		count[l] = 0
	}
	for l, n := range count {
		w.hist[l] += 2 * size * uint64(n)
	}
}

// deposit returns the mask of the outside cells that a 16-bit pattern picks.
func (w *censusWorker) deposit(p uint32) uint32 {
	var m uint32
	for ; p != 0; p &= p - 1 {
		m |= 1 << w.cells[bits.TrailingZeros32(p)]
	}
	return m
}

// RotationCensus counts the Rotation Game boards at each optimal solution
// length, reading lengths off the distance table dist with no search. It
// splits the masks among workers goroutines (GOMAXPROCS if workers <= 0) and
// calls progress, if not nil, from the calling goroutine every 200 ms with
// the boards counted so far (Depth is not used), and once more with Done set
// when the count ends.
func RotationCensus(dist *Table, workers int, progress func(Progress)) (*Census, error) {
	if err := RotationSpec().check(dist, "census table"); err != nil {
		return nil, err
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	start := time.Now()
	var done atomic.Uint64 // boards counted so far
	var orbits atomic.Int64
	bytes := unpack4(dist)
	ws := make([]censusWorker, workers)
	for i := range ws {
		ws[i].dist = bytes
	}
	finished := eachMask(workers, func(w int, r, m uint32) {
		if size, ok := orbitRep(m); ok {
			ws[w].addOrbit(m, bytes[r], size)
			done.Add(size * rotationSplits)
			orbits.Add(1)
		}
	})
	if progress != nil {
		tickUntil(finished, censusTick, func() {
			progress(Progress{States: done.Load(), Total: RotationBoards, Elapsed: time.Since(start).Seconds()})
		})
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
		progress(Progress{Done: true})
	}
	if c.Total != RotationBoards {
		return nil, fmt.Errorf("%w: %d boards, want %d", ErrCensus, c.Total, uint64(RotationBoards))
	}
	return c, nil
}

// eachMask calls visit(w, r, m) for every mask m of 8 cells, r its rank,
// on workers goroutines (w is the goroutine's index, 0..workers-1), which
// claim censusChunk ranks at a time. It returns a channel closed when all
// are done.
func eachMask(workers int, visit func(w int, r, m uint32)) <-chan struct{} {
	var next atomic.Uint32 // first rank not yet claimed
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := next.Add(censusChunk) - censusChunk
				if lo >= RotationEntries {
					return
				}
				hi := min(lo+censusChunk, RotationEntries)
				m := unrankMask(lo)
				for r := lo; r < hi; r++ {
					visit(w, r, m)
					m = nextMask(m)
				}
			}
		}()
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	return finished
}

// Antipodes returns every board whose optimal solution has Max moves, sorted
// as their text forms sort (cell 0 first), with no repeats. It needs a
// census returned by RotationCensus, whose table it reads again.
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
	bytes := unpack4(dist)
	found := make([][]uint64, workers)
	ws := make([]censusWorker, workers)
	for i := range ws {
		ws[i].dist = bytes
	}
	<-eachMask(workers, func(w int, r, m uint32) {
		if bytes[r] >= l {
			if _, ok := orbitRep(m); ok {
				found[w] = ws[w].collect(m, l, found[w])
			}
		}
	})
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
// of the boards with symbol-1 mask m1 whose other two masks are at distance
// l or more.
func (w *censusWorker) collect(m1 uint32, l uint8, keys []uint64) []uint64 {
	w.prepare(m1)
	for ph := 0; ph < byteVals/2; ph++ {
		q := bits.OnesCount8(uint8(ph))
		for j := lowOff[rotationK-q]; j < lowOff[rotationK-q+1]; j++ {
			m2 := w.deposit(uint32(lowBytes[j]) | uint32(ph)<<byteBits)
			m3 := w.rest &^ m2
			if w.dist[RankMask(m2)] < l || w.dist[RankMask(m3)] < l {
				continue
			}
			// Symbol 1 sets the low plane, 2 the high, 3 both; 2 and 3 swap.
			for _, b := range [...]bitboard.Rotation{
				bitboard.Rotation(uint64(m1|m3) | uint64(m2|m3)<<rotationCells),
				bitboard.Rotation(uint64(m1|m2) | uint64(m2|m3)<<rotationCells),
			} {
				for s := range bitboard.RotationSymmetries {
					keys = append(keys, boardKey(bitboard.RotationSymmetries[s].Apply(b)))
				}
			}
		}
	}
	return keys
}

// unpack4 returns the entries of a 4-bit table a byte each: twice the
// memory, but one load and no shifts in the census's inner loop.
func unpack4(t *Table) []uint8 {
	out := make([]uint8, t.Entries)
	for i := range out {
		out[i] = t.Get(uint64(i))
	}
	return out
}

// boardKey packs a board's symbols two bits a cell, cell 0 highest, so keys
// sort as the boards' text forms do.
func boardKey(b bitboard.Rotation) uint64 {
	var k uint64
	for c := 0; c < rotationCells; c++ {
		k = k<<2 | uint64(b.Cell(c))
	}
	return k
}

// boardOfKey is the inverse of boardKey.
func boardOfKey(k uint64) bitboard.Rotation {
	var lo, hi uint64
	for c := rotationCells - 1; c >= 0; c-- {
		s := k & 3
		k >>= 2
		lo |= (s & 1) << c
		hi |= (s >> 1) << c
	}
	return bitboard.Rotation(lo | hi<<rotationCells)
}
