package cli

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"
	"time"
)

// benchSummary sums up one heuristic over all instances. Node, time and
// length figures are over the instances it solved; nodes per second is over
// all its runs; the ratio is its generated nodes over the first heuristic's,
// on the instances both solved.
type benchSummary struct {
	Heuristic     string  `json:"heuristic"`
	Instances     int     `json:"instances"`
	Solved        int     `json:"solved"`
	Censored      int     `json:"censored"`
	Errors        int     `json:"errors"`
	Expanded      uint64  `json:"expanded"`
	Generated     uint64  `json:"generated"`
	MeanExpanded  float64 `json:"mean_expanded"`
	MeanGenerated float64 `json:"mean_generated"`
	Seconds       float64 `json:"seconds"`
	MeanSeconds   float64 `json:"mean_seconds"`
	NodesPerSec   float64 `json:"nodes_per_second"`
	MeanH0        float64 `json:"mean_h0"`
	MeanLength    float64 `json:"mean_length"`
	Ratio         float64 `json:"ratio_to_first"` // -1 when undefined: no instance solved by both, or none with nodes
}

func (r *benchReport) summarize() {
	r.Summaries = make([]benchSummary, len(r.Heuristics))
	for h, runs := range r.Runs {
		s := &r.Summaries[h]
		s.Heuristic, s.Instances = r.Heuristics[h], len(runs)
		var allGen uint64
		var allTime, solvedTime time.Duration
		var h0, length float64
		var mine, first uint64
		for i, run := range runs {
			allGen += run.Stats.Generated
			allTime += run.Time
			h0 += float64(run.Stats.RootH)
			switch {
			case run.Solved:
				s.Solved++
				s.Expanded += run.Stats.Expanded
				s.Generated += run.Stats.Generated
				solvedTime += run.Time
				length += float64(run.Length)
				if f := r.Runs[0][i]; f.Solved {
					mine += run.Stats.Generated
					first += f.Stats.Generated
				}
			case run.Censored:
				s.Censored++
			default:
				s.Errors++
			}
		}
		s.Seconds = solvedTime.Seconds()
		if s.Solved > 0 {
			n := float64(s.Solved)
			s.MeanExpanded, s.MeanGenerated = float64(s.Expanded)/n, float64(s.Generated)/n
			s.MeanSeconds, s.MeanLength = s.Seconds/n, length/n
		}
		if allTime > 0 {
			s.NodesPerSec = float64(allGen) / allTime.Seconds()
		}
		if len(runs) > 0 {
			s.MeanH0 = h0 / float64(len(runs))
		}
		s.Ratio = -1
		if first > 0 {
			s.Ratio = float64(mine) / float64(first)
		}
	}
	for i := range r.Instances {
		length, by := -1, ""
		for h := range r.Runs {
			run := r.Runs[h][i]
			if !run.Solved {
				continue
			}
			if length < 0 {
				length, by = run.Length, r.Heuristics[h]
			} else if run.Length != length {
				r.Disagree = append(r.Disagree, fmt.Sprintf("%s: %s finds length %d, %s finds %d",
					r.Instances[i].where(), by, length, r.Heuristics[h], run.Length))
			}
		}
	}
}

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

func (r *benchReport) rows() []instanceRow {
	var rows []instanceRow
	for i := range r.Instances {
		for h, runs := range r.Runs {
			run := runs[i]
			status := "solved"
			if run.Censored {
				status = "censored"
			} else if !run.Solved {
				status = "error"
			}
			rows = append(rows, instanceRow{Instance: i + 1, Where: r.Instances[i].where(), Heuristic: r.Heuristics[h],
				Status: status, Length: run.Length, Bound: run.Stats.Bound, H0: run.Stats.RootH,
				Expanded: run.Stats.Expanded, Generated: run.Stats.Generated, Seconds: run.Time.Seconds(),
				Moves: run.Moves, Error: run.Error})
		}
	}
	return rows
}

func (r *benchReport) write(w io.Writer, format string, perInstance bool) error {
	switch format {
	case "json":
		doc := struct {
			Puzzle        string         `json:"puzzle"`
			Instances     int            `json:"instances"`
			Summary       []benchSummary `json:"summary"`
			PerInstance   []instanceRow  `json:"per_instance,omitempty"`
			Disagreements []string       `json:"disagreements"`
		}{r.Puzzle, len(r.Instances), r.Summaries, nil, r.Disagree}
		if perInstance {
			doc.PerInstance = r.rows()
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
			for _, x := range r.rows() {
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
	fmt.Fprintf(tw, "%s: %d instances\n", r.Puzzle, len(r.Instances))
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
		for _, x := range r.rows() {
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
