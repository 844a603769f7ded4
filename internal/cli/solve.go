package cli

import (
	"errors"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/solve"
)

// newSolveCmd returns "solve" with its puzzles.
func newSolveCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solve PUZZLE [FILE|-]...",
		Short: "Solve a batch of boards optimally",
		Long: longHelp(`Solve boards read from the files given (or standard input) and print one
answer per board, in input order, whatever the number of workers.
A bad record gets an error naming its file and line; the batch goes on.
`),
	}
	return choiceGroup(cmd, "puzzle", puzzles...)
}

// solveFlags are the flags the solve commands share but --heuristic:
// --format, the inputs, --shard, --instances, -o and --resume.
type solveFlags struct {
	Format outputFormat
	Inputs []string
	selectionFlags
	out record.RunFile // -o and --resume

	sel  puzzle.Selection // set by complete
	opts solve.Options    // its Plan set by complete, the puzzle's flags bound to the rest
}

func (f *solveFlags) register(cmd *cobra.Command) {
	f.selectionFlags.register(cmd)
	cmd.Flags().StringVarP(&f.out.Path, "output", "o", "", "write the answers to this file as JSON Lines (a header line first), in input order")
	cmd.Flags().BoolVar(&f.out.Resume, "resume", false, "with -o: continue the run the file holds, skipping the boards answered")
}

// complete takes the plan of the heuristic (or err, why there is none)
// and reads the selection.
func (f *solveFlags) complete(plan *puzzle.Plan, err error) error {
	if err != nil {
		return withCode(ExitUsage, err)
	}
	f.opts.Plan = plan
	f.sel, err = f.selectionFlags.parse()
	return err
}

// runSolve solves the boards of f's inputs of p as f.opts says (its
// heuristic, goal and limits; the rest comes from f and g), progress a line
// an iteration with lines, and writes the answers.
func runSolve[B any](g *globalOptions, p puzzle.Family[B], f *solveFlags, lines bool) error {
	o := &f.opts
	rc := o.RecordConfig(p, &f.sel, f.Instances, f.Inputs)
	if err := f.out.Check(rc); err != nil {
		return outputError(err)
	}
	defer f.out.Release()
	c := &puzzle.Check{Sel: &f.sel, Plans: []*puzzle.Plan{o.Plan}, Few: g.workers(), Split: &o.Split}
	if err := precheck(g, p, f.Inputs, c); err != nil {
		return err
	}
	if err := solve.Resume(p, g.open, &g.Stdin, o, f.out.Prior, &f.sel, rc); err != nil { // the inputs are the run's
		return outputError(err)
	}
	o.Workers = g.workers()
	o.JSON, o.AOJ = f.Format == formatJSON || f.out.Path != "", f.Format == formatAOJ
	cfg, err := solve.Batch(p, g.cache, o)
	if err != nil {
		return withCode(ExitTable, err)
	}
	if f.out.Path != "" {
		if err := openRunFile(g, &f.out, g.provenance(), rc); err != nil {
			return err
		}
		cfg.Stdout = f.out.Out
	}
	cfg.Inputs = f.Inputs
	var unmatched atomic.Bool
	if !f.sel.All() {
		cfg.Source = solve.Units(p, g.open, f.Inputs, &f.sel, func(n int) { unmatched.Store(f.sel.Warn(g.Stderr, n)) })
	}
	o.Tracker = newRunTracker(g, "solve", lines) // the handlers take it as the batch starts
	o.Tracker.Clear = true
	err = runBatch(g, cfg)
	o.Tracker.Finish(nil)
	if err == nil && unmatched.Load() {
		err = withCode(ExitBadInput, errSilent)
	}
	err = finishSolve(&f.out, err)
	if p := f.out.Prior; p != nil && (err == nil || isSilent(err, ExitLimit)) && p.Done.Failed+p.Done.Censored > 0 {
		err = withCode(map[bool]int{true: ExitBadInput, false: ExitLimit}[p.Done.Failed > 0], errSilent) // as the resumed run exited
	}
	return err
}

// finishSolve closes -o's file; err is the batch's. (The batch wrote the
// records of the runs in flight on an interrupt, in order.)
func finishSolve(f *record.RunFile, err error) error {
	var ee *exitError
	interrupted := errors.As(err, &ee) && ee.code >= ExitSignal
	if cerr := f.Close(); cerr != nil && (err == nil || !interrupted && isSilent(err, ExitLimit)) {
		return withCode(ExitIO, cerr) // (Close of no output only lets the file's lock go)
	}
	return err
}
