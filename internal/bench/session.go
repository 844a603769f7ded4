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

// Session runs instances under every heuristic and repeat, writes each run
// to Out as it completes, and adds each instance to Builder when its runs
// are done, so memory does not grow with the number of instances (but for
// the runs kept with KeepRuns). After interrupt it writes the runs in flight
// as interrupted, with the bound they reached, and takes no more. Its
// methods are safe for concurrent use by the workers.
type Session[B any] struct {
	Puzzle     string
	Goal       string // sliding tiles; "" for the Rotation Game
	Heuristics []string
	Repeat     int
	Limits     search.Limits
	Out        *record.Output // where runs go as they complete; nil for nowhere
	Builder    *report.Builder
	KeepRuns   bool // keep every run, for Runs
	Tracker    Tracker
	// ProcessCPU says that each solve searches on several threads (split:
	// all workers on one instance, one instance at a time), so a run's CPU
	// time is the whole process's over the solve (getrusage RUSAGE_SELF,
	// the Go runtime's own threads included); otherwise it is the solving
	// thread's (RUSAGE_THREAD), which counts nothing of other threads.
	ProcessCPU bool

	mu      sync.Mutex
	busy    map[int]*Item[B] // the item each worker is on
	runs    []record.Run
	stopped bool
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
// repeat that it has not done, on worker; stop is checked before each run.
// It returns this session's failed runs (unsolvable or error), for a
// message: not those of an instance that is not a board (Item.Err), of
// which the reader said why (Pipeline.Take).
func (s *Session[B]) solve(worker int, solvers []Solver[B], it *Item[B], stop func() bool) (failed []record.Run) {
	s.mu.Lock()
	if s.busy == nil {
		s.busy = map[int]*Item[B]{}
	}
	s.busy[worker] = it
	s.mu.Unlock()
	it.runs = append(it.runs[:0], it.Done...)
	for rep := 1; rep <= s.Repeat; rep++ {
		for h, sv := range solvers {
			r := s.run(it, h, rep)
			if isDone(it.Done, r.Heuristic, r.Repeat) {
				continue
			}
			if stop() {
				return failed // interrupted: interrupt records what is done
			}
			s.solveRun(worker, sv, it, &r)
			s.mu.Lock()
			if s.stopped {
				s.mu.Unlock()
				return failed
			}
			if s.Out != nil {
				s.Out.WriteRun(&r)
			}
			it.runs = append(it.runs, r)
			s.mu.Unlock()
			if (r.Status == record.StatusUnsolvable || r.Status == record.StatusError) && rep == 1 && it.Err == nil {
				failed = append(failed, r)
			}
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.busy[worker] == it && !s.stopped {
		delete(s.busy, worker)
		s.addLocked(it.runs)
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

// addLocked adds the runs of one instance to the report.
func (s *Session[B]) addLocked(runs []record.Run) {
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

// interrupt ends the session: it writes the run each worker has in flight
// as interrupted, with the lower bound it reached (see Tracker), adds the
// instances in flight to the report with what they have done, and takes
// no more runs. It returns the number of runs interrupted.
func (s *Session[B]) interrupt() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for worker, it := range s.busy {
		var r record.Run
		if s.Tracker != nil && s.Tracker.Interrupted(worker, &r) {
			full := s.run(it, slices.Index(s.Heuristics, r.Heuristic), 1)
			if s.Repeat > 1 { // the next repeat of its heuristic
				for _, d := range it.runs {
					if d.Heuristic == r.Heuristic {
						full.Repeat = max(full.Repeat, d.Repeat+1)
					}
				}
			}
			full.Status, full.Bound, full.H0, full.Iterations = r.Status, r.Bound, r.H0, r.Iterations
			full.Expanded, full.Generated, full.TimeNS, full.Error = r.Expanded, r.Generated, r.TimeNS, r.Error
			if s.Out != nil {
				s.Out.WriteRun(&full)
			}
			it.runs = append(it.runs, full)
			n++
		}
		s.addLocked(it.runs)
	}
	s.busy = nil
	s.stopped = true
	return n
}

// stop ends the session after its last instance: no more runs are taken.
func (s *Session[B]) stop() {
	s.mu.Lock()
	s.stopped = true
	s.mu.Unlock()
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
