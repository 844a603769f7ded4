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
// among them), or with a key given twice (encoding/json keeps the last). It reports whether it took the
// line; a line it declines goes to the full decoding, which takes or
// refuses it as before.
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
	line, err := p.int()
	if err != nil || line < 1 {
		return false
	}
	k := bytes.Index(body[p.i:], briefStatus[2:]) // from its 's': rarer than ',' or '"'
	if k < 2 || body[p.i+k-2] != ',' || body[p.i+k-1] != '"' {
		return false
	}
	p.i += k + len(briefStatus) - 3
	b, err := p.str()
	if err != nil {
		return false
	}
	status := Status(s.keepStr(b, 4))
	if !status.Valid() || !p.statusTail(status) {
		return false
	}
	if !s.lean { // the other fields are empty already when briefRun set the last run
		s.run, s.lean = Run{}, true
	}
	s.run.Input, s.run.Line, s.run.Status = s.keepStr(input, 1), line, status
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
