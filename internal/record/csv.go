package record

import (
	"encoding/csv"
	"io"
	"slices"
	"strconv"
)

// csvHeader names the columns of runs in CSV: the JSON field names, in
// the JSON order.
var csvHeader = []string{"puzzle", "input", "line", "instance", "repeat", "board", "goal", "heuristic", "status",
	"moves", "length", "symbol", "bound", "h0", "expanded", "generated", "iterations", "last_expanded", "last_generated", "time_ns", "cpu_ns", "error"}

// CSVHeader returns the names of the columns of runs in CSV (WriteCSV):
// the JSON field names, in the JSON order.
func CSVHeader() []string { return slices.Clone(csvHeader) }

// WriteCSV writes a header row (CSVHeader) and one row per run (CSVRow).
func WriteCSV(w io.Writer, runs []Run) error {
	c := csv.NewWriter(w)
	if err := c.Write(csvHeader); err != nil {
		return err
	}
	row := make([]string, len(csvHeader))
	for i := range runs {
		if err := c.Write(CSVRow(row, &runs[i])); err != nil {
			return err
		}
	}
	c.Flush()
	return c.Error()
}

// CSVRow fills row, as long as CSVHeader, with the cells of run r and
// returns it. A field the JSON record would leave out for the run's
// status is empty, so an empty cell means "absent", never 0.
func CSVRow(row []string, r *Run) []string {
	for k := range row {
		row[k] = ""
	}
	row[0], row[1], row[2] = r.Puzzle, r.Input, strconv.Itoa(r.Line)
	if r.Instance != 0 {
		row[3] = strconv.Itoa(r.Instance)
	}
	if r.Repeat != 0 {
		row[4] = strconv.Itoa(r.Repeat)
	}
	row[5], row[6], row[7], row[8] = r.Board, r.Goal, r.Heuristic, string(r.Status)
	if r.Status == StatusSolved || r.Status == StatusLimit || r.Status == StatusInterrupted {
		if r.Status == StatusSolved {
			row[9], row[10] = r.Moves, strconv.Itoa(r.Length)
			if r.Symbol != 0 {
				row[11] = strconv.Itoa(r.Symbol)
			}
		}
		row[12], row[13] = strconv.Itoa(r.Bound), strconv.Itoa(r.H0)
		row[14], row[15] = strconv.FormatUint(r.Expanded, 10), strconv.FormatUint(r.Generated, 10)
		row[16] = strconv.Itoa(r.Iterations)
		for k, c := range [2]OptCount{r.LastExpanded, r.LastGenerated} {
			if c.Known {
				row[17+k] = strconv.FormatUint(c.N, 10)
			}
		}
		if r.TimeNS > 0 {
			row[19] = strconv.FormatInt(r.TimeNS, 10)
		}
		if r.CPUNS.Known {
			row[20] = strconv.FormatUint(r.CPUNS.N, 10)
		}
	}
	if r.Status != StatusSolved {
		row[21] = r.Error
	}
	return row
}
