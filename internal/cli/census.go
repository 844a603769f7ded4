package cli

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// newCensusCmd returns "census" with its puzzles.
func newCensusCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "census PUZZLE",
		Short: "Count the boards at each optimal solution length",
		Long: `Count every board of a puzzle by its optimal solution length, from the
tables alone, with no search.

` + exitCodeHelp,
	}
	cmd.AddCommand(puzzles...)
	return puzzleGroup(cmd)
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
		Short: "Count all 9,465,511,770 Rotation Game boards by optimal solution length",
		Long: `Count all 24!/(8!)^3 = 9,465,511,770 Rotation Game boards by the length of
their optimal solutions, read off the distance table (a board needs the least
distance of its three symbols' cells), using the 8 symmetries of the board and
the relabellings of the symbols to cut the work.

Text output is one line "LENGTH COUNT" for each length from 0 to the
maximum, then "total N", "max L" and "at_max N", the number of boards at the
maximum length. --format json writes the same as one JSON object.
--antipodes FILE writes every board at the maximum length to FILE in judge
format, one board a line, in sorted order.

` + exitCodeHelp,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCensusRotation(o) },
	}
	formatFlag(cmd, &o.Format, formatText, formatText, formatJSON)
	cmd.Flags().StringVar(&o.Antipodes, "antipodes", "", "write the boards at the maximum length to this file")
	return cmd
}

func runCensusRotation(o *censusRotationOptions) (err error) {
	// Open the antipodes file first, so a bad path fails before the work.
	var antipodes *os.File
	if o.Antipodes != "" {
		f, err := os.Create(o.Antipodes)
		if err != nil {
			return withCode(ExitIO, err)
		}
		defer func() {
			f.Close()
			if err != nil {
				os.Remove(o.Antipodes) // no partial or empty file on failure
			}
		}()
		antipodes = f
	}
	cache, err := o.g.cache()
	if err != nil {
		return err
	}
	dist, err := cache.Load(pdb.RotationSpec())
	if err != nil {
		return withCode(ExitTable, err)
	}
	var progress func(pdb.Progress)
	if o.g.stderrTTY {
		progress = censusProgressPrinter(o.g.Stderr)
	}
	workers := o.g.workers()
	start := time.Now()
	c, err := pdb.RotationCensus(dist, workers, progress)
	if progress != nil {
		progress(pdb.Progress{Done: true})
	}
	if err != nil {
		return withCode(ExitTable, err)
	}
	elapsed := time.Since(start)
	if antipodes != nil {
		boards, err := c.Antipodes()
		if err != nil {
			return withCode(ExitTable, err)
		}
		if err := writeCensusBoards(antipodes, boards); err != nil {
			return withCode(ExitIO, fmt.Errorf("%s: %w", o.Antipodes, err))
		}
	}
	w := bufio.NewWriter(o.g.Stdout)
	if o.Format == formatJSON {
		writeCensusJSON(w, c, workers, elapsed)
	} else {
		writeCensusText(w, c)
		if err := w.Flush(); err != nil { // the table before the summary on a shared terminal
			return withCode(ExitIO, err)
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: counted %d boards (%d mask orbits) in %v with %d workers\n",
			c.Total, c.Orbits, elapsed.Round(time.Millisecond), workers)
	}
	return withCode(ExitIO, w.Flush())
}

// writeCensusJSON writes the census as one JSON object and a newline.
func writeCensusJSON(w io.Writer, c *pdb.Census, workers int, elapsed time.Duration) {
	b, _ := json.Marshal(record.Census{Puzzle: pdb.RotationPuzzle, Counts: c.Counts, Total: c.Total, Max: c.Max,
		AtMax: c.AtMax(), Orbits: c.Orbits, Workers: workers, TimeNS: elapsed.Nanoseconds()})
	w.Write(append(b, '\n'))
}

// writeCensusText writes the census as "LENGTH COUNT" lines and a summary.
func writeCensusText(w io.Writer, c *pdb.Census) {
	for l, n := range c.Counts {
		fmt.Fprintf(w, "%d %d\n", l, n)
	}
	fmt.Fprintf(w, "total %d\nmax %d\nat_max %d\n", c.Total, c.Max, c.AtMax())
}

// writeCensusBoards writes boards in judge format, one a line, and closes f.
func writeCensusBoards(f *os.File, boards []bitboard.Rotation) error {
	w := bufio.NewWriter(f)
	buf := make([]byte, 0, 2*bitboard.RotationCells)
	for _, b := range boards {
		buf = append(b.AppendText(buf[:0]), '\n')
		w.Write(buf)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// censusProgressPrinter returns a progress callback that redraws one status
// line on a terminal: boards counted, percent, elapsed.
func censusProgressPrinter(w io.Writer) func(pdb.Progress) {
	return progress.StatusPrinter(w, func(pdb.Progress) string { return "census  boards" })
}
