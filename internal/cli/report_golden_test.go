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
		if c.want == "shards-csvpi" { // new since, empty in these: runs record CPU time and their last iterations
			for _, col := range []string{"cpu_ns", "last_expanded", "last_generated"} {
				out = dropCSVColumn(t, out, col)
			}
		}
		if got, want := withoutProvenance(out), withoutProvenance(string(want)); got != want {
			t.Errorf("%s: bench report %v:\n%s\nwant\n%s", c.want, c.args, got, want)
		}
	}
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
