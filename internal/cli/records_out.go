package cli

import (
	"fmt"
	"os"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

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

// readPrior reads the output file path of an earlier run to resume (see
// record.ReadPrior); what is wrong with it is a usage error.
func readPrior(path string, cfg *record.Config) (*record.Prior, error) {
	p, err := record.ReadPrior(path, cfg)
	if err != nil {
		return nil, withCode(ExitUsage, fmt.Errorf("--resume: %w", err))
	}
	return p, nil
}

// checkTables reports tables whose checksums differ from those of the run
// of p as a usage error naming the table.
func checkTables(p *record.Prior, path string, now record.Provenance) error {
	if p == nil {
		return nil
	}
	if err := p.CheckTables(path, now); err != nil {
		return withCode(ExitUsage, fmt.Errorf("--resume: %w", err))
	}
	return nil
}

// openRunOutput opens path for the records, appending after the whole
// records of a resumed file (an unfinished last line is dropped, with a
// note), or returns standard output when path is "".
func openRunOutput(g *globalOptions, path string, p *record.Prior) (*record.Output, error) {
	if path == "" {
		return record.NewOutput(g.Stdout), nil
	}
	keep := int64(0)
	if p != nil {
		keep = p.Stream.Size
		if p.Stream.Truncated > 0 {
			fmt.Fprintf(g.Stderr, "pdbsolve: --resume: %s: dropped the unfinished line %d\n", path, p.Stream.Truncated)
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
