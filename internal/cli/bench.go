package cli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/bench"
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
	Size        tilesShape
	Split       string
	Instances   string
	Progress    bool
	Inputs      []string
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
solved. PUZZLE is rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS.

A run stopped by --max-nodes or --timeout is censored: it counts as unsolved,
with the bound it reached. Every heuristic that solves an instance must find
the same optimal length; a disagreement is reported on stderr and the exit
status is 1.

Heuristics: rotation takes exact (the path table, as solve uses: no search,
no nodes), exact-ida (IDA* with the exact table) and count; the sliding-tile puzzles take
the names solve takes. Instances run one at a time (-j 1) unless -j is given,
so times are not shared with other solves. For sliding tiles --split (as
solve takes it; auto is on above 16 cells) gives the -j workers to one
instance at a time instead: bench 24puzzle -j 2 solves each instance with two
workers. --instances 40,38,25 (ranges such as 1-10 allowed) takes only those
boards, numbered from 1 in the order of the inputs (bad records count).
--progress prints a line a sliding-tile search iteration on stderr (as solve).

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
	o.Size.name = tilesAnyName
	cmd.Flags().Var(tilesSizeFlag{&o.Size}, "size", "with tiles: "+tilesSizeHelp)
	cmd.Flags().StringVar(&o.Split, "split", "auto", "sliding tiles: all workers on one instance at a time: auto, on or off")
	cmd.Flags().StringVar(&o.Instances, "instances", "", "only these boards, numbered from 1: such as 40,38,25 or 1-10")
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a sliding-tile search iteration on stderr")
	return cmd
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
	rows, cols, err := puzzleShape(o.Puzzle, &o.Size)
	if err != nil {
		return err
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	pick, err := parseInstances(o.Instances)
	if err != nil {
		return err
	}
	inner := 1
	if rows > 0 {
		split, err := tilesSplit(o.Split, rows, cols)
		if err != nil {
			return err
		}
		if split {
			inner = o.g.workers()
			saved := o.g.Workers
			o.g.Workers = 1
			defer func() { o.g.Workers = saved }()
		}
	}
	factories := make([]func() bench.Solver, len(o.Heuristics))
	for i, name := range o.Heuristics {
		if factories[i], err = newBenchSolverFactory(o.g, rows, cols, inner, name, goal, o.PerInstance); err != nil {
			return err
		}
	}
	var prog *tilesProgress
	if rows > 0 && (o.Progress || o.g.stderrTTY) {
		prog = &tilesProgress{w: o.g.Stderr}
	}
	rep := bench.NewReport(o.Puzzle, o.Heuristics, o.PerInstance || o.Plot != "")
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	failed := 0
	cfg := batch.Config{
		Inputs: o.Inputs,
		NewHandler: func() batch.Handler {
			solvers := make([]bench.Solver, len(factories))
			for i, f := range factories {
				solvers[i] = f()
			}
			return func(u *batch.Unit) { benchUnit(u, rows, cols, solvers, lim, prog) }
		},
		Collect: func(u *batch.Unit) {
			for _, it := range u.Items.([]benchItem) {
				for h, run := range it.runs {
					if run.Error != "" {
						failed++
						fmt.Fprintf(o.g.Stderr, "%s: %s: %s\n", it.where, o.Heuristics[h], run.Error)
					}
				}
				rep.Add(it.where, it.runs)
			}
		},
	}
	if rows == 0 {
		if pick != nil {
			return usageError("--instances: for the sliding-tile puzzles only")
		}
		cfg.EndLine = rotationIsEnd
	} else {
		size := rows * cols
		cfg.Split = func(data []byte, atEOF bool) int { return bitboard.TilesSplit(data, size, atEOF, 0) }
		cfg.First = func(data []byte) int { return bitboard.TilesSplit(data, size, true, 1) }
		if pick != nil {
			cfg.Source = tilesPickSource(o.g, o.Inputs, size, pick)
		}
	}
	berr := o.g.runBatch(cfg)
	if berr != nil && !isSilent(berr, ExitBadInput) {
		return berr // interrupted, or an input error
	}
	rep.Finish()
	for _, d := range rep.Disagree {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: DISAGREEMENT: "+d)
	}
	if err := writeBenchReport(o.g.Stdout, rep, o.Format, o.PerInstance); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	if o.Plot != "" && rep.Instances == 0 {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: --plot: no instances to plot")
	} else if o.Plot != "" {
		if err := plotBench(o.Plot, rep); err != nil {
			return withCode(ExitIO, fmt.Errorf("--plot: %w", err))
		}
	}
	switch {
	case len(rep.Disagree) > 0 || berr != nil || failed > 0:
		return withCode(ExitBadInput, errSilent)
	case rep.AnyCensored():
		return withCode(ExitLimit, errSilent)
	}
	return nil
}

// benchItem is one instance's runs, as a bench handler leaves them for the
// writer.
type benchItem struct {
	where string
	runs  []bench.Run
}

// benchUnit parses the instances of a unit and runs every solver on each.
func benchUnit(u *batch.Unit, rows, cols int, solvers []bench.Solver, lim search.Limits, prog *tilesProgress) {
	var items []benchItem
	add := func(in *bench.Instance) {
		runs := make([]bench.Run, len(solvers))
		bench.SolveAll(solvers, in, prog.limits(lim, in.Where), runs)
		items = append(items, benchItem{in.Where, runs})
	}
	if rows == 0 {
		u.Lines(func(line int, text []byte) bool {
			if batch.IsBlank(text) {
				return true
			}
			b, err := bitboard.ParseRotation(text)
			if err != nil {
				u.Reject(false, line, err)
				return true
			}
			add(&bench.Instance{Where: u.Name + ":" + strconv.Itoa(line), Rotation: b})
			return true
		})
	} else {
		bitboard.TilesScan(u.Data, u.Line, rows*cols, func(rec *bitboard.TilesRecord) {
			b, err := tilesParse(rec, rows, cols)
			if err != nil {
				u.Reject(false, rec.ErrLine(err), err)
				return
			}
			add(&bench.Instance{Where: u.Name + ":" + strconv.Itoa(rec.Line), Tiles: b})
		})
	}
	u.Items = items
}
