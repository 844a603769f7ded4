package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// benchBadBoards are three 8-puzzle records, the second malformed (tile 1
// twice): the goal one move away, a bad record, the goal.
const benchBadBoards = "1 0 2 3 4 5 6 7 8\n1 1 3 4 5 6 7 8 0\n0 1 2 3 4 5 6 7 8\n"

// benchBadHeurs are the heuristics of the bench runs of these tests.
var benchBadHeurs = []string{"manhattan", "linear-conflict"}

// solveErrorOf returns the error message solve's JSON record gives the
// record of input at line (the wording a bench error run must repeat).
func solveErrorOf(t *testing.T, input string, line int) string {
	t.Helper()
	out, _, _ := runTiles(t, "", "solve", "8puzzle", "--format", "json", input)
	s, err := record.ReadStream(strings.NewReader(out), "solve")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Runs {
		if r.Line == line && r.Status == record.StatusError && r.Error != "" {
			return r.Error
		}
	}
	t.Fatalf("solve gives line %d no error record:\n%s", line, out)
	return ""
}

// checkBenchRuns checks the runs of a bench over benchBadBoards (instances
// want, bad the bad one) in input order: each instance's runs one a
// heuristic in their order, the bad one's errors with solve's message and
// no board, the others solved at their known lengths.
func checkBenchRuns(t *testing.T, what string, runs []record.Run, want []int, bad int, msg string) {
	t.Helper()
	var got, exp []string
	for _, r := range runs {
		got = append(got, fmt.Sprintf("%d %d %s %s %d %q %q", r.Instance, r.Line, r.Heuristic, r.Status, r.Length, r.Board, r.Error))
	}
	boards := strings.Split(benchBadBoards, "\n")
	for _, n := range want {
		for _, h := range benchBadHeurs {
			if n == bad {
				exp = append(exp, fmt.Sprintf("%d %d %s error 0 \"\" %q", n, n, h, msg))
			} else {
				exp = append(exp, fmt.Sprintf("%d %d %s solved %d %q \"\"", n, n, h, map[int]int{1: 1}[n], boards[n-1]))
			}
		}
	}
	if !slices.Equal(got, exp) {
		t.Errorf("%s: runs\n%s\nwant\n%s", what, strings.Join(got, "\n"), strings.Join(exp, "\n"))
	}
}

// checkBenchTable checks that a bench table counts instances and, per
// heuristic, the solved and the errors.
func checkBenchTable(t *testing.T, what, out string, instances int, solved string, errors string) {
	t.Helper()
	if !strings.HasPrefix(out, fmt.Sprintf("8puzzle: %d instances, 2 heuristics\n", instances)) {
		t.Errorf("%s: header:\n%s", what, out)
	}
	for _, h := range benchBadHeurs {
		i := strings.Index(out, "  "+h+"  ")
		if f := strings.Fields(out[max(i, 0):]); i < 0 || len(f) < 4 || f[1] != solved || f[3] != errors {
			t.Errorf("%s: row of %s: want solved %s, errors %s:\n%s", what, h, solved, errors, out)
		}
	}
}

// TestBenchBadRecordRuns: a record of bench's input that is not a board
// gets an error run a heuristic, in its place (with -j 1 and -j 2), with
// its instance number, input, line and solve's message; stderr says it
// once; the summary and the table count it as an instance and among each
// heuristic's errors, as bench report does; the exit status is 1;
// --instances and --shard number it.
func TestBenchBadRecordRuns(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.txt")
	os.WriteFile(input, []byte(benchBadBoards), 0o644)
	msg := solveErrorOf(t, input, 2)
	bench := []string{"bench", "8puzzle", "--heuristic", strings.Join(benchBadHeurs, ",")}
	for _, j := range []string{"1", "2"} {
		out, errs, code := runTiles(t, "", append(bench, "-j", j, "--format", "json", input)...)
		if _, err := recordtest.Check([]byte(out)); err != nil || code != ExitBadInput {
			t.Fatalf("-j %s: exit %d, schema: %v\n%s", j, code, err, out)
		}
		if note := fmt.Sprintf("%s:2: %s\n", input, msg); strings.Count(errs, note) != 1 || strings.Count(errs, input) != 1 {
			t.Errorf("-j %s: stderr, want %q once:\n%s", j, note, errs)
		}
		s, err := record.ReadStream(strings.NewReader(out), "out")
		if err != nil || len(s.Summaries) != 1 {
			t.Fatalf("-j %s: %v, %d summaries", j, err, len(s.Summaries))
		}
		checkBenchRuns(t, "-j "+j, s.Runs, []int{1, 2, 3}, 2, msg)
		if sum := s.Summaries[0]; sum != (record.Summary{Complete: true, Instances: 3, Runs: 6, Solved: 4, Failed: 2}) {
			t.Errorf("-j %s: summary %+v", j, sum)
		}
	}
	out, _, code := runTiles(t, "", append(bench, input)...)
	checkBenchTable(t, "bench", out, 3, "2/3", "1")
	file := filepath.Join(dir, "runs.jsonl")
	if _, _, code2 := runTiles(t, "", append(bench, "-o", file, input)...); code != ExitBadInput || code2 != ExitBadInput {
		t.Fatalf("exit %d, with -o %d", code, code2)
	}
	out, _, code = runTiles(t, "", "bench", "report", file)
	checkBenchTable(t, "bench report", out, 3, "2/3", "1")
	if code != ExitBadInput {
		t.Errorf("bench report: exit %d", code)
	}

	out, _, _ = runTiles(t, "", append(bench, "--format", "json", "--instances", "2,3", input)...)
	s, err := record.ReadStream(strings.NewReader(out), "out")
	if err != nil {
		t.Fatal(err)
	}
	checkBenchRuns(t, "--instances 2,3", s.Runs, []int{2, 3}, 2, msg)
	four := filepath.Join(dir, "four.txt")
	os.WriteFile(four, []byte(benchBadBoards+"1 0 2 3 4 5 6 7 8\n"), 0o644)
	var shards []string
	for k := range 2 {
		shards = append(shards, filepath.Join(dir, fmt.Sprintf("s%d.jsonl", k)))
		runTiles(t, "", append(bench, "--shard", fmt.Sprintf("%d/2", k), "-o", shards[k], four)...)
	}
	runs := readRecords(t, shards[1]).Runs
	if len(runs) != 4 || runs[2].Instance != 4 || runs[2].Status != record.StatusSolved || runs[2].Length != 1 {
		t.Fatalf("--shard 1/2: %+v", runs)
	}
	checkBenchRuns(t, "--shard 1/2", runs[:2], []int{2}, 2, msg)
	out, _, _ = runTiles(t, "", append([]string{"bench", "report"}, shards...)...)
	checkBenchTable(t, "bench report of the shards", out, 4, "3/4", "1")
}

// TestBenchBadRecordResume: a resumed bench writes no error run of a bad
// record twice: not when the output holds them all, nor when it holds
// some (the rest are written, once each).
func TestBenchBadRecordResume(t *testing.T) {
	dir := t.TempDir()
	input := filepath.Join(dir, "in.txt")
	os.WriteFile(input, []byte(benchBadBoards), 0o644)
	msg := solveErrorOf(t, input, 2)
	file := filepath.Join(dir, "runs.jsonl")
	args := []string{"bench", "8puzzle", "--heuristic", strings.Join(benchBadHeurs, ","), "-o", file, input}
	runTiles(t, "", args...)
	whole, _ := os.ReadFile(file)
	lines := strings.SplitAfter(string(whole), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, []byte(strings.Join(lines[:4], "")), 0o644) // the header, instance 1, instance 2's first error
	for _, f := range []string{file, cut} {
		if _, errs, code := runTiles(t, "", append(slices.Replace(slices.Clone(args), 5, 6, f), "--resume")...); code != ExitBadInput {
			t.Fatalf("%s: resumed: exit %d, %s", f, code, errs)
		}
		s := readRecords(t, f)
		checkBenchRuns(t, "resumed "+filepath.Base(f), s.Runs, []int{1, 2, 3}, 2, msg)
		if last := s.Summaries[len(s.Summaries)-1]; last != (record.Summary{Complete: true, Instances: 3, Runs: 6, Solved: 4, Failed: 2}) {
			t.Errorf("%s: last summary %+v", f, last)
		}
	}
}
