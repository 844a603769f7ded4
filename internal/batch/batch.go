// Package batch runs a stream of text records through parallel workers and
// writes what they make of each record in input order.
//
// One reader cuts the inputs (files, or standard input for "-") into units
// of whole records; workers handle units in parallel; one writer puts their
// output back in input order, each unit as soon as it and every unit before
// it are done, so the first answers of a batch appear while later records
// are still being read or solved. The size of a unit follows what a record
// costs: cheap records (the Rotation Game from its tables, about 100 ns
// each) travel in chunks of up to ChunkSize bytes, so the per-record cost is
// the work itself; expensive ones (sliding tiles, a Rotation Game search by
// count: milliseconds to seconds each) one record a unit, so every worker
// stays busy however short the batch and each answer is written as it
// completes. Output is identical for every number of workers.
//
// Memory stays flat however long the input: at most a fixed number of units
// per worker (inflightChunks or inflightRecords) exist between the reader
// and the writer. Run returns when the inputs end, a record halts the batch,
// the output fails, or its context is cancelled; in the last case it first
// writes every answer already completed, in order.
package batch

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// Sizes of the pipeline.
const (
	ChunkSize       = 64 << 10  // bytes the reader takes into one chunk
	MaxRecord       = 64 << 20  // longest record, in bytes, the reader buffers
	inflightChunks  = 4         // chunks per worker between reader and writer
	inflightRecords = 64        // one-record units per worker between reader and writer
	outBufSize      = 256 << 10 // bytes the writer buffers before a write
)

// ErrTooLong is returned when a record is longer than MaxRecord bytes.
var ErrTooLong = fmt.Errorf("record longer than %d MiB", MaxRecord>>20)

// SplitFunc returns the length of the longest prefix of data made of whole
// records. At the end of the input (atEOF) the rest is a record too.
type SplitFunc func(data []byte, atEOF bool) int

// splitLines is a SplitFunc for one record a line.
func splitLines(data []byte, atEOF bool) int {
	if atEOF {
		return len(data)
	}
	return bytes.LastIndexByte(data, '\n') + 1
}

// Handler is one worker's handler of units: it appends to u.Out what the
// records of u.Data (or items, the unit's records as values of type T) make,
// and reports bad records with u.Reject or u.Note; it may change *items for
// Config.Collect. Each worker has its own Handler, called from one
// goroutine.
type Handler[T any] func(u *Unit, items *T)

// None is the items type of a batch whose units carry their records as
// text only.
type None = struct{}

// Config describes one batch whose units carry items of type T (None when
// the records are text in Unit.Data).
type Config[T any] struct {
	Inputs  []string  // file names; "-" is Stdin; read in turn
	Stdin   io.Reader // standard input
	Stdout  io.Writer // where the units' output goes, in input order
	Stderr  io.Writer // where notes go, in order with the output
	Workers int       // worker goroutines; at least one runs

	// Split cuts an input into whole records; nil is splitLines.
	Split SplitFunc
	// First, when set, makes every record a unit of its own: it returns the
	// length of the first record of data, which holds whole records only.
	First func(data []byte) int
	// Count, when set, counts the records of a unit's data (whole records,
	// up to any end line) for Result, in place of its lines but blank ones
	// (one a unit with First): the Rotation Game's boards, which may share
	// a line or span several.
	Count func(data []byte) int
	// EndLine, when set, reports a line that ends an input (a judge's "0"):
	// nothing after it in that input is read.
	EndLine func(line []byte) bool
	// Reject, when set, reports a record the pipeline itself rejects (one
	// longer than MaxRecord) instead of Unit.Reject's note on Stderr (so a
	// command writes its own error record); it must count the record in
	// Unit.Bad.
	Reject func(u *Unit, line int, err error)
	// Strict: a record the pipeline rejects halts the batch.
	Strict bool
	// Done, when set, reports whether every line from first to last of an
	// input (named as in messages) was answered by an earlier run (a
	// resumed one): the reader passes a chunk of such lines on without its
	// data, so no worker parses records it would skip. Its records still
	// count as the chunk's (Result.Answered), as a Handler's skip counts
	// them: every line of a chunk all answered holds a record (none is
	// blank or an end line), so its lines are counted, not looked at. Not
	// used with First.
	Done func(input string, first, last int) bool

	// Source, when set, replaces the reader of Inputs: it calls send with
	// units of whole records in input order (Name, Line, Records and Data
	// set, or Err for one bad record) and their items until its input ends
	// or send returns false (the batch has stopped), and returns the error
	// that ended its reading, if any.
	Source func(send func(u *Unit, items T) bool) error

	// NewHandler makes one Handler per worker.
	NewHandler func() Handler[T]
	// Collect, when set, is called by the writer with each unit and its
	// items, in input order, after its output is written: it may read what
	// the Handler left in them. Units after a halt, an interrupt or an
	// output error are not collected.
	Collect func(u *Unit, items *T)
	// Interrupted, when set, is called by the writer on an interrupt for
	// each unit a worker is still handling, in input order, with a Unit of
	// its own (Name, Line and Data the worker's, to read only; Records 0)
	// and the unit's items as the reader sent them (so a Handler used with
	// it must not change *items): it may append there what the unit's
	// records have reached (Out, Note) and returns true; false when none of
	// them is in flight (the worker is finishing the unit, or starting it):
	// the writer takes the unit's result if it comes, else asks again a
	// moment later. Its records count as unanswered; the worker's result,
	// should it come after, is dropped. Unset, the output ends before the
	// first unit in flight.
	Interrupted func(u *Unit, items T) bool
	// beforeWork, set by this package's tests, is called by a worker
	// with the line of each unit it takes, before it starts it.
	beforeWork func(line int)
}

// Result sums up a run.
type Result struct {
	Answered    int   // records whose answers were written
	Unanswered  int   // records read but not answered (interrupted or halted batches)
	Bad         int   // records reported bad (Unit.Reject)
	Limit       int   // records stopped at a limit (Unit.Limit)
	Halted      bool  // a unit asked to halt the batch (Unit.Halt)
	Interrupted bool  // the context was cancelled before the inputs ended
	WriteErr    error // the first output error; it stopped the batch
	ReadErr     error // the first input that could not be opened or read; the batch went on
}

// Unit is a run of whole records from one input and what a worker made of
// them.
type Unit struct {
	Name    string // the input's name for messages ("stdin" for "-")
	Line    int    // line number (1-based) of Data[0]
	Data    []byte // the records; a Handler must not keep it
	Records int    // records in Data, as the reader counted them (for Result)
	Err     error  // the unit stands for one bad record, at Line: Reject reports it (a Source sets it)

	Out   []byte // what goes to Stdout
	Bad   int    // records that failed; Reject counts them
	Limit int    // records stopped at a node or time limit; the Handler counts them
	End   bool   // the Handler found the input's end line: drop the rest of this input
	Halt  bool   // stop the whole batch after this unit

	notes []note
	seq   int   // position in the whole batch
	input int   // index of the input it came from
	ioErr error // the input could not be opened or read; the unit holds only its message
	done  bool  // every line of the unit was answered before (Config.Done): no Handler sees it
}

// note is a message for Stderr, written after Out[:at].
type note struct {
	at  int
	msg string
}

// Note puts "NAME:LINE: err" on Stderr, in order after the output so far.
func (u *Unit) Note(line int, err error) {
	u.notes = append(u.notes, note{len(u.Out), fmt.Sprintf("%s:%d: %v", u.Name, line, err)})
}

// Reject counts a bad record at line and notes it on Stderr (Note).
func (u *Unit) Reject(line int, err error) {
	u.Bad++
	u.Note(line, err)
}

// InputName returns the name messages use for an input: "stdin" for "-".
func InputName(name string) string {
	if name == "-" {
		return "stdin"
	}
	return name
}

// RecordInput returns the name records give the input messages call
// name (InputName's): "-" for "stdin", else name.
func RecordInput(name string) string {
	if name == InputName("-") {
		return "-"
	}
	return name
}

// inPool and outPool recycle unit input and output buffers, so a long
// batch allocates only while the pipeline fills. They are kept apart: output
// may be larger than its input, and a reader handed an output-sized buffer
// would otherwise make ever larger chunks.
var inPool, outPool sync.Pool

// getBuf returns an empty buffer from pool with room for at least n bytes.
func getBuf(pool *sync.Pool, n int) []byte {
	if p, ok := pool.Get().(*[]byte); ok && cap(*p) >= n {
		return (*p)[:0]
	}
	return make([]byte, 0, max(n, ChunkSize))
}

// UnitData returns an empty buffer of ChunkSize bytes for a Unit's Data,
// from those the batch recycles once units are written: a Source that
// gathers records into units allocates only while the pipeline fills.
func UnitData() []byte { return getBuf(&inPool, ChunkSize) }

func putBuf(pool *sync.Pool, b []byte) {
	if cap(b) >= ChunkSize {
		pool.Put(&b)
	}
}

// job is a unit in the pipeline with its items.
type job[T any] struct {
	*Unit
	items  T
	passed bool // no Handler saw it: the batch had stopped
}

// state is what the reader, the workers and the writer of one run share.
type state[T any] struct {
	cfg   *Config[T]
	jobs  chan *job[T]
	slots chan struct{}
	done  []atomic.Bool // input ended by its end line
	stop  atomic.Bool   // batch halted, failed or interrupted
	read  atomic.Int64  // records the reader sent

	mu      sync.Mutex      // guards running, and stop's setting on an interrupt
	running map[int]*job[T] // units a Handler is handling, by sequence number
}

// Run runs the batch to the end of its inputs, a halt, an output error or
// the cancellation of ctx, and reports how it went. It does not wait for a
// reader blocked on an input that never ends, nor for a worker busy with a
// record when the batch stops: they end in the background.
func Run[T any](ctx context.Context, cfg Config[T]) Result {
	if cfg.Split == nil {
		cfg.Split = splitLines
	}
	w := max(cfg.Workers, 1)
	inflight := inflightChunks
	if cfg.First != nil {
		inflight = inflightRecords
	}
	st := &state[T]{
		cfg:   &cfg,
		jobs:  make(chan *job[T], w),
		slots: make(chan struct{}, w*inflight),
		done:  make([]atomic.Bool, max(len(cfg.Inputs), 1)),

		running: map[int]*job[T]{},
	}
	results := make(chan *job[T], w*inflight)
	go st.readAll()

	var wg sync.WaitGroup
	for i := 0; i < w; i++ {
		handle := cfg.NewHandler()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range st.jobs {
				if cfg.beforeWork != nil {
					cfg.beforeWork(u.Line)
				}
				st.work(u, handle, results)
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	return st.write(ctx, results)
}

// work is a worker's handling of unit u, which it then sends to results.
// A unit a Handler handles is in st.running meanwhile: an interrupt
// (inOrder.interrupted) finds it there.
func (st *state[T]) work(u *job[T], handle Handler[T], results chan<- *job[T]) {
	cfg := st.cfg
	st.mu.Lock()
	u.passed = st.stop.Load()
	run := u.ioErr == nil && !u.done && !u.passed && !st.done[u.input].Load()
	if run && u.Err == nil {
		st.running[u.seq] = u
	}
	st.mu.Unlock()
	if run {
		u.Out = getBuf(&outPool, len(u.Data))
		if u.Err != nil && cfg.Reject != nil {
			cfg.Reject(u.Unit, u.Line, u.Err)
			u.Halt = cfg.Strict
		} else if u.Err != nil {
			u.Reject(u.Line, u.Err)
			u.Halt = cfg.Strict
		} else {
			handle(u.Unit, &u.items)
		}
	}
	results <- u // first: a unit gone from running is in results
	if run && u.Err == nil {
		st.mu.Lock()
		delete(st.running, u.seq)
		st.mu.Unlock()
	}
}

// write is the writer: it puts the units' output in order until the end.
func (st *state[T]) write(ctx context.Context, results <-chan *job[T]) Result {
	w := &inOrder[T]{st: st, out: bufio.NewWriterSize(st.cfg.Stdout, outBufSize), pending: map[int]*job[T]{}}
	for !st.stop.Load() {
		var u *job[T]
		ok := true
		select {
		case u, ok = <-results:
		default:
			// Nothing ready: show what we have before waiting.
			if err := w.out.Flush(); err != nil {
				w.res.WriteErr = err
				st.stop.Store(true)
				continue
			}
			select {
			case u, ok = <-results:
			case <-ctx.Done():
				w.interrupted(results)
				continue
			}
		}
		if !ok {
			break
		}
		w.pending[u.seq] = u
		w.emit()
	}
	if err := w.out.Flush(); err != nil && w.res.WriteErr == nil {
		w.res.WriteErr = err
	}
	if st.stop.Load() {
		w.res.Unanswered = max(int(st.read.Load())-w.res.Answered, 0)
		// Stopped early: answer now, without waiting for the reader, which
		// may be blocked on an input that never ends.
		st.drainInBackground(results)
	}
	return w.res
}

// inOrder is the writer's state: the units done but not yet written, by
// sequence number, and the next one to write.
type inOrder[T any] struct {
	st      *state[T]
	out     *bufio.Writer
	pending map[int]*job[T]
	next    int
	res     Result
}

// emit writes the pending units that are next in order, until one is
// missing or the batch stops.
func (w *inOrder[T]) emit() {
	for !w.st.stop.Load() {
		u, ok := w.pending[w.next]
		if !ok {
			return
		}
		w.writeNext(u)
	}
}

// writeNext writes u, the next unit in order, and frees its buffers and
// slot.
func (w *inOrder[T]) writeNext(u *job[T]) {
	st := w.st
	delete(w.pending, w.next)
	w.next++
	if !st.done[u.input].Load() {
		st.writeUnit(w.out, u.Unit, &w.res)
		if w.res.WriteErr != nil {
			st.stop.Store(true)
		}
		if u.End {
			st.done[u.input].Store(true)
		}
		if u.Halt {
			w.res.Halted = true
			st.stop.Store(true)
		}
		if st.cfg.Collect != nil {
			st.cfg.Collect(u.Unit, &u.items)
		}
	}
	putBuf(&inPool, u.Data)
	putBuf(&outPool, u.Out)
	u.Data, u.Out = nil, nil
	<-st.slots
}

// interrupted stops the batch on an interrupt after writing, in input
// order, every unit up to the last one a worker had started: those done as
// they are, those in flight as Config.Interrupted says (without it, the
// output ends before the first in flight); it ends before the first unit
// a worker took as the interrupt came and never started, so that it is a
// prefix of the whole output less the units in flight, those written by
// Config.Interrupted.
func (w *inOrder[T]) interrupted(results <-chan *job[T]) {
	st := w.st
	w.res.Interrupted = true
	st.mu.Lock()
	st.stop.Store(true) // no unit starts after this
	last, running := -1, make(map[int]*job[T], len(st.running))
	for seq, u := range st.running {
		running[seq] = u
		last = max(last, seq)
	}
	st.mu.Unlock()
	for drained := false; !drained; { // the units done already
		select {
		case r, open := <-results:
			if drained = !open; open {
				w.pending[r.seq] = r
			}
		default:
			drained = true
		}
	}
	for w.res.WriteErr == nil && !w.res.Halted {
		u, ok := w.pending[w.next]
		for !ok && running[w.next] == nil && w.next <= last {
			// Started and done, or passed over since the stop: a worker is
			// sending it now.
			r, open := <-results
			if !open {
				break
			}
			w.pending[r.seq] = r
			u, ok = w.pending[w.next]
		}
		if ok && u.passed { // taken as the interrupt came, never started: the output ends before it
			break
		}
		if !ok {
			if running[w.next] == nil || st.cfg.Interrupted == nil {
				break
			}
			if u, ok = w.inFlight(running[w.next], results); !ok {
				w.next++
				continue
			}
		}
		w.writeNext(u)
	}
}

// inFlight writes what Config.Interrupted makes of r, the next unit in
// order, which a worker was handling at the interrupt, and returns false;
// or, when the worker turns out to be finishing it, its result, true.
func (w *inOrder[T]) inFlight(r *job[T], results <-chan *job[T]) (*job[T], bool) {
	for {
		c := &Unit{Name: r.Name, Line: r.Line, Data: r.Data}
		if w.st.cfg.Interrupted(c, r.items) {
			w.st.writeUnit(w.out, c, &w.res)
			return nil, false
		}
		select {
		case u, open := <-results:
			if !open {
				return nil, false
			}
			w.pending[u.seq] = u
			if u, ok := w.pending[w.next]; ok {
				return u, true
			}
		case <-time.After(time.Millisecond):
		}
	}
}

// drainInBackground receives what is still in flight after the batch
// stopped early, and frees the slots, so that no goroutine stays blocked
// on them.
func (st *state[T]) drainInBackground(results <-chan *job[T]) {
	go func() {
		for {
			select {
			case _, ok := <-results:
				if !ok {
					return
				}
			case <-st.slots:
			}
		}
	}()
}

// writeUnit copies u's output and notes to the streams, in order.
func (st *state[T]) writeUnit(out *bufio.Writer, u *Unit, res *Result) {
	at := 0
	for _, n := range u.notes {
		if _, err := out.Write(u.Out[at:n.at]); err != nil && res.WriteErr == nil {
			res.WriteErr = err
		}
		at = n.at
		out.Flush() // keep stderr and stdout in order on a shared terminal
		fmt.Fprintln(st.cfg.Stderr, n.msg)
	}
	if _, err := out.Write(u.Out[at:]); err != nil && res.WriteErr == nil {
		res.WriteErr = err
	}
	res.Answered += u.Records
	res.Bad += u.Bad
	res.Limit += u.Limit
	if u.ioErr != nil && res.ReadErr == nil {
		res.ReadErr = u.ioErr
	}
}

// readAll is the reader: it reads the inputs in turn into units.
func (st *state[T]) readAll() {
	defer close(st.jobs)
	seq := 0
	sendErr := func(input int, err error) {
		st.send(&job[T]{Unit: &Unit{ioErr: err, notes: []note{{0, "pdbsolve: " + err.Error()}}}}, input, &seq)
	}
	if st.cfg.Source != nil {
		err := st.cfg.Source(func(u *Unit, items T) bool {
			if st.stop.Load() {
				return false
			}
			st.send(&job[T]{Unit: u, items: items}, 0, &seq)
			return true
		})
		if err != nil && !st.stop.Load() {
			sendErr(0, err)
		}
		return
	}
	for i, name := range st.cfg.Inputs {
		if st.stop.Load() {
			return
		}
		r, closeInput, err := Open(name, st.cfg.Stdin)
		if err != nil {
			sendErr(i, err)
			continue
		}
		err = st.readInput(r, i, InputName(name), &seq)
		closeInput()
		if err != nil {
			sendErr(i, fmt.Errorf("%s: %w", InputName(name), err))
		}
	}
}

// ErrOutput is returned (wrapped) by CheckOutput for an output file that
// cannot be written.
var ErrOutput = errors.New("cannot write the output")

// accessWrite is access(2)'s W_OK.
const accessWrite = 2

// ErrSameInput is returned (wrapped) by CheckNotInput for an output file
// that is one of the run's inputs.
var ErrSameInput = errors.New("an input of the run: writing it would overwrite the input; choose another file")

// CheckNotInput is the one check, before any work, that the file path a
// flag writes ("" for none) is none of the run's inputs (standard input,
// "-", is no file): it returns an error naming flag and path and wrapping
// ErrSameInput when path and an input are the same existing file
// (os.SameFile: however spelled, through links too).
func CheckNotInput(flag, path string, inputs ...string) error {
	out, err := os.Stat(path)
	if path == "" || path == "-" || err != nil {
		return nil // a missing file is no input, a file that cannot be read no output
	}
	for _, in := range inputs {
		if st, err := os.Stat(in); in != "-" && err == nil && os.SameFile(out, st) {
			same := ""
			if in != path {
				same = "the same file as " + in + ", "
			}
			return fmt.Errorf("%s %s: %s%w", flag, path, same, ErrSameInput)
		}
	}
	return nil
}

// CheckOutput is the one check, before any work, that an output file can
// be written: it returns an error naming flag (such as "-o" or "--plot")
// and wrapping ErrSameInput when path is one of inputs (CheckNotInput), or
// wrapping ErrOutput when path ("" for none) can be neither written nor
// created (checkWritable), or cannot be opened for writing as the run will
// open it, which catches what permissions do not (a directory; a file
// system that takes no new file, as /proc, even for root). An existing
// regular file is opened without truncation and closed; a new one is
// created and removed at once; anything else (a FIFO, a terminal) is left
// unopened, since opening may block.
func CheckOutput(flag, path string, inputs ...string) error {
	if path == "" {
		return nil
	}
	if err := CheckNotInput(flag, path, inputs...); err != nil {
		return err
	}
	err := checkWritable(path)
	if st, serr := os.Stat(path); err == nil && (serr != nil || st.Mode().IsRegular() || st.IsDir()) {
		mode := os.O_WRONLY
		if serr != nil {
			mode |= os.O_CREATE | os.O_EXCL
		}
		f, oerr := os.OpenFile(path, mode, 0o644)
		if oerr != nil {
			err = fmt.Errorf("%w %s: %v", ErrOutput, path, oerr)
		} else if f.Close(); serr != nil {
			os.Remove(path)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", flag, err)
	}
	return nil
}

// checkWritable returns an error wrapping ErrOutput when path can be
// neither written nor created: an existing file must be writable, a new
// one's directory must exist and be writable. It creates nothing.
func checkWritable(path string) error {
	target := path
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		target = filepath.Dir(path)
		if st, err := os.Stat(target); err != nil {
			return fmt.Errorf("%w %s: %v", ErrOutput, path, err)
		} else if !st.IsDir() {
			return fmt.Errorf("%w %s: %s is not a directory", ErrOutput, path, target)
		}
	}
	if err := syscall.Access(target, accessWrite); err != nil {
		return fmt.Errorf("%w %s: %s: %v", ErrOutput, path, target, err)
	}
	return nil
}

// Inputs returns the inputs a command names, args, or "-" (standard
// input) when it names none.
func Inputs(args []string) []string {
	if len(args) == 0 {
		return []string{"-"}
	}
	return args
}

// Open opens the input called name, stdin for "-", and returns a function
// that closes it (stdin stays open).
func Open(name string, stdin io.Reader) (io.Reader, func(), error) {
	if name == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// send hands u to the workers as the next unit of input.
func (st *state[T]) send(u *job[T], input int, seq *int) {
	st.slots <- struct{}{}
	u.seq, u.input = *seq, input
	if u.Name == "" && input < len(st.cfg.Inputs) {
		u.Name = InputName(st.cfg.Inputs[input])
	}
	*seq++
	st.read.Add(int64(u.Records))
	st.jobs <- u
}

// readInput cuts one input into units (Reader's chunks) and sends them. A
// record longer than MaxRecord becomes a unit of its own with Err
// ErrTooLong, reported by a worker as one bad record. When the batch has an
// end test, the reader stops at the first line that passes it.
func (st *state[T]) readInput(r io.Reader, input int, name string, seq *int) error {
	cfg := st.cfg
	c := NewReader(r, cfg.Split)
	for !st.done[input].Load() && !st.stop.Load() {
		data, line, err := c.Next()
		switch {
		case err == io.EOF:
			return nil
		case err == ErrTooLong:
			st.send(&job[T]{Unit: &Unit{Name: name, Line: line, Records: 1, Err: ErrTooLong}}, input, seq)
			continue
		case err != nil:
			return err
		}
		if cfg.First == nil {
			if n := st.answered(name, line, data); n > 0 {
				n = st.count(data, n)
				c.Recycle(data)
				st.send(&job[T]{Unit: &Unit{Name: name, Line: line, Records: n, done: true}}, input, seq)
				continue
			}
			_, records, end, found := st.scanLines(data)
			u := &Unit{Name: name, Line: line, Data: data[:end], Records: st.count(data[:end], records)}
			if cfg.Done != nil && end > 0 && cfg.Done(name, line, line+lineCount(u.Data)-1) {
				c.Recycle(data)
				u.Data, u.done = nil, true
			}
			st.send(&job[T]{Unit: u}, input, seq)
			if found {
				return nil // the input's end line: read no further
			}
			continue
		}
		// One unit a record, each in a buffer of its own.
		for rest := data; len(rest) > 0; {
			n := max(cfg.First(rest), 1)
			lines, records, end, found := st.scanLines(rest[:n])
			u := &Unit{Name: name, Line: line, Data: append([]byte(nil), rest[:end]...), Records: st.count(rest[:end], min(records, 1))}
			st.send(&job[T]{Unit: u}, input, seq)
			if found {
				return nil
			}
			line += lines
			rest = rest[n:]
		}
		c.Recycle(data)
	}
	return nil
}

// count returns the records of data, a unit's, for Result: Config.Count's,
// else lines, the records counted by lines.
func (st *state[T]) count(data []byte, lines int) int {
	if st.cfg.Count == nil {
		return lines
	}
	return st.cfg.Count(data)
}

// answered returns the number of lines of data, a chunk of input name from
// line on, when Config.Done says every one of them was answered, else 0.
// Each such line holds a record answered before, so none is blank or an
// end line: the lines are counted, not looked at (a chunk with an end line
// is not all answered, and goes through scanLines).
func (st *state[T]) answered(name string, line int, data []byte) int {
	if st.cfg.Done == nil {
		return 0
	}
	if n := lineCount(data); n > 0 && st.cfg.Done(name, line, line+n-1) {
		return n
	}
	return 0
}

// Reader cuts one input into chunks of whole records, as Run's reader
// does. Each chunk takes at most ChunkSize new bytes (more only for one long
// record), so chunks stay small whatever buffer the pool hands out. A record
// longer than MaxRecord is skipped to the end of its last line.
type Reader struct {
	r         io.Reader
	split     SplitFunc
	line      int    // the line the next chunk starts on
	carry     []byte // what was read after the last chunk
	eof       bool   // the input has ended
	afterSkip bool   // carry follows a skipped record: it may hold whole records
	err       error  // the read error after a skipped record, for the next call
}

// NewReader returns a Reader of r whose records split cuts (nil:
// splitLines).
func NewReader(r io.Reader, split SplitFunc) *Reader {
	if split == nil {
		split = splitLines
	}
	br, ok := r.(*bufio.Reader)
	if !ok { // large reads bypass its buffer once it is drained
		br = bufio.NewReaderSize(r, bomBuf)
	}
	SkipBOM(br)
	return &Reader{r: br, split: split, line: 1}
}

// BOM is the UTF-8 byte order mark some editors start a text file with.
// Every reader of inputs (boards, and records read back) skips it at the
// start of an input (SkipBOM), so the first record reads as the others do.
const BOM = "\ufeff"

// bomBuf is the buffer NewReader peeks a mark with: bufio's least.
const bomBuf = 16

// SkipBOM discards the BOM br starts with, if any (call it before
// anything is read from br), and returns the bytes it discarded: 0 or
// len(BOM), for a reader counting the input's bytes.
func SkipBOM(br *bufio.Reader) int {
	if b, _ := br.Peek(len(BOM)); string(b) == BOM {
		n, _ := br.Discard(len(BOM))
		return n
	}
	return 0
}

// Next returns the next chunk of whole records and the line (1-based) it
// starts on. For a record longer than MaxRecord it returns no chunk and
// ErrTooLong with the record's first line. At the end of the input it
// returns io.EOF; another error is the input's. The chunk is the caller's,
// who may hand it back with Recycle.
func (c *Reader) Next() (chunk []byte, line int, err error) {
	if c.err != nil {
		return nil, c.line, c.err
	}
	buf := append(getBuf(&inPool, len(c.carry)+ChunkSize), c.carry...)
	limit := len(buf) + ChunkSize // where this chunk stops reading; cap(buf) >= limit
	// Records end at a newline or at the end of the input: look for one
	// only when new bytes may hold it, so a long line arriving in small
	// reads is not rescanned each time.
	check := c.eof || c.afterSkip && bytes.IndexByte(buf, '\n') >= 0
	c.afterSkip = false
	for {
		if check {
			if k := c.split(buf, c.eof); k > 0 || c.eof {
				return c.cut(buf, k)
			}
		}
		if len(buf) == limit { // no record ends in what was read
			if len(buf) > MaxRecord {
				return c.skip(buf)
			}
			// Grow for one long record.
			limit = min(max(2*len(buf), len(buf)+ChunkSize), MaxRecord+1)
			if cap(buf) < limit {
				buf = append(make([]byte, 0, limit), buf...)
			}
		}
		n, err := c.r.Read(buf[len(buf):limit])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			c.eof = true
		} else if err != nil {
			return nil, c.line, err
		}
		check = c.eof || bytes.IndexByte(buf[len(buf)-n:], '\n') >= 0
	}
}

// cut returns buf[:k] as the next chunk, keeping the rest for the next;
// io.EOF when there is none.
func (c *Reader) cut(buf []byte, k int) ([]byte, int, error) {
	c.carry = append(c.carry[:0], buf[k:]...)
	line := c.line
	if k == 0 {
		putBuf(&inPool, buf)
		return nil, line, io.EOF
	}
	c.line += bytes.Count(buf[:k], []byte{'\n'})
	return buf[:k], line, nil
}

// skip reports the record that fills buf as ErrTooLong at its first line
// and reads on to the end of its last line.
func (c *Reader) skip(buf []byte) ([]byte, int, error) {
	line := c.line
	c.line += bytes.Count(buf, []byte{'\n'}) + 1
	n, err := skipLine(c.r, buf[:min(cap(buf), ChunkSize)])
	if err == io.EOF {
		c.eof = true
	} else if err != nil {
		c.err = err
	}
	c.carry = append(c.carry[:0], buf[:n]...)
	c.afterSkip = true
	putBuf(&inPool, buf)
	return nil, line, ErrTooLong
}

// Recycle hands back a chunk Next returned, for reuse: the caller must not
// use it after.
func (c *Reader) Recycle(chunk []byte) { putBuf(&inPool, chunk) }

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

// scanLines counts the lines and the records (lines holding more than
// white space) of data and, when the batch has an end test, finds the first
// line that passes it: it returns the counts of lines through that one and
// of records before it, the length of data before it, and whether it was
// found.
func (st *state[T]) scanLines(data []byte) (lines, records, end int, found bool) {
	for pos := 0; pos < len(data); {
		i := bytes.IndexByte(data[pos:], '\n')
		next := len(data)
		if i >= 0 {
			next = pos + i + 1
			lines++
		}
		text := data[pos:next]
		if st.cfg.EndLine != nil && st.cfg.EndLine(text) {
			return lines, records, pos, true
		}
		if !isBlank(text) {
			records++
		}
		pos = next
	}
	return lines, records, len(data), false
}

// lineCount returns the number of lines of data, a last one without its
// newline included.
func lineCount(data []byte) int {
	n := bytes.Count(data, []byte{'\n'})
	if len(data) > 0 && data[len(data)-1] != '\n' {
		n++
	}
	return n
}

// isBlank reports whether b holds only ASCII white space.
func isBlank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f' {
			return false
		}
	}
	return true
}
