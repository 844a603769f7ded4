// Package progress reports the progress of long runs: table builds (one
// status line, redrawn) and the searches of bench and solve (Tracker: one
// line redrawn on a terminal, a time-stamped line at most once a minute a
// worker in a log, or a line an IDA* iteration), and keeps what each worker
// has in flight for the record of an interrupted run.
package progress

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Help is the help of the progress on stderr (solve, bench).
const Help = `Progress goes to stderr: on a terminal one line, redrawn; elsewhere (a batch
system's log) a line with a UTC time stamp at most once a minute a worker;
--progress writes a line after each sliding-tile IDA* iteration (bound,
nodes, nodes per second, elapsed).
`

// signalsStop starts the help of SIGINT and SIGTERM during a run.
const signalsStop = "SIGINT or SIGTERM (Ctrl-C, scancel, a time limit) stops the run: "

// InterruptHelp is the help of SIGINT and SIGTERM during a run (solve on
// sliding tiles, bench), whose runs in flight are written.
const InterruptHelp = signalsStop + `what is done
is written, the runs in flight with status "interrupted" and the bound they
reached, a lower bound (in the plain formats on stderr), and the exit status
is 130 or 143.
`

// RotationInterruptHelp is InterruptHelp for solve rotation, which writes
// no board in flight (no Tracker follows its searches).
const RotationInterruptHelp = signalsStop + `the answers
done are written, in input order, up to the first board still being solved
(with exact and exact-ida, up to its chunk of boards), and the exit status
is 130 or 143; the line on stderr counts boards, as the records do, however
many share a line.
`

// Printer returns a pdb progress callback that redraws one status
// line on a terminal: depth, states so far, percent, elapsed.
func Printer(w io.Writer) func(pdb.Progress) {
	return StatusPrinter(w, func(p pdb.Progress) string { return fmt.Sprintf("depth %3d  states", p.Depth) })
}

// BuildLog returns a pdb progress callback for a log (stderr not a
// terminal): while a table build runs, a line with a UTC time stamp every
// minute (logEvery) with the states reached, the percent done and the time
// elapsed; nothing once the build has ended (Progress.Done). The lines come
// from a clock of their own, so a build whose reports are rare still gets
// one a minute.
func BuildLog(w io.Writer) func(pdb.Progress) { return (&buildLog{w: w, every: logEvery}).report }

// buildLog writes the log lines of BuildLog every every while a build runs.
type buildLog struct {
	mu    sync.Mutex
	w     io.Writer
	every time.Duration
	last  pdb.Progress  // the build's last report
	start time.Time     // of the build
	stop  chan struct{} // closed at the build's end; nil between builds
}

// report takes a build's report, starting the clock at its first.
func (b *buildLog) report(p pdb.Progress) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch {
	case p.Done && b.stop != nil:
		close(b.stop)
		b.stop = nil
	case !p.Done:
		b.last = p
		if b.stop == nil {
			b.stop, b.start = make(chan struct{}), time.Now()
			go b.tick(b.stop)
		}
	}
}

// tick writes a line every b.every until stop is closed.
func (b *buildLog) tick(stop chan struct{}) {
	t := time.NewTicker(b.every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			b.mu.Lock()
			if b.stop == stop {
				p := b.last
				pct := 0.0
				if p.Total > 0 {
					pct = 100 * float64(p.States) / float64(p.Total)
				}
				fmt.Fprintf(b.w, "%s pdbsolve: building table: depth %d, %s (%.2f%%), %v elapsed\n",
					now.UTC().Format(time.RFC3339), p.Depth, report.Count(int(p.States), "state"), pct, now.Sub(b.start).Round(time.Second))
			}
			b.mu.Unlock()
		}
	}
}

// StatusPrinter returns a progress callback that redraws one status line:
// what label says, the count so far, percent and elapsed time.
func StatusPrinter(w io.Writer, label func(pdb.Progress) string) func(pdb.Progress) {
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

// Mode is how a Tracker reports.
type Mode int

const (
	Log   Mode = iota // stderr is not a terminal: a time-stamped line at most once a minute per worker
	TTY               // a terminal: one line, redrawn
	Lines             // --progress: a line a search iteration
)

// logEvery is the least time between two log lines of one worker.
const logEvery = time.Minute

// lineWidth is the width of the terminal line, in bytes.
const lineWidth = 119

// redrawEvery is the least time between two redraws of the terminal line.
const redrawEvery = 100 * time.Millisecond

// Tracker follows the runs the workers of bench and solve have in
// flight: it reports their progress (on the CLI's stderr) and, on an
// interrupt, says what each had reached (the record of an interrupted run).
// It is a bench.Tracker, and safe for concurrent use.
type Tracker struct {
	mu       sync.Mutex
	w        io.Writer
	mode     Mode
	label    string // "bench" or "solve"
	total    string // what the terminal line counts against, such as "/100"; "" when unknown
	start    time.Time
	workers  []*Worker
	done     int // units (instances) finished
	sum      record.Summary
	lastDraw time.Time
	drawn    bool
	// Clear, on a terminal, erases the line at the end of each run (solve,
	// whose answers go to the same terminal as they complete).
	Clear bool
	now   func() time.Time
}

// Worker is what one worker is doing.
type Worker struct {
	t         *Tracker
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
	run       record.Run // the record of the run in flight, before its outcome (SetRecord)
}

// ID returns the worker's 1-based number.
func (s *Worker) ID() int { return s.id }

// SetRecord sets the record of the run s starts, for InFlight.
func (s *Worker) SetRecord(r *record.Run) {
	s.t.mu.Lock()
	s.run = *r
	s.t.mu.Unlock()
}

// InFlightIn returns the records of the runs the workers have in flight
// for the records of input (as records name it) from line first to last,
// as status interrupted, and marks those workers idle.
func (t *Tracker) InFlightIn(input string, first, last int) []record.Run {
	t.mu.Lock()
	workers := t.workers
	t.mu.Unlock()
	var out []record.Run
	for _, w := range workers {
		t.mu.Lock()
		r := w.run
		t.mu.Unlock()
		if r.Input == input && r.Line >= first && r.Line <= last && w.interrupted(&r) {
			out = append(out, r)
		}
	}
	return out
}

// ModeOf returns the mode of a tracker writing to a terminal (tty) or
// not, a line an iteration when lines (--progress).
func ModeOf(lines, tty bool) Mode {
	switch {
	case lines:
		return Lines
	case tty:
		return TTY
	}
	return Log
}

// New returns a tracker of the runs of label ("bench", "solve") writing
// to w in mode.
func New(w io.Writer, label string, mode Mode) *Tracker {
	t := &Tracker{w: w, label: label, mode: mode, now: time.Now}
	t.start = t.now()
	return t
}

// NewWorker registers a worker.
func (t *Tracker) NewWorker() *Worker {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &Worker{t: t, id: len(t.workers) + 1}
	s.lastLog = t.start
	t.workers = append(t.workers, s)
	return s
}

// Begin marks the start of a run and returns lim with the progress report
// of its iterations.
func (s *Worker) Begin(lim search.Limits, instance int, where, heuristic string) search.Limits {
	t := s.t
	t.mu.Lock()
	s.active, s.instance, s.where, s.heuristic = true, instance, where, heuristic
	s.started, s.last, s.h0, s.iters = t.now(), search.Progress{}, 0, 0
	t.mu.Unlock()
	lim.Progress = s.iteration
	return lim
}

// iteration is the search's report of a finished IDA* iteration.
func (s *Worker) iteration(q search.Progress) {
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
	case Lines:
		fmt.Fprintf(t.w, "pdbsolve: %s %s: bound %d searched, next %d; %d expanded, %d generated, %.1f M nodes/s, %v elapsed\n",
			s.what(), s.heuristic, q.Bound, q.Next, q.Expanded, q.Generated, rate(q.Generated, q.Elapsed), q.Elapsed.Round(time.Millisecond))
	case Log:
		s.logLocked(now, fmt.Sprintf("bound %d searched, next %d", q.Bound, q.Next), q)
	case TTY:
		t.drawLocked(now, s, false)
	}
}

// what names the run's instance: "instance 40 (FILE:LINE)", or FILE:LINE.
func (s *Worker) what() string {
	if s.instance > 0 {
		return fmt.Sprintf("instance %d (%s)", s.instance, s.where)
	}
	return s.where
}

// logLocked writes a time-stamped log line of s unless it wrote one less
// than logEvery ago.
func (s *Worker) logLocked(now time.Time, state string, q search.Progress) {
	if now.Sub(s.lastLog) < logEvery {
		return
	}
	s.lastLog = now
	t := s.t
	fmt.Fprintf(t.w, "%s pdbsolve %s: worker %d: %s %s: %s; %d expanded, %d generated, %.1f M nodes/s, %v elapsed; %s done\n",
		now.UTC().Format(time.RFC3339), t.label, s.id, s.what(), s.heuristic, state, q.Expanded, q.Generated,
		rate(q.Generated, q.Elapsed), q.Elapsed.Round(time.Second), report.Count(t.sum.Runs, "run"))
}

// drawLocked redraws the terminal line, at most every redrawEvery
// unless force.
func (t *Tracker) drawLocked(now time.Time, s *Worker, force bool) {
	if !force && now.Sub(t.lastDraw) < redrawEvery {
		return
	}
	t.lastDraw, t.drawn = now, true
	line := fmt.Sprintf("\r  %s  %d%s done  %v", t.label, t.done, t.total, now.Sub(t.start).Round(100*time.Millisecond))
	if s != nil && s.active {
		line += fmt.Sprintf("  %s %s bound %d, %d generated", s.what(), s.heuristic, s.last.Next, s.last.Generated)
	}
	if len(line) > lineWidth {
		line = line[:lineWidth]
	}
	fmt.Fprintf(t.w, "%-*s", lineWidth, line)
}

// End marks the end of a run with its status and statistics.
func (s *Worker) End(status record.Status, st *search.Stats) {
	t := s.t
	t.mu.Lock()
	defer t.mu.Unlock()
	s.active = false
	t.sum.Count(status)
	now := t.now()
	switch t.mode {
	case Log:
		q := search.Progress{Bound: st.Bound, Next: st.Bound, Generated: st.Generated, Expanded: st.Expanded, Elapsed: now.Sub(s.started)}
		s.logLocked(now, fmt.Sprintf("%s at bound %d", status, st.Bound), q)
	case TTY:
		if t.Clear && t.drawn {
			fmt.Fprintf(t.w, "\r%*s\r", lineWidth, "")
			t.drawn = false
		} else if !t.Clear {
			t.drawLocked(now, s, false)
		}
	}
}

// UnitDone counts a finished unit (a bench instance, a solve record).
func (t *Tracker) UnitDone() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done++
	if t.mode == TTY {
		t.drawLocked(t.now(), nil, false)
	}
}

// interrupted returns the record of the run s has in flight, if any, as
// status interrupted: the bound of its last completed iteration's next
// (every smaller bound was searched in full), a lower bound on the
// optimal length, and the nodes of the completed iterations. It marks s
// idle.
func (s *Worker) interrupted(r *record.Run) bool {
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
	r.Error = fmt.Sprintf("interrupted after %s; the optimal length is at least %d", report.Count(s.iters, "iteration"), r.Bound)
	t.sum.Count(record.StatusInterrupted)
	return true
}

// Finish ends the terminal line and, when count is not nil, writes the
// counts of the runs it gives (bench: those written to the output, which
// a run a worker finished after an interrupt is not).
func (t *Tracker) Finish(count *record.Summary) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.drawn {
		fmt.Fprintln(t.w)
		t.drawn = false
	}
	if count != nil {
		s := count
		fmt.Fprintf(t.w, "pdbsolve %s: %s %s: %d solved, %d censored, %d failed", t.label,
			t.now().UTC().Format(time.RFC3339), report.Count(s.Runs, "run"), s.Solved, s.Censored, s.Failed)
		if s.Interrupted > 0 {
			fmt.Fprintf(t.w, ", %d interrupted", s.Interrupted)
		}
		fmt.Fprintln(t.w)
	}
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
func (t *Tracker) Begin(worker int, lim search.Limits, instance int, where, heuristic string) search.Limits {
	return t.state(worker).Begin(lim, instance, where, heuristic)
}

// End implements bench.Tracker.
func (t *Tracker) End(worker int, status record.Status, st *search.Stats) {
	t.state(worker).End(status, st)
}

// Interrupted implements bench.Tracker.
func (t *Tracker) Interrupted(worker int, r *record.Run) bool {
	s := t.state(worker)
	t.mu.Lock()
	r.Heuristic = s.heuristic
	t.mu.Unlock()
	return s.interrupted(r)
}

func (t *Tracker) state(worker int) *Worker {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.workers[worker-1]
}
