package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// prior is what a resumed output file holds already.
type prior struct {
	stream *record.Stream
	// byInstance maps a bench instance's number to its finished runs,
	// byLine a solve record's input and line (lineKey) to whether it was
	// answered; interrupted runs are not finished.
	byInstance map[int][]record.Run
	byLine     map[string]bool
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
	s, err := record.ReadOutput(path)
	if err != nil {
		return nil, withCode(ExitUsage, fmt.Errorf("--resume: %w", err))
	}
	p := &prior{stream: s, byInstance: map[int][]record.Run{}, byLine: map[string]bool{}}
	if s.Size == 0 {
		return p, nil
	}
	if len(s.Configs) == 0 {
		return nil, usageError("--resume: %s has no configuration header: it is not an output of bench or solve -o", path)
	}
	want := *cfg
	want.Inputs = s.Configs[0].Inputs // instances are known by number and board, not by the inputs' spelling
	if d := s.Configs[0].Diff(&want, path, "this run"); len(d) > 0 {
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

// openRunOutput opens path for the records, appending after the whole
// records of a resumed file (an unfinished last line is dropped, with a
// note), or returns standard output when path is "".
func openRunOutput(g *globalOptions, path string, p *prior) (*record.Output, error) {
	if path == "" {
		return record.NewOutput(g.Stdout), nil
	}
	keep := int64(0)
	if p != nil {
		keep = p.stream.Size
		if p.stream.Truncated > 0 {
			fmt.Fprintf(g.Stderr, "pdbsolve: --resume: %s: dropped the unfinished line %d\n", path, p.stream.Truncated)
		}
	}
	out, err := record.AppendOutput(path, keep)
	if err != nil {
		return nil, withCode(ExitIO, err)
	}
	return out, nil
}

// closeRunOutput closes out, turning a write error into exit status 4.
func closeRunOutput(out *record.Output, path string) error {
	if err := out.Close(); err != nil {
		if path == "" {
			path = "standard output"
		}
		return withCode(ExitIO, fmt.Errorf("writing %s: %w", path, err))
	}
	return nil
}
