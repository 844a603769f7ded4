package verify

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

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
	// NoBoards is true when no board is taken, or every record taken is
	// bad (Precheck): then no table is loaded, and the answers are only
	// counted as extra.
	NoBoards bool
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
	boards, closeBoards, err := flagged("--input", open)(input)
	if err != nil {
		return nil, nil, err
	}
	answers, closeAnswers, err := flagged("--solutions", open)(solutions)
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
	v := &Verifier[bitboard.Rotation, RotationAnswer]{Checks: unchecked[bitboard.Rotation, RotationAnswer], NewReader: NewRotationReader, Sel: o.Sel}
	if o.NoBoards {
		return v, nil
	}
	newSolver, err := r.NewSolver(cache, name)
	if err != nil {
		return nil, err
	}
	v.Checks = RotationChecks(newSolver)
	return v, nil
}

// unchecked is the Checks of a verifier without tables (Options.NoBoards):
// a pair it is given all the same is wrong.
func unchecked[B, A any]() func(*Pair[B, A]) search.Check {
	return func(*Pair[B, A]) search.Check {
		return search.Check{Verdict: search.VerdictWrong, Detail: "not checked: no table loaded"}
	}
}

// NewTiles loads through cache the tables of o.Plan and returns the
// verifier of answers on t's board, for o.Goal or, unless o.GoalGiven, the
// goal the answers name or imply (Reader.AnswersGoal: blank-last for the
// aoj format, as solve reads it); an error is a table's.
func NewTiles(t puzzle.Tiles, cache puzzle.Cache, o *Options) (*Verifier[bitboard.Tiles, TilesAnswer], error) {
	workers, inner := puzzle.Workers(t, o.Split, o.Workers)
	goal := o.Goal // final once the reader is made, before any board is read or checked
	v := &Verifier[bitboard.Tiles, TilesAnswer]{Workers: workers, Sel: o.Sel, Checks: unchecked[bitboard.Tiles, TilesAnswer]}
	if !o.NoBoards {
		h, err := t.Heuristic(cache, o.Plan)
		if err != nil {
			return nil, err
		}
		prune, err := t.Pruning(cache, o.Prune)
		if err != nil {
			return nil, err
		}
		v.Checks = func() func(*Pair[bitboard.Tiles, TilesAnswer]) search.Check {
			return TilesChecks(h, inner, goal, prune)()
		}
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

// Precheck makes puzzle.Precheck's checks of a run of verify on the boards
// input, opened through open, before any table is loaded or built, and
// sets o.NoBoards when no table need be loaded: each answer is then extra
// (input holds no record, or o.Sel takes none of its records), or each
// board taken is a bad-board verdict (every record o.Sel takes is bad, as
// Precheck can tell in a file). It then opens solutions and reads its
// first line (ErrOtherPuzzle). The error, if
// any, is:
//   - puzzle.ErrNoRecords's, naming input, when input holds no record and
//     solutions nothing but white space (puzzle.Blank): there is nothing to
//     verify at all;
//   - puzzle.ErrBoardSize's, naming input and line, when input starts with
//     a board of another sliding-tile puzzle;
//   - pdb.ErrTooBig's, when a table of o.Plan is too big to build in cache;
//   - ErrOtherPuzzle's, naming solutions and line, when the answers are
//     JSON whose first run or header naming a puzzle names another (read
//     when solutions is a file, peeked when standard input);
//   - open's, after the flag naming the input (as Verifier.Open's: "--input:
//     ...", "--solutions: ..."), or a read error of input, naming it.
func Precheck(p puzzle.Puzzle, open puzzle.Opener, cache puzzle.Cache, o *Options, input, solutions string) error {
	c := &puzzle.Check{Sel: o.Sel, Cache: cache, Plans: []*puzzle.Plan{o.Plan}, Few: 1}
	if o.Sel == nil {
		c.Sel = &puzzle.Selection{}
	}
	if o.Plan == nil {
		c.Plans = nil
	}
	err := puzzle.Dispatch(p, func(r puzzle.Rotation) error {
		_, err := puzzle.Precheck(r, flagged("--input", open), []string{input}, c)
		return err
	}, func(t puzzle.Tiles) error {
		_, err := puzzle.Precheck(t, flagged("--input", open), []string{input}, c)
		return err
	})
	switch {
	case errors.Is(err, puzzle.ErrNoRecords) && puzzle.Blank(open, solutions):
		return err
	case errors.Is(err, puzzle.ErrNoRecords), errors.Is(err, puzzle.ErrNoMatch), errors.Is(err, puzzle.ErrNoBoard):
		o.NoBoards = true
	case err != nil:
		return err
	}
	answers, closeAnswers, err := flagged("--solutions", open)(solutions)
	if err != nil {
		return err
	}
	defer closeAnswers()
	var br *bufio.Reader
	if f, ok := answers.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			br = bufio.NewReaderSize(f, answersPeek)
			batch.SkipBOM(br)
		}
	} else {
		br, _ = answers.(*bufio.Reader) // standard input, peeked only
	}
	if br == nil {
		return nil // a pipe: only the run reads it
	}
	head, whole := peekHead(br)
	return checkPuzzle(head, whole, batch.InputName(solutions), p.RecordName())
}

// flagged returns open, its errors after the flag naming the input.
func flagged(flag string, open puzzle.Opener) puzzle.Opener {
	return func(name string) (io.Reader, func(), error) {
		r, closeInput, err := open(name)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", flag, err)
		}
		return r, closeInput, nil
	}
}
