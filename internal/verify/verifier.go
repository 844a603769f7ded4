package verify

import (
	"errors"
	"fmt"
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
	Plan *puzzle.Plan // the heuristic, the puzzle's
	Goal bitboard.Goal
	// GoalGiven is false when Goal is only the default: then the goal the
	// answers name or imply, if any, is taken instead.
	GoalGiven bool
	Split     puzzle.SplitMode
	Prune     search.TilesPruning // sliding tiles: move pruning
	Workers   int
	Sel       *puzzle.Selection // the boards taken (--instances, --shard); nil for every board
}

// Verifier checks a puzzle's answers: its checks, the reader pairing
// boards with answers, and the batch's workers (0: all cores).
type Verifier[B, A any] struct {
	Checks    func() func(*Pair[B, A]) search.Check
	NewReader func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[B, A], error)
	Workers   int
	Sel       *puzzle.Selection // the boards taken (Reader.Select); nil for every board
}

// Open opens the boards (input) and the answers (solutions) through open
// ("-" is standard input) and returns the reader pairing them and a
// function closing both; the reader takes the boards v.Sel takes. An
// error is open's, after the flag naming the input ("--input: ",
// "--solutions: "), or the reader's, naming the input.
func (v *Verifier[B, A]) Open(open puzzle.Opener, input, solutions string) (*Reader[B, A], func(), error) {
	boards, closeBoards, err := open(input)
	if err != nil {
		return nil, nil, fmt.Errorf("--input: %w", err)
	}
	answers, closeAnswers, err := open(solutions)
	if err != nil {
		closeBoards()
		return nil, nil, fmt.Errorf("--solutions: %w", err)
	}
	r, err := v.NewReader(boards, batch.InputName(input), answers, batch.InputName(solutions))
	if err != nil {
		closeBoards()
		closeAnswers()
		return nil, nil, err
	}
	r.Select(v.Sel)
	return r, func() { closeBoards(); closeAnswers() }, nil
}

// NewRotation loads through cache the tables of o.Plan (the exact tables
// when it is nil) and returns the verifier of Rotation Game answers; an
// error is a table's.
func NewRotation(r puzzle.Rotation, cache puzzle.Cache, o *Options) (*Verifier[bitboard.Rotation, RotationAnswer], error) {
	name := puzzle.RotationExact
	if o.Plan != nil {
		name = o.Plan.Name
	}
	newSolver, err := r.NewSolver(cache, name)
	if err != nil {
		return nil, err
	}
	return &Verifier[bitboard.Rotation, RotationAnswer]{Checks: RotationChecks(newSolver), NewReader: NewRotationReader, Sel: o.Sel}, nil
}

// NewTiles loads through cache the tables of o.Plan and returns the
// verifier of answers on t's board, for o.Goal or, unless o.GoalGiven, the
// goal the answers name or imply (Reader.AnswersGoal: blank-last for the
// aoj format, as solve reads it); an error is a table's.
func NewTiles(t puzzle.Tiles, cache puzzle.Cache, o *Options) (*Verifier[bitboard.Tiles, TilesAnswer], error) {
	h, err := t.Heuristic(cache, o.Plan)
	if err != nil {
		return nil, err
	}
	prune, err := t.Pruning(cache, o.Prune)
	if err != nil {
		return nil, err
	}
	workers, inner := puzzle.Workers(t, o.Split, o.Workers)
	goal := o.Goal // final once the reader is made, before any board is read or checked
	v := &Verifier[bitboard.Tiles, TilesAnswer]{Workers: workers, Sel: o.Sel}
	v.Checks = func() func(*Pair[bitboard.Tiles, TilesAnswer]) search.Check {
		return TilesChecks(h, inner, goal, prune)()
	}
	v.NewReader = func(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[bitboard.Tiles, TilesAnswer], error) {
		r, err := NewTilesReader(boards, boardsName, answers, answersName, t,
			func(b bitboard.Tiles) bool { return b.Solvable(goal) }, o.Sel)
		if err != nil {
			return nil, err
		}
		for _, g := range []bitboard.Goal{bitboard.BlankFirst, bitboard.BlankLast} {
			if !o.GoalGiven && r.AnswersGoal() == g.String() {
				goal = g
			}
		}
		r.CheckGoal(goal.String())
		return r, nil
	}
	return v, nil
}

// NoBoards returns puzzle.ErrNoRecords's error, naming input, when input
// holds no record of p (puzzle.Precheck, with the boards sel takes: its
// numbers past the end are the run's to name) and solutions nothing but
// white space (puzzle.Blank): there is nothing to verify, and no table to
// load. Else, or when either cannot be read to its end cheaply, it is nil.
func NoBoards(p puzzle.Puzzle, open puzzle.Opener, input, solutions string, sel *puzzle.Selection) error {
	c := &puzzle.Check{Sel: sel, Few: 1}
	err := puzzle.Dispatch(p, func(r puzzle.Rotation) error {
		_, err := puzzle.Precheck(r, open, []string{input}, c)
		return err
	}, func(t puzzle.Tiles) error {
		_, err := puzzle.Precheck(t, open, []string{input}, c)
		return err
	})
	if !errors.Is(err, puzzle.ErrNoRecords) || !puzzle.Blank(open, solutions) {
		return nil
	}
	return err
}
