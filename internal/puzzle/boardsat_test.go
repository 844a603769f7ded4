package puzzle

import (
	"io"
	"slices"
	"strings"
	"testing"
)

// TestBoardsAt: the boards starting on the lines asked for, a board over
// several lines included; "" for a line that starts none (a blank line,
// a bad record, past the end); a last line without its newline read.
func TestBoardsAt(t *testing.T) {
	p, err := LookupTiles("8puzzle", nil)
	if err != nil {
		t.Fatal(err)
	}
	in := "# boards\n1 2 3\n4 5 6\n7 8 0\n0 1 2 3 4 5 6 7 8\n\n1 2 3 4 5 6 7 8\n8 7 6 5 4 3 2 1 0"
	open := func(string) (io.Reader, func(), error) { return strings.NewReader(in), func() {}, nil }
	got, err := BoardsAt(p, open, "in.txt", []int{2, 5, 6, 7, 8, 9})
	want := []string{"1 2 3 4 5 6 7 8 0", "0 1 2 3 4 5 6 7 8", "", "", "8 7 6 5 4 3 2 1 0", ""}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("BoardsAt: %q, %v; want %q", got, err, want)
	}
}
