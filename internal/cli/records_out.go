package cli

import (
	"errors"
	"fmt"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// checkOutputFlags checks -o and --resume before any work
// (record.CheckOutputFile): a usage error, or an error reading the file.
func checkOutputFlags(path string, resume bool) error {
	err := record.CheckOutputFile(path, resume)
	if errors.Is(err, record.ErrOutputFile) {
		return withCode(ExitUsage, err)
	}
	return withCode(ExitIO, err)
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
	out, dropped, err := record.OpenOutput(path, p)
	if dropped > 0 {
		fmt.Fprintf(g.Stderr, "pdbsolve: --resume: %s: dropped the unfinished line %d\n", path, dropped)
	}
	return out, withCode(ExitIO, err)
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
