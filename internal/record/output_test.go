package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// TestOutputResumesAfterAKilledWriter: a file whose last line a killed
// writer left unfinished reads as its whole lines, and appending to it
// replaces the unfinished line.
func TestOutputResumesAfterAKilledWriter(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	run := func(line int) *record.Run {
		return &record.Run{Puzzle: record.Puzzle8, Input: "in.txt", Line: line, Instance: line, Heuristic: "manhattan",
			Status: record.StatusLimit, Bound: 20, H0: 14}
	}
	out, err := record.AppendOutput(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	out.WriteJSON(record.Header{Config: &record.Config{Command: "bench", Puzzle: record.Puzzle8, Heuristics: []string{"manhattan"}, Repeat: 1, Shard: "0/1"}})
	out.Write(record.AppendRun(nil, run(1)))
	out.Write(record.AppendRun(nil, run(2)))
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	whole, _ := os.ReadFile(path)
	lines := strings.SplitAfter(string(whole), "\n")
	os.WriteFile(path, []byte(strings.Join(lines[:2], "")+lines[2][:30]), 0o644) // killed while writing run 2

	s, err := record.ReadOutput(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 1 || s.Truncated != 3 || s.Size != int64(len(lines[0])+len(lines[1])) || len(s.Configs) != 1 {
		t.Fatalf("%d runs, truncated line %d, size %d", len(s.Runs), s.Truncated, s.Size)
	}
	out, err = record.AppendOutput(path, s.Size)
	if err != nil {
		t.Fatal(err)
	}
	out.Write(record.AppendRun(nil, run(2)))
	out.Close()
	if n, err := out.Write(record.AppendRun(nil, run(3))); n != 0 || err == nil || out.Failed() {
		t.Fatalf("a closed output took a run: %d bytes, %v (failed %v)", n, err, out.Failed())
	}
	if got, _ := os.ReadFile(path); string(got) != string(whole) {
		t.Fatalf("resumed file:\n%s\nwant\n%s", got, whole)
	}
	// A missing file is an empty stream; a bad line that ends with a newline
	// is an error, not an unfinished line.
	if s, err := record.ReadOutput(path + ".none"); err != nil || s.Size != 0 {
		t.Fatalf("missing file: %v", err)
	}
	os.WriteFile(path, []byte(lines[0]+"{\"puzzle\":\n"), 0o644)
	if _, err := record.ReadOutput(path); err == nil {
		t.Fatal("a bad whole line was read")
	}
}

// TestCheckOutputFile: a run writes to a missing or empty file, or resumes
// a non-empty one; never to a directory (an output that cannot be written,
// batch.ErrOutput), a non-empty file it does not resume, or with --resume
// and no file, nor to "-", which is standard input among the inputs
// (ErrOutputFile).
func TestCheckOutputFile(t *testing.T) {
	dir := t.TempDir()
	full, empty := filepath.Join(dir, "full"), filepath.Join(dir, "empty")
	os.WriteFile(full, []byte("{}\n"), 0o644)
	os.WriteFile(empty, nil, 0o644)
	for _, c := range []struct {
		path   string
		resume bool
		ok     bool
	}{{"", false, true}, {"", true, false}, {dir, false, false}, {dir, true, false}, {full, false, false}, {full, true, true},
		{empty, false, true}, {filepath.Join(dir, "missing"), false, true}, {filepath.Join(dir, "missing"), true, true},
		{"-", false, false}, {"-", true, false}} {
		err := record.CheckOutputFile(c.path, c.resume)
		want := map[bool]error{true: batch.ErrOutput, false: record.ErrOutputFile}[c.path == dir]
		if (err == nil) != c.ok || err != nil && !errors.Is(err, want) {
			t.Errorf("%q resume %v: %v", c.path, c.resume, err)
		}
	}
}

// failWriter fails every write with err.
type failWriter struct{ err error }

func (w failWriter) Write([]byte) (int, error) { return 0, w.err }

// TestOutputWriteFails: a failed Write returns the writer's error and
// makes Failed true, as a batch writing through the Output needs to stop
// its workers; later writes return the same error.
func TestOutputWriteFails(t *testing.T) {
	full := errors.New("no space left on device")
	out := record.NewOutput(failWriter{full})
	if n, err := out.Write([]byte("{}\n")); n != 0 || err != full || !out.Failed() {
		t.Fatalf("write: %d bytes, %v, failed %v", n, err, out.Failed())
	}
	if _, err := out.Write([]byte("{}\n")); err != full {
		t.Fatalf("second write: %v", err)
	}
}
