package batch

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// A byte order mark starts an input only: the chunk reader drops it there,
// whether the input comes whole, a byte at a time or already buffered,
// and keeps one anywhere else.
func TestReaderSkipsBOMAtTheStartOnly(t *testing.T) {
	const body = "1 2 3\n\ufeff4 5 6\n"
	for name, r := range map[string]io.Reader{
		"whole":    strings.NewReader("\ufeff" + body),
		"one byte": iotest.OneByteReader(strings.NewReader("\ufeff" + body)),
		"buffered": bufio.NewReader(strings.NewReader("\ufeff" + body)),
		"no mark":  strings.NewReader(body),
	} {
		c := NewReader(r, nil)
		var got strings.Builder
		for {
			chunk, line, err := c.Next()
			if err == io.EOF {
				break
			}
			if err != nil || got.Len() == 0 && line != 1 {
				t.Fatalf("%s: line %d, %v", name, line, err)
			}
			got.Write(chunk)
		}
		if got.String() != body {
			t.Errorf("%s: read %q, want %q", name, got.String(), body)
		}
	}
}

func TestSkipBOM(t *testing.T) {
	for in, want := range map[string]int{"\ufeffx": 3, "\ufeff": 3, "x\ufeff": 0, "\xef\xbb": 0, "": 0} {
		br := bufio.NewReader(strings.NewReader(in))
		if n := SkipBOM(br); n != want {
			t.Errorf("SkipBOM(%q) = %d, want %d", in, n, want)
		}
		if rest, _ := io.ReadAll(br); string(rest) != in[want:] {
			t.Errorf("SkipBOM(%q) left %q", in, rest)
		}
	}
}
