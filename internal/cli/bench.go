package cli

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/internal/plot"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// benchOptions are the flags of "bench".
type benchOptions struct {
	g          *globalOptions
	Puzzle     string
	Heuristics []string
	MaxNodes   uint64
	Timeout    time.Duration
	compareFlags
	Goal     bitboard.Goal
	Repeat   int
	Size     puzzle.SizeValue
	Split    puzzle.SplitMode
	Prune    search.TilesPruning
	Order    search.TilesOrder
	Progress bool
	Output   record.RunFile // -o and --resume
	Inputs   []string
	selectionFlags

	// Set by complete.
	puzzle  puzzle.Puzzle
	plans   []*puzzle.Plan // of each heuristic
	sel     puzzle.Selection
	workers int // -j, else 1: instances run one at a time
}

// benchHelp is the long help of bench.
var benchHelp = `Solve every instance under every heuristic, in input order, and compare them.
PUZZLE is ` + puzzle.WantList() + `.
Heuristics: rotation's exact (the path table: no search, no nodes),
exact-ida (IDA* with the exact table) and count; sliding tiles solve's names.

The summary (standard output, also with -o; docs/records.md) gives per
heuristic the instances solved, censored (stopped by --max-nodes or
--timeout: a result, not a failure) and in error; nodes and time over all
instances (a censored run at what it reached, marked ">=") and over those
every heuristic solved, against --baseline (default: the first); the mean
h at the root and optimal length. Heuristics that disagree on an optimal
length are named on stderr and make the exit status 1. --format csv starts
with "# key: value" provenance lines; json is JSON Lines (a header, one run
a line, the summary; with -o only the report line). --repeat N reports the
median time of N solves and its spread (max-min)/median.

Instances run one at a time (-j 1) unless -j is given; tables built on
first use take all cores, or -j's workers. For sliding tiles --split gives
the -j workers to one instance at a time instead. Whatever -j, runs are
written in input order, an instance's together in the order of the
heuristics, each instance once it and those before it are done. Memory
stays flat (but with --per-instance or --plot). "pdbsolve bench report"
merges the outputs of shards.
`

// maxRepeat bounds --repeat.
const maxRepeat = 1000

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &benchOptions{g: g}
	cmd := &cobra.Command{
		Use:   "bench PUZZLE [FILE|-]...",
		Short: "Compare heuristics on the same instances",
		Long:  longHelp(benchHelp, puzzle.SelectionHelp, record.OutputHelp, progress.InterruptHelp, progress.Help),
		Args:  puzzleArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle = args[0]
			o.Inputs = batch.Inputs(args[1:])
			o.workers = 1
			if cmd.Flags().Changed("workers") {
				o.workers = o.g.workers()
			}
			return runBench(o)
		},
	}
	cmd.Flags().Var(puzzle.HeuristicList{Names: &o.Heuristics}, "heuristic", "comma-separated heuristics to compare (required)")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "censor a run after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, fmt.Sprintf("censor a run after this long (0: no limit; checked every %d generated nodes)", search.LimitCheckEvery))
	o.compareFlags.register(cmd)
	goalFlag(cmd, &o.Goal, "sliding-tile goal: blank-first or blank-last")
	cmd.Flags().IntVar(&o.Repeat, "repeat", 1, "solve each instance this many times (median time and spread)")
	cmd.Flags().Var(&o.Size, "size", "with tiles: "+puzzle.TilesSizeHelp)
	splitFlag(cmd, &o.Split, "sliding tiles: all workers on one instance at a time: auto, on or off")
	pruneFlag(cmd, &o.Prune)
	orderFlag(cmd, &o.Order)
	o.selectionFlags.register(cmd)
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a sliding-tile search iteration on stderr")
	cmd.Flags().StringVarP(&o.Output.Path, "output", "o", "", "write the records to this file as JSON Lines, in input order")
	cmd.Flags().BoolVar(&o.Output.Resume, "resume", false, "with -o: continue the run the file holds, skipping the runs done")
	cmd.AddCommand(newBenchReportCmd(g))
	return cmd
}

// complete checks the flags of bench, before any table is read, and sets
// the puzzle and the selection.
func (o *benchOptions) complete() (err error) {
	if o.puzzle, o.plans, err = puzzle.Lookup(o.Puzzle, o.Size.Size, o.Heuristics...); err != nil {
		return withCode(ExitUsage, err) // the puzzle first: the heuristics are its
	}
	if err := search.CheckHeuristicList(o.Heuristics); err != nil {
		return usageError("--heuristic: %v", err)
	}
	if err := checkPlot(o.Plot); err != nil {
		return err
	}
	if o.Repeat < 1 || o.Repeat > maxRepeat {
		return usageError("--repeat %d: want 1 to %d runs an instance", o.Repeat, maxRepeat)
	}
	if err := checkTimeout(o.Timeout); err != nil {
		return err
	}
	if o.Baseline != "" && !slices.Contains(o.Heuristics, o.Baseline) {
		return usageError("--baseline %q: not among the heuristics %s", o.Baseline, strings.Join(o.Heuristics, ","))
	}
	if err := record.CheckOutputFile(o.Output.Path, o.Output.Resume); err != nil {
		return outputError(err) // runBenchOf reads the run resumed
	}
	o.sel, err = o.selectionFlags.parse()
	return err
}

func runBench(o *benchOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	return puzzle.Dispatch(o.puzzle, func(p puzzle.Rotation) error { return runBenchOf(o, p) },
		func(p puzzle.Tiles) error { return runBenchOf(o, p) })
}

// runBenchOf runs bench on puzzle p, whose boards are of type B.
func runBenchOf[B any](o *benchOptions, p puzzle.Family[B]) error {
	cfg := &record.Config{Command: "bench", Puzzle: p.RecordName(), Goal: p.GoalName(o.Goal), Heuristics: o.Heuristics,
		MaxNodes: o.MaxNodes, TimeoutNS: o.Timeout.Nanoseconds(), Repeat: o.Repeat, Shard: o.sel.Shard.String(),
		Instances: o.Instances, Inputs: o.Inputs, Prune: p.PruneName(o.Prune),
		Order: p.OrderName(o.Order)}
	b, err := bench.New[B](cfg, report.Options{Baseline: o.Baseline, Keep: o.PerInstance || o.Plot != "", CPU: o.Time == report.TimeCPU},
		o.Format == formatCSV && o.PerInstance)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	if err := o.Output.Check(cfg); err != nil {
		return outputError(err)
	}
	defer o.Output.Release()
	c := &puzzle.Check{Sel: &o.sel, Plans: o.plans, Few: o.workers, Split: &o.Split}
	if err := precheck(o.g, p, o.Inputs, c); err != nil {
		return err
	}
	b.Output, b.Prior, b.Stderr, b.Stop = o.Output.Path, o.Output.Prior, o.g.Stderr, func() bool { return o.g.ctx.Err() != nil }
	workers, inner := puzzle.Workers(p, o.Split, o.workers) // inner: workers inside one search
	if b.Solvers, err = bench.Solvers(p, o.g.cache, o.plans, inner, o.Goal, o.Prune, o.Order); err != nil {
		return withCode(ExitTable, err)
	}
	prov := o.g.provenance() // with the tables the solvers loaded
	if o.Output.Path != "" || o.Format == formatJSON {
		if err := openRunFile(o.g, &o.Output, prov, cfg); err != nil {
			return err
		}
		b.Out = o.Output.Out
	}
	b.Tracker = newRunTracker(o.g, "bench", o.Progress)
	b.Session.Tracker, b.Session.ProcessCPU = b.Tracker, inner > 1
	res := runPipeline(o.g, b.Batch(workers, bench.Units(p, o.g.open, o.Inputs, &o.sel, b, func(n int) bool { return o.sel.Warn(o.g.Stderr, n) })))
	return endBench(o, b, res, prov)
}

// endBench ends bench run b, whose batch ended as res: it closes the
// records' output, says on stderr what an interrupt left, writes the
// summary to standard output and returns the exit status.
func endBench[B any](o *benchOptions, b *bench.Pipeline[B], res batch.Result, prov record.Provenance) error {
	rep, err := b.End(res)
	if err != nil {
		return withCode(ExitUsage, fmt.Errorf("--resume: %w", err))
	}
	var werr error
	if o.Output.Out != nil {
		werr = withCode(ExitIO, o.Output.Close())
	}
	if res.Interrupted {
		fmt.Fprintf(o.g.Stderr, "pdbsolve: bench: %v: %s finished, %d in flight recorded as interrupted with the bound reached",
			context.Cause(o.g.ctx), report.Count(b.Session.Written().Runs-b.InFlight(), "run"), b.InFlight())
		if o.Output.Path != "" {
			fmt.Fprintf(o.g.Stderr, "; rerun with --resume -o %s to finish", o.Output.Path)
		}
		fmt.Fprintln(o.g.Stderr)
	}
	if rep.Instances == 0 {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: bench: no instances to compare")
	} else if err := o.writeSummary(rep, prov, b.Session.Runs()); err != nil {
		return err
	}
	switch {
	case werr != nil:
		return werr
	case res.Interrupted:
		return withCode(signalCode(o.g.ctx), errSilent)
	case res.ReadErr != nil:
		return withCode(ExitIO, errSilent)
	case rep.Instances == 0 && b.BadInput():
		return withCode(ExitBadInput, errSilent)
	case rep.Instances == 0:
		return nil
	}
	return benchEnd(o.g, rep, o.Plot, b.BadInput())
}

// writeSummary writes the comparison to standard output in --format: with
// -o, or not json, the whole summary; else only its report line follows
// the records already written.
func (o *benchOptions) writeSummary(rep *report.Report, prov record.Provenance, runs []record.Run) error {
	var err error
	switch {
	case o.Format == formatJSON && o.Output.Path == "":
		// the records, header and summary went to standard output
	case o.Format == formatJSON:
		err = rep.WriteJSON(o.g.Stdout)
	default:
		err = rep.Write(o.g.Stdout, o.Format.String(), o.PerInstance, prov, runs)
	}
	if err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	return nil
}

// benchEnd reports disagreements, draws the plot and returns the exit
// status of a comparison: 1 for disagreements, failed runs or bad records;
// censored runs are results (exit 0).
func benchEnd(g *globalOptions, rep *report.Report, plotFile string, bad bool) error {
	for _, d := range rep.Disagreements {
		fmt.Fprintln(g.Stderr, "pdbsolve: DISAGREEMENT: "+d)
	}
	if plotFile != "" {
		if err := plot.Bench(rep, plotFile); err != nil {
			return withCode(ExitIO, fmt.Errorf("--plot %s: %v", plotFile, err))
		}
	}
	for _, s := range rep.Heuristics {
		bad = bad || s.Errors > 0
	}
	if len(rep.Disagreements) > 0 || bad {
		return withCode(ExitBadInput, errSilent)
	}
	return nil
}
