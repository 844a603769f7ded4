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

// TestSessionResumesAndInterrupts: a resumed instance runs only what it
// has not done, and the report counts its earlier runs; an interrupted
// session writes the run in flight as interrupted and takes no more.
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
	var out bytes.Buffer
	newSession := func() *Session[bitboard.Tiles] {
		b, _ := report.NewBuilder(record.Puzzle8, []string{"manhattan", "linear-conflict"}, report.Options{})
		return &Session[bitboard.Tiles]{Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: []string{"manhattan", "linear-conflict"},
			Repeat: 1, Out: record.NewOutput(&out), Builder: b}
	}
	earlier := record.Run{Puzzle: record.Puzzle8, Input: "in", Line: 1, Instance: 1, Board: board.String(), Goal: "blank-last",
		Heuristic: "manhattan", Status: record.StatusSolved, Length: 4, Bound: 4}
	s := newSession()
	it := &Item[bitboard.Tiles]{Instance: 1, Input: "in", Line: 1, Board: board.String(), In: Instance[bitboard.Tiles]{Board: board}, Done: []record.Run{earlier}}
	s.solve(1, solvers, it, func() bool { return false })
	rep := s.Builder.Report()
	if n := strings.Count(out.String(), "\n"); n != 1 || !strings.Contains(out.String(), `"heuristic":"linear-conflict","status":"solved","length":4`) {
		t.Fatalf("resumed instance wrote %d runs: %s", n, out.String())
	}
	if rep.Instances != 1 || rep.PairedInstances != 1 || rep.Heuristics[0].Solved != 1 || rep.Heuristics[1].Solved != 1 {
		t.Fatalf("report %+v", rep)
	}

	// Interrupted before its second heuristic: the first run is written,
	// the second as interrupted, then nothing more.
	out.Reset()
	s = newSession()
	s.Tracker = stuckTracker{}
	calls := 0
	stop := func() bool { calls++; return calls > 1 }
	it = &Item[bitboard.Tiles]{Instance: 2, Input: "in", Line: 2, Board: board.String(), In: Instance[bitboard.Tiles]{Board: board}}
	s.solve(1, solvers, it, stop)
	if n := s.interrupt(); n != 1 {
		t.Fatalf("%d runs interrupted", n)
	}
	s.solve(1, solvers, &Item[bitboard.Tiles]{Instance: 3, In: Instance[bitboard.Tiles]{Board: board}}, func() bool { return false })
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[1], `"heuristic":"linear-conflict","status":"interrupted","bound":9`) ||
		!strings.Contains(lines[0], `"last_expanded":`) || strings.Contains(lines[1], `"last_`) {
		t.Fatalf("interrupted session wrote (the last iteration's counts for the solved run, not the interrupted one):\n%s", out.String())
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
		var out bytes.Buffer
		var used atomic.Int64
		b, _ := report.NewBuilder(record.Puzzle8, []string{"spin"}, report.Options{})
		s := &Session[bitboard.Tiles]{Puzzle: record.Puzzle8, Goal: "blank-last", Heuristics: []string{"spin"}, Repeat: 1,
			Out: record.NewOutput(&out), Builder: b, KeepRuns: true, ProcessCPU: process}
		s.solve(0, []Solver[bitboard.Tiles]{spinSolver{n: 2, used: &used}}, &Item[bitboard.Tiles]{Instance: 1}, func() bool { return false })
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
