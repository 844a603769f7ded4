package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// fakeTracker returns a tracker in mode writing to a builder, on a clock
// the test moves.
func fakeTracker(mode Mode) (*Tracker, *strings.Builder, *time.Time) {
	var b strings.Builder
	now := time.Date(2026, 12, 1, 6, 0, 0, 0, time.UTC)
	t := &Tracker{w: &b, mode: mode, label: "bench", now: func() time.Time { return now }}
	t.start = now
	return t, &b, &now
}

// TestProgressLogOnceAMinute: off a terminal, a worker logs at most one
// time-stamped line a minute, with the instance, heuristic, bound and
// nodes; the end count says how the runs went.
func TestProgressLogOnceAMinute(t *testing.T) {
	tr, out, now := fakeTracker(Log)
	w := tr.NewWorker()
	w.Begin(search.Limits{}, 40, "korf24.txt:40", "pdb6666+reflect")
	for i := range 130 { // 130 iterations, a second apart
		*now = now.Add(time.Second)
		w.iteration(search.Progress{Bound: 80 + 2*i, Next: 82 + 2*i, Generated: uint64(i) * 1e6, Expanded: uint64(i) * 5e5, Elapsed: time.Duration(i+1) * time.Second})
	}
	w.End(record.StatusSolved, &search.Stats{Bound: 280})
	sum := tr.sum
	tr.Finish(&sum)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2+1 {
		t.Fatalf("%d lines for 130 s of iterations, want one a minute and the count:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(lines[0], "2026-12-01T06:01:00Z pdbsolve bench: worker 1: instance 40 (korf24.txt:40) pdb6666+reflect: bound 198 searched, next 200; 29500000 expanded, 59000000 generated") {
		t.Fatalf("log line %q", lines[0])
	}
	if !strings.Contains(lines[2], "1 run: 1 solved, 0 censored, 0 failed") {
		t.Fatalf("count %q", lines[2])
	}
}

// TestProgressTerminalOneLine: on a terminal the iterations redraw one
// line (no newline until the end); --progress writes a line an iteration
// naming the instance and heuristic.
func TestProgressTerminalOneLine(t *testing.T) {
	for _, mode := range []Mode{TTY, Lines} {
		tr, out, now := fakeTracker(mode)
		w := tr.NewWorker()
		w.Begin(search.Limits{}, 7, "in.txt:7", "manhattan")
		for i := range 20 {
			*now = now.Add(time.Second)
			w.iteration(search.Progress{Bound: 30 + 2*i, Next: 32 + 2*i, Generated: 1000})
		}
		w.End(record.StatusLimit, &search.Stats{})
		tr.UnitDone()
		tr.Finish(nil)
		n := strings.Count(out.String(), "\n")
		switch {
		case mode == TTY && (n != 1 || strings.Count(out.String(), "\r") < 20):
			t.Fatalf("terminal: %d newlines, want 1 at the end: %q", n, out)
		case mode == Lines && (n != 20 || strings.Count(out.String(), "instance 7 (in.txt:7) manhattan: bound ") != 20):
			t.Fatalf("--progress: %d lines: %q", n, out)
		}
	}
}

// TestStatusPrinter: the status line shows the label, the count so far and
// the percent, and the last report ends the line.
func TestStatusPrinter(t *testing.T) {
	var b strings.Builder
	pr := StatusPrinter(&b, func(pdb.Progress) string { return "census  boards" })
	pr(pdb.Progress{States: 1234567, Total: 2469134, Elapsed: 1.5})
	pr(pdb.Progress{Done: true})
	if s := b.String(); !strings.Contains(s, "census  boards") || !strings.Contains(s, "1234567") ||
		!strings.Contains(s, "50.00%") || !strings.HasSuffix(s, "\n") {
		t.Fatalf("progress %q", s)
	}
}

// TestBuildLog: off a terminal a build gets a time-stamped line every
// interval (here 20 ms for a minute) from its own clock, however rarely the
// build reports, and none after its end.
func TestBuildLog(t *testing.T) {
	var mu sync.Mutex
	var out bytes.Buffer
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return out.Write(p) })
	b := &buildLog{w: w, every: 20 * time.Millisecond}
	b.report(pdb.Progress{Depth: 3, States: 50, Total: 200})
	time.Sleep(110 * time.Millisecond)
	b.report(pdb.Progress{Done: true})
	mu.Lock()
	text := out.String()
	mu.Unlock()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if len(lines) < 2 || len(lines) > 6 {
		t.Fatalf("%d lines in 110 ms at one a 20 ms:\n%s", len(lines), text)
	}
	for _, l := range lines {
		stamp, rest, _ := strings.Cut(l, " ")
		if _, err := time.Parse(time.RFC3339, stamp); err != nil || !strings.HasPrefix(rest, "pdbsolve: building table: depth 3, 50 states (25.00%)") {
			t.Errorf("line %q", l)
		}
	}
	time.Sleep(60 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	if out.String() != text {
		t.Errorf("lines after the build's end:\n%s", out.String()[len(text):])
	}
}

// writerFunc is a function as an io.Writer.
type writerFunc func(p []byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }
