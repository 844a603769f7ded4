package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// korf1 is instance 1 of Korf's 100 (optimal length 57, Korf 1985): with
// Manhattan distance alone its search takes long enough to be interrupted.
const korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"

// startMain starts this test binary as pdbsolve with args; it returns the
// command and its stdout and stderr, read in full after Wait.
func startMain(t *testing.T, stdin string, args ...string) (*exec.Cmd, *strings.Builder, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envRunMain+"=1",
		envRunMain+"_ARGS=--tables "+tilesTestTables()+" "+strings.Join(args, " "))
	cmd.Stdin = strings.NewReader(stdin)
	var out strings.Builder
	errb := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = &out, errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out, errb
}

// interruptMain sends SIGINT to cmd (startMain's), waits for it and fails
// the test unless it exits 130, quoting errb, its stderr.
func interruptMain(t *testing.T, cmd *exec.Cmd, errb *syncBuffer) {
	t.Helper()
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Fatalf("exit %d, want 130; stderr %q", code, errb.String())
	}
}

// syncBuffer is a strings.Builder that a test may read while a child
// process's output is copied into it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// readRecords reads a JSON Lines output, checking every line against the
// schema.
func readRecords(t *testing.T, name string) *record.Stream {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := recordtest.Check(data); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	f, _ := os.Open(name)
	defer f.Close()
	s, err := record.ReadStream(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withoutTimes returns the runs keyed by instance, heuristic and repeat,
// without their times.
func withoutTimes(runs []record.Run) map[[3]any]record.Run {
	m := map[[3]any]record.Run{}
	for _, r := range runs {
		r.TimeNS, r.CPUNS = 0, record.OptCount{}
		m[[3]any{r.Instance, r.Heuristic, r.Repeat}] = r
	}
	return m
}

// TestBenchInterruptResume interrupts a real bench (SIGINT, as Ctrl-C or
// scancel would) while it searches its last instance, checks that every
// finished run is in its -o file with the run in flight recorded as
// interrupted with a lower bound and the summary printed, then resumes it
// and checks the result equals an uninterrupted run in every field but
// the times.
func TestBenchInterruptResume(t *testing.T) {
	_, easy, _ := run(t, "", "random", "15puzzle", "-n", "4", "--seed", "5", "--walk", "24")
	input := filepath.Join(t.TempDir(), "in.txt")
	if err := os.WriteFile(input, []byte(easy+korf1+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "runs.jsonl")
	args := []string{"bench", "15puzzle", "--heuristic", "linear-conflict,manhattan", "--max-nodes", "30000000", input}
	cmd, out, errb := startMain(t, "", append(args, "-o", file, "--progress")...)
	// Once the 8 runs of the easy boards are on disk and an iteration on
	// korf1 (instance 5) has been reported, korf1 is being searched.
	deadline := time.Now().Add(20 * time.Second)
	for {
		data, _ := os.ReadFile(file)
		if strings.Count(string(data), `"status"`) >= 8 && strings.Contains(errb.String(), "instance 5 (") {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no 8 runs in %s: %q", file, data)
		}
		time.Sleep(2 * time.Millisecond)
	}
	interruptMain(t, cmd, errb)
	s := readRecords(t, file)
	if len(s.Runs) != 9 || len(s.Summaries) != 1 || s.Summaries[0].Complete || len(s.Configs) != 1 {
		t.Fatalf("%d runs, summaries %+v; want the 8 finished, 1 interrupted and an incomplete summary", len(s.Runs), s.Summaries)
	}
	r := s.Runs[8]
	if r.Instance != 5 || r.Heuristic != "linear-conflict" || r.Status != record.StatusInterrupted || r.Bound < r.H0 || r.Bound > 57 || r.H0 == 0 {
		t.Fatalf("the run in flight: %+v; want instance 5 interrupted with a lower bound between h0 and 57", r)
	}
	if !strings.Contains(out.String(), "15puzzle: 5 instances") || !strings.Contains(errb.String(), "--resume") {
		t.Fatalf("summary %q, stderr %q", out.String(), errb.String())
	}

	// Resumed, the run finishes the set.
	code, _, errs := run(t, "", append(args, "-o", file, "--resume")...)
	if code != ExitOK {
		t.Fatalf("resume: exit %d, %s", code, errs)
	}
	resumed := readRecords(t, file)
	last := resumed.Summaries[len(resumed.Summaries)-1]
	if !last.Complete || last.Runs != 10 || len(resumed.Configs) != 2 {
		t.Fatalf("resumed summary %+v, %d headers", last, len(resumed.Configs))
	}
	whole := filepath.Join(dir, "whole.jsonl")
	if code, _, errs := run(t, "", append(args, "-o", whole)...); code != ExitOK {
		t.Fatalf("uninterrupted: exit %d, %s", code, errs)
	}
	want := withoutTimes(readRecords(t, whole).Runs)
	var done []record.Run
	for _, r := range resumed.Runs {
		if r.Status != record.StatusInterrupted {
			done = append(done, r)
		}
	}
	if got := withoutTimes(done); len(done) != 10 || !reflect.DeepEqual(got, want) {
		t.Fatalf("resumed runs differ from the uninterrupted run's:\n%v\n%v", got, want)
	}
	var a, b struct{ Report json.RawMessage }
	for _, c := range []struct {
		file string
		dst  *struct{ Report json.RawMessage }
	}{{file, &a}, {whole, &b}} {
		code, out, errs := run(t, "", "bench", "report", "--format", "json", c.file)
		if code != ExitOK {
			t.Fatalf("bench report %s: exit %d, %s", c.file, code, errs)
		}
		json.Unmarshal([]byte(out), c.dst)
	}
	if reportWithoutTimes(a.Report) != reportWithoutTimes(b.Report) {
		t.Fatalf("reports differ:\n%s\n%s", a.Report, b.Report)
	}
	// A third run onto the complete file adds nothing.
	if code, _, errs := run(t, "", append(args, "-o", file, "--resume")...); code != ExitOK || len(readRecords(t, file).Runs) != 11 {
		t.Fatalf("resume of a complete run: exit %d, %s", code, errs)
	}
}

// reportWithoutTimes returns a report's JSON without its time columns.
func reportWithoutTimes(raw json.RawMessage) string {
	var v any
	json.Unmarshal(raw, &v)
	var strip func(v any) any
	strip = func(v any) any {
		switch x := v.(type) {
		case map[string]any:
			for k := range x {
				if strings.Contains(k, "time") {
					delete(x, k)
				} else {
					x[k] = strip(x[k])
				}
			}
		case []any:
			for i := range x {
				x[i] = strip(x[i])
			}
		}
		return v
	}
	b, _ := json.Marshal(strip(v))
	return string(b)
}

// TestSolveInterruptKeepsLowerBound: Ctrl-C on a long solve in JSON writes
// its record, interrupted, with the lower bound reached.
func TestSolveInterruptKeepsLowerBound(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envRunMain+"=1",
		envRunMain+"_ARGS=--tables "+tilesTestTables()+" solve 15puzzle --heuristic manhattan --format json --progress")
	cmd.Stdin = strings.NewReader(korf1 + "\n")
	var out strings.Builder
	cmd.Stdout = &out
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stderr)
	for range 3 { // three iterations searched
		if _, err := r.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	cmd.Process.Signal(syscall.SIGINT)
	rest, _ := readAll(r)
	cmd.Wait()
	var rec record.Run
	if err := json.Unmarshal([]byte(out.String()), &rec); err != nil || cmd.ProcessState.ExitCode() != 130 {
		t.Fatalf("exit %d, output %q (%v), stderr %q", cmd.ProcessState.ExitCode(), out.String(), err, rest)
	}
	if _, err := recordtest.Check([]byte(out.String())); err != nil {
		t.Fatal(err)
	}
	if rec.Status != record.StatusInterrupted || rec.Bound < rec.H0+6 || rec.Bound > 57 || rec.Iterations < 3 || rec.Generated == 0 {
		t.Fatalf("record %+v: want interrupted after 3 iterations, bound >= h0+6 and <= 57", rec)
	}
}

func readAll(r *bufio.Reader) (string, error) {
	var b strings.Builder
	_, err := r.WriteTo(&b)
	return b.String(), err
}

// TestBenchOutputNeedsResume: -o onto a non-empty file is a usage error
// without --resume, and --resume onto another run's output names the field.
func TestBenchOutputNeedsResume(t *testing.T) {
	_, boards, _ := run(t, "", "random", "8puzzle", "-n", "3", "--seed", "2")
	file := filepath.Join(t.TempDir(), "runs.jsonl")
	args := []string{"bench", "8puzzle", "--heuristic", "manhattan", "-o", file}
	if code, _, errs := runTilesCode(t, boards, args...); code != ExitOK {
		t.Fatalf("first run: exit %d, %s", code, errs)
	}
	before, _ := os.ReadFile(file)
	code, _, errs := runTilesCode(t, boards, args...)
	if after, _ := os.ReadFile(file); code != ExitUsage || !strings.Contains(errs, "--resume") || string(after) != string(before) {
		t.Fatalf("-o onto a non-empty file: exit %d, %q; file kept: %v", code, errs, string(after) == string(before))
	}
	code, _, errs = runTilesCode(t, boards, append(args, "--resume", "--max-nodes", "99")...)
	if code != ExitUsage || !strings.Contains(errs, "--max-nodes: 0 in") {
		t.Fatalf("--resume with another --max-nodes: exit %d, %q", code, errs)
	}
	code, _, errs = runTilesCode(t, boards, "solve", "8puzzle", "-o", file)
	if code != ExitUsage {
		t.Fatalf("solve -o onto a non-empty file: exit %d, %q", code, errs)
	}
}

func runTilesCode(t *testing.T, stdin string, args ...string) (int, string, string) {
	out, errs, code := runTiles(t, stdin, args...)
	return code, out, errs
}

// TestBenchReportChecksTheSet: bench report refuses a missing shard, a
// truncated shard and a shard run with another --max-nodes (exit 6, naming
// what is wrong), merges them with --partial, and counts an instance once
// when two runs name its input with two spellings of its path.
func TestBenchReportChecksTheSet(t *testing.T) {
	_, boards, _ := run(t, "", "random", "8puzzle", "-n", "6", "--seed", "9")
	dir := t.TempDir()
	input := filepath.Join(dir, "in.txt")
	os.WriteFile(input, []byte(boards), 0o644)
	shard := func(k, name string, extra ...string) string {
		f := filepath.Join(dir, name)
		args := append([]string{"bench", "8puzzle", "--heuristic", "manhattan,linear-conflict", "--max-nodes", "3000",
			"--shard", k + "/2", "-o", f, input}, extra...)
		if code, _, errs := runTilesCode(t, "", args...); code != ExitOK {
			t.Fatalf("shard %s: exit %d, %s", k, code, errs)
		}
		return f
	}
	s0, s1 := shard("0", "s0.jsonl"), shard("1", "s1.jsonl")
	report := func(files ...string) (int, string, string) {
		return runTilesCode(t, "", append([]string{"bench", "report"}, files...)...)
	}
	if code, out, errs := report(s0, s1); code != ExitOK || !strings.Contains(out, "8puzzle: 6 instances") {
		t.Fatalf("whole set: exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := report(s0); code != ExitIncomplete || !strings.Contains(errs, "shard 1/2") || !strings.Contains(errs, "missing") {
		t.Fatalf("missing shard: exit %d, %q", code, errs)
	}
	// The same file named twice (a shell pattern matching it twice) is read
	// once, with a note; another file holding the same shard is a problem.
	s1Again := dir + "/./s1.jsonl"
	if code, out, errs := report(s0, s1, s1, s1Again); code != ExitOK || !strings.Contains(out, "8puzzle: 6 instances") ||
		strings.Count(errs, "note: "+s1+" is named") != 2 || !strings.Contains(errs, "named again as "+s1Again) {
		t.Fatalf("a file named twice: exit %d, %q, %q", code, out, errs)
	}
	data, _ := os.ReadFile(s1)
	copied := filepath.Join(dir, "copy.jsonl")
	os.WriteFile(copied, data, 0o644)
	if code, _, errs := report(s0, s1, copied); code != ExitIncomplete || !strings.Contains(errs, "given 2 times: "+s1+", "+copied) {
		t.Fatalf("shard twice: exit %d, %q", code, errs)
	}
	// A shard whose writer was killed mid-line: no summary, an unfinished line.
	lines := strings.SplitAfter(string(data), "\n")
	cut := filepath.Join(dir, "cut.jsonl")
	os.WriteFile(cut, []byte(strings.Join(lines[:3], "")+lines[3][:20]), 0o644)
	if code, _, errs := report(s0, cut); code != ExitIncomplete || !strings.Contains(errs, "cut.jsonl (shard 1/2): incomplete") ||
		!strings.Contains(errs, "unfinished") {
		t.Fatalf("truncated shard: exit %d, %q", code, errs)
	}
	if code, out, errs := runTilesCode(t, "", "bench", "report", "--partial", s0, cut); code != ExitOK || !strings.Contains(out, "8puzzle: 4 instances") {
		t.Fatalf("--partial: exit %d, %q, %q", code, out, errs)
	}
	other := filepath.Join(dir, "other.jsonl")
	if code, _, errs := runTilesCode(t, "", "bench", "8puzzle", "--heuristic", "manhattan,linear-conflict", "--max-nodes", "3500",
		"--shard", "1/2", "-o", other, input); code != ExitOK {
		t.Fatalf("exit %d, %s", code, errs)
	}
	if code, _, errs := report(s0, other); code != ExitIncomplete || !strings.Contains(errs, "--max-nodes: 3000 in "+s0+", 3500 in "+other) {
		t.Fatalf("another --max-nodes: exit %d, %q", code, errs)
	}

	// Two runs of other heuristics, the input named two ways.
	a, b := filepath.Join(dir, "a.jsonl"), filepath.Join(dir, "b.jsonl")
	runTilesCode(t, "", "bench", "8puzzle", "--heuristic", "manhattan", "--max-nodes", "3000", "-o", a, input)
	runTilesCode(t, "", "bench", "8puzzle", "--heuristic", "linear-conflict", "--max-nodes", "3000", "-o", b,
		dir+"/./../"+filepath.Base(dir)+"/in.txt") // not cleaned: another spelling
	code, out, errs := report(a, b)
	if code != ExitOK || !strings.Contains(out, "8puzzle: 6 instances, 2 heuristics") {
		t.Fatalf("two spellings: exit %d, %q, %q", code, out, errs)
	}
}
