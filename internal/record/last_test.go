package record

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// TestLastIterationCounts: last_expanded, last_generated and cpu_ns are
// read as known counts, 0 included, by the fast path, by encoding/json (a
// line with an escape) and under Brief; a record without them (an older
// one) reads as unknown and is written back without them; the CSV of runs
// has them, empty when unknown.
func TestLastIterationCounts(t *testing.T) {
	lines := []string{
		`{"puzzle":"8puzzle","input":"a","line":1,"status":"solved","moves":"UL","length":2,"bound":2,"h0":2,"expanded":7,"generated":12,"iterations":1,"last_expanded":5,"last_generated":9,"cpu_ns":0}`,
		`{"puzzle":"8puzzle","input":"\u0061","line":2,"status":"limit","bound":4,"h0":2,"expanded":30,"generated":50,"iterations":2,"last_expanded":0,"last_generated":1,"cpu_ns":1234,"error":"x"}`,
		`{"puzzle":"8puzzle","input":"a","line":3,"status":"solved","moves":"UL","length":2,"bound":2,"h0":2,"expanded":7,"generated":12,"iterations":1}`,
	}
	want := [][3]OptCount{{KnownCount(5), KnownCount(9), KnownCount(0)}, {KnownCount(0), KnownCount(1), KnownCount(1234)}, {}}
	data := strings.Join(lines, "\n") + "\n"
	s, err := ReadStream(strings.NewReader(data), "t")
	if err != nil || len(s.Runs) != 3 {
		t.Fatalf("%d runs, %v", len(s.Runs), err)
	}
	for i, r := range s.Runs {
		if got := [3]OptCount{r.LastExpanded, r.LastGenerated, r.CPUNS}; got != want[i] {
			t.Errorf("line %d: read %+v, want %+v", i+1, got, want[i])
		}
		out := strings.TrimSuffix(string(AppendRun(nil, &r)), "\n")
		if in := strings.Replace(lines[i], `\u0061`, "a", 1); out != in {
			t.Errorf("line %d written back as\n%s, read\n%s", i+1, out, in)
		}
	}
	sc := NewScanner(strings.NewReader(data), "t")
	sc.Brief = true
	n := 0
	for sc.Scan() {
		n++
		if r := sc.Run(); r.Line != n || r.Input != "a" {
			t.Errorf("brief: line %d read as %+v", n, r)
		}
	}
	if sc.Err() != nil || n != 3 {
		t.Fatalf("brief: %d runs, %v", n, sc.Err())
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, s.Runs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := map[string]int{}
	for k, name := range rows[0] {
		col[name] = k
	}
	for i, w := range [][3]string{{"5", "9", "0"}, {"0", "1", "1234"}, {"", "", ""}} {
		if got := [3]string{rows[i+1][col["last_expanded"]], rows[i+1][col["last_generated"]], rows[i+1][col["cpu_ns"]]}; got != w {
			t.Errorf("CSV row %d: last counts %q, want %q", i+1, got, w)
		}
	}
}
