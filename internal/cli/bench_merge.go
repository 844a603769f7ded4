package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/plot"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// benchReportOptions are the flags of "bench report".
type benchReportOptions struct {
	g *globalOptions
	compareFlags
	Partial bool
	Files   []string
}

// compareFlags are the flags of a comparison's output, bench's and bench
// report's.
type compareFlags struct {
	Format      outputFormat
	Plot        string
	Baseline    string
	PerInstance bool
	Time        report.TimeBasis
}

func (f *compareFlags) register(cmd *cobra.Command) {
	formatFlag(cmd, &f.Format, formatTable, formatTable, formatJSON, formatCSV)
	enumFlag(cmd.Flags(), &f.Time, "time", report.TimeWall, "time the median of repeated runs and the time spread are taken on: wall, or cpu (the solving thread's CPU time, steadier on a shared machine)", report.TimeWall, report.TimeCPU)
	cmd.Flags().StringVar(&f.Plot, "plot", "", "draw nodes generated per instance to this .svg or .png file")
	cmd.Flags().StringVar(&f.Baseline, "baseline", "", "heuristic the node ratio is taken against (default: the first)")
	cmd.Flags().BoolVar(&f.PerInstance, "per-instance", false, "add one row per instance and heuristic")
}

func newBenchReportCmd(g *globalOptions) *cobra.Command {
	o := &benchReportOptions{g: g}
	cmd := &cobra.Command{
		Use:   "report FILE...",
		Short: "Merge bench JSON outputs into one comparison",
		Long: longHelp(`Read the outputs of "bench -o FILE" or "bench --format json" (the shards of
a run split with --shard, or runs of other heuristics on the same
instances) and write one comparison of every heuristic they hold, as bench
does: a table, CSV or JSON, and with --plot a plot.

The set is checked first: the outputs of one run (the same heuristics) must
hold every shard K of --shard K/N once, each complete, and every output the
same puzzle, goal, limits, --repeat, --instances, tables and boards; runs of
other --prune or --order values are rows of their own, named as --baseline
takes them: "pdb555 (order falling)". What is missing or different is named
and the exit status is 6 (--partial merges anyway, if any run). A run found
twice counts once, an interrupted one gives way to it finished, a file named
twice is read once. Notes name that, outputs without a configuration header
(merged unchecked) and provenance that differs (commit, Go, CPU, cores).
`),
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Files = args
			return runBenchReport(o)
		},
	}
	o.compareFlags.register(cmd)
	cmd.Flags().BoolVar(&o.Partial, "partial", false, "merge an incomplete or mismatched set anyway, saying what is missing")
	return cmd
}

// checkPlot checks --plot FILE ("" for none), of bench, bench report and
// info, before any input is read: its format and that it can be written.
func checkPlot(file string) error {
	if _, err := plot.Format(file); file != "" && err != nil {
		return usageError("--plot %q: %v", file, err)
	}
	return withCode(ExitIO, batch.CheckOutput("--plot", file))
}

func runBenchReport(o *benchReportOptions) error {
	if err := checkPlot(o.Plot); err != nil {
		return err
	}
	c := report.NewCollector()
	c.KeepRuns = o.Format == formatJSON || o.Format == formatCSV && o.PerInstance
	if err := c.ReadFiles(o.Files, o.g.Stdin); err != nil {
		return orIO(ExitIncomplete, err) // not opened or read (a directory), else not bench's records
	}
	problems, notes := c.Check()
	for _, n := range notes {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: note: "+n)
	}
	for _, p := range problems {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: bench report: "+p)
	}
	if len(problems) > 0 && !o.Partial {
		return withCode(ExitIncomplete, fmt.Errorf("bench report: the outputs are not one whole set (problems above: %d); --partial merges them anyway", len(problems)))
	}
	rep, runs, notes, err := c.Report(report.Options{Baseline: o.Baseline, Keep: o.PerInstance || o.Plot != "", CPU: o.Time == report.TimeCPU})
	if err != nil { // a --baseline among no runs is a bad flag, no run at all (--partial) no bench output; else heuristics that disagree
		code := map[bool]int{true: ExitUsage, false: ExitBadInput}[errors.Is(err, report.ErrBaseline)]
		return withCode(map[bool]int{true: ExitIncomplete, false: code}[errors.Is(err, report.ErrNoRuns)], err)
	}
	for _, n := range append(notes, report.ProvenanceNotes(c.Headers())...) {
		fmt.Fprintln(o.g.Stderr, "pdbsolve: note: "+n)
	}
	prov := o.g.provenance()
	prov.Tables = provenance.MergeTables(c.Headers())
	if err := rep.Write(o.g.Stdout, o.Format.String(), o.PerInstance, prov, runs); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	return benchEnd(o.g, rep, o.Plot, false)
}
