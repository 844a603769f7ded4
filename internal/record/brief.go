package record

import (
	"bytes"
)

// The fixed parts of a run's line that briefRun looks for, as AppendRun
// and RotationWriter write them.
var (
	briefPuzzle = []byte(`{"puzzle":"`)
	briefInput  = []byte(`,"input":"`)
	briefLine   = []byte(`,"line":`)
	briefStatus = []byte(`,"status":"`)
	briefMoves  = []byte(`,"moves":"`)
	briefLength = []byte(`,"length":`)
	briefError  = []byte(`,"error":"`)
)

// briefRun reads the input, line and status of body, one trimmed line,
// into s.run (its other fields left empty) with a targeted byte scan
// instead of a full decoding: what a resumed solve needs. It takes a line
// only in the shape pdbsolve writes a run: it starts with the puzzle
// (ASCII without escapes), then the input (printable ASCII without
// escapes) and the line (1 to 18 digits, from 1), the first `,"status":"`
// after them is a valid status followed by what [Run.Check] asks of it (a
// solved run's moves as many as its length, an error's message not empty),
// and the line ends with '}', holds no other '{' (no nested object, no
// second value) and no NUL byte (a block a crash filled with zeros). The
// fields between and after them are not looked at: a line pdbsolve did not
// write could be taken with a malformed board or count (a negative bound
// among them), or with a key given twice (encoding/json keeps the last). It
// reports whether it took the line; a line it declines goes to the full
// decoding, which takes or refuses it as before. A line it takes leaves its
// bytes up to the line's digits in s.prefix, for briefNext.
func (s *Scanner) briefRun(body []byte) bool {
	if !bytes.HasPrefix(body, briefPuzzle) || body[len(body)-1] != '}' || bytes.IndexByte(body, 0) >= 0 ||
		bytes.IndexByte(body[1:], '{') >= 0 {
		return false
	}
	// The puzzle is not kept: its end is the first quote followed by the
	// input's key (a quote escaped in it is followed by a backslash).
	p := fastParser{b: body, i: len(briefPuzzle)}
	if k := bytes.IndexByte(body[p.i:], '"'); k < 0 {
		return false
	} else if p.i += k + 1; !p.lit(briefInput[:len(briefInput)-1]) {
		return false
	}
	input, err := p.str()
	if err != nil || !p.lit(briefLine) {
		return false
	}
	// The input is kept apart from strs[1], which the full decoding of
	// another line may change while s.prefix stays.
	in := s.prefixInput
	if string(input) != in {
		in = string(input)
	}
	if !s.briefFrom(body, p.i, in) {
		return false
	}
	s.prefix, s.prefixInput = append(s.prefix[:0], body[:p.i]...), in
	return true
}

// briefFrom reads the line number at body[i:] and the status after it, as
// briefRun describes, into s.run with input input; it reports whether the
// line is in that shape. The status is looked for first where the last
// line taken had it (s.statusOff bytes after the line's digits: the fields
// between, a board and a heuristic, are as long from line to line), then
// from the digits on. Found at the offset it is also the first in a line
// the full decoding takes: in JSON a `,"` never sits inside a string, so
// every `,"status":"` of an object without nested ones is its status key,
// and a second one would be a key given twice.
func (s *Scanner) briefFrom(body []byte, i int, input string) bool {
	p := fastParser{b: body, i: i}
	line, err := p.int()
	if err != nil || line < 1 {
		return false
	}
	from := p.i
	if j := from + s.statusOff; j+len(briefStatus) <= len(body) && string(body[j:j+len(briefStatus)]) == string(briefStatus) {
		p.i = j + len(briefStatus) - 1
	} else {
		k := bytes.Index(body[from:], briefStatus[2:]) // from its 's': rarer than ',' or '"'
		if k < 2 || body[from+k-2] != ',' || body[from+k-1] != '"' {
			return false
		}
		s.statusOff = k - 2
		p.i = from + k + len(briefStatus) - 3
	}
	status := StatusSolved
	if !p.solved() {
		b, err := p.str()
		if err != nil {
			return false
		}
		status = Status(s.keepStr(b, 4))
		if !status.Valid() || !p.statusTail(status) {
			return false
		}
	}
	if !s.lean { // the other fields are empty already when briefFrom set the last run
		s.run, s.lean = Run{}, true
	}
	s.run.Input, s.run.Line, s.run.Status = input, line, status
	return true
}

// briefNext takes the next line of the input when it is a run briefRun
// takes, reading it straight from the read buffer: a line starting with
// the bytes of s.prefix (the last line taken's, up to its line number)
// needs only its line number and status read (briefFrom), the checks for
// NUL bytes and nested objects done for a block of lines at once
// (briefBlock). It reports whether it took a line (s.run set, the line
// counted and consumed); when it declines one, the lines buffered then
// go through readLine and the full decoding (or briefRun) one by one.
func (s *Scanner) briefNext() bool {
	if s.size < s.briefOff || s.blkPos >= len(s.blk) && !s.briefBlock() {
		return false
	}
	rest := s.blk[s.blkPos:]
	n := bytes.IndexByte(rest, '\n') // the block ends with a newline
	body := rest[:n]
	var ok bool
	if s.blkFlat && n > len(s.prefix) && len(s.prefix) > 0 && body[n-1] == '}' && string(body[:len(s.prefix)]) == string(s.prefix) {
		ok = s.briefFrom(body, len(s.prefix), s.prefixInput)
	} else {
		ok = n > 0 && s.briefRun(body)
	}
	if !ok {
		s.briefOff = s.size + int64(len(rest))
		s.blk, s.blkPos = nil, 0
		return false
	}
	s.r.Discard(n + 1)
	s.blkPos += n + 1
	s.line++
	s.size += int64(n + 1)
	s.kind, s.valLine = KindRun, s.line
	return true
}

// briefBlock makes s.blk the whole lines buffered, reading more when there
// are none, up to the first line holding a NUL byte; blkFlat says whether
// the block holds as many '{' as lines (each line starting with one holds
// no other). It reports whether the block holds a line; when not, the
// bytes buffered go through readLine (s.briefOff past them).
func (s *Scanner) briefBlock() bool {
	buf, _ := s.r.Peek(s.r.Buffered())
	end := bytes.LastIndexByte(buf, '\n')
	if end < 0 {
		buf, _ = s.r.Peek(s.r.Size()) // at the end of the input (or an error) what there is
		end = bytes.LastIndexByte(buf, '\n')
	}
	blk := buf[:end+1]
	if k := bytes.IndexByte(blk, 0); k >= 0 {
		blk = blk[:bytes.LastIndexByte(blk[:k], '\n')+1]
	}
	s.blk, s.blkPos = blk, 0
	if len(blk) == 0 {
		s.briefOff = s.size + int64(len(buf)) + 1
		return false
	}
	s.blkFlat = bytes.Count(blk, []byte{'{'}) == bytes.Count(blk, []byte{'\n'})
	return true
}

// statusTail checks what follows a run's status as [Run.Check] asks: a
// solved run's length not negative and its moves, when given, as many; an
// error's or unsolvable board's message not empty.
func (p *fastParser) statusTail(st Status) bool {
	switch st {
	case StatusSolved:
		moves := 0
		if p.lit(briefMoves[:len(briefMoves)-1]) {
			b, err := p.str()
			if err != nil {
				return false
			}
			moves = len(b)
		}
		if !p.lit(briefLength) {
			return false
		}
		length, err := p.int()
		return err == nil && length >= 0 && (moves == 0 || moves == length)
	case StatusError, StatusUnsolvable:
		return p.lit(briefError) && p.peek() != '"'
	}
	return true
}

// briefSolved is how a solved run's status and moves start.
var briefSolved = []byte(`"solved","moves":"`)

// solved reports whether p is at a solved run's status (its opening quote)
// followed by moves of letters (A to Z) and a length as many, or any when
// the moves are empty: the usual run, read without the general string
// scan of statusTail (which takes every run solved takes). p is not moved.
func (p *fastParser) solved() bool {
	rest := p.b[p.i:]
	if len(rest) < len(briefSolved) || string(rest[:len(briefSolved)]) != string(briefSolved) {
		return false
	}
	k := len(briefSolved)
	for k < len(rest) && rest[k]-'A' < 26 {
		k++
	}
	q := fastParser{b: p.b, i: p.i + k}
	if q.peek() != '"' {
		return false
	}
	q.i++
	if !q.lit(briefLength) {
		return false
	}
	length, err := q.int()
	moves := k - len(briefSolved)
	return err == nil && length >= 0 && (moves == 0 || moves == length)
}

// lit reports whether the bytes at p are lit, and if so moves past them.
func (p *fastParser) lit(lit []byte) bool {
	if !bytes.HasPrefix(p.b[p.i:], lit) {
		return false
	}
	p.i += len(lit)
	return true
}

// keepStr returns b as a string, the one kept in strs[k] when it is the
// same, so names that repeat line after line are not allocated again.
func (s *Scanner) keepStr(b []byte, k int) string {
	if string(b) != s.strs[k] {
		s.strs[k] = string(b)
	}
	return s.strs[k]
}
