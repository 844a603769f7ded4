package bench

import (
	"fmt"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// Solvers loads through cache the tables of each of the plans (p's) and
// returns for each a function making solvers that share them; a
// sliding-tile solver searches with workers goroutines for goal with
// pruning prune and successor order order (the Rotation Game's take none
// of these). An error is a table's.
func Solvers[B any](p puzzle.Family[B], cache puzzle.Cache, plans []*puzzle.Plan, workers int, goal bitboard.Goal, prune search.TilesPruning, order search.TilesOrder) ([]func() Solver[B], error) {
	out := make([]func() Solver[B], len(plans))
	for i, plan := range plans {
		var err error
		out[i], err = puzzle.DispatchTyped[B, func() Solver[B]](p,
			func(r puzzle.Rotation) (any, error) { return rotationSolvers(r, cache, plan) },
			func(t puzzle.Tiles) (any, error) { return tilesSolvers(t, cache, plan, workers, goal, prune, order) })
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// rotationSolvers loads through cache the tables of plan and returns a
// function making Rotation Game solvers that share them.
func rotationSolvers(r puzzle.Rotation, cache puzzle.Cache, plan *puzzle.Plan) (func() Solver[bitboard.Rotation], error) {
	newSolver, err := r.NewSolver(cache, plan.Name)
	if err != nil {
		return nil, err
	}
	return func() Solver[bitboard.Rotation] { return NewRotationSolver(newSolver()) }, nil
}

// tilesSolvers loads through cache the tables of plan and returns a
// function making sliding-tile solvers that share them, each searching with
// workers goroutines for goal with pruning prune and successor order order.
func tilesSolvers(t puzzle.Tiles, cache puzzle.Cache, plan *puzzle.Plan, workers int, goal bitboard.Goal, prune search.TilesPruning, order search.TilesOrder) (func() Solver[bitboard.Tiles], error) {
	h, err := t.Heuristic(cache, plan)
	if err != nil {
		return nil, err
	}
	a, err := t.Pruning(cache, prune)
	if err != nil {
		return nil, err
	}
	return func() Solver[bitboard.Tiles] {
		s := search.NewTilesSolver(h)
		s.SetWorkers(workers)
		s.SetPrune(a) // cannot fail: the automaton is for h's board
		s.SetOrder(order)
		return NewTilesSolver(s, goal)
	}, nil
}

// Units returns the batch Source of bench run b over the inputs of p:
// the records sel takes, in order, each a bench instance numbered by its
// place in the whole input (b.Take), a bad one too, with its error. Once the
// inputs have been read to their end it calls b.Read with whether end
// fails the run for the number of records they held.
func Units[B any](p puzzle.Family[B], open puzzle.Opener, inputs []string, sel *puzzle.Selection, b *Pipeline[B], end func(n int) bool) func(send func(*batch.Unit, *Item[B]) bool) error {
	return func(send func(*batch.Unit, *Item[B]) bool) error {
		n, err := puzzle.Records(p, open, inputs, sel, func(rec *puzzle.Record[B]) bool {
			x := &Item[B]{Instance: rec.Index + 1, Input: batch.RecordInput(rec.Input), Line: rec.Line, Err: rec.Err,
				In: Instance[B]{Where: fmt.Sprintf("%s:%d", rec.Input, rec.Line), Board: rec.Board}}
			if rec.Err == nil {
				x.Board = p.BoardText(rec.Board)
			}
			return b.Take(x, send)
		})
		if err == nil {
			b.Read(n >= 0 && end(n))
		}
		return err
	}
}
