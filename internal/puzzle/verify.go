package puzzle

import (
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/verify"
	"github.com/pdbsolve/pdbsolve/search"
)

// VerifyOptions are how verify checks answers: the heuristic whose tables
// give optimal lengths (sliding tiles), the goal, and the workers (Workers
// splits them by Split).
type VerifyOptions struct {
	Plan    *Plan // sliding tiles: the heuristic, the board's
	Goal    bitboard.Goal
	Split   SplitMode
	Prune   search.TilesPruning // sliding tiles: move pruning
	Workers int
}

// Verifier checks a puzzle's answers: its checks, the reader pairing
// boards with answers, and the batch's workers (0: all cores).
type Verifier[B, A any] struct {
	Checks    func() func(*verify.Pair[B, A]) search.Check
	NewReader func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*verify.Reader[B, A], error)
	Workers   int
}

// Open opens the boards (input) and the answers (solutions) through open
// ("-" is standard input) and returns the reader pairing them and a
// function closing both; an error is open's or the reader's, naming the
// input.
func (v *Verifier[B, A]) Open(open Opener, input, solutions string) (*verify.Reader[B, A], func(), error) {
	boards, closeBoards, err := open(input)
	if err != nil {
		return nil, nil, err
	}
	answers, closeAnswers, err := open(solutions)
	if err != nil {
		closeBoards()
		return nil, nil, err
	}
	r, err := v.NewReader(boards, batch.InputName(input), answers, batch.InputName(solutions))
	if err != nil {
		closeBoards()
		closeAnswers()
		return nil, nil, err
	}
	return r, func() { closeBoards(); closeAnswers() }, nil
}

// Verifier loads through cache the exact tables and returns the verifier
// of Rotation Game answers; an error is a table's.
func (r Rotation) Verifier(cache Cache, _ *VerifyOptions) (*Verifier[bitboard.Rotation, verify.RotationAnswer], error) {
	newSolver, err := r.NewSolver(cache, RotationExact)
	if err != nil {
		return nil, err
	}
	return &Verifier[bitboard.Rotation, verify.RotationAnswer]{Checks: verify.RotationChecks(newSolver), NewReader: verify.NewRotationReader}, nil
}

// Verifier loads through cache the tables of o.Plan and returns the verifier of the board's answers;
// an error is a table's.
func (t Tiles) Verifier(cache Cache, o *VerifyOptions) (*Verifier[bitboard.Tiles, verify.TilesAnswer], error) {
	h, err := t.Heuristic(cache, o.Plan)
	if err != nil {
		return nil, err
	}
	workers, inner := Workers(t, o.Split, o.Workers)
	goal := o.Goal
	return &Verifier[bitboard.Tiles, verify.TilesAnswer]{Checks: verify.TilesChecks(h, inner, goal, o.Prune), Workers: workers,
		NewReader: func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*verify.Reader[bitboard.Tiles, verify.TilesAnswer], error) {
			return verify.NewTilesReader(boards, boardsName, answers, answersName, t.rows, t.cols, t.Parse,
				func(b bitboard.Tiles) bool { return b.Solvable(goal) })
		}}, nil
}
