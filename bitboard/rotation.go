package bitboard

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
)

// Rotation is a Rotation Game board packed in two 24-bit planes (see the
// package documentation). The zero value is not a valid board.
type Rotation uint64

const (
	planeBits = RotationCells        // bits in one plane
	planeMask = 1<<planeBits - 1     // the bits of one plane
	boardMask = 1<<(2*planeBits) - 1 // the bits a board may use
)

// Errors returned by the Rotation parser, wrapped in a *ParseError.
var (
	// ErrFieldCount is returned when a board has other than RotationCells symbols.
	ErrFieldCount = errors.New("wrong number of symbols")
	// ErrSymbol is returned when a field is not a symbol 1, 2 or 3.
	ErrSymbol = errors.New("symbol not in 1-3")
	// ErrSymbolCount is returned when a symbol fills other than 8 cells.
	ErrSymbolCount = errors.New("each symbol must fill exactly 8 cells")
)

// ParseError reports a malformed board: which field (1-based, 0 for the board
// as a whole) and what was wrong.
type ParseError struct {
	Field  int
	Err    error
	Detail string
}

func (e *ParseError) Error() string {
	s := e.Err.Error()
	if e.Field > 0 {
		s = fmt.Sprintf("field %d: %s", e.Field, s)
	}
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

func (e *ParseError) Unwrap() error { return e.Err }

// Cell returns the symbol (1..3, or 0 for an invalid board) in cell c.
func (b Rotation) Cell(c int) int8 {
	return int8(b>>c&1 | b>>(c+planeBits-1)&2)
}

// Mask returns the 24-bit mask of the cells holding symbol s (1..3).
func (b Rotation) Mask(s int) uint32 {
	lo, hi := uint32(b)&planeMask, uint32(b>>planeBits)
	switch s {
	case 1:
		return lo &^ hi
	case 2:
		return hi &^ lo
	default:
		return lo & hi
	}
}

// Masks returns the masks of symbols 1, 2 and 3.
func (b Rotation) Masks() (m1, m2, m3 uint32) {
	lo, hi := uint32(b)&planeMask, uint32(b>>planeBits)
	return lo &^ hi, hi &^ lo, lo & hi
}

// Move returns the board after move m (0..7 for A..H).
func (b Rotation) Move(m int) Rotation {
	x := uint64(b)
	g, s := &rotationGroups[m], &rotationShift[m]
	return Rotation(x&rotationKeep[m] |
		bits.RotateLeft64(x&g[0], s[0]) |
		bits.RotateLeft64(x&g[1], s[1]) |
		bits.RotateLeft64(x&g[2], s[2]) |
		bits.RotateLeft64(x&g[3], s[3]))
}

// Apply returns the board after the moves named by letters A..H.
func (b Rotation) Apply(moves string) (Rotation, error) {
	for i := 0; i < len(moves); i++ {
		m := int(moves[i]) - 'A'
		if m < 0 || m >= RotationMoves {
			return b, fmt.Errorf("move %d: %q is not a move A-H", i+1, moves[i])
		}
		b = b.Move(m)
	}
	return b, nil
}

// Centre returns the symbol that fills the centre, or 0 if the centre is mixed.
func (b Rotation) Centre() int {
	for s := 1; s <= RotationSymbols; s++ {
		if b.Mask(s)&RotationCentreMask == RotationCentreMask {
			return s
		}
	}
	return 0
}

// NewRotation packs a board given cell by cell. It checks that every symbol
// is 1..3 and fills exactly 8 cells.
func NewRotation(cells [RotationCells]int8) (Rotation, error) {
	var b uint64
	var count [RotationSymbols + 1]int
	for c, s := range cells {
		if s < 1 || s > RotationSymbols {
			return 0, &ParseError{Field: c + 1, Err: ErrSymbol, Detail: fmt.Sprintf("got %d", s)}
		}
		count[s]++
		b |= uint64(s&1)<<c | uint64(s>>1)<<(c+planeBits)
	}
	if err := checkCounts(count); err != nil {
		return 0, err
	}
	return Rotation(b), nil
}

func checkCounts(count [RotationSymbols + 1]int) error {
	if count[1] != rotationPerSymbol || count[2] != rotationPerSymbol || count[3] != rotationPerSymbol {
		return &ParseError{Err: ErrSymbolCount, Detail: fmt.Sprintf("counts are %d/%d/%d", count[1], count[2], count[3])}
	}
	return nil
}

// IsSpace reports whether c is white space to every reader of pdbsolve
// (boards, answers, records): ASCII space, tab, line feed, carriage return,
// vertical tab or form feed. Any other byte is part of a field, the bytes
// of a Unicode space such as U+00A0 included, as judges' solutions read
// their input.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// TrimSpace returns b without the IsSpace bytes at either end.
func TrimSpace(b []byte) []byte {
	for len(b) > 0 && IsSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && IsSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// canonicalLen is the length of a board written with single spaces.
const canonicalLen = 2*RotationCells - 1

// ParseRotation parses a board written as 24 whitespace-separated symbols in
// cell order. Errors are *ParseError values naming the field.
func ParseRotation(line []byte) (Rotation, error) {
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	if len(line) == canonicalLen {
		if b, ok := parseCanonical((*[canonicalLen]byte)(line)); ok {
			return b, nil
		}
	}
	return parseRotationSlow(line)
}

// SWAR constants for parseCanonical: a little-endian word of the text
// "d d d d " holds digits in bytes 0, 2, 4, 6 and spaces in bytes 1, 3, 5, 7.
const (
	swarDigits   = 0x00ff00ff00ff00ff // the digit bytes
	swarHigh     = 0x00fc00fc00fc00fc // what must read '0'..'3' >> 2
	swarZero     = 0x0030003000300030 // "0" in each digit byte, under swarHigh
	swarLow      = 0x0003000300030003 // a digit's symbol, 0..3
	swarBit2     = 0x0004000400040004 // set in x+3 for each x >= 1
	swarSpaces   = 0xff00ff00ff00ff00 // the space bytes
	swarSpace    = 0x2000200020002000 // " " in each space byte
	swarOnes     = 0x0001000100010001 // bit 0 of each digit byte
	swarGather   = 1<<48 | 1<<33 | 1<<18 | 1<<3
	swarGatherAt = 48 // the gathered 4 bits start here
)

// parseCanonical parses the common form, symbols 1-3 separated by single
// spaces, four cells a word, and reports whether line had that form and a
// valid board.
func parseCanonical(line *[canonicalLen]byte) (Rotation, bool) {
	var lo, hi uint64
	ok := true
	for k := 0; k < RotationCells/4; k++ {
		var w, spaces uint64
		if k < RotationCells/4-1 {
			w = binary.LittleEndian.Uint64(line[8*k:])
			spaces = swarSpaces
		} else { // the last 7 bytes: read from one byte earlier and shift
			w = binary.LittleEndian.Uint64(line[8*k-1:]) >> 8
			spaces = swarSpaces &^ (0xff << 56)
		}
		sym := w & swarLow
		ok = ok && w&swarHigh == swarZero && (sym+swarLow)&swarBit2 == swarBit2 && w&spaces == swarSpace&spaces
		lo |= ((w & swarOnes) * swarGather >> swarGatherAt & 0xf) << (4 * k)
		hi |= ((w >> 1 & swarOnes) * swarGather >> swarGatherAt & 0xf) << (4 * k)
	}
	b := Rotation(lo | hi<<planeBits)
	if !ok || !b.Valid() {
		return 0, false
	}
	return b, true
}

// parseRotationSlow parses any spacing and explains what is wrong.
func parseRotationSlow(line []byte) (Rotation, error) {
	var b uint64
	var count [RotationSymbols + 1]int
	field := 0
	i, n := 0, len(line)
	for {
		for i < n && IsSpace(line[i]) {
			i++
		}
		if i == n {
			break
		}
		start := i
		for i < n && !IsSpace(line[i]) {
			i++
		}
		field++
		if field > RotationCells {
			return 0, &ParseError{Err: ErrFieldCount, Detail: fmt.Sprintf("more than %d", RotationCells)}
		}
		c := line[start]
		if i-start != 1 || c < '1' || c > '3' {
			return 0, &ParseError{Field: field, Err: ErrSymbol, Detail: fmt.Sprintf("got %q", truncate(line[start:i]))}
		}
		s := c - '0'
		count[s]++
		cell := field - 1
		b |= uint64(s&1)<<cell | uint64(s>>1)<<(cell+planeBits)
	}
	if field != RotationCells {
		return 0, &ParseError{Err: ErrFieldCount, Detail: fmt.Sprintf("got %d, want %d", field, RotationCells)}
	}
	if err := checkCounts(count); err != nil {
		return 0, err
	}
	return Rotation(b), nil
}

func truncate(s []byte) string {
	const max = 16
	if len(s) > max {
		return string(s[:max]) + "..."
	}
	return string(s)
}

// AppendText appends the board as 24 space-separated symbols.
func (b Rotation) AppendText(dst []byte) []byte {
	var text [canonicalLen]byte
	lo, hi := uint32(b)&planeMask, uint32(b>>planeBits)
	for c := 0; c < RotationCells; c++ {
		text[2*c] = byte('0' + lo>>c&1 | (hi>>c&1)<<1)
		if c < RotationCells-1 {
			text[2*c+1] = ' '
		}
	}
	return append(dst, text[:]...)
}

// String returns the board as 24 space-separated symbols.
func (b Rotation) String() string { return string(b.AppendText(nil)) }

// Valid reports whether b uses only the 48 board bits, every cell holds a
// symbol 1..3 and each symbol fills exactly 8 cells.
func (b Rotation) Valid() bool {
	if uint64(b)&^boardMask != 0 {
		return false
	}
	m1, m2, m3 := b.Masks()
	return bits.OnesCount32(m1) == rotationPerSymbol && bits.OnesCount32(m2) == rotationPerSymbol &&
		bits.OnesCount32(m3) == rotationPerSymbol
}

// RandomRotation returns a board drawn uniformly from all valid boards, using
// the random source r.
func RandomRotation(r *rand.Rand) Rotation {
	var cells [RotationCells]int8
	for c := range cells {
		cells[c] = int8(c/rotationPerSymbol + 1)
	}
	r.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, _ := NewRotation(cells) // a permutation of a valid board is valid
	return b
}
