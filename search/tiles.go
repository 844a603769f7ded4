package search

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// IDA* for sliding-tile boards up to 5 x 5.
//
// The kernel (tilesKernel, tiles_kernel.go) keeps the board as one byte a
// cell and, for pattern databases, the cells each pattern's table sees, on
// the board and on its reflection. A move changes one tile, hence one
// pattern and one reflected pattern: their entries are looked up again and
// the rest of the sums is kept. The moves come from the solver's pruning
// automaton (TilesPrune): by default every string that holds a duplicate of
// at most TilesPruneDepth moves is cut, with TilesPruneInverse only the move
// that undoes the previous one. Either way the answer is the same.
//
// One instance on several workers. Each iteration first walks the top of
// the tree (tilesTop) down to a depth chosen so that there are enough
// subtrees for the workers, pruning by the bound as the kernel does; the
// subtrees left at that depth, in move order, are handed out by an atomic
// counter. A worker that finds a solution in subtree i makes i the best;
// subtrees after the best are abandoned, those before it are searched to the
// end. The answer is the solution of the lowest subtree, which is the first
// solution in move order, the one a single worker finds. An iteration that
// follows one of fewer than tilesParallelMin nodes runs on one worker: the
// split would cost more than it saves.
//
// Node counts do not depend on the number of workers either: the walk
// records its counts at each subtree, each subtree's counts are kept, and
// the iteration's counts are those of the walk up to the best subtree plus
// the subtrees up to it, which is what one worker counts. Work spent on
// abandoned subtrees is not counted (it is wasted time, not search). Only a
// solve stopped by a limit reports the nodes actually generated, which vary
// with the workers and the timing.

// tilesNoMove stands for "no previous move" at the root.
const tilesNoMove = bitboard.TilesMoves

// tilesInfinity is above any bound.
const tilesInfinity = math.MaxInt32

// Work splitting: the walk stops at the first depth with at least
// tilesSplitPerWorker subtrees per worker, and goes at most tilesMaxSplit
// deep.
const (
	tilesSplitPerWorker = 256
	// tilesParallelMin is the default TilesSolver.parallelMin: an iteration
	// after one of fewer nodes runs on one worker (same answer, same counts).
	tilesParallelMin = 1 << 20
	tilesMaxSplit    = 24
	tilesNoBest      = math.MaxInt64
)

// ErrTilesBoard is returned when a board is malformed, or of another size
// than the heuristic's.
var ErrTilesBoard = errors.New("invalid sliding-tile board")

// TilesSolver solves sliding-tile boards optimally with IDA*. A solver is
// used by one goroutine at a time; solvers may share a TilesHeuristic.
type TilesSolver struct {
	h       *TilesHeuristic
	prune   *TilesPrune
	order   TilesOrder
	workers int
	kernels []*tilesKernel
	// parallelMin is the fewest nodes an iteration must have generated for
	// the next one to be split among the workers: smaller ones cost less
	// than the split (tilesParallelMin; tests lower it).
	parallelMin uint64
}

// NewTilesSolver returns a solver using heuristic h on one worker, pruning
// by automaton (TilesPruneAutomaton; SetPruning changes it).
func NewTilesSolver(h *TilesHeuristic) *TilesSolver {
	a, err := TilesPruneFor(h.rows, h.cols, TilesPruneAutomaton)
	if err != nil { // cannot happen: a loaded heuristic's board is supported
		panic(err)
	}
	s := &TilesSolver{h: h, workers: 1, parallelMin: tilesParallelMin}
	s.setPrune(a)
	return s
}

// SetPruning sets how the solver prunes the blank's move strings, p one of
// TilesPruneAutomaton and TilesPruneInverse (it panics on another value);
// the automaton is built on the first use of its board and pruning in the
// process (TilesPruneFor). The answers are the same either way; the node
// counts are not.
func (s *TilesSolver) SetPruning(p TilesPruning) {
	a, err := TilesPruneFor(s.h.rows, s.h.cols, p)
	if err != nil { // an unknown p: the board is a loaded heuristic's
		panic(err)
	}
	s.setPrune(a)
}

// Pruning returns how the solver prunes the blank's move strings.
func (s *TilesSolver) Pruning() TilesPruning { return s.prune.Pruning() }

// setPrune makes the solver search with automaton a, which must be for the
// heuristic's board.
func (s *TilesSolver) setPrune(a *TilesPrune) {
	if a.rows != s.h.rows || a.cols != s.h.cols {
		panic(fmt.Sprintf("a %dx%d pruning automaton for a %dx%d heuristic", a.rows, a.cols, s.h.rows, s.h.cols))
	}
	s.prune = a
	s.kernels = s.kernels[:0]
	for range max(s.workers, 1) {
		s.kernels = append(s.kernels, newTilesKernel(s.h).withPrune(a).withOrder(s.order))
	}
}

// SetWorkers sets the number of goroutines that search one instance
// together (at least 1). The answer and, for a solve that is not stopped by
// a limit, the node counts are the same for any number.
func (s *TilesSolver) SetWorkers(n int) {
	s.workers = max(n, 1)
	for len(s.kernels) < s.workers {
		s.kernels = append(s.kernels, newTilesKernel(s.h).withPrune(s.prune).withOrder(s.order))
	}
}

// Heuristic returns the solver's heuristic.
func (s *TilesSolver) Heuristic() *TilesHeuristic { return s.h }

// Solve returns an optimal sequence of blank moves, letters U, D, L, R,
// taking board to the goal of convention goal, with the search statistics:
// the first optimal solution in move order. It returns ErrTilesBoard for a
// malformed board or one of another size than the heuristic's,
// ErrUnsolvable for a board that cannot reach the goal, and ErrLimit when lim
// stops the search first; then Stats.Bound is a lower bound on the optimal
// length (every shorter bound was searched in full).
func (s *TilesSolver) Solve(board bitboard.Tiles, goal bitboard.Goal, lim Limits) ([]byte, Stats, error) {
	start := time.Now()
	h := s.h
	if !board.Valid() {
		return nil, Stats{}, fmt.Errorf("%w: %v", ErrTilesBoard, board)
	}
	if board.Rows() != h.rows || board.Cols() != h.cols {
		return nil, Stats{}, fmt.Errorf("%w: a %dx%d board, and the heuristic %s is for %dx%d boards", ErrTilesBoard,
			board.Rows(), board.Cols(), h.name, h.rows, h.cols)
	}
	if !board.Solvable(goal) {
		return nil, Stats{}, ErrUnsolvable
	}
	root := board.Canonical(goal)
	ctl := &tilesControl{maxNodes: lim.MaxNodes}
	if lim.Timeout > 0 {
		ctl.deadline = start.Add(lim.Timeout)
	}
	k0 := s.kernels[0]
	k0.load(root)
	st := Stats{RootH: k0.heur}
	bound := k0.heur
	var path []uint8
	var err error
	for {
		st.Iterations++
		st.Bound = bound
		var r tilesIteration
		if s.workers > 1 && bound > 1 && st.LastGenerated >= s.parallelMin {
			r = s.iterateParallel(root, bound, ctl)
		} else {
			r = s.iterateSerial(root, bound, ctl)
		}
		st.Generated += r.generated
		st.Expanded += r.expanded
		st.LastGenerated, st.LastExpanded = r.generated, r.expanded
		if r.found {
			path = r.path
			break
		}
		if r.stopped {
			err = ErrLimit
			break
		}
		if r.nextBound == tilesInfinity { // cannot happen on a solvable board
			err = ErrUnsolvable
			break
		}
		if lim.Progress != nil {
			lim.Progress(Progress{Bound: bound, Next: r.nextBound, Generated: st.Generated, Expanded: st.Expanded,
				Elapsed: time.Since(start)})
		}
		bound = r.nextBound
	}
	st.Elapsed = time.Since(start)
	if err != nil {
		return nil, st, err
	}
	moves := make([]byte, len(path))
	for i, b := range path {
		m := bitboard.TilesMove(b)
		if goal == bitboard.BlankLast {
			m = m.Mirror()
		}
		moves[i] = m.Letter()
	}
	return moves, st, nil
}

// tilesIteration is the outcome of one IDA* iteration.
type tilesIteration struct {
	found, stopped      bool
	path                []uint8 // the solution, when found
	generated, expanded uint64
	nextBound           int // least f above the bound among the pruned nodes
}

// tilesControl holds the limits of one solve, shared by its workers.
type tilesControl struct {
	maxNodes  uint64
	deadline  time.Time
	generated atomic.Uint64 // nodes generated by all workers, flushed at checks
	stopped   atomic.Bool   // a limit was reached
	best      atomic.Int64  // lowest subtree with a solution in this iteration
}

// iterateSerial searches bound from the root on the first kernel.
func (s *TilesSolver) iterateSerial(root bitboard.Tiles, bound int, ctl *tilesControl) tilesIteration {
	k := s.kernels[0]
	ctl.best.Store(tilesNoBest)
	k.begin(ctl, bound)
	k.load(root)
	g0, e0 := k.generated, k.expanded
	found := k.search(0, bound, s.prune.roots[root.BlankCell()])
	r := tilesIteration{found: found, stopped: ctl.stopped.Load(), generated: k.generated - g0,
		expanded: k.expanded - e0, nextBound: k.nextBound}
	k.flush()
	if found {
		r.path = append([]uint8(nil), k.path[:k.solution]...)
	}
	return r
}

// tilesSubtree is a node at the split depth: a subtree for one worker.
type tilesSubtree struct {
	board               bitboard.Tiles
	costs               tilesCosts // the patterns' costs of a catalogue of 1-bit tables (tilesKernel.known)
	state               uint32     // the automaton's state at it
	path                []uint8
	topGen, topExp      uint64 // the walk's counts when it reached the node
	generated, expanded uint64 // the subtree's counts
	found               bool
	solution            []uint8
}

// iterateParallel searches bound with all workers.
func (s *TilesSolver) iterateParallel(root bitboard.Tiles, bound int, ctl *tilesControl) tilesIteration {
	top := s.splitTop(root, bound)
	ctl.generated.Add(top.generated)
	ctl.best.Store(tilesNoBest)
	var next atomic.Int64
	var wg sync.WaitGroup
	nextBounds := make([]int, s.workers)
	for w := range s.workers {
		k := s.kernels[w]
		wg.Add(1)
		go func() {
			defer wg.Done()
			k.begin(ctl, bound)
			for {
				i := next.Add(1) - 1
				if i >= int64(len(top.subtrees)) || i > ctl.best.Load() || ctl.stopped.Load() {
					break
				}
				sub := &top.subtrees[i]
				k.item = i
				k.loadKnown(sub.board, &sub.costs, 0)
				copy(k.path, sub.path)
				g0, e0 := k.generated, k.expanded
				found := k.search(len(sub.path), bound, sub.state)
				sub.generated, sub.expanded = k.generated-g0, k.expanded-e0
				if found {
					sub.found = true
					sub.solution = append([]uint8(nil), k.path[:k.solution]...)
					for b := ctl.best.Load(); i < b && !ctl.best.CompareAndSwap(b, i); b = ctl.best.Load() {
					}
				}
			}
			k.flush()
			nextBounds[w] = k.nextBound
		}()
	}
	wg.Wait()
	r := tilesIteration{nextBound: top.nextBound}
	for _, nb := range nextBounds {
		r.nextBound = min(r.nextBound, nb)
	}
	if best := ctl.best.Load(); best != tilesNoBest {
		r.found = true
		r.path = top.subtrees[best].solution
		r.generated, r.expanded = top.subtrees[best].topGen, top.subtrees[best].topExp
		for i := range top.subtrees[:best+1] {
			r.generated += top.subtrees[i].generated
			r.expanded += top.subtrees[i].expanded
		}
		return r
	}
	r.stopped = ctl.stopped.Load()
	r.generated, r.expanded = top.generated, top.expanded
	for i := range top.subtrees {
		r.generated += top.subtrees[i].generated
		r.expanded += top.subtrees[i].expanded
	}
	return r
}

// tilesTop is the top of one iteration's tree.
type tilesTop struct {
	subtrees            []tilesSubtree
	generated, expanded uint64 // counts of the whole walk
	nextBound           int
}

// splitTop walks the top of the tree for bound at increasing depths until
// there are enough subtrees for the workers (the solve's root has h > 0 and
// bound >= 2, so that no node above the split depth, which stays below the
// bound, is a goal: IDA* reaches a goal only at depth bound). The walk
// evaluates each node from scratch with the first kernel's load, but for
// the patterns' costs of a catalogue of 1-bit tables, which follow from the
// parent's (tilesKernel.known) as in the kernel.
func (s *TilesSolver) splitTop(root bitboard.Tiles, bound int) tilesTop {
	var top tilesTop
	k := s.kernels[0]
	for depth := 1; ; depth++ {
		top = tilesTop{nextBound: tilesInfinity}
		path := make([]uint8, 0, depth)
		k.load(root)
		costs := k.cval
		s.walkTop(k, &top, root, &costs, 0, k.heur, depth, bound, s.prune.roots[root.BlankCell()], path)
		if len(top.subtrees) >= tilesSplitPerWorker*s.workers || depth >= tilesMaxSplit || depth >= bound-1 {
			return top
		}
	}
}

// walkTop visits b, whose heuristic is h, at depth g, counting, pruning and
// ordering as the kernels do, and records the nodes at depth split as
// subtrees; costs are b's patterns' costs under a catalogue of 1-bit tables
// (tilesKernel.known: each child's follow from them).
func (s *TilesSolver) walkTop(k *tilesKernel, top *tilesTop, b bitboard.Tiles, costs *tilesCosts, g, h, split, bound int, state uint32, path []uint8) {
	if g == split {
		top.subtrees = append(top.subtrees, tilesSubtree{board: b, costs: *costs, state: state, path: append([]uint8(nil), path...),
			topGen: top.generated, topExp: top.expanded})
		return
	}
	top.expanded++
	l, near := tilesPruneChildren(s.prune.lists, s.prune.far, s.prune.maxLife, state, bound-g-1)
	passes, waiting := 1, uint8(0) // as in the kernels' Ordered forms
	if s.order == TilesOrderFalling && tilesOrderRoom(bound, g, h) {
		passes = 2
	}
	for pass := range passes {
		for i := range int(l.n) {
			if near && int(l.life[i]) < bound-g-1 || pass == 1 && waiting>>i&1 == 0 {
				continue
			}
			m := bitboard.TilesMove(l.m[i])
			if pass == 0 {
				top.generated++
			}
			nb, _ := b.Move(m)
			k.loadKnown(nb, costs, b.At(nb.BlankCell()))
			first, full := k.heurSplit()
			if f := g + 1 + first; f > bound {
				top.nextBound = min(top.nextBound, f)
				continue
			}
			if f := g + 1 + full; f > bound {
				top.nextBound = min(top.nextBound, f)
				continue
			}
			if pass < passes-1 && full >= h {
				waiting |= 1 << i
				continue
			}
			child := k.cval
			s.walkTop(k, top, nb, &child, g+1, full, split, bound, l.next[i], append(path, uint8(m)))
		}
	}
}
