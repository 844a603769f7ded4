package record

import (
	"fmt"
	"os"
	"strings"
)

// Prior is what the output file of an earlier run holds, for a run that
// resumes it (bench or solve --resume -o FILE), read in one pass: its
// headers, where a writer appends, and what is done. A solve output keeps
// only the set of lines answered, per input; a bench output keeps the
// finished runs, which its report counts.
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

	last       int                 // bench: the largest instance number in byInstance
	byInstance map[int][]Run       // bench: instance number to its finished runs
	answered   map[string]*lineSet // solve: input (as records name it) to its lines answered
}

// ReadPrior reads the output file path of an earlier run to resume and
// checks that its configuration is cfg's (but for the spelling of the
// inputs: instances are known by number and board). An error names the
// field that differs, or says why the file is not such an output. A missing
// or empty file is no prior run: a Prior with nothing done.
func ReadPrior(path string, cfg *Config) (*Prior, error) {
	p := &Prior{byInstance: map[int][]Run{}, answered: map[string]*lineSet{}}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return p, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := NewScanner(f, path)
	for sc.Scan() {
		switch sc.Kind() {
		case KindHeader:
			h := sc.Header()
			p.Headers = append(p.Headers, h.Provenance)
			if p.Config == nil && h.Config != nil {
				c := *h.Config
				p.Config = &c
				if err := p.checkConfig(path, cfg); err != nil {
					return nil, err
				}
				sc.Brief = c.Command != "bench" // a solve output's lines answered are all it needs
			}
		case KindRun:
			if p.Config == nil {
				return nil, fmt.Errorf("%s has no configuration header: it is not an output of bench or solve -o", path)
			}
			p.add(sc.Run())
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	p.Size, p.Truncated, p.MissingNewline = sc.Size(), sc.Truncated(), sc.MissingNewline()
	if p.Size > 0 && p.Config == nil {
		return nil, fmt.Errorf("%s has no configuration header: it is not an output of bench or solve -o", path)
	}
	return p, nil
}

// checkConfig checks the file's configuration against cfg's.
func (p *Prior) checkConfig(path string, cfg *Config) error {
	want := *cfg
	want.Inputs = p.Config.Inputs
	if d := p.Config.Diff(&want, path, "this run"); len(d) > 0 {
		return fmt.Errorf("%s was written by another run: %s", path, strings.Join(d, "; "))
	}
	return nil
}

// add takes one run of the file.
func (p *Prior) add(r *Run) {
	if r.Status == StatusInterrupted {
		return
	}
	p.Done.Count(r.Status)
	if p.Config.Command == "bench" {
		if r.Instance > 0 {
			p.byInstance[r.Instance] = append(p.byInstance[r.Instance], *r)
			p.last = max(p.last, r.Instance)
		}
		return
	}
	set := p.answered[r.Input]
	if set == nil {
		set = &lineSet{}
		p.answered[r.Input] = set
	}
	set.add(r.Line)
}

// LastInstance returns the largest bench instance number with a finished
// run, 0 for none.
func (p *Prior) LastInstance() int { return p.last }

// Instance returns the finished runs of bench instance number n.
func (p *Prior) Instance(n int) []Run { return p.byInstance[n] }

// Answered reports whether the record of input (as records name it) at
// line was answered; Answered is nil when no record was.
func (p *Prior) Answered() func(input string, line int) bool {
	if len(p.answered) == 0 {
		return nil
	}
	var last string
	var set *lineSet
	return func(input string, line int) bool {
		if set == nil || input != last {
			last, set = input, p.answered[input]
		}
		return set.has(line)
	}
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
