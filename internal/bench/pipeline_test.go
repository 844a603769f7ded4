package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// runPipeline runs a bench of 8-puzzle boards (blank last; a record that
// does not parse is bad) under manhattan and linear-conflict through a
// batch of two workers, as the CLI does, the runs going to out; prior, when
// not nil, is the output resumed. It returns the pipeline, its report, the
// notes written and End's error.
func runPipeline(t *testing.T, boards []string, prior *record.Prior, out io.Writer) (*Pipeline[bitboard.Tiles], *report.Report, string, error) {
	t.Helper()
	heurs := []string{"manhattan", "linear-conflict"}
	cfg := &record.Config{Command: "bench", Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: heurs, Repeat: 1, Shard: "0/1"}
	p, err := New[bitboard.Tiles](cfg, report.Options{}, true)
	if err != nil {
		t.Fatal(err)
	}
	var notes bytes.Buffer
	p.Prior, p.Output, p.Stderr, p.Stop = prior, "runs.jsonl", &notes, func() bool { return false }
	p.Out = record.NewOutput(out)
	p.Tracker = progress.New(io.Discard, "bench", progress.Log)
	p.Session.Tracker = p.Tracker
	for _, name := range heurs {
		h, err := search.LoadTilesHeuristic(nil, 3, 3, name)
		if err != nil {
			t.Fatal(err)
		}
		p.Solvers = append(p.Solvers, func() Solver[bitboard.Tiles] {
			return NewTilesSolver(search.NewTilesSolver(h), bitboard.BlankLast)
		})
	}
	res := batch.Run(context.Background(), p.Batch(2, func(send func(*batch.Unit, *Item[bitboard.Tiles]) bool) error {
		for i, cells := range boards {
			where := fmt.Sprintf("in.txt:%d", i+1)
			b, err := bitboard.ParseTiles(strings.Fields(cells), 3, 3)
			x := &Item[bitboard.Tiles]{Instance: i + 1, Input: "in.txt", Line: i + 1, Err: err,
				In: Instance[bitboard.Tiles]{Where: where, Board: b}}
			if err == nil {
				x.Board = b.String()
			}
			if !p.Take(x, send) {
				return nil
			}
		}
		p.Read(false)
		return nil
	}))
	rep, err := p.End(res)
	return p, rep, notes.String(), err
}

// TestPipelineRunsAndSums runs boards of known outcome (the AOJ sample, 4
// moves; the goal, 0 moves; two tiles swapped, unsolvable; a bad record,
// an error run a heuristic with the parser's message) and checks the runs,
// the notes (one for the bad record) and the summary line.
func TestPipelineRunsAndSums(t *testing.T) {
	var out bytes.Buffer
	boards := []string{"1 3 0 4 2 5 7 8 6", "1 2 3 4 5 6 7 8 0", "2 1 3 4 5 6 7 8 0", "1 2 3"}
	p, rep, notes, err := runPipeline(t, boards, nil, &out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.ReadStream(&out, "out")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 8 || len(s.Summaries) != 1 {
		t.Fatalf("%d runs, %d summaries:\n%s", len(s.Runs), len(s.Summaries), out.String())
	}
	_, parseErr := bitboard.ParseTiles(strings.Fields(boards[3]), 3, 3)
	for _, r := range s.Runs {
		want := map[int]int{1: 4, 2: 0}[r.Instance]
		switch {
		case r.Instance == 3 && r.Status != record.StatusUnsolvable,
			r.Instance == 4 && (r.Status != record.StatusError || r.Error != parseErr.Error() || r.Board != "" || r.Line != 4),
			r.Instance < 3 && (r.Status != record.StatusSolved || r.Length != want):
			t.Errorf("instance %d under %s: %s, length %d, error %q", r.Instance, r.Heuristic, r.Status, r.Length, r.Error)
		}
	}
	sum := s.Summaries[0]
	want := record.Summary{Complete: true, Instances: 4, Runs: 8, Solved: 4, Failed: 4}
	if sum != want {
		t.Errorf("summary %+v, want %+v", sum, want)
	}
	if rep.Instances != 4 || rep.PairedInstances != 2 || rep.Heuristics[1].Errors != 2 || !p.BadInput() || len(p.Session.Runs()) != 8 {
		t.Errorf("report of %d instances, %d paired; bad input %v; %d runs kept", rep.Instances, rep.PairedInstances, p.BadInput(), len(p.Session.Runs()))
	}
	if strings.Count(notes, "in.txt:4: ") != 1 || strings.Count(notes, "in.txt:3: ") != 2 || strings.Count(notes, "\n") != 3 {
		t.Errorf("notes:\n%s", notes)
	}
}

// TestPipelineResumes: a resumed output's runs are not solved again and
// count in the summary; an instance whose board is not the output's stops
// the run with record.ErrOtherInputs, no summary written.
func TestPipelineResumes(t *testing.T) {
	boards := []string{"1 3 0 4 2 5 7 8 6", "1 2 3 4 5 6 7 8 0"}
	var first bytes.Buffer
	enc, _ := json.Marshal(record.Header{Config: &record.Config{Command: "bench", Puzzle: record.Puzzle8, Goal: "blank-last",
		Heuristics: []string{"manhattan", "linear-conflict"}, Repeat: 1, Shard: "0/1"}})
	first.Write(append(enc, '\n'))
	runPipeline(t, boards[:1], nil, &first)
	file := filepath.Join(t.TempDir(), "runs.jsonl")
	if err := os.WriteFile(file, first.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := &record.Config{Command: "bench", Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: []string{"manhattan", "linear-conflict"},
		Repeat: 1, Shard: "0/1"}
	prior, err := record.ReadPrior(file, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	_, rep, _, err := runPipeline(t, boards, prior, &out)
	if err != nil {
		t.Fatal(err)
	}
	s, err := record.ReadStream(&out, "out")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Runs) != 2 || s.Runs[0].Instance != 2 || len(s.Summaries) != 1 || s.Summaries[0].Runs != 4 || rep.Instances != 2 {
		t.Fatalf("resumed: %d runs (the first of instance %d), summaries %+v, %d instances in the report",
			len(s.Runs), s.Runs[0].Instance, s.Summaries, rep.Instances)
	}

	out.Reset()
	_, rep, _, err = runPipeline(t, []string{"1 2 3 4 5 6 7 0 8"}, prior, &out)
	if !errors.Is(err, record.ErrOtherInputs) || rep != nil || out.Len() != 0 ||
		!strings.Contains(err.Error(), `in.txt:1: instance 1 is "1 2 3 4 5 6 7 0 8", but "1 3 0 4 2 5 7 8 6" in runs.jsonl`) {
		t.Fatalf("another board: %v, %d bytes written", err, out.Len())
	}
}
