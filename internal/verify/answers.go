package verify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// The answer grammars, one a format, each read into a typed answer:
//
//   - the Rotation Game's judge format: a move line (letters A-H, or
//     puzzle.RotationNoMoves), then a line naming the centre's symbol;
//   - the sliding tiles' text format, "LENGTH MOVES" on a line, and the
//     aoj format, a bare "LENGTH";
//   - solve's JSON Lines (docs/records.md), one record a line for either
//     puzzle, and the records before that schema (no "status"; an "error"
//     for a board that was not solved).
//
// In the text formats blank lines are skipped and fields are separated by
// bitboard.IsSpace white space. A JSON answers input is one whose first
// byte that is not white space is '{'.

// RotationAnswer is an answer to a Rotation Game board.
type RotationAnswer struct {
	Moves  string // the move letters as written, "" for none (puzzle.RotationNoMoves)
	Symbol string // the symbol line as written (JSON: the symbol in decimal)
	// Bare is true for a length without moves (a record without moves,
	// as bench writes, above 0): Length moves claimed, Moves "".
	Bare   bool
	Length int
}

// TilesAnswer is an answer to a sliding-tile board.
type TilesAnswer struct {
	Length   int    // the claimed length in moves, at least 0
	Moves    string // the blank's moves as written (letters U, D, L, R), Length of them when HasMoves
	HasMoves bool   // false for a bare length (the aoj format, or a record without moves) above 0
	// LengthOnly is set for a bare length in an answers file in the aoj
	// format (its first answer other than 0 is a bare length, as solve
	// --format aoj writes them): the format holds lengths only, so the
	// length is the whole answer and is ok at the optimum.
	LengthOnly bool
}

// Why a board has no answer.
const noAnswerLeft = "no answer left"

// missing is the fault of a board without an answer, why in words.
func missing(why string) fault { return fault{search.VerdictMissing, why} }

// wrong is the fault of an answer that could not be read, why in words;
// none when why is "".
func wrong(why string) fault {
	if why == "" {
		return fault{}
	}
	return fault{search.VerdictWrong, why}
}

// textLines reads the non-blank lines of a text answers input.
type textLines struct {
	name string
	s    *bufio.Scanner
	line int // lines read
}

// next returns the next non-blank line, without white space at its ends
// (valid until the next call), and its line number; ok is false at the
// end of the input, err a read error.
func (t *textLines) next() (text []byte, line int, ok bool, err error) {
	for t.s.Scan() {
		t.line++
		if text := bitboard.TrimSpace(t.s.Bytes()); len(text) > 0 {
			return text, t.line, true, nil
		}
	}
	return nil, 0, false, scanErr(t.s, t.name, t.line)
}

// rotationText reads answers in the Rotation Game's judge format.
type rotationText struct{ textLines }

func newRotationTextAnswers(t textLines) answerReader[RotationAnswer] { return &rotationText{t} }

// rotationSymbols are the symbol lines of a correct answer, so that
// reading one allocates nothing.
var rotationSymbols = [...]string{"1", "2", "3"}

func (r *rotationText) next(int) (answer[RotationAnswer], error) {
	moves, line, ok, err := r.textLines.next()
	if !ok {
		return answer[RotationAnswer]{fault: missing(noAnswerLeft)}, err
	}
	x := answer[RotationAnswer]{line: line}
	if string(moves) != puzzle.RotationNoMoves {
		x.a.Moves = string(moves)
	}
	sym, _, ok, err := r.textLines.next()
	switch {
	case !ok:
		x.fault = wrong("no symbol line after the moves")
	case len(sym) == 1 && sym[0] >= '1' && int(sym[0]-'1') < len(rotationSymbols):
		x.a.Symbol = rotationSymbols[sym[0]-'1']
	default:
		x.a.Symbol = string(sym)
	}
	return x, err
}

func (r *rotationText) extra() (int, error) { return countAnswers(r) }

// tilesText reads answers in the sliding tiles' text and aoj formats; the
// first answer other than 0 says which (aoj: a bare length), as for the
// goal (answersGoal).
type tilesText struct {
	textLines
	known, aoj bool // the format is known, and is aoj
}

func newTilesTextAnswers(t textLines) answerReader[TilesAnswer] { return &tilesText{textLines: t} }

func (r *tilesText) next(int) (answer[TilesAnswer], error) {
	text, line, ok, err := r.textLines.next()
	if !ok {
		return answer[TilesAnswer]{fault: missing(noAnswerLeft)}, err
	}
	a, malformed := parseTilesAnswer(text)
	if malformed == "" && a.Length > 0 && !r.known {
		r.known, r.aoj = true, !a.HasMoves
	}
	a.LengthOnly = r.aoj && !a.HasMoves
	return answer[TilesAnswer]{a: a, line: line, fault: wrong(malformed)}, nil
}

func (r *tilesText) extra() (int, error) { return countAnswers(r) }

// parseTilesAnswer parses "LENGTH" or "LENGTH MOVES", text without white
// space at its ends, or says why it cannot.
func parseTilesAnswer(text []byte) (TilesAnswer, string) {
	i := 0
	for i < len(text) && !bitboard.IsSpace(text[i]) {
		i++
	}
	n, err := strconv.Atoi(string(text[:i]))
	moves := bitboard.TrimSpace(text[i:])
	for _, c := range moves {
		if bitboard.IsSpace(c) {
			err = strconv.ErrSyntax // a third field
		}
	}
	switch {
	case err != nil || n < 0:
		return TilesAnswer{}, fmt.Sprintf("%q is not LENGTH or LENGTH MOVES", text)
	case len(moves) > 0 && len(moves) != n:
		return TilesAnswer{}, lengthNotMoves(n, len(moves))
	}
	return TilesAnswer{Length: n, Moves: string(moves), HasMoves: len(moves) > 0 || n == 0}, ""
}

// countAnswers counts the answers r has left.
func countAnswers[A any](r answerReader[A]) (int, error) {
	n := 0
	for {
		x, err := r.next(0)
		if err != nil || x.line == 0 {
			return n, err
		}
		n++
	}
}

// jsonRecord is what an answer is read from in a record solve wrote: the
// line of the board it answers, its status, and the answer.
type jsonRecord struct {
	Puzzle string        `json:"puzzle"`
	Input  string        `json:"input"` // "-" for standard input
	Goal   string        `json:"goal"`  // the sliding tiles'
	Line   int           `json:"line"`
	Status record.Status `json:"status"`
	Error  string        `json:"error"`
	Length int           `json:"length"`
	Moves  *string       `json:"moves"`
	Symbol *int          `json:"symbol"` // the Rotation Game's
}

// jsonAnswers reads answers from solve's JSON Lines for puzzle (a record
// name), each record converted to an answer by convert. A record answers
// the board on the line it names, in any order: records read ahead of
// their board wait in a map of at most maxPending (so memory stays flat),
// and a record that is not solved (one interrupted, say, in a file a
// resumed run continued) gives way to a later one of the same line.
// Records of boards passed already, or after a solved one of their line,
// count as extra when solved; a board none names has no answer.
type jsonAnswers[A any] struct {
	textLines
	puzzle  string
	convert func(*jsonRecord) (A, string)
	boards  recordInput // the boards' input, which a record must name
	goal    string      // the goal the boards are checked for, which a record must name; "" for any

	held      answer[A] // read, not yet paired
	heldBoard int       // the board line held names; 0 if none
	heldOK    bool      // held is an answer (a solved or malformed record)
	holding   bool
	passed    int                      // answers passed over, counted as extra
	others    bool                     // boards were left out (a selection): records not paired are not extra
	pending   map[int]pendingAnswer[A] // records read ahead, by the board line they name
}

// pendingAnswer is a record read ahead of its board: its answer, and
// whether it is one (heldOK).
type pendingAnswer[A any] struct {
	answer[A]
	ok bool
}

// maxPending is how many records jsonAnswers reads ahead of their board at
// most.
const maxPending = 1024

// read reads the next answer into held, passing over the values that are
// not runs (record.KindOf: the header and summary of a solve -o or bench
// output, reports, verdicts); false at the end of the input. A value of no
// kind of the schema is an answer: a wrong one.
func (j *jsonAnswers[A]) read() (bool, error) {
	var r jsonRecord
	for {
		text, line, ok, err := j.textLines.next()
		if !ok {
			j.holding = false
			return false, err
		}
		j.held, j.heldBoard, j.heldOK, j.holding = answer[A]{line: line}, 0, true, true
		r = jsonRecord{}
		if err := json.Unmarshal(text, &r); err != nil {
			j.held.fault = wrong(fmt.Sprintf("not a JSON record: %v", err))
			return true, nil
		}
		if r.Status != "" {
			break // a "status" key: a run (record.KindOf), decoded once
		}
		var obj map[string]json.RawMessage
		json.Unmarshal(text, &obj) // valid JSON, as r's decoding found
		if kind := record.KindOf(obj); kind == record.KindRun || kind == 0 {
			break
		}
	}
	j.heldBoard = r.Line
	switch {
	case !r.Status.Valid():
		j.held.fault = wrong(fmt.Sprintf("status %q is none of solved, unsolvable, limit, error, interrupted", r.Status))
	case r.Puzzle != "" && r.Puzzle != j.puzzle:
		j.held.fault = wrong(otherPuzzle(r.Puzzle, j.puzzle))
	case !j.boards.is(r.Input):
		j.held.fault = wrong(fmt.Sprintf("a record of input %s, not of %s", r.Input, j.boards.name))
	case r.Goal != "" && j.goal != "" && r.Goal != j.goal:
		j.held.fault = wrong(fmt.Sprintf("a record for goal %s, checked for %s (--goal)", r.Goal, j.goal))
	case r.Status != record.StatusSolved:
		j.heldOK = false
		j.held.fault = missing(fmt.Sprintf("%s:%d: %s", j.name, j.held.line, r.Status))
		if r.Error != "" {
			j.held.detail += ": " + r.Error
		}
	default:
		var malformed string
		j.held.a, malformed = j.convert(&r)
		j.held.fault = wrong(malformed)
	}
	return true, nil
}

func (j *jsonAnswers[A]) next(boardLine int) (answer[A], error) {
	c, found := j.pending[boardLine]
	delete(j.pending, boardLine)
	why := noAnswerLeft // why the board has no answer
	for !found || !c.ok {
		if !j.holding {
			if len(j.pending) >= maxPending && !j.purge(boardLine) {
				break
			}
			if ok, err := j.read(); !ok {
				if err != nil {
					return answer[A]{fault: missing(noAnswerLeft)}, err
				}
				break
			}
		}
		if j.heldBoard == 0 && found {
			break // a record naming no line: the next board's
		}
		j.holding = false
		h := pendingAnswer[A]{j.held, j.heldOK}
		switch {
		case j.heldBoard == boardLine || j.heldBoard == 0:
			c, found = h, true // a later record supersedes one not solved
		case j.heldBoard < boardLine:
			j.pass(h.ok)
		default:
			if why == noAnswerLeft {
				why = fmt.Sprintf("no answer names line %d (%s:%d names line %d)", boardLine, j.name, h.line, j.heldBoard)
			}
			j.stash(j.heldBoard, h)
		}
	}
	if !found {
		if why == noAnswerLeft && len(j.pending) > 0 {
			why = fmt.Sprintf("no answer names line %d", boardLine)
		}
		return answer[A]{fault: missing(why)}, nil
	}
	return c.answer, nil
}

// stash keeps h, a record naming board line, until its board comes: in
// place of one of that line not solved; after a solved one it is extra.
func (j *jsonAnswers[A]) stash(line int, h pendingAnswer[A]) {
	if e, ok := j.pending[line]; ok && e.ok {
		j.pass(h.ok)
		return
	}
	if j.pending == nil {
		j.pending = map[int]pendingAnswer[A]{}
	}
	j.pending[line] = h
}

// purge drops the records read ahead for boards before boardLine (passed
// over: extra when solved) and reports whether there is room for more.
func (j *jsonAnswers[A]) purge(boardLine int) bool {
	for line, e := range j.pending {
		if line < boardLine {
			j.pass(e.ok)
			delete(j.pending, line)
		}
	}
	return len(j.pending) < maxPending
}

func (j *jsonAnswers[A]) extra() (int, error) {
	j.purge(math.MaxInt)
	n := j.passed
	for {
		if !j.holding {
			if ok, err := j.read(); !ok {
				return n, err
			}
		}
		if j.heldOK && !j.others {
			n++
		}
		j.holding = false
	}
}

// pass passes over a record that answers no board read: an extra answer
// when it is one (ok), unless boards were left out, whose it may be.
func (j *jsonAnswers[A]) pass(ok bool) {
	if ok && !j.others {
		j.passed++
	}
}

// passOthers makes j pass over the records of boards left out (a
// selection), and so every record not paired, without counting them as
// extra.
func (j *jsonAnswers[A]) passOthers() { j.others = true }

// rotationJSONAnswer converts a solved Rotation record; one whose moves
// were not kept is a bare length.
func rotationJSONAnswer(r *jsonRecord) (RotationAnswer, string) {
	switch {
	case r.Length < 0:
		return RotationAnswer{}, fmt.Sprintf("length %d", r.Length)
	case r.Moves != nil && len(*r.Moves) != r.Length:
		return RotationAnswer{}, lengthNotMoves(r.Length, len(*r.Moves))
	case r.Symbol == nil:
		return RotationAnswer{}, "a solved record without a symbol"
	}
	a := RotationAnswer{Symbol: strconv.Itoa(*r.Symbol)}
	if r.Moves != nil {
		a.Moves = *r.Moves
	} else if r.Length > 0 {
		a.Bare, a.Length = true, r.Length
	}
	if s := *r.Symbol; s >= 1 && s <= len(rotationSymbols) {
		a.Symbol = rotationSymbols[s-1]
	}
	return a, ""
}

// tilesJSONAnswer converts a solved sliding-tile record; one whose moves
// were not kept is a bare length.
func tilesJSONAnswer(r *jsonRecord) (TilesAnswer, string) {
	switch {
	case r.Length < 0:
		return TilesAnswer{}, fmt.Sprintf("length %d", r.Length)
	case r.Moves != nil && len(*r.Moves) != r.Length:
		return TilesAnswer{}, lengthNotMoves(r.Length, len(*r.Moves))
	}
	a := TilesAnswer{Length: r.Length, HasMoves: r.Moves != nil || r.Length == 0}
	if r.Moves != nil {
		a.Moves = *r.Moves
	}
	return a, ""
}

// newAnswerReader returns the reader of answers's format, and the goal
// its first bytes name or imply (peekGoal): solve's JSON Lines for
// puzzle (a record name) of the boards input named boards, converted by
// convert, when its first byte that is not white space is '{', else the
// text format newText reads.
func newAnswerReader[A any](answers io.Reader, name, boards, puzzle string, convert func(*jsonRecord) (A, string),
	newText func(textLines) answerReader[A]) (answerReader[A], string, error) {
	br := bufio.NewReaderSize(answers, answersPeek)
	batch.SkipBOM(br)
	skipped := 0 // line breaks passed over
	for {
		c, err := br.ReadByte()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, "", fmt.Errorf("%s:%d: %w", name, skipped+1, err)
		}
		if bitboard.IsSpace(c) {
			if c == '\n' {
				skipped++
			}
			continue
		}
		br.UnreadByte()
		if c == '{' {
			return &jsonAnswers[A]{textLines: textLines{name: name, s: newLineScanner(br), line: skipped},
				puzzle: puzzle, convert: convert, boards: recordInput{name: boards}}, peekGoal(br, true), nil
		}
		break
	}
	return newText(textLines{name: name, s: newLineScanner(br), line: skipped}), peekGoal(br, false), nil
}

// answersPeek is the most bytes of an answers input read ahead to find
// the goal it names or implies: the size of its buffer.
const answersPeek = 64 << 10

// peekGoal returns the goal br's first bytes name or imply (answersGoal),
// "" for none. It waits for the first line only (a pipe may bring the
// next ones slowly, in step with the verdicts), and looks at the lines
// read with it, up to answersPeek bytes.
func peekGoal(br *bufio.Reader, isJSON bool) string {
	head, whole := peekHead(br)
	return answersGoal(head, isJSON, whole)
}

// peekHead returns the bytes br holds once its first line has come (or
// its end, or answersPeek bytes), without consuming them; whole is true
// when they are all of br.
func peekHead(br *bufio.Reader) (head []byte, whole bool) {
	head, _ = br.Peek(br.Buffered())
	var err error
	for bytes.IndexByte(head, '\n') < 0 && err == nil && len(head) < answersPeek {
		_, err = br.Peek(len(head) + 1)
		head, _ = br.Peek(br.Buffered())
	}
	return head, err != nil
}

// ErrOtherPuzzle is returned (wrapped, naming the answers and the line) by
// Precheck when the first JSON run or header of the answers that names a
// puzzle names another than the one verified: the answers are of other
// boards. It is a puzzle.ErrBoardSize, as boards of another puzzle are.
var ErrOtherPuzzle error = otherPuzzleError{}

type otherPuzzleError struct{}

func (otherPuzzleError) Error() string { return "the answers are of another puzzle" }
func (otherPuzzleError) Unwrap() error { return puzzle.ErrBoardSize }

// checkPuzzle returns an error wrapping ErrOtherPuzzle when head, the first
// bytes of the answers named name (all of them when whole), is JSON whose
// first whole line naming a puzzle (a run's "puzzle", a header's config's;
// record.KindOf tells them) names another than want (a record name).
func checkPuzzle(head []byte, whole bool, name, want string) error {
	if t := bitboard.TrimSpace(head); len(t) == 0 || t[0] != '{' {
		return nil
	}
	for n := 1; len(head) > 0; n++ {
		line, rest, complete := bytes.Cut(head, []byte{'\n'})
		if !complete && !whole {
			return nil
		}
		head = rest
		var obj map[string]json.RawMessage
		var v struct {
			Puzzle string
			Config struct{ Puzzle string }
		}
		if json.Unmarshal(line, &obj) != nil || json.Unmarshal(line, &v) != nil {
			continue
		}
		got := ""
		switch record.KindOf(obj) {
		case record.KindRun:
			got = v.Puzzle
		case record.KindHeader:
			got = v.Config.Puzzle
		}
		if got != "" && got != want {
			return fmt.Errorf("%s:%d: %w: the %s, not the %s", name, n, ErrOtherPuzzle, got, want)
		}
		if got != "" {
			return nil
		}
	}
	return nil
}

// answersZero is what answersGoal returns when the text answers it reads
// are all a bare 0: solve writes that for a board at its goal in the text
// format as in aoj, so the goal is the first board's (firstBoardGoal).
const answersZero = "0"

// answersGoal returns the sliding-tile goal that head, the first bytes of
// an answers input (all of it when whole; peekHead), names or implies, "" for none:
// in JSON the "goal" of the first whole line that names one, a record's or
// a solve -o header's "config"; in the text formats the goal of the aoj
// format (puzzle.FormatGoal), when the first answer other than "0" is a
// length alone, as solve --format aoj writes its answers; answersZero when
// the whole lines of head are answers "0" only (one at least).
func answersGoal(head []byte, isJSON, whole bool) string {
	zero := ""
	for len(head) > 0 {
		line, rest, complete := bytes.Cut(head, []byte{'\n'})
		if !complete && !whole {
			return zero
		}
		head = rest
		if isJSON {
			var first struct {
				Goal   string
				Config struct{ Goal string }
			}
			if json.Unmarshal(line, &first); first.Goal+first.Config.Goal != "" {
				return first.Goal + first.Config.Goal // one of them at most
			}
			continue
		}
		if line = bitboard.TrimSpace(line); len(line) == 0 {
			continue
		}
		a, malformed := parseTilesAnswer(line)
		switch {
		case malformed != "" || a.HasMoves && a.Length > 0:
			return ""
		case !a.HasMoves:
			goal, _ := puzzle.FormatGoal(puzzle.TilesAOJFormat)
			return goal.String()
		}
		zero = answersZero
	}
	return zero
}

// recordInput is the boards' input as messages name it (batch.InputName),
// which the records answering them name (batch.RecordInput); the answer to
// the last name asked is kept, as records name one input in a row.
type recordInput struct {
	name       string
	last       string
	lastIsThis bool
}

// is reports whether a record naming input (batch.RecordInput's; "" for
// none) answers boards of this input: the same path or the same file; or,
// when input names no file from here (solve ran in another directory),
// the same base name; or either is standard input (which names no file).
func (b *recordInput) is(input string) bool {
	if input == "" || input == "-" || b.name == batch.InputName("-") || input == b.name {
		return true
	}
	if input != b.last {
		b.last = input
		st1, err1 := os.Stat(input)
		st2, err2 := os.Stat(b.name)
		b.lastIsThis = filepath.Clean(input) == filepath.Clean(b.name) || err1 == nil && err2 == nil && os.SameFile(st1, st2) ||
			err1 != nil && filepath.Base(input) == filepath.Base(b.name)
	}
	return b.lastIsThis
}

// otherPuzzle says that answers of puzzle got (a record name) are not of
// puzzle want.
func otherPuzzle(got, want string) string {
	return fmt.Sprintf("answers the %s, not the %s", got, want)
}

// lengthNotMoves says that an answer's length, n, is not the number of its
// moves.
func lengthNotMoves(n, moves int) string {
	return fmt.Sprintf("length %d, but %s", n, report.Count(moves, "move"))
}
