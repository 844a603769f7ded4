package cli

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Rotation Game input is read as judges' solutions read it: symbols
// separated by white space (asciiSpace, the one definition every reader
// uses), 24 of them a board wherever the line breaks fall, and a lone "0"
// token where a board would start ends the input. A board on a line of its
// own, the common case, is parsed by the fast path; any other layout goes
// token by token.

// rotationReader reads the boards of one input, possibly in several calls
// (one a chunk); the boards of a chunk the splitter cut at a board boundary
// are whole.
type rotationReader struct {
	n     int                         // symbols of the board being read
	first int                         // the line it starts on
	lines [bitboard.RotationCells]int // the line of each of its symbols
	buf   []byte                      // its symbols, one space apart
}

// scan reads the boards of data, whose first byte is on line line, and
// calls f with each board (or its error) and the line it starts on, or the
// line of a bad symbol. It returns true when it read the end token "0",
// and false when data ends, with any board it was reading kept for the
// next call (or for finish). f returns false to stop.
func (r *rotationReader) scan(data []byte, line int, f func(line int, b bitboard.Rotation, err error) bool) (end bool) {
	ln := line - 1
	for len(data) > 0 {
		ln++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		if r.n == 0 {
			if b, err := bitboard.ParseRotation(text); err == nil {
				if !f(ln, b, nil) {
					return false
				}
				continue
			}
		}
		for i := 0; i < len(text); {
			for i < len(text) && asciiSpace(text[i]) {
				i++
			}
			j := i
			for j < len(text) && !asciiSpace(text[j]) {
				j++
			}
			if i == j {
				break
			}
			tok := text[i:j]
			i = j
			if r.n == 0 {
				if len(tok) == 1 && tok[0] == '0' {
					return true
				}
				r.first, r.buf = ln, r.buf[:0]
			} else {
				r.buf = append(r.buf, ' ')
			}
			r.buf = append(r.buf, tok...)
			r.lines[r.n] = ln
			if r.n++; r.n == bitboard.RotationCells {
				r.n = 0
				b, err := bitboard.ParseRotation(r.buf)
				at := r.first
				var pe *bitboard.ParseError
				if errors.As(err, &pe) && pe.Field > 0 {
					at = r.lines[pe.Field-1]
				}
				if !f(at, b, err) {
					return false
				}
			}
		}
	}
	return false
}

// finish reports a board left incomplete at the end of the input.
func (r *rotationReader) finish(f func(line int, b bitboard.Rotation, err error) bool) {
	if r.n > 0 {
		n := r.n
		r.n = 0
		f(r.first, 0, &bitboard.ParseError{Err: bitboard.ErrFieldCount,
			Detail: fmt.Sprintf("got %d, want %d before the input ends", n, bitboard.RotationCells)})
	}
}

// rotationSplit is the batch SplitFunc of Rotation input: the longest
// prefix of data made of whole lines that ends where no board is being
// read, so a board spread over lines is never cut. At the end of the input
// all of data is one unit.
func rotationSplit(data []byte, atEOF bool) int {
	if atEOF {
		return len(data)
	}
	cut, n := 0, 0
	prevSpace := true
	for i, c := range data {
		if c == '\n' {
			if n%bitboard.RotationCells == 0 {
				cut = i + 1
			}
			prevSpace = true
			continue
		}
		sp := asciiSpace(c)
		if !sp && prevSpace {
			n++
		}
		prevSpace = sp
	}
	return cut
}
