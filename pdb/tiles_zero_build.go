package pdb

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime/debug"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Building a zero-aware table in place.
//
// clausecker/24puzzle (pdbgen.c) builds its zero-aware tables in the table
// alone, one byte an entry: every entry starts at "infinity" but the goal
// state's 0, and round r scans the whole table for the entries holding
// r-1, turns each back into a board (split_index, invert_index), makes
// every blank move that leaves the zero region and writes r into each
// child's entry still at infinity. This build is that construction with
// two changes: entries keep the encoding of the plain tables (cost less
// Manhattan distance, halved), and a bitmap of the states of the current
// cost replaces the scan.
//
// The search is a breadth-first search by layers of cost over the
// (placement, region) states, which are exactly the table's entries, so the
// table itself is the set of visited states: an entry is tilesUnset until its
// state is reached, and then holds its encoded cost ((cost - Manhattan
// distance) / 2, which the state's placement decodes again). Beside the
// table, two bitmaps of one bit an entry hold the states of the current cost
// (frontier) and those reached for the next (next). So a build holds
//
//	table        1 byte an entry
//	frontier     1 bit an entry
//	next         1 bit an entry
//	blockBefore  4 bytes a block (a placement of k-1 tiles): 0.14 bytes an
//	             entry for 6 tiles on 5 x 5, 0.13 for 7
//	regions      the regions of every k-subset of cells and the slot a move
//	             leads to, about 5 nc + 12 bytes a subset: 24 MB for k = 6
//	             on 5 x 5, 66 MB for 7
//
// and the layout (1.7 MB for k = 6 on 5 x 5, 7.7 MB for 7): 1.53 bytes an
// entry for 6 tiles on 5 x 5 (278 MB; the search by cells that built these
// tables before held three bit planes of 32 bits a placement beside the
// entries, 9.45 bytes an entry, 1.71 GB), and 1.39 for 7 (5.67 GB for
// 4.07e9 entries, against 33 GB; tilesZeroBuildBytes).
//
// A layer expands each frontier state (placement p, region r of its free
// cells): every pattern tile next to r moves into r (cost 1), the blank
// ends on the cell the tile left, and the child's state is the placement q
// (tilesStepRank) with the region of that cell among q's free cells. The
// regions depend only on the set of occupied cells, so the child's region,
// its slot (main or which other) and so its entry come from tables over the
// k-subsets (tilesZeroRegions: by the parent's occupied cells, the moved
// tile's cell and the direction) and the layout's before(q) (that of q's
// block and one term), with no flood fill. A child whose entry is still
// tilesUnset gets cost + 1, encoded, and its bit in next; workers share the table and next through atomic AND and
// OR on their 32- and 64-bit words, and a state reached by two workers at
// once gets the same value from both. Workers take blocks of placements
// that differ only in the last tile's cell (consecutive ranks; their other
// regions are consecutive in the overflow section too), skipping blocks with
// no frontier bit.

// tilesZeroRegions lists the connected regions of the free cells of every
// k-subset S of the board's cells (the occupied cells), by the subset's
// colexicographic rank u.
type tilesZeroRegions struct {
	// slot[u*nc+c] is the slot (as tilesZeroLayout.slot numbers them: 0
	// the main region) of the region holding the free cell c; tilesUnset
	// for an occupied cell.
	slot []uint8
	// start[u] is the index in masks of the first region of S, main region
	// first, then the others in slot order; start[u+1]-start[u] regions.
	start []uint32
	masks []uint32
	// move[(u*nc+a)*4+dir] is, for the occupied cell a of S and the free
	// cell c next to it in direction dir (tilesDir), the slot of the region
	// holding a once its tile has moved to c: of the free cells of
	// S - a + c. So a state's children need no rank of their cells.
	move []uint8
}

// tilesDir numbers the direction from cell a to its neighbour c: 0 right,
// 1 left, 2 down, 3 up.
func tilesDir(a, c uint8) int {
	switch {
	case c == a+1:
		return 0
	case c+1 == a:
		return 1
	case c > a:
		return 2
	}
	return 3
}

// newTilesZeroRegions computes the regions of every k-subset of cells.
func (l *tilesZeroLayout) newRegions() *tilesZeroRegions {
	nc := l.geo.nc
	n := l.binom[nc][l.k]
	z := &tilesZeroRegions{slot: make([]uint8, uint64(n)*uint64(nc)), start: make([]uint32, n+1)}
	tilesSubsetsOf(nc, l.k, func(u uint32, s uint32) {
		regions, cnt, main := l.regionsOf(l.geo.full &^ s)
		z.start[u] = uint32(len(z.masks))
		row := z.slot[uint64(u)*uint64(nc):][:nc]
		for c := range row {
			row[c] = tilesUnset
		}
		add := func(x uint32, slot int) {
			z.masks = append(z.masks, x)
			for ; x != 0; x &= x - 1 {
				row[bits.TrailingZeros32(x)] = uint8(slot)
			}
		}
		add(regions[main], 0)
		slot := 1
		for i := range cnt {
			if i != main {
				add(regions[i], slot)
				slot++
			}
		}
	})
	z.start[n] = uint32(len(z.masks))
	z.move = make([]uint8, uint64(n)*uint64(nc)*4)
	tilesSubsetsOf(nc, l.k, func(u uint32, s uint32) {
		for x := s; x != 0; x &= x - 1 {
			a := uint8(bits.TrailingZeros32(x))
			for to := l.geo.neighbours[a] &^ s; to != 0; to &= to - 1 {
				c := uint8(bits.TrailingZeros32(to))
				child := l.colex(s ^ 1<<a ^ 1<<c)
				z.move[(uint64(u)*uint64(nc)+uint64(a))*4+uint64(tilesDir(a, c))] = z.slot[uint64(child)*uint64(nc)+uint64(a)]
			}
		}
	})
	return z
}

// tilesLittleEndian reports whether the machine stores the low byte of a word
// first: the table's byte i is then bits 8*(i%4).. of its 32-bit word i/4.
var tilesLittleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

// tilesBytesOf returns the memory of words as bytes, 4 a word in the
// machine's order.
func tilesBytesOf(words []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(words))), 4*len(words))
}

// tilesZeroBuild is the state of one in-place zero-aware build.
type tilesZeroBuild struct {
	l        *tilesZeroLayout
	regions  *tilesZeroRegions
	words    []uint32 // the table, four entries a word
	frontier []uint64 // one bit an entry: states of the current cost
	next     []uint64 // states reached for the next cost
	md       [tilesMaxPieces][bitboard.TilesMaxCells]uint8
	weight   [tilesMaxPieces]uint64 // weight of tile i's digit in the rank
	blockLen uint64                 // placements a block: nc-k+1
	blockRec uint64                 // ceil(2^64/blockLen), to divide by it
	blocks   uint64                 // TilesEntries(nc, k-1)
	// blockBefore[j] is before() of the first placement of block j: the
	// extra regions of all placements ranked below it.
	blockBefore []uint32
	bad         atomic.Bool // a cost broke the parity rule
}

// buildTilesZeroPattern computes the zero-aware table of the pattern made
// of tiles (in index order) on the rows x cols board and returns its
// entries in the layout above, one byte each: (cost - Manhattan distance) /
// 2 for every placement and region of its free cells. The pattern is as
// BuildTilesPattern takes it; errors wrap ErrTilesPattern. progress, if not
// nil, is called after each cost layer and every second within a long one,
// with States counting (placement, region) states. It allocates
// tilesZeroBuildBytes and runs on the given number of workers.
func buildTilesZeroPattern(rows, cols int, tiles []int, workers int, progress func(Progress)) ([]byte, error) {
	l, err := tilesZeroCheck(rows, cols, tiles)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	total := l.entries + l.extra
	b := newTilesZeroBuild(l, tiles, workers)
	b.words = make([]uint32, (total+3)/4)
	data := tilesBytesOf(b.words)[:total]
	for i := range data {
		data[i] = tilesUnset
	}
	b.frontier = make([]uint64, (total+63)/64)
	b.next = make([]uint64, (total+63)/64)
	g := b.goal(tiles)
	data[g] = 0
	b.frontier[g>>6] |= 1 << (g & 63)

	var reached atomic.Uint64
	var depth atomic.Int64
	report, stop := tilesReport(progress, start, total, &depth, &reached)
	defer stop()
	for d := 0; ; d++ {
		if d+1 >= tilesUnset {
			return nil, fmt.Errorf("%w: costs above %d", ErrTilesPattern, tilesUnset-1)
		}
		depth.Store(int64(d))
		n := tilesParallel(workers, b.blocks, tilesZeroChunk, func(lo, hi uint64) uint64 {
			var w tilesZeroWorker
			n := b.expand(&w, lo, hi, uint8(d))
			reached.Add(n)
			return n
		})
		report()
		if n == 0 {
			break
		}
		b.frontier, b.next = b.next, b.frontier
		tilesParallel(workers, uint64(len(b.next)), tilesChunk, func(lo, hi uint64) uint64 {
			clear(b.next[lo:hi])
			return 0
		})
	}
	stop()
	if r := reached.Load(); r != total {
		return nil, fmt.Errorf("%w: reached %d of %d entries", ErrTilesPattern, r, total)
	}
	if b.bad.Load() {
		return nil, fmt.Errorf("%w: a cost and its Manhattan distance differ in parity", ErrTilesPattern)
	}
	b.frontier, b.next, b.regions, b.blockBefore = nil, nil, nil, nil
	if tilesZeroBuildBytes(rows, cols, l.k) >= releaseBytes {
		debug.FreeOSMemory()
	}
	return data, nil
}

// newTilesZeroBuild sets up what a build (or a walk over every state, as
// TilesZeroBitsOf's check) of the zero-aware table of tiles with layout l
// needs besides the table: the regions of the k-subsets, the Manhattan
// distances and digit weights of the tiles and before() of every block,
// computed on the given number of workers.
func newTilesZeroBuild(l *tilesZeroLayout, tiles []int, workers int) *tilesZeroBuild {
	nc, k, cols := l.geo.nc, l.k, l.geo.cols
	b := &tilesZeroBuild{l: l, regions: l.newRegions(), blockLen: uint64(nc - k + 1), blocks: TilesEntries(nc, k-1)}
	b.blockRec = ^uint64(0)/b.blockLen + 1
	b.blockBefore = make([]uint32, b.blocks)
	tilesParallel(workers, b.blocks, tilesZeroChunk, b.fillBlockBefore)
	tilesPieceTables(&b.md, &b.weight, cols, nc, tiles)
	return b
}

// goal returns the entry of the goal state of the pattern tiles: the tiles
// home, the blank in the region of cell 0.
func (b *tilesZeroBuild) goal(tiles []int) uint64 {
	l := b.l
	goal := make([]uint8, len(tiles))
	var used uint32
	for i, t := range tiles {
		goal[i], used = uint8(t), used|1<<t
	}
	free := l.geo.full &^ used
	return l.index(TilesRank(goal, l.geo.nc), goal, free, l.geo.region(1, free))
}

// tilesZeroChunk is the number of blocks a worker takes at a time.
const tilesZeroChunk = 1 << 10

// tilesZeroChild is a state one move of a pattern tile away from another:
// its entry and the Manhattan distance of its placement.
type tilesZeroChild struct {
	idx uint64
	m   uint8
}

// tilesZeroWorker holds one worker's view of the placement it is at.
type tilesZeroWorker struct {
	kids       [4 * tilesMaxPieces]tilesZeroChild // the children of a state
	pos        [tilesMaxPieces]uint8
	before     [tilesMaxPieces]uint32 // cells of the tiles before tile i
	cellWeight [bitboard.TilesMaxCells]uint64
}

// tilesAnyBit reports whether any bit of [lo, hi) is set in the bitmap bm.
func tilesAnyBit(bm []uint64, lo, hi uint64) bool {
	if lo >= hi {
		return false
	}
	wl, wh := lo>>6, (hi-1)>>6
	ml, mh := ^uint64(0)<<(lo&63), ^uint64(0)>>(63-((hi-1)&63))
	if wl == wh {
		return bm[wl]&ml&mh != 0
	}
	if bm[wl]&ml != 0 || bm[wh]&mh != 0 {
		return true
	}
	for w := wl + 1; w < wh; w++ {
		if bm[w] != 0 {
			return true
		}
	}
	return false
}

// expand expands the frontier states of the blocks [lo, hi) at cost d and
// returns how many it expanded. Block j holds the placements whose first k-1
// tiles have rank j among the placements of k-1 tiles: ranks
// j*blockLen ... j*blockLen+blockLen-1, the last tile on each free cell in
// turn.
func (b *tilesZeroBuild) expand(w *tilesZeroWorker, lo, hi uint64, d uint8) uint64 {
	l := b.l
	nc, k := l.geo.nc, l.k
	pos := w.pos[:k]
	var prefix uint32
	var n uint64
	unranked := false
	for j := lo; j < hi; j++ {
		ov := uint64(b.blockBefore[j])
		ov1 := l.extra
		if j+1 < b.blocks {
			ov1 = uint64(b.blockBefore[j+1])
		}
		p0 := j * b.blockLen
		if !tilesAnyBit(b.frontier, p0, p0+b.blockLen) && !tilesAnyBit(b.frontier, l.entries+ov, l.entries+ov1) {
			unranked = false
			continue
		}
		if unranked {
			prefix = tilesNextPlacement(&l.geo, pos[:k-1], prefix)
		} else {
			prefix = TilesUnrank(j, nc, pos[:k-1])
			unranked = true
		}
		n += b.expandBlock(w, p0, ov, prefix, d)
	}
	return n
}

// block returns the block of the placement of rank q: q / blockLen.
func (b *tilesZeroBuild) block(q uint64) uint64 {
	hi, _ := bits.Mul64(b.blockRec, q) // exact for q < 2^32 (tilesReciprocal)
	return hi
}

// fillBlockBefore computes blockBefore for the blocks [lo, hi).
func (b *tilesZeroBuild) fillBlockBefore(lo, hi uint64) uint64 {
	l := b.l
	var pos [tilesMaxPieces]uint8
	prefix := TilesUnrank(lo, l.geo.nc, pos[:l.k-1])
	ov := l.before(pos[:l.k-1])
	for j := lo; ; {
		b.blockBefore[j] = uint32(ov)
		ov += uint64(l.blockExtra[l.colex(prefix)])
		if j++; j == hi {
			return 0
		}
		prefix = tilesNextPlacement(&l.geo, pos[:l.k-1], prefix)
	}
}

// tilesNextPlacement advances the placement pos, whose cells are used, to the
// next one in rank order (which exists) and returns its cells.
func tilesNextPlacement(g *tilesGeometry, pos []uint8, used uint32) uint32 {
	for i := len(pos) - 1; i >= 0; i-- {
		used &^= 1 << pos[i]
		// The next free cell above pos[i].
		up := g.full &^ used &^ (uint32(1)<<(pos[i]+1) - 1)
		if up == 0 {
			continue
		}
		pos[i] = uint8(bits.TrailingZeros32(up))
		used |= 1 << pos[i]
		for j := i + 1; j < len(pos); j++ { // the rest on the lowest free cells
			pos[j] = uint8(bits.TrailingZeros32(g.full &^ used))
			used |= 1 << pos[j]
		}
		return used
	}
	panic("pdb: no next placement")
}

// expandBlock expands the frontier states of the block whose first
// placement has rank p0 and before() ov, the first k-1 tiles at w.pos on the
// cells prefix, and returns how many it expanded.
func (b *tilesZeroBuild) expandBlock(w *tilesZeroWorker, p0, ov uint64, prefix uint32, d uint8) uint64 {
	l, z := b.l, b.regions
	k := l.k
	pos := w.pos[:k]
	m0 := 0
	for i := range k - 1 {
		m0 += int(b.md[i][pos[i]])
	}
	var n uint64
	p := p0
	for free := l.geo.full &^ prefix; free != 0; free &= free - 1 {
		c := uint8(bits.TrailingZeros32(free))
		used := prefix | 1<<c
		u := l.colex(used)
		r0, r1 := z.start[u], z.start[u+1]
		if b.frontier[p>>6]&(1<<(p&63)) != 0 || tilesAnyBit(b.frontier, l.entries+ov, l.entries+ov+uint64(r1-r0-1)) {
			pos[k-1] = c
			m := m0 + int(b.md[k-1][c])
			for s := range r1 - r0 {
				i := p
				if s > 0 {
					i = l.entries + ov + uint64(s) - 1
				}
				if b.frontier[i>>6]&(1<<(i&63)) != 0 {
					b.expandState(w, p, used, z.masks[r0+s], m, d)
					n++
				}
			}
		}
		ov += uint64(r1 - r0 - 1)
		p++
	}
	return n
}

// expandState reaches the children of the state of cost d whose placement
// of rank p is at w.pos (cells used, Manhattan distance m) with the blank in
// region r.
func (b *tilesZeroBuild) expandState(w *tilesZeroWorker, p uint64, used, r uint32, m int, d uint8) {
	for _, kid := range w.kids[:b.children(w, p, used, r, m)] {
		extra := int(d) + 1 - int(kid.m)
		if extra < 0 || extra%2 != 0 {
			b.bad.Store(true) // cannot happen: see the entry encoding
		}
		b.reach(kid.idx, uint32(extra/2))
	}
}

// children fills w.kids with the states one move of a pattern tile away from
// the state whose placement of rank p is at w.pos (cells used, Manhattan
// distance m) with the blank in region r, and returns how many there are:
// each tile next to r moves into each of its neighbours in r.
func (b *tilesZeroBuild) children(w *tilesZeroWorker, p uint64, used, r uint32, m int) int {
	l, z := b.l, b.regions
	nc, k, cols := l.geo.nc, l.k, l.geo.cols
	pos := w.pos[:k]
	moves := z.move[uint64(l.colex(used))*uint64(nc)*4:][:nc*4]
	acc := uint32(0)
	for i := range k {
		w.before[i] = acc
		acc |= 1 << pos[i]
		w.cellWeight[pos[i]] = b.weight[i]
	}
	n := 0
	for i := range k {
		from := pos[i]
		to := l.geo.neighbours[from] & r
		after := used &^ w.before[i] &^ (1 << from)
		for to != 0 {
			c := uint8(bits.TrailingZeros32(to))
			to &= to - 1
			q := tilesStepRank(p, from, c, cols, b.weight[i], w.before[i], after, &w.cellWeight)
			idx := q
			if s := moves[int(from)*4+tilesDir(from, c)]; s != 0 {
				// before(q): that of q's block and the last tile's term.
				last, lastSet := pos[k-1], w.before[k-1]
				if i == k-1 {
					last = c
				} else {
					lastSet ^= 1<<from | 1<<c
				}
				before := uint64(b.blockBefore[b.block(q)]) + l.lastBelow(lastSet, last)
				idx = l.entries + before + uint64(s) - 1
			}
			w.kids[n] = tilesZeroChild{idx: idx, m: uint8(m - int(b.md[i][from]) + int(b.md[i][c]))}
			n++
		}
	}
	return n
}

// reach gives the state of entry idx the encoded value v and a bit in next,
// unless it has a value already.
func (b *tilesZeroBuild) reach(idx uint64, v uint32) {
	word := &b.words[idx>>2]
	shift := uint(idx&3) * 8
	if !tilesLittleEndian {
		shift = 24 - shift
	}
	if atomic.LoadUint32(word)>>shift&0xff != tilesUnset {
		return
	}
	atomic.AndUint32(word, ^((v ^ tilesUnset) & 0xff << shift))
	atomic.OrUint64(&b.next[idx>>6], 1<<(idx&63))
}
