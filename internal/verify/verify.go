// Package verify pairs a stream of boards with a stream of someone's
// answers, as "pdbsolve solve" prints them, for checking on the workers of
// package batch: Rotation answers by search.RotationSolver.VerifyRotation,
// sliding-tile answers by checkTiles.
//
// Boards are read by the puzzle's readers, as solve reads them: for the
// Rotation Game 24 symbols a board wherever the line breaks fall, a lone "0"
// token ending the input (puzzle.RotationReader); for sliding tiles rows x
// cols integers a board whatever the line breaks, blank and # lines skipped. A
// malformed or unsolvable board takes no answer, as solve prints none for
// it.
//
// Answers are read by one grammar a format, each into a typed answer
// (RotationAnswer, TilesAnswer): the judge format of the Rotation
// Game, the text and aoj formats of the sliding tiles, and solve's JSON
// Lines records for either, which name the line of the board they answer.
// Both streams are read once, in step, so memory does not grow with their
// length. Reader.Batch checks the pairs on the workers of package batch and
// writes a verdict a pair (Output); Tally counts them and writes the
// summary.
package verify

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// Pairs per unit of work: Rotation checks are table lookups (about 100 ns),
// sliding-tile checks solve the board (milliseconds or more).
const (
	rotationPairsPerUnit = 1024
	tilesPairsPerUnit    = 1
)

// Pair is one board, of type B (bitboard.Rotation or bitboard.Tiles), and
// the answer of type A (RotationAnswer or TilesAnswer) given for it.
type Pair[B, A any] struct {
	BoardLine  int // line of the board (its first line) in the boards input
	AnswerLine int // line of the answer (its first line) in the answers input; 0 when none was taken
	Board      B
	Answer     A // valid when AnswerLine > 0 and the answer could be read

	fault // what keeps the pair from being checked, if anything
}

// fault is what keeps a pair from being checked, and why in words: a
// malformed board (VerdictBadBoard; it takes no answer), no answer for a
// board that takes one (VerdictMissing) or an answer that could not be read
// (VerdictWrong). VerdictOK is no fault.
type fault struct {
	verdict search.Verdict
	detail  string
}

// check returns the verdict on the pair: its fault's, else what check says.
func (p *Pair[B, A]) check(check func(*Pair[B, A]) search.Check) search.Check {
	if p.verdict != search.VerdictOK {
		return search.Check{Verdict: p.verdict, Detail: p.detail}
	}
	return check(p)
}

// answer is one answer read, or why there is none for the board asked
// (fault VerdictMissing) or it could not be read (VerdictWrong).
type answer[A any] struct {
	a    A
	line int // the answer's first line; 0 when there is none
	fault
}

// answerReader reads the answers of one format in order.
type answerReader[A any] interface {
	// next returns the answer to the board on line boardLine of the
	// boards input; err is a read error.
	next(boardLine int) (answer[A], error)
	// extra counts the answers left, reading them to the end.
	extra() (int, error)
}

// Reader reads boards and answers in step. Make it with NewRotationReader
// or NewTilesReader.
type Reader[B, A any] struct {
	boardsName string
	boards     func(f func(*puzzle.Record[B]) bool) error // the puzzle's record stream of the boards
	takes      func(B) bool                               // whether a well-formed board takes an answer
	answers    answerReader[A]
	perUnit    int    // pairs a unit of Batch
	goal       string // the goal the answers name or imply, "" for none

	sel     *puzzle.Selection // the boards taken (Select)
	records int               // the records the boards input holds (Records)
}

// newReader returns the Reader of the boards of p in boards, named
// boardsName, and of the answers ar; a well-formed board takes an answer
// when takes says so.
func newReader[B, A any](p puzzle.Family[B], boards io.Reader, boardsName string, ar answerReader[A], takes func(B) bool, perUnit int) *Reader[B, A] {
	open := func(string) (io.Reader, func(), error) { return boards, func() {}, nil }
	r := &Reader[B, A]{boardsName: boardsName, answers: ar, takes: takes, perUnit: perUnit, sel: &puzzle.Selection{}}
	r.boards = func(f func(*puzzle.Record[B]) bool) (err error) {
		r.records, err = puzzle.Records(p, open, []string{boardsName}, r.sel, f)
		return err
	}
	return r
}

// SelectionHelp is the help of verify's --instances and --shard: the
// selection (puzzle.SelectionRule) and what it means for the answers.
const SelectionHelp = puzzle.SelectionRule + `. The answers are those of the boards
taken, as solve with the same --instances and --shard prints them; JSON
records of boards not taken are passed over, as are JSON records that
answer no board taken (they are not counted as extra answers).
`

// Select makes the reader take only the boards sel takes (nil for every
// board), as solve with the same selection does, and pair them with the
// answers in order (text formats) or by line (JSON, whose records of other
// boards are then passed over, not counted by Extra). Call it before the
// batch starts.
func (r *Reader[B, A]) Select(sel *puzzle.Selection) {
	if sel == nil || sel.All() {
		return
	}
	r.sel = sel
	if j, ok := r.answers.(interface{ passOthers() }); ok {
		j.passOthers()
	}
}

// Records returns the number of records of the boards input, or -1 when
// the reading stopped before its end (the last board --instances picks was
// read): the count Selection.Warn takes. Call it once the batch is done.
func (r *Reader[B, A]) Records() int { return r.records }

// newLineScanner returns a scanner of the lines of r, each up to
// batch.MaxRecord bytes.
func newLineScanner(r io.Reader) *bufio.Scanner {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), batch.MaxRecord)
	return s
}

// scanErr returns the error that ended s's input, naming the line after
// the last read; nil at the end of the input.
func scanErr(s *bufio.Scanner, name string, line int) error {
	err := s.Err()
	if err == nil {
		return nil
	}
	if errors.Is(err, bufio.ErrTooLong) {
		err = batch.ErrTooLong
	}
	return fmt.Errorf("%s:%d: %w", name, line+1, err)
}

// pair makes the pair of board record rec into p, reading its answer when
// it takes one; err is a read error of the answers.
func (r *Reader[B, A]) pair(rec *puzzle.Record[B], p *Pair[B, A]) error {
	*p = Pair[B, A]{BoardLine: rec.Start, Board: rec.Board}
	if rec.Err != nil {
		p.fault = fault{search.VerdictBadBoard, rec.Err.Error()}
		if rec.Line != rec.Start { // a board over several lines: the bad field's
			p.detail = fmt.Sprintf("line %d: %s", rec.Line, p.detail)
		}
		return nil
	}
	if !r.takes(rec.Board) {
		return nil
	}
	a, err := r.answers.next(rec.Start)
	p.Answer, p.AnswerLine, p.fault = a.a, a.line, a.fault
	return err
}

// source returns a batch.Config Source that reads the boards once and sends
// their pairs, perUnit of them a unit, as the unit's items. The Records of a
// unit are its pairs.
func (r *Reader[B, A]) source(perUnit int) func(send func(*batch.Unit, []Pair[B, A]) bool) error {
	return func(send func(*batch.Unit, []Pair[B, A]) bool) error {
		pairs := make([]Pair[B, A], 0, perUnit)
		var answerErr error
		stopped := false
		err := r.boards(func(rec *puzzle.Record[B]) bool {
			pairs = pairs[:len(pairs)+1]
			if answerErr = r.pair(rec, &pairs[len(pairs)-1]); answerErr != nil {
				return false
			}
			if len(pairs) == perUnit {
				stopped = !send(&batch.Unit{Name: r.boardsName, Records: perUnit}, pairs)
				pairs = make([]Pair[B, A], 0, perUnit)
			}
			return !stopped
		})
		switch {
		case answerErr != nil:
			return answerErr
		case err != nil || stopped || len(pairs) == 0:
			return err
		}
		send(&batch.Unit{Name: r.boardsName, Records: len(pairs)}, pairs)
		return nil
	}
}

// Extra counts the answers left after the last board's, an answer of the
// judge format (two lines) once. Call it once the boards have ended (after
// the batch's Source returned nil).
func (r *Reader[B, A]) Extra() (int, error) {
	return r.answers.extra()
}

// NewRotationReader returns a Reader of the Rotation Game boards of boards
// and the answers of answers, in the judge format or solve's JSON Lines
// (when the first byte that is not white space is '{'); the names are the
// inputs' names for messages. err is an error reading the answers' first
// bytes.
func NewRotationReader(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[bitboard.Rotation, RotationAnswer], error) {
	ar, _, err := newAnswerReader(answers, answersName, boardsName, record.PuzzleRotation, rotationJSONAnswer, newRotationTextAnswers)
	if err != nil {
		return nil, err
	}
	return newReader(puzzle.Rotation{}, boards, boardsName, ar, func(bitboard.Rotation) bool { return true }, rotationPairsPerUnit), nil
}

// NewTilesReader returns a Reader of the sliding-tile boards of t (a
// well-formed board for which takes is false, unsolvable, takes no answer)
// and of answers in the text or aoj format or solve's JSON Lines. The names
// are the inputs' names for messages; sel is the boards the reader will take
// (Select; nil for every board), whose first one gives the goal when the
// answers are bare 0s (AnswersGoal). err is an error reading the answers'
// first bytes.
func NewTilesReader(boards io.Reader, boardsName string, answers io.Reader, answersName string, t puzzle.Tiles,
	takes func(bitboard.Tiles) bool, sel *puzzle.Selection) (*Reader[bitboard.Tiles, TilesAnswer], error) {
	ar, goal, err := newAnswerReader(answers, answersName, boardsName, t.RecordName(), tilesJSONAnswer, newTilesTextAnswers)
	if err != nil {
		return nil, err
	}
	if goal == answersZero {
		br := bufio.NewReaderSize(boards, answersPeek)
		batch.SkipBOM(br)
		boards, goal = br, firstBoardGoal(t, br, sel)
	}
	r := newReader(t, boards, boardsName, ar, takes, tilesPairsPerUnit)
	r.goal = goal
	return r, nil
}

// firstBoardGoal returns the goal (its name) at which the first board of t
// that br holds and sel takes (nil: every board) stands, "" when it stands
// at neither or br holds no such board within answersPeek bytes; it peeks,
// consuming nothing. The first answer is then a bare 0, which solve writes,
// in the text format as in aoj, for a board at the goal it solves for: the
// board says which goal that was.
func firstBoardGoal(t puzzle.Tiles, br *bufio.Reader, sel *puzzle.Selection) string {
	if sel == nil {
		sel = &puzzle.Selection{}
	}
	for {
		_, err := br.Peek(br.Buffered() + 1)
		head, _ := br.Peek(br.Buffered())
		open := func(string) (io.Reader, func(), error) {
			return bytes.NewReader(head[:t.Split(head, err != nil)]), func() {}, nil
		}
		goal := ""
		found := false
		puzzle.Records(t, open, []string{"-"}, sel, func(rec *puzzle.Record[bitboard.Tiles]) bool {
			for _, g := range []bitboard.Goal{bitboard.BlankFirst, bitboard.BlankLast} {
				if rec.Err == nil && rec.Board.IsGoal(g) {
					goal = g.String()
				}
			}
			found = rec.Err == nil
			return !found
		})
		if found || err != nil || len(head) >= answersPeek {
			return goal
		}
	}
}

// AnswersGoal returns the sliding-tile goal the answers name or imply, as
// solve wrote them: the goal of their JSON records (or of a solve -o
// file's header), or blank-last when they are in the aoj format
// (puzzle.FormatGoal), or, when they are bare 0s only, the goal the first
// board stands at (firstBoardGoal); "" when they say nothing of it.
func (r *Reader[B, A]) AnswersGoal() string { return r.goal }

// CheckGoal makes every JSON record that names a goal other than goal (a
// name, bitboard.Goal's String) a wrong answer: it answers another board.
func (r *Reader[B, A]) CheckGoal(goal string) {
	if j, ok := r.answers.(*jsonAnswers[A]); ok {
		j.goal = goal
	}
}
