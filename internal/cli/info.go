package cli

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/plot"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// infoOptions are the flags of "info".
type infoOptions struct {
	g    *globalOptions
	File string
	Plot string
}

func newInfoCmd(g *globalOptions) *cobra.Command {
	o := &infoOptions{g: g}
	cmd := &cobra.Command{
		Use:   "info FILE",
		Short: "Check a table file and describe it",
		Long: longHelp(`Read a table file, check all of it as solve checks a table it loads (header, sizes, checksums, value counts and, for a table pdbsolve builds, the entries against the pinned checksum), and print its header, the histogram of its stored values and their mean (of a 1-bit table, the histogram of its bits, bit 1 of each cost, not decoded, and no mean; of a move-pruning automaton, its board, depth, move order and states instead, and --plot is refused, exit 2: no values to draw); --plot draws it, in moves where the values convert to them (docs/design.md). A file not opened exits 4, one that fails a check 3; one whose entries are not the pinned ones is printed with "checksum ... BAD" and exits 3, as does a misnamed table.
`),
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			return runInfo(o)
		},
	}
	cmd.Flags().StringVar(&o.Plot, "plot", "", "draw the histogram of values to this .svg or .png file")
	return cmd
}

func runInfo(o *infoOptions) error {
	if err := checkPlot(o.Plot); err != nil {
		return err
	}
	t, err := pdb.ReadFile(o.File, "", "")
	if err != nil { // not opened or read: exit 4; else the table is bad
		return orIO(ExitTable, err)
	}
	if err := plot.Drawable(&t.Header); o.Plot != "" && err != nil { // before the description
		return usageError("--plot %s: %s: %v", o.Plot, o.File, err)
	}
	w := bufio.NewWriter(o.g.Stdout)
	ierr := report.WriteTableInfo(w, o.File, t)
	if err := w.Flush(); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	if err := errors.Join(ierr, pdb.CheckStored(o.File, t)); err != nil {
		return withCode(ExitTable, fmt.Errorf("%s: %v: solve would not take it for the table its name says", o.File, err))
	}
	if o.Plot == "" {
		return nil
	}
	h, err := plot.TableHistogram(t)
	if err != nil { // entries that do not add up
		return withCode(ExitTable, fmt.Errorf("--plot %s: %v", o.Plot, err))
	}
	if err := plot.Table(h, o.Plot); err != nil {
		return withCode(ExitIO, fmt.Errorf("--plot %s: %v", o.Plot, err))
	}
	return nil
}
