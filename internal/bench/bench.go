// Package bench compares heuristics: it solves each instance under every
// heuristic and sums the runs up per heuristic (instances solved, nodes,
// time, mean root heuristic and length, nodes against the first heuristic),
// checking that heuristics which solve an instance agree on its optimal
// length.
//
// Instances arrive one at a time, in order, through Report.Add, so a
// benchmark streams its input: the report keeps only the per-heuristic
// sums unless it is asked to keep every run (for per-instance rows or a
// plot). The solvers are the puzzles' search solvers behind one small
// interface, one Solver per goroutine.
package bench

import (
	"errors"
	"fmt"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// Instance is one board to solve and where it comes from.
type Instance struct {
	Where    string // FILE:LINE of the record
	Rotation bitboard.Rotation
	Tiles    bitboard.Tiles
}

// Run is the outcome of one instance under one heuristic.
type Run struct {
	Solved   bool          // an optimal solution was found
	Censored bool          // a node or time limit stopped the search first
	Error    string        // why the instance could not be solved (an unsolvable board), else ""
	Length   int           // optimal length in moves, when solved
	Moves    string        // the solution, when the Solver keeps moves
	Stats    search.Stats  // nodes, iterations, root heuristic and last bound
	Time     time.Duration // wall time of the solve
}

// Status returns "solved", "censored" or "error".
func (r *Run) Status() string {
	switch {
	case r.Solved:
		return "solved"
	case r.Censored:
		return "censored"
	}
	return "error"
}

// Solver solves instances under one heuristic. A Solver is used by one
// goroutine at a time.
type Solver interface {
	Solve(in *Instance, lim search.Limits) Run
}

// RotationSolver is a Solver of Rotation Game boards.
type RotationSolver struct {
	s         *search.RotationSolver
	keepMoves bool
}

// NewRotationSolver returns a Solver using s, with timing on; keepMoves
// keeps each solution in Run.Moves.
func NewRotationSolver(s *search.RotationSolver, keepMoves bool) *RotationSolver {
	s.SetTiming(true)
	return &RotationSolver{s, keepMoves}
}

// Solve implements Solver.
func (r *RotationSolver) Solve(in *Instance, lim search.Limits) Run {
	res, err := r.s.Solve(in.Rotation, lim)
	run := Run{Stats: res.Stats, Time: res.Elapsed}
	switch {
	case err == nil:
		run.Solved, run.Length = true, res.Len
		if r.keepMoves {
			run.Moves = res.MoveString()
		}
	case errors.Is(err, search.ErrLimit):
		run.Censored = true
	default:
		run.Error = err.Error()
	}
	return run
}

// TilesSolver is a Solver of sliding-tile boards for one goal.
type TilesSolver struct {
	s         *search.TilesSolver
	goal      bitboard.Goal
	keepMoves bool
}

// NewTilesSolver returns a Solver using s for goal; keepMoves keeps each
// solution in Run.Moves.
func NewTilesSolver(s *search.TilesSolver, goal bitboard.Goal, keepMoves bool) *TilesSolver {
	return &TilesSolver{s, goal, keepMoves}
}

// Solve implements Solver.
func (t *TilesSolver) Solve(in *Instance, lim search.Limits) Run {
	start := time.Now()
	moves, st, err := t.s.Solve(in.Tiles, t.goal, lim)
	run := Run{Stats: st, Time: time.Since(start)}
	switch {
	case err == nil:
		run.Solved, run.Length = true, len(moves)
		if t.keepMoves {
			run.Moves = string(moves)
		}
	case errors.Is(err, search.ErrLimit):
		run.Censored = true
	case errors.Is(err, search.ErrUnsolvable):
		run.Error = fmt.Sprintf("%v is unsolvable for the %v goal", in.Tiles, t.goal)
	default:
		run.Error = err.Error()
	}
	return run
}

// SolveAll solves in under every solver, in order, into runs (one a solver).
func SolveAll(solvers []Solver, in *Instance, lim search.Limits, runs []Run) {
	for h, s := range solvers {
		runs[h] = s.Solve(in, lim)
	}
}

// Summary sums up one heuristic over all instances. Node, time and length
// figures are over the instances it solved; nodes per second is over all
// its runs; Ratio is its generated nodes over the first heuristic's on the
// instances both solved, -1 when no instance was solved by both with nodes.
type Summary struct {
	Heuristic     string  `json:"heuristic"`
	Instances     int     `json:"instances"`
	Solved        int     `json:"solved"`
	Censored      int     `json:"censored"`
	Errors        int     `json:"errors"`
	Expanded      uint64  `json:"expanded"`
	Generated     uint64  `json:"generated"`
	MeanExpanded  float64 `json:"mean_expanded"`
	MeanGenerated float64 `json:"mean_generated"`
	Seconds       float64 `json:"seconds"`
	MeanSeconds   float64 `json:"mean_seconds"`
	NodesPerSec   float64 `json:"nodes_per_second"`
	MeanH0        float64 `json:"mean_h0"`
	MeanLength    float64 `json:"mean_length"`
	Ratio         float64 `json:"ratio_to_first"`
}

// sums are the running totals behind a Summary.
type sums struct {
	allGen              uint64
	allTime, solvedTime time.Duration
	h0, length          float64
	mine, first         uint64 // generated nodes on instances this and the first heuristic solved
}

// Report is a benchmark in progress: add instances in order with Add, then
// call Finish for the summaries.
type Report struct {
	Puzzle     string
	Heuristics []string
	Instances  int       // instances added
	Summaries  []Summary // one a heuristic, complete after Finish
	Disagree   []string  // one message an instance whose solved lengths differ

	// With KeepRuns, Where[i] and Runs[h][i] keep every instance and run.
	KeepRuns bool
	Where    []string
	Runs     [][]Run

	sums []sums
}

// NewReport returns an empty report for heuristics on puzzle; keepRuns
// keeps every run (memory then grows with the instances).
func NewReport(puzzle string, heuristics []string, keepRuns bool) *Report {
	r := &Report{Puzzle: puzzle, Heuristics: heuristics, KeepRuns: keepRuns,
		Summaries: make([]Summary, len(heuristics)), sums: make([]sums, len(heuristics))}
	if keepRuns {
		r.Runs = make([][]Run, len(heuristics))
	}
	for h, name := range heuristics {
		r.Summaries[h].Heuristic = name
	}
	return r
}

// Add adds the runs of the next instance, runs[h] under Heuristics[h].
func (r *Report) Add(where string, runs []Run) {
	r.Instances++
	first := runs[0]
	length, by := -1, ""
	for h := range runs {
		run := &runs[h]
		s, t := &r.Summaries[h], &r.sums[h]
		s.Instances++
		t.allGen += run.Stats.Generated
		t.allTime += run.Time
		t.h0 += float64(run.Stats.RootH)
		switch {
		case run.Solved:
			s.Solved++
			s.Expanded += run.Stats.Expanded
			s.Generated += run.Stats.Generated
			t.solvedTime += run.Time
			t.length += float64(run.Length)
			if first.Solved {
				t.mine += run.Stats.Generated
				t.first += first.Stats.Generated
			}
			if length < 0 {
				length, by = run.Length, r.Heuristics[h]
			} else if run.Length != length {
				r.Disagree = append(r.Disagree, fmt.Sprintf("%s: %s finds length %d, %s finds %d",
					where, by, length, r.Heuristics[h], run.Length))
			}
		case run.Censored:
			s.Censored++
		default:
			s.Errors++
		}
		if r.KeepRuns {
			r.Runs[h] = append(r.Runs[h], *run)
		}
	}
	if r.KeepRuns {
		r.Where = append(r.Where, where)
	}
}

// Finish computes the means and ratios of the summaries.
func (r *Report) Finish() {
	for h := range r.Summaries {
		s, t := &r.Summaries[h], &r.sums[h]
		s.Seconds = t.solvedTime.Seconds()
		if s.Solved > 0 {
			n := float64(s.Solved)
			s.MeanExpanded, s.MeanGenerated = float64(s.Expanded)/n, float64(s.Generated)/n
			s.MeanSeconds, s.MeanLength = s.Seconds/n, t.length/n
		}
		if t.allTime > 0 {
			s.NodesPerSec = float64(t.allGen) / t.allTime.Seconds()
		}
		if s.Instances > 0 {
			s.MeanH0 = t.h0 / float64(s.Instances)
		}
		s.Ratio = -1
		if t.first > 0 {
			s.Ratio = float64(t.mine) / float64(t.first)
		}
	}
}

// AnyCensored reports whether a limit stopped any run.
func (r *Report) AnyCensored() bool {
	for _, s := range r.Summaries {
		if s.Censored > 0 {
			return true
		}
	}
	return false
}
