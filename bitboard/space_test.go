package bitboard

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unicode"
)

// asciiSpaceOracle is white space by the unicode package, ASCII only: the
// six bytes judges' readers (C's isspace) skip.
func asciiSpaceOracle(c byte) bool { return c < 0x80 && unicode.IsSpace(rune(c)) }

// TestIsSpace: every byte against the unicode package's white space
// restricted to ASCII; VT and FF are spaces, the bytes of U+00A0 and U+0085
// (white space to unicode.IsSpace) are not.
func TestIsSpace(t *testing.T) {
	for c := 0; c < 256; c++ {
		if IsSpace(byte(c)) != asciiSpaceOracle(byte(c)) {
			t.Errorf("IsSpace(%#02x) = %v", c, IsSpace(byte(c)))
		}
	}
	for _, c := range []byte{'\v', '\f'} {
		if !IsSpace(c) {
			t.Errorf("%q is not a space", c)
		}
	}
	for _, c := range []byte("\u00a0\u0085") {
		if IsSpace(c) {
			t.Errorf("%#02x, a byte of U+00A0 or U+0085, is a space", c)
		}
	}
}

// TestTrimSpace against bytes.TrimFunc with the oracle, on random strings
// of spaces, Unicode spaces and letters.
func TestTrimSpace(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{" ", "\t", "\r", "\n", "\v", "\f", "\u00a0", "\u2003", "x", "0"}
	for i := 0; i < 2000; i++ {
		var b []byte
		for n := r.IntN(8); n > 0; n-- {
			b = append(b, parts[r.IntN(len(parts))]...)
		}
		want := bytes.TrimFunc(b, func(c rune) bool { return c < 0x80 && asciiSpaceOracle(byte(c)) })
		if got := TrimSpace(b); !bytes.Equal(got, want) {
			t.Fatalf("TrimSpace(%q) = %q, want %q", b, got, want)
		}
	}
}
