package cli

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestBenchReportMatchesOldCode: bench report, reading as it goes, prints
// what the code before it printed on the same outputs (testdata/report,
// the expected files written by that code: see its README), in every
// format, but for the provenance.
func TestBenchReportMatchesOldCode(t *testing.T) {
	dir := "testdata/report"
	korf := func(k string) string { return "../report/testdata/korf20-run" + k + ".jsonl" }
	shards := []string{"s0.json", "s1.json", "s2.json"}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"shards", shards},
		{"shards-pi", append([]string{"--per-instance"}, shards...)},
		{"shards-csv", append([]string{"--format", "csv"}, shards...)},
		{"shards-csvpi", append([]string{"--format", "csv", "--per-instance"}, shards...)},
		{"shards-json", append([]string{"--format", "json"}, shards...)},
		{"shards-lc", []string{"--baseline", "linear-conflict", "s0.json", "s2.json", "s1.json"}},
		{"dup", []string{"--partial", "s0.json", "s1.json", "s1.json"}},
		{"korf", []string{korf("1"), korf("2"), korf("3")}},
		{"korf-pi", []string{"--per-instance", korf("2")}},
		{"solve", []string{"sol.json"}},
		{"solve-pi", []string{"--per-instance", "sol.json"}},
	} {
		args := []string{"bench", "report"}
		for _, a := range c.args {
			if strings.HasSuffix(a, ".json") && !strings.HasPrefix(a, "..") {
				a = filepath.Join(dir, a)
			}
			args = append(args, a)
		}
		code, out, errs := run(t, "", args...)
		want, err := os.ReadFile(filepath.Join(dir, c.want+".want"))
		if err != nil {
			t.Fatal(err)
		}
		if code != 0 {
			t.Errorf("%s: exit %d: %s", c.want, code, errs)
		}
		if c.want == "shards-csvpi" {
			// New since: the report's rows, kind "report", before the runs'
			// ("run"): they are shards-csv.want's, the runs the old ones.
			csvWant, err := os.ReadFile(filepath.Join(dir, "shards-csv.want"))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := csvOfKind(t, out, "report"), withoutProvenance(string(csvWant)); got != want {
				t.Errorf("shards-csvpi: report rows\n%s\nwant\n%s", got, want)
			}
			out = csvOfKind(t, out, "run")
			// New since, empty in these: runs record CPU time and their last iterations.
			for _, col := range []string{"cpu_ns", "last_expanded", "last_generated"} {
				out = dropCSVColumn(t, out, col)
			}
		}
		if got, want := withoutProvenance(out), withoutProvenance(string(want)); got != want {
			t.Errorf("%s: bench report %v:\n%s\nwant\n%s", c.want, c.args, got, want)
		}
	}
}

// csvOfKind returns the header and the rows of kind of a --per-instance
// CSV s, without its provenance, in the layout of a CSV of that kind
// alone: "report" the columns between kind and puzzle (the runs' first);
// "run" those from puzzle on, with heuristic before status.
func csvOfKind(t *testing.T, s, kind string) string {
	t.Helper()
	r := csv.NewReader(strings.NewReader(withoutProvenance(s)))
	rows, err := r.ReadAll()
	if err != nil || len(rows) == 0 || rows[0][0] != "kind" {
		t.Fatalf("%v: %q", err, s)
	}
	p, h := slices.Index(rows[0], "puzzle"), slices.Index(rows[0], "heuristic")
	pick := func(row []string) []string {
		if kind == "report" {
			return row[1:p]
		}
		run := slices.Clone(row[p:])
		st := slices.Index(rows[0][p:], "status")
		return slices.Insert(run, st, row[h])
	}
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write(pick(rows[0]))
	for _, row := range rows[1:] {
		if row[0] == kind {
			w.Write(pick(row))
		}
	}
	w.Flush()
	return b.String()
}

// withoutProvenance drops the provenance lines of an output: JSON's
// header, CSV's comments.
func withoutProvenance(s string) string {
	var keep []string
	for _, l := range strings.SplitAfter(s, "\n") {
		if !strings.HasPrefix(l, `{"provenance":`) && !strings.HasPrefix(l, "#") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// TestBenchReportInputs: bench report refuses an empty output among good
// shards and an empty input alone (exit 6, naming it), a directory (exit
// 4), and reads "-" as standard input.
func TestBenchReportInputs(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.json")
	os.WriteFile(empty, nil, 0o644)
	shards := []string{"testdata/report/s0.json", "testdata/report/s1.json", "testdata/report/s2.json"}
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		says  string
	}{
		{"", append([]string{empty}, shards...), 6, "empty.json: empty"},
		{"", []string{"/dev/null"}, 6, "/dev/null: empty"},
		{"", []string{"-"}, 6, "-: empty"},
		{"", []string{empty}, 6, "empty.json: empty"},
		{"", []string{dir}, 4, "is a directory"},
		{"", append(shards, dir), 4, "is a directory"},
		{readFile(t, "report/s0.json"), []string{"-", shards[1], shards[2]}, 0, ""},
	} {
		code, out, errs := run(t, c.stdin, append([]string{"bench", "report"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.says) {
			t.Errorf("bench report %v: exit %d, stderr %q; want %d saying %q", c.args, code, errs, c.code, c.says)
		}
		if c.code == 0 {
			want, _ := os.ReadFile("testdata/report/shards.want")
			if out != string(want) {
				t.Errorf("bench report - s1 s2:\n%s\nwant\n%s", out, want)
			}
		}
	}
}

// dropCSVColumn removes the column named name from the CSV rows of s (its
// "#" lines kept).
func dropCSVColumn(t *testing.T, s, name string) string {
	t.Helper()
	var b strings.Builder
	col := -1
	w := csv.NewWriter(&b)
	for _, line := range strings.SplitAfter(s, "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			w.Flush()
			b.WriteString(line)
			continue
		}
		row, err := csv.NewReader(strings.NewReader(line)).Read()
		if err != nil {
			t.Fatal(err)
		}
		if col < 0 {
			col = slices.Index(row, name)
		}
		if col >= 0 {
			row = slices.Delete(row, col, col+1)
		}
		w.Write(row)
		w.Flush()
	}
	return b.String()
}
