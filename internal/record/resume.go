package record

import (
	"fmt"
	"strings"
)

// Prior is what the output file of an earlier run holds, for a run that
// resumes it (bench or solve --resume -o FILE).
type Prior struct {
	Stream *Stream // the file as read
	// byInstance maps a bench instance's number to its finished runs,
	// byLine a solve record's input and line (lineKey) to whether it was
	// answered; interrupted runs are not finished.
	byInstance map[int][]Run
	byLine     map[string]bool
}

// ReadPrior reads the output file path of an earlier run to resume and
// checks that its configuration is cfg's (but for the spelling of the
// inputs: instances are known by number and board). An error names the
// field that differs, or says why the file is not such an output. A missing
// or empty file is no prior run: a Prior with nothing done.
func ReadPrior(path string, cfg *Config) (*Prior, error) {
	s, err := readOutput(path)
	if err != nil {
		return nil, err
	}
	p := &Prior{Stream: s, byInstance: map[int][]Run{}, byLine: map[string]bool{}}
	if s.Size == 0 {
		return p, nil
	}
	if len(s.Configs) == 0 {
		return nil, fmt.Errorf("%s has no configuration header: it is not an output of bench or solve -o", path)
	}
	want := *cfg
	want.Inputs = s.Configs[0].Inputs
	if d := s.Configs[0].Diff(&want, path, "this run"); len(d) > 0 {
		return nil, fmt.Errorf("%s was written by another run: %s", path, strings.Join(d, "; "))
	}
	for _, r := range s.Runs {
		if r.Status == StatusInterrupted {
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

// Instance returns the finished runs of bench instance number n.
func (p *Prior) Instance(n int) []Run { return p.byInstance[n] }

// Answered reports whether the record of input (as records name it) at
// line was answered; Answered is nil when no record was.
func (p *Prior) Answered() func(input string, line int) bool {
	if len(p.byLine) == 0 {
		return nil
	}
	return func(input string, line int) bool { return p.byLine[lineKey(input, line)] }
}

// checkTables returns an error naming the first table of now whose
// checksum differs from the one the file's run used.
func (p *Prior) checkTables(path string, now Provenance) error {
	have := map[string]string{}
	for _, h := range p.Stream.Headers {
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
