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
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
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
	Format      outputFormat
	Plot        string
	Goal        bitboard.Goal
	Repeat      int
	Baseline    string
	Size        sizeFlag
	Split       puzzle.SplitMode
	Progress    bool
	Output      string
	Resume      bool
	Inputs      []string
	selectionFlags

	// Set by complete.
	puzzle  puzzle.Puzzle
	sel     puzzle.Selection
	workers int // -j, else 1: instances run one at a time
}

// benchHelp is the long help of bench, before the exit statuses.
const benchHelp = `Solve every instance under every heuristic, in one process and in input order,
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
reported on stderr and the exit status is 1. Censored runs are results: the
exit status is 0 when every run was solved or censored.

-o FILE writes the records to FILE as JSON Lines as each run completes (one
write a record: tail -f follows it): a header (provenance and the run's
configuration), one record a run, and at the end a summary line (counts,
complete or not, and the report); the summary table still goes to standard
output. Without -o, --format json streams the same lines to standard output.
On SIGINT or SIGTERM (Ctrl-C, scancel, a time limit) every finished run is
already written; the runs in flight are written with status "interrupted"
and the bound they reached (a lower bound), then the summary of what is
done, and the exit status is 130 or 143. --resume -o FILE continues FILE: it
checks FILE was written with the same puzzle, goal, heuristics, limits,
--repeat, --shard, --instances and tables (a difference is a usage error
naming it), drops an unfinished last line, skips the runs done and appends
the rest (on a missing or empty FILE it starts the run). Without --resume a
non-empty FILE is a usage error.

--repeat N solves each instance N times under each heuristic and reports the
median time and its spread (max-min)/median. --shard K/N takes every N-th
instance from the K-th (0-based), so N machines can split a run; "pdbsolve
bench report" checks and merges their outputs into one comparison.
--instances 40,38,25 (ranges such as 1-10 allowed) takes only those boards,
numbered from 1 in the order of the inputs (bad records count), as --shard
numbers them; with both, a board must be in both; a number past the end of
the inputs is named on stderr and makes the exit status 1. Instances are
read as they are needed: memory does not grow with the input (except with
--per-instance or --plot, which keep every instance's cells). Records keep
the board's number in the whole input ("instance").

Heuristics: rotation takes exact (the path table, as solve uses: no search,
no nodes), exact-ida (IDA* with the exact table) and count; the sliding-tile
puzzles take the names solve takes. Instances run one at a time (-j 1)
unless -j is given, so times are not shared with other solves. For sliding
tiles --split (as solve takes it; auto is on above 16 cells) gives the -j
workers to one instance at a time instead: bench 24puzzle -j 2 solves each
instance with two workers. Progress goes to stderr: on a terminal one line,
redrawn; elsewhere (a batch system's log) a line with a UTC time stamp at
most once a minute a worker (instance, heuristic, bound, nodes, rate), and
at the end the count of runs solved, censored and failed; --progress writes
a line a sliding-tile search iteration, naming the instance and heuristic.

--format table|json|csv. JSON is JSON Lines in the record schema
(docs/records.md): a header line, one run a line, then the summary line
(with -o: the report line only, the rest being in FILE). CSV
starts with "# key: value" provenance lines, then the summary (or, with
--per-instance, one row a run). --per-instance adds to the table one row per
instance and heuristic. --plot FILE.svg|FILE.png draws the nodes generated per
instance.

`

// maxRepeat bounds --repeat.
const maxRepeat = 1000

func newBenchCmd(g *globalOptions) *cobra.Command {
	o := &benchOptions{g: g}
	cmd := &cobra.Command{
		Use:   "bench PUZZLE [FILE|-]...",
		Short: "Compare heuristics on the same instances",
		Long:  benchHelp + exitCodeHelp,
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle = args[0]
			o.Inputs = inputsOrStdin(args[1:])
			o.workers = 1
			if cmd.Flags().Changed("workers") {
				o.workers = o.g.workers()
			}
			return runBench(o)
		},
	}
	cmd.Flags().StringSliceVar(&o.Heuristics, "heuristic", nil, "comma-separated heuristics to compare (required)")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "censor a run after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "censor a run after this long (0: no limit)")
	cmd.Flags().BoolVar(&o.PerInstance, "per-instance", false, "add one row per instance and heuristic")
	formatFlag(cmd, &o.Format, formatTable, formatTable, formatJSON, formatCSV)
	cmd.Flags().StringVar(&o.Plot, "plot", "", "draw nodes generated per instance to this .svg or .png file")
	goalFlag(cmd, &o.Goal, "sliding-tile goal: blank-first or blank-last")
	cmd.Flags().IntVar(&o.Repeat, "repeat", 1, "solve each instance this many times (median time and spread)")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "run only shard K/N: every N-th instance from the K-th (0-based)")
	cmd.Flags().StringVar(&o.Baseline, "baseline", "", "heuristic the node ratio is taken against (default: the first)")
	cmd.Flags().Var(&o.Size, "size", "with tiles: "+tilesSizeHelp)
	splitFlag(cmd, &o.Split, "sliding tiles: all workers on one instance at a time: auto, on or off")
	cmd.Flags().StringVar(&o.Instances, "instances", "", "only these boards, numbered from 1: such as 40,38,25 or 1-10")
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a sliding-tile search iteration on stderr")
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write the records to this file as JSON Lines, each run as it completes")
	cmd.Flags().BoolVar(&o.Resume, "resume", false, "with -o: continue the run the file holds, skipping the runs done")
	cmd.AddCommand(newBenchReportCmd(g))
	return cmd
}

// benchRun is one bench session over boards of type B: its instances
// stream from the inputs to the workers of a bench.Session, each run is
// written as it completes, and the report is built as instances finish.
type benchRun[B any] struct {
	o         *benchOptions
	p         puzzle.Family[B]
	factories []func() bench.Solver[B]
	sess      *bench.Session[B]
	prior     *record.Prior
	tracker   *progress.Tracker

	mu       sync.Mutex
	bad      int   // bad records taken
	selected int   // instances selected, as far as read
	read     bool  // the inputs were read to the end
	changed  error // --resume: an instance's board is not the file's
	pastEnd  bool
}

// complete checks the flags of bench, before any table is read, and sets
// the puzzle and the selection.
func (o *benchOptions) complete() (err error) {
	if len(o.Heuristics) == 0 {
		return usageError("--heuristic: name at least one heuristic")
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
	if o.Baseline != "" && !slices.Contains(o.Heuristics, o.Baseline) {
		return usageError("--baseline %q: not among the heuristics %s", o.Baseline, strings.Join(o.Heuristics, ","))
	}
	for i, h := range o.Heuristics {
		if slices.Contains(o.Heuristics[:i], h) {
			return usageError("--heuristic: %s named twice", h)
		}
	}
	if err := checkOutputFlags(o.Output, o.Resume); err != nil {
		return err
	}
	if o.sel, err = o.selectionFlags.parse(); err != nil {
		return err
	}
	o.puzzle, err = lookupPuzzle(o.Puzzle, o.Size.size, o.Heuristics...)
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
func runBenchOf[B any](o *benchOptions, p puzzle.Family[B]) (err error) {
	b := &benchRun[B]{o: o, p: p}
	b.sess = &bench.Session[B]{Puzzle: p.RecordName(), Goal: p.GoalName(o.Goal), Heuristics: o.Heuristics, Repeat: o.Repeat,
		Limits: search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}, KeepRuns: o.Format == formatCSV && o.PerInstance}
	cfg := &record.Config{Command: "bench", Puzzle: b.sess.Puzzle, Goal: b.sess.Goal, Heuristics: o.Heuristics,
		MaxNodes: o.MaxNodes, TimeoutNS: o.Timeout.Nanoseconds(), Repeat: o.Repeat, Shard: o.sel.Shard.String(),
		Instances: o.Instances, Inputs: o.Inputs}
	if o.Resume {
		if b.prior, err = readPrior(o.Output, cfg); err != nil {
			return err
		}
	}
	workers, inner := o.workers, 1 // inner: workers inside one search
	if p.SplitSearch(o.Split) {
		inner, workers = workers, 1
	}
	b.factories = make([]func() bench.Solver[B], len(o.Heuristics))
	for i, name := range o.Heuristics {
		if b.factories[i], err = p.BenchSolver(o.g.cache, name, inner, o.Goal, false); err != nil {
			return withCode(ExitTable, err)
		}
	}
	prov := o.g.provenance() // with the tables the solvers loaded
	if err := checkTables(b.prior, o.Output, prov); err != nil {
		return err
	}
	if b.sess.Builder, err = report.NewBuilder(b.sess.Puzzle, o.Heuristics, report.Options{Baseline: o.Baseline,
		Keep: o.PerInstance || o.Plot != ""}); err != nil {
		return withCode(ExitUsage, err)
	}
	if o.Output != "" || o.Format == formatJSON {
		if b.sess.Out, err = openRunOutput(o.g, o.Output, b.prior); err != nil {
			return err
		}
		b.sess.Out.WriteJSON(record.Header{Provenance: prov, Config: cfg})
	}
	b.tracker = newRunTracker(o.g, "bench", o.Progress)
	b.sess.Tracker = b.tracker
	res := runPipeline(o.g, batch.Config[*bench.Item[B]]{Stdout: io.Discard, Workers: workers,
		Source: b.source, NewHandler: b.newHandler})
	return b.end(res, prov)
}

// source sends the instances selected, one a unit, as the batch reads them.
func (b *benchRun[B]) source(send func(*batch.Unit, *bench.Item[B]) bool) error {
	o := b.o
	n, err := puzzle.Selected(b.p, o.g.open, o.Inputs, false, &o.sel, func(rec *puzzle.Record[B]) bool {
		if rec.Err != nil {
			b.mu.Lock()
			b.bad++
			b.mu.Unlock()
			fmt.Fprintf(o.g.Stderr, "%s:%d: %s\n", rec.Input, rec.Line, userMessage(rec.Err))
			return true
		}
		x := &bench.Item[B]{Instance: rec.Index + 1, Input: batch.RecordInput(rec.Input), Line: rec.Line,
			Board: b.p.BoardText(rec.Board), In: bench.Instance[B]{Where: fmt.Sprintf("%s:%d", rec.Input, rec.Line), Board: rec.Board}}
		b.mu.Lock()
		b.selected++
		b.mu.Unlock()
		if b.prior != nil && !b.resumes(x, rec) {
			return false
		}
		return send(&batch.Unit{Name: rec.Input, Line: rec.Line, Records: 1}, x)
	})
	if err != nil {
		return err // the batch reports it
	}
	b.mu.Lock()
	b.read = true
	b.pastEnd = n >= 0 && warnUnmatched(o.g, &o.sel, n)
	b.mu.Unlock()
	return nil
}

// resumes gives x the runs the file resumed holds, and reports whether its
// board is the file's (else the inputs are not those of its run).
func (b *benchRun[B]) resumes(x *bench.Item[B], rec *puzzle.Record[B]) bool {
	x.Done = b.prior.Instance(x.Instance)
	if len(x.Done) == 0 || x.Done[0].Board == x.Board {
		return true
	}
	b.mu.Lock()
	b.changed = usageError("--resume: %s:%d: instance %d is %q, but %q in %s: the inputs are not those of its run",
		rec.Input, rec.Line, x.Instance, x.Board, x.Done[0].Board, b.o.Output)
	b.mu.Unlock()
	return false
}

// newHandler makes a worker: solvers of every heuristic, which solve the
// instances of the units it is given.
func (b *benchRun[B]) newHandler() batch.Handler[*bench.Item[B]] {
	solvers := make([]bench.Solver[B], len(b.factories))
	for i, f := range b.factories {
		solvers[i] = f()
	}
	worker := b.tracker.NewWorker().ID()
	stop := func() bool { return b.o.g.ctx.Err() != nil }
	return func(_ *batch.Unit, x **bench.Item[B]) {
		for _, r := range b.sess.Solve(worker, solvers, *x, stop) {
			fmt.Fprintf(b.o.g.Stderr, "%s: %s: %s\n", (*x).In.Where, r.Heuristic, r.Error)
		}
		b.tracker.UnitDone()
	}
}

// end writes the summary and the report and returns the exit status.
func (b *benchRun[B]) end(res batch.Result, prov record.Provenance) error {
	o := b.o
	inflight := 0
	if res.Interrupted {
		inflight = b.sess.Interrupt()
	} else {
		b.sess.Stop()
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	out := b.sess.Out
	if b.changed != nil { // no summary: the file's last one stands
		if out != nil {
			out.Close()
		}
		return b.changed
	}
	b.tracker.Finish(true)
	rep := b.sess.Builder.Report()
	if out != nil {
		sum := b.tracker.Summary()
		sum.Complete = b.read && !res.Interrupted && res.ReadErr == nil && res.WriteErr == nil
		sum.Instances = b.selected
		if b.prior != nil {
			for _, r := range b.prior.Stream.Runs {
				if r.Status != record.StatusInterrupted {
					sum.Count(r.Status)
				}
			}
		}
		out.WriteJSON(struct {
			Summary record.Summary `json:"summary"`
			Report  *report.Report `json:"report"`
		}{sum, rep})
	}
	var werr error
	if out != nil {
		werr = closeRunOutput(out, o.Output)
	}
	if res.Interrupted {
		fmt.Fprintf(o.g.Stderr, "pdbsolve: bench: %v: %d runs finished, %d in flight recorded as interrupted with the bound reached",
			context.Cause(o.g.ctx), b.tracker.Summary().Runs-inflight, inflight)
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
func (b *benchRun[B]) writeSummary(rep *report.Report, prov record.Provenance) error {
	o := b.o
	var err error
	switch {
	case o.Format == formatJSON && o.Output == "":
		// the records, header and summary went to standard output
	case o.Format == formatJSON:
		err = rep.WriteJSON(o.g.Stdout)
	default:
		err = writeBench(o.g.Stdout, o.Format, o.PerInstance, prov, b.sess.Runs(), rep)
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
func writeBench(w io.Writer, format outputFormat, perInstance bool, prov record.Provenance, runs []record.Run, rep *report.Report) error {
	switch format {
	case formatJSON:
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
	case formatCSV:
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
