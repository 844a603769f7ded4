// Package verify pairs a stream of boards with a stream of someone's
// answers, as "pdbsolve solve" would print them, for checking by the
// solvers of package search (RotationSolver.VerifyRotation,
// TilesSolver.VerifyTiles) on the workers of package batch.
//
// Boards are read as solve reads them: for the Rotation Game 24 symbols a
// board wherever the line breaks fall, a lone "0" token ending the input
// (RotationReader, which solve uses too); for sliding tiles rows x cols integers
// a board whatever the line breaks, blank and # lines skipped. Answers are
// read a non-blank line at a time: two lines a Rotation board (the moves,
// or "No moves needed", then the centre's symbol), one a sliding-tile board
// ("LENGTH MOVES" or "LENGTH"). A malformed or unsolvable board takes no
// answer, as solve prints none for it. Both streams are read once, in step,
// so memory does not grow with their length.
package verify

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/search"
)

// RotationNoMoves is the answer line of a solved Rotation board.
const RotationNoMoves = "No moves needed"

// Pairs per unit of work: Rotation checks are table lookups (about 100 ns),
// sliding-tile checks solve the board (milliseconds or more).
const (
	RotationPairsPerUnit = 1024
	TilesPairsPerUnit    = 1
)

// Pair is one board and the answer given for it.
type Pair struct {
	BoardLine  int // line of the board (its first line) in the boards input
	AnswerLine int // line of the answer's first line in the answers input; 0 when none was taken
	Rotation   bitboard.Rotation
	Tiles      bitboard.Tiles

	Moves  string // Rotation: the move line ("" for RotationNoMoves); tiles: the whole answer line
	Symbol string // Rotation: the symbol line

	Missing  bool  // the answers ended before this board
	NoSymbol bool  // Rotation: the answers ended after the move line
	BadBoard error // the board is malformed (it takes no answer)
	BadLine  int   // the line of the boards input BadBoard is about

	text [4]int32 // Source: Moves and Symbol as offsets into its unit's text, until it is made
}

// Check returns the verdict on the pair: bad-board, missing, or wrong for a
// Rotation answer without its symbol line, else what check (a solver's
// VerifyRotation or VerifyTiles) says.
func (p *Pair) Check(check func(*Pair) search.Check) search.Check {
	switch {
	case p.BadBoard != nil:
		return search.Check{Verdict: search.VerdictBadBoard, Detail: fmt.Sprintf("line %d: %v", p.BadLine, p.BadBoard)}
	case p.Missing:
		return search.Check{Verdict: search.VerdictMissing, Detail: "no answer left"}
	case p.NoSymbol:
		return search.Check{Verdict: search.VerdictWrong, Detail: "no symbol line after the moves", Length: len(p.Moves)}
	}
	return check(p)
}

// Reader reads boards and answers in step. Make it with NewRotationReader
// or NewTilesReader.
type Reader struct {
	BoardsName  string // the boards input's name, for messages
	AnswersName string // the answers input's name, for messages

	boards       *bufio.Scanner
	boardLine    int
	answers      *bufio.Scanner
	answerLine   int
	answersEnded bool
	answersErr   error // why the answers ended early, if they did

	size        int                                                 // cells of a sliding-tile board; 0 for the Rotation Game
	solvable    func(bitboard.Tiles) bool                           // whether a tiles board takes an answer
	parse       func(*bitboard.TilesRecord) (bitboard.Tiles, error) // sliding-tile record parser
	pending     []byte                                              // sliding-tile lines read but not yet a record
	boardsEnded bool
	extra       int

	rotation    RotationReader   // Rotation boards, read as solve reads them
	rotationQ   []rotationRecord // boards read but not yet paired
	rotationEnd bool             // the end token or the end of the boards was read
}

// rotationRecord is one Rotation board read, or why it could not be.
type rotationRecord struct {
	line int
	b    bitboard.Rotation
	err  error
}

// ErrLineTooLong is returned when a line of either input is longer than
// batch.MaxRecord bytes.
var ErrLineTooLong = fmt.Errorf("line longer than %d MiB", batch.MaxRecord>>20)

func newScanner(r io.Reader) *bufio.Scanner {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), batch.MaxRecord)
	return s
}

// NewRotationReader returns a Reader of Rotation Game boards and answers;
// the names are the inputs' names for messages.
func NewRotationReader(boards io.Reader, boardsName string, answers io.Reader, answersName string) *Reader {
	return &Reader{boards: newScanner(boards), BoardsName: boardsName, answers: newScanner(answers), AnswersName: answersName}
}

// NewTilesReader returns a Reader of sliding-tile boards of size cells,
// parsed by parse; a board for which solvable is false takes no answer.
func NewTilesReader(boards io.Reader, boardsName string, answers io.Reader, answersName string, size int,
	parse func(*bitboard.TilesRecord) (bitboard.Tiles, error), solvable func(bitboard.Tiles) bool) *Reader {
	r := NewRotationReader(boards, boardsName, answers, answersName)
	r.size, r.parse, r.solvable = size, parse, solvable
	return r
}

// answer returns the next non-blank answer line, trimmed (valid until the
// next read), and its line.
func (r *Reader) answer() (text []byte, line int, ok bool) {
	for !r.answersEnded && r.answers.Scan() {
		r.answerLine++
		if t := trimSpace(r.answers.Bytes()); len(t) > 0 {
			return t, r.answerLine, true
		}
	}
	r.answersEnded = true
	if err := scanErr(r.answers.Err()); err != nil && r.answersErr == nil {
		r.answersErr = fmt.Errorf("%s:%d: %w", r.AnswersName, r.answerLine+1, err)
	}
	return nil, 0, false
}

// Next returns the next pair; ok is false at the end of the boards. err is
// a read error of either input.
func (r *Reader) Next() (p Pair, ok bool, err error) {
	var text []byte
	ok, err = r.next(&p, &text)
	p.setText(string(text))
	return p, ok, err
}

// setText sets Moves and Symbol from the offsets next left into text.
func (p *Pair) setText(text string) {
	p.Moves, p.Symbol = text[p.text[0]:p.text[1]], text[p.text[2]:p.text[3]]
}

// next reads the next pair into p, its answer's moves and symbol appended
// to text (their offsets in p.text), so that a unit of pairs makes one
// string of them all.
func (r *Reader) next(p *Pair, text *[]byte) (ok bool, err error) {
	if r.size == 0 {
		ok, err = r.nextRotation(p)
	} else {
		ok, err = r.nextTiles(p)
	}
	at := int32(len(*text))
	p.text = [4]int32{at, at, at, at}
	if err != nil || !ok {
		return false, err
	}
	if p.BadBoard != nil || (r.size > 0 && !r.solvable(p.Tiles)) {
		return true, nil
	}
	moves, line, got := r.answer()
	p.AnswerLine = line
	if !got {
		p.Missing = true
		return true, r.answersErr
	}
	if r.size == 0 && string(moves) == RotationNoMoves {
		moves = nil
	}
	*text = append(*text, moves...)
	p.text[1], p.text[2], p.text[3] = int32(len(*text)), int32(len(*text)), int32(len(*text))
	if r.size > 0 {
		return true, nil
	}
	sym, _, got := r.answer()
	if !got {
		p.NoSymbol = true
		return true, r.answersErr
	}
	*text = append(*text, sym...)
	p.text[3] = int32(len(*text))
	return true, nil
}

func (r *Reader) nextRotation(p *Pair) (bool, error) {
	push := func(line int, b bitboard.Rotation, err error) bool {
		r.rotationQ = append(r.rotationQ, rotationRecord{line, b, err})
		return true
	}
	for len(r.rotationQ) == 0 && !r.rotationEnd {
		if r.boardsEnded || !r.boards.Scan() {
			r.boardsEnded, r.rotationEnd = true, true
			r.rotation.Finish(push)
			if err := scanErr(r.boards.Err()); err != nil {
				return false, fmt.Errorf("%s:%d: %w", r.BoardsName, r.boardLine+1, err)
			}
			break
		}
		r.boardLine++
		if r.rotation.Scan(r.boards.Bytes(), r.boardLine, push) {
			r.boardsEnded, r.rotationEnd = true, true
		}
	}
	if len(r.rotationQ) == 0 {
		return false, nil
	}
	x := r.rotationQ[0]
	r.rotationQ = r.rotationQ[1:]
	p.BoardLine = x.line
	p.Rotation, p.BadBoard, p.BadLine = x.b, x.err, x.line
	return true, nil
}

func (r *Reader) nextTiles(p *Pair) (bool, error) {
	for {
		atEOF := r.boardsEnded
		if k := bitboard.TilesSplit(r.pending, r.size, atEOF, 1); k > 0 {
			rec := r.pending[:k]
			found := false
			bitboard.TilesScan(rec, r.boardLine+1, r.size, func(tr *bitboard.TilesRecord) {
				found = true
				p.BoardLine = tr.Line
				p.Tiles, p.BadBoard = r.parse(tr)
				if p.BadBoard != nil {
					p.BadLine = tr.ErrLine(p.BadBoard)
				}
			})
			r.boardLine += bytes.Count(rec, []byte{'\n'})
			r.pending = append(r.pending[:0], r.pending[k:]...)
			if found {
				return true, nil
			}
			continue
		}
		if atEOF {
			return false, nil
		}
		if !r.boards.Scan() {
			r.boardsEnded = true
			if err := scanErr(r.boards.Err()); err != nil {
				return false, fmt.Errorf("%s:%d: %w", r.BoardsName, r.boardLine+1, err)
			}
			continue
		}
		r.pending = append(append(r.pending, r.boards.Bytes()...), '\n')
	}
}

func scanErr(err error) error {
	if errors.Is(err, bufio.ErrTooLong) {
		return ErrLineTooLong
	}
	return err
}

// Source returns a batch.Config Source that sends the pairs, perUnit of
// them a unit, as []Pair in Unit.Items. The Records of a unit are its
// pairs.
func (r *Reader) Source(perUnit int) func(send func(*batch.Unit) bool) error {
	return func(send func(*batch.Unit) bool) error {
		for {
			pairs := make([]Pair, 0, perUnit)
			var text []byte
			for len(pairs) < perUnit {
				pairs = pairs[:len(pairs)+1]
				p := &pairs[len(pairs)-1]
				ok, err := r.next(p, &text)
				if err != nil {
					return err
				}
				if !ok {
					pairs = pairs[:len(pairs)-1]
					break
				}
			}
			if len(pairs) == 0 {
				return nil
			}
			all := string(text)
			for i := range pairs {
				pairs[i].setText(all)
			}
			if !send(&batch.Unit{Name: r.BoardsName, Items: pairs, Records: len(pairs)}) {
				return nil
			}
			if len(pairs) < perUnit {
				return nil
			}
		}
	}
}

// Extra counts the non-blank answer lines left after the last board. Call
// it once the boards have ended (after Source's function returned nil).
func (r *Reader) Extra() int {
	for {
		if _, _, ok := r.answer(); !ok {
			return r.extra
		}
		r.extra++
	}
}

// trimSpace trims the white space of IsSpace (ASCII only) from both ends.
func trimSpace(b []byte) []byte {
	i, j := 0, len(b)
	for i < j && IsSpace(b[i]) {
		i++
	}
	for j > i && IsSpace(b[j-1]) {
		j--
	}
	return b[i:j]
}
