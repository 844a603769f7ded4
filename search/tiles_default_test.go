package search

import "testing"

// TestDefaultTilesHeuristicNames checks the default partitions against
// spellings written out by hand from their rule (docs/results/2026-12-01-score.md):
// 7-4 on 12-cell boards, by columns where the board is wider than tall, and
// the row-major runs of 6 and 5 tiles above.
func TestDefaultTilesHeuristicNames(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       string
	}{
		{3, 4, "pdb:1-2,4-6,8-9/3,7,10-11"},
		{4, 3, "pdb:1-7/8-11"},
		{2, 6, "pdb:1-3,6-9/4-5,10-11"},
		{6, 2, "pdb:1-7/8-11"},
		{2, 5, "manhattan"},
		{3, 5, "pdb:1-6/7-12/13-14"},
		{4, 5, "pdb:1-5/6-10/11-15/16-19"},
		{3, 3, "exact"},
		{4, 4, "pdb663+reflect"},
	} {
		if got := DefaultTilesHeuristic(c.rows, c.cols); got != c.want {
			t.Errorf("%dx%d: default %q, want %q", c.rows, c.cols, got, c.want)
		}
	}
}
