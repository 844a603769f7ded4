package record

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
)

// Prior is what the output file of an earlier run holds, for a run that
// resumes it (bench or solve --resume -o FILE), read in one pass: its
// headers, where a writer appends, and what is done. A solve output keeps
// only the set of lines answered, per input, and the boards of its first
// and last lines answered (Spots); a bench output keeps the
// finished runs, which its report counts. Of a Rotation solve, whose lines
// may hold several boards, the last line answered may have been cut after
// some of its boards: its records (and any header after them) are left
// out, Size ending before them, so the resumed run solves that line again
// whole.
type Prior struct {
	Headers []Provenance // the provenance of each session, in order
	Config  *Config      // the first session's configuration; nil for an empty file
	// Size is the length in bytes of the whole records: where a resumed
	// writer appends. Truncated is the line of an unfinished last line
	// dropped (its writer was killed), 0 when there is none.
	Size      int64
	Truncated int
	// MissingNewline says the file ends in a whole record without a
	// newline: the writer ends that line first.
	MissingNewline bool
	// Done counts the finished runs by outcome (interrupted runs are not
	// finished: a resumed run solves them again).
	Done Summary

	last       int                  // bench: the largest instance number in byInstance
	byInstance map[int][]Run        // bench: instance number to its finished runs
	answered   map[string]*lineSet  // solve: input (as records name it) to its lines answered
	lastInput  string               // solve: the input of the last run added
	lastSet    *lineSet             // solve: its lines answered
	tail       lineTail             // solve: the runs of the last line answered
	runsSeen   bool                 // solve: a run was read (interrupted ones too)
	spots      map[string]*spotPair // solve: input to its first and last runs with a board
	lastSpots  *spotPair            // solve: lastInput's
	boards     map[string][]Spot    // solve: input to the boards of its spots (Spots)
	path       string               // the file, for messages
}

// lineTail is the last (input, line) of the runs a Prior has read while
// the runs that follow may still be of it; an interrupted run ends it.
type lineTail struct {
	input   string
	line    int
	runs    int   // 0: no tail
	at      int64 // where its first run's line starts in the part read; -1 when unknown (a line of several values)
	headers int   // the headers read before it
	first   bool  // its first run is the first run read
}

// ReadPrior reads the output file path of an earlier run to resume and
// checks that its configuration is cfg's (but for the spelling of the
// inputs: bench knows instances by number and board, solve its inputs by
// position, so a solve must have as many). An error names the
// field that differs, or says why the file is not such an output. A missing
// or empty file is no prior run: a Prior with nothing done.
func ReadPrior(path string, cfg *Config) (*Prior, error) {
	p := newPrior()
	p.path = path
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return p, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := NewScanner(f, path)
	if err := p.scan(sc, path, cfg, true); err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if splits := splitPoints(f, st, sc.Size()); p.Config != nil && err == nil && len(splits) > 2 {
		err = p.scanParts(f, path, splits, sc.Lines())
	} else {
		err = p.scan(sc, path, cfg, false)
		p.Size, p.Truncated, p.MissingNewline = sc.Size(), sc.Truncated(), sc.MissingNewline()
	}
	if err == nil {
		err = p.dropTail(f, path)
	}
	if err == nil {
		err = p.readSpots(f, path)
	}
	if err != nil {
		return nil, err
	}
	if p.Size > 0 && p.Config == nil {
		return nil, fmt.Errorf("%s has no configuration header: it is not an output of bench or solve -o", path)
	}
	return p, nil
}

func newPrior() *Prior {
	return &Prior{byInstance: map[int][]Run{}, answered: map[string]*lineSet{}, spots: map[string]*spotPair{}}
}

// scan reads the values of sc into p: all of them, or with untilConfig up
// to the first configuration header, which it checks against cfg.
func (p *Prior) scan(sc *Scanner, path string, cfg *Config, untilConfig bool) error {
	sc.Brief = p.Config != nil && p.Config.Command != "bench"
	for at, atLine := sc.Size(), sc.Lines(); sc.Scan(); at, atLine = sc.Size(), sc.Lines() {
		switch sc.Kind() {
		case KindHeader:
			h := sc.Header()
			p.Headers = append(p.Headers, h.Provenance)
			if p.Config == nil && h.Config != nil {
				c := *h.Config
				p.Config = &c
				if err := p.checkConfig(path, cfg); err != nil {
					return err
				}
				if untilConfig {
					return nil
				}
			}
		case KindRun:
			if p.Config == nil {
				return fmt.Errorf("%s has no configuration header: it is not an output of bench or solve -o", path)
			}
			if sc.Line() <= atLine { // a value after another on its line: where it starts is not known
				at = -1
			}
			p.add(sc.Run(), at)
		}
		sc.Brief = p.Config != nil && p.Config.Command != "bench" // a solve output's lines answered are all it needs
	}
	return sc.Err()
}

// partBytes is the least a part of an output read by a goroutine of its
// own holds (a variable for tests).
var partBytes int64 = 32 << 20

// splitPoints returns where to cut the regular file f, from byte from on,
// into parts for the cores to read at once: offsets just after a newline
// followed by '{' (the start of a top-level value), from first to the
// file's size; nil for a file too small to cut.
func splitPoints(f *os.File, st os.FileInfo, from int64) []int64 {
	if st == nil || !st.Mode().IsRegular() || st.Size()-from < 2*partBytes {
		return nil
	}
	n := min(int64(runtime.GOMAXPROCS(0)), (st.Size()-from)/partBytes)
	out := []int64{from}
	buf := make([]byte, 1<<16)
	for i := int64(1); i < n; i++ {
		at := from + i*(st.Size()-from)/n
		m, _ := f.ReadAt(buf, at)
		if k := bytes.Index(buf[:m], []byte("\n{")); k >= 0 && at+int64(k)+1 > out[len(out)-1] {
			out = append(out, at+int64(k)+1)
		}
	}
	return append(out, st.Size())
}

// scanParts reads the parts of f between the offsets splits, each in a
// goroutine of its own, and adds them to p in order; lines is the number
// of lines before the first.
func (p *Prior) scanParts(f *os.File, path string, splits []int64, lines int) error {
	parts := make([]*Prior, len(splits)-1)
	scs := make([]*Scanner, len(parts))
	errs := make([]error, len(parts))
	var wg sync.WaitGroup
	for k := range parts {
		parts[k] = newPrior()
		parts[k].Config = p.Config
		scs[k] = NewScanner(io.NewSectionReader(f, splits[k], splits[k+1]-splits[k]), path)
		wg.Go(func() { errs[k] = parts[k].scan(scs[k], path, nil, false) })
	}
	wg.Wait()
	p.Size = splits[0]
	for k, q := range parts {
		var le *lineError
		if errors.As(errs[k], &le) {
			le.line += lines
		}
		if errs[k] != nil {
			return errs[k]
		}
		p.merge(q, p.Size)
		p.Size += scs[k].Size()
		if k == len(parts)-1 {
			p.MissingNewline = scs[k].MissingNewline()
			if t := scs[k].Truncated(); t > 0 {
				p.Truncated = t + lines
			}
		}
		lines += scs[k].Lines()
	}
	return nil
}

// merge adds what q read (the part of the file from byte base on) to p.
func (p *Prior) merge(q *Prior, base int64) {
	headers := len(p.Headers)
	p.Headers = append(p.Headers, q.Headers...)
	p.Done.Add(&q.Done)
	switch {
	case !q.runsSeen: // headers alone: p's tail goes on
	case q.tail.first && q.tail.runs > 0 && p.tail.runs > 0 && q.tail.input == p.tail.input && q.tail.line == p.tail.line:
		p.tail.runs += q.tail.runs // q's runs are all of p's last line
	default:
		p.tail = q.tail
		p.tail.headers += headers
		p.tail.first = q.tail.first && !p.runsSeen
		if p.tail.at >= 0 {
			p.tail.at += base
		}
	}
	p.runsSeen = p.runsSeen || q.runsSeen
	for n, runs := range q.byInstance {
		p.byInstance[n] = append(p.byInstance[n], runs...)
	}
	p.last = max(p.last, q.last)
	p.mergeSpots(q, base)
	for input, set := range q.answered {
		if have := p.answered[input]; have != nil {
			have.union(set)
		} else {
			p.answered[input] = set
		}
	}
}

// checkConfig checks the file's configuration against cfg's.
func (p *Prior) checkConfig(path string, cfg *Config) error {
	want := *cfg
	want.Inputs = p.Config.Inputs
	if d := p.Config.Diff(&want, path, "this run"); len(d) > 0 {
		return fmt.Errorf("%s was written by another run: %s", path, strings.Join(d, "; "))
	}
	if p.Config.Command == "solve" {
		return p.checkInputs(path, cfg.Inputs)
	}
	return nil
}

// add takes one run of the file, whose line starts at byte at of the part
// read (-1 when not known).
func (p *Prior) add(r *Run, at int64) {
	bench := p.Config.Command == "bench"
	if r.Status == StatusInterrupted {
		if !bench { // not a tail's: a resumed run solves it again anyway
			p.tail.runs, p.runsSeen = 0, true
		}
		return
	}
	if bench {
		p.Done.Count(r.Status)
		if r.Instance > 0 {
			p.byInstance[r.Instance] = append(p.byInstance[r.Instance], *r)
			p.last = max(p.last, r.Instance)
		}
		return
	}
	if t := &p.tail; t.runs == 0 || r.Line != t.line || r.Input != t.input {
		t.input, t.line, t.runs, t.at, t.headers, t.first = r.Input, r.Line, 0, at, len(p.Headers), !p.runsSeen
		p.runsSeen = true
	}
	p.tail.runs++
	p.Done.Count(r.Status)
	if r.Input != p.lastInput || p.lastSet == nil { // runs of one input come in long rows: look it up once a row
		p.lastInput, p.lastSet, p.lastSpots = r.Input, p.answered[r.Input], p.spots[r.Input]
		if p.lastSet == nil {
			p.lastSet, p.lastSpots = &lineSet{}, &spotPair{}
			p.answered[r.Input], p.spots[r.Input] = p.lastSet, p.lastSpots
		}
	}
	p.lastSet.add(r.Line)
	if r.Status != StatusError && at >= 0 { // an error's run has no board
		p.lastSpots.take(r.Line, at)
	}
}

// dropTail leaves out of p the runs of the last line answered of a
// Rotation solve output (see Prior), and what follows them, when where
// they start in f is known: it reads them again to take them out of Done.
func (p *Prior) dropTail(f *os.File, path string) error {
	t := p.tail
	if t.runs == 0 || t.at < 0 || p.Config == nil || p.Config.Puzzle != PuzzleRotation {
		return nil
	}
	sc := NewScanner(io.NewSectionReader(f, t.at, p.Size-t.at), path)
	sc.Brief = true
	var d Summary
	for sc.Scan() {
		if sc.Kind() == KindRun && sc.Run().Status != StatusInterrupted {
			d.Count(sc.Run().Status)
		}
	}
	if sc.Err() != nil {
		return sc.Err()
	}
	p.Done.Runs, p.Done.Solved, p.Done.Censored, p.Done.Failed = p.Done.Runs-d.Runs, p.Done.Solved-d.Solved, p.Done.Censored-d.Censored, p.Done.Failed-d.Failed
	p.Size, p.MissingNewline, p.Headers = t.at, false, p.Headers[:t.headers]
	p.answered[t.input].remove(t.line)
	p.tail = lineTail{}
	return nil
}

// LastInstance returns the largest bench instance number with a finished
// run, 0 for none.
func (p *Prior) LastInstance() int { return p.last }

// Instance returns the finished runs of bench instance number n.
func (p *Prior) Instance(n int) []Run { return p.byInstance[n] }

// Answered returns a function reporting whether the record of input (as
// records name it) at line was answered, safe for concurrent use; nil when
// no record was (or p is nil).
func (p *Prior) Answered() func(input string, line int) bool {
	if p == nil || len(p.answered) == 0 {
		return nil
	}
	if len(p.answered) == 1 { // one input (the usual case): no lookup by name for each record
		for name, set := range p.answered {
			return func(input string, line int) bool { return input == name && set.has(line) }
		}
	}
	return func(input string, line int) bool { return p.answered[input].has(line) } // safe for concurrent use
}

// AnsweredLines returns a function reporting whether every line from
// first to last (1-based, first <= last) of input (as records name it) was
// answered, safe for concurrent use; nil when no record was (or p is nil).
// A resumed run's reader drops such a run of lines whole: every record
// starting on them (or whose bad field is on them) is answered.
func (p *Prior) AnsweredLines() func(input string, first, last int) bool {
	if p == nil || len(p.answered) == 0 {
		return nil
	}
	return func(input string, first, last int) bool { return p.answered[input].hasAll(first, last) }
}

// checkTables returns an error naming the first table of now whose
// checksum differs from the one the file's run used.
func (p *Prior) checkTables(path string, now Provenance) error {
	have := map[string]string{}
	for _, h := range p.Headers {
		for _, t := range h.Tables {
			have[t.Name] = t.Checksum
		}
	}
	for _, t := range now.Tables {
		if c, ok := have[t.Name]; ok && c != t.Checksum {
			return fmt.Errorf("%s used table %s with checksum %s; this run's has %s", path, t.Name, c, t.Checksum)
		}
	}
	return nil
}

// lineChunk is the number of lines a lineSet chunk covers: 64 Ki lines in
// 8 KiB.
const lineChunk = 1 << 16

// lineSet is a set of positive line numbers: a bitmap in chunks of
// lineChunk lines, allocated as lines fall in them, so a million lines
// answered take 128 KiB and a few far apart a chunk each.
type lineSet struct {
	chunks []*[lineChunk / 64]uint64
	far    map[int]bool // lines past maxChunks chunks
}

// maxChunks bounds a lineSet's chunk index: lines past 2^32 are kept in a
// map.
const maxChunks = 1 << 16

func (s *lineSet) add(line int) {
	c := line / lineChunk
	if c >= maxChunks {
		if s.far == nil {
			s.far = map[int]bool{}
		}
		s.far[line] = true
		return
	}
	for len(s.chunks) <= c {
		s.chunks = append(s.chunks, nil)
	}
	if s.chunks[c] == nil {
		s.chunks[c] = new([lineChunk / 64]uint64)
	}
	i := line % lineChunk
	s.chunks[c][i/64] |= 1 << (i % 64)
}

// union adds the lines of o to s.
func (s *lineSet) union(o *lineSet) {
	for c, chunk := range o.chunks {
		if chunk == nil {
			continue
		}
		for len(s.chunks) <= c {
			s.chunks = append(s.chunks, nil)
		}
		if s.chunks[c] == nil {
			s.chunks[c] = chunk
			continue
		}
		for i, w := range chunk {
			s.chunks[c][i] |= w
		}
	}
	for line := range o.far {
		s.add(line)
	}
}

// remove takes line out of s.
func (s *lineSet) remove(line int) {
	c := line / lineChunk
	switch {
	case line < 0:
	case c >= maxChunks:
		delete(s.far, line)
	case c < len(s.chunks) && s.chunks[c] != nil:
		i := line % lineChunk
		s.chunks[c][i/64] &^= 1 << (i % 64)
	}
}

// has reports whether line is in s; a nil s is empty.
func (s *lineSet) has(line int) bool {
	if s == nil || line < 0 {
		return false
	}
	c := line / lineChunk
	if c >= maxChunks {
		return s.far[line]
	}
	if c >= len(s.chunks) || s.chunks[c] == nil {
		return false
	}
	i := line % lineChunk
	return s.chunks[c][i/64]&(1<<(i%64)) != 0
}

// hasAll reports whether every line from first to last is in s: false for
// a nil s or an empty range.
func (s *lineSet) hasAll(first, last int) bool {
	if s == nil || first < 0 || last < first {
		return false
	}
	for line := first; line <= last; {
		c := line / lineChunk
		if c >= maxChunks {
			if !s.far[line] {
				return false
			}
			line++
			continue
		}
		if c >= len(s.chunks) || s.chunks[c] == nil {
			return false
		}
		// The lines of this chunk's word holding line, from line on.
		i := line % lineChunk
		n := min(64-i%64, last-line+1)
		mask := (uint64(1)<<n - 1) << (i % 64) // 1<<64 is 0 in Go: n == 64 gives every bit
		if s.chunks[c][i/64]&mask != mask {
			return false
		}
		line += n
	}
	return true
}
