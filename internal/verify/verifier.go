package verify

import (
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// Options are how verify checks answers: the heuristic whose tables give
// optimal lengths (sliding tiles), the goal, and the workers (puzzle.Workers
// splits them by Split).
type Options struct {
	Plan    *puzzle.Plan // sliding tiles: the heuristic, the board's
	Goal    bitboard.Goal
	Split   puzzle.SplitMode
	Prune   search.TilesPruning // sliding tiles: move pruning
	Workers int
}

// Verifier checks a puzzle's answers: its checks, the reader pairing
// boards with answers, and the batch's workers (0: all cores).
type Verifier[B, A any] struct {
	Checks    func() func(*Pair[B, A]) search.Check
	NewReader func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[B, A], error)
	Workers   int
}

// Open opens the boards (input) and the answers (solutions) through open
// ("-" is standard input) and returns the reader pairing them and a
// function closing both; an error is open's or the reader's, naming the
// input.
func (v *Verifier[B, A]) Open(open puzzle.Opener, input, solutions string) (*Reader[B, A], func(), error) {
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

// NewRotation loads through cache the exact tables and returns the
// verifier of Rotation Game answers; an error is a table's.
func NewRotation(r puzzle.Rotation, cache puzzle.Cache, _ *Options) (*Verifier[bitboard.Rotation, RotationAnswer], error) {
	newSolver, err := r.NewSolver(cache, puzzle.RotationExact)
	if err != nil {
		return nil, err
	}
	return &Verifier[bitboard.Rotation, RotationAnswer]{Checks: RotationChecks(newSolver), NewReader: NewRotationReader}, nil
}

// NewTiles loads through cache the tables of o.Plan and returns the
// verifier of answers on t's board; an error is a table's.
func NewTiles(t puzzle.Tiles, cache puzzle.Cache, o *Options) (*Verifier[bitboard.Tiles, TilesAnswer], error) {
	h, err := t.Heuristic(cache, o.Plan)
	if err != nil {
		return nil, err
	}
	workers, inner := puzzle.Workers(t, o.Split, o.Workers)
	goal := o.Goal
	return &Verifier[bitboard.Tiles, TilesAnswer]{Checks: TilesChecks(h, inner, goal, o.Prune), Workers: workers,
		NewReader: func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[bitboard.Tiles, TilesAnswer], error) {
			return NewTilesReader(boards, boardsName, answers, answersName, t,
				func(b bitboard.Tiles) bool { return b.Solvable(goal) })
		}}, nil
}
