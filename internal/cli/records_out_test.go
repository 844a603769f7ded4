package cli

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// outputRecords returns the lines of a solve -o output but its headers and
// interrupted runs, failing when a line is not one JSON object.
func outputRecords(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.SplitAfter(string(data), "\n") {
		if line == "" {
			continue
		}
		var obj map[string]any
		if !strings.HasSuffix(line, "\n") || json.Unmarshal([]byte(line), &obj) != nil {
			t.Fatalf("%s: not a JSON Lines record: %q", path, line)
		}
		if obj["provenance"] == nil && obj["status"] != "interrupted" {
			out = append(out, line)
		}
	}
	return out
}

// rotationBoards returns n random Rotation Game boards, one a line.
func rotationBoards(t *testing.T, n int) string {
	code, out, errs := run(t, "", "random", "rotation", "-n", strconv.Itoa(n), "--seed", "20")
	if code != 0 {
		t.Fatalf("random: %d %s", code, errs)
	}
	return out
}

// TestOutputFileOneWriter: a second writer of an -o file (the file locked
// by another process's flock) is refused with exit 2 and a clear message,
// with or without --resume, and the file is left as it was.
func TestOutputFileOneWriter(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "boards.txt")
	os.WriteFile(in, []byte(rotationBoards(t, 50)), 0o644)
	out := filepath.Join(dir, "out.jsonl")
	if code, _, errs := run(t, "", "solve", "rotation", "-o", out, in); code != 0 {
		t.Fatalf("solve -o: %d %s", code, errs)
	}
	data, _ := os.ReadFile(out)
	os.WriteFile(out, data[:len(data)/2], 0o644)
	before, _ := os.ReadFile(out)
	other := flock.New(out)
	if ok, err := other.TryLock(); !ok || err != nil {
		t.Fatalf("lock: %v %v", ok, err)
	}
	fresh := filepath.Join(dir, "fresh.jsonl") // a writer that has written nothing yet
	other2 := flock.New(fresh)
	if ok, err := other2.TryLock(); !ok || err != nil {
		t.Fatalf("lock: %v %v", ok, err)
	}
	defer other2.Unlock()
	for _, args := range [][]string{{"--resume", "-o", out}, {"-o", fresh}} {
		code, _, errs := run(t, "", append(append([]string{"solve", "rotation"}, args...), in)...)
		if code != 2 || !strings.Contains(errs, "another pdbsolve is writing the file") {
			t.Errorf("%v onto a locked file: exit %d, %q; want 2", args, code, errs)
		}
	}
	if after, _ := os.ReadFile(out); !bytes.Equal(after, before) {
		t.Fatal("a refused writer changed the file")
	}
	other.Unlock()
	if code, _, errs := run(t, "", "solve", "rotation", "--resume", "-o", out, in); code != 0 {
		t.Fatalf("--resume once unlocked: %d %s", code, errs)
	}
	if got := outputRecords(t, out); len(got) != 50 {
		t.Fatalf("%d records, want 50", len(got))
	}
}

// TestResumeChecksBeforeWriting: --resume onto a file whose last line
// lacks its newline ends that line first; a refused --resume (another
// run's file, or for bench other boards under the same numbers) leaves the
// file as it was; a resume with nothing left exits as the run that wrote
// the records did (5 for runs stopped at --max-nodes).
func TestResumeChecksBeforeWriting(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "boards.txt")
	boards := rotationBoards(t, 40)
	os.WriteFile(in, []byte(boards), 0o644)
	out := filepath.Join(dir, "out.jsonl")
	run(t, "", "solve", "rotation", "-o", out, in)
	whole := outputRecords(t, out)
	data, _ := os.ReadFile(out)
	cut := bytes.Index(data, []byte(whole[20])) - 1 // just before the newline ending record 20
	os.WriteFile(out, data[:cut], 0o644)
	if code, _, errs := run(t, "", "solve", "rotation", "--resume", "-o", out, in); code != 0 {
		t.Fatalf("--resume after a missing newline: %d %s", code, errs)
	}
	if got := outputRecords(t, out); !slices.Equal(got, whole) {
		t.Fatalf("resumed records:\n%s\nwant\n%s", strings.Join(got, ""), strings.Join(whole, ""))
	}

	before, _ := os.ReadFile(out)
	code, _, errs := run(t, "", "solve", "rotation", "--heuristic", "count", "--resume", "-o", out, in)
	if after, _ := os.ReadFile(out); code != 2 || !bytes.Equal(after, before) {
		t.Fatalf("another run's --resume: exit %d (%s), file changed %v", code, errs, !bytes.Equal(after, before))
	}

	bench := filepath.Join(dir, "bench.jsonl")
	b8 := filepath.Join(dir, "b8.txt")
	_, b8boards, _ := run(t, "", "random", "8puzzle", "-n", "6", "--seed", "3")
	os.WriteFile(b8, []byte(b8boards), 0o644)
	run(t, "", "bench", "8puzzle", "--heuristic", "manhattan", "-j", "1", "-o", bench, b8)
	data, _ = os.ReadFile(bench)
	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile(bench, []byte(strings.Join(lines[:4], "")), 0o644) // header and 3 runs
	before, _ = os.ReadFile(bench)
	_, other, _ := run(t, "", "random", "8puzzle", "-n", "6", "--seed", "4")
	os.WriteFile(b8, []byte(other), 0o644)
	code, _, errs = run(t, "", "bench", "8puzzle", "--heuristic", "manhattan", "-j", "1", "--resume", "-o", bench, b8)
	if after, _ := os.ReadFile(bench); code != 2 || !bytes.Equal(after, before) {
		t.Fatalf("bench --resume on other boards: exit %d (%s), file changed %v", code, errs, !bytes.Equal(after, before))
	}

	limit := filepath.Join(dir, "limit.jsonl")
	_, hard, _ := run(t, "", "random", "15puzzle", "-n", "3", "--seed", "1")
	args := []string{"solve", "15puzzle", "--heuristic", "manhattan", "--max-nodes", "50", "-o", limit, "-"}
	if code, _, errs := run(t, hard, args...); code != 5 {
		t.Fatalf("solve --max-nodes: exit %d (%s), want 5", code, errs)
	}
	if code, _, errs := run(t, hard, append(args, "--resume")...); code != 5 {
		t.Fatalf("--resume with nothing left after limits: exit %d (%s), want 5", code, errs)
	}
}

// TestOutputWriteErrorStops: a write error on the -o file (a full disk:
// /dev/full) stops solve and bench at once with exit 4.
func TestOutputWriteErrorStops(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full")
	}
	boards := rotationBoards(t, 20000)
	start := time.Now()
	if code, _, errs := run(t, boards, "solve", "rotation", "-o", "/dev/full", "-"); code != 4 || !strings.Contains(errs, "no space") {
		t.Fatalf("solve -o /dev/full: exit %d, %q; want 4", code, errs)
	}
	_, b8, _ := run(t, "", "random", "8puzzle", "-n", "200", "--seed", "3")
	code, _, errs := run(t, b8, "bench", "8puzzle", "--heuristic", "manhattan", "-j", "1", "-o", "/dev/full", "-")
	if code != 4 || !strings.Contains(errs, "no space") {
		t.Fatalf("bench -o /dev/full: exit %d, %q; want 4", code, errs)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("took %v to stop", d)
	}
}

// TestKillAndResume stops solve -o (this test binary as pdbsolve, a child
// process) at random points with SIGINT, SIGTERM or SIGKILL, twice a
// trial, resumes it each time, and checks that the file ends holding every
// record of an uninterrupted run exactly once, in valid JSON Lines.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("child processes")
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "boards.txt")
	os.WriteFile(in, []byte(rotationBoards(t, 30000)), 0o644)
	full := filepath.Join(dir, "full.jsonl")
	run(t, "1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n", "solve", "rotation") // the tables, built before the clock starts
	start := time.Now()
	cmd, _, errs := startMain(t, "", "solve", "rotation", "-j", "2", "-o", full, in)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("uninterrupted: %v %s", err, errs)
	}
	took := time.Since(start)
	want := outputRecords(t, full)
	slices.Sort(want)
	rng := rand.New(rand.NewPCG(19, 20))
	sigs := []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGKILL}
	for trial := range 6 {
		out := filepath.Join(dir, "out.jsonl")
		os.Remove(out)
		var log []string
		for k := range 2 {
			args := []string{"solve", "rotation", "-j", "2", "-o", out, in}
			if k > 0 {
				args = append(args, "--resume")
			}
			cmd, _, errs := startMain(t, "", args...)
			sig := sigs[rng.IntN(len(sigs))]
			time.Sleep(time.Duration(rng.Int64N(int64(took))))
			cmd.Process.Signal(sig)
			err := cmd.Wait()
			log = append(log, sig.String()+": "+strings.TrimSpace(errs.String())+" "+errString(err))
		}
		if code, _, errs := run(t, "", "solve", "rotation", "--resume", "-o", out, in); code != 0 {
			t.Fatalf("trial %d: the last --resume exited %d: %s (%q)", trial, code, errs, log)
		}
		got := outputRecords(t, out)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: %d records, want %d, each once (%q)", trial, len(got), len(want), log)
		}
	}
}

func errString(err error) string {
	if err == nil {
		return "exit 0"
	}
	return err.Error()
}

// TestResumeSharedLine: a Rotation input whose lines hold 2 and 3 boards,
// its output cut after every record in turn, then --resume: the file ends
// holding the records of an uninterrupted run, each once, in order (a line
// whose first boards were written before the cut is not lost).
func TestResumeSharedLine(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "boards.txt")
	boards := strings.Split(strings.TrimSpace(rotationBoards(t, 12)), "\n")
	var text strings.Builder
	for k, per := 0, 2; k < len(boards); k, per = k+per, 5-per { // lines of 2, 3, 2, 3, ... boards
		text.WriteString(strings.Join(boards[k:min(k+per, len(boards))], " ") + "\n")
	}
	os.WriteFile(in, []byte(text.String()), 0o644)
	full := filepath.Join(dir, "full.jsonl")
	if code, _, errs := run(t, "", "solve", "rotation", "-o", full, in); code != 0 {
		t.Fatalf("uninterrupted: %d %s", code, errs)
	}
	want := outputRecords(t, full)
	if len(want) != len(boards) {
		t.Fatalf("%d records, want %d", len(want), len(boards))
	}
	data, _ := os.ReadFile(full)
	out := filepath.Join(dir, "out.jsonl")
	for cut := 0; cut < len(want); cut++ {
		end := bytes.Index(data, []byte(want[cut])) // just before record cut (0-based)
		os.WriteFile(out, data[:end], 0o644)
		if code, _, errs := run(t, "", "solve", "rotation", "--resume", "-o", out, in); code != 0 {
			t.Fatalf("cut before record %d: --resume exited %d: %s", cut+1, code, errs)
		}
		if got := outputRecords(t, out); !slices.Equal(got, want) {
			k := 0
			for k < min(len(got), len(want)) && got[k] == want[k] {
				k++
			}
			t.Fatalf("cut before record %d: %d records, want %d; the first differing is record %d", cut+1, len(got), len(want), k+1)
		}
	}
}
