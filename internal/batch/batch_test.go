package batch

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// lines calls f for each line of u.Data with its line number, without the
// newline; f returns false to stop.
func (u *Unit) lines(f func(line int, text []byte) bool) {
	data := u.Data
	ln := u.Line
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		var text []byte
		if i < 0 {
			text, data = data, nil
		} else {
			text, data = data[:i], data[i+1:]
		}
		if !f(ln, text) {
			return
		}
		ln++
	}
}

// upper is a handler that answers each line with the line in upper case,
// after sleeping as long as the line's last digit says (in 100 us units).
func upper(u *Unit, _ *None) {
	u.lines(func(line int, text []byte) bool {
		if isBlank(text) {
			return true
		}
		if k := text[len(text)-1] - '0'; k < 10 {
			time.Sleep(time.Duration(k) * 100 * time.Microsecond)
		}
		u.Out = fmt.Appendf(u.Out, "%d %s\n", line, bytes.ToUpper(text))
		return true
	})
}

// TestOutputInOrderWhateverTheWorkers checks the output of chunks and of
// one-record units, with 1 to 7 workers and records of random cost, against
// a plain loop over the lines.
func TestOutputInOrderWhateverTheWorkers(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var in, want strings.Builder
	for i := 1; i <= 3000; i++ {
		if i%100 == 0 {
			in.WriteString("\n")
			continue
		}
		s := fmt.Sprintf("rec%d-%d", i, r.IntN(10))
		if i > 300 { // the rest without sleeps, many to a chunk
			s = fmt.Sprintf("rec%d-x", i)
		}
		in.WriteString(s + "\n")
		fmt.Fprintf(&want, "%d %s\n", i, strings.ToUpper(s))
	}
	for _, first := range []bool{false, true} {
		for _, w := range []int{1, 2, 7} {
			var out bytes.Buffer
			cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard,
				Workers: w, NewHandler: func() Handler[None] { return upper }}
			if first {
				cfg.First = func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 }
			}
			res := Run(context.Background(), cfg)
			if out.String() != want.String() {
				t.Fatalf("first %v, %d workers: output differs from the plain loop", first, w)
			}
			if res.Answered != 2970 || res.Unanswered != 0 || res.Interrupted {
				t.Fatalf("first %v, %d workers: %+v", first, w, res)
			}
		}
	}
}

// runCancelled runs the batch cfg under ctx, which the test cancels, and
// fails the test when Run has not returned 20 s later.
func runCancelled(t *testing.T, ctx context.Context, cfg Config[None]) Result {
	t.Helper()
	finished := make(chan Result)
	go func() { finished <- Run(ctx, cfg) }()
	select {
	case res := <-finished:
		return res
	case <-time.After(20 * time.Second):
		t.Fatal("Run still waits 20 s after the cancel")
	}
	return Result{}
}

// TestCancelWritesTheCompletedPrefix: a cancelled batch writes the answers
// of every record before the first one still running, and nothing after.
func TestCancelWritesTheCompletedPrefix(t *testing.T) {
	const stuck = 40 // the record that never finishes
	release := make(chan struct{})
	var in, want strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&in, "r%d\n", i)
		if i < stuck {
			fmt.Fprintf(&want, "%d R%d\n", i, i)
		}
	}
	var mu sync.Mutex
	answered := 0
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard, Workers: 3,
		First: func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 },
		NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				if u.Line == stuck {
					<-release
				}
				upper(u, nil)
				mu.Lock()
				answered++
				if answered == 60 { // well past the stuck record: interrupt
					cancel()
				}
				mu.Unlock()
			}
		}}
	res := runCancelled(t, ctx, cfg)
	close(release)
	if out.String() != want.String() {
		t.Fatalf("output %q, want the %d records before the stuck one", out.String(), stuck-1)
	}
	if !res.Interrupted || res.Answered != stuck-1 || res.Unanswered < 1 {
		t.Fatalf("%+v", res)
	}
}

// TestCancelWritesEveryStartedUnitInOrder interrupts a batch whose unit
// 40 never finishes while the other worker answers 41 to 50 and starts
// 51: the output holds 1 to 51 in input order, 40 and 51 as Interrupted
// writes them, the finished later units included.
func TestCancelWritesEveryStartedUnitInOrder(t *testing.T) {
	const stuck, last = 40, 51
	release := make(chan struct{})
	defer close(release)
	var in, want strings.Builder
	for i := 1; i <= 100; i++ {
		fmt.Fprintf(&in, "r%d\n", i)
		switch {
		case i == stuck || i == last:
			fmt.Fprintf(&want, "%d stopped\n", i)
		case i < last:
			fmt.Fprintf(&want, "%d R%d\n", i, i)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var out bytes.Buffer
	cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard, Workers: 2,
		First: func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 },
		NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				switch u.Line {
				case last:
					cancel()
					fallthrough
				case stuck:
					<-release
				}
				upper(u, nil)
			}
		},
		Interrupted: func(u *Unit, _ None) bool { u.Out = fmt.Appendf(u.Out, "%d stopped\n", u.Line); return true }}
	res := runCancelled(t, ctx, cfg)
	if out.String() != want.String() {
		t.Fatalf("output\n%s\nwant\n%s", out.String(), want.String())
	}
	if !res.Interrupted || res.Answered != last-2 || res.Unanswered < 2 {
		t.Fatalf("%+v", res)
	}
}

// TestCancelEndsBeforeAUnitNeverStarted: a worker takes unit 41 just as
// the interrupt comes (it starts it only after the stop), while unit 40 is
// in flight and unit 42, taken after 41, runs and finishes after the
// interrupt: the output holds 1 to 39, then 40 as Interrupted writes it,
// and ends there, before 41, which was never started: it stays a prefix of
// the whole output less the units in flight, though 42 was done. Collect
// sees exactly the units written whole (1 to 39), not 42: what a caller
// counts there (bench's summary) is what the output holds.
func TestCancelEndsBeforeAUnitNeverStarted(t *testing.T) {
	const stuck, taken, running = 40, 41, 42
	release, stopped := make(chan struct{}), make(chan struct{})
	defer close(release)
	var in, want strings.Builder
	for i := 1; i <= 60; i++ {
		fmt.Fprintf(&in, "r%d\n", i)
		switch {
		case i == stuck:
			fmt.Fprintf(&want, "%d stopped\n", i)
		case i < stuck:
			fmt.Fprintf(&want, "%d R%d\n", i, i)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var once sync.Once
	var out bytes.Buffer
	var collected []int
	done := make(chan struct{}) // unit 42 is done
	cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard, Workers: 3,
		First: func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 },
		NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				switch u.Line {
				case taken:
					t.Errorf("unit %d started after the interrupt", taken)
				case running:
					cancel()
					<-stopped
					defer close(done)
				case stuck:
					<-release
				}
				upper(u, nil)
			}
		},
		Collect: func(u *Unit, _ *None) { collected = append(collected, u.Line) },
		Interrupted: func(u *Unit, _ None) bool {
			once.Do(func() { close(stopped) })
			u.Out = fmt.Appendf(u.Out, "%d stopped\n", u.Line)
			return true
		},
		beforeWork: func(line int) {
			if line == taken {
				<-stopped // the interrupt has come: the batch has stopped
				<-done
			}
		}}
	res := runCancelled(t, ctx, cfg)
	if out.String() != want.String() {
		t.Fatalf("output\n%s\nwant\n%s", out.String(), want.String())
	}
	if !res.Interrupted || res.Answered != stuck-1 {
		t.Fatalf("%+v", res)
	}
	var written []int // the lines of the units written whole, from the output
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		if n, _ := strconv.Atoi(strings.Fields(l)[0]); !strings.HasSuffix(l, " stopped") {
			written = append(written, n)
		}
	}
	if !slices.Equal(collected, written) || len(written) != stuck-1 {
		t.Fatalf("collected the units at lines %v, written whole %v", collected, written)
	}
}

func TestChunksStaySmallWhateverThePoolHolds(t *testing.T) {
	// A large buffer in the pool, as a JSON run's output would leave.
	putBuf(&inPool, make([]byte, 0, 8<<20))
	var in bytes.Buffer
	for in.Len() < 4*ChunkSize {
		in.WriteString("1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n")
	}
	var mu sync.Mutex
	var units []Unit
	var out bytes.Buffer
	Run(context.Background(), Config[None]{Inputs: []string{"-"}, Stdin: bytes.NewReader(in.Bytes()), Stdout: &out, Stderr: io.Discard,
		Workers: 2, NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				mu.Lock()
				units = append(units, Unit{Line: u.Line, Data: bytes.Clone(u.Data)})
				mu.Unlock()
			}
		}})
	slices.SortFunc(units, func(a, b Unit) int { return a.Line - b.Line })
	total, line := 0, 1
	for _, u := range units {
		if len(u.Data) > ChunkSize+100 { // a chunk, plus the rest of a line carried over
			t.Fatalf("chunk of %d bytes, more than %d", len(u.Data), ChunkSize+100)
		}
		if u.Line != line {
			t.Fatalf("unit starts at line %d, want %d", u.Line, line)
		}
		line += bytes.Count(u.Data, []byte{'\n'})
		total += len(u.Data)
	}
	if total != in.Len() || len(units) < 4 {
		t.Fatalf("%d units hold %d bytes of %d", len(units), total, in.Len())
	}
}

// TestUnitLinesAndEndLine: units start at the right line numbers, and the
// end line stops the input.
func TestUnitLinesAndEndLine(t *testing.T) {
	var in strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&in, "line %d\n", i)
		if i == 15000 {
			in.WriteString("0\n")
		}
	}
	var out bytes.Buffer
	res := Run(context.Background(), Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out,
		Stderr: io.Discard, Workers: 2, EndLine: func(l []byte) bool { return string(bytes.TrimSpace(l)) == "0" },
		NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				u.lines(func(line int, text []byte) bool {
					if string(text) != fmt.Sprintf("line %d", line) {
						u.Reject(line, fmt.Errorf("holds %q", text))
					}
					return true
				})
			}
		}})
	if res.Bad != 0 || res.Answered != 15000 {
		t.Fatalf("%+v", res)
	}
}

// TestOneRecordUnitsRunTogether: with First, two records of one short input
// go to two workers at once (each waits until the other has started), where
// a chunk would hold both and deadlock. A handler that gives up waiting
// (the records ran one after another) fails the test.
func TestOneRecordUnitsRunTogether(t *testing.T) {
	started := make(chan int, 2)
	var alone sync.Map // line -> true: the handler of that record never saw the other start
	cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader("a\nb\n"), Stdout: io.Discard, Stderr: io.Discard, Workers: 2,
		First: func(data []byte) int { return bytes.IndexByte(data, '\n') + 1 },
		NewHandler: func() Handler[None] {
			return func(u *Unit, _ *None) {
				started <- u.Line
				deadline := time.After(5 * time.Second)
				for len(started) < 2 {
					select {
					case <-deadline:
						alone.Store(u.Line, true)
						return
					default:
						time.Sleep(time.Millisecond)
					}
				}
				u.Out = append(u.Out, "ok\n"...)
			}
		}}
	finished := make(chan Result)
	go func() { finished <- Run(context.Background(), cfg) }()
	select {
	case res := <-finished:
		alone.Range(func(line, _ any) bool {
			t.Errorf("record %d ran alone: the other did not start within 5 s", line)
			return true
		})
		if len(started) != 2 || res.Answered != 2 {
			t.Fatalf("%d records started, %+v", len(started), res)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the records did not run at the same time")
	}
}

// TestReaderChunks: Reader's chunks are the input in order but for the
// overlong records, each chunk at the line it starts on and ending at a
// record's end, the overlong record reported at its first line.
func TestReaderChunks(t *testing.T) {
	var in strings.Builder
	for i := 1; i <= 20000; i++ {
		fmt.Fprintf(&in, "record %d\n", i)
		if i == 7000 {
			in.WriteString(strings.Repeat("x", MaxRecord+5) + "\n")
		}
	}
	in.WriteString("last, without a newline")
	text := in.String()
	c := NewReader(strings.NewReader(text), nil)
	var got strings.Builder
	var tooLong []int
	lines := 0
	for {
		chunk, line, err := c.Next()
		if err == io.EOF {
			break
		}
		if line != lines+1 { // the chunk starts after the newlines read so far
			t.Fatalf("a chunk at line %d, want %d", line, lines+1)
		}
		if err == ErrTooLong {
			tooLong = append(tooLong, line)
			got.WriteString(strings.Repeat("x", MaxRecord+5) + "\n")
			lines++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if chunk[len(chunk)-1] != '\n' && got.Len()+len(chunk) != len(text) {
			t.Fatalf("a chunk at line %d ends inside a line", line)
		}
		got.Write(chunk)
		lines += bytes.Count(chunk, []byte{'\n'})
		c.Recycle(chunk)
	}
	if got.String() != text || !slices.Equal(tooLong, []int{7001}) {
		t.Fatalf("chunks differ from the input; overlong records at %v", tooLong)
	}
}

// TestDoneDropsAnsweredChunks: with Config.Done, a batch whose handler
// skips the lines a set says were answered writes what it writes without
// Done, and counts the same records answered, while no handler sees a
// chunk of answered lines.
func TestDoneDropsAnsweredChunks(t *testing.T) {
	const n = 400000
	var in strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&in, "rec%d\n", i)
	}
	answered := func(i int) bool { return i < n/2 || i > n*3/4 && i%1000 != 0 } // a long answered run, then one with holes
	for _, done := range []bool{false, true} {
		var out bytes.Buffer
		var seen sync.Map
		skip := func(u *Unit, _ *None) {
			seen.Store(u.Line, true)
			outUnanswered(u, answered)
			u.Data = nil
		}
		cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard,
			Workers: 2, NewHandler: func() Handler[None] { return skip }}
		if done {
			cfg.Done = func(input string, first, last int) bool {
				if input != "stdin" {
					t.Errorf("Done asked of input %q", input)
				}
				for ln := first; ln <= last; ln++ {
					if !answered(ln) {
						return false
					}
				}
				return true
			}
		}
		res := Run(context.Background(), cfg)
		want := 0
		for i := 1; i <= n; i++ {
			if !answered(i) {
				want++
			}
		}
		if got := bytes.Count(out.Bytes(), []byte{'\n'}); got != want || res.Answered != n {
			t.Fatalf("Done %v: %d lines written, want %d; %d answered, want %d", done, got, want, res.Answered, n)
		}
		handled := 0
		seen.Range(func(_, _ any) bool { handled++; return true })
		if chunks := in.Len() / ChunkSize; done && handled > chunks*3/5 || !done && handled < chunks {
			t.Fatalf("Done %v: %d chunks handled of about %d", done, handled, chunks)
		}
	}
}

// TestDoneStopsAtEndLine: an end line among answered lines (an earlier run
// answered every record but the end line, which holds none) still ends the
// input when Done drops answered chunks: the batch writes and counts what
// it does without Done, and nothing after the end line.
func TestDoneStopsAtEndLine(t *testing.T) {
	const n, end = 200000, 150001
	var in strings.Builder
	for i := 1; i <= n; i++ {
		if i == end {
			in.WriteString("0\n")
			continue
		}
		fmt.Fprintf(&in, "rec%d\n", i)
	}
	answered := func(i int) bool { return i != end && i%50000 != 7 }
	var results []Result
	var outs []string
	for _, done := range []bool{false, true} {
		var out bytes.Buffer
		skip := func(u *Unit, _ *None) { outUnanswered(u, answered) }
		cfg := Config[None]{Inputs: []string{"-"}, Stdin: strings.NewReader(in.String()), Stdout: &out, Stderr: io.Discard,
			Workers: 2, NewHandler: func() Handler[None] { return skip },
			EndLine: func(line []byte) bool { return string(bytes.TrimSpace(line)) == "0" }}
		if done {
			cfg.Done = func(_ string, first, last int) bool {
				for ln := first; ln <= last; ln++ {
					if !answered(ln) {
						return false
					}
				}
				return true
			}
		}
		results = append(results, Run(context.Background(), cfg))
		outs = append(outs, out.String())
	}
	// The oracle: the records before the end line not answered, by line.
	want := ""
	for i := 1; i < end; i++ {
		if !answered(i) {
			want += fmt.Sprintf("%d rec%d\n", i, i)
		}
	}
	if outs[0] != want || outs[1] != want {
		t.Fatalf("wrote %q without Done, %q with it; want %q", outs[0], outs[1], want)
	}
	if results[0].Answered != end-1 || results[1].Answered != end-1 {
		t.Fatalf("%d and %d records answered, want %d", results[0].Answered, results[1].Answered, end-1)
	}
}

// outUnanswered writes each line of u's data that answered does not take
// as "LINE TEXT", the handler of the Done tests.
func outUnanswered(u *Unit, answered func(int) bool) {
	d := u.Data
	for ln := u.Line; len(d) > 0; ln++ {
		i := bytes.IndexByte(d, '\n')
		if !answered(ln) {
			u.Out = fmt.Appendf(u.Out, "%d %s\n", ln, d[:i])
		}
		d = d[i+1:]
	}
}
