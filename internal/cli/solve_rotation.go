package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// solveRotationOptions are the flags of "solve rotation".
type solveRotationOptions struct {
	g *globalOptions
	solveFlags
	Heuristic string
}

func newSolveRotationCmd(g *globalOptions) *cobra.Command {
	o := &solveRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation [FILE|-]...",
		Short: "Solve Rotation Game boards (HDU 1667 / POJ 2286 / UVa 1343)",
		Long: longHelp(`Solve Rotation Game boards, read as judges' solutions read them: 24 symbols
1-3 a board in cell order, separated by ASCII white space wherever the line
breaks fall; a lone 0 where a board would start ends an input; blank lines
are skipped (docs/puzzles.md). --format judge: two lines a board, the
shortest, then dictionary-smallest, move string ("No moves needed" for a
solved board) and the centre's symbol; a bad board gets an error on stderr
naming its file and line, and no output. --format json: one record a line
for every board, bad ones included, with its statistics (docs/records.md).
`, puzzle.SelectionHelp, record.OutputHelp, progress.RotationInterruptHelp),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = batch.Inputs(args)
			return runSolveRotation(o)
		},
	}
	formatFlag(cmd, &o.Format, formatJudge, formatJudge, formatJSON)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", puzzle.RotationExact, "heuristic: exact (path table), exact-ida (IDA* with the exact table) or count")
	cmd.Flags().BoolVar(&o.opts.Strict, "strict", false, "stop at the first bad board")
	o.solveFlags.register(cmd)
	return cmd
}

// complete checks the flags, before any table is read.
func (o *solveRotationOptions) complete() error {
	return o.solveFlags.complete((puzzle.Rotation{}).Plan(o.Heuristic))
}

func runSolveRotation(o *solveRotationOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	return runSolve(o.g, puzzle.Rotation{}, &o.solveFlags, false)
}
