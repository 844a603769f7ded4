package puzzle

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/report"
)

// FuzzParseSelection reads --shard and --instances values, seeded from
// testdata/selections.txt (one pair a line, separated by a tab). An error
// names its flag; a selection accepted keeps the text as given, its ranges
// sorted, disjoint and not adjacent, and takes a record number exactly when
// one of the numbers or ranges as given holds it (checked at every given
// bound and next to it).
func FuzzParseSelection(f *testing.F) {
	data, err := os.ReadFile("testdata/selections.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		shard, instances, _ := strings.Cut(line, "\t")
		f.Add(shard, instances)
	}
	f.Fuzz(func(t *testing.T, shard, instances string) {
		sel, err := ParseSelection(shard, instances)
		if err != nil {
			if !errors.Is(err, report.ErrShard) && !((errors.Is(err, errInstances) || errors.Is(err, errInstancesDown)) && strings.HasPrefix(err.Error(), "--instances ")) {
				t.Fatalf("%q, %q: error %v names neither flag", shard, instances, err)
			}
			return
		}
		if k, n := sel.Shard.K, sel.Shard.N; n < 1 || k < 0 || k >= n {
			t.Fatalf("%q: shard %d/%d", shard, k, n)
		}
		if sel.Pick == nil {
			if instances != "" {
				t.Fatalf("%q: no selection", instances)
			}
			return
		}
		if sel.Pick.String() != instances {
			t.Fatalf("%q: String %q", instances, sel.Pick.String())
		}
		r := sel.Pick.ranges
		for i := range r {
			if r[i][0] < 1 || r[i][1] < r[i][0] || (i > 0 && r[i][0]-r[i-1][1] < 2) {
				t.Fatalf("%q: ranges %v are not sorted, disjoint and apart", instances, r)
			}
		}
		for _, g := range sel.Pick.given {
			for _, n := range []int{g[0] - 1, g[0], g[0] + 1, g[1] - 1, g[1], g[1] + 1} {
				want := false
				for _, h := range sel.Pick.given {
					want = want || (h[0] <= n && n <= h[1])
				}
				if got := sel.Pick.has(n); got != want {
					t.Fatalf("%q: has(%d) %v, want %v", instances, n, got, want)
				}
			}
		}
	})
}
