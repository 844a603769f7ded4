package cli

import (
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// newSolveCmd returns "solve" with its puzzles.
func newSolveCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solve PUZZLE [FILE|-]...",
		Short: "Solve a batch of boards optimally",
		Long: `Solve boards read from the files given (or standard input) and print one
answer per board, in input order, whatever the number of workers.
A bad record gets an error naming its file and line; the batch goes on.

` + exitCodeHelp,
	}
	cmd.AddCommand(puzzles...)
	return puzzleGroup(cmd)
}

func inputsOrStdin(args []string) []string {
	if len(args) == 0 {
		return []string{"-"}
	}
	return args
}

// solveFlags are the flags the solve commands share but --heuristic:
// --format, the inputs, --shard, --instances, -o and --resume.
type solveFlags struct {
	Format outputFormat
	Inputs []string
	selectionFlags
	out solveOutputFlags

	sel puzzle.Selection // set by complete
}

func (f *solveFlags) register(cmd *cobra.Command) {
	f.selectionFlags.register(cmd)
	f.out.register(cmd)
}

// runSolve solves the boards of f's inputs of p as o says (its heuristic,
// goal and limits; the rest comes from f and g), progress a line an
// iteration with lines, and writes the answers.
func runSolve[B any](g *globalOptions, p puzzle.Family[B], f *solveFlags, o *puzzle.SolveOptions, lines bool) error {
	sout, err := f.out.prepare(&record.Config{Command: "solve", Puzzle: p.RecordName(), Goal: p.GoalName(o.Goal),
		Heuristics: []string{o.Heuristic}, MaxNodes: o.Limits.MaxNodes, TimeoutNS: o.Limits.Timeout.Nanoseconds(),
		Repeat: 1, Shard: f.sel.Shard.String(), Instances: f.Instances, Inputs: f.Inputs}, &f.sel)
	if err != nil {
		return err
	}
	o.Workers = g.workers()
	o.JSON, o.AOJ = f.Format == formatJSON || f.out.Output != "", f.Format == formatAOJ
	cfg, err := p.SolveBatch(g.cache, o)
	if err != nil {
		return withCode(ExitTable, err)
	}
	if cfg.Stdout, err = sout.open(g); err != nil {
		return err
	}
	cfg.Inputs = f.Inputs
	var unmatched atomic.Bool
	if !f.sel.All() {
		cfg.Source = puzzle.Units(p, g.open, f.Inputs, &f.sel, func(n int) { unmatched.Store(warnUnmatched(g, &f.sel, n)) })
	}
	o.Tracker = newRunTracker(g, "solve", lines) // the handlers take it as the batch starts
	o.Tracker.Clear = true
	err = runBatch(g, cfg)
	o.Tracker.Finish(false)
	if err == nil && unmatched.Load() {
		err = withCode(ExitBadInput, errSilent)
	}
	return sout.finish(g, err, o.Tracker.InFlight(), o.JSON)
}
