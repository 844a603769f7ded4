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
// the runs (record.WriteCSV); else the table, WriteTable and, with
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

// csvLast names the columns of the nodes expanded below the runs' last
// iterations (Columns.ExpandedBeforeLast), last in the CSV when a run
// records its last iteration; empty when a run counted does not.
var csvLast = []string{"all_expanded_before_last", "paired_expanded_before_last"}

// beforeLast returns the cell of what c's runs expanded below their last
// iterations, through f; unknown when a run did not record it.
func beforeLast(c *Columns, unknown string, f func(float64) string) string {
	if c.ExpandedBeforeLast == nil {
		return unknown
	}
	return f(c.ExpandedBeforeLast.Total)
}

// WriteCSV writes one header row and one row per heuristic (see csvHeader,
// csvCPU when the runs record CPU time, and csvLast when they record
// their last iterations); an undefined ratio or spread, or an unknown
// count, is an empty field. Times are whole nanoseconds (fns0), as in the runs;
// the other numbers fg's.
func (rep *Report) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	cpu, anyLast := rep.hasCPU(), rep.LastRecorded
	head := slices.Clone(csvHeader)
	if cpu {
		head = append(head, csvCPU...)
	}
	if anyLast {
		head = append(head, csvLast...)
	}
	c.Write(head)
	for _, s := range rep.Heuristics {
		ratio, sm, sx := "", "", ""
		if s.Ratio != nil {
			ratio = fg(*s.Ratio)
		}
		if s.TimeSpread != nil {
			sm, sx = fg(s.TimeSpread.MedianRel), fg(s.TimeSpread.MaxRel)
		}
		row := []string{s.Heuristic, itoa(s.Instances), itoa(s.Solved), itoa(s.Censored), itoa(s.Errors),
			itoa(s.All.Instances), itoa(s.All.Generated.Censored), fg(s.All.Expanded.Total), fg(s.All.Generated.Total),
			fg(s.All.Generated.Mean), fns0(s.All.TimeNS.Total), fns0(s.All.TimeNS.Mean),
			itoa(s.Paired.Instances), fg(s.Paired.Expanded.Total), fg(s.Paired.Generated.Total), fg(s.Paired.Generated.Mean),
			fns0(s.Paired.TimeNS.Total), fns0(s.Paired.TimeNS.Mean),
			ratio, rep.Baseline, fg(s.MeanH0), fg(s.MeanLength), sm, sx}
		if cpu {
			a, p := orZero(s.All.CPUNS), orZero(s.Paired.CPUNS)
			row = append(row, fns0(a.Total), fns0(a.Mean), fns0(p.Total), fns0(p.Mean), rep.timeBasis())
		}
		if anyLast {
			row = append(row, beforeLast(&s.All, "", fg), beforeLast(&s.Paired, "", fg))
		}
		c.Write(row)
	}
	c.Flush()
	return c.Error()
}

func itoa(n int) string { return strconv.Itoa(n) }

// hasCPU reports whether the runs record CPU time.
func (rep *Report) hasCPU() bool {
	for _, s := range rep.Heuristics {
		if s.All.CPUNS != nil {
			return true
		}
	}
	return false
}

// timeBasis names the time repeats are folded on: wall or cpu.
func (rep *Report) timeBasis() string {
	if rep.Time == "" {
		return "wall"
	}
	return rep.Time
}

// orZero returns *s, or a zero Stat for nil.
func orZero(s *Stat) Stat {
	if s == nil {
		return Stat{}
	}
	return *s
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
	fmt.Fprintf(w, "%s: %s, %s", rep.Puzzle, Count(rep.Instances, "instance"), Count(len(rep.Heuristics), "heuristic"))
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
	fmt.Fprintf(tw, "\t\t\t\tall instances%ssolved by all (%d)\t\n", strings.Repeat("\t", len(times)+len(nodes)), rep.PairedInstances)
	head := append(append(append(append([]string{"heuristic", "solved", "censored", "errors"}, nodes...),
		times...), nodes...), times...)
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
	ge, te := mark(s.All.Generated.Censored), mark(s.All.TimeNS.Censored)
	times := func(c *Columns, te string) []string {
		if !cpu {
			return []string{te + fns(c.TimeNS.Total), te + fns(c.TimeNS.Mean)}
		}
		x := orZero(c.CPUNS)
		return []string{te + fns(c.TimeNS.Total), te + fns(x.Total), te + fns(c.TimeNS.Mean), te + fns(x.Mean)}
	}
	nodes := func(c *Columns, ge string) []string {
		cells := []string{ge + fint(c.Generated.Total), ge + fnum(c.Generated.Mean)}
		if last {
			cells = append(cells, beforeLast(c, "-", func(x float64) string { return mark(c.ExpandedBeforeLast.Censored) + fint(x) }))
		}
		return cells
	}
	row := append(append([]string{s.Heuristic, fmt.Sprintf("%d/%d", s.Solved, s.Instances), itoa(s.Censored), itoa(s.Errors)},
		nodes(&s.All, ge)...), times(&s.All, te)...)
	if s.Paired.Instances > 0 {
		row = append(append(row, nodes(&s.Paired, "")...), times(&s.Paired, "")...)
	} else {
		row = append(row, strings.Split(strings.Repeat("-", len(times(&s.Paired, ""))+len(nodes(&s.Paired, ""))), "")...)
	}
	ratio, length := "-", "-"
	if s.Ratio != nil {
		ratio = strconv.FormatFloat(*s.Ratio, 'g', 3, 64)
	}
	if s.Paired.Instances > 0 {
		length = fmt.Sprintf("%.2f", s.MeanLength)
	}
	h0 := "-" // a heuristic that never ran (an interrupted bench) has no h0
	if s.Instances > 0 {
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

// tableNotes returns the notes under the table.
func (rep *Report) tableNotes(spread, last bool) []string {
	var notes []string
	for _, s := range rep.Heuristics {
		if s.Censored > 0 {
			notes = append(notes, ">= : the sum includes runs stopped at a node or time limit, counted at what they had reached (a lower bound)")
			break
		}
	}
	notes = append(notes, fmt.Sprintf("vs %s: generated nodes against %s's on the %s every heuristic solved", rep.Baseline, rep.Baseline,
		Count(rep.PairedInstances, "instance")))
	if last {
		notes = append(notes, lastHead+": nodes expanded by the iterations below each run's last (searched in full, they do not"+
			" depend on the move order); - where a run does not record its last iteration (an older record)")
	}
	if rep.hasCPU() {
		notes = append(notes, "cpu: CPU time of the solve (getrusage: the solving thread's, the process's under --split) beside the wall time")
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
// (or the lower bound of a censored run), nodes generated (and expanded
// before the last bound, when a run records it) and the time, with the
// min-max range of repeated times.
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
		for h, s := range rep.Heuristics {
			c := &rep.Cells[h][b]
			if c.Repeats == 0 {
				continue
			}
			length := strconv.Itoa(c.Length)
			switch c.Status {
			case "limit":
				length = ">=" + strconv.Itoa(c.Bound)
			case "error", "unsolvable":
				length = "-"
			}
			index := "-"
			if in.Index > 0 {
				index = strconv.Itoa(in.Index)
			}
			rng := "-"
			if c.Repeats > 1 {
				rng = fns(float64(c.MinTimeNS)) + " - " + fns(float64(c.MaxTimeNS))
			}
			t := fns(float64(c.TimeNS))
			if cpu {
				t += "\t" + fns(float64(c.CPUNS))
			}
			if anyLast {
				before := "-"
				if n, ok := c.ExpandedBeforeLast(); ok && c.Status != "error" && c.Status != "unsolvable" {
					before = fint(float64(n))
				}
				t = before + "\t" + t
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t\n", index, in.Input, in.Line, s.Heuristic, c.Status,
				length, c.H0, fint(float64(c.Generated)), t, c.Repeats, rng)
		}
	}
	return tw.Flush()
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
