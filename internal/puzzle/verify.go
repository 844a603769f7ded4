package puzzle

import (
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
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
	Workers int
}

// Verifier checks a puzzle's answers: its checks, the reader pairing
// boards with answers, and the batch's workers (0: all cores).
type Verifier[B, A any] struct {
	Checks    func() func(*verify.Pair[B, A]) search.Check
	NewReader func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*verify.Reader[B, A], error)
	Workers   int
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
	return &Verifier[bitboard.Tiles, verify.TilesAnswer]{Checks: verify.TilesChecks(h, inner, goal), Workers: workers,
		NewReader: func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*verify.Reader[bitboard.Tiles, verify.TilesAnswer], error) {
			return verify.NewTilesReader(boards, boardsName, answers, answersName, t.rows, t.cols, t.parse,
				func(b bitboard.Tiles) bool { return b.Solvable(goal) })
		}}, nil
}
