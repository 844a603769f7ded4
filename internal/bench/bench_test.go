package bench

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/search"
)

func run(solved bool, length int, gen uint64, h0 int, ms int) Run {
	return Run{Solved: solved, Censored: !solved, Length: length,
		Stats: search.Stats{Generated: gen, Expanded: gen / 2, RootH: h0}, Time: time.Duration(ms) * time.Millisecond}
}

// TestReportSums checks the summaries of three instances under two
// heuristics against sums worked out by hand.
func TestReportSums(t *testing.T) {
	r := NewReport("p", []string{"a", "b"}, true)
	r.Add("x:1", []Run{run(true, 10, 1000, 4, 10), run(true, 10, 100, 8, 30)})
	r.Add("x:2", []Run{run(false, 0, 5000, 5, 50), run(true, 12, 200, 9, 20)})   // a censored
	r.Add("x:3", []Run{run(true, 14, 3000, 6, 30), run(false, 0, 700, 10, 100)}) // b censored
	r.Finish()
	a, b := r.Summaries[0], r.Summaries[1]
	// a solved x:1 and x:3: 4000 nodes in 40 ms; all runs 9000 nodes in 90 ms.
	if a.Solved != 2 || a.Censored != 1 || a.Generated != 4000 || a.Expanded != 2000 || a.MeanLength != 12 ||
		math.Abs(a.Seconds-0.04) > 1e-9 || math.Abs(a.NodesPerSec-100000) > 1e-6 || a.MeanH0 != 5 || a.Ratio != 1 {
		t.Fatalf("a: %+v", a)
	}
	// b solved x:1 and x:2 (300 nodes); of those a solved only x:1, where
	// b took 100 nodes to a's 1000.
	if b.Solved != 2 || b.Censored != 1 || b.Generated != 300 || b.MeanLength != 11 || b.MeanH0 != 9 ||
		math.Abs(b.Ratio-0.1) > 1e-12 || math.Abs(b.MeanSeconds-0.025) > 1e-9 {
		t.Fatalf("b: %+v", b)
	}
	if r.Instances != 3 || len(r.Where) != 3 || len(r.Runs[1]) != 3 || r.AnyCensored() != true || len(r.Disagree) != 0 {
		t.Fatalf("report: %+v", r)
	}
}

func TestReportDisagreementAndNoRuns(t *testing.T) {
	r := NewReport("p", []string{"a", "b"}, false)
	r.Add("x:3", []Run{run(true, 5, 1, 1, 1), run(true, 5, 1, 1, 1)})
	r.Add("x:4", []Run{run(true, 7, 1, 1, 1), run(true, 8, 1, 1, 1)})
	r.Finish()
	if len(r.Disagree) != 1 || !strings.Contains(r.Disagree[0], "x:4: a finds length 7, b finds 8") {
		t.Fatalf("disagreements %q", r.Disagree)
	}
	if r.Where != nil || r.Runs != nil || r.AnyCensored() {
		t.Fatalf("kept runs without being asked: %+v", r)
	}
	// No instance solved by the first heuristic: no ratio.
	r = NewReport("p", []string{"a", "b"}, false)
	r.Add("x:1", []Run{run(false, 0, 9, 1, 1), run(true, 3, 4, 1, 1)})
	r.Finish()
	if r.Summaries[1].Ratio != -1 {
		t.Fatalf("ratio %v, want -1", r.Summaries[1].Ratio)
	}
}
