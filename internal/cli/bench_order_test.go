package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// slowFirst writes an input file of korf1 followed by n quick 15-puzzles
// (random walks of walk moves from seed) and returns its name and that of
// an output file beside it.
func slowFirst(t *testing.T, n, seed, walk string) (input, output string) {
	t.Helper()
	_, easy, _ := run(t, "", "random", "15puzzle", "-n", n, "--seed", seed, "--walk", walk)
	dir := t.TempDir()
	input, output = filepath.Join(dir, "in.txt"), filepath.Join(dir, "runs.jsonl")
	if err := os.WriteFile(input, []byte(korf1+"\n"+easy), 0o644); err != nil {
		t.Fatal(err)
	}
	return input, output
}

// TestBenchWritesInInputOrder runs bench with -j 4 on a slow instance
// (korf1, censored at --max-nodes after about 0.1 s a heuristic) followed
// by quick ones (microseconds), which finish long before it: to standard
// output (--format json) and to -o FILE, every instance's runs are written
// once, together, in the order of the heuristics, and the instances in
// input order, as with -j 1.
func TestBenchWritesInInputOrder(t *testing.T) {
	input, file := slowFirst(t, "7", "3", "12")
	heurs := []string{"manhattan", "linear-conflict"}
	var want []string
	for i := 1; i <= 8; i++ {
		for _, h := range heurs {
			want = append(want, fmt.Sprintf("%d %s", i, h))
		}
	}
	args := []string{"bench", "15puzzle", "--heuristic", strings.Join(heurs, ","), "--max-nodes", "2000000", "-j", "4", input}
	stdout, errs, code := runTiles(t, "", append(args, "--format", "json")...)
	if code != ExitOK {
		t.Fatalf("--format json: exit %d: %s", code, errs)
	}
	if _, errs, code := runTiles(t, "", append(args, "-o", file)...); code != ExitOK {
		t.Fatalf("-o: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, out := range []struct{ name, data string }{{"standard output", stdout}, {"-o", string(data)}} {
		if _, err := recordtest.Check([]byte(out.data)); err != nil {
			t.Fatalf("%s: %v", out.name, err)
		}
		s, err := record.ReadStream(strings.NewReader(out.data), out.name)
		if err != nil || len(s.Runs) == 0 {
			t.Fatalf("%s: %v, no runs", out.name, err)
		}
		var got []string
		for _, r := range s.Runs {
			got = append(got, fmt.Sprintf("%d %s", r.Instance, r.Heuristic))
		}
		if !slices.Equal(got, want) || s.Runs[0].Status != record.StatusLimit || s.Runs[2].Status != record.StatusSolved {
			t.Errorf("%s: runs (instance, heuristic)\n%s\nwant\n%s\n(the first censored, the next solved: %s, %s)", out.name,
				strings.Join(got, "\n"), strings.Join(want, "\n"), s.Runs[0].Status, s.Runs[min(2, len(s.Runs)-1)].Status)
		}
	}
}

// TestBenchInterruptInInputOrder interrupts (SIGINT) a bench with -j 4
// whose first instance, korf1, is still searched when the quick ones after
// it are done: the -o file holds korf1's run in flight as interrupted, in
// its place, then the quick instances' runs, in input order and each once;
// --resume then finishes the set: the file holds every run once, but the
// interrupted one.
func TestBenchInterruptInInputOrder(t *testing.T) {
	input, file := slowFirst(t, "4", "5", "24")
	heurs := []string{"linear-conflict", "manhattan"}
	args := []string{"bench", "15puzzle", "--heuristic", strings.Join(heurs, ","), "--max-nodes", "30000000", "-j", "4", input, "-o", file}
	cmd, _, errb := startMain(t, "", append(args, "--progress")...)
	// Once korf1 has been searched a while and the last quick instance has
	// reached its last heuristic, the quick ones are done or nearly so.
	last := regexp.MustCompile(`instance 5 \([^)]*\) manhattan: bound`)
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(errb.String(), "instance 1 (") || !last.MatchString(errb.String()) {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no progress on instances 1 and 5: %q", errb.String())
		}
		time.Sleep(2 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond)
	interruptMain(t, cmd, errb)
	s := readRecords(t, file)
	if len(s.Runs) == 0 || len(s.Summaries) != 1 || s.Summaries[0].Complete {
		t.Fatalf("%d runs, summaries %+v; want runs and an incomplete summary", len(s.Runs), s.Summaries)
	}
	if r := s.Runs[0]; r.Instance != 1 || r.Heuristic != "linear-conflict" || r.Status != record.StatusInterrupted || r.Bound < r.H0 {
		t.Fatalf("first run %+v; want korf1's run in flight, interrupted with a lower bound", r)
	}
	checkInOrder(t, "interrupted", s.Runs, heurs, 5)

	if code, _, errs := run(t, "", append(args, "--resume")...); code != ExitOK {
		t.Fatalf("resume: exit %d, %s", code, errs)
	}
	var done []record.Run
	for _, r := range readRecords(t, file).Runs {
		if r.Status != record.StatusInterrupted {
			done = append(done, r)
		}
	}
	slices.SortStableFunc(done, func(a, b record.Run) int { return a.Instance - b.Instance })
	checkInOrder(t, "resumed", done, heurs, 5)
	if len(done) != 10 {
		t.Fatalf("%d runs done after the resume, want 10", len(done))
	}
}

// checkInOrder checks that runs, of instances 1 to n, come in input order,
// each instance's in the order of heurs, none twice and every instance
// there; a run interrupted ends its instance's.
func checkInOrder(t *testing.T, what string, runs []record.Run, heurs []string, n int) {
	t.Helper()
	seen := map[int]bool{}
	for i, r := range runs {
		seen[r.Instance] = true
		if i == 0 {
			continue
		}
		p := runs[i-1]
		same := p.Instance == r.Instance
		if p.Instance > r.Instance || same && (p.Status == record.StatusInterrupted ||
			slices.Index(heurs, p.Heuristic) >= slices.Index(heurs, r.Heuristic)) {
			t.Fatalf("%s: run %d (instance %d, %s) after instance %d, %s (%s)", what, i+1, r.Instance, r.Heuristic,
				p.Instance, p.Heuristic, p.Status)
		}
	}
	if len(seen) != n {
		t.Fatalf("%s: runs of %d instances, want %d", what, len(seen), n)
	}
}
