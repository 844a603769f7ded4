package cli

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// progressPrinter returns a pdb progress callback that redraws one status
// line on a terminal: depth, states so far, percent, elapsed.
func progressPrinter(w io.Writer) func(pdb.Progress) {
	return statusPrinter(w, func(p pdb.Progress) string { return fmt.Sprintf("depth %3d  states", p.Depth) })
}

// statusPrinter returns a progress callback that redraws one status line:
// what label says, the count so far, percent and elapsed time.
func statusPrinter(w io.Writer, label func(pdb.Progress) string) func(pdb.Progress) {
	return func(p pdb.Progress) {
		if p.Done {
			fmt.Fprintln(w)
			return
		}
		pct := 0.0
		if p.Total > 0 {
			pct = 100 * float64(p.States) / float64(p.Total)
		}
		fmt.Fprintf(w, "\r  %s %14d  %6.2f%%  %7.1fs ", label(p), p.States, pct, p.Elapsed)
	}
}

// progressMode is how a run tracker reports on stderr.
type progressMode int

const (
	progressLog   progressMode = iota // stderr is not a terminal: a time-stamped line at most once a minute per worker
	progressTTY                       // a terminal: one line, redrawn
	progressLines                     // --progress: a line a search iteration
)

// progressLogEvery is the least time between two log lines of one worker.
const progressLogEvery = time.Minute

// progressWidth is the width of the terminal line, in bytes.
const progressWidth = 119

// progressRedraw is the least time between two redraws of the terminal line.
const progressRedraw = 100 * time.Millisecond

// runTracker follows the runs the workers of bench and solve have in
// flight: it reports their progress on stderr and, on an interrupt, says
// what each had reached (the record of an interrupted run).
type runTracker struct {
	mu       sync.Mutex
	w        io.Writer
	mode     progressMode
	label    string // "bench" or "solve"
	total    string // what the terminal line counts against, such as "/100"; "" when unknown
	start    time.Time
	workers  []*runState
	done     int // units (instances) finished
	sum      record.Summary
	lastDraw time.Time
	drawn    bool
	// clear, on a terminal, erases the line at the end of each run (solve,
	// whose answers go to the same terminal as they complete).
	clear bool
	now   func() time.Time
}

// runState is what one worker is doing.
type runState struct {
	t         *runTracker
	id        int // 1-based
	active    bool
	instance  int    // 1-based number, 0 when not known
	where     string // FILE:LINE
	heuristic string
	started   time.Time
	last      search.Progress // after the last completed iteration
	h0        int
	iters     int
	lastLog   time.Time
}

// newRunTracker returns a tracker writing to g's stderr in the mode its
// terminal and --progress ask for.
func newRunTracker(g *globalOptions, label string, lines bool) *runTracker {
	t := &runTracker{w: g.Stderr, label: label, mode: progressLog, now: time.Now}
	switch {
	case lines:
		t.mode = progressLines
	case g.stderrTTY:
		t.mode = progressTTY
	}
	t.start = t.now()
	return t
}

// worker registers a worker.
func (t *runTracker) worker() *runState {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &runState{t: t, id: len(t.workers) + 1}
	s.lastLog = t.start
	t.workers = append(t.workers, s)
	return s
}

// begin marks the start of a run and returns lim with the progress report
// of its iterations.
func (s *runState) begin(lim search.Limits, instance int, where, heuristic string) search.Limits {
	t := s.t
	t.mu.Lock()
	s.active, s.instance, s.where, s.heuristic = true, instance, where, heuristic
	s.started, s.last, s.h0, s.iters = t.now(), search.Progress{}, 0, 0
	t.mu.Unlock()
	lim.Progress = s.iteration
	return lim
}

// iteration is the search's report of a finished IDA* iteration.
func (s *runState) iteration(q search.Progress) {
	t := s.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if s.iters == 0 {
		s.h0 = q.Bound
	}
	s.last = q
	s.iters++
	now := t.now()
	switch t.mode {
	case progressLines:
		fmt.Fprintf(t.w, "pdbsolve: %s %s: bound %d searched, next %d; %d expanded, %d generated, %.1f M nodes/s, %v elapsed\n",
			s.what(), s.heuristic, q.Bound, q.Next, q.Expanded, q.Generated, rate(q.Generated, q.Elapsed), q.Elapsed.Round(time.Millisecond))
	case progressLog:
		s.logLocked(now, fmt.Sprintf("bound %d searched, next %d", q.Bound, q.Next), q)
	case progressTTY:
		t.drawLocked(now, s, false)
	}
}

// what names the run's instance: "instance 40 (FILE:LINE)", or FILE:LINE.
func (s *runState) what() string {
	if s.instance > 0 {
		return fmt.Sprintf("instance %d (%s)", s.instance, s.where)
	}
	return s.where
}

// logLocked writes a time-stamped log line of s unless it wrote one less
// than progressLogEvery ago.
func (s *runState) logLocked(now time.Time, state string, q search.Progress) {
	if now.Sub(s.lastLog) < progressLogEvery {
		return
	}
	s.lastLog = now
	t := s.t
	fmt.Fprintf(t.w, "%s pdbsolve %s: worker %d: %s %s: %s; %d expanded, %d generated, %.1f M nodes/s, %v elapsed; %d runs done\n",
		now.UTC().Format(time.RFC3339), t.label, s.id, s.what(), s.heuristic, state, q.Expanded, q.Generated,
		rate(q.Generated, q.Elapsed), q.Elapsed.Round(time.Second), t.sum.Runs)
}

// drawLocked redraws the terminal line, at most every progressRedraw
// unless force.
func (t *runTracker) drawLocked(now time.Time, s *runState, force bool) {
	if !force && now.Sub(t.lastDraw) < progressRedraw {
		return
	}
	t.lastDraw, t.drawn = now, true
	line := fmt.Sprintf("\r  %s  %d%s done  %v", t.label, t.done, t.total, now.Sub(t.start).Round(100*time.Millisecond))
	if s != nil && s.active {
		line += fmt.Sprintf("  %s %s bound %d, %d generated", s.what(), s.heuristic, s.last.Next, s.last.Generated)
	}
	if len(line) > progressWidth {
		line = line[:progressWidth]
	}
	fmt.Fprintf(t.w, "%-*s", progressWidth, line)
}

// end marks the end of a run with its status and statistics.
func (s *runState) end(status record.Status, st *search.Stats) {
	t := s.t
	t.mu.Lock()
	defer t.mu.Unlock()
	s.active = false
	t.sum.Count(status)
	now := t.now()
	switch t.mode {
	case progressLog:
		q := search.Progress{Bound: st.Bound, Next: st.Bound, Generated: st.Generated, Expanded: st.Expanded, Elapsed: now.Sub(s.started)}
		s.logLocked(now, fmt.Sprintf("%s at bound %d", status, st.Bound), q)
	case progressTTY:
		if t.clear && t.drawn {
			fmt.Fprintf(t.w, "\r%*s\r", progressWidth, "")
			t.drawn = false
		} else if !t.clear {
			t.drawLocked(now, s, false)
		}
	}
}

// unitDone counts a finished unit (a bench instance, a solve record).
func (t *runTracker) unitDone() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done++
	if t.mode == progressTTY {
		t.drawLocked(t.now(), nil, false)
	}
}

// interrupted returns the record of the run s has in flight, if any, as
// status interrupted: the bound of its last completed iteration's next
// (every smaller bound was searched in full), a lower bound on the
// optimal length, and the nodes of the completed iterations. It marks s
// idle.
func (s *runState) interrupted(r *record.Run) bool {
	t := s.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if !s.active {
		return false
	}
	s.active = false
	r.Status = record.StatusInterrupted
	r.Bound, r.H0, r.Iterations = s.last.Next, s.h0, s.iters
	r.Expanded, r.Generated = s.last.Expanded, s.last.Generated
	r.TimeNS = t.now().Sub(s.started).Nanoseconds()
	r.Error = fmt.Sprintf("interrupted after %d iterations; the optimal length is at least %d", s.iters, r.Bound)
	t.sum.Count(record.StatusInterrupted)
	return true
}

// finish ends the terminal line and writes the count of the runs.
func (t *runTracker) finish(countLine bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.drawn {
		fmt.Fprintln(t.w)
		t.drawn = false
	}
	if countLine {
		s := t.sum
		fmt.Fprintf(t.w, "pdbsolve %s: %s %d runs: %d solved, %d censored, %d failed", t.label,
			t.now().UTC().Format(time.RFC3339), s.Runs, s.Solved, s.Censored, s.Failed)
		if s.Interrupted > 0 {
			fmt.Fprintf(t.w, ", %d interrupted", s.Interrupted)
		}
		fmt.Fprintln(t.w)
	}
}

// summary returns the counts of the runs so far.
func (t *runTracker) summary() record.Summary {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sum
}

// rate returns generated nodes per second in millions.
func rate(generated uint64, elapsed time.Duration) float64 {
	if s := elapsed.Seconds(); s > 0 {
		return float64(generated) / s / 1e6
	}
	return 0
}

// Begin, End and Interrupted make the tracker a bench.Tracker, its workers
// known by their 1-based ids.
func (t *runTracker) Begin(worker int, lim search.Limits, instance int, where, heuristic string) search.Limits {
	return t.state(worker).begin(lim, instance, where, heuristic)
}

// End implements bench.Tracker.
func (t *runTracker) End(worker int, status record.Status, st *search.Stats) {
	t.state(worker).end(status, st)
}

// Interrupted implements bench.Tracker.
func (t *runTracker) Interrupted(worker int, r *record.Run) bool {
	s := t.state(worker)
	t.mu.Lock()
	r.Heuristic = s.heuristic
	t.mu.Unlock()
	return s.interrupted(r)
}

func (t *runTracker) state(worker int) *runState {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.workers[worker-1]
}
