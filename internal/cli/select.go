package cli

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// open opens an input ("-" is standard input) and returns a function that
// closes it: a puzzle.Opener.
func (g *globalOptions) open(name string) (io.Reader, func(), error) {
	r, closeInput, err := batch.Open(name, g.Stdin)
	if err != nil {
		return nil, nil, withCode(ExitIO, err)
	}
	return r, closeInput, nil
}

// precheck makes the checks of a run of p that need no table before its
// first table is loaded or built (puzzle.Precheck), their error with its
// exit status (precheckError). It sets c.Split for the boards found.
func precheck[B any](g *globalOptions, p puzzle.Family[B], inputs []string, c *puzzle.Check) error {
	c.Cache = g.cache
	_, err := puzzle.Precheck(p, g.open, inputs, c)
	return precheckError(err)
}

// precheckError returns err, puzzle.Precheck's, with its exit status: 1 for
// the inputs' records, 3 for a table, 4 for an input or output; inputs
// holding no record end the run here, with their message and status 0.
func precheckError(err error) error {
	var ee *exitError
	switch {
	case err == nil || errors.As(err, &ee):
		return err
	case errors.Is(err, puzzle.ErrNoRecords):
		return withCode(ExitOK, err)
	case errors.Is(err, puzzle.ErrNoMatch), errors.Is(err, puzzle.ErrBoardSize), errors.Is(err, puzzle.ErrNoBoard):
		return withCode(ExitBadInput, err)
	case errors.Is(err, puzzle.ErrStdinTwice):
		return withCode(ExitUsage, err)
	case errors.Is(err, pdb.ErrTooBig):
		return withCode(ExitTable, err)
	}
	return withCode(ExitIO, err)
}

// isSilent reports whether err is the already-reported failure with exit
// status code.
func isSilent(err error, code int) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == code && ee.err == errSilent
}

// selectionFlags are --shard and --instances.
type selectionFlags struct {
	Shard     string
	Instances string
}

// register adds the flags to cmd.
func (f *selectionFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.Shard, "shard", "", "only shard K/N: every N-th record from the K-th (0-based), counted across the inputs")
	cmd.Flags().Var((*puzzle.InstancesValue)(&f.Instances), "instances", "only these records, numbered from 1 across the inputs: such as 40,38,25 or 1-10")
}

// parse reads the flags into a selection: a usage error naming the flag.
func (f *selectionFlags) parse() (puzzle.Selection, error) {
	sel, err := puzzle.ParseSelection(f.Shard, f.Instances)
	return sel, withCode(ExitUsage, err)
}
