package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// intRuns is a hand-made bench output stopped by a signal: heuristic b's
// run of instance 3 is interrupted, its run of instance 2 stopped at the
// node limit, its run of instance 4 an error.
const intRuns = `{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"a","status":"solved","length":20,"bound":20,"h0":10,"expanded":100,"generated":150,"iterations":3}
{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"b","status":"solved","length":20,"bound":20,"h0":12,"expanded":80,"generated":120,"iterations":2}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"a","status":"solved","length":8,"bound":8,"h0":8,"expanded":50,"generated":70,"iterations":1}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"b","status":"limit","bound":6,"h0":6,"expanded":9,"generated":16,"iterations":1}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"a","status":"solved","length":18,"bound":18,"h0":12,"expanded":30,"generated":50,"iterations":2}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"b","status":"interrupted","bound":16,"h0":14,"expanded":10,"generated":14,"iterations":2,"error":"interrupted after 2 iterations; the optimal length is at least 16"}
{"puzzle":"8puzzle","input":"x","line":4,"instance":4,"heuristic":"a","status":"solved","length":4,"bound":4,"h0":4,"expanded":4,"generated":6,"iterations":1}
{"puzzle":"8puzzle","input":"x","line":4,"instance":4,"heuristic":"b","status":"error","error":"x:4: something"}
`

// statusCounts counts the runs of data by heuristic and status, read with
// encoding/json.
func statusCounts(t *testing.T, data string) map[string]map[string]int {
	t.Helper()
	n := map[string]map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(data), "\n") {
		var r struct{ Heuristic, Status string }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if n[r.Heuristic] == nil {
			n[r.Heuristic] = map[string]int{}
		}
		n[r.Heuristic][r.Status]++
	}
	return n
}

// TestInterruptedCounted: a run stopped by a signal is counted in an
// interrupted column of the table and the CSV, and in the JSON report, so
// solved, censored, errors and interrupted add up to the instances; the
// column is absent when no run was interrupted.
func TestInterruptedCounted(t *testing.T) {
	want := statusCounts(t, intRuns)
	rep := lastReport(t, intRuns)
	var tb, cb, jb bytes.Buffer
	if err := rep.WriteTable(&tb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(tb.String(), "\n")
	head := strings.Fields(lines[2])
	col := slices.Index(head, "interrupted")
	if col != 4 || !strings.Contains(tb.String(), "or interrupted") {
		t.Fatalf("no interrupted column after errors, or no note:\n%s", tb.String())
	}
	for i, h := range []string{"a", "b"} {
		cells := strings.Fields(lines[3+i])
		w := want[h]
		total := w["solved"] + w["limit"] + w["error"] + w["interrupted"]
		row := []string{h, strconv.Itoa(w["solved"]) + "/" + strconv.Itoa(total), strconv.Itoa(w["limit"]),
			strconv.Itoa(w["error"]), strconv.Itoa(w["interrupted"])}
		if !slices.Equal(cells[:5], row) {
			t.Errorf("table row %v, want %v", cells[:5], row)
		}
	}
	if err := rep.WriteCSV(&cb); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	ci := slices.Index(recs[0], "interrupted")
	if ci < 0 || len(recs) != 3 {
		t.Fatalf("csv: %v", recs)
	}
	if err := rep.WriteJSON(&jb); err != nil {
		t.Fatal(err)
	}
	var js struct {
		Report struct {
			Heuristics []struct {
				Heuristic                                        string
				Instances, Solved, Censored, Errors, Interrupted int
			}
		}
	}
	if err := json.Unmarshal(jb.Bytes(), &js); err != nil {
		t.Fatal(err)
	}
	for i, h := range []string{"a", "b"} {
		w := want[h]
		if got := recs[1+i][ci]; recs[1+i][0] != h || got != strconv.Itoa(w["interrupted"]) {
			t.Errorf("csv %s: interrupted %q, want %d", recs[1+i][0], got, w["interrupted"])
		}
		s := js.Report.Heuristics[i]
		if s.Heuristic != h || s.Interrupted != w["interrupted"] || s.Solved != w["solved"] || s.Censored != w["limit"] ||
			s.Errors != w["error"] || s.Solved+s.Censored+s.Errors+s.Interrupted != s.Instances {
			t.Errorf("json %+v, want %v", s, w)
		}
	}
	// Without an interrupted run: no column.
	tb.Reset()
	cb.Reset()
	clean := lastReport(t, strings.ReplaceAll(intRuns, `"status":"interrupted"`, `"status":"limit"`))
	clean.WriteTable(&tb)
	clean.WriteCSV(&cb)
	if strings.Contains(tb.String(), "interrupted") || strings.Contains(cb.String(), "interrupted") {
		t.Errorf("an interrupted column without interrupted runs:\n%s\n%s", tb.String(), cb.String())
	}
}

// TestCSVPerInstance: --per-instance CSV holds the report's rows and then
// one row a run, as one table a CSV reader takes (one header, unique
// names, every row as long), told apart by kind; the run rows carry the
// runs read, field for field.
func TestCSVPerInstance(t *testing.T) {
	c := NewCollector()
	c.KeepRuns = true
	if err := c.Read(strings.NewReader(intRuns), "t"); err != nil {
		t.Fatal(err)
	}
	rep, runs, _, err := c.Report(Options{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := rep.Write(&b, "csv", true, record.Provenance{}, runs); err != nil {
		t.Fatal(err)
	}
	r := csv.NewReader(strings.NewReader(b.String()))
	r.Comment = '#'
	recs, err := r.ReadAll() // fails on rows of another length
	if err != nil {
		t.Fatal(err)
	}
	head := recs[0]
	seen := map[string]bool{}
	for _, h := range head {
		if seen[h] {
			t.Fatalf("column %q twice in %v", h, head)
		}
		seen[h] = true
	}
	at := func(row []string, name string) string { return row[slices.Index(head, name)] }
	var kinds []string
	for _, row := range recs[1:] {
		kinds = append(kinds, row[0])
	}
	lines := strings.Split(strings.TrimSpace(intRuns), "\n")
	wantKinds := append([]string{"report", "report"}, slices.Repeat([]string{"run"}, len(lines))...)
	if head[0] != "kind" || !slices.Equal(kinds, wantKinds) {
		t.Fatalf("kinds %v, want %v", kinds, wantKinds)
	}
	for i, h := range []string{"a", "b"} {
		if row := recs[1+i]; at(row, "heuristic") != h || at(row, "instances") != "4" || at(row, "status") != "" {
			t.Errorf("report row %v", row)
		}
	}
	for i, l := range lines {
		var want map[string]any
		if err := json.Unmarshal([]byte(l), &want); err != nil {
			t.Fatal(err)
		}
		row := recs[3+i]
		for k, v := range want {
			var s string
			switch v := v.(type) {
			case string:
				s = v
			case float64:
				s = strconv.FormatFloat(v, 'f', -1, 64)
			}
			if at(row, k) != s {
				t.Errorf("run %d: %s %q, want %q", i+1, k, at(row, k), s)
			}
		}
		if at(row, "solved") != "" {
			t.Errorf("run %d: a report cell filled: %v", i+1, row)
		}
	}
}
