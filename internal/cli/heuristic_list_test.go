package cli

import (
	"strings"
	"testing"
)

// TestBenchHeuristicListWithPatterns: a --heuristic list whose pattern has
// commas ("pdb:1,2,3,4/5,6,7,8") names two heuristics, not five, and both
// solve AOJ ALDS1_13_B's sample in its published 4 moves.
func TestBenchHeuristicListWithPatterns(t *testing.T) {
	out, errs, code := runTiles(t, "1 3 0 4 2 5 7 8 6\n", "bench", "8puzzle", "--goal", "blank-last",
		"--heuristic", "manhattan,pdb:1,2,3,4/5,6,7,8", "--format", "json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	runs := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.Contains(line, `"status":"solved"`) {
			continue
		}
		runs++
		if !strings.Contains(line, `"length":4,`) {
			t.Errorf("run not of length 4: %s", line)
		}
		if !strings.Contains(line, `"heuristic":"manhattan"`) && !strings.Contains(line, `"heuristic":"pdb:1,2,3,4/5,6,7,8"`) {
			t.Errorf("run of another heuristic: %s", line)
		}
	}
	if runs != 2 {
		t.Fatalf("%d solved runs, want 2 (one a heuristic):\n%s", runs, out)
	}
}
