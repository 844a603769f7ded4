package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/bench"
)

// instanceRow is one instance under one heuristic, for --per-instance.
type instanceRow struct {
	Instance  int     `json:"instance"`
	Where     string  `json:"where"`
	Heuristic string  `json:"heuristic"`
	Status    string  `json:"status"`
	Length    int     `json:"length"`
	Bound     int     `json:"bound"`
	H0        int     `json:"h0"`
	Expanded  uint64  `json:"expanded"`
	Generated uint64  `json:"generated"`
	Seconds   float64 `json:"seconds"`
	Moves     string  `json:"moves,omitempty"`
	Error     string  `json:"error,omitempty"`
}

// benchRows returns the per-instance rows of a report that kept its runs.
func benchRows(r *bench.Report) []instanceRow {
	var rows []instanceRow
	for i, where := range r.Where {
		for h, runs := range r.Runs {
			run := &runs[i]
			rows = append(rows, instanceRow{Instance: i + 1, Where: where, Heuristic: r.Heuristics[h],
				Status: run.Status(), Length: run.Length, Bound: run.Stats.Bound, H0: run.Stats.RootH,
				Expanded: run.Stats.Expanded, Generated: run.Stats.Generated, Seconds: run.Time.Seconds(),
				Moves: run.Moves, Error: run.Error})
		}
	}
	return rows
}

// writeBenchReport writes a finished report in format table, json or csv,
// with per-instance rows if asked.
func writeBenchReport(w io.Writer, r *bench.Report, format string, perInstance bool) error {
	switch format {
	case "json":
		doc := struct {
			Puzzle        string          `json:"puzzle"`
			Instances     int             `json:"instances"`
			Summary       []bench.Summary `json:"summary"`
			PerInstance   []instanceRow   `json:"per_instance,omitempty"`
			Disagreements []string        `json:"disagreements"`
		}{r.Puzzle, r.Instances, r.Summaries, nil, r.Disagree}
		if perInstance {
			doc.PerInstance = benchRows(r)
		}
		if doc.Disagreements == nil {
			doc.Disagreements = []string{}
		}
		e := json.NewEncoder(w)
		e.SetIndent("", "  ")
		return e.Encode(doc)
	case "csv":
		c := csv.NewWriter(w)
		if perInstance {
			c.Write([]string{"instance", "where", "heuristic", "status", "length", "bound", "h0", "expanded", "generated", "seconds"})
			for _, x := range benchRows(r) {
				c.Write([]string{strconv.Itoa(x.Instance), x.Where, x.Heuristic, x.Status, strconv.Itoa(x.Length),
					strconv.Itoa(x.Bound), strconv.Itoa(x.H0), strconv.FormatUint(x.Expanded, 10),
					strconv.FormatUint(x.Generated, 10), strconv.FormatFloat(x.Seconds, 'g', 6, 64)})
			}
		} else {
			c.Write([]string{"heuristic", "instances", "solved", "censored", "errors", "expanded", "generated",
				"mean_expanded", "mean_generated", "seconds", "mean_seconds", "nodes_per_second", "mean_h0",
				"mean_length", "ratio_to_first"})
			for _, s := range r.Summaries {
				c.Write([]string{s.Heuristic, strconv.Itoa(s.Instances), strconv.Itoa(s.Solved), strconv.Itoa(s.Censored),
					strconv.Itoa(s.Errors), strconv.FormatUint(s.Expanded, 10), strconv.FormatUint(s.Generated, 10),
					fg(s.MeanExpanded), fg(s.MeanGenerated), fg(s.Seconds), fg(s.MeanSeconds), fg(s.NodesPerSec),
					fg(s.MeanH0), fg(s.MeanLength), fg(s.Ratio)})
			}
		}
		c.Flush()
		return c.Error()
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%s: %d instances\n", r.Puzzle, r.Instances)
	fmt.Fprintln(tw, "heuristic\tsolved\tcensored\texpanded\tmean exp\tgenerated\tmean gen\ttime\tmean time\tnodes/s\tmean h0\tmean len\tvs first\t")
	for _, s := range r.Summaries {
		fmt.Fprintf(tw, "%s\t%d/%d\t%d\t%d\t%.1f\t%d\t%.1f\t%s\t%s\t%s\t%.2f\t%.2f\t%s\t\n", s.Heuristic, s.Solved, s.Instances,
			s.Censored, s.Expanded, s.MeanExpanded, s.Generated, s.MeanGenerated, fsec(s.Seconds), fsec(s.MeanSeconds),
			fsi(s.NodesPerSec), s.MeanH0, s.MeanLength, fratio(s.Ratio))
	}
	if perInstance {
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "instance\twhere\theuristic\tstatus\tlength\tbound\th0\texpanded\tgenerated\ttime\t")
		for _, x := range benchRows(r) {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\t\n", x.Instance, x.Where, x.Heuristic, x.Status,
				x.Length, x.Bound, x.H0, x.Expanded, x.Generated, fsec(x.Seconds))
		}
	}
	return tw.Flush()
}

func fg(x float64) string { return strconv.FormatFloat(x, 'g', 6, 64) }

// fsec formats seconds with a unit that suits them.
func fsec(s float64) string {
	return time.Duration(s * float64(time.Second)).Round(time.Microsecond).String()
}

// fsi formats a rate with an SI prefix.
func fsi(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

func fratio(x float64) string {
	if x < 0 {
		return "-"
	}
	return fmt.Sprintf("%.3g", x)
}
