package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// lastRuns is a hand-made output: heuristic a records its last iterations
// (before them: 40, 0 and, stopped at the limit, 20), heuristic b does but
// on instance 2, an older record without last_expanded.
const lastRuns = `{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"a","status":"solved","length":20,"bound":20,"h0":10,"expanded":100,"generated":150,"iterations":3,"last_expanded":60,"last_generated":90}
{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"b","status":"solved","length":20,"bound":20,"h0":12,"expanded":80,"generated":120,"iterations":2,"last_expanded":30,"last_generated":45}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"a","status":"solved","length":8,"bound":8,"h0":8,"expanded":50,"generated":70,"iterations":1,"last_expanded":50,"last_generated":70}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"b","status":"solved","length":8,"bound":8,"h0":8,"expanded":9,"generated":16,"iterations":1}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"a","status":"limit","bound":16,"h0":12,"expanded":30,"generated":50,"iterations":2,"last_expanded":10,"last_generated":17}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"b","status":"solved","length":18,"bound":18,"h0":14,"expanded":10,"generated":14,"iterations":2,"last_expanded":4,"last_generated":6}
`

// lastReport reads data as bench report does and builds its report,
// keeping the cells.
func lastReport(t *testing.T, data string) *Report {
	t.Helper()
	c := NewCollector()
	if err := c.Read(strings.NewReader(data), "t"); err != nil {
		t.Fatal(err)
	}
	rep, _, _, err := c.Report(Options{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// TestExpandedBeforeLast: the report's column of nodes expanded before the
// last bound, on lastRuns: totals over all instances (a's marked >=, a run
// stopped at the limit among them) and over the paired ones (1 and 2), per
// instance, in the table, the CSV and the JSON report; b's totals, which
// count its older record, and that record's row are "-" (empty in the
// CSV), never 0, and so are the totals of every heuristic when each counts
// an older record. Records without the field give no column at all.
func TestExpandedBeforeLast(t *testing.T) {
	rep := lastReport(t, lastRuns)
	a, b := rep.Heuristics[0], rep.Heuristics[1]
	if a.All.ExpandedBeforeLast == nil || a.All.ExpandedBeforeLast.Total != 60 || a.All.ExpandedBeforeLast.Censored != 1 ||
		a.Paired.ExpandedBeforeLast == nil || a.Paired.ExpandedBeforeLast.Total != 40 ||
		b.All.ExpandedBeforeLast != nil || b.Paired.ExpandedBeforeLast != nil {
		t.Fatalf("a %+v %+v; b %+v %+v", a.All.ExpandedBeforeLast, a.Paired.ExpandedBeforeLast, b.All.ExpandedBeforeLast,
			b.Paired.ExpandedBeforeLast)
	}
	var tb bytes.Buffer
	if err := rep.WriteTable(&tb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(tb.String(), "\n")
	if !strings.Contains(lines[2], lastHead) {
		t.Fatalf("no column %q:\n%s", lastHead, tb.String())
	}
	// heuristic solved censored errors generated mean-gen BEFORE time mean-time generated mean-gen BEFORE ...
	for i, want := range [][2]string{{">=60", "40"}, {"-", "-"}} {
		f := strings.Fields(lines[3+i])
		if len(f) < 12 || f[6] != want[0] || f[11] != want[1] {
			t.Errorf("row %q: want %s all, %s paired", lines[3+i], want[0], want[1])
		}
	}
	var pi bytes.Buffer
	if err := rep.writeInstances(&pi); err != nil {
		t.Fatal(err)
	}
	// instance input line heuristic status length h0 generated BEFORE time runs range
	for i, want := range []string{"40", "50", "0", "-", ">=16 20", "6"} {
		f := strings.Fields(strings.Split(pi.String(), "\n")[1+i])
		if w := strings.Fields(want); len(w) == 2 && f[5] != w[0] || f[8] != w[len(w)-1] {
			t.Errorf("per instance %v: want %s", f, want)
		}
	}
	var cb bytes.Buffer
	if err := rep.WriteCSV(&cb); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&cb).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n := len(rows[0])
	if rows[0][n-2] != "all_expanded_before_last" || rows[0][n-1] != "paired_expanded_before_last" ||
		rows[1][n-2] != "60" || rows[1][n-1] != "40" || rows[2][n-2] != "" || rows[2][n-1] != "" {
		t.Errorf("CSV %v", rows)
	}
	var jb bytes.Buffer
	if err := rep.WriteJSON(&jb); err != nil {
		t.Fatal(err)
	}
	if _, err := recordtest.Check(jb.Bytes()); err != nil {
		t.Errorf("JSON against the schema: %v", err)
	}
	if j := jb.String(); strings.Count(j, `"expanded_before_last":{"total":60,`) != 1 || strings.Count(j, `"expanded_before_last"`) != 2 {
		t.Errorf("JSON %s", j)
	}

	// Both heuristics with an older record among newer ones: the column,
	// all "-".
	mixed := strings.Replace(lastRuns, `"expanded":50,"generated":70,"iterations":1,"last_expanded":50,"last_generated":70`,
		`"expanded":50,"generated":70,"iterations":1`, 1)
	tb.Reset()
	if err := lastReport(t, mixed).WriteTable(&tb); err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(tb.String(), "\n")[3:5] {
		if f := strings.Fields(l); len(f) < 12 || f[6] != "-" || f[11] != "-" {
			t.Errorf("mixed: row %q", l)
		}
	}

	// Only older records: no column, as before there was one.
	var old []string
	for _, l := range strings.Split(strings.TrimSpace(lastRuns), "\n") {
		if i := strings.Index(l, `,"last_expanded"`); i >= 0 {
			l = l[:i] + "}"
		}
		old = append(old, l)
	}
	rep = lastReport(t, strings.Join(old, "\n")+"\n")
	tb.Reset()
	pi.Reset()
	cb.Reset()
	rep.WriteTable(&tb)
	rep.writeInstances(&pi)
	rep.WriteCSV(&cb)
	if s := tb.String() + pi.String() + cb.String(); strings.Contains(s, "before last") {
		t.Errorf("older records only, yet:\n%s", s)
	}
}
