package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// Write writes the comparison rep of runs (those kept, for the CSV rows
// and JSON lines of runs) in format: "json" JSON Lines in one write, the
// provenance header prov, the runs, then the report line; "csv" prov as
// comment lines (provenance.WriteCSV), then WriteCSV or, with perInstance,
// writeCSVRuns (the report's rows and the runs'); else the table, WriteTable and, with
// perInstance, a blank line and writeInstances.
func (rep *Report) Write(w io.Writer, format string, perInstance bool, prov record.Provenance, runs []record.Run) error {
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
			return rep.writeCSVRuns(w, runs)
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
		return rep.writeInstances(w)
	}
	return nil
}

// WriteJSON writes the report as one JSON Lines record {"report": {...}}.
func (rep *Report) WriteJSON(w io.Writer) error {
	b, err := json.Marshal(struct {
		Report *Report `json:"report"`
	}{rep})
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// csvHeader names the CSV columns: one row per heuristic. The all_* columns
// include censored runs at the values they reached (all_censored of them);
// the paired_* columns are over the instances every heuristic solved.
var csvHeader = []string{"heuristic", "instances", "solved", "censored", "errors",
	"all_instances", "all_censored", "all_expanded", "all_generated", "all_mean_generated", "all_time_ns", "all_mean_time_ns",
	"paired_instances", "paired_expanded", "paired_generated", "paired_mean_generated", "paired_time_ns", "paired_mean_time_ns",
	"ratio_to_baseline", "baseline", "mean_h0", "mean_length", "time_spread_median", "time_spread_max"}

// csvCPU names the CPU time columns the CSV ends with when the runs
// record it.
var csvCPU = []string{"all_cpu_ns", "all_mean_cpu_ns", "paired_cpu_ns", "paired_mean_cpu_ns", "time_basis"}

// csvInterrupted names the column of the runs stopped by a signal, last
// in the CSV when a run was interrupted (Report.anyInterrupted).
var csvInterrupted = []string{"interrupted"}

// csvLast names the columns of the nodes expanded below the runs' last
// iterations (Columns.ExpandedBeforeLast), last in the CSV when a run
// records its last iteration; empty when a run counted does not.
var csvLast = []string{"all_expanded_before_last", "paired_expanded_before_last"}

// optional returns the cell of the optional figure s through f; unknown
// when s is nil (a run counted lacks it: Columns.CPUNS,
// Columns.ExpandedBeforeLast).
func optional(s *Stat, unknown string, f func(*Stat) string) string {
	if s == nil {
		return unknown
	}
	return f(s)
}

// csvMean returns the CSV field of a mean over n instances, through f:
// empty when n is 0 (undefined).
func csvMean(x float64, n int, f func(float64) string) string {
	if n == 0 {
		return ""
	}
	return f(x)
}

// WriteCSV writes one header row and one row per heuristic (csvTable).
func (rep *Report) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	head, rows := rep.csvTable()
	c.Write(head)
	c.WriteAll(rows)
	return c.Error()
}

// writeCSVRuns writes the report's rows and then the runs' as one CSV
// table, told apart by its first column, kind: "report" (a heuristic's
// row, csvTable) or "run" (record.CSVRow). The other columns are the
// report's, then the runs' but heuristic, which they share; a cell of the
// other kind's columns is empty.
func (rep *Report) writeCSVRuns(w io.Writer, runs []record.Run) error {
	c := csv.NewWriter(w)
	head, rows := rep.csvTable()
	runHead := record.CSVHeader()
	h := slices.Index(runHead, "heuristic")
	c.Write(append(append([]string{"kind"}, head...), slices.Delete(slices.Clone(runHead), h, h+1)...))
	for _, row := range rows {
		c.Write(append(append([]string{"report"}, row...), make([]string, len(runHead)-1)...))
	}
	cells := make([]string, len(runHead))
	for i := range runs {
		r := record.CSVRow(cells, &runs[i])
		row := append(append([]string{"run", r[h]}, make([]string, len(head)-1)...), r[:h]...)
		c.Write(append(row, r[h+1:]...))
	}
	c.Flush()
	return c.Error()
}

// csvTable returns the CSV header and one row per heuristic (see
// csvHeader, csvCPU when the runs record CPU time, csvLast when they
// record their last iterations, and csvInterrupted when a run was
// interrupted); an undefined ratio, spread or mean (over no instance), or
// an unknown count or CPU time (a run counted does not record it), is an
// empty field. Times are whole nanoseconds (fns0), as in the runs; the
// other numbers fg's.
func (rep *Report) csvTable() (head []string, rows [][]string) {
	cpu, anyLast, anyInt := rep.hasCPU(), rep.LastRecorded, rep.anyInterrupted()
	head = slices.Clone(csvHeader)
	if cpu {
		head = append(head, csvCPU...)
	}
	if anyLast {
		head = append(head, csvLast...)
	}
	if anyInt {
		head = append(head, csvInterrupted...)
	}
	for _, s := range rep.Heuristics {
		ratio, sm, sx := "", "", ""
		if s.Ratio != nil {
			ratio = fg(*s.Ratio)
		}
		if s.TimeSpread != nil {
			sm, sx = fg(s.TimeSpread.MedianRel), fg(s.TimeSpread.MaxRel)
		}
		na, np := s.All.Instances, s.Paired.Instances
		row := []string{s.Heuristic, itoa(s.Instances), itoa(s.Solved), itoa(s.Censored), itoa(s.Errors),
			itoa(na), itoa(s.All.Generated.Censored), fg(s.All.Expanded.Total), fg(s.All.Generated.Total),
			csvMean(s.All.Generated.Mean, na, fg), fns0(s.All.TimeNS.Total), csvMean(s.All.TimeNS.Mean, na, fns0),
			itoa(np), fg(s.Paired.Expanded.Total), fg(s.Paired.Generated.Total), csvMean(s.Paired.Generated.Mean, np, fg),
			fns0(s.Paired.TimeNS.Total), csvMean(s.Paired.TimeNS.Mean, np, fns0),
			ratio, rep.Baseline, csvMean(s.MeanH0, na, fg), csvMean(s.MeanLength, np, fg), sm, sx}
		if cpu {
			total, mean := func(x *Stat) string { return fns0(x.Total) }, func(x *Stat) string { return fns0(x.Mean) }
			row = append(row, optional(s.All.CPUNS, "", total), optional(s.All.CPUNS, "", mean),
				optional(s.Paired.CPUNS, "", total), optional(s.Paired.CPUNS, "", mean), rep.timeBasis())
		}
		if anyLast {
			total := func(x *Stat) string { return fg(x.Total) }
			row = append(row, optional(s.All.ExpandedBeforeLast, "", total), optional(s.Paired.ExpandedBeforeLast, "", total))
		}
		if anyInt {
			row = append(row, itoa(s.Interrupted))
		}
		rows = append(rows, row)
	}
	return head, rows
}

// anyInterrupted reports whether a run counted was stopped by a signal:
// the table and the CSV then count them in a column of their own, since
// solved, censored and errors no longer add up to the instances.
func (rep *Report) anyInterrupted() bool {
	for i := range rep.Heuristics {
		if rep.Heuristics[i].Interrupted > 0 {
			return true
		}
	}
	return false
}

func itoa(n int) string { return strconv.Itoa(n) }

// hasCPU reports whether a run records CPU time.
func (rep *Report) hasCPU() bool { return rep.CPURecorded }

// timeBasis names the time repeats are folded on: wall or cpu.
func (rep *Report) timeBasis() string {
	if rep.Time == "" {
		return "wall"
	}
	return rep.Time
}

// fns0 formats a time in nanoseconds as a whole number of them (halves
// away from zero), never in exponent form: a mean or median to the
// nanosecond, as the runs' times.
func fns0(ns float64) string { return strconv.FormatFloat(math.Round(ns), 'f', 0, 64) }

// fg formats a number exactly when it is a whole number below 2^53, else
// with 6 significant digits.
func fg(x float64) string {
	if x == float64(int64(x)) && x < 1<<53 && x > -(1<<53) {
		return strconv.FormatInt(int64(x), 10)
	}
	return strconv.FormatFloat(x, 'g', 6, 64)
}

// WriteTable writes the report as aligned text: a heading, one row per
// heuristic, and notes saying what the columns cover. When the runs record
// CPU time, a cpu column follows each time column.
func (rep *Report) WriteTable(w io.Writer) error {
	fmt.Fprintf(w, "%s: %s, %s", rep.Puzzle, Count(rep.Instances, "instance"), rep.rowsCount())
	if rep.Repeats > 1 {
		fmt.Fprintf(w, ", up to %d runs each (times are medians", rep.Repeats)
		if rep.Time == "cpu" {
			fmt.Fprint(w, " by CPU time")
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintln(w)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	cpu, spread, last := rep.hasCPU(), rep.Repeats > 1, rep.LastRecorded
	times := []string{"time", "mean time"}
	if cpu {
		times = []string{"time", "cpu", "mean time", "mean cpu"}
	}
	// The cells end at their last tab: no empty cells after them, which
	// would end the line in spaces.
	nodes := []string{"generated", "mean gen"}
	if last {
		nodes = append(nodes, lastHead)
	}
	counts := []string{"heuristic", "solved", "censored", "errors"}
	if rep.anyInterrupted() {
		counts = append(counts, "interrupted")
	}
	fmt.Fprintf(tw, "%sall instances%ssolved by all (%d)\t\n", strings.Repeat("\t", len(counts)),
		strings.Repeat("\t", len(times)+len(nodes)), rep.PairedInstances)
	head := append(append(append(append(counts, nodes...), times...), nodes...), times...)
	head = append(head, "vs "+rep.Baseline, "mean h0", "mean len")
	if spread {
		head = append(head, rep.timeBasisName()+" spread")
	}
	fmt.Fprintln(tw, strings.Join(head, "\t")+"\t")
	for i := range rep.Heuristics {
		fmt.Fprintln(tw, strings.Join(rep.tableRow(&rep.Heuristics[i], cpu, spread, last), "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, strings.Join(rep.tableNotes(spread, last), "\n")+"\n")
	return err
}

// rowsCount counts the rows of the table: "3 heuristics" or, when they
// are heuristics under other search settings (Settings), "3
// configurations: 2 heuristics, 2 settings of --order".
func (rep *Report) rowsCount() string {
	st := rep.Settings
	if st == nil {
		return Count(len(rep.Heuristics), "heuristic")
	}
	return fmt.Sprintf("%s: %s, %s of %s", Count(len(rep.Heuristics), "configuration"), Count(st.Heuristics, "heuristic"),
		Count(st.Settings, "setting"), strings.Join(st.Flags, " and "))
}

// rowNoun names what a row of the table is: a heuristic, or a
// configuration when the rows are heuristics under other search settings.
func (rep *Report) rowNoun() string {
	if rep.Settings != nil {
		return "configuration"
	}
	return "heuristic"
}

// lastHead heads the column of the nodes expanded below the runs' last
// iterations, a table shows when a run records its last iteration.
const lastHead = "expanded before last bound"

// timeBasisName names the time repeats are folded on in a table: time or
// cpu.
func (rep *Report) timeBasisName() string {
	if rep.Time == "cpu" {
		return "cpu"
	}
	return "time"
}

// tableRow returns the cells of heuristic s's row of the table; last
// adds the column of what was expanded below the last iterations.
func (rep *Report) tableRow(s *Summary, cpu, spread, last bool) []string {
	row := []string{s.Heuristic, fmt.Sprintf("%d/%d", s.Solved, s.Instances), itoa(s.Censored), itoa(s.Errors)}
	if rep.anyInterrupted() {
		row = append(row, itoa(s.Interrupted))
	}
	row = append(row, tableColumns(&s.All, cpu, last)...)
	row = append(row, tableColumns(&s.Paired, cpu, last)...)
	ratio, length, h0 := "-", "-", "-" // no h0 without a run searched (errors only, or an interrupted bench)
	if s.Ratio != nil {
		ratio = strconv.FormatFloat(*s.Ratio, 'g', 3, 64)
	}
	if s.Paired.Instances > 0 {
		length = fmt.Sprintf("%.2f", s.MeanLength)
	}
	if s.All.Instances > 0 {
		h0 = fmt.Sprintf("%.2f", s.MeanH0)
	}
	row = append(row, ratio, h0, length)
	if spread {
		sp := "-"
		if s.TimeSpread != nil {
			sp = fmt.Sprintf("%.0f%% (max %.0f%%)", 100*s.TimeSpread.MedianRel, 100*s.TimeSpread.MaxRel)
		}
		row = append(row, sp)
	}
	return row
}

// tableColumns returns the node and time cells of c in a table row: nodes
// generated, their mean and, with last, what was expanded below the last
// iterations; then the time, with cpu its CPU time, and their means. A
// sum marked ">=" counts censored runs; "-" is unknown (a run counted
// lacks it) or, for every cell when c counts no instance, undefined.
func tableColumns(c *Columns, cpu, last bool) []string {
	ge, te := mark(c.Generated.Censored), mark(c.TimeNS.Censored)
	cells := []string{ge + fint(c.Generated.Total), ge + fnum(c.Generated.Mean)}
	if last {
		cells = append(cells, optional(c.ExpandedBeforeLast, "-", func(x *Stat) string { return mark(x.Censored) + fint(x.Total) }))
	}
	if !cpu {
		cells = append(cells, te+fns(c.TimeNS.Total), te+fns(c.TimeNS.Mean))
	} else {
		total := optional(c.CPUNS, "-", func(x *Stat) string { return mark(x.Censored) + fns(x.Total) })
		mean := optional(c.CPUNS, "-", func(x *Stat) string { return mark(x.Censored) + fns(x.Mean) })
		cells = append(cells, te+fns(c.TimeNS.Total), total, te+fns(c.TimeNS.Mean), mean)
	}
	if c.Instances == 0 {
		for i := range cells {
			cells[i] = "-"
		}
	}
	return cells
}

// tableNotes returns the notes under the table.
func (rep *Report) tableNotes(spread, last bool) []string {
	var notes []string
	for _, s := range rep.Heuristics {
		if s.Censored > 0 || s.Interrupted > 0 {
			stop := "at a node or time limit"
			if rep.anyInterrupted() {
				stop += " or interrupted (by a signal)"
			}
			notes = append(notes, ">= : the sum includes runs stopped "+stop+", counted at what they had reached (a lower bound)")
			break
		}
	}
	notes = append(notes, fmt.Sprintf("vs %s: generated nodes against %s's on the %s every %s solved", rep.Baseline, rep.Baseline,
		Count(rep.PairedInstances, "instance"), rep.rowNoun()))
	if last {
		notes = append(notes, lastHead+": nodes expanded by the iterations below each run's last (searched in full, they do not"+
			" depend on the move order); - where a run does not record its last iteration (an older record)")
	}
	if rep.hasCPU() {
		notes = append(notes, "cpu: CPU time of the solve (the solving thread's, the process's under --split) beside the wall time;"+
			" - where a run does not record it (an older record, or solve's)")
	}
	if spread {
		what := "times"
		if rep.Time == "cpu" {
			what = "CPU times"
		}
		notes = append(notes, fmt.Sprintf("%s spread: (max-min)/median of an instance's repeated %s; the median over instances, and the largest",
			rep.timeBasisName(), what))
	}
	for _, d := range rep.Disagreements {
		notes = append(notes, "DISAGREEMENT: "+d)
	}
	return notes
}

// writeInstances writes one row per instance and heuristic: status, length
// (or the lower bound of a censored run), h0, nodes generated (and expanded
// before the last bound, when a run records it) and the time, with the
// min-max range of repeated times; "-" where the run's record lacks the
// figure (instanceCells).
func (rep *Report) writeInstances(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	cpu, anyLast := rep.hasCPU(), rep.LastRecorded
	head := "instance\tinput\tline\theuristic\tstatus\tlength\th0\tgenerated\t"
	if anyLast {
		head += lastHead + "\t"
	}
	head += "time\t"
	if cpu {
		head += "cpu\t"
	}
	fmt.Fprintln(tw, head+"runs\t"+rep.timeBasisName()+" range\t")
	for b, in := range rep.Boards {
		index := "-"
		if in.Index > 0 {
			index = strconv.Itoa(in.Index)
		}
		for h, s := range rep.Heuristics {
			c := &rep.Cells[h][b]
			if c.Repeats == 0 {
				continue
			}
			row := append([]string{index, in.Input, itoa(in.Line), s.Heuristic, string(c.Status)}, instanceCells(c, cpu, anyLast)...)
			fmt.Fprintln(tw, strings.Join(row, "\t")+"\t")
		}
	}
	return tw.Flush()
}

// instanceCells returns the cells of c's row of the per-instance table
// after its status: length, h0, generated, (with last) expanded before
// the last bound, time, (with cpu) CPU time, runs and the time range. A
// figure the record does not carry is "-", never 0: the length of a run
// not solved (">=" its lower bound when censored), every search figure
// of an unsolvable or bad board (Cell.Searched), a CPU time not recorded
// (Cell.CPU), the nodes below the last bound of an older record.
func instanceCells(c *Cell, cpu, last bool) []string {
	length, h0, gen, before, t, ct, rng := "-", "-", "-", "-", "-", "-", "-"
	switch c.Status {
	case record.StatusSolved:
		length = itoa(c.Length)
	case record.StatusLimit, record.StatusInterrupted:
		length = ">=" + itoa(c.Bound)
	}
	if c.Searched() {
		h0, gen = itoa(c.H0), fint(float64(c.Generated))
		if c.TimeNS > 0 {
			t = fns(float64(c.TimeNS))
		}
		if c.Repeats > 1 && c.MinTimeNS > 0 { // 0: a repeat lacks the time the range is of
			rng = fns(float64(c.MinTimeNS)) + " - " + fns(float64(c.MaxTimeNS))
		}
	}
	if n, ok := c.CPU(); ok {
		ct = fns(float64(n))
	}
	if n, ok := c.ExpandedBeforeLast(); ok && c.Searched() {
		before = fint(float64(n))
	}
	cells := []string{length, h0, gen}
	if last {
		cells = append(cells, before)
	}
	cells = append(cells, t)
	if cpu {
		cells = append(cells, ct)
	}
	return append(cells, itoa(c.Repeats), rng)
}

func mark(censored int) string {
	if censored > 0 {
		return ">="
	}
	return ""
}

// fint formats a whole number with thousands separators.
func fint(x float64) string { return GroupDigits(strconv.FormatFloat(x, 'f', 0, 64)) }

// GroupDigits returns the decimal digits s with a comma before each group of
// three from the right: "1234567" becomes "1,234,567".
func GroupDigits(s string) string {
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// Count spells n things of a regular noun, singular for one: Count(1,
// "heuristic") is "1 heuristic", Count(3, "heuristic") "3 heuristics". Every
// count of things that pdbsolve prints goes through it.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// fnum formats a mean: whole with separators from 1000, else 3 significant
// digits.
func fnum(x float64) string {
	if x >= 1000 {
		return fint(x)
	}
	return strconv.FormatFloat(x, 'g', 3, 64)
}

// fns formats nanoseconds with about 3 significant digits and a unit that
// suits them: 6.28s, 137ms, 9.61us, 35ns.
func fns(ns float64) string {
	switch {
	case ns >= 1e9:
		return f3(ns/1e9) + "s"
	case ns >= 1e6:
		return f3(ns/1e6) + "ms"
	case ns >= 1e3:
		return f3(ns/1e3) + "us"
	}
	return strconv.FormatFloat(ns, 'f', 0, 64) + "ns"
}

// f3 formats x >= 1 with 3 significant digits, never in exponent form.
func f3(x float64) string {
	switch {
	case x >= 99.95:
		return strconv.FormatFloat(x, 'f', 0, 64)
	case x >= 9.995:
		return strconv.FormatFloat(x, 'f', 1, 64)
	}
	return strconv.FormatFloat(x, 'f', 2, 64)
}
