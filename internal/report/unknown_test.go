package report

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// unknownRuns is a hand-made output: a records its CPU time, b does but
// on instance 1 (an older record without cpu_ns), and instance 3 is an
// unsolvable board under both, whose records carry no h0, nodes or time.
const unknownRuns = `{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"a","status":"solved","length":20,"bound":20,"h0":10,"expanded":100,"generated":150,"iterations":3,"time_ns":3000,"cpu_ns":2000}
{"puzzle":"8puzzle","input":"x","line":1,"instance":1,"heuristic":"b","status":"solved","length":20,"bound":20,"h0":12,"expanded":80,"generated":120,"iterations":2,"time_ns":2500}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"a","status":"solved","length":8,"bound":8,"h0":8,"expanded":50,"generated":70,"iterations":1,"time_ns":4000,"cpu_ns":3000}
{"puzzle":"8puzzle","input":"x","line":2,"instance":2,"heuristic":"b","status":"solved","length":8,"bound":8,"h0":8,"expanded":9,"generated":16,"iterations":1,"time_ns":5000,"cpu_ns":4000}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"a","status":"unsolvable","error":"board is unsolvable for the blank-first goal"}
{"puzzle":"8puzzle","input":"x","line":3,"instance":3,"heuristic":"b","status":"unsolvable","error":"board is unsolvable for the blank-first goal"}
`

// TestUnknownIsNotZero: a figure a record does not carry is "-" in the
// tables (an empty field in the CSV, absent from the JSON), never 0: the
// h0, nodes, time and CPU time of an unsolvable board per instance, the
// CPU time of a record without cpu_ns per instance and in the sums of
// every column that counts it; a heuristic with errors only has no
// figure over all instances and no mean h0.
func TestUnknownIsNotZero(t *testing.T) {
	rep := lastReport(t, unknownRuns)
	a, b := rep.Heuristics[0], rep.Heuristics[1]
	if a.All.CPUNS == nil || a.All.CPUNS.Total != 5000 || a.Paired.CPUNS == nil || a.Paired.CPUNS.Total != 5000 ||
		b.All.CPUNS != nil || b.Paired.CPUNS != nil {
		t.Fatalf("cpu: a %+v %+v; b %+v %+v, want a's 5000, b's unknown", a.All.CPUNS, a.Paired.CPUNS, b.All.CPUNS, b.Paired.CPUNS)
	}
	var pi bytes.Buffer
	if err := rep.writeInstances(&pi); err != nil {
		t.Fatal(err)
	}
	// instance input line heuristic status length h0 generated time cpu runs range
	want := [][]string{
		{"1", "x", "1", "a", "solved", "20", "10", "150", "3.00us", "2.00us", "1", "-"},
		{"1", "x", "1", "b", "solved", "20", "12", "120", "2.50us", "-", "1", "-"},
		{"2", "x", "2", "a", "solved", "8", "8", "70", "4.00us", "3.00us", "1", "-"},
		{"2", "x", "2", "b", "solved", "8", "8", "16", "5.00us", "4.00us", "1", "-"},
		{"3", "x", "3", "a", "unsolvable", "-", "-", "-", "-", "-", "1", "-"},
		{"3", "x", "3", "b", "unsolvable", "-", "-", "-", "-", "-", "1", "-"},
	}
	lines := strings.Split(strings.TrimSpace(pi.String()), "\n")
	for i, w := range want {
		if got := strings.Fields(lines[1+i]); strings.Join(got, " ") != strings.Join(w, " ") {
			t.Errorf("per instance: %q, want %q", got, w)
		}
	}

	var tb bytes.Buffer
	if err := rep.WriteTable(&tb); err != nil {
		t.Fatal(err)
	}
	// heuristic solved censored errors generated mean-gen time cpu mean-time mean-cpu (twice) ...
	for i, w := range [][4]string{{"5.00us", "2.50us", "5.00us", "2.50us"}, {"-", "-", "-", "-"}} {
		f := strings.Fields(strings.Split(tb.String(), "\n")[3+i])
		if len(f) < 17 || f[7] != w[0] || f[9] != w[1] || f[13] != w[2] || f[15] != w[3] {
			t.Errorf("table row %q: want cpu %v", f, w)
		}
	}

	rows := csvRows(t, rep)
	col := map[string]int{}
	for i, k := range rows[0] {
		col[k] = i
	}
	for _, k := range csvCPU[:4] {
		if rows[1][col[k]] == "" || rows[2][col[k]] != "" {
			t.Errorf("CSV %s: a %q, b %q; want a's, b's empty", k, rows[1][col[k]], rows[2][col[k]])
		}
	}
	var jb bytes.Buffer
	if err := rep.WriteJSON(&jb); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(jb.String(), `"cpu_ns":{"total":5000,`); n != 2 || strings.Count(jb.String(), `"cpu_ns"`) != 2 {
		t.Errorf("JSON: want cpu_ns in a's columns alone:\n%s", jb.String())
	}

	// Errors only: no figure over all instances, no mean h0.
	var errs []string
	for _, l := range strings.Split(strings.TrimSpace(unknownRuns), "\n") {
		if strings.Contains(l, `"unsolvable"`) && strings.Contains(l, `"a"`) {
			errs = append(errs, l)
		}
	}
	rep = lastReport(t, strings.Join(errs, "\n")+"\n")
	tb.Reset()
	rep.WriteTable(&tb)
	// heuristic solved censored errors generated mean-gen time mean-time (twice) vs mean-h0 mean-len
	if f := strings.Fields(strings.Split(tb.String(), "\n")[3]); len(f) != 15 || strings.Join(f[4:], " ") != strings.Repeat("- ", 10)+"-" {
		t.Errorf("errors only: table row %q, want - from the nodes on", f)
	}
	rows = csvRows(t, rep)
	for i, k := range rows[0] {
		if strings.Contains(k, "mean") && rows[1][i] != "" {
			t.Errorf("errors only: CSV %s %q, want empty", k, rows[1][i])
		}
	}
}

// csvRows returns the rows of rep's CSV (WriteCSV), its header first.
func csvRows(t *testing.T, rep *Report) [][]string {
	t.Helper()
	var b bytes.Buffer
	if err := rep.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}
