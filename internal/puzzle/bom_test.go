package puzzle

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

// An input holding only a byte order mark and white space is blank; the
// mark anywhere but at the start is not white space.
func TestBlankSkipsBOM(t *testing.T) {
	for in, want := range map[string]bool{"\ufeff": true, "\ufeff \n": true, "": true, " \ufeff": false, "\ufeff0": false} {
		open := func(string) (io.Reader, func(), error) {
			return bufio.NewReaderSize(strings.NewReader(in), PeekSize), func() {}, nil
		}
		if got := Blank(open, "-"); got != want {
			t.Errorf("Blank(%q) = %v, want %v", in, got, want)
		}
	}
}
