package search

import (
	"math/bits"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// The sliding-tile search kernels: one depth-first search a heuristic kind,
// so that the inner loop makes no call through a switch, interface or
// closure. Each walks the move list of its state in the pruning automaton
// (TilesPrune, tiles_prune.go: the blank's moves from its cell that complete
// no forbidden string, with the cells and states they reach; at depth 2 the
// moves other than the inverse of the previous one), computes the child's
// heuristic from the parent's before it changes the board, and changes the
// board only for children within the bound; what it must restore lives in
// its own frame. The pattern-database kernel looks up the reflected board only for
// children that the direct lookup does not prune.

// tilesKernel is the state of one worker's search.
type tilesKernel struct {
	h     *TilesHeuristic
	lists []tilesPruneList // the pruning automaton's states (TilesPrune.lists)

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
	// generated count seen[q].
	cpos  [tilesMaxCatPatterns][tilesMaxCells]uint8
	cocc  [tilesMaxCatPatterns]uint32
	cval  [tilesMaxCatPatterns]uint8
	vsum  [tilesMaxViews]int32
	order [tilesMaxViews]uint8
	seen  [tilesMaxCatPatterns]uint64
	newv  [tilesMaxCatPatterns]uint8

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

// newTilesKernel returns a kernel for h; it searches once given the
// automaton's lists (withPrune), and loads boards without.
func newTilesKernel(h *TilesHeuristic) *tilesKernel {
	return &tilesKernel{h: h}
}

// withPrune makes k search with automaton a and returns k.
func (k *tilesKernel) withPrune(a *TilesPrune) *tilesKernel {
	k.lists = a.lists
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
	switch k.h.kind {
	case tilesManhattan:
		return k.dfsManhattan(g, bound, state, k.blank, k.heur)
	case tilesPDB:
		if k.h.reflect {
			return k.dfsPDBReflect(g, bound, state)
		}
		return k.dfsPDB(g, bound, state)
	case tilesExact:
		return k.dfsExact(g, bound, state)
	case tilesCatalogue:
		return k.dfsCatalogue(g, bound, state)
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

// dfsManhattan is the kernel for the Manhattan distance; the blank's cell and
// the heuristic travel as arguments.
func (k *tilesKernel) dfsManhattan(g, bound int, state uint32, blank, heur int) bool {
	if heur == 0 {
		k.solution = g
		return true
	}
	k.expanded++
	h := k.h
	l := &k.lists[state]
	for i := range int(l.n) {
		k.generated++
		if k.generated >= k.next && k.check() {
			return false
		}
		m, to := l.m[i], int(l.to[i])
		t := k.cells[to]
		nh := heur + int(h.mdd[t][to][m])
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
			continue
		}
		k.cells[blank], k.cells[to] = t, 0
		k.path[g] = m
		if k.dfsManhattan(g+1, bound, l.next[i], to, nh) {
			return true
		}
		k.cells[to], k.cells[blank] = t, 0
		if k.stopped {
			return false
		}
	}
	return false
}

// dfsPDB is the kernel for additive pattern databases without the reflected
// lookup.
func (k *tilesKernel) dfsPDB(g, bound int, state uint32) bool {
	if k.heur == 0 {
		k.solution = g
		return true
	}
	k.expanded++
	h := k.h
	blank := k.blank
	l := &k.lists[state]
	for i := range int(l.n) {
		k.generated++
		if k.generated >= k.next && k.check() {
			return false
		}
		m, to := l.m[i], int(l.to[i])
		t := k.cells[to]
		man := k.man + int(h.mdd[t][to][m])
		p, sl := h.pat[t], h.slot[t]
		pp := &k.pos[p]
		oldCell := pp[sl]
		pp[sl] = h.tpos[t][blank]
		nv := h.tables[p][tilesRank(pp, h.size[p], h.nc)]
		oldVal := k.val[p]
		sum := k.sum + int(nv) - int(oldVal)
		nh := man + 2*sum
		if f := g + 1 + nh; f > bound {
			pp[sl] = oldCell
			k.nextBound = min(k.nextBound, f)
			continue
		}
		oldMan, oldSum, oldHeur := k.man, k.sum, k.heur
		k.cells[blank], k.cells[to] = t, 0
		k.blank, k.man, k.sum, k.heur = to, man, sum, nh
		k.val[p] = nv
		k.path[g] = m
		if k.dfsPDB(g+1, bound, l.next[i]) {
			return true
		}
		k.cells[to], k.cells[blank] = t, 0
		k.blank, k.man, k.sum, k.heur = blank, oldMan, oldSum, oldHeur
		k.val[p] = oldVal
		pp[sl] = oldCell
		if k.stopped {
			return false
		}
	}
	return false
}

// dfsPDBReflect is the kernel for additive pattern databases with the
// reflected lookup, made only for children the direct lookup keeps.
func (k *tilesKernel) dfsPDBReflect(g, bound int, state uint32) bool {
	if k.heur == 0 {
		k.solution = g
		return true
	}
	k.expanded++
	h := k.h
	blank := k.blank
	l := &k.lists[state]
	for i := range int(l.n) {
		k.generated++
		if k.generated >= k.next && k.check() {
			return false
		}
		m, to := l.m[i], int(l.to[i])
		t := k.cells[to]
		man := k.man + int(h.mdd[t][to][m])
		p, sl := h.pat[t], h.slot[t]
		pp := &k.pos[p]
		oldCell := pp[sl]
		pp[sl] = h.tpos[t][blank]
		nv := h.tables[p][tilesRank(pp, h.size[p], h.nc)]
		oldVal := k.val[p]
		sum := k.sum + int(nv) - int(oldVal)
		if f := g + 1 + man + 2*sum; f > bound {
			pp[sl] = oldCell
			k.nextBound = min(k.nextBound, f)
			continue
		}
		rp, rsl := h.rpat[t], h.rslot[t]
		rpp := &k.rpos[rp]
		oldRCell := rpp[rsl]
		rpp[rsl] = h.rtpos[t][blank]
		rv := h.tables[rp][tilesRank(rpp, h.size[rp], h.nc)]
		oldRVal := k.rval[rp]
		rsum := k.rsum + int(rv) - int(oldRVal)
		if f := g + 1 + man + 2*rsum; f > bound {
			pp[sl] = oldCell
			rpp[rsl] = oldRCell
			k.nextBound = min(k.nextBound, f)
			continue
		}
		oldMan, oldSum, oldRSum, oldHeur := k.man, k.sum, k.rsum, k.heur
		k.cells[blank], k.cells[to] = t, 0
		k.blank, k.man, k.sum, k.rsum, k.heur = to, man, sum, rsum, man+2*max(sum, rsum)
		k.val[p], k.rval[rp] = nv, rv
		k.path[g] = m
		if k.dfsPDBReflect(g+1, bound, l.next[i]) {
			return true
		}
		k.cells[to], k.cells[blank] = t, 0
		k.blank, k.man, k.sum, k.rsum, k.heur = blank, oldMan, oldSum, oldRSum, oldHeur
		k.val[p], k.rval[rp] = oldVal, oldRVal
		pp[sl] = oldCell
		rpp[rsl] = oldRCell
		if k.stopped {
			return false
		}
	}
	return false
}

// dfsExact is the kernel for the 3 x 3 table of exact distances, indexed by
// the cells of the blank and tiles 1..6.
func (k *tilesKernel) dfsExact(g, bound int, state uint32) bool {
	if k.heur == 0 {
		k.solution = g
		return true
	}
	k.expanded++
	h := k.h
	blank := k.blank
	l := &k.lists[state]
	pp := &k.pos[0]
	for i := range int(l.n) {
		k.generated++
		if k.generated >= k.next && k.check() {
			return false
		}
		m, to := l.m[i], int(l.to[i])
		t := k.cells[to]
		pp[0] = uint8(to)
		if int(t) < h.size[0] {
			pp[t] = uint8(blank)
		}
		nh := int(h.tables[0][tilesRank(pp, h.size[0], h.nc)])
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
		} else {
			oldHeur := k.heur
			k.cells[blank], k.cells[to] = t, 0
			k.blank, k.heur = to, nh
			k.path[g] = m
			if k.dfsExact(g+1, bound, l.next[i]) {
				return true
			}
			k.cells[to], k.cells[blank] = t, 0
			k.blank, k.heur = blank, oldHeur
		}
		pp[0] = uint8(blank)
		if int(t) < h.size[0] {
			pp[t] = uint8(to)
		}
		if k.stopped {
			return false
		}
	}
	return false
}

// dfsLinearConflict is the kernel for Manhattan distance plus linear
// conflicts. A vertical blank move changes the moved tile's row: only those
// two rows' conflicts change; a horizontal one, only the two columns'.
func (k *tilesKernel) dfsLinearConflict(g, bound int, state uint32) bool {
	if k.heur == 0 {
		k.solution = g
		return true
	}
	k.expanded++
	h := k.h
	blank := k.blank
	l := &k.lists[state]
	for i := range int(l.n) {
		k.generated++
		if k.generated >= k.next && k.check() {
			return false
		}
		m, to := l.m[i], int(l.to[i])
		t := k.cells[to]
		man := k.man + int(h.mdd[t][to][m])
		dir, l1, l2 := tilesCols, blank%h.cols, to%h.cols
		if bitboard.TilesMove(m) == bitboard.MoveUp || bitboard.TilesMove(m) == bitboard.MoveDown {
			dir, l1, l2 = tilesRows, blank/h.cols, to/h.cols
		}
		k.cells[blank], k.cells[to] = t, 0
		o1, o2 := k.lines[dir][l1], k.lines[dir][l2]
		c1, c2 := k.lineConflicts(dir, l1), k.lineConflicts(dir, l2)
		sum := k.sum + c1 + c2 - int(o1) - int(o2)
		nh := man + 2*sum
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
		} else {
			oldMan, oldSum, oldHeur := k.man, k.sum, k.heur
			k.lines[dir][l1], k.lines[dir][l2] = uint8(c1), uint8(c2)
			k.blank, k.man, k.sum, k.heur = to, man, sum, nh
			k.path[g] = m
			if k.dfsLinearConflict(g+1, bound, l.next[i]) {
				return true
			}
			k.lines[dir][l1], k.lines[dir][l2] = o1, o2
			k.blank, k.man, k.sum, k.heur = blank, oldMan, oldSum, oldHeur
		}
		k.cells[to], k.cells[blank] = t, 0
		if k.stopped {
			return false
		}
	}
	return false
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
