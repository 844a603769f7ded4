package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// runOutput is where the records of bench (and solve -o) go as each run
// completes: the -o FILE, or standard output. Every record is one write of
// a whole line, so a file can be watched with tail -f and holds only whole
// records but for the line a killed process was writing. Its methods are
// safe for concurrent use.
type runOutput struct {
	mu     sync.Mutex
	w      io.Writer
	file   *os.File // the -o FILE, nil for standard output
	path   string
	err    error // the first write error
	closed bool  // after an interrupt: no more runs are taken
	buf    []byte
}

// prior is what a resumed output file holds already.
type prior struct {
	stream *record.Stream
	// done maps an instance (bench: its number; solve: input and line) to
	// its finished runs; interrupted runs are not done.
	byInstance map[int][]record.Run
	byLine     map[string]bool // solve: "input\x00line" of the records answered
}

// checkOutputFlags checks -o and --resume before any work: --resume needs
// -o, and -o onto an existing non-empty file needs --resume.
func checkOutputFlags(path string, resume bool) error {
	if path == "" {
		if resume {
			return usageError("--resume: name the output to continue with -o FILE")
		}
		return nil
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return usageError("-o %s: a directory", path)
	case err == nil && st.Size() > 0 && !resume:
		return usageError("-o %s: the file exists and is not empty: pass --resume to continue it, or remove it", path)
	case err != nil && !os.IsNotExist(err):
		return withCode(ExitIO, err)
	}
	return nil
}

// readPrior reads the output file path of an earlier run to resume, and
// checks that its configuration is cfg's: a field that differs is a usage
// error naming it. A missing or empty file is no prior run.
func readPrior(path string, cfg *record.Config) (*prior, error) {
	p := &prior{byInstance: map[int][]record.Run{}, byLine: map[string]bool{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return p, nil
	}
	if err != nil {
		return nil, withCode(ExitIO, err)
	}
	s, err := record.ReadStream(f, path)
	f.Close()
	if err != nil {
		return nil, withCode(ExitUsage, fmt.Errorf("--resume: %w", err))
	}
	p.stream = s
	if s.Size == 0 {
		return p, nil
	}
	if len(s.Configs) == 0 {
		return nil, usageError("--resume: %s has no configuration header: it is not an output of bench or solve -o", path)
	}
	want := *cfg
	want.Inputs = s.Configs[0].Inputs // instances are known by number and board, not by the inputs' spelling
	if d := report.ConfigDiff(&s.Configs[0], &want, path, "this run"); len(d) > 0 {
		return nil, usageError("--resume: %s was written by another run: %s", path, strings.Join(d, "; "))
	}
	for _, r := range s.Runs {
		if r.Status == record.StatusInterrupted {
			continue
		}
		if r.Instance > 0 {
			p.byInstance[r.Instance] = append(p.byInstance[r.Instance], r)
		}
		p.byLine[lineKey(r.Input, r.Line)] = true
	}
	return p, nil
}

// lineKey names a record by its input and line.
func lineKey(input string, line int) string { return fmt.Sprintf("%s\x00%d", input, line) }

// checkTables reports tables whose checksums differ from the prior run's
// as a usage error naming the table.
func (p *prior) checkTables(path string, now record.Provenance) error {
	if p.stream == nil {
		return nil
	}
	have := map[string]string{}
	for _, h := range p.stream.Headers {
		for _, t := range h.Tables {
			have[t.Name] = t.Checksum
		}
	}
	for _, t := range now.Tables {
		if c, ok := have[t.Name]; ok && c != t.Checksum {
			return usageError("--resume: %s used table %s with checksum %s; this run's has %s", path, t.Name, c, t.Checksum)
		}
	}
	return nil
}

// openRunOutput opens path for the records (appending after the whole
// records of a resumed file, dropping an unfinished last line), or returns
// standard output when path is "".
func openRunOutput(g *globalOptions, path string, p *prior) (*runOutput, error) {
	if path == "" {
		return &runOutput{w: g.Stdout}, nil
	}
	if p != nil && p.stream != nil {
		if err := os.Truncate(path, p.stream.Size); err != nil {
			return nil, withCode(ExitIO, err)
		}
		if p.stream.Truncated > 0 {
			fmt.Fprintf(g.Stderr, "pdbsolve: --resume: %s: dropped the unfinished line %d\n", path, p.stream.Truncated)
		}
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, withCode(ExitIO, err)
	}
	return &runOutput{w: f, file: f, path: path}, nil
}

// writeLine writes b, whole lines, unless the output is closed; it
// reports whether it was written.
func (o *runOutput) writeLine(b []byte) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.writeLocked(b)
}

func (o *runOutput) writeLocked(b []byte) bool {
	if o.closed || o.err != nil {
		return false
	}
	if _, err := o.w.Write(b); err != nil {
		o.err = err
		return false
	}
	return true
}

// writeRun writes one run.
func (o *runOutput) writeRun(r *record.Run) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.buf = record.AppendRun(o.buf[:0], r)
	return o.writeLocked(o.buf)
}

// writeHeader writes a provenance header with cfg.
func (o *runOutput) writeHeader(prov record.Provenance, cfg *record.Config) {
	b, err := json.Marshal(record.Header{Provenance: prov, Config: cfg})
	if err == nil {
		o.writeLine(append(b, '\n'))
	}
}

// writeSummary writes the last line of a bench output.
func (o *runOutput) writeSummary(sum record.Summary, rep *report.Report) {
	b, err := json.Marshal(struct {
		Summary record.Summary `json:"summary"`
		Report  *report.Report `json:"report"`
	}{sum, rep})
	if err == nil {
		o.writeLine(append(b, '\n'))
	}
}

// close closes the file, returning the first write or close error.
func (o *runOutput) close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.closed = true
	if o.file != nil {
		if err := o.file.Close(); err != nil && o.err == nil {
			o.err = err
		}
		o.file = nil
	}
	if o.err != nil {
		name := o.path
		if name == "" {
			name = "standard output"
		}
		return withCode(ExitIO, fmt.Errorf("writing %s: %w", name, o.err))
	}
	return nil
}

// writer returns the output's writer for a batch; nil (standard output)
// for a nil output.
func (o *runOutput) writer() io.Writer {
	if o == nil {
		return nil
	}
	return o.w
}
