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
