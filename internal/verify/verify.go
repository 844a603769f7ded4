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

// board is one record of the boards input: a board, or why it is bad.
type board[B any] struct {
	line    int
	b       B
	err     error // the record is malformed
	errLine int   // the line err is about
	takes   bool  // the board takes an answer (it is well formed and, tiles, solvable)
}

// boardReader reads the records of a boards input in order.
type boardReader[B any] interface {
	// next returns the next record; ok is false at the end of the input,
	// err a read error.
	next() (rec board[B], ok bool, err error)
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
	boards     boardReader[B]
	answers    answerReader[A]
	perUnit    int  // pairs a unit of Batch
	ended      bool // the boards have ended
}

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

// next reads the next pair into p; false at the end of the boards. err
// is a read error of either input.
func (r *Reader[B, A]) next(p *Pair[B, A]) (bool, error) {
	if r.ended {
		return false, nil
	}
	rec, ok, err := r.boards.next()
	if err != nil || !ok {
		r.ended = true
		return false, err
	}
	*p = Pair[B, A]{BoardLine: rec.line, Board: rec.b}
	if rec.err != nil {
		p.fault = fault{search.VerdictBadBoard, fmt.Sprintf("line %d: %v", rec.errLine, rec.err)}
	}
	if !rec.takes {
		return true, nil
	}
	a, err := r.answers.next(rec.line)
	p.Answer, p.AnswerLine, p.fault = a.a, a.line, a.fault
	return true, err
}

// source returns a batch.Config Source that sends the pairs, perUnit of
// them a unit, as the unit's items. The Records of a unit are its pairs.
func (r *Reader[B, A]) source(perUnit int) func(send func(*batch.Unit, []Pair[B, A]) bool) error {
	return func(send func(*batch.Unit, []Pair[B, A]) bool) error {
		for {
			pairs := make([]Pair[B, A], perUnit)
			n := 0
			for n < perUnit {
				ok, err := r.next(&pairs[n])
				if err != nil {
					return err
				}
				if !ok {
					break
				}
				n++
			}
			if n == 0 {
				return nil
			}
			if !send(&batch.Unit{Name: r.boardsName, Records: n}, pairs[:n]) || n < perUnit {
				return nil
			}
		}
	}
}

// Extra counts the answers left after the last board's, an answer of the
// judge format (two lines) once. Call it once the boards have ended (after
// the batch's Source returned nil).
func (r *Reader[B, A]) Extra() (int, error) {
	return r.answers.extra()
}

// chunkBoards reads the boards of one input as solve reads them: in the
// chunks of whole records batch.Reader cuts, which scan turns into boards
// (it returns true at the input's end line); at the end of the input
// finish takes a board left incomplete. A record longer than
// batch.MaxRecord is a malformed board.
type chunkBoards[B any] struct {
	name   string
	c      *batch.Reader
	scan   func(chunk []byte, line int) (end bool)
	finish func()
	queue  []board[B] // boards read; those from head on not yet returned
	head   int
	ended  bool // the end line or the end of the input was read
}

func (cb *chunkBoards[B]) push(x board[B]) { cb.queue = append(cb.queue, x) }

func (cb *chunkBoards[B]) next() (board[B], bool, error) {
	for cb.head == len(cb.queue) && !cb.ended {
		cb.queue, cb.head = cb.queue[:0], 0
		chunk, line, err := cb.c.Next()
		switch {
		case err == io.EOF:
			cb.ended = true
			cb.finish()
		case err == batch.ErrTooLong:
			cb.push(board[B]{line: line, err: err, errLine: line})
		case err != nil:
			cb.ended = true
			return board[B]{}, false, fmt.Errorf("%s:%d: %w", cb.name, line, err)
		default:
			cb.ended = cb.scan(chunk, line)
			cb.c.Recycle(chunk)
		}
	}
	if cb.head == len(cb.queue) {
		return board[B]{}, false, nil
	}
	cb.head++
	return cb.queue[cb.head-1], true, nil
}

// newRotationBoards returns a reader of the Rotation boards of r, read by
// RotationReader as solve reads them.
func newRotationBoards(r io.Reader, name string) *chunkBoards[bitboard.Rotation] {
	cb := &chunkBoards[bitboard.Rotation]{name: name, c: batch.NewReader(r, puzzle.RotationSplit)}
	var rr puzzle.RotationReader
	add := func(line int, b bitboard.Rotation, err error) bool {
		cb.push(board[bitboard.Rotation]{line: line, b: b, err: err, errLine: line, takes: err == nil})
		return true
	}
	cb.scan = func(chunk []byte, line int) bool { return rr.Scan(chunk, line, add) }
	cb.finish = func() { rr.Finish(add) }
	return cb
}

// newTilesBoards returns a reader of the sliding-tile boards of size cells
// of r (bitboard.TilesSplit and TilesScan), parsed by parse; a board for
// which solvable is false takes no answer.
func newTilesBoards(r io.Reader, name string, size int, parse func(*bitboard.TilesRecord) (bitboard.Tiles, error),
	solvable func(bitboard.Tiles) bool) *chunkBoards[bitboard.Tiles] {
	split := func(data []byte, atEOF bool) int { return bitboard.TilesSplit(data, size, atEOF, 0) }
	cb := &chunkBoards[bitboard.Tiles]{name: name, c: batch.NewReader(r, split), finish: func() {}}
	cb.scan = func(chunk []byte, line int) bool {
		bitboard.TilesScan(chunk, line, size, func(tr *bitboard.TilesRecord) {
			x := board[bitboard.Tiles]{line: tr.Line}
			if x.b, x.err = parse(tr); x.err != nil {
				x.errLine = tr.ErrLine(x.err)
			}
			x.takes = x.err == nil && solvable(x.b)
			cb.push(x)
		})
		return false
	}
	return cb
}

// NewRotationReader returns a Reader of the Rotation Game boards of boards
// and the answers of answers, in the judge format or solve's JSON Lines
// (when the first byte that is not white space is '{'); the names are the
// inputs' names for messages. err is an error reading the answers' first
// bytes.
func NewRotationReader(boards io.Reader, boardsName string, answers io.Reader, answersName string) (*Reader[bitboard.Rotation, RotationAnswer], error) {
	ar, err := newAnswerReader(answers, answersName, record.PuzzleRotation, rotationJSONAnswer, newRotationTextAnswers)
	if err != nil {
		return nil, err
	}
	return &Reader[bitboard.Rotation, RotationAnswer]{boardsName: boardsName,
		boards: newRotationBoards(boards, boardsName), answers: ar, perUnit: rotationPairsPerUnit}, nil
}

// NewTilesReader returns a Reader of rows x cols sliding-tile boards,
// parsed by parse (a board for which solvable is false takes no answer),
// and of answers in the text or aoj format or solve's JSON Lines. The names
// are the inputs' names for messages; err is an error reading the answers'
// first bytes.
func NewTilesReader(boards io.Reader, boardsName string, answers io.Reader, answersName string, rows, cols int,
	parse func(*bitboard.TilesRecord) (bitboard.Tiles, error), solvable func(bitboard.Tiles) bool) (*Reader[bitboard.Tiles, TilesAnswer], error) {
	ar, err := newAnswerReader(answers, answersName, record.TilesPuzzle(rows, cols), tilesJSONAnswer, newTilesTextAnswers)
	if err != nil {
		return nil, err
	}
	tb := newTilesBoards(boards, boardsName, rows*cols, parse, solvable)
	return &Reader[bitboard.Tiles, TilesAnswer]{boardsName: boardsName, boards: tb, answers: ar, perUnit: tilesPairsPerUnit}, nil
}
