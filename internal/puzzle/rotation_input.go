package puzzle

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Rotation Game input is read as judges' solutions read it: symbols
// separated by white space (bitboard.IsSpace, the one definition every
// reader uses), 24 of them a board wherever the line breaks fall, and a lone "0"
// token where a board would start ends the input. One rule keeps a bad
// line from shifting every board after it: a line of exactly 24 symbols is
// a board of its own, so symbols left over before it are reported as an
// incomplete board. A board on a line of its own, the common case, is
// parsed by the fast path.

// RotationNoMoves is the judge's move line for a board already solved:
// solve writes it, verify reads it.
const RotationNoMoves = "No moves needed"

// RotationReader reads the boards of one input, possibly in several calls
// (one a chunk); the boards of a chunk the splitter cut at a board boundary
// are whole.
type RotationReader struct {
	n     int                         // symbols of the board being read
	first int                         // the line it starts on
	lines [bitboard.RotationCells]int // the line of each of its symbols
	buf   []byte                      // its symbols, one space apart
}

// Scan reads the boards of data, whose first byte is on line line, and
// calls f with each board (or its error) and the line it starts on, or the
// line of a bad symbol. It returns true when it read the end token "0",
// and false when data ends, with any board it was reading kept for the
// next call (or for Finish). f returns false to stop.
func (r *RotationReader) Scan(data []byte, line int, f func(line int, b bitboard.Rotation, err error) bool) (end bool) {
	ln := line - 1
	for len(data) > 0 {
		ln++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		if b, err := bitboard.ParseRotation(text); err == nil || rotationTokens(text) == bitboard.RotationCells {
			// A board of its own line: what was left before it is incomplete.
			if r.n > 0 && !r.incomplete(f) {
				return false
			}
			if !f(ln, b, err) {
				return false
			}
			continue
		}
		for i, j := 0, 0; i < len(text); {
			i, j = nextToken(text, i)
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

// Finish reports a board left incomplete at the end of the input.
func (r *RotationReader) Finish(f func(line int, b bitboard.Rotation, err error) bool) {
	if r.n > 0 {
		r.incomplete(f)
	}
}

// incomplete reports the board being read as too short and drops it.
func (r *RotationReader) incomplete(f func(line int, b bitboard.Rotation, err error) bool) bool {
	n := r.n
	r.n = 0
	return f(r.first, 0, &bitboard.ParseError{Err: bitboard.ErrFieldCount,
		Detail: fmt.Sprintf("got %d, want %d", n, bitboard.RotationCells)})
}

// nextToken returns where the first token of text from i on starts and
// ends, i == j when there is none.
func nextToken(text []byte, i int) (start, end int) {
	for i < len(text) && bitboard.IsSpace(text[i]) {
		i++
	}
	j := i
	for j < len(text) && !bitboard.IsSpace(text[j]) {
		j++
	}
	return i, j
}

// rotationTokens counts the white-space-separated tokens of a line.
func rotationTokens(line []byte) int {
	n := 0
	prevSpace := true
	for _, c := range line {
		sp := bitboard.IsSpace(c)
		if !sp && prevSpace {
			n++
		}
		prevSpace = sp
	}
	return n
}

// RotationRecords counts the records RotationReader makes of data, whole
// lines holding whole boards as RotationSplit and RotationFirst cut them
// (the batch Config.Count of Rotation input): its boards, bad ones
// included, and the incomplete board left at its end (only at the end of
// the input), up to an end token "0" where a board would start. A line of
// 24 symbols written the usual way is known by its length and shape alone.
func RotationRecords(data []byte) int {
	records, n := 0, 0
	for len(data) > 0 {
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		if len(text) == rotationCanonicalLen && rotationCanonical(text) || rotationTokens(text) == bitboard.RotationCells {
			records += 1 + min(n, 1) // what was left before it is an incomplete board
			n = 0
			continue
		}
		for i, j := 0, 0; i < len(text); {
			i, j = nextToken(text, i)
			switch {
			case i == j:
			case n == 0 && j-i == 1 && text[i] == '0':
				return records
			default:
				if n++; n == bitboard.RotationCells {
					records, n = records+1, 0
				}
			}
			i = j
		}
	}
	return records + min(n, 1)
}

// RotationSplit is the batch SplitFunc of Rotation input: a prefix of
// data made of whole lines that ends where no board is being read (by the
// rules of RotationReader), so a board spread over lines is never cut. A
// line of 24 symbols ends every board before it, so the cut goes after the
// last such line, found from the end; only input without one is counted
// from the start. At the end of the input all of data is one unit.
func RotationSplit(data []byte, atEOF bool) int {
	if atEOF {
		return len(data)
	}
	end := bytes.LastIndexByte(data, '\n')
	for end >= 0 {
		start := bytes.LastIndexByte(data[:end], '\n') + 1
		line := data[start:end]
		if len(line) == rotationCanonicalLen && rotationCanonical(line) || rotationTokens(line) == bitboard.RotationCells {
			// The whole lines after it may end boards or the input too.
			return end + 1 + rotationSplitCount(data[end+1:], false)
		}
		end = start - 1
	}
	return rotationSplitCount(data, false)
}

// RotationFirst is the batch First of Rotation input (batch.Config.First)
// for data of whole boards, as RotationSplit cuts them: the length of the
// first board's lines (with any blank lines before it), or of the end
// line "0"; all of data when no board ends in it (the input's last,
// incomplete board).
func RotationFirst(data []byte) int {
	if n := rotationSplitCount(data, true); n > 0 {
		return n
	}
	return len(data)
}

// rotationSplitCount is RotationSplit counting symbols from the start of
// data: the longest prefix of whole lines after which no board is being
// read (the shortest one but empty, when first), or the first end line "0"
// where a board would start.
func rotationSplitCount(data []byte, first bool) int {
	cut, n := 0, 0
	for start := 0; start < len(data); {
		i := bytes.IndexByte(data[start:], '\n')
		if i < 0 {
			break
		}
		line := data[start : start+i]
		start += i + 1
		if n == 0 && RotationIsEnd(line) {
			return start // the reader stops at the end line
		}
		k := rotationTokens(line)
		if k == bitboard.RotationCells {
			n = 0
		} else {
			n += k
		}
		if n%bitboard.RotationCells == 0 {
			n, cut = 0, start
			if first && k > 0 {
				return cut
			}
		}
	}
	return cut
}

// rotationCanonicalLen is the length of a board written the usual way:
// 24 one-byte symbols, one space apart.
const rotationCanonicalLen = 2*bitboard.RotationCells - 1

// SWAR masks for rotationCanonical: a little-endian word of a canonical
// line holds symbols in its even bytes and spaces in its odd ones.
const (
	canonOdd    = 0xff00ff00ff00ff00 // the separator bytes
	canonSpaces = 0x2000200020002000 // a space in each
	canonLanes  = 0x8000800080008000 // bit 15 of each 16-bit lane
	canonLow    = 0x0021002100210021 // one more than a space, in each symbol byte
)

// rotationCanonical reports whether a line of rotationCanonicalLen bytes
// is 24 one-byte tokens one space apart: its odd bytes spaces and its even
// bytes above ' ' (so no white space), eight bytes a step.
func rotationCanonical(line []byte) bool {
	var bad uint64
	for k := 0; k < 5; k++ {
		w := binary.LittleEndian.Uint64(line[8*k:])
		bad |= w&canonOdd ^ canonSpaces
		bad |= ((w&^canonOdd|canonLanes)-canonLow)&canonLanes ^ canonLanes
	}
	// The last 7 bytes: read from one byte earlier and shift.
	w := binary.LittleEndian.Uint64(line[rotationCanonicalLen-8:]) >> 8
	bad |= w&(canonOdd>>16) ^ canonSpaces>>16
	bad |= ((w&^canonOdd|canonLanes)-canonLow)&canonLanes ^ canonLanes
	return bad == 0
}

// RotationIsEnd reports whether a line holds only the judge's end token
// "0" (with white space around it): the reader stops reading the input
// there, so an input held open after it (a terminal, a pipe) ends too.
func RotationIsEnd(line []byte) bool {
	t := bitboard.TrimSpace(line)
	return len(t) == 1 && t[0] == '0'
}
