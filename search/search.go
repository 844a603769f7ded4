// Package search finds optimal solutions with IDA* over packed boards.
//
// Each puzzle has its own depth-first kernel written over concrete types, so
// the inner loop makes no interface call, closure call, map access or
// allocation per node. What the kernels share lives here: the statistics, the
// limits and the iterative-deepening driver's result shape.
package search

import (
	"errors"
	"time"
)

// Stats counts the work of one solve.
type Stats struct {
	Expanded  uint64 // nodes whose successors were generated
	Generated uint64 // successors generated
	// LastExpanded and LastGenerated are the counts of the last iteration
	// searched, included in Expanded and Generated: the one that found the
	// solution (stopped at the first goal, so they depend on the move
	// order), or the one a limit stopped. Expanded-LastExpanded is what
	// the iterations below it expanded, searched in full.
	LastExpanded  uint64
	LastGenerated uint64
	Iterations    int           // IDA* iterations (cost bounds tried)
	RootH         int           // heuristic value of the start board
	Bound         int           // last bound searched (the optimal length when solved)
	Elapsed       time.Duration // wall time of the solve
}

// Limits bound a solve. Zero values mean no limit.
type Limits struct {
	MaxNodes uint64        // stop after this many generated nodes
	Timeout  time.Duration // stop after this much time (checked every few thousand nodes)
	// Progress, if set, is called by the sliding-tile solver after each
	// IDA* iteration that does not end the solve, from the goroutine that
	// called Solve. The Rotation Game solver ignores it.
	Progress func(Progress)
}

// Progress reports a finished IDA* iteration.
type Progress struct {
	Bound     int           // the cost bound just searched without finding a solution
	Next      int           // the bound of the next iteration
	Generated uint64        // nodes generated so far, all iterations
	Expanded  uint64        // nodes expanded so far, all iterations
	Elapsed   time.Duration // wall time since the solve started
}

// ErrLimit is returned when a solve stops at a limit (Limits.MaxNodes or
// Limits.Timeout) before finding a solution.
var ErrLimit = errors.New("limit reached")

// ErrUnsolvable is returned when a board cannot reach the goal.
var ErrUnsolvable = errors.New("board is unsolvable")

// checkEvery is how many generated nodes pass between deadline checks.
const checkEvery = 1 << 14

// LimitCheckEvery is how many nodes a search generates between two checks
// of its Limits' Timeout (and of a stop): a timeout shorter than those
// nodes take (milliseconds) is honoured only after them.
const LimitCheckEvery = checkEvery

// budget tracks the limits during one solve without a clock read per node.
type budget struct {
	maxNodes uint64
	deadline time.Time
	next     uint64 // generated count at which to check again
	stopped  bool
}

func newBudget(l Limits, start time.Time) budget {
	b := budget{maxNodes: l.MaxNodes, next: checkEvery}
	if l.Timeout > 0 {
		b.deadline = start.Add(l.Timeout)
	}
	if b.maxNodes != 0 && b.maxNodes < b.next {
		b.next = b.maxNodes
	}
	return b
}

// check is called when generated reaches b.next; it reports whether to stop.
func (b *budget) check(generated uint64) bool {
	if b.maxNodes != 0 && generated >= b.maxNodes {
		b.stopped = true
		return true
	}
	if !b.deadline.IsZero() && time.Now().After(b.deadline) {
		b.stopped = true
		return true
	}
	b.next = generated + checkEvery
	if b.maxNodes != 0 && b.maxNodes < b.next {
		b.next = b.maxNodes
	}
	return false
}
