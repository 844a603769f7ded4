package cli

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// benchOptions are the flags of "bench".
type benchOptions struct {
	g           *globalOptions
	Puzzle      string
	Heuristics  []string
	MaxNodes    uint64
	Timeout     time.Duration
	PerInstance bool
	Format      string
	Plot        string
	Goal        string
	Inputs      []string
}

func init() {
	extraCommands = append(extraCommands, newBenchCmd)
}

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &benchOptions{g: g}
	cmd := &cobra.Command{
		Use:   "bench PUZZLE [FILE|-]...",
		Short: "Compare heuristics on the same instances",
		Long: `Solve every instance under every heuristic, in one process and in input order,
and compare: instances solved, nodes expanded and generated (total and mean),
time (total and mean), nodes per second, mean h at the root, mean optimal
length, and generated nodes against the first heuristic on the instances both
solved. PUZZLE is rotation, 8puzzle or 15puzzle.

A run stopped by --max-nodes or --timeout is censored: it counts as unsolved,
with the bound it reached. Every heuristic that solves an instance must find
the same optimal length; a disagreement is reported on stderr and the exit
status is 1.

Heuristics: rotation takes exact (the path table, as solve uses: no search,
no nodes), exact-ida (IDA* with the exact table) and count; the sliding-tile puzzles take
the names solve takes. Instances run one at a time (-j 1) unless -j is given,
so times are not shared with other solves.

--format table|json|csv; --per-instance adds a row per instance and heuristic
(in csv, the per-instance rows replace the summary); --plot FILE.svg|FILE.png
draws the nodes generated per instance, instances sorted by difficulty.

` + exitCodeHelp,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle = args[0]
			o.Inputs = inputsOrStdin(args[1:])
			if !cmd.Flags().Changed("workers") {
				o.g.Workers = 1
			}
			return runBench(o)
		},
	}
	cmd.Flags().StringSliceVar(&o.Heuristics, "heuristic", nil, "comma-separated heuristics to compare (required)")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "censor a run after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "censor a run after this long (0: no limit)")
	cmd.Flags().BoolVar(&o.PerInstance, "per-instance", false, "add one row per instance and heuristic")
	cmd.Flags().StringVar(&o.Format, "format", "table", "output format: table, json or csv")
	cmd.Flags().StringVar(&o.Plot, "plot", "", "draw nodes generated per instance to this .svg or .png file")
	cmd.Flags().StringVar(&o.Goal, "goal", bitboard.BlankFirst.String(), "sliding-tile goal: blank-first or blank-last")
	return cmd
}

// benchReport is everything bench measured.
type benchReport struct {
	Puzzle     string
	Heuristics []string
	Instances  []instance
	Runs       [][]benchRun // Runs[h][i]
	Summaries  []benchSummary
	Disagree   []string
}

func runBench(o *benchOptions) error {
	if len(o.Heuristics) == 0 {
		return usageError("--heuristic: name at least one heuristic")
	}
	switch o.Format {
	case "table", "json", "csv":
	default:
		return usageError("--format %q: want table, json or csv", o.Format)
	}
	if o.Plot != "" && !strings.HasSuffix(o.Plot, ".svg") && !strings.HasSuffix(o.Plot, ".png") {
		return usageError("--plot %q: want a .svg or .png file", o.Plot)
	}
	side, err := puzzleSide(o.Puzzle)
	if err != nil {
		return err
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	factories := make([]func() benchSolver, len(o.Heuristics))
	for i, name := range o.Heuristics {
		if factories[i], err = newBenchSolverFactory(o.g, side, name, goal, o.PerInstance); err != nil {
			return err
		}
	}
	insts, bad, err := loadInstances(o.g, side, o.Inputs)
	if err != nil {
		return err
	}
	rep := &benchReport{Puzzle: o.Puzzle, Heuristics: o.Heuristics, Instances: insts}
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	for _, f := range factories {
		rep.Runs = append(rep.Runs, runAll(f, insts, lim, o.g.workers()))
	}
	rep.summarize()
	failed := 0
	for h, runs := range rep.Runs {
		for i, run := range runs {
			if run.Error != "" {
				failed++
				fmt.Fprintf(o.g.Stderr, "%s: %s: %s\n", insts[i].where(), o.Heuristics[h], run.Error)
			}
		}
	}
	for _, d := range rep.Disagree {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: DISAGREEMENT: "+d)
	}
	if err := rep.write(o.g.Stdout, o.Format, o.PerInstance); err != nil {
		return withCode(ExitIO, err)
	}
	if o.Plot != "" && len(insts) == 0 {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: --plot: no instances to plot")
	} else if o.Plot != "" {
		if err := rep.plot(o.Plot); err != nil {
			return withCode(ExitIO, fmt.Errorf("--plot: %w", err))
		}
	}
	switch {
	case len(rep.Disagree) > 0 || bad > 0 || failed > 0:
		return withCode(ExitBadInput, errSilent)
	case rep.anyCensored():
		return withCode(ExitLimit, errSilent)
	}
	return nil
}

// runAll solves every instance with solvers from f on the given number of
// workers and returns the runs in instance order.
func runAll(f func() benchSolver, insts []instance, lim search.Limits, workers int) []benchRun {
	runs := make([]benchRun, len(insts))
	workers = max(1, min(workers, runtime.GOMAXPROCS(0)*4, len(insts)))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		s := f()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1) - 1)
				if k >= len(insts) {
					return
				}
				runs[k] = s.solve(&insts[k], lim)
			}
		}()
	}
	wg.Wait()
	return runs
}

func (r *benchReport) anyCensored() bool {
	for _, s := range r.Summaries {
		if s.Censored > 0 {
			return true
		}
	}
	return false
}
