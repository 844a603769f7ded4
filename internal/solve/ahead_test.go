package solve

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
)

// TestReadAheadGivesTheInputBack: what a check reads ahead of an input
// through a buffer (as puzzle.BoardsAt does) and the rest of the input
// read after it are the input, kept in memory or, past spillAt, in a
// temporary file.
func TestReadAheadGivesTheInputBack(t *testing.T) {
	var in strings.Builder
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&in, "board %d\n", i)
	}
	defer func(n int) { spillAt = n }(spillAt)
	for _, spill := range []int{1 << 30, 1000} {
		spillAt = spill
		for _, ahead := range []int{0, 10, 4096, in.Len()} {
			stdin := strings.NewReader(in.String())
			var a readAhead
			br := bufio.NewReaderSize(io.TeeReader(stdin, &a), 512)
			if _, err := br.Discard(ahead); err != nil && ahead > 0 {
				t.Fatal(err)
			}
			got, err := io.ReadAll(a.then(stdin))
			if err != nil || string(got) != in.String() {
				t.Fatalf("spill at %d, %d bytes read ahead: %d bytes back of %d, %v", spill, ahead, len(got), in.Len(), err)
			}
			if spilled := a.file != nil; spilled != (spill < ahead) {
				t.Errorf("spill at %d, %d bytes read ahead: kept in a file %v", spill, ahead, spilled)
			}
		}
	}
}
