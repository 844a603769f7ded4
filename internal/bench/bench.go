// Package bench runs benchmark instances: the puzzles' search solvers behind
// one small interface, one Solver per goroutine, each solve timed and its
// outcome (solved, censored by a node or time limit, or unsolvable) kept
// with its statistics as a run of the record schema (docs/records.md) that
// package report compares. A [Session] runs instances under every heuristic
// and repeat, each instance's runs into its own output; a [Pipeline] feeds
// it from a batch of inputs (package batch), which writes those outputs in
// input order, resumes an earlier output, and ends it with a summary line.
package bench

import (
	"errors"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// Instance is one board to solve, of type B (bitboard.Rotation or
// bitboard.Tiles), and where it comes from.
type Instance[B any] struct {
	Where string // FILE:LINE of the record
	Board B
}

// Run is the outcome of one instance under one heuristic.
type Run struct {
	Solved   bool          // an optimal solution was found
	Censored bool          // a node or time limit stopped the search first
	Error    string        // why the instance could not be solved (an unsolvable board), else ""
	Length   int           // optimal length in moves, when solved
	Symbol   int           // Rotation, when solved: the centre's symbol, 1-3
	Stats    search.Stats  // nodes, iterations, root heuristic and last bound
	Time     time.Duration // wall time of the solve
}

// Solver solves instances of boards of type B under one heuristic. A
// Solver is used by one goroutine at a time.
type Solver[B any] interface {
	Solve(in *Instance[B], lim search.Limits) Run
}

// RotationSolver is a Solver of Rotation Game boards.
type RotationSolver struct {
	s *search.RotationSolver
}

// NewRotationSolver returns a Solver using s, with timing on.
func NewRotationSolver(s *search.RotationSolver) *RotationSolver {
	s.SetTiming(true)
	return &RotationSolver{s}
}

// Solve implements Solver.
func (r *RotationSolver) Solve(in *Instance[bitboard.Rotation], lim search.Limits) Run {
	res, err := r.s.Solve(in.Board, lim)
	run := Run{Stats: res.Stats, Time: res.Elapsed}
	switch {
	case err == nil:
		run.Solved, run.Length, run.Symbol = true, res.Len, int(res.Symbol)
	case errors.Is(err, search.ErrLimit):
		run.Censored = true
	default:
		run.Error = err.Error()
	}
	return run
}

// TilesSolver is a Solver of sliding-tile boards for one goal.
type TilesSolver struct {
	s    *search.TilesSolver
	goal bitboard.Goal
}

// NewTilesSolver returns a Solver using s for goal.
func NewTilesSolver(s *search.TilesSolver, goal bitboard.Goal) *TilesSolver {
	return &TilesSolver{s, goal}
}

// Solve implements Solver.
func (t *TilesSolver) Solve(in *Instance[bitboard.Tiles], lim search.Limits) Run {
	start := time.Now()
	moves, st, err := t.s.Solve(in.Board, t.goal, lim)
	run := Run{Stats: st, Time: time.Since(start)}
	switch {
	case err == nil:
		run.Solved, run.Length = true, len(moves)
	case errors.Is(err, search.ErrLimit):
		run.Censored = true
	case errors.Is(err, search.ErrUnsolvable):
		run.Error = puzzle.Unsolvable(in.Board, t.goal).Error()
	default:
		run.Error = err.Error()
	}
	return run
}

// fillRecord fills the status, length and statistics of r, a record of
// the schema (docs/records.md), from run: solved, limit (censored) or
// unsolvable (the only error a Solver reports), with the solve's time.
func fillRecord(run *Run, r *record.Run) {
	switch {
	case run.Solved:
		r.Status, r.Length, r.Symbol = record.StatusSolved, run.Length, run.Symbol
		run.Stats.Bound = run.Length // a path-table answer has no search bound
	case run.Censored:
		r.Status = record.StatusLimit
	default:
		r.Status, r.Error = record.StatusUnsolvable, run.Error
	}
	if r.Status != record.StatusUnsolvable {
		r.SetStats(&run.Stats, false)
		r.TimeNS = run.Time.Nanoseconds()
	}
}
