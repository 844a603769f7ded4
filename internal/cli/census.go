package cli

import (
	"bufio"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// newCensusCmd returns "census" with its puzzles.
func newCensusCmd(puzzles ...*cobra.Command) *cobra.Command {
	return choiceGroup(&cobra.Command{
		Use:   "census PUZZLE",
		Short: "Count the boards at each optimal solution length",
		Long: longHelp(`Count every board of a puzzle by its optimal solution length, from the
tables alone, with no search.
`),
	}, "puzzle", puzzles...)
}

// censusRotationOptions are the flags of "census rotation".
type censusRotationOptions struct {
	g         *globalOptions
	Format    outputFormat
	Antipodes string
}

func newCensusRotationCmd(g *globalOptions) *cobra.Command {
	o := &censusRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation",
		Short: "Count every Rotation Game board by its optimal solution length",
		Long: longHelp(`Count all 24!/(8!)^3 = 9,465,511,770 Rotation Game boards by the length of
their optimal solutions, read off the distance table using the board's
symmetries. Text output: "LENGTH COUNT" for each length from 0 to the
maximum, then "total N", "max L" and "at_max N" (the boards at the
maximum); --format json the same as one JSON object. --antipodes FILE
writes the boards at the maximum length to FILE, one a line in judge
format, sorted.
`),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCensusRotation(o) },
	}
	formatFlag(cmd, &o.Format, formatText, formatText, formatJSON)
	cmd.Flags().StringVar(&o.Antipodes, "antipodes", "", "write the boards at the maximum length to this file")
	return cmd
}

func runCensusRotation(o *censusRotationOptions) error {
	cache, err := o.g.cache()
	if err != nil {
		return err
	}
	if err := batch.CheckOutput("--antipodes", o.Antipodes, cache.Path(pdb.RotationSpec())); err != nil { // before the work
		return outputError(err) // the table it reads is an input
	}
	dist, err := cache.Load(pdb.RotationSpec())
	if err != nil {
		return withCode(ExitTable, err)
	}
	var onProgress func(pdb.Progress)
	if o.g.stderrTTY {
		onProgress = progress.StatusPrinter(o.g.Stderr, func(pdb.Progress) string { return "census  boards" })
	}
	workers := o.g.workers()
	start := time.Now()
	c, err := pdb.RotationCensus(dist, workers, onProgress)
	if err != nil {
		return withCode(ExitTable, err)
	}
	elapsed := time.Since(start)
	if o.Antipodes != "" {
		boards, err := c.Antipodes()
		if err != nil {
			return withCode(ExitTable, err)
		}
		if err := report.WriteRotationBoardsFile(o.Antipodes, boards); err != nil {
			return withCode(ExitIO, err)
		}
	}
	w := bufio.NewWriter(o.g.Stdout)
	if o.Format == formatJSON {
		report.WriteCensusJSON(w, c, workers, elapsed)
	} else {
		report.WriteCensusText(w, c)
		if err := w.Flush(); err != nil { // the table before the summary on a shared terminal
			return withCode(ExitIO, err)
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: counted %d boards (%d mask orbits) in %v with %s\n",
			c.Total, c.Orbits, elapsed.Round(time.Millisecond), report.Count(workers, "worker"))
	}
	return withCode(ExitIO, w.Flush())
}
