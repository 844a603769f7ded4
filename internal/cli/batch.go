package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
)

// The batch pipeline: one reader cuts the inputs into chunks of whole
// records, workers handle chunks in parallel, and one writer puts their
// output back in input order. Chunks, not records, cross the channels, so
// the per-record cost is the work itself. At most inflightPerWorker chunks per
// worker exist at once, so memory stays flat however long the input is.

const (
	chunkSize         = 64 << 10 // bytes read into one chunk
	inflightPerWorker = 4        // chunks per worker between reader and writer
	outBufSize        = 256 << 10
)

// inPool and outPool recycle chunk input and output buffers, so a long
// batch allocates only while the pipeline fills. They are kept apart: output
// may be larger than its input, and a reader handed an output-sized buffer
// would otherwise make ever larger chunks.
var inPool, outPool sync.Pool

// getBuf returns an empty buffer from pool with room for at least n bytes.
func getBuf(pool *sync.Pool, n int) []byte {
	if p, ok := pool.Get().(*[]byte); ok && cap(*p) >= n {
		return (*p)[:0]
	}
	return make([]byte, 0, max(n, chunkSize))
}

func putBuf(pool *sync.Pool, b []byte) {
	if cap(b) > 0 {
		pool.Put(&b)
	}
}

// chunk is a run of whole records from one input and the output made from them.
type chunk struct {
	seq   int    // position in the whole batch
	input int    // index of the input it came from
	name  string // input's name for messages
	line  int    // line number of data[0]
	data  []byte // the records

	out     []byte // what goes to stdout
	notes   []note // what goes to stderr, each at an offset of out
	bad     int    // records that failed
	limit   int    // records stopped at a limit
	end     bool   // a terminator record ended this input inside the chunk
	halt    bool   // strict mode: stop the whole batch after this chunk
	ioErr   error  // the input could not be opened or read; the chunk holds only its message
	tooLong bool   // the chunk stands for one record longer than maxRecord, at line
}

// note is a message for stderr, written after out[:at].
type note struct {
	at  int
	msg string
}

// fail records a bad record at line: an error message on stderr naming the
// input and line.
func (c *chunk) fail(line int, err error) {
	c.bad++
	c.notes = append(c.notes, note{len(c.out), fmt.Sprintf("%s:%d: %v", c.name, line, err)})
}

// reject records a bad record: an error object in its place in JSON output
// (name is the input's name as a JSON string), else an error line on stderr.
func (c *chunk) reject(asJSON bool, name []byte, line int, err error) {
	if asJSON {
		c.bad++
		c.out = appendJSONError(c.out, name, line, err)
		return
	}
	c.fail(line, err)
}

// warn puts a message on stderr at the current output position.
func (c *chunk) warn(line int, err error) {
	c.notes = append(c.notes, note{len(c.out), fmt.Sprintf("%s:%d: %v", c.name, line, err)})
}

// splitFunc returns the length of the longest prefix of data made of whole
// records. At the end of the input (atEOF) the rest is a record too.
type splitFunc func(data []byte, atEOF bool) int

// splitLines cuts after the last newline: one record a line.
func splitLines(data []byte, atEOF bool) int {
	if atEOF {
		return len(data)
	}
	return bytes.LastIndexByte(data, '\n') + 1
}

// batch describes one run of the pipeline.
type batch struct {
	inputs    []string // file names; "-" is standard input
	stdin     io.Reader
	stdout    io.Writer
	stderr    io.Writer
	workers   int
	split     splitFunc
	endLine   func(line []byte) bool // if set, a line that ends an input (the judge's 0)
	asJSON    bool                   // bad records the pipeline finds become JSON error objects
	strict    bool                   // a bad record the pipeline finds halts the batch
	newWorker func() func(*chunk)    // one handler per worker goroutine
}

// batchResult sums up a run.
type batchResult struct {
	bad     int
	limit   int
	halted  bool
	ioErr   error // first output error: it stops the batch
	readErr error // first input that could not be opened or read: the batch goes on
}

func inputName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// run runs the pipeline to the end of the inputs (or to a halt) and reports
// how it went.
func (b *batch) run() batchResult {
	w := max(b.workers, 1)
	jobs := make(chan *chunk, w)
	results := make(chan *chunk, w)
	slots := make(chan struct{}, w*inflightPerWorker)
	done := make([]atomic.Bool, len(b.inputs)) // input ended by a terminator
	var stop atomic.Bool                       // batch halted
	// sendErr passes an input's failure to the writer, which reports it in
	// order with the records around it.
	sendErr := func(seq *int, input int, err error) {
		slots <- struct{}{}
		jobs <- &chunk{seq: *seq, input: input, ioErr: err, notes: []note{{0, "pdbsolve: " + err.Error()}}}
		*seq++
	}

	go func() { // reader
		defer close(jobs)
		seq := 0
		for i, name := range b.inputs {
			if stop.Load() {
				return
			}
			var r io.Reader
			if name == "-" {
				r = b.stdin
			} else {
				f, err := os.Open(name)
				if err != nil {
					sendErr(&seq, i, err)
					continue
				}
				r = f
			}
			err := b.readInput(r, i, inputName(name), &seq, jobs, slots, &done[i], &stop)
			if c, ok := r.(io.Closer); ok && name != "-" {
				c.Close()
			}
			if err != nil {
				sendErr(&seq, i, fmt.Errorf("%s: %w", inputName(name), err))
			}
		}
	}()

	var wg sync.WaitGroup
	for i := 0; i < w; i++ {
		handle := b.newWorker()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range jobs {
				if c.ioErr == nil && !stop.Load() && !done[c.input].Load() {
					c.out = getBuf(&outPool, len(c.data))
					if c.tooLong {
						b.rejectLong(c)
					} else {
						handle(c)
					}
				}
				results <- c
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()

	// Writer: this goroutine.
	var res batchResult
	out := bufio.NewWriterSize(b.stdout, outBufSize)
	pending := map[int]*chunk{}
	next := 0
	for !stop.Load() {
		var c *chunk
		var ok bool
		select {
		case c, ok = <-results:
		default:
			// Nothing ready: show what we have before waiting.
			if err := out.Flush(); err != nil {
				res.ioErr = err
				stop.Store(true)
				continue // ends the loop: do not wait for more input
			}
			c, ok = <-results
		}
		if !ok {
			break
		}
		pending[c.seq] = c
		for !stop.Load() {
			c, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if !c.skipped(done) {
				b.write(out, c, &res)
				if res.ioErr != nil {
					stop.Store(true)
				}
				if c.end {
					done[c.input].Store(true)
				}
				if c.halt {
					res.halted = true
					stop.Store(true)
				}
			}
			putBuf(&inPool, c.data)
			putBuf(&outPool, c.out)
			c.data, c.out = nil, nil
			<-slots
		}
	}
	if err := out.Flush(); err != nil && res.ioErr == nil {
		res.ioErr = err
	}
	if stop.Load() {
		// Halted: answer now, without waiting for the reader, which may be
		// blocked on an input that never ends. What is still in flight is
		// drained in the background so no goroutine stays blocked on it.
		go func() {
			for {
				select {
				case _, ok := <-results:
					if !ok {
						return
					}
				case <-slots:
				}
			}
		}()
	}
	return res
}

// errTooLong is the error of a record longer than maxRecord.
var errTooLong = fmt.Errorf("record longer than %d MiB", maxRecord>>20)

// rejectLong reports the overlong record c stands for as a command would
// report a bad record.
func (b *batch) rejectLong(c *chunk) {
	var name []byte
	if b.asJSON {
		name, _ = json.Marshal(c.name)
	}
	c.reject(b.asJSON, name, c.line, errTooLong)
	c.halt = b.strict
}

// skipped reports whether c comes after its input's terminator.
func (c *chunk) skipped(done []atomic.Bool) bool { return done[c.input].Load() }

// write copies c's output and notes to the streams, in order.
func (b *batch) write(out *bufio.Writer, c *chunk, res *batchResult) {
	at := 0
	for _, n := range c.notes {
		if _, err := out.Write(c.out[at:n.at]); err != nil && res.ioErr == nil {
			res.ioErr = err
		}
		at = n.at
		out.Flush() // keep stderr and stdout in order on a shared terminal
		fmt.Fprintln(b.stderr, n.msg)
	}
	if _, err := out.Write(c.out[at:]); err != nil && res.ioErr == nil {
		res.ioErr = err
	}
	res.bad += c.bad
	res.limit += c.limit
	if c.ioErr != nil && res.readErr == nil {
		res.readErr = c.ioErr
	}
}

const maxRecord = 64 << 20 // longest record the reader will buffer

// readInput cuts one input into chunks and sends them. Each chunk takes at
// most chunkSize new bytes (more only for one long record), so chunks stay
// small whatever buffer the pool hands out. A record longer than maxRecord
// becomes a chunk of its own marked tooLong, reported by a worker as one bad
// record, and the reader skips to the end of its last line. When the batch
// has an end test, the reader stops at the first line that passes it.
func (b *batch) readInput(r io.Reader, input int, name string, seq *int, jobs chan<- *chunk,
	slots chan struct{}, done *atomic.Bool, stop *atomic.Bool) error {
	line := 1
	var carry []byte
	eof := false
	send := func(c *chunk) {
		slots <- struct{}{}
		c.seq, c.input, c.name = *seq, input, name
		jobs <- c
		*seq++
	}
	for !eof {
		if done.Load() || stop.Load() {
			return nil
		}
		buf := append(getBuf(&inPool, len(carry)+chunkSize), carry...)
		limit := len(buf) + chunkSize // where this chunk stops reading; cap(buf) >= limit
		k := 0
		for {
			if len(buf) == limit { // no record ends in what was read
				if len(buf) > maxRecord {
					// One record fills the buffer: report it at its first
					// line and skip to the end of its last line.
					send(&chunk{line: line, tooLong: true})
					line += bytes.Count(buf, []byte{'\n'}) + 1
					n, err := skipLine(r, buf[:min(cap(buf), chunkSize)])
					buf = buf[:n]
					if err == io.EOF {
						eof = true
					} else if err != nil {
						return err
					}
					limit = len(buf) + chunkSize
					if cap(buf) < limit {
						buf = append(make([]byte, 0, limit), buf...)
					}
					// What followed the newline may hold whole records.
					if bytes.IndexByte(buf, '\n') >= 0 || eof {
						if k = b.split(buf, eof); k > 0 || eof {
							break
						}
					}
				} else { // grow for one long record
					limit = min(max(2*len(buf), len(buf)+chunkSize), maxRecord+1)
					if cap(buf) < limit {
						buf = append(make([]byte, 0, limit), buf...)
					}
				}
			}
			if !eof {
				n, err := r.Read(buf[len(buf):limit])
				buf = buf[:len(buf)+n]
				if err == io.EOF {
					eof = true
				} else if err != nil {
					return err
				}
				// Records end at a newline or at the end of the input: look
				// for one only when new bytes may hold it, so a long line
				// arriving in small reads is not rescanned each time.
				if !eof && bytes.IndexByte(buf[len(buf)-n:], '\n') < 0 {
					continue
				}
			}
			k = b.split(buf, eof)
			if k > 0 || eof {
				break
			}
		}
		carry = append(carry[:0], buf[k:]...)
		if k == 0 {
			continue
		}
		data := buf[:k]
		lines, end, found := b.scanLines(data)
		send(&chunk{line: line, data: data[:end]})
		line += lines
		if found {
			return nil // the input's end line: read no further
		}
	}
	return nil
}

// skipLine reads on from r into buf until a newline, moves what follows it
// to the front of buf and returns its length.
func skipLine(r io.Reader, buf []byte) (int, error) {
	for {
		n, err := r.Read(buf)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return copy(buf, buf[i+1:n]), nil
		}
		if err != nil {
			return 0, err
		}
	}
}

// scanLines counts the newlines of data and, when the batch has an end
// test, finds the first line that passes it: it returns the count of lines
// up to that one, the length of data through it, and whether it was found.
func (b *batch) scanLines(data []byte) (lines, end int, found bool) {
	if b.endLine == nil {
		return bytes.Count(data, []byte{'\n'}), len(data), false
	}
	for pos := 0; pos < len(data); {
		i := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if i >= 0 {
			next = pos + i + 1
			lines++
		}
		if b.endLine(data[pos:next]) {
			return lines, next, true
		}
		pos = next
	}
	return lines, len(data), false
}

// lines calls f for each line of c.data with its line number, without the
// newline; f returns false to stop.
func (c *chunk) lines(f func(line int, text []byte) bool) {
	data := c.data
	ln := c.line
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

// exitCode turns a batch result into the command's error.
func (r batchResult) err() error {
	switch {
	case r.ioErr != nil:
		return withCode(ExitIO, fmt.Errorf("writing output: %w", r.ioErr))
	case r.readErr != nil:
		return withCode(ExitIO, errSilent) // already reported in order
	case r.bad > 0 || r.halted:
		return withCode(ExitBadInput, errSilent)
	case r.limit > 0:
		return withCode(ExitLimit, errSilent)
	}
	return nil
}
