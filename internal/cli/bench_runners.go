package cli

import (
	"errors"
	"fmt"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// benchRun is the outcome of one instance under one heuristic.
type benchRun struct {
	Solved   bool          `json:"solved"`
	Censored bool          `json:"censored"` // stopped at a limit
	Error    string        `json:"error,omitempty"`
	Length   int           `json:"length"`          // optimal length when solved
	Moves    string        `json:"moves,omitempty"` // kept only for --per-instance
	Stats    search.Stats  `json:"-"`
	Time     time.Duration `json:"-"`
}

// benchSolver solves instances by index under one heuristic. One value is
// used by one goroutine.
type benchSolver interface {
	solve(in *instance, lim search.Limits) benchRun
}

// rotationBenchNames are the heuristics bench and solve take for the
// Rotation Game: exact reads the path table, as solve does; exact-ida is
// IDA* with the exact heuristic; count is the textbook heuristic.
var rotationBenchNames = []string{"exact", "exact-ida", "count"}

// newBenchSolverFactory loads what heuristic name needs and returns a
// function making solvers that share it.
func newBenchSolverFactory(g *globalOptions, side int, name string, goal bitboard.Goal, keepMoves bool) (func() benchSolver, error) {
	if side == 0 {
		h, paths, err := parseRotationName(name)
		if err != nil {
			return nil, err
		}
		newSolver, err := rotationSolverFactory(g, h)
		if err != nil {
			return nil, err
		}
		return func() benchSolver {
			s := newSolver()
			if !paths {
				s.UsePaths(nil)
			}
			s.SetTiming(true)
			return &rotationBench{s, keepMoves}
		}, nil
	}
	h, err := loadTileHeuristic(g, side, name)
	if err != nil {
		return nil, err
	}
	return func() benchSolver { return &tilesBench{search.NewTilesSolver(h), goal, keepMoves} }, nil
}

// parseRotationName maps a Rotation heuristic name to the search heuristic
// and whether the path table is used.
func parseRotationName(name string) (search.RotationHeuristic, bool, error) {
	switch name {
	case "exact":
		return search.RotationExact, true, nil
	case "exact-ida":
		return search.RotationExact, false, nil
	case "count":
		return search.RotationCount, false, nil
	}
	return 0, false, usageError("unknown rotation heuristic %q: want one of %v", name, rotationBenchNames)
}

type rotationBench struct {
	s         *search.RotationSolver
	keepMoves bool
}

func (r *rotationBench) solve(in *instance, lim search.Limits) benchRun {
	res, err := r.s.Solve(in.rot, lim)
	run := benchRun{Stats: res.Stats, Time: res.Elapsed}
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

type tilesBench struct {
	s         *search.TilesSolver
	goal      bitboard.Goal
	keepMoves bool
}

func (t *tilesBench) solve(in *instance, lim search.Limits) benchRun {
	start := time.Now()
	moves, st, err := t.s.Solve(in.tiles, t.goal, lim)
	run := benchRun{Stats: st, Time: time.Since(start)}
	switch {
	case err == nil:
		run.Solved, run.Length = true, len(moves)
		if t.keepMoves {
			run.Moves = string(moves)
		}
	case errors.Is(err, search.ErrLimit):
		run.Censored = true
	default:
		run.Error = fmt.Sprint(err)
	}
	return run
}
