package cli

import (
	"errors"
	"fmt"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// outputError gives an error of an output's checks (record.RunFile's, of -o
// and --resume; batch.CheckOutput's) its exit status: usage for one wrapping
// record.ErrOutputFile or batch.ErrSameInput, else I/O.
func outputError(err error) error {
	if errors.Is(err, record.ErrOutputFile) || errors.Is(err, batch.ErrSameInput) {
		return withCode(ExitUsage, err)
	}
	return withCode(ExitIO, err)
}

// openRunFile opens f once the tables are loaded and writes its header of
// prov and cfg, noting on stderr an unfinished last line it dropped.
func openRunFile(g *globalOptions, f *record.RunFile, prov record.Provenance, cfg *record.Config) error {
	dropped, err := f.Open(g.Stdout, &record.Header{Provenance: prov, Config: cfg})
	if dropped > 0 {
		fmt.Fprintf(g.Stderr, "pdbsolve: --resume: %s: dropped the unfinished line %d\n", f.Path, dropped)
	}
	return outputError(err)
}
