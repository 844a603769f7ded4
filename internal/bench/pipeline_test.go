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
	"sync"
	"sync/atomic"
	"testing"
	"time"

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
	p, notes := newPipeline(t, prior, out)
	res := batch.Run(context.Background(), p.Batch(2, boardSource(p, boards)))
	rep, err := p.End(res)
	return p, rep, notes.String(), err
}

// newPipeline returns the pipeline of runPipeline, not run, and where its
// notes go.
func newPipeline(t *testing.T, prior *record.Prior, out io.Writer) (*Pipeline[bitboard.Tiles], *bytes.Buffer) {
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
	return p, &notes
}

// boardSource is the batch source of p's instances, boards, read from
// in.txt a line each.
func boardSource(p *Pipeline[bitboard.Tiles], boards []string) func(send func(*batch.Unit, *Item[bitboard.Tiles]) bool) error {
	return func(send func(*batch.Unit, *Item[bitboard.Tiles]) bool) error {
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
	}
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

// endTracker is a Tracker that counts the runs its workers finish (End)
// and closes ended after the first that ends once after is closed.
type endTracker struct {
	Tracker
	finished     atomic.Int32
	after, ended chan struct{}
	once         sync.Once
}

func (e *endTracker) End(worker int, status record.Status, st *search.Stats) {
	e.Tracker.End(worker, status, st)
	e.finished.Add(1)
	select {
	case <-e.after:
		e.once.Do(func() { close(e.ended) })
	default:
	}
}

// TestSummaryCountsTheRunsWritten interrupts a bench (one worker, two
// instances) in instance 1's second run, which the batch's writer then
// writes as interrupted; the worker finishes that run after (the search
// does not stop at an interrupt) and returns it, which nothing writes.
// The summary line must count the run lines above it, read back from the
// output (one solved, one interrupted), not the runs the worker finished
// (two solved), nor both.
func TestSummaryCountsTheRunsWritten(t *testing.T) {
	var out bytes.Buffer
	p, _ := newPipeline(t, nil, &out)
	ctx, cancel := context.WithCancel(context.Background())
	p.Stop = func() bool { return ctx.Err() != nil }
	tr := &endTracker{Tracker: p.Tracker, after: make(chan struct{}), ended: make(chan struct{})}
	p.Session.Tracker = tr
	second := p.Solvers[1]
	var once sync.Once
	p.Solvers[1] = func() Solver[bitboard.Tiles] {
		return hookSolver{second(), func() {
			once.Do(func() {
				cancel()
				for p.InFlight() == 0 { // the writer has taken the run in flight
					time.Sleep(time.Millisecond)
				}
				close(tr.after) // the run goes on to its end
			})
		}}
	}
	res := batch.Run(ctx, p.Batch(1, boardSource(p, []string{"1 3 0 4 2 5 7 8 6", "1 2 3 4 5 6 7 8 0"})))
	select {
	case <-tr.ended:
	case <-time.After(20 * time.Second):
		t.Fatal("the run taken by the interrupt never ended")
	}
	if _, err := p.End(res); err != nil || !res.Interrupted {
		t.Fatalf("End: %v; %+v", err, res)
	}
	s, err := record.ReadStream(bytes.NewReader(out.Bytes()), "out")
	if err != nil || len(s.Summaries) != 1 {
		t.Fatalf("%v; output:\n%s", err, out.String())
	}
	var lines record.Summary // counted from the run lines
	for _, r := range s.Runs {
		lines.Count(r.Status)
	}
	got := s.Summaries[0]
	got.Complete, got.Instances = false, 0
	if got != lines || lines.Runs != 2 || lines.Interrupted != 1 || tr.finished.Load() != 2 {
		t.Fatalf("summary %+v; the %d run lines above it %+v; %d runs finished by the worker:\n%s",
			s.Summaries[0], len(s.Runs), lines, tr.finished.Load(), out.String())
	}
	if s.Summaries[0].Complete {
		t.Errorf("summary %+v: complete, after an interrupt", s.Summaries[0])
	}
}
