package puzzle

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// TestPrecheckSetsSplit: Precheck sets Check.Split to its For the boards
// counted (a file of 2 boards): auto becomes on for 2 boards and 4 workers, stays auto for 2
// boards and 2 workers; off stays off.
func TestPrecheckSetsSplit(t *testing.T) {
	in := filepath.Join(t.TempDir(), "boards.txt")
	if err := os.WriteFile(in, []byte("1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	open := func(name string) (io.Reader, func(), error) { return batch.Open(name, nil) }
	for _, c := range []struct {
		mode      SplitMode
		few       int
		want      SplitMode
		wantCount int
	}{{SplitAuto, 4, SplitOn, 2}, {SplitAuto, 2, SplitAuto, 2}, {SplitOff, 4, SplitOff, 2}} {
		mode := c.mode
		n, err := Precheck(Tiles{3, 3}, open, []string{in}, &Check{Sel: &Selection{}, Few: c.few, Split: &mode})
		if err != nil || n != c.wantCount || mode != c.want {
			t.Errorf("%v with %d workers: %d boards, %v, %v; want %d, %v", c.mode, c.few, n, mode, err, c.wantCount, c.want)
		}
	}
}
