package puzzle

import (
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// TestNamedHeuristicsArePinned: every table of every heuristic named on
// the 3x3, 4x4 and 5x5 boards (the presets README and the results use) has
// a pinned checksum, so that a table built anywhere is checked entry for
// entry, and a 1-bit table is made from its byte table by the plain pass,
// not the slower checked conversion of an unpinned one.
func TestNamedHeuristicsArePinned(t *testing.T) {
	for _, size := range []Tiles{{3, 3}, {4, 4}, {5, 5}} {
		rows, cols := size.Rows(), size.Cols()
		for _, name := range search.TilesHeuristicNames(rows, cols) {
			plan, err := size.Plan(name)
			if err != nil {
				t.Fatalf("%dx%d %s: %v", rows, cols, name, err)
			}
			for _, s := range plan.Tables {
				if _, ok := pdb.KnownChecksum(s.Puzzle, s.Pattern); !ok {
					t.Errorf("%dx%d %s: table %s/%s has no pinned checksum", rows, cols, name, s.Puzzle, s.Pattern)
				}
			}
		}
	}
}
