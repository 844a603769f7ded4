package cli

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// collect runs readInput over r and returns the chunks it sends.
func collect(t *testing.T, b *batch, r io.Reader) ([]*chunk, error) {
	t.Helper()
	jobs := make(chan *chunk, 1<<16)
	slots := make(chan struct{}, 1<<16)
	var done, stop atomic.Bool
	seq := 0
	err := b.readInput(r, 0, "in", &seq, jobs, slots, &done, &stop)
	close(jobs)
	var out []*chunk
	for c := range jobs {
		out = append(out, c)
	}
	return out, err
}

func TestChunksStaySmallWhateverThePoolHolds(t *testing.T) {
	// A large buffer in the pool, as a JSON run's output would leave.
	putBuf(&inPool, make([]byte, 0, 8<<20))
	var in bytes.Buffer
	for in.Len() < 4*chunkSize {
		in.WriteString("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n")
	}
	chunks, err := collect(t, &batch{split: splitLines}, bytes.NewReader(in.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	total, line := 0, 1
	for _, c := range chunks {
		if len(c.data) > chunkSize+100 { // a chunk, plus the rest of a line carried over
			t.Fatalf("chunk of %d bytes, more than %d", len(c.data), chunkSize+100)
		}
		if c.line != line {
			t.Fatalf("chunk starts at line %d, want %d", c.line, line)
		}
		line += bytes.Count(c.data, []byte{'\n'})
		total += len(c.data)
	}
	if total != in.Len() {
		t.Fatalf("chunks hold %d bytes of %d", total, in.Len())
	}
}

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
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

func TestOverlongLineIsOneBadRecord(t *testing.T) {
	sample := readFile(t, "rotation-sample.txt")
	in := &repeatReader{b: '1', n: maxRecord + 1000, rest: strings.NewReader("\n" + sample)}
	var out, errb bytes.Buffer
	code := Run([]string{"--tables", tablesDir, "solve", "rotation", "-"}, in, &out, &errb)
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
		{"1 1\n", []string{"--strict"}, ExitBadInput},
	} {
		finished := make(chan int)
		var out, errb bytes.Buffer
		go func() {
			args := append([]string{"--tables", tablesDir, "solve", "rotation"}, c.args...)
			finished <- Run(args, endlessInput(c.in), &out, &errb)
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
	code := Run([]string{"--tables", tablesDir, "solve", "rotation"}, strings.NewReader(readFile(t, "rotation-sample.txt")), failingWriter{}, &errb)
	if code != ExitIO || !strings.Contains(errb.String(), "writing output: disk full") {
		t.Fatalf("exit %d, stderr %q", code, errb.String())
	}
}
