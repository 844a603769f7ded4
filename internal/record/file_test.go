package record_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// TestRunFileSequence: a RunFile refuses a non-empty file without
// --resume and another run's file with it (both ErrOutputFile), and a
// resumed file keeps its whole lines, drops an unfinished one and takes
// the new session after them.
func TestRunFileSequence(t *testing.T) {
	path := filepath.Join(t.TempDir(), "runs.jsonl")
	cfg := &record.Config{Command: "solve", Puzzle: record.Puzzle8, Heuristics: []string{"manhattan"}, Repeat: 1, Shard: "0/1"}
	run := &record.Run{Puzzle: record.Puzzle8, Input: "in.txt", Line: 1, Heuristic: "manhattan", Status: record.StatusSolved}

	f := &record.RunFile{Path: path}
	if err := f.Check(cfg); err != nil {
		t.Fatal(err)
	}
	if dropped, err := f.Open(nil, &record.Header{Config: cfg}); err != nil || dropped != 0 {
		t.Fatalf("open: dropped %d, %v", dropped, err)
	}
	f.Out.Write(record.AppendRun(nil, run))
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(path)
	os.WriteFile(path, append(append([]byte{}, first...), `{"puzzle":`...), 0o644) // a killed writer's last line

	if err := (&record.RunFile{Path: path}).Check(cfg); !errors.Is(err, record.ErrOutputFile) {
		t.Fatalf("a non-empty file without --resume: %v", err)
	}
	other := *cfg
	other.Heuristics = []string{"linear-conflict"}
	err := (&record.RunFile{Path: path, Resume: true}).Check(&other)
	if !errors.Is(err, record.ErrOutputFile) || !strings.HasPrefix(err.Error(), "--resume: ") {
		t.Fatalf("another run's file: %v", err)
	}

	f = &record.RunFile{Path: path, Resume: true}
	if err := f.Check(cfg); err != nil || f.Prior == nil || f.Prior.Done.Runs != 1 {
		t.Fatalf("resume: %v", err)
	}
	dropped, err := f.Open(nil, &record.Header{Config: cfg})
	if err != nil || dropped != 3 {
		t.Fatalf("open to resume: dropped line %d, %v", dropped, err)
	}
	f.Close()
	got, _ := os.ReadFile(path)
	header := strings.SplitAfter(string(first), "\n")[0]
	if want := string(first) + header; string(got) != want {
		t.Fatalf("resumed file:\n%s\nwant\n%s", got, want)
	}
}
