package score

import (
	"slices"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestCost: memory is entries times bits over 8, build times add up, the
// peak is the largest, and the tables not cached are named.
func TestCost(t *testing.T) {
	specs := []pdb.Spec{
		{Puzzle: "15puzzle", Pattern: "a", Entries: 1000, Width: 8, BuildTime: time.Second, PeakBytes: 10},
		{Puzzle: "15puzzle", Pattern: "b", Entries: 4096, Width: 4, BuildTime: 2 * time.Second, PeakBytes: 30},
		{Puzzle: "15puzzle", Pattern: "c", Entries: 16, Width: 2, PeakBytes: 20},
	}
	c := Cost(specs, func(s pdb.Spec) bool { return s.Pattern != "b" })
	if c.Count != 3 || c.Bytes != 1000+2048+4 || c.BuildSeconds != 3 || c.PeakBytes != 30 ||
		!slices.Equal(c.Missing, []string{"15puzzle/b"}) {
		t.Fatalf("%+v", c)
	}
	if c := Cost(nil, nil); c.Count != 0 || c.Bytes != 0 || c.Missing != nil {
		t.Fatalf("no tables: %+v", c)
	}
}
