package search

import (
	"math/bits"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

//go:generate go run gen_kernels.go

// The sliding-tile search kernels: one depth-first search a heuristic kind,
// so that the inner loop makes no call through a switch, interface or
// closure. They are generated from one source, the zkernel_*.go files that
// go generate writes from search/internal/kernelgen (the search they share,
// written once, and what each heuristic kind adds to it); this file holds
// their state, the loading of a board and the choice of kernel. Each walks
// the move list of its state in the pruning automaton (TilesPrune,
// tiles_prune.go: the blank's moves from its cell that complete no
// forbidden string, with the cells and states they reach; at depth 2 the
// moves other than the inverse of the previous one), computes the child's
// heuristic from the parent's before it changes the board, and changes the
// board only for children within the bound; what it must restore lives in
// its own frame. The pattern-database kernel looks up the reflected board
// only for children that the direct lookup does not prune.

// tilesKernel is the state of one worker's search.
type tilesKernel struct {
	h     *TilesHeuristic
	lists []tilesPruneList // the pruning automaton's states (TilesPrune.lists)
	// far and maxLife are TilesPrune's: the lists without moribund moves,
	// walked when more moves than maxLife are left to the bound.
	far     []tilesPruneList
	maxLife int

	cells     [tilesMaxCells]uint8
	blank     int
	heur      int // heuristic of the current board
	man       int // Manhattan sum (pattern databases, linear conflicts)
	sum, rsum int // pattern databases: entry sums, direct and reflected; linear conflicts: sum of the lines'
	val, rval [tilesMaxPatterns]uint8
	pos, rpos [tilesMaxPatterns][tilesMaxCells]uint8
	lines     [tilesLineDirs][tilesMaxLine]uint8 // linear conflicts of each row and column

	// Catalogues: each pattern's table cells (cpos, and as a mask cocc) and
	// entry (cval), each view's entry sum (vsum), the order in which views
	// are tried (order); newv[q] is pattern q's entry in the child of
	// evaluation stamp seen[q].
	cpos [tilesMaxCatPatterns][tilesMaxCells]uint8
	cocc [tilesMaxCatPatterns]uint32
	// crank[q] is pattern q's rank (tilesRank of cpos[q]), cslot[q][x]
	// the slot of its tile at table cell x (stale at free cells); newr[q]
	// is its rank in the child of stamp seen[q].
	crank [tilesMaxCatPatterns]uint64
	cslot [tilesMaxCatPatterns][tilesRankCells]uint8
	newr  [tilesMaxCatPatterns]uint64
	cval  [tilesMaxCatPatterns]uint8
	vsum  [tilesMaxViews]int32
	order [tilesMaxViews]uint8
	seen  [tilesMaxCatPatterns]uint64
	stamp uint64 // counts the children evaluated, for seen
	newv  [tilesMaxCatPatterns]uint8
	// Catalogues of 1-bit tables: load takes the patterns' costs (cval)
	// from known when it is set, instead of walking each pattern down to
	// the goal (pdb.TilesZeroBits.Cost, hundreds of lookups): they are the
	// board's own, or with knownTile set, those of its parent, one move of
	// tile knownTile away. The split's walk sets them (tilesCosts).
	known     *tilesCosts
	knownTile uint8

	ordered bool // successor ordering (TilesOrderFalling): the kernels' Ordered forms

	path      []uint8 // moves from the solve's root; path[g] is the move made at depth g
	solution  int     // length of the solution found
	nextBound int

	generated, expanded uint64
	next                uint64 // generated count of the next limit check
	flushed             uint64 // generated count already added to ctl.generated
	ctl                 *tilesControl
	item                int64 // the subtree being searched (parallel)
	stopped             bool  // a limit stopped the search, or the subtree was abandoned
}

// tilesCosts are the patterns' costs of a board under a catalogue of 1-bit
// tables (tilesKernel.cval after loading it).
type tilesCosts = [tilesMaxCatPatterns]uint8

// loadKnown is load with the patterns' costs known (tilesKernel.known): b's
// own (tile 0) or, one move of tile tile away, its parent's. Other
// heuristics ignore them.
func (k *tilesKernel) loadKnown(b bitboard.Tiles, known *tilesCosts, tile int) {
	k.known, k.knownTile = known, uint8(tile)
	k.load(b)
	k.known, k.knownTile = nil, 0
}

// newTilesKernel returns a kernel for h; it searches once given the
// automaton's lists (withPrune), and loads boards without.
func newTilesKernel(h *TilesHeuristic) *tilesKernel {
	return &tilesKernel{h: h}
}

// withPrune makes k search with automaton a and returns k.
func (k *tilesKernel) withPrune(a *TilesPrune) *tilesKernel {
	k.lists, k.far, k.maxLife = a.lists, a.far, a.maxLife
	return k
}

// withOrder makes k try children in order o and returns k.
func (k *tilesKernel) withOrder(o TilesOrder) *tilesKernel {
	k.ordered = o == TilesOrderFalling
	return k
}

// begin prepares the kernel for an iteration with cost bound bound.
func (k *tilesKernel) begin(ctl *tilesControl, bound int) {
	k.ctl = ctl
	k.item = 0
	k.stopped = false
	k.nextBound = tilesInfinity
	if len(k.path) <= bound {
		k.path = make([]uint8, bound+1)
	}
	k.setNext()
}

// setNext sets the generated count of the next check.
func (k *tilesKernel) setNext() {
	step := uint64(checkEvery)
	if m := k.ctl.maxNodes; m != 0 {
		done := k.ctl.generated.Load()
		if done >= m {
			step = 0
		} else {
			step = min(step, m-done)
		}
	}
	k.next = k.generated + step
}

// flush adds the kernel's uncounted nodes to the solve's total.
func (k *tilesKernel) flush() {
	k.ctl.generated.Add(k.generated - k.flushed)
	k.flushed = k.generated
}

// check is called when generated reaches next; it reports whether to stop:
// at a limit (which stops every worker) or because the subtree comes after
// one with a solution.
func (k *tilesKernel) check() bool {
	k.flush()
	c := k.ctl
	switch {
	case c.stopped.Load():
	case c.maxNodes != 0 && c.generated.Load() >= c.maxNodes,
		!c.deadline.IsZero() && time.Now().After(c.deadline):
		c.stopped.Store(true)
	case k.item > c.best.Load():
	default:
		k.setNext()
		return false
	}
	k.stopped = true
	return true
}

// load sets the kernel's state to the BlankFirst board b.
func (k *tilesKernel) load(b bitboard.Tiles) {
	h := k.h
	for c := range h.nc {
		k.cells[c] = uint8(b.At(c))
	}
	k.blank = b.BlankCell()
	k.man = 0
	for c := range h.nc {
		if t := k.cells[c]; t != 0 {
			k.man += int(h.md[t][c])
		}
	}
	k.sum, k.rsum = 0, 0
	switch h.kind {
	case tilesManhattan:
		k.heur = k.man
	case tilesPDB:
		for c := range h.nc {
			if t := k.cells[c]; t != 0 {
				k.pos[h.pat[t]][h.slot[t]] = h.tpos[t][c]
				if h.reflect {
					k.rpos[h.rpat[t]][h.rslot[t]] = h.rtpos[t][c]
				}
			}
		}
		for p := range h.patterns {
			k.val[p] = h.tables[p][tilesRank(&k.pos[p], h.size[p], h.nc)]
			k.sum += int(k.val[p])
			if h.reflect {
				k.rval[p] = h.tables[p][tilesRank(&k.rpos[p], h.size[p], h.nc)]
				k.rsum += int(k.rval[p])
			}
		}
		k.heur = k.man + 2*max(k.sum, k.rsum)
	case tilesCatalogue:
		k.loadCatalogue()
	case tilesExact:
		k.pos[0][0] = uint8(k.blank)
		for c := range h.nc {
			if t := int(k.cells[c]); t != 0 && t < h.size[0] {
				k.pos[0][t] = uint8(c)
			}
		}
		k.heur = int(h.tables[0][tilesRank(&k.pos[0], h.size[0], h.nc)])
	case tilesLinearConflict:
		for r := range h.rows {
			v := k.lineConflicts(tilesRows, r)
			k.lines[tilesRows][r] = uint8(v)
			k.sum += v
		}
		for c := range h.cols {
			v := k.lineConflicts(tilesCols, c)
			k.lines[tilesCols][c] = uint8(v)
			k.sum += v
		}
		k.heur = k.man + 2*k.sum
	}
}

// heurSplit returns the loaded board's heuristic without the reflected
// lookup and with it, as Heuristic.evalSplit does.
func (k *tilesKernel) heurSplit() (first, full int) {
	if k.h.kind == tilesPDB {
		return k.man + 2*k.sum, k.heur
	}
	return k.heur, k.heur
}

// search runs the kernel of the heuristic's kind below the loaded board at
// depth g, in automaton state state, whose f = g + heur is within bound.
func (k *tilesKernel) search(g, bound int, state uint32) bool {
	o := k.ordered // each kernel in its form with successor ordering (TilesOrderFalling)
	switch h := k.h; {
	case h.kind == tilesManhattan && o:
		return k.dfsManhattanOrdered(g, bound, state, k.blank, k.heur)
	case h.kind == tilesManhattan:
		return k.dfsManhattan(g, bound, state, k.blank, k.heur)
	case h.kind == tilesPDB && h.reflect && o:
		return k.dfsPDBReflectOrdered(g, bound, state)
	case h.kind == tilesPDB && h.reflect:
		return k.dfsPDBReflect(g, bound, state)
	case h.kind == tilesPDB && o:
		return k.dfsPDBOrdered(g, bound, state)
	case h.kind == tilesPDB:
		return k.dfsPDB(g, bound, state)
	case h.kind == tilesExact && o:
		return k.dfsExactOrdered(g, bound, state)
	case h.kind == tilesExact:
		return k.dfsExact(g, bound, state)
	case h.kind == tilesCatalogue && h.cat.oneBit && o:
		return k.dfsCatalogueBitsOrdered(g, bound, state)
	case h.kind == tilesCatalogue && h.cat.oneBit:
		return k.dfsCatalogueBits(g, bound, state)
	case h.kind == tilesCatalogue && o:
		return k.dfsCatalogueOrdered(g, bound, state)
	case h.kind == tilesCatalogue:
		return k.dfsCatalogue(g, bound, state)
	case o:
		return k.dfsLinearConflictOrdered(g, bound, state)
	default:
		return k.dfsLinearConflict(g, bound, state)
	}
}

// tilesRank is pdb.TilesRank over a fixed array, kept here so that the
// kernel's call is inlined.
func tilesRank(pos *[tilesMaxCells]uint8, k, nc int) uint64 {
	var used uint32
	var r uint64
	for i := range k {
		p := pos[i]
		r = r*uint64(nc-i) + uint64(p) - uint64(bits.OnesCount32(used&(1<<p-1)))
		used |= 1 << p
	}
	return r
}

// tilesRankCells is the length of the arrays that tilesRankDelta reads, a
// power of two no less than tilesMaxCells: its indexes, masked, need no
// bounds check, and it compiles without a branch but its loop's.
const tilesRankCells = 32

// tilesRankWeights returns the weights of tilesRank for placements of n
// pieces on nc cells: w[i] is the product of nc-j for j from i+1 to n-1,
// so that the rank is the sum of each piece's digit (its cell less the
// earlier pieces' cells below it) times its weight (mod 2^64). They fall
// with i.
func tilesRankWeights(n, nc int) (w [tilesRankCells]uint64) {
	prod := uint64(1)
	for i := n - 1; i >= 0; i-- {
		w[i] = prod
		prod *= uint64(nc - i)
	}
	return w
}

// tilesBetween returns the cells strictly between cells a and b, a != b,
// as a mask.
func tilesBetween(a, b uint8) uint32 {
	ends := uint32(1)<<a | uint32(1)<<b
	return ends - 3*(ends&-ends)
}

// tilesRankAdd returns rank r with delta d of tilesRankDelta for a move from
// cell a to cell b: r+d when a < b, else r-d (mod 2^64), computed without
// a branch (the compiler makes one of an if).
func tilesRankAdd(r, d uint64, a, b uint8) uint64 {
	neg := uint64(int(b)-int(a)) >> 63 // 1 when a > b
	return r + (d ^ -neg) + neg
}

// tilesRankDelta returns how much tilesRank of a placement changes when its
// piece in slot sl moves from cell a to cell b, not one of its cells: the
// rank gains it when a < b, else loses it (tilesRankAdd). between is
// tilesBetween(a, b), w the rank's weights for the placement's size
// (tilesRankWeights), occ its cells before as a mask, slot the slot of the
// piece at each of its cells. The piece's digit changes by |b-a| less the
// earlier pieces between a and b, and each later piece between them
// changes its digit by one: a horizontal move (no cell between) costs a
// multiplication, a vertical one a step more a piece between.
func tilesRankDelta(w *[tilesRankCells]uint64, slot *[tilesRankCells]uint8, occ uint32, sl uint8, between uint32) uint64 {
	ws := w[sl&(tilesRankCells-1)]
	d := ws * uint64(bits.OnesCount32(between)+1)
	for x := between & occ; x != 0; x &= x - 1 {
		j := slot[bits.TrailingZeros32(x)&(tilesRankCells-1)]
		wj := w[j&(tilesRankCells-1)]
		if j <= sl { // an earlier piece: one less in the moved piece's digit, not one more in its
			wj = -ws
		}
		d += wj
	}
	return d
}

// lineConflicts returns the linear conflicts of row (dir tilesRows) or
// column (tilesCols) number line of the kernel's board.
func (k *tilesKernel) lineConflicts(dir, line int) int {
	h := k.h
	n, stride, first := h.cols, 1, line*h.cols // a row: n cells from first
	if dir == tilesCols {
		n, stride, first = h.rows, h.cols, line
	}
	var seq [tilesMaxLine]uint8
	key, l := 0, 0
	for i := n - 1; i >= 0; i-- {
		t := int(k.cells[first+i*stride])
		d := n
		if t != 0 {
			if dir == tilesRows && t/h.cols == line {
				d = t % h.cols
			} else if dir == tilesCols && t%h.cols == line {
				d = t / h.cols
			}
		}
		key = key*(n+1) + d
		if d < n {
			seq[l] = uint8(d)
			l++
		}
	}
	if tab := h.conflict[dir]; tab != nil {
		return int(tab[key])
	}
	// seq holds the line backwards: reverse it.
	for i, j := 0, l-1; i < j; i, j = i+1, j-1 {
		seq[i], seq[j] = seq[j], seq[i]
	}
	return tilesLineRemovals(seq[:l])
}
