package cli

import (
	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/search"
)

// rotationBenchNames are the heuristics bench and solve take for the
// Rotation Game: exact reads the path table, as solve does; exact-ida is
// IDA* with the exact heuristic; count is the textbook heuristic.
var rotationBenchNames = []string{"exact", "exact-ida", "count"}

// newBenchSolverFactory loads what heuristic name needs and returns a
// function making solvers that share it.
// For sliding tiles each solver searches one instance with workers goroutines.
func newBenchSolverFactory(g *globalOptions, rows, cols, workers int, name string, goal bitboard.Goal, keepMoves bool) (func() bench.Solver, error) {
	if rows == 0 {
		h, paths, err := rotationHeuristicNamed(name)
		if err != nil {
			return nil, err
		}
		newSolver, err := rotationSolverFactory(g, h)
		if err != nil {
			return nil, err
		}
		return func() bench.Solver {
			s := newSolver()
			if !paths {
				s.UsePaths(nil)
			}
			return bench.NewRotationSolver(s, keepMoves)
		}, nil
	}
	h, err := loadTilesHeuristic(g, rows, cols, name)
	if err != nil {
		return nil, err
	}
	return func() bench.Solver {
		s := search.NewTilesSolver(h)
		s.SetWorkers(workers)
		return bench.NewTilesSolver(s, goal, keepMoves)
	}, nil
}

// rotationHeuristicNamed maps a Rotation heuristic name to the search heuristic
// and whether the path table is used.
func rotationHeuristicNamed(name string) (search.RotationHeuristic, bool, error) {
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
