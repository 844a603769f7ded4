package puzzle

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// reflow writes the white-space-separated tokens of text with a random
// number of them a line, never 24 (a line of 24 symbols is a board of its
// own).
func reflow(text string, r *rand.Rand) string {
	tokens := strings.Fields(text)
	var b strings.Builder
	for len(tokens) > 0 {
		n := 1 + r.IntN(40)
		if n == 24 {
			n = 23
		}
		n = min(n, len(tokens))
		b.WriteString(strings.Join(tokens[:n], " \t"[:1+r.IntN(2)]))
		b.WriteString("\n")
		tokens = tokens[n:]
	}
	return b.String()
}

// TestRotationSplitCutsBetweenBoards checks RotationSplit against a slow
// count of the symbols before each cut.
func TestRotationSplitCutsBetweenBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var boards strings.Builder
	for i := 0; i < 200; i++ {
		boards.Write(bitboard.RandomRotation(r).AppendText(nil))
		boards.WriteString("\n")
	}
	data := []byte(reflow(boards.String(), r))
	for end := 0; end <= len(data); end += 1 + r.IntN(97) {
		k := RotationSplit(data[:end], false)
		if k > 0 && data[k-1] != '\n' {
			t.Fatalf("cut at %d, not after a newline", k)
		}
		if n := len(strings.Fields(string(data[:k]))); n%24 != 0 {
			t.Fatalf("cut at %d after %d symbols: inside a board", k, n)
		}
	}
}

// TestRotationFirstCutsOneBoard checks RotationFirst, applied in turn to
// the rest of reflowed boards, against a slow count of symbols: each piece
// ends at the first line end after which a whole number of boards (at
// least one) has been read; blank lines go with the board after them, an
// end line "0" is a piece of its own, and an incomplete last board is the
// rest.
func TestRotationFirstCutsOneBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	var boards strings.Builder
	for i := 0; i < 100; i++ {
		boards.Write(bitboard.RandomRotation(r).AppendText(nil))
		boards.WriteString("\n")
	}
	data := reflow(boards.String(), r)
	for rest := data; rest != ""; {
		k := RotationFirst([]byte(rest))
		piece := rest[:k]
		lines := strings.SplitAfter(piece, "\n")
		n := 0
		for i, line := range lines[:len(lines)-1] {
			n += len(strings.Fields(line))
			if n > 0 && n%24 == 0 && i < len(lines)-2 {
				t.Fatalf("piece %q: a whole board ends before its last line", piece)
			}
		}
		if n == 0 || n%24 != 0 || lines[len(lines)-1] != "" {
			t.Fatalf("piece %q: %d symbols, want whole boards and whole lines", piece, n)
		}
		rest = rest[k:]
	}
	for _, c := range []struct{ data, first string }{
		{"\n \n" + boards.String()[:48], "\n \n" + boards.String()[:48]},
		{"0\n1 2\n", "0\n"},
		{"\n0\n", "\n0\n"},
		{"1 2 3\n1 2\n", "1 2 3\n1 2\n"},
		{"\n\n", "\n\n"},
	} {
		if got := c.data[:RotationFirst([]byte(c.data))]; got != c.first {
			t.Errorf("RotationFirst(%q) cuts %q, want %q", c.data, got, c.first)
		}
	}
}

// TestRotationCanonical checks the SWAR test against a byte loop on lines
// of the canonical length with each byte changed to each interesting value.
func TestRotationCanonical(t *testing.T) {
	slow := func(line []byte) bool {
		for i, c := range line {
			if (i%2 == 1) != (c == ' ') || (i%2 == 0 && c <= ' ') {
				return false
			}
		}
		return true
	}
	base := []byte("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3")
	if !rotationCanonical(base) {
		t.Fatal("the canonical board is not canonical")
	}
	for i := range base {
		for _, c := range []byte{' ', '\t', '\r', 0, '!', '0', '9', 'x', 0x7f, 0x80, 0xa0, 0xff} {
			line := append([]byte(nil), base...)
			line[i] = c
			if rotationCanonical(line) != slow(line) {
				t.Fatalf("%q: fast %v, slow %v", line, rotationCanonical(line), slow(line))
			}
		}
	}
}
