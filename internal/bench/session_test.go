package bench

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// stuckTracker says every worker has a run in flight at bound 9.
type stuckTracker struct{}

func (stuckTracker) Begin(_ int, lim search.Limits, _ int, _, _ string) search.Limits { return lim }
func (stuckTracker) End(int, record.Status, *search.Stats)                            {}
func (stuckTracker) Interrupted(_ int, r *record.Run) bool {
	r.Heuristic, r.Status, r.Bound, r.Error = "linear-conflict", record.StatusInterrupted, 9, "interrupted"
	return true
}

// hookSolver calls hook, then solves as Solver does: hook stands for what
// happens while the run is in flight.
type hookSolver struct {
	Solver[bitboard.Tiles]
	hook func()
}

func (h hookSolver) Solve(in *Instance[bitboard.Tiles], lim search.Limits) Run {
	h.hook()
	return h.Solver.Solve(in, lim)
}

// TestSessionResumesAndInterrupts: a resumed instance runs only what it
// has not done, and the report counts its earlier runs; an instance
// interrupted in flight is written by interrupt, its finished run and the
// one in flight as interrupted, and its worker writes no more of it.
func TestSessionResumesAndInterrupts(t *testing.T) {
	var solvers []Solver[bitboard.Tiles]
	for _, name := range []string{"manhattan", "linear-conflict"} {
		h, err := search.LoadTilesHeuristic(nil, 3, 3, name)
		if err != nil {
			t.Fatal(err)
		}
		solvers = append(solvers, NewTilesSolver(search.NewTilesSolver(h), bitboard.BlankLast))
	}
	board, _ := bitboard.ParseTiles(strings.Fields("1 3 0 4 2 5 7 8 6"), 3, 3) // AOJ's sample: 4 moves
	newSession := func() *Session[bitboard.Tiles] {
		b, _ := report.NewBuilder(record.Puzzle8, []string{"manhattan", "linear-conflict"}, report.Options{})
		return &Session[bitboard.Tiles]{Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: []string{"manhattan", "linear-conflict"},
			Repeat: 1, Builder: b}
	}
	never := func() bool { return false }
	earlier := record.Run{Puzzle: record.Puzzle8, Input: "in", Line: 1, Instance: 1, Board: board.String(), Goal: "blank-last",
		Heuristic: "manhattan", Status: record.StatusSolved, Length: 4, Bound: 4}
	s := newSession()
	it := &Item[bitboard.Tiles]{Instance: 1, Input: "in", Line: 1, Board: board.String(), In: Instance[bitboard.Tiles]{Board: board}, Done: []record.Run{earlier}}
	var out []byte
	s.solve(1, solvers, it, &out, never)
	s.add(it)
	rep := s.Builder.Report()
	if n := bytes.Count(out, []byte("\n")); n != 1 || !strings.Contains(string(out), `"heuristic":"linear-conflict","status":"solved","length":4`) {
		t.Fatalf("resumed instance wrote %d runs: %s", n, out)
	}
	if rep.Instances != 1 || rep.PairedInstances != 1 || rep.Heuristics[0].Solved != 1 || rep.Heuristics[1].Solved != 1 {
		t.Fatalf("report %+v", rep)
	}

	// Interrupted in its second heuristic's run: interrupt writes the first
	// run, then the second as interrupted; the worker writes only the first.
	s = newSession()
	s.Tracker = stuckTracker{}
	it = &Item[bitboard.Tiles]{Instance: 2, Input: "in", Line: 2, Board: board.String(), In: Instance[bitboard.Tiles]{Board: board}}
	var flight []byte
	n, ok := 0, false
	inFlight := hookSolver{solvers[1], func() { n, ok = s.interrupt(it, &flight) }}
	out = nil
	s.solve(1, []Solver[bitboard.Tiles]{solvers[0], inFlight}, it, &out, never)
	if !ok || n != 1 {
		t.Fatalf("interrupt in flight: %d runs interrupted, taken %v", n, ok)
	}
	if _, ok := s.interrupt(it, &flight); ok {
		t.Fatal("interrupt took an instance no worker is on")
	}
	lines := strings.Split(strings.TrimSpace(string(flight)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `"heuristic":"linear-conflict","status":"interrupted","bound":9`) ||
		!strings.Contains(lines[0], `"heuristic":"manhattan","status":"solved"`) ||
		!strings.Contains(lines[0], `"last_expanded":`) || strings.Contains(lines[1], `"last_`) {
		t.Fatalf("interrupted instance written as (the last iteration's counts for the solved run, not the interrupted one):\n%s", flight)
	}
	if w := strings.TrimSpace(string(out)); w != lines[0] {
		t.Fatalf("the worker wrote, after the interrupt took its instance:\n%s", out)
	}
	if rep := s.Builder.Report(); rep.Instances != 1 || rep.Heuristics[1].Interrupted != 1 || rep.Heuristics[0].Solved != 1 {
		t.Fatalf("interrupted report %+v", rep.Heuristics)
	}
}

// spinSolver burns CPU on n goroutines while the caller waits, as a split
// search does, and adds the CPU time each goroutine's own thread measured to
// *used.
type spinSolver struct {
	n    int
	used *atomic.Int64
}

func (s spinSolver) Solve(*Instance[bitboard.Tiles], search.Limits) Run {
	var wg sync.WaitGroup
	for range s.n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			c0 := threadCPU()
			x := uint64(1)
			for range 200_000_000 {
				x = x*6364136223846793005 + 1442695040888963407
			}
			if x == 0 {
				panic("unreachable: an odd increment never reaches 0 here")
			}
			s.used.Add(int64(threadCPU() - c0))
		}()
	}
	wg.Wait()
	return Run{Solved: true}
}

// TestSessionCPUOfSplitSolves: a solve that searches on other threads is
// charged their CPU time with ProcessCPU, and next to none of it without
// (the solving thread only waits): the record's cpu_ns of a split run once
// held a few seconds for a search of tens of CPU-minutes.
func TestSessionCPUOfSplitSolves(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("CPU times are read on Linux only")
	}
	cpuOf := func(process bool) (got, spun time.Duration) {
		var out []byte
		var used atomic.Int64
		b, _ := report.NewBuilder(record.Puzzle8, []string{"spin"}, report.Options{})
		s := &Session[bitboard.Tiles]{Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: []string{"spin"}, Repeat: 1,
			Builder: b, KeepRuns: true, ProcessCPU: process}
		it := &Item[bitboard.Tiles]{Instance: 1}
		s.solve(0, []Solver[bitboard.Tiles]{spinSolver{n: 2, used: &used}}, it, &out, func() bool { return false })
		s.add(it)
		runs := s.Runs()
		if len(runs) != 1 {
			t.Fatalf("%d runs", len(runs))
		}
		return time.Duration(runs[0].CPUNS.N), time.Duration(used.Load())
	}
	if got, spun := cpuOf(true); got < spun {
		t.Errorf("ProcessCPU: cpu %v, less than the %v the spinning threads measured", got, spun)
	}
	if got, spun := cpuOf(false); got >= spun/4 {
		t.Errorf("thread CPU of a waiting solver: %v, want well under the %v the spinning threads used", got, spun)
	}
}
