package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// Output is a JSON Lines output that records are appended to: a file
// (bench -o, solve -o) or standard output, the runs written in input order
// by a batch (Write), the header and summary lines by WriteJSON. Every
// write is one of whole lines (a batch's but where its buffer fills), so a
// file can be watched with tail -f and holds whole records but for the
// line a killed process was writing. Its methods are safe for concurrent
// use.
type Output struct {
	mu      sync.Mutex
	w       io.Writer
	file    *lazyFile // nil for a writer the Output does not own
	err     error     // the first write error
	stopped bool
}

// NewOutput returns an Output writing to w, which it does not close.
func NewOutput(w io.Writer) *Output { return &Output{w: w} }

// appendOutput opens the file path for appending after its first keep
// bytes (a resumed output's whole records: what a Scanner read, Size),
// creating it if need be.
func appendOutput(path string, keep int64) (*Output, error) {
	f := &lazyFile{path: path, keep: keep}
	if err := f.open(); err != nil {
		return nil, err
	}
	return &Output{w: f, file: f}, nil
}

// lazyFile is an output file that is written to only once a record is:
// its first Write (or flush) cuts the file to the earlier run's whole
// records, opens it for appending and writes prefix (a newline ending the
// earlier run's last line, the session's header) before the data, so a
// run refused on the way writes nothing.
type lazyFile struct {
	path   string
	keep   int64  // bytes of the earlier run kept; -1 to keep all
	prefix []byte // written first
	f      *os.File
}

// open cuts and opens the file and writes the prefix.
func (l *lazyFile) open() error {
	if l.keep >= 0 {
		if st, err := os.Stat(l.path); err == nil && st.Mode().IsRegular() && st.Size() > l.keep {
			if err := os.Truncate(l.path, l.keep); err != nil {
				return err
			}
		}
	}
	f, err := os.OpenFile(l.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	l.f = f
	if len(l.prefix) > 0 {
		_, err = f.Write(l.prefix)
	}
	return err
}

// Write writes b, opening the file first.
func (l *lazyFile) Write(b []byte) (int, error) {
	if l.f == nil {
		if err := l.open(); err != nil {
			return 0, err
		}
	}
	return l.f.Write(b)
}

// close writes the prefix when nothing was written (unless discard) and
// closes the file.
func (l *lazyFile) close(discard bool) error {
	if l.f == nil {
		if discard {
			return nil
		}
		if err := l.open(); err != nil {
			return err
		}
	}
	err := l.f.Close()
	l.f = nil
	return err
}

// ErrOutputFile is returned (wrapped, with the reason) by CheckOutputFile
// for a file a run cannot write its records to.
var ErrOutputFile = errors.New("the output file cannot take the run")

// outputFileError is an ErrOutputFile whose message is the reason alone.
type outputFileError string

func (e outputFileError) Error() string        { return string(e) }
func (e outputFileError) Is(target error) bool { return target == ErrOutputFile }

// CheckOutputFile checks, before any work, that the file path of a run's
// records (bench or solve -o; "" for standard output) can take them: not
// "-" (standard output is the default), not a directory and, unless the run resumes it (--resume, which needs a file),
// missing or empty. Errors wrap ErrOutputFile, but for os.Stat's and a
// directory's, which wraps batch.ErrOutput (an output that cannot be
// written, as batch.CheckOutput finds it).
func CheckOutputFile(path string, resume bool) error {
	if path == "" {
		if resume {
			return outputFileError("--resume: name the output to continue with -o FILE")
		}
		return nil
	}
	if path == "-" { // "-" is standard input among the inputs; an output file is a file
		return outputFileError("-o -: the records go to standard output without -o; -o names a file")
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("-o: %w %s: a directory", batch.ErrOutput, path)
	case err == nil && st.Size() > 0 && !resume:
		return outputFileError(fmt.Sprintf("-o %s: the file exists and is not empty: pass --resume to continue it, or remove it", path))
	case err != nil && !os.IsNotExist(err):
		return err
	}
	return nil
}

// openOutput returns the Output of path for the records of a run
// appending after the whole records of the earlier run p resumes (nil for
// none: the file is emptied), header h first; nothing is written before
// its first record (or Close). dropped is the line number of the
// unfinished last line of p's file it drops, 0 for none.
func openOutput(path string, p *Prior, h []byte) (out *Output, dropped int) {
	f := &lazyFile{path: path, prefix: h}
	if p != nil {
		f.keep, dropped = p.Size, p.Truncated
		if p.MissingNewline {
			f.prefix = append([]byte{'\n'}, h...)
		}
	}
	return &Output{w: f, file: f}, dropped
}

// Write writes b, for a writer of its own (a batch writing records in
// input order, whole lines but where its buffer fills), and returns its
// length and nil, or 0 and the first write error, which makes Failed true;
// after Close or Discard it writes nothing and returns errClosed.
func (o *Output) Write(b []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case o.writeLocked(b):
		return len(b), nil
	case o.err != nil:
		return 0, o.err
	}
	return 0, errClosed
}

// errClosed is the error of a Write after Close.
var errClosed = errors.New("write to a closed output")

// writeLine writes b, whole lines, and reports whether it was written: not
// after Close, Discard or a write error.
func (o *Output) writeLine(b []byte) bool {
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

// writeHeader writes h, the first line of an output (and of each session
// a resumed output appends), as one line of JSON.
func (o *Output) writeHeader(h *Header) bool { return o.WriteJSON(h) }

// WriteJSON writes v as one line of JSON: a header or a summary.
func (o *Output) WriteJSON(v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		o.mu.Lock()
		o.err = err
		o.mu.Unlock()
		return false
	}
	return o.writeLine(append(b, '\n'))
}

// Failed reports whether a write failed: the run stops.
func (o *Output) Failed() bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err != nil
}

// Close stops the Output, closes its file (writing the header if no record
// was) and returns the first write or close error.
func (o *Output) Close() error { return o.close(false) }

// Discard stops the Output and closes its file without writing the header
// if no record was written: a run refused after its output was opened
// leaves the file as it found it.
func (o *Output) Discard() error { return o.close(true) }

func (o *Output) close(discard bool) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.stopped = true
	if o.file != nil {
		if err := o.file.close(discard || o.err != nil); err != nil && o.err == nil {
			o.err = err
		}
		o.file = nil
	}
	return o.err
}

// readOutput reads the output file path of an earlier run (see ReadStream);
// a missing file is an empty stream.
func readOutput(path string) (*Stream, error) {
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
