package bench

import (
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// Tracker follows the runs of a Session's workers (for progress reports,
// and for the record of a run interrupted in flight). A nil Tracker is
// allowed in a Session.
type Tracker interface {
	// Begin marks the start of a run of worker and returns the limits to
	// search with (lim with a progress callback, say).
	Begin(worker int, lim search.Limits, instance int, where, heuristic string) search.Limits
	// End marks the end of worker's run with its status and statistics.
	End(worker int, status record.Status, st *search.Stats)
	// Interrupted fills the statistics of worker's run in flight into r
	// (status interrupted, the bound reached) and reports whether it had one.
	Interrupted(worker int, r *record.Run) bool
}

// Item is one instance of a Session, of boards of type B: its board, where
// it comes from, and its runs.
type Item[B any] struct {
	Instance int    // 1-based number in the whole run
	Input    string // the input's name in records ("-" for standard input)
	Line     int
	Board    string // as records write it
	In       Instance[B]
	Err      error        // why the record is not a board (Board is then ""): its runs are errors, not solved
	Done     []record.Run // finished runs of an earlier session (a resumed run)
	runs     []record.Run // Done and this session's
}

// Session runs instances under every heuristic and repeat, appending the
// record of each run to its instance's output (a batch unit's, which
// Pipeline.Batch writes in input order) as it completes, and adds each
// instance to Builder once its runs are written (add), so memory does not
// grow with the number of instances (but for the runs kept with KeepRuns).
// On an interrupt, interrupt takes an instance from its worker, with the
// run in flight as interrupted. Its methods are safe for concurrent use by
// the workers.
type Session[B any] struct {
	Puzzle     string
	Goal       string // sliding tiles; "" for the Rotation Game
	Heuristics []string
	Repeat     int
	Limits     search.Limits
	Builder    *report.Builder
	KeepRuns   bool // keep every run, for Runs
	Tracker    Tracker
	// ProcessCPU says that each solve searches on several threads (split:
	// all workers on one instance, one instance at a time), so a run's CPU
	// time is the whole process's over the solve (CLOCK_PROCESS_CPUTIME_ID,
	// the Go runtime's own threads included); otherwise it is the solving
	// thread's (CLOCK_THREAD_CPUTIME_ID), which counts nothing of other threads.
	ProcessCPU bool

	mu      sync.Mutex
	busy    map[int]*Item[B] // the item each worker is on; gone once interrupt takes it
	runs    []record.Run
	written record.Summary // the counts of the runs of this session written (Written)
}

// run returns the record of it under heuristic h, repeat rep, before it is
// solved.
func (s *Session[B]) run(it *Item[B], h, rep int) record.Run {
	r := record.Run{Puzzle: s.Puzzle, Input: it.Input, Line: it.Line, Instance: it.Instance, Board: it.Board,
		Goal: s.Goal, Heuristic: s.Heuristics[h]}
	if s.Repeat > 1 {
		r.Repeat = rep
	}
	return r
}

// solve runs it under every heuristic (solvers[h] for Heuristics[h]) and
// repeat that it has not done, on worker, appending the record of each run
// to out (JSON Lines) as it completes, in the order of the repeats and
// heuristics; stop is checked before each run. It returns when the
// instance is done, stop reports true, or interrupt has taken the
// instance (its output then stands for the instance: out is dropped). It
// returns this session's failed runs (unsolvable or error), for a
// message: not those of an instance that is not a board (Item.Err), of
// which the reader said why (Pipeline.Take).
func (s *Session[B]) solve(worker int, solvers []Solver[B], it *Item[B], out *[]byte, stop func() bool) (failed []record.Run) {
	s.mu.Lock()
	if s.busy == nil {
		s.busy = map[int]*Item[B]{}
	}
	s.busy[worker] = it
	it.runs = append(it.runs[:0], it.Done...)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		if s.busy[worker] == it {
			delete(s.busy, worker)
		}
		s.mu.Unlock()
	}()
	for rep := 1; rep <= s.Repeat; rep++ {
		for h, sv := range solvers {
			r := s.run(it, h, rep)
			if isDone(it.Done, r.Heuristic, r.Repeat) {
				continue
			}
			if stop() {
				return failed // interrupted: what is done is in out
			}
			s.solveRun(worker, sv, it, &r)
			s.mu.Lock()
			taken := s.busy[worker] != it
			if !taken {
				it.runs = append(it.runs, r)
			}
			s.mu.Unlock()
			if taken {
				return failed
			}
			*out = record.AppendRun(*out, &r)
			if (r.Status == record.StatusUnsolvable || r.Status == record.StatusError) && rep == 1 && it.Err == nil {
				failed = append(failed, r)
			}
		}
	}
	return failed
}

// solveRun fills r, the record of it under r.Heuristic, on worker: with
// sv's solve of it, timed; or, when it is not a board (Err), with its error
// (record.Run.SetError), without a solve.
func (s *Session[B]) solveRun(worker int, sv Solver[B], it *Item[B], r *record.Run) {
	lim := s.Limits
	if s.Tracker != nil {
		lim = s.Tracker.Begin(worker, lim, it.Instance, it.In.Where, r.Heuristic)
	}
	var run Run
	if it.Err != nil {
		r.SetError(it.Err)
	} else {
		runtime.LockOSThread() // the thread's CPU time is the solve's
		cpu0 := s.cpuNow()
		run = sv.Solve(&it.In, lim)
		cpu := s.cpuNow() - cpu0
		runtime.UnlockOSThread()
		fillRecord(&run, r)
		if r.Status != record.StatusUnsolvable && cpu0 >= 0 && cpu >= 0 {
			r.CPUNS = record.KnownCount(uint64(cpu.Nanoseconds()))
		}
	}
	if s.Tracker != nil {
		s.Tracker.End(worker, r.Status, &run.Stats)
	}
}

// cpuNow returns the clock a run's CPU time is read from: the process's
// when s.ProcessCPU, else the calling thread's (held by the caller).
func (s *Session[B]) cpuNow() time.Duration {
	if s.ProcessCPU {
		return processCPU()
	}
	return threadCPU()
}

// isDone reports whether runs hold the run of heuristic and repeat.
func isDone(runs []record.Run, heuristic string, repeat int) bool {
	for i := range runs {
		if runs[i].Heuristic == heuristic && runs[i].Repeat == repeat {
			return true
		}
	}
	return false
}

// add adds instance it, its runs written, to the report (and its runs to
// Runs, with KeepRuns).
func (s *Session[B]) add(it *Item[B]) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.addLocked(it)
}

// addLocked adds instance it, its runs of this session written (by the
// batch's writer, or interrupt), to the report and to Written.
func (s *Session[B]) addLocked(it *Item[B]) {
	runs := it.runs
	for i := len(it.Done); i < len(runs); i++ {
		s.written.Count(runs[i].Status)
	}
	if len(runs) == 0 {
		return
	}
	ptrs := make([]*record.Run, len(runs))
	for i := range runs {
		ptrs[i] = &runs[i]
	}
	s.Builder.Add(ptrs)
	if s.KeepRuns {
		s.runs = append(s.runs, runs...)
	}
}

// interrupt takes instance it, on an interrupt, from the worker solving
// it, when that worker has a run in flight (see Tracker): it appends to out
// the records of the instance's runs of this session, the one in flight
// last, as interrupted with the lower bound it reached, adds the instance
// to the report, and returns the number of runs interrupted (1; 0 without
// a Tracker, which cannot tell) and true. The worker writes nothing more
// of it. It returns false when no worker is on it or its worker is between
// runs: the worker is about to return, with the instance's runs done.
func (s *Session[B]) interrupt(it *Item[B], out *[]byte) (int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	worker, found := 0, false
	for w, x := range s.busy {
		if x == it {
			worker, found = w, true
		}
	}
	var r record.Run
	n := 0
	switch {
	case !found:
		return 0, false
	case s.Tracker == nil:
	case !s.Tracker.Interrupted(worker, &r):
		return 0, false
	default:
		it.runs = append(it.runs, s.interrupted(it, &r))
		n = 1
	}
	delete(s.busy, worker)
	for i := len(it.Done); i < len(it.runs); i++ {
		*out = record.AppendRun(*out, &it.runs[i])
	}
	s.addLocked(it)
	return n, true
}

// interrupted returns the record of it's run in flight whose heuristic,
// status and statistics the Tracker put in r: the next repeat of that
// heuristic.
func (s *Session[B]) interrupted(it *Item[B], r *record.Run) record.Run {
	full := s.run(it, slices.Index(s.Heuristics, r.Heuristic), 1)
	if s.Repeat > 1 {
		for _, d := range it.runs {
			if d.Heuristic == r.Heuristic {
				full.Repeat = max(full.Repeat, d.Repeat+1)
			}
		}
	}
	full.Status, full.Bound, full.H0, full.Iterations = r.Status, r.Bound, r.H0, r.Iterations
	full.Expanded, full.Generated, full.TimeNS, full.Error = r.Expanded, r.Generated, r.TimeNS, r.Error
	return full
}

// Written returns the counts of the runs of this session written to the
// output, as the batch's writer wrote them (add, interrupt): not those a
// worker finished after an interrupt took its instance, nor those of an
// instance the output ends before (package batch keeps it a prefix).
func (s *Session[B]) Written() record.Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.written
}

// Runs returns the runs kept (KeepRuns), in the order of their instances,
// repeats and heuristics.
func (s *Session[B]) Runs() []record.Run {
	s.mu.Lock()
	defer s.mu.Unlock()
	slices.SortStableFunc(s.runs, func(x, y record.Run) int {
		if x.Instance != y.Instance {
			return x.Instance - y.Instance
		}
		if x.Repeat != y.Repeat {
			return x.Repeat - y.Repeat
		}
		return slices.Index(s.Heuristics, x.Heuristic) - slices.Index(s.Heuristics, y.Heuristic)
	})
	return s.runs
}
