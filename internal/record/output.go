package record

import (
	"encoding/json"
	"io"
	"os"
	"sync"
)

// Output is a JSON Lines output that runs are appended to as they
// complete: a file (bench -o, solve -o) or standard output. Every Write is
// one write of whole lines, so a file can be watched with tail -f and holds
// whole records but for the line a killed process was writing. Its methods
// are safe for concurrent use.
type Output struct {
	mu      sync.Mutex
	w       io.Writer
	file    *os.File // nil for a writer the Output does not own
	err     error    // the first write error
	stopped bool
	buf     []byte
}

// NewOutput returns an Output writing to w, which it does not close.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

// AppendOutput opens the file path for appending after its first keep
// bytes (a resumed output's whole records: what ReadStream left in
// Stream.Size), creating it if need be.
func AppendOutput(path string, keep int64) (*Output, error) {
	if keep >= 0 {
		if err := os.Truncate(path, keep); err != nil && !os.IsNotExist(err) {
			return nil, err
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return &Output{w: f, file: f}, nil
}

// Writer returns what the Output writes to, for a writer of its own (a
// batch writing answers in order).
func (o *Output) Writer() io.Writer { return o.w }

// WriteLine writes b, whole lines, and reports whether it was written: not
// after Stop, Close or a write error.
func (o *Output) WriteLine(b []byte) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.writeLocked(b)
}

func (o *Output) writeLocked(b []byte) bool {
	if o.stopped || o.err != nil {
		return false
	}
	if _, err := o.w.Write(b); err != nil {
		o.err = err
		return false
	}
	return true
}

// WriteRun writes one run as AppendRun does.
func (o *Output) WriteRun(r *Run) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf = AppendRun(o.buf[:0], r)
	return o.writeLocked(o.buf)
}

// WriteJSON writes v as one line of JSON: a header or a summary.
func (o *Output) WriteJSON(v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		o.mu.Lock()
		o.err = err
		o.mu.Unlock()
		return false
	}
	return o.WriteLine(append(b, '\n'))
}

// Close stops the Output, closes its file and returns the first write or
// close error.
func (o *Output) Close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.stopped = true
	if o.file != nil {
		if err := o.file.Close(); err != nil && o.err == nil {
			o.err = err
		}
		o.file = nil
	}
	return o.err
}

// ReadOutput reads the output file path of an earlier run (see ReadStream);
// a missing file is an empty stream.
func ReadOutput(path string) (*Stream, error) {
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return &Stream{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadStream(f, path)
}
