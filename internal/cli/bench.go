package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
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
	Output      string
	Resume      bool
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
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write the records to this file as JSON Lines, each run as it completes")
	cmd.Flags().BoolVar(&o.Resume, "resume", false, "with -o: continue the run the file holds, skipping the runs done")
	registerCompletions(cmd, completeBenchHeuristics, "table", "json", "csv")
	cmd.AddCommand(newBenchReportCmd(g))
	return cmd
}

// benchInstance is one instance of a bench run and its runs.
type benchInstance struct {
	rec   inputRecord
	input string       // the input's name in records
	done  []record.Run // finished runs of an earlier session (--resume)
	runs  []record.Run // done plus this session's
}

// benchRun is one bench session: its instances stream from the inputs to
// the workers, each run is written as it completes, and the report is
// built as instances finish.
type benchRun struct {
	o          *benchOptions
	rows, cols int
	puzzle     string
	goalName   string
	lim        search.Limits
	factories  []func() bench.Solver
	out        *runOutput // the records, nil when not written
	prior      *prior
	tracker    *runTracker

	mu       sync.Mutex
	builder  *report.Builder
	runs     []record.Run // kept for CSV --per-instance only
	keepRuns bool
	units    map[*runState]*benchInstance // the instance each worker is on
	bad      int                          // bad records taken
	selected int                          // instances selected, as far as read
	read     bool                         // the inputs were read to the end
	pastEnd  bool
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
	sel, err := parseSelection(o.Shard, o.Instances)
	if err != nil {
		return err
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
	if err := checkOutputFlags(o.Output, o.Resume); err != nil {
		return err
	}
	b := &benchRun{o: o, rows: rows, cols: cols, puzzle: puzzleRecordName(o.Puzzle, rows, cols),
		lim: search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}, units: map[*runState]*benchInstance{}}
	if rows != 0 {
		b.goalName = goal.String()
	}
	cfg := &record.Config{Command: "bench", Puzzle: b.puzzle, Goal: b.goalName, Heuristics: o.Heuristics,
		MaxNodes: o.MaxNodes, TimeoutNS: o.Timeout.Nanoseconds(), Repeat: o.Repeat, Shard: sel.shard.String(),
		Instances: o.Instances, Inputs: o.Inputs}
	if o.Resume {
		if b.prior, err = readPrior(o.Output, cfg); err != nil {
			return err
		}
	}
	workers := o.g.workers()
	inner := 1 // workers inside one search
	if rows > 0 {
		split, err := tilesSplit(o.Split, rows, cols)
		if err != nil {
			return err
		}
		if split {
			inner, workers = workers, 1
		}
	}
	b.factories = make([]func() bench.Solver, len(o.Heuristics))
	for i, name := range o.Heuristics {
		if b.factories[i], err = newBenchSolverFactory(o.g, rows, cols, inner, name, goal, false); err != nil {
			return err
		}
	}
	prov := o.g.provenance() // with the tables the solvers loaded
	if b.prior != nil {
		if err := b.prior.checkTables(o.Output, prov); err != nil {
			return err
		}
	}
	b.keepRuns = o.Format == "csv" && o.PerInstance
	if b.builder, err = report.NewBuilder(b.puzzle, o.Heuristics, report.Options{Baseline: o.Baseline,
		Keep: o.PerInstance || o.Plot != ""}); err != nil {
		return withCode(ExitUsage, err)
	}
	if o.Output != "" || o.Format == "json" {
		if b.out, err = openRunOutput(o.g, o.Output, b.prior); err != nil {
			return err
		}
		b.out.writeHeader(prov, cfg)
	}
	b.tracker = newRunTracker(o.g, "bench", o.Progress)
	res := b.run(sel, workers)
	return b.end(res, prov)
}

// run runs the batch of instances on workers.
func (b *benchRun) run(sel selection, workers int) batch.Result {
	o := b.o
	cfg := batch.Config{
		Stdin: o.g.Stdin, Stdout: io.Discard, Stderr: o.g.Stderr, Workers: workers,
		Source: func(send func(u *batch.Unit) bool) error {
			n := 0 // records read; -1 once the selection is past
			err := scanRecords(o.g, o.Inputs, b.rows, b.cols, false, func(rec *inputRecord) bool {
				n = rec.index + 1
				if sel.past(rec.index) {
					n = -1
					return false
				}
				if !sel.has(rec.index) {
					return true
				}
				if rec.err != nil {
					b.mu.Lock()
					b.bad++
					b.mu.Unlock()
					fmt.Fprintf(o.g.Stderr, "%s:%d: %s\n", rec.name, rec.line, userMessage(rec.err))
					return true
				}
				x := &benchInstance{rec: *rec, input: recordInput(rec.name)}
				x.rec.text = nil
				b.mu.Lock()
				b.selected++
				b.mu.Unlock()
				if b.prior != nil {
					x.done = b.prior.byInstance[rec.index+1]
					if len(x.done) > 0 && x.done[0].Board != boardText(b.rows, x) {
						fmt.Fprintf(o.g.Stderr, "pdbsolve: --resume: %s:%d: instance %d is %q here, %q in %s\n",
							rec.name, rec.line, rec.index+1, boardText(b.rows, x), x.done[0].Board, o.Output)
						x.done = nil
					}
				}
				return send(&batch.Unit{Name: rec.name, Line: rec.line, Records: 1, Items: x})
			})
			if err != nil {
				return err // the batch reports it
			}
			b.mu.Lock()
			b.read = true
			b.pastEnd = n >= 0 && sel.warnPastEnd(o.g, n)
			b.mu.Unlock()
			return nil
		},
		NewHandler: func() batch.Handler {
			solvers := make([]bench.Solver, len(b.factories))
			for i, f := range b.factories {
				solvers[i] = f()
			}
			ws := b.tracker.worker()
			return func(u *batch.Unit) { b.solve(u.Items.(*benchInstance), solvers, ws) }
		},
	}
	o.g.batchRunning.Store(true)
	res := batch.Run(o.g.ctx, cfg)
	o.g.batchRunning.Store(false)
	return res
}

// solve runs instance x under every heuristic and repeat not done yet,
// writing each run as it completes.
func (b *benchRun) solve(x *benchInstance, solvers []bench.Solver, ws *runState) {
	o := b.o
	b.mu.Lock()
	b.units[ws] = x
	b.mu.Unlock()
	x.runs = append(x.runs[:0], x.done...)
	where := fmt.Sprintf("%s:%d", x.rec.name, x.rec.line)
	in := bench.Instance{Where: where, Rotation: x.rec.rot, Tiles: x.rec.tiles}
	for rep := 1; rep <= o.Repeat; rep++ {
		for h, s := range solvers {
			r := b.newRun(x, h, rep)
			if isDone(x.done, r.Heuristic, r.Repeat) {
				continue
			}
			if o.g.ctx.Err() != nil {
				return // interrupted: end reports what is done
			}
			run := s.Solve(&in, ws.begin(b.lim, x.rec.index+1, where, r.Heuristic))
			bench.Record(&run, &r)
			ws.end(r.Status, &run.Stats)
			b.mu.Lock()
			if b.out != nil && !b.out.writeRun(&r) && b.out.closed {
				b.mu.Unlock()
				return
			}
			x.runs = append(x.runs, r)
			b.mu.Unlock()
			if (r.Status == record.StatusUnsolvable || r.Status == record.StatusError) && rep == 1 {
				fmt.Fprintf(o.g.Stderr, "%s: %s: %s\n", where, r.Heuristic, r.Error)
			}
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.units[ws] == x {
		delete(b.units, ws)
		b.addLocked(x.runs)
		b.tracker.unitDone()
	}
}

// newRun returns the record of instance x under heuristic h, repeat rep,
// before it is solved.
func (b *benchRun) newRun(x *benchInstance, h, rep int) record.Run {
	r := record.Run{Puzzle: b.puzzle, Input: x.input, Line: x.rec.line, Instance: x.rec.index + 1,
		Board: boardText(b.rows, x), Goal: b.goalName, Heuristic: b.o.Heuristics[h]}
	if b.o.Repeat > 1 {
		r.Repeat = rep
	}
	return r
}

// isDone reports whether runs hold the run of heuristic and repeat.
func isDone(runs []record.Run, heuristic string, repeat int) bool {
	for i := range runs {
		if runs[i].Heuristic == heuristic && runs[i].Repeat == repeat {
			return true
		}
	}
	return false
}

// addLocked adds the runs of one instance to the report.
func (b *benchRun) addLocked(runs []record.Run) {
	if len(runs) == 0 {
		return
	}
	ptrs := make([]*record.Run, len(runs))
	for i := range runs {
		ptrs[i] = &runs[i]
	}
	b.builder.Add(ptrs)
	if b.keepRuns {
		b.runs = append(b.runs, runs...)
	}
}

// interrupt writes the record of every run in flight as interrupted, with
// the lower bound it reached, adds the instances in flight to the report
// with what they have done, and takes no more runs.
func (b *benchRun) interrupt() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for ws, x := range b.units {
		r := record.Run{}
		if ws.interrupted(&r) {
			full := b.newRun(x, slices.Index(b.o.Heuristics, ws.heuristic), 1)
			full.Repeat = 0
			if b.o.Repeat > 1 {
				full.Repeat = 1
				for _, d := range x.runs {
					if d.Heuristic == ws.heuristic {
						full.Repeat = max(full.Repeat, d.Repeat+1)
					}
				}
			}
			full.Status, full.Bound, full.H0, full.Iterations = r.Status, r.Bound, r.H0, r.Iterations
			full.Expanded, full.Generated, full.TimeNS, full.Error = r.Expanded, r.Generated, r.TimeNS, r.Error
			if b.out != nil {
				b.out.writeLocked(record.AppendRun(nil, &full))
			}
			x.runs = append(x.runs, full)
			n++
		}
		b.addLocked(x.runs)
	}
	b.units = map[*runState]*benchInstance{}
	if b.out != nil {
		b.out.closed = true
	}
	return n
}

// end writes the summary and the report and returns the exit status.
func (b *benchRun) end(res batch.Result, prov record.Provenance) error {
	o := b.o
	inflight := 0
	if res.Interrupted {
		inflight = b.interrupt()
	} else {
		b.mu.Lock()
		if b.out != nil {
			b.out.closed = true
		}
		b.mu.Unlock()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	// Instances done in an earlier session and skipped in this one.
	b.tracker.finish(true)
	rep := b.builder.Report()
	sum := b.tracker.sum
	sum.Complete = b.read && !res.Interrupted && res.ReadErr == nil && res.WriteErr == nil
	sum.Instances = b.selected
	if b.out != nil {
		b.out.closed = false
		if b.prior != nil && b.prior.stream != nil {
			var all record.Summary
			for _, r := range b.prior.stream.Runs {
				if r.Status != record.StatusInterrupted {
					all.Count(r.Status)
				}
			}
			sum.Runs += all.Runs
			sum.Solved += all.Solved
			sum.Censored += all.Censored
			sum.Failed += all.Failed
		}
		b.out.writeSummary(sum, rep)
	}
	var werr error
	if b.out != nil {
		werr = b.out.close()
	}
	if res.Interrupted {
		fmt.Fprintf(o.g.Stderr, "pdbsolve: bench: %v: %d runs finished, %d in flight recorded as interrupted with the bound reached",
			context.Cause(o.g.ctx), b.tracker.sum.Runs-inflight, inflight)
		if o.Output != "" {
			fmt.Fprintf(o.g.Stderr, "; rerun with --resume -o %s to finish", o.Output)
		}
		fmt.Fprintln(o.g.Stderr)
	}
	if rep.Instances == 0 {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: bench: no instances to compare")
	} else if err := b.writeSummary(rep, prov); err != nil {
		return err
	}
	switch {
	case werr != nil:
		return werr
	case res.Interrupted:
		return withCode(signalCode(o.g.ctx), errSilent)
	case res.ReadErr != nil:
		return withCode(ExitIO, errSilent)
	}
	bad := b.bad > 0 || b.pastEnd
	if rep.Instances == 0 {
		if bad {
			return withCode(ExitBadInput, errSilent)
		}
		return nil
	}
	return benchEnd(o.g, rep, o.Plot, bad)
}

// writeSummary writes the comparison to standard output in --format: with
// -o, or not json, the whole summary; else only its report line follows
// the records already written.
func (b *benchRun) writeSummary(rep *report.Report, prov record.Provenance) error {
	o := b.o
	var err error
	switch {
	case o.Format == "json" && o.Output == "":
		// the records, header and summary went to standard output
	case o.Format == "json":
		err = rep.WriteJSON(o.g.Stdout)
	default:
		err = writeBench(o.g.Stdout, o.Format, o.PerInstance, prov, b.runs, rep)
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
func boardText(rows int, x *benchInstance) string {
	if rows == 0 {
		return string(x.rec.rot.AppendText(nil))
	}
	return x.rec.tiles.String()
}
