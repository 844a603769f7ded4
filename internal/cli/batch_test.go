package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// repeatReader yields n copies of b, then rest.
type repeatReader struct {
	b    byte
	n    int
	rest *strings.Reader
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return r.rest.Read(p)
	}
	k := fill(p[:min(len(p), r.n)], r.b)
	r.n -= k
	return k, nil
}

// fill sets every byte of p to b, a block copy at a time (fast also under
// the race detector, which checks every store of a byte loop), and returns
// len(p).
func fill(p []byte, b byte) int {
	block := bytes.Repeat([]byte{b}, min(len(p), 64<<10))
	for at := 0; at < len(p); {
		at += copy(p[at:], block)
	}
	return len(p)
}

func TestOverlongLineIsOneBadRecord(t *testing.T) {
	sample := readFile(t, "rotation-sample.txt")
	in := &repeatReader{b: '1', n: batch.MaxRecord + 1000, rest: strings.NewReader("\n" + sample)}
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"--tables", tablesDir, "solve", "rotation", "-"}, in, &out, &errb)
	if code != ExitBadInput || out.String() != readFile(t, "rotation-sample.out") ||
		!strings.Contains(errb.String(), "stdin:1: record longer than 64 MiB") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}

// endlessInput returns a reader holding text, then blocking forever.
func endlessInput(text string) io.Reader {
	pr, pw := io.Pipe()
	go func() { pw.Write([]byte(text)) }() // never closed
	return pr
}

func TestStopsReadingAtTheEndLineAndOnStrict(t *testing.T) {
	sample := readFile(t, "rotation-sample.txt") // ends with a 0 line
	for _, c := range []struct {
		in   string
		args []string
		code int
	}{
		{sample, nil, 0},
		// A bad board (24 symbols, one of them 4); "1 1" alone would be the
		// start of a board the reader waits to complete, as a judge does.
		{"1 1 1 1 3 2 3 4 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n", []string{"--strict"}, ExitBadInput},
	} {
		finished := make(chan int)
		var out, errb bytes.Buffer
		go func() {
			args := append([]string{"--tables", tablesDir, "solve", "rotation"}, c.args...)
			finished <- Run(context.Background(), args, endlessInput(c.in), &out, &errb)
		}()
		select {
		case code := <-finished:
			if code != c.code {
				t.Fatalf("%v: exit %d, want %d; stderr %q", c.args, code, c.code, errb.String())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%v: still reading an input that had ended", c.args)
		}
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteErrorIsReported(t *testing.T) {
	var errb bytes.Buffer
	code := Run(context.Background(), []string{"--tables", tablesDir, "solve", "rotation"}, strings.NewReader(readFile(t, "rotation-sample.txt")), failingWriter{}, &errb)
	if code != ExitIO || !strings.Contains(errb.String(), "writing output: disk full") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}

// segReader yields its segments in turn, each a run of one byte or a
// string, as fast as the caller asks.
type segReader struct {
	segs []seg
}

type seg struct {
	b byte
	n int
	s string
}

func (r *segReader) Read(p []byte) (int, error) {
	for len(r.segs) > 0 && r.segs[0].n == 0 && r.segs[0].s == "" {
		r.segs = r.segs[1:]
	}
	if len(r.segs) == 0 {
		return 0, io.EOF
	}
	g := &r.segs[0]
	if g.s != "" {
		n := copy(p, g.s)
		g.s = g.s[n:]
		return n, nil
	}
	k := fill(p[:min(len(p), g.n)], g.b)
	g.n -= k
	return k, nil
}

func runWithin(t *testing.T, limit time.Duration, in io.Reader, out io.Writer, args ...string) (int, string) {
	t.Helper()
	var errb bytes.Buffer
	finished := make(chan int)
	go func() {
		finished <- Run(context.Background(), append([]string{"--tables", tablesDir}, args...), in, out, &errb)
	}()
	select {
	case code := <-finished:
		return code, errb.String()
	case <-time.After(limit):
		t.Fatalf("%v: still running after %v", args, limit)
	}
	return 0, ""
}

func TestOverlongRecordsInARow(t *testing.T) {
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	in := &segReader{[]seg{{b: '1', n: batch.MaxRecord + 36}, {s: "\n"}, {b: '2', n: batch.MaxRecord + 100}, {s: "\n" + board}}}
	var out bytes.Buffer
	code, errs := runWithin(t, 30*time.Second, in, &out, "solve", "rotation")
	if code != ExitBadInput || out.String() != "AC\n2\n" || !strings.Contains(errs, "stdin:1: record longer") || !strings.Contains(errs, "stdin:2: record longer") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out.String(), errs)
	}
	// A line just short of the limit with the board after it is not too
	// long (it is a bad board: one symbol, and a board line after it).
	in = &segReader{[]seg{{b: '1', n: batch.MaxRecord - len(board) - 1}, {s: "\n" + board}}}
	out.Reset()
	code, errs = runWithin(t, 30*time.Second, in, &out, "solve", "rotation")
	if code != ExitBadInput || out.String() != "AC\n2\n" || strings.Contains(errs, "longer") {
		t.Fatalf("line of exactly the limit: exit %d, stdout %q, stderr %q", code, out.String(), errs)
	}
	// Strict stops at it; JSON gives it an error object in place.
	in = &segReader{[]seg{{b: '1', n: batch.MaxRecord + 5}, {s: "\n" + board}}}
	out.Reset()
	if code, _ := runWithin(t, 30*time.Second, in, &out, "solve", "rotation", "--strict"); code != ExitBadInput || out.Len() != 0 {
		t.Fatalf("strict: exit %d, stdout %q", code, out.String())
	}
	in = &segReader{[]seg{{s: board}, {b: '1', n: batch.MaxRecord + 5}, {s: "\n" + board}}}
	out.Reset()
	runWithin(t, 30*time.Second, in, &out, "solve", "rotation", "--format", "json")
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 3 || !strings.Contains(lines[1], `"line":2,"heuristic":"exact","status":"error","error":"record longer`) {
		t.Fatalf("json: %q", out.String())
	}
	if _, err := recordtest.Check(out.Bytes()); err != nil {
		t.Fatalf("json against the schema: %v", err)
	}
	// A sliding-tile record whose last line is too long: skipped to that
	// line's end; the next board is read from the line after.
	in = &segReader{[]seg{{s: "1 2\n"}, {b: '3', n: batch.MaxRecord + 10}, {s: "\n1 2 3 4 5 6 7 8 0\n"}}}
	out.Reset()
	code, errs = runWithin(t, 30*time.Second, in, &out, "solve", "8puzzle", "--heuristic", "manhattan", "--goal", "blank-last", "--format", "aoj")
	if code != ExitBadInput || out.String() != "0\n" || !strings.Contains(errs, "stdin:1: record longer") {
		t.Fatalf("tiles: exit %d, stdout %q, stderr %q", code, out.String(), errs)
	}
}

func TestPromptExits(t *testing.T) {
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	// An output error while the input is idle.
	if code, errs := runWithin(t, 10*time.Second, endlessInput(board), failingWriter{}, "solve", "rotation"); code != ExitIO || !strings.Contains(errs, "disk full") {
		t.Fatalf("output error: exit %d, %q", code, errs)
	}
	// A 0 line padded with spaces ends the input for the reader too.
	var out bytes.Buffer
	if code, _ := runWithin(t, 10*time.Second, endlessInput(board+"0                        \n"), &out, "solve", "rotation"); code != 0 || out.String() != "AC\n2\n" {
		t.Fatalf("padded end line: exit %d, stdout %q", code, out.String())
	}
}

// Whole records that arrive in the same read as the end of an overlong line
// are answered at once, with their own line numbers.
func TestRecordsAfterAnOverlongLine(t *testing.T) {
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	var many strings.Builder
	for i := 0; i < 1000; i++ {
		many.WriteString(board)
	}
	// Overlong line, 1000 boards, a long legal-length (bad) line, one board.
	in := &segReader{[]seg{{b: '1', n: batch.MaxRecord + 10}, {s: "\n" + many.String()}, {b: '9', n: batch.MaxRecord - 100}, {s: "\n" + board}}}
	var out bytes.Buffer
	code, errs := runWithin(t, 60*time.Second, in, &out, "solve", "rotation")
	if code != ExitBadInput || strings.Count(out.String(), "AC\n2\n") != 1001 || strings.Count(errs, "stdin:") != 2 ||
		!strings.Contains(errs, "stdin:1: record longer") || !strings.Contains(errs, "stdin:1002: wrong number of symbols") {
		t.Fatalf("exit %d, %d answers, stderr %q", code, strings.Count(out.String(), "AC\n2\n"), errs)
	}
	// A board and the end line after an overlong line, the input held open.
	pr, pw := io.Pipe()
	go func() {
		pw.Write(bytes.Repeat([]byte{'1'}, batch.MaxRecord+10))
		pw.Write([]byte("\n" + board + "0\n")) // never closed
	}()
	out.Reset()
	if code, _ := runWithin(t, 30*time.Second, pr, &out, "solve", "rotation"); code != ExitBadInput || out.String() != "AC\n2\n" {
		t.Fatalf("held open: exit %d, stdout %q", code, out.String())
	}
}
