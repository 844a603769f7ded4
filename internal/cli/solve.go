package cli

import (
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
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
	return puzzleGroup(cmd, puzzles...)
}

// solveFlags are the flags the solve commands share but --heuristic:
// --format, the inputs, --shard, --instances, -o and --resume.
type solveFlags struct {
	Format outputFormat
	Inputs []string
	selectionFlags
	out record.RunFile // -o and --resume

	sel  puzzle.Selection // set by complete
	plan *puzzle.Plan     // set by complete
}

func (f *solveFlags) register(cmd *cobra.Command) {
	f.selectionFlags.register(cmd)
	cmd.Flags().StringVarP(&f.out.Path, "output", "o", "", "write the answers to this file as JSON Lines (a header line first), each as it completes")
	cmd.Flags().BoolVar(&f.out.Resume, "resume", false, "with -o: continue the run the file holds, skipping the boards answered")
}

// runSolve solves the boards of f's inputs of p as o says (its heuristic,
// goal and limits; the rest comes from f and g), progress a line an
// iteration with lines, and writes the answers.
func runSolve[B any](g *globalOptions, p puzzle.Family[B], f *solveFlags, o *puzzle.SolveOptions, lines bool) error {
	rc := &record.Config{Command: "solve", Puzzle: p.RecordName(), Goal: p.GoalName(o.Goal),
		Heuristics: []string{o.Plan.Name}, MaxNodes: o.Limits.MaxNodes, TimeoutNS: o.Limits.Timeout.Nanoseconds(),
		Repeat: 1, Shard: f.sel.Shard.String(), Instances: f.Instances, Inputs: f.Inputs}
	if err := f.out.Check(rc); err != nil {
		return runFileError(err)
	}
	c := &puzzle.Check{Sel: &f.sel, Plans: []*puzzle.Plan{o.Plan}, Outputs: []string{f.out.Path}, Few: g.workers()}
	if err := precheck(g, p, f.Inputs, &o.Split, c); err != nil {
		return err
	}
	if f.out.Prior != nil {
		if answered := f.out.Prior.Answered(); answered != nil {
			f.sel.Skip = func(input string, line int) bool { return answered(batch.RecordInput(input), line) }
		}
	}
	o.Workers = g.workers()
	o.JSON, o.AOJ = f.Format == formatJSON || f.out.Path != "", f.Format == formatAOJ
	cfg, err := p.SolveBatch(g.cache, o)
	if err != nil {
		return withCode(ExitTable, err)
	}
	if f.out.Path != "" {
		if err := openRunFile(g, &f.out, g.provenance(), rc); err != nil {
			return err
		}
		cfg.Stdout = f.out.Out.Writer()
	}
	cfg.Inputs = f.Inputs
	var unmatched atomic.Bool
	if !f.sel.All() {
		cfg.Source = puzzle.Units(p, g.open, f.Inputs, &f.sel, func(n int) { unmatched.Store(f.sel.Warn(g.Stderr, n)) })
	}
	o.Tracker = newRunTracker(g, "solve", lines) // the handlers take it as the batch starts
	o.Tracker.Clear = true
	err = runBatch(g, cfg)
	o.Tracker.Finish(false)
	if err == nil && unmatched.Load() {
		err = withCode(ExitBadInput, errSilent)
	}
	return finishSolve(g, &f.out, err, o.Tracker.InFlight(), o.JSON)
}

// finishSolve writes the records of the runs still in flight after an
// interrupt (interrupted) and closes -o's file; err is the batch's.
func finishSolve(g *globalOptions, f *record.RunFile, err error, inflight []record.Run, asJSON bool) error {
	var ee *exitError
	interrupted := errors.As(err, &ee) && ee.code >= ExitSignal
	for i := 0; interrupted && i < len(inflight); i++ {
		r := &inflight[i]
		if f.Out != nil {
			f.Out.WriteRun(r)
		} else if asJSON {
			if _, werr := g.Stdout.Write(record.AppendRun(nil, r)); werr != nil {
				return withCode(ExitIO, fmt.Errorf("writing output: %w", werr))
			}
		}
		fmt.Fprintf(g.Stderr, "pdbsolve: %s:%d: %s\n", batch.InputName(r.Input), r.Line, r.Error)
	}
	if f.Out != nil {
		if cerr := f.Close(); cerr != nil && (err == nil || !interrupted && isSilent(err, ExitLimit)) {
			return withCode(ExitIO, cerr)
		}
	}
	return err
}
