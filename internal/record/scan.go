package record

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// Kind is what a value [Scanner.Scan] stopped at holds.
type Kind int

// The kinds of value a Scanner returns, and KindOther, the kinds it skips
// (reports, verdicts, verify summaries, census and score records).
const (
	KindRun     Kind = iota + 1 // a run ([Scanner.Run])
	KindHeader                  // a provenance header ([Scanner.Header])
	KindSummary                 // a bench summary line ([Scanner.Summary])
	KindOther                   // a value of another kind, which Scanner skips ([KindOf] only)
)

// KindOf returns the kind of the JSON object whose members are obj, told by
// the key only that kind has (docs/records.md): KindRun, KindHeader,
// KindSummary or KindOther; 0 when obj is none of them (not a record of
// the schema). It is the one classification of values: Scanner's, and
// that of readers that take some kinds and pass over the others.
func KindOf(obj map[string]json.RawMessage) Kind {
	switch {
	case obj["status"] != nil:
		return KindRun
	case obj["provenance"] != nil:
		return KindHeader
	case obj["summary"] != nil && obj["report"] != nil:
		return KindSummary
	case obj["per_instance"] != nil, obj["summary"] != nil && obj["puzzle"] != nil:
		return 0 // a bench document from before the schema
	case obj["report"] != nil, obj["verdict"] != nil, obj["verify_summary"] != nil, obj["counts"] != nil, obj["score"] != nil:
		return KindOther
	}
	return 0
}

// scanBufSize is the size of a Scanner's read buffer; a longer line is
// gathered in pieces.
const scanBufSize = 1 << 18

// Scanner reads the JSON values of a record stream (JSON Lines, or values
// spread over several lines, as [ReadStream] takes them) one at a time, in
// one pass over a buffered reader: line numbers are counted as the lines go
// by and each value is decoded once. A run on one line with plain ASCII
// strings, integers and only a run's keys (every line pdbsolve writes) is
// decoded without reflection; anything else goes through encoding/json.
// What a Scanner returns is valid until the next call of Scan.
type Scanner struct {
	// Brief keeps of a run only what a resumed solve needs: a whole line in
	// the shape pdbsolve writes a run is read by a targeted byte scan
	// (briefRun: input, line and status, the rest left empty and not
	// looked at but for the checks of Run.Check), straight from the read
	// buffer while lines come in that shape (briefNext); on another line the fast
	// path keeps only the input, line, status, length and error, checking
	// the moves' count, and skips the other fields (a number's digits or a
	// string's quotes found, not checked further).
	Brief bool

	r    *bufio.Reader
	name string
	line int   // lines read so far
	size int64 // bytes read, less a dropped unfinished last line

	pending  []byte   // a value spread over lines, or a line of several values
	pendLine int      // line of pending's first byte
	pendEnd  valueEnd // how far pending's first value has been looked at
	long     []byte   // a line longer than the read buffer, gathered

	kind      Kind
	valLine   int
	run       Run
	header    Header
	summary   Summary
	err       error
	truncated int
	noNewline bool
	done      bool
	moves     int       // Brief: the length of the moves skipped, -1 for none
	lean      bool      // run holds only the input, line and status briefRun set
	strs      [5]string // the last puzzle, input, heuristic, goal and status read, reused while they repeat

	// Brief, briefNext: the last line briefRun took up to its line number,
	// its input, and its status key's offset after the line's digits; the
	// block of whole lines in the read buffer (blk from blkPos on) and
	// whether it holds as many '{' as lines; and the size before which
	// lines go through readLine (after a line briefNext declined).
	prefix      []byte
	prefixInput string
	statusOff   int
	blk         []byte
	blkPos      int
	blkFlat     bool
	briefOff    int64
}

// NewScanner returns a Scanner of r, named name in errors.
func NewScanner(r io.Reader, name string) *Scanner { return newScannerSize(r, name, scanBufSize) }

// newScannerSize is NewScanner with a read buffer of size bytes (at least
// 16), for tests of lines across buffer ends.
func newScannerSize(r io.Reader, name string, size int) *Scanner {
	s := &Scanner{r: bufio.NewReaderSize(r, size), name: name}
	s.size = int64(batch.SkipBOM(s.r)) // read: Size, an offset in the input, counts it
	return s
}

// Lines returns the number of lines read so far.
func (s *Scanner) Lines() int { return s.line }

// Scan advances to the next run, provenance header or bench summary and
// reports whether there is one: false at the end of the input or at the
// first error (Err). Runs are checked ([Run.Check]). A last line without a newline that is not a JSON
// value (a writer killed in the middle of it) is dropped (Truncated).
func (s *Scanner) Scan() bool {
	for {
		if s.err != nil {
			return false
		}
		if len(s.pending) > 0 {
			if ok, more := s.fromPending(); ok {
				return true
			} else if !more {
				continue
			}
		}
		if s.done {
			if line := s.pendingLine(); len(s.pending) > 0 {
				raw := s.pending
				s.pending = nil
				if s.decode(raw, line) { // names what is wrong with an unfinished value
					return true
				}
				continue
			}
			return false
		}
		if s.Brief && len(s.pending) == 0 && s.briefNext() {
			return true
		}
		line, ok := s.readLine()
		if !ok {
			continue
		}
		if len(s.pending) == 0 {
			body := bitboard.TrimSpace(line)
			if len(body) == 0 {
				continue
			}
			if body[0] == '{' && s.Brief && !s.noNewline && s.briefRun(body) { // checked as Check would
				s.kind, s.valLine = KindRun, s.line
				return true
			}
			if body[0] == '{' && s.fastRun(body) {
				s.kind, s.valLine = KindRun, s.line
				if err := s.run.Check(); err != nil {
					s.err = s.bad(s.line, "%v", err)
					return false
				}
				return true
			}
			s.pendLine = s.line
		}
		s.pending = append(s.pending, line...)
	}
}

// readLine reads the next line, newline included, counting it; ok is false
// at the end of the input (done) or on an error, and for a dropped
// unfinished last line.
func (s *Scanner) readLine() (line []byte, ok bool) {
	s.long = s.long[:0]
	for {
		b, err := s.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			s.long = append(s.long, b...)
			continue
		}
		if len(s.long) > 0 {
			b = append(s.long, b...)
			s.long = b
		}
		switch {
		case err == io.EOF:
			s.done = true
			if len(b) == 0 {
				return nil, false
			}
			s.line++
			if len(bitboard.TrimSpace(b)) > 0 && !json.Valid(b) {
				s.truncated = s.line
				return nil, false
			}
			s.size += int64(len(b))
			s.noNewline = true
			return b, true
		case err != nil:
			s.err = fmt.Errorf("%s: %w", s.name, err)
			return nil, false
		}
		s.line++
		s.size += int64(len(b))
		return b, true
	}
}

// pendingLine returns the line of pending's first non-space byte, dropping
// the space before it.
func (s *Scanner) pendingLine() int {
	i := 0
	for i < len(s.pending) && bitboard.IsSpace(s.pending[i]) {
		if s.pending[i] == '\n' {
			s.pendLine++
		}
		i++
	}
	if i > 0 {
		s.pending = s.pending[i:]
		s.pendEnd = valueEnd{}
	}
	return s.pendLine
}

// fromPending decodes the first value of pending when it is whole: ok when
// it is a value to return; more when pending needs more lines.
func (s *Scanner) fromPending() (ok, more bool) {
	line := s.pendingLine()
	if len(s.pending) == 0 {
		s.pending = s.pending[:0]
		return false, true
	}
	end := s.pendEnd.end(s.pending)
	if end < 0 {
		return false, true
	}
	s.pendEnd = valueEnd{}
	raw := s.pending[:end]
	s.pendLine += bytes.Count(raw, []byte{'\n'})
	s.pending = s.pending[end:]
	if len(s.pending) == 0 {
		s.pending = raw[:0] // the buffer again from its start
	}
	if s.decode(raw, line) {
		return true, false
	}
	return false, false
}

// bad returns an ErrRecord naming the input and line.
func (s *Scanner) bad(line int, format string, a ...any) error {
	return &lineError{s.name, line, fmt.Errorf("%w: %s", ErrRecord, fmt.Sprintf(format, a...))}
}

// lineError is an error at a line of an input: "NAME:LINE: ERR".
type lineError struct {
	name string
	line int
	err  error
}

func (e *lineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.name, e.line, e.err) }
func (e *lineError) Unwrap() error { return e.err }

// decode decodes the whole value raw, at line, through encoding/json; it
// reports whether it is a value to return (else it was skipped, or Err is
// set).
func (s *Scanner) decode(raw []byte, line int) bool {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil { // null decodes to a nil map
		what := ""
		if err != nil {
			what = err.Error()
		}
		if json.Valid(raw) {
			what = "it is " + jsonKind(raw) + " (a record is an object, {...}, one a line)"
		}
		s.err = &lineError{s.name, line, fmt.Errorf("not a JSON object: %s", what)}
		return false
	}
	s.valLine = line
	switch kind := KindOf(obj); {
	case kind == KindRun:
		s.run, s.lean = Run{}, false
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&s.run); err != nil {
			s.err = s.bad(line, "a run: %v", err)
		} else if err := s.run.Check(); err != nil {
			s.err = s.bad(line, "%v", err)
		}
		s.kind = KindRun
	case kind == KindHeader:
		s.header = Header{}
		if err := json.Unmarshal(raw, &s.header); err != nil {
			s.err = s.bad(line, "a provenance header: %v", err)
		}
		s.kind = KindHeader
	case kind == KindSummary:
		s.summary = Summary{}
		if err := json.Unmarshal(obj["summary"], &s.summary); err != nil {
			s.err = s.bad(line, "a bench summary: %v", err)
		}
		s.kind = KindSummary
	case obj["per_instance"] != nil, obj["summary"] != nil && obj["puzzle"] != nil:
		s.err = s.bad(line, "a bench document from before the record schema (docs/records.md), which pdbsolve no longer reads: run the bench again")
	case kind == KindOther:
		return false // not runs
	default:
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		slices.Sort(keys) // the same message each time
		s.err = s.bad(line, "an object with keys %v", keys)
	}
	return s.err == nil
}

// Kind returns the kind of the value Scan stopped at.
func (s *Scanner) Kind() Kind { return s.kind }

// Line returns the 1-based line the value Scan stopped at starts on.
func (s *Scanner) Line() int { return s.valLine }

// Run returns the run Scan stopped at (KindRun).
func (s *Scanner) Run() *Run { return &s.run }

// Header returns the provenance header Scan stopped at (KindHeader).
func (s *Scanner) Header() *Header { return &s.header }

// Summary returns the bench summary Scan stopped at (KindSummary).
func (s *Scanner) Summary() *Summary { return &s.summary }

// Err returns the first error, nil at the end of a good input. Errors name
// the input and the line where the bad value starts; those of a value that
// is not a record of the schema wrap ErrRecord.
func (s *Scanner) Err() error { return s.err }

// Truncated returns the line of an unfinished last line that was dropped,
// 0 when there is none; it is known at the end of the input.
func (s *Scanner) Truncated() int { return s.truncated }

// Size returns the bytes read, without a dropped unfinished last line: at
// the end of the input, where a resumed writer appends.
func (s *Scanner) Size() int64 { return s.size }

// MissingNewline reports whether the input ended in a whole value without
// a newline after it: a writer appending must end that line first.
func (s *Scanner) MissingNewline() bool { return s.noNewline }

// valueEnd finds where the JSON value a pending buffer starts with ends,
// resuming where the last call stopped, so that a value spread over n lines
// costs one pass over its bytes, not one a line (n squared). The zero value
// starts at the buffer's first byte (a non-space byte); it is reset whenever
// the buffer's start moves.
type valueEnd struct {
	off             int // bytes of data looked at
	depth           int
	inString, escap bool
}

// end returns the end offset of the value data starts with, -1 when the
// value goes on past data (data then grows by appending only). The value
// need not be valid; decoding says what is wrong.
func (v *valueEnd) end(data []byte) int {
	for i := v.off; i < len(data); i++ {
		c := data[i]
		switch {
		case v.inString:
			switch {
			case v.escap:
				v.escap = false
			case c == '\\':
				v.escap = true
			case c == '"':
				v.inString = false
				if v.depth == 0 {
					return i + 1
				}
			}
		case c == '"':
			v.inString = true
		case c == '{' || c == '[':
			v.depth++
		case c == '}' || c == ']':
			v.depth--
			if v.depth <= 0 {
				return i + 1
			}
		case v.depth == 0 && (bitboard.IsSpace(c) || c == ','):
			if i == 0 {
				return 1 // a stray comma: decoding names it
			}
			return i
		}
	}
	v.off = len(data)
	return -1
}

// jsonKind names the kind of the valid JSON value raw: "a number", "a
// string", "an array", "true or false" or "null" ("an object" for one).
func jsonKind(raw []byte) string {
	switch b := bitboard.TrimSpace(raw); b[0] {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a number"
}

// errNotFast is what fastRun's parts return for a value it leaves to
// encoding/json.
var errNotFast = errors.New("not a plain run")

// fastRun decodes body, one trimmed line starting with '{', into s.run when
// it is a run with only a run's keys, ASCII strings without escapes and
// integers of at most 18 digits; it reports whether it did.
func (s *Scanner) fastRun(body []byte) bool {
	s.run, s.lean = Run{}, false
	s.moves = -1
	p := fastParser{b: body, i: 1}
	status := false
	p.space()
	if p.peek() == '}' {
		return false
	}
	for {
		key, err := p.str()
		p.space()
		if err != nil || p.peek() != ':' {
			return false
		}
		p.i++
		p.space()
		if err := s.fastField(&p, key, &status); err != nil {
			return false
		}
		p.space()
		switch p.peek() {
		case ',':
			p.i++
			p.space()
			continue
		case '}':
			p.i++
		default:
			return false
		}
		break
	}
	// Brief: moves as many as the length, or the full decoding says why not.
	return status && p.i == len(p.b) &&
		(s.moves < 0 || s.run.Status != StatusSolved || s.moves == 0 && s.run.Length > 0 || s.moves == s.run.Length)
}

// fastField decodes the value of key at p into s.run.
func (s *Scanner) fastField(p *fastParser, key []byte, status *bool) error {
	r := &s.run
	var err error
	if s.Brief {
		switch string(key) {
		case "puzzle", "heuristic", "goal", "board", "instance", "repeat", "symbol", "bound", "h0", "iterations",
			"expanded", "generated", "last_expanded", "last_generated", "time_ns", "cpu_ns":
			return p.skipValue()
		}
	}
	switch string(key) {
	case "puzzle":
		r.Puzzle, err = s.fastStr(p, 0)
	case "input":
		r.Input, err = s.fastStr(p, 1)
	case "heuristic":
		r.Heuristic, err = s.fastStr(p, 2)
	case "goal":
		r.Goal, err = s.fastStr(p, 3)
	case "status":
		var st string
		st, err = s.fastStr(p, 4)
		r.Status, *status = Status(st), true
	case "board":
		if s.Brief {
			_, err = p.skipStr()
		} else {
			r.Board, err = p.strAlloc()
		}
	case "moves":
		if s.Brief {
			s.moves, err = p.skipStr()
		} else {
			r.Moves, err = p.strAlloc()
		}
	case "error":
		r.Error, err = p.strAlloc()
	case "line":
		r.Line, err = p.int()
	case "instance":
		r.Instance, err = p.int()
	case "repeat":
		r.Repeat, err = p.int()
	case "length":
		r.Length, err = p.int()
	case "symbol":
		r.Symbol, err = p.int()
	case "bound":
		r.Bound, err = p.int()
	case "h0":
		r.H0, err = p.int()
	case "iterations":
		r.Iterations, err = p.int()
	case "expanded":
		r.Expanded, err = p.uint()
	case "generated":
		r.Generated, err = p.uint()
	case "last_expanded":
		r.LastExpanded.N, err = p.uint()
		r.LastExpanded.Known = true
	case "last_generated":
		r.LastGenerated.N, err = p.uint()
		r.LastGenerated.Known = true
	case "time_ns":
		var n int
		n, err = p.int()
		r.TimeNS = int64(n)
	case "cpu_ns":
		r.CPUNS.N, err = p.uint()
		r.CPUNS.Known = true
	default:
		return errNotFast
	}
	return err
}

// fastStr reads a string, returning the one kept in strs[k] when it is the
// same, so names that repeat line after line are not allocated again.
func (s *Scanner) fastStr(p *fastParser, k int) (string, error) {
	b, err := p.str()
	if err != nil {
		return "", err
	}
	if string(b) != s.strs[k] {
		s.strs[k] = string(b)
	}
	return s.strs[k], nil
}

// fastParser walks a line for Scanner.fastRun.
type fastParser struct {
	b []byte
	i int
}

func (p *fastParser) peek() byte {
	if p.i < len(p.b) {
		return p.b[p.i]
	}
	return 0
}

func (p *fastParser) space() {
	for p.i < len(p.b) && bitboard.IsSpace(p.b[p.i]) {
		p.i++
	}
}

// str reads a string of printable ASCII without escapes, returning its
// bytes.
func (p *fastParser) str() ([]byte, error) {
	if p.peek() != '"' {
		return nil, errNotFast
	}
	start := p.i + 1
	j := start
	for ; j+8 <= len(p.b); j += 8 { // 8 bytes at a time while none is special
		if special(binary.LittleEndian.Uint64(p.b[j:])) {
			break
		}
	}
	for ; j < len(p.b); j++ {
		c := p.b[j]
		switch {
		case c == '"':
			p.i = j + 1
			return p.b[start:j], nil
		case c == '\\' || c < 0x20 || c >= 0x80:
			return nil, errNotFast
		}
	}
	return nil, errNotFast
}

// special reports whether one of the 8 bytes of x ends a plain string or
// is not plain: a quote, a backslash, a control character or a byte from
// 0x80.
func special(x uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	zero := func(v uint64) uint64 { return (v - ones) & ^v & highs }
	return (x&highs | (x-0x20*ones)&^x&highs | zero(x^'"'*ones) | zero(x^'\\'*ones)) != 0
}

// skipValue skips a string without escapes or a number.
func (p *fastParser) skipValue() error {
	if p.peek() == '"' {
		_, err := p.skipStr()
		return err
	}
	start := p.i
	for p.i < len(p.b) && (p.b[p.i] >= '0' && p.b[p.i] <= '9' || p.b[p.i] == '-') {
		p.i++
	}
	if p.i == start {
		return errNotFast
	}
	return nil
}

// skipStr skips a string without escapes, returning its length in
// bytes: a control character or invalid UTF-8 in it goes unnoticed.
func (p *fastParser) skipStr() (int, error) {
	if p.peek() != '"' {
		return 0, errNotFast
	}
	n := bytes.IndexByte(p.b[p.i+1:], '"')
	if n < 0 || bytes.IndexByte(p.b[p.i+1:p.i+1+n], '\\') >= 0 {
		return 0, errNotFast
	}
	p.i += n + 2
	return n, nil
}

func (p *fastParser) strAlloc() (string, error) {
	b, err := p.str()
	return string(b), err
}

// digits reads an optional minus sign and 1 to 18 decimal digits (no
// leading zero) followed by a delimiter.
func (p *fastParser) digits() (n uint64, neg bool, err error) {
	if p.peek() == '-' {
		neg = true
		p.i++
	}
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		n = n*10 + uint64(p.b[p.i]-'0')
		p.i++
	}
	d := p.i - start
	if d == 0 || d > 18 || d > 1 && p.b[start] == '0' {
		return 0, false, errNotFast
	}
	if c := p.peek(); c != ',' && c != '}' && !bitboard.IsSpace(c) {
		return 0, false, errNotFast
	}
	return n, neg, nil
}

func (p *fastParser) int() (int, error) {
	n, neg, err := p.digits()
	if neg {
		return -int(n), err
	}
	return int(n), err
}

func (p *fastParser) uint() (uint64, error) {
	n, neg, err := p.digits()
	if neg {
		return 0, errNotFast // encoding/json names the error
	}
	return n, err
}
