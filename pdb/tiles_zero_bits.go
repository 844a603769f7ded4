package pdb

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Zero-aware tables at one bit an entry.
//
// In a zero-aware table every move of a pattern tile changes the cost h (in
// moves) by exactly one, and no other move changes it. A move of a tile not
// in the pattern moves the blank within its region: same state, same h. A
// move of a pattern tile is an edge of the abstract graph, so h changes by
// at most one (h is the distance to the goal state, edges are undirected:
// the tile can move back, the blank then being in the parent's region), and
// it changes h's parity: h and the Manhattan distance m of the pattern's
// tiles have one parity (h = m + 2 * entry), and the move changes m by one.
// So a child's h is its parent's plus or minus one, and of those two values
// (two apart) exactly one has the child's second bit (h>>1 & 1). A 1-bit
// table stores that bit for every state, in the zero-aware layout:
//
//	child h = parent h + 1  if ((parent h + 1) >> 1) & 1 == the child's bit
//	          parent h - 1  otherwise
//
// (TilesZeroBits.Next). h mod 4 of any state is 2*bit + (m mod 2), and a
// search needs the exact h of its root once (TilesZeroBits.Cost): from the
// root it walks down, at each state to a child one move of a pattern tile
// away whose h mod 4 is one less (there is one unless the state is the
// goal's: h is the distance to the goal state), and counts the moves until
// the goal state (tiles home, the blank in the region of cell 0), whose h
// is 0. That is h lookups of at most 4k children each, no byte table.
//
// TilesZeroBitsOf makes the 1-bit table of a byte table entry for entry,
// after checking the property on every edge of the abstract graph: it
// refuses (ErrTilesZeroStep) a table where two states one move of a pattern
// tile apart differ by other than one, where a state other than the goal's
// has h 0 or no neighbour of smaller h. Such a table is exactly the
// distance to the goal state, so its bits decode without error. The files
// have their own pattern ids ("zero0-1.2.5.6.7.12-bit1-v2": layout version
// 2, one bit) and pinned checksums.

const (
	// TilesZeroBitsWidth is the entry width of a 1-bit zero-aware table.
	TilesZeroBitsWidth = 1
	// TilesZeroBitsEncoding names the entry encoding of 1-bit zero-aware
	// tables in their pattern ids (TableParts.Encoding): each entry is bit
	// 1 of the cost, (h >> 1) & 1.
	TilesZeroBitsEncoding = "bit1"
	// tilesZeroBitsSuffix ends the pattern id of every 1-bit zero-aware
	// table: the entry encoding and the layout's version (as
	// tilesZeroSuffix).
	tilesZeroBitsSuffix = "-" + TilesZeroBitsEncoding + "-v2"
)

// ErrTilesZeroStep is returned when a zero-aware byte table cannot be
// stored at one bit an entry: two of its states one move of a pattern tile
// apart have costs that differ by other than one, a state other than the
// goal state has cost 0, or one has no neighbour of smaller cost (the
// table is not the distance to the goal state). It is also returned when
// TilesZeroBits.Cost finds no way down from a state of a 1-bit table (a
// table not made by TilesZeroBitsOf).
var ErrTilesZeroStep = errors.New("zero-aware table is not a distance that one bit an entry can hold")

// tilesZeroBitsPatternID names the 1-bit zero-aware table of a pattern,
// such as "zero0-1.2.5.6.7.12-bit1-v2".
func tilesZeroBitsPatternID(tiles []int) string {
	return tilesPatternID(TilesZeroWord, tiles, tilesZeroBitsSuffix)
}

// tilesZeroBitsPatternSpec describes the 1-bit zero-aware table of the
// pattern tiles (in index order) on the rows x cols board:
// TilesZeroEntries(rows, cols, len(tiles)) entries of 1 bit in the
// zero-aware layout, each bit 1 of the state's cost. Build builds the byte
// table and converts it (tilesZeroBitsBuilt); From converts the byte table
// of the pattern (tilesZeroPatternSpec) when the cache holds it, skipping
// its build.
func tilesZeroBitsPatternSpec(rows, cols int, tiles []int) Spec {
	tiles = slices.Clone(tiles)
	puzzle, id := TilesPuzzle(rows, cols), tilesZeroBitsPatternID(tiles)
	entries := TilesZeroEntries(rows, cols, len(tiles))
	source := tilesZeroPatternSpec(rows, cols, tiles)
	convert := tilesZeroBitsConvertFactor(puzzle, id) * source.BuildTime.Seconds()
	return Spec{Puzzle: puzzle, Pattern: id, Entries: entries, Width: TilesZeroBitsWidth,
		PeakBytes: source.PeakBytes + PackedSize(entries, TilesZeroBitsWidth),
		BuildTime: source.BuildTime + time.Duration(convert*float64(time.Second)),
		Build: func(o *BuildOptions) (*Table, error) {
			t, err := source.Build(o)
			if err != nil {
				return nil, err
			}
			return tilesZeroBitsBuilt(rows, cols, tiles, t, o)
		},
		From: &Derivation{Source: source, PeakBytes: processPeak(tilesZeroBitsFromBytes(rows, cols, len(tiles))),
			BuildTime: time.Duration(convert * float64(time.Second)),
			Build: func(t *Table, o *BuildOptions) (*Table, error) {
				return tilesZeroBitsBuilt(rows, cols, tiles, t, o)
			}}}
}

// tilesZeroBitsConvertFactor is the time of making a 1-bit table from its
// byte table, reading the byte table's file included, over the byte
// table's build: tilesZeroBitsPassFactor when its checksum is pinned (the
// conversion is a pass over the entries), else 1 more (the check walks
// every edge, as the build does).
func tilesZeroBitsConvertFactor(puzzle, id string) float64 {
	if _, ok := KnownChecksum(puzzle, id); ok {
		return tilesZeroBitsPassFactor
	}
	return tilesZeroBitsCheckFactor + tilesZeroBitsPassFactor
}

// tilesZeroBitsPassFactor is the time of reading a zero-aware byte table's
// file and packing its bits without the check over the time of its build,
// wall on two idle cores: the pinned 1-bit table of the 7-tile 5 x 5
// pattern {1, 2, 5, 6, 7, 10, 11} from its cached byte table took 46 s,
// against 848 s for the byte table's build, 0.054
// (docs/results/2026-12-02-24puzzle-zero7-build.md). In CPU, for a 6-tile
// 5 x 5 pattern: 1.0 s to read the file and 3.9 s to pack against about 65 s.
const tilesZeroBitsPassFactor = 0.055

// tilesZeroBitsCheckFactor is the time of checking every edge of a
// zero-aware table's abstract graph (TilesZeroBitsOf) over the time of the
// table's build, wall on two idle cores: for the 7-tile {1, 2, 5, 6, 7,
// 10, 11}, the whole conversion from its cached byte table, unpinned then,
// took 578 s against the build's 848 s, 0.68, of which
// tilesZeroBitsPassFactor is the pass
// (docs/results/2026-12-02-24puzzle-zero7-build.md). In CPU: 995 s
// against 1,618 s there, 50 s against about 65 s for a 6-tile 5 x 5 pattern.
const tilesZeroBitsCheckFactor = 0.63

// tilesZeroBitsFromBytes returns the memory, in bytes, that making the
// 1-bit zero-aware table of a k-tile pattern on a rows x cols board from
// its byte table holds at its peak: what the byte table's build allocates
// (tilesZeroBuildBytes) but its two bitmaps, the byte table being read
// instead, and the bits.
func tilesZeroBitsFromBytes(rows, cols, k int) uint64 {
	total := TilesZeroEntries(rows, cols, k)
	return tilesZeroBuildBytes(rows, cols, k) - 2*8*((total+63)/64) + PackedSize(total, TilesZeroBitsWidth)
}

// tilesZeroBitsBuilt returns the 1-bit table of t, the zero-aware byte
// table the build has just made. When the 1-bit table's checksum is pinned
// (knownChecksums), it packs the bits without checking every edge and
// returns them if their CRC is the pinned one: the same entries as a table
// that passed the check when it was pinned. Otherwise, or when the CRC
// differs, it is TilesZeroBitsOf, check and all. It runs on o's workers
// (o.Progress is not called).
func tilesZeroBitsBuilt(rows, cols int, tiles []int, t *Table, o *BuildOptions) (*Table, error) {
	w, err := o.WorkerCount()
	if err != nil {
		return nil, err
	}
	id := tilesZeroBitsPatternID(tiles)
	if want, ok := KnownChecksum(t.Puzzle, id); ok {
		if _, err := NewTilesZero(rows, cols, tiles, t); err != nil {
			return nil, err
		}
		bt, err := tilesZeroBitsPack(rows, cols, tiles, t, false, w)
		if err == nil && bt.Checksum == want {
			return bt, nil
		}
	}
	return tilesZeroBitsOf(rows, cols, tiles, t, w)
}

// TilesZeroBitsPatternLookup returns how to look up the 1-bit zero-aware
// table of the pattern tiles (any order) of the rows x cols board: as
// TilesZeroPatternLookup, whose table it is made from, and with the same
// sharing among symmetric patterns. Errors wrap ErrTilesPattern.
func TilesZeroBitsPatternLookup(rows, cols int, tiles []int) (TilesLookup, error) {
	l, err := TilesZeroPatternLookup(rows, cols, tiles)
	if err != nil {
		return TilesLookup{}, err
	}
	l.Spec = tilesZeroBitsPatternSpec(rows, cols, l.Tiles)
	return l, nil
}

// TilesZeroBitsOf returns the 1-bit table of t, the zero-aware byte table of
// the pattern tiles (in index order) on the rows x cols board: entry i is
// bit 1 of the cost of t's entry i (Manhattan distance of its placement
// plus twice the entry), packed eight to a byte (width 1). It first checks
// every edge of the abstract graph (see above) on all cores, about the CPU
// time of building t. Errors wrap ErrTilesPattern for a bad pattern,
// ErrMismatch for a table that is not the pattern's zero-aware table (as
// NewTilesZero), and ErrTilesZeroStep, naming a state and its cost, for a
// table without the property.
func TilesZeroBitsOf(rows, cols int, tiles []int, t *Table) (*Table, error) {
	return tilesZeroBitsOf(rows, cols, tiles, t, allWorkers())
}

// tilesZeroBitsOf is TilesZeroBitsOf on the given number of workers.
func tilesZeroBitsOf(rows, cols int, tiles []int, t *Table, workers int) (*Table, error) {
	if _, err := NewTilesZero(rows, cols, tiles, t); err != nil {
		return nil, err
	}
	return tilesZeroBitsPack(rows, cols, tiles, t, true, workers)
}

// tilesZeroBitsPack is TilesZeroBitsOf after its check of t's layout:
// it packs the bits of t's entries, and checks every edge when check is
// set (without it, a pass over the states and no children made), on the
// given number of workers.
func tilesZeroBitsPack(rows, cols int, tiles []int, t *Table, check bool, workers int) (*Table, error) {
	l := tilesZeroLayoutOf(rows, cols, len(tiles))
	total := l.entries + l.extra
	c := &tilesZeroCheckRun{b: newTilesZeroBuild(l, tiles, workers), data: t.Data, check: check,
		bits: make([]uint32, (PackedSize(total, TilesZeroBitsWidth)+3)/4)}
	c.goal = c.b.goal(tiles)
	tilesParallel(workers, c.b.blocks, tilesZeroChunk, func(lo, hi uint64) uint64 {
		var w tilesZeroWorker
		c.blocks(&w, lo, hi)
		return 0
	})
	if c.failed.Load() {
		return nil, fmt.Errorf("%w: %s/%s: %s", ErrTilesZeroStep, t.Puzzle, t.Pattern, c.fail)
	}
	return newTable(t.Puzzle, tilesZeroBitsPatternID(tiles), total, TilesZeroBitsWidth, tilesWordBytes(c.bits, PackedSize(total, TilesZeroBitsWidth)), workers)
}

// tilesWordBytes returns the bytes of words in little-endian order, the
// first n of them: the words' own memory on a little-endian machine.
func tilesWordBytes(words []uint32, n uint64) []byte {
	if tilesLittleEndian {
		return tilesBytesOf(words)[:n]
	}
	out := make([]byte, 4*len(words))
	for i, x := range words {
		out[4*i], out[4*i+1], out[4*i+2], out[4*i+3] = byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
	}
	return out[:n]
}

// tilesZeroCheckRun is one run of TilesZeroBitsOf's check.
type tilesZeroCheckRun struct {
	b      *tilesZeroBuild
	data   []byte   // the byte table
	check  bool     // check every edge, not only pack the bits
	bits   []uint32 // the 1-bit table, entry i at bit i%32 of word i/32 (tilesWordBytes makes it bytes)
	goal   uint64   // the goal state's entry
	failed atomic.Bool
	mu     sync.Mutex
	fail   string // the first failure found
	failAt uint64 // its state's entry
}

// blocks checks the states of the blocks [lo, hi) and sets their bits.
func (c *tilesZeroCheckRun) blocks(w *tilesZeroWorker, lo, hi uint64) {
	b := c.b
	l, z := b.l, b.regions
	nc, k := l.geo.nc, l.k
	pos := w.pos[:k]
	prefix := TilesUnrank(lo, nc, pos[:k-1])
	for j := lo; ; {
		m0 := 0
		for i := range k - 1 {
			m0 += int(b.md[i][pos[i]])
		}
		p, ov := j*b.blockLen, uint64(b.blockBefore[j])
		for free := l.geo.full &^ prefix; free != 0; free &= free - 1 {
			cell := uint8(bits.TrailingZeros32(free))
			used := prefix | 1<<cell
			u := l.colex(used)
			pos[k-1] = cell
			m := m0 + int(b.md[k-1][cell])
			r0, r1 := z.start[u], z.start[u+1]
			for s := range r1 - r0 {
				i := p
				if s > 0 {
					i = l.entries + ov + uint64(s) - 1
				}
				c.state(w, i, p, used, z.masks[r0+s], m)
			}
			ov += uint64(r1 - r0 - 1)
			p++
		}
		if j++; j == hi {
			return
		}
		prefix = tilesNextPlacement(&l.geo, pos[:k-1], prefix)
	}
}

// state checks the state of entry i (placement of rank p at w.pos, cells
// used, Manhattan distance m, the blank in region r) against its children
// and sets its bit.
func (c *tilesZeroCheckRun) state(w *tilesZeroWorker, i, p uint64, used, r uint32, m int) {
	h := m + 2*int(c.data[i])
	if h>>1&1 != 0 {
		atomic.OrUint32(&c.bits[i>>5], 1<<(i&31))
	}
	if !c.check || h == 0 && i == c.goal {
		return
	}
	if h == 0 {
		c.report(i, fmt.Sprintf("state %d (placement %d) has cost 0 and is not the goal state (entry %d)", i, p, c.goal))
		return
	}
	down := false
	for _, kid := range w.kids[:c.b.children(w, p, used, r, m)] {
		hk := int(kid.m) + 2*int(c.data[kid.idx])
		if hk != h+1 && hk != h-1 {
			c.report(i, fmt.Sprintf("state %d (placement %d) has cost %d and its neighbour %d one move of a pattern tile away %d",
				i, p, h, kid.idx, hk))
			return
		}
		down = down || hk == h-1
	}
	if !down {
		c.report(i, fmt.Sprintf("state %d (placement %d) has cost %d and no neighbour of cost %d", i, p, h, h-1))
	}
}

// report records the failure at the state of entry i, keeping the one of
// the lowest entry so that the error does not depend on the workers.
func (c *tilesZeroCheckRun) report(i uint64, what string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.failed.Load() || i < c.failAt {
		c.fail, c.failAt = what, i
		c.failed.Store(true)
	}
}

// TilesZeroBits indexes one loaded 1-bit zero-aware table: Index maps a
// state to its entry as TilesZero.Index does, Next gives a child's cost from
// its parent's and Cost a state's cost from scratch. It is safe for
// concurrent use.
type TilesZeroBits struct {
	index TilesZero // the layout; its data is nil
	data  []byte    // the bits, entry i at bit i%8 of byte i/8
	tiles []int     // the pattern, in index order
}

// NewTilesZeroBits checks that t is the 1-bit zero-aware table of the
// pattern tiles (in index order) on the rows x cols board, as
// TilesZeroBitsPatternLookup's Spec names it (puzzle, pattern id, entry
// count, width 1, packed size), and returns its index. Errors wrap
// ErrTilesPattern for a bad pattern and ErrMismatch for a table that is not
// the pattern's.
func NewTilesZeroBits(rows, cols int, tiles []int, t *Table) (*TilesZeroBits, error) {
	l, err := tilesZeroCheck(rows, cols, tiles)
	if err != nil {
		return nil, err
	}
	puzzle, id, want := TilesPuzzle(rows, cols), tilesZeroBitsPatternID(tiles), l.entries+l.extra
	if t.Puzzle != puzzle || t.Pattern != id || t.Width != TilesZeroBitsWidth || t.Entries != want ||
		uint64(len(t.Data)) != PackedSize(want, TilesZeroBitsWidth) {
		return nil, &FormatError{Offset: noOffset, Err: ErrMismatch, Detail: fmt.Sprintf(
			"1-bit zero-aware table: it holds %s/%s with %d entries of %d bits (%d bytes), want %s/%s with %d of %d",
			t.Puzzle, t.Pattern, t.Entries, t.Width, len(t.Data), puzzle, id, want, TilesZeroBitsWidth)}
	}
	z := &TilesZeroBits{index: TilesZero{layout: l, geo: l.geo}, data: t.Data, tiles: slices.Clone(tiles)}
	return z, nil
}

// Index returns the entry of the state whose placement has rank rank, its
// pattern tiles on the cells of occupied, the blank at cell blank (table
// coordinates), as TilesZero.Index does; its cost is the one Next gives
// from the parent's.
func (z *TilesZeroBits) Index(rank uint64, occupied uint32, blank uint8) uint64 {
	return z.index.Index(rank, occupied, blank)
}

// IndexOf is Index for a caller that holds the placement's cells, as
// TilesZero.IndexOf.
func (z *TilesZeroBits) IndexOf(rank uint64, pos []uint8, occupied uint32, blank uint8) uint64 {
	return z.index.IndexOf(rank, pos, occupied, blank)
}

// Layout returns the index of the table without its data: its Index,
// IndexOf, Region and MinorityIndex are the 1-bit table's (a TilesZero
// reads no entry).
func (z *TilesZeroBits) Layout() *TilesZero {
	return &z.index
}

// Bit returns entry i: bit 1 of the cost of its state, 0 or 1.
func (z *TilesZeroBits) Bit(i uint64) uint8 {
	return z.data[i>>3] >> (i & 7) & 1
}

// Next returns the cost of the state of entry i, reached from a state of
// cost h (h >= 1 when the child is closer to the goal) by one move of a
// pattern tile: h+1 or h-1, whichever has bit 1 equal to entry i. A move of
// any other tile leaves the state and its cost as they are; Next is not for
// it.
func (z *TilesZeroBits) Next(h uint8, i uint64) uint8 {
	up := h + 1
	// 0 when up's bit 1 is the entry: then up, else h-1 = up-2.
	return up - (up>>1^z.data[i>>3]>>(i&7))&1<<1
}

// Cost returns the cost of the state whose pattern tiles (in table order)
// are on the cells pos with the blank at cell blank, table coordinates:
// the fewest moves of pattern tiles that bring them home and the blank to
// cell 0, as the byte table's entry decodes (TilesManhattan + 2 * entry).
// It walks from the state down to the goal state one move of a pattern tile
// at a time (see above): h lookups of at most 4 * len(pos) children each,
// for a search's root. pos must be a placement of the table's pattern and
// blank a free cell. The error wraps ErrTilesZeroStep when the walk finds
// no way down, which a table made by TilesZeroBitsOf never gives.
func (z *TilesZeroBits) Cost(pos []uint8, blank uint8) (int, error) {
	l := z.index.layout
	g := &l.geo
	k := l.k
	cur := make([]uint8, k)
	copy(cur, pos)
	var used uint32
	m := 0
	for i, c := range cur {
		used |= 1 << c
		m += bitboard.TilesDistance(g.cols, z.tiles[i], int(c))
	}
	free := g.full &^ used
	r := g.region(1<<blank, free)
	// mod4 is h mod 4 of the current state: bit 1 stored, bit 0 m's parity.
	mod4 := func(i uint64, m int) int { return int(z.Bit(i))<<1 | m&1 }
	idx := l.index(TilesRank(cur, g.nc), cur, free, r)
	h := 0
	for {
		home := true
		for i, c := range cur {
			home = home && int(c) == z.tiles[i]
		}
		if home && r&1 != 0 {
			return h, nil
		}
		if h >= tilesUnset {
			break
		}
		cm, moved := mod4(idx, m), false
		for i := 0; i < k && !moved; i++ {
			from := cur[i]
			for to := g.neighbours[from] & r; to != 0 && !moved; to &= to - 1 {
				c := uint8(bits.TrailingZeros32(to))
				cur[i] = c
				m2 := m - bitboard.TilesDistance(g.cols, z.tiles[i], int(from)) + bitboard.TilesDistance(g.cols, z.tiles[i], int(c))
				free2 := free ^ 1<<from ^ 1<<c
				r2 := g.region(1<<from, free2)
				idx2 := l.index(TilesRank(cur, g.nc), cur, free2, r2)
				if (mod4(idx2, m2)-cm)&3 == 3 { // one less
					moved, m, free, r, idx = true, m2, free2, r2, idx2
					h++
				} else {
					cur[i] = from
				}
			}
		}
		if !moved {
			break
		}
	}
	return 0, fmt.Errorf("%w: no way down from a state %d moves from the placement %v (blank %d)", ErrTilesZeroStep, h, pos, blank)
}
