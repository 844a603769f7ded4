package cli

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/internal/plot"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
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
	Repeat      int
	Shard       string
	Baseline    string
	Size        tilesShape
	Split       string
	Instances   string
	Progress    bool
	Inputs      []string
}

// maxRepeat bounds --repeat.
const maxRepeat = 1000

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &benchOptions{g: g}
	cmd := &cobra.Command{
		Use:   "bench PUZZLE [FILE|-]...",
		Short: "Compare heuristics on the same instances",
		Long: `Solve every instance under every heuristic, in one process and in input order,
and compare them. PUZZLE is rotation, 8puzzle, 15puzzle, 24puzzle or tiles
--size ROWSxCOLS.

The summary, always printed, gives per heuristic the instances solved,
censored (stopped by --max-nodes or --timeout) and in error; nodes expanded
and generated and the time over all instances, a censored run counted at the
nodes and time it had reached (marked ">=", with the count of such runs);
the same columns over the paired instances, those every heuristic solved,
with generated nodes against the baseline heuristic (--baseline, else the
first); and the mean h at the root and optimal length. Every heuristic that
solves an instance must find the same optimal length; a disagreement is
reported on stderr and the exit status is 1. A censored run makes the exit
status 5, after the summary.

--repeat N solves each instance N times under each heuristic and reports the
median time and its spread (max-min)/median. --shard K/N takes every N-th
instance from the K-th (0-based), so N machines can split a run; "pdbsolve
bench report" merges their JSON outputs into one comparison. --instances
40,38,25 (ranges such as 1-10 allowed) takes only those boards, numbered from
1 in the order of the inputs (bad records count), as --shard numbers them;
with both, a board must be in both. Records keep the board's number in the
whole input ("instance").

Heuristics: rotation takes exact (the path table, as solve uses: no search,
no nodes), exact-ida (IDA* with the exact table) and count; the sliding-tile
puzzles take the names solve takes. Instances run one at a time (-j 1)
unless -j is given, so times are not shared with other solves. For sliding
tiles --split (as solve takes it; auto is on above 16 cells) gives the -j
workers to one instance at a time instead: bench 24puzzle -j 2 solves each
instance with two workers. Progress (instances done) goes to stderr when it
is a terminal; --progress adds a line a sliding-tile search iteration (as
solve), also when stderr is not a terminal.

--format table|json|csv. JSON is JSON Lines in the record schema
(docs/records.md): a provenance line, one run a line, then the report. CSV
starts with "# key: value" provenance lines, then the summary (or, with
--per-instance, one row a run). --per-instance adds to the table one row per
instance and heuristic. --plot FILE.svg|FILE.png draws the nodes generated per
instance.

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
	cmd.Flags().IntVar(&o.Repeat, "repeat", 1, "solve each instance this many times (median time and spread)")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "run only shard K/N: every N-th instance from the K-th (0-based)")
	cmd.Flags().StringVar(&o.Baseline, "baseline", "", "heuristic the node ratio is taken against (default: the first)")
	o.Size.name = tilesAnyName
	cmd.Flags().Var(tilesSizeFlag{&o.Size}, "size", "with tiles: "+tilesSizeHelp)
	cmd.Flags().StringVar(&o.Split, "split", "auto", "sliding tiles: all workers on one instance at a time: auto, on or off")
	cmd.Flags().StringVar(&o.Instances, "instances", "", "only these boards, numbered from 1: such as 40,38,25 or 1-10")
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a sliding-tile search iteration on stderr")
	registerCompletions(cmd, completeBenchHeuristics, "table", "json", "csv")
	cmd.AddCommand(newBenchReportCmd(g))
	return cmd
}

// benchInstance is one record of a bench input: a board, or why it is not.
type benchInstance struct {
	index int // 0-based, among the records of all inputs
	in    bench.Instance
	input string // the input's name in records
	line  int
	err   error // a bad record
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
	if o.Plot != "" {
		if _, err := plot.Format(o.Plot); err != nil {
			return usageError("--plot %q: %v", o.Plot, err)
		}
	}
	if o.Repeat < 1 || o.Repeat > maxRepeat {
		return usageError("--repeat %d: want 1 to %d runs an instance", o.Repeat, maxRepeat)
	}
	if err := checkTimeout(o.Timeout); err != nil {
		return err
	}
	shard, err := report.ParseShard(o.Shard)
	if err != nil {
		return usageError("--shard %q: %v", o.Shard, err)
	}
	if o.Baseline != "" && !slices.Contains(o.Heuristics, o.Baseline) {
		return usageError("--baseline %q: not among the heuristics %s", o.Baseline, strings.Join(o.Heuristics, ","))
	}
	for i, h := range o.Heuristics {
		if slices.Contains(o.Heuristics[:i], h) {
			return usageError("--heuristic: %s named twice", h)
		}
	}
	rows, cols, err := puzzleShape(o.Puzzle, &o.Size)
	if err != nil {
		return err
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, plain(err))
	}
	pick, err := parseInstances(o.Instances)
	if err != nil {
		return err
	}
	inner := 1 // workers inside one search
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
		if factories[i], err = newBenchSolverFactory(o.g, rows, cols, inner, name, goal, false); err != nil {
			return err
		}
	}
	var prog *tilesProgress
	if rows > 0 && (o.Progress || o.g.stderrTTY) {
		prog = &tilesProgress{w: o.g.Stderr}
	}
	prov := o.g.provenance()
	instances, bad, err := readBenchInstances(o.g, o.Inputs, rows, cols, shard, pick)
	if err != nil {
		return err
	}
	puzzle := puzzleRecordName(o.Puzzle, rows, cols)
	goalName := ""
	if rows != 0 {
		goalName = goal.String()
	}
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	var runs []record.Run
	done, start := 0, time.Now()
	progress := o.g.stderrTTY
	cfg := batch.Config{
		Source: func(send func(u *batch.Unit) bool) error {
			for i := range instances {
				x := &instances[i]
				if !send(&batch.Unit{Name: x.input, Line: x.line, Records: 1, Items: x}) {
					return nil
				}
			}
			return nil
		},
		NewHandler: func() batch.Handler {
			solvers := make([]bench.Solver, len(factories))
			for i, f := range factories {
				solvers[i] = f()
			}
			return func(u *batch.Unit) {
				x := u.Items.(*benchInstance)
				xlim := prog.limits(lim, x.in.Where)
				var out []record.Run
				for rep := 1; rep <= o.Repeat; rep++ {
					for h, s := range solvers {
						run := s.Solve(&x.in, xlim)
						r := record.Run{Puzzle: puzzle, Input: x.input, Line: x.line, Instance: x.index + 1,
							Board: boardText(rows, &x.in), Goal: goalName, Heuristic: o.Heuristics[h]}
						if o.Repeat > 1 {
							r.Repeat = rep
						}
						bench.Record(&run, &r)
						out = append(out, r)
					}
				}
				u.Items = out
			}
		},
		Collect: func(u *batch.Unit) {
			for _, r := range u.Items.([]record.Run) {
				if r.Status == record.StatusUnsolvable || r.Status == record.StatusError {
					if r.Repeat <= 1 {
						fmt.Fprintf(o.g.Stderr, "%s:%d: %s: %s\n", batch.InputName(r.Input), r.Line, r.Heuristic, r.Error)
					}
				}
				runs = append(runs, r)
			}
			if done++; progress {
				// Under --progress's iteration lines, the count takes lines of its own.
				end := " "
				if prog != nil {
					end = "\n"
				}
				fmt.Fprintf(o.g.Stderr, "\r  bench  %d/%d instances  %.1fs%s", done, len(instances), time.Since(start).Seconds(), end)
			}
		},
	}
	berr := o.g.runBatch(cfg)
	if progress && prog == nil && done > 0 {
		fmt.Fprintln(o.g.Stderr)
	}
	if berr != nil && !isSilent(berr, ExitBadInput) {
		return berr // interrupted, or an input error
	}
	prov.Tables = o.g.provenance().Tables // the tables the solvers loaded
	if len(runs) == 0 {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: bench: no instances to compare")
		if bad > 0 {
			return withCode(ExitBadInput, errSilent)
		}
		return nil
	}
	rep, err := report.Build(runs, report.Options{Baseline: o.Baseline, Order: o.Heuristics})
	if err != nil {
		return withCode(ExitBadInput, err)
	}
	if err := writeBench(o.g.Stdout, o.Format, o.PerInstance, prov, runs, rep); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	return benchEnd(o.g, rep, o.Plot, runs, bad > 0 || berr != nil)
}

// benchEnd reports disagreements, draws the plot and returns the exit
// status of a comparison: 1 for disagreements or bad records, else 5 when
// a run was censored.
func benchEnd(g *globalOptions, rep *report.Report, plotFile string, runs []record.Run, bad bool) error {
	for _, d := range rep.Disagreements {
		fmt.Fprintln(g.Stderr, "pdbsolve: DISAGREEMENT: "+d)
	}
	if plotFile != "" {
		if err := plot.Bench(rep, plotFile); err != nil {
			return withCode(ExitIO, fmt.Errorf("--plot %s: %v", plotFile, err))
		}
	}
	censored := false
	for i := range runs {
		bad = bad || runs[i].Status == record.StatusUnsolvable || runs[i].Status == record.StatusError
		censored = censored || runs[i].Status == record.StatusLimit
	}
	switch {
	case len(rep.Disagreements) > 0 || bad:
		return withCode(ExitBadInput, errSilent)
	case censored:
		return withCode(ExitLimit, errSilent)
	}
	return nil
}

// writeBench writes a comparison in format table, json or csv.
func writeBench(w io.Writer, format string, perInstance bool, prov record.Provenance, runs []record.Run, rep *report.Report) error {
	switch format {
	case "json":
		var buf bytes.Buffer
		if err := provenance.WriteJSON(&buf, prov); err != nil {
			return err
		}
		var line []byte
		for i := range runs {
			line = record.AppendRun(line[:0], &runs[i])
			buf.Write(line)
		}
		if err := rep.WriteJSON(&buf); err != nil {
			return err
		}
		_, err := w.Write(buf.Bytes())
		return err
	case "csv":
		if err := provenance.WriteCSV(w, prov); err != nil {
			return err
		}
		if perInstance {
			return record.WriteCSV(w, runs)
		}
		return rep.WriteCSV(w)
	}
	if err := rep.WriteTable(w); err != nil {
		return err
	}
	if perInstance {
		if _, err := io.WriteString(w, "\n"); err != nil {
			return err
		}
		return rep.WriteInstances(w)
	}
	return nil
}

// boardText returns the board of an instance as a record writes it.
func boardText(rows int, in *bench.Instance) string {
	if rows == 0 {
		return string(in.Rotation.AppendText(nil))
	}
	return in.Tiles.String()
}
