package report

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// settingsRun writes a bench output of manhattan on the 8-puzzle with the
// --prune and --order given (order "" leaves it out, as a fixed-order
// output does), shard sh, and a solved run of each instance given,
// instance i generating gen[i] nodes (expanded half, length 2i).
func settingsRun(t *testing.T, dir, name, prune, order, sh string, maxNodes int, gen map[int]uint64) string {
	t.Helper()
	var b strings.Builder
	ord := ""
	if order != "" {
		ord = fmt.Sprintf(`,"order":%q`, order)
	}
	fmt.Fprintf(&b, `{"provenance":{"version":"devel","commit":"unknown","go_version":"go1","os":"linux/amd64","cpu":"x","cores":2,"date":"2026-12-02T00:00:00Z","command":["pdbsolve"]},`+
		`"config":{"command":"bench","puzzle":"8puzzle","goal":"blank-first","prune":%q%s,"heuristics":["manhattan"],"max_nodes":%d,"timeout_ns":0,"repeat":1,"shard":%q,"inputs":["b.txt"]}}`+"\n",
		prune, ord, maxNodes, sh)
	for i := 1; i <= 4; i++ {
		if g, ok := gen[i]; ok {
			fmt.Fprintf(&b, `{"puzzle":"8puzzle","input":"b.txt","line":%d,"instance":%d,"board":"board %d","heuristic":"manhattan","status":"solved","length":%d,"bound":%d,"h0":1,"expanded":%d,"generated":%d,"iterations":1,"time_ns":100}`+"\n",
				i, i, i, 2*i, 2*i, g/2, g)
		}
	}
	fmt.Fprintf(&b, `{"summary":{"complete":true,"instances":%d,"runs":%d,"solved":%d,"censored":0,"failed":0,"interrupted":0},"report":{}}`+"\n", len(gen), len(gen), len(gen))
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// collect reads files and returns the set's problems and notes and its
// report with o.
func collect(t *testing.T, o Options, files ...string) (*Report, []string, []string) {
	t.Helper()
	c := NewCollector()
	if err := c.ReadFiles(files, nil); err != nil {
		t.Fatal(err)
	}
	problems, notes := c.Check()
	rep, _, _, err := c.Report(o)
	if err != nil {
		t.Fatal(err)
	}
	return rep, problems, notes
}

// rows returns each row's label and its paired generated total.
func rows(rep *Report) map[string]float64 {
	m := map[string]float64{}
	for _, s := range rep.Heuristics {
		m[s.Heuristic] = s.Paired.Generated.Total
	}
	return m
}

// TestSettingsMakeRows: outputs that differ only in --order or --prune are
// rows of their own, labelled by the setting that differs; the shards of
// one of them still merge, a file named twice is read once, and one
// setting alone keeps the heuristic's name.
func TestSettingsMakeRows(t *testing.T) {
	dir := t.TempDir()
	all := map[int]uint64{1: 10, 2: 20, 3: 30, 4: 40}
	fixed := settingsRun(t, dir, "fixed.jsonl", "automaton", "", "0/1", 0, all)
	falling := settingsRun(t, dir, "falling.jsonl", "automaton", "falling", "0/1", 0, map[int]uint64{1: 8, 2: 16, 3: 24, 4: 32})
	s0 := settingsRun(t, dir, "s0.jsonl", "automaton", "falling", "0/2", 0, map[int]uint64{1: 8, 3: 24})
	s1 := settingsRun(t, dir, "s1.jsonl", "automaton", "falling", "1/2", 0, map[int]uint64{2: 16, 4: 32})
	inverse := settingsRun(t, dir, "inverse.jsonl", "inverse", "", "0/1", 0, map[int]uint64{1: 12, 2: 24, 3: 36, 4: 48})

	want := map[string]float64{"manhattan (order fixed)": 100, "manhattan (order falling)": 80}
	for _, files := range [][]string{{fixed, falling}, {fixed, s0, s1}, {fixed, falling, fixed}} {
		rep, problems, notes := collect(t, Options{}, files...)
		if got := rows(rep); len(problems) > 0 || fmt.Sprint(got) != fmt.Sprint(want) || rep.Instances != 4 || rep.PairedInstances != 4 {
			t.Errorf("%v: rows %v, %d instances, problems %q; want %v over 4", files, got, rep.Instances, problems, want)
		}
		if r := rep.Heuristics[1].Ratio; rep.Baseline != "manhattan (order fixed)" || r == nil || *r != 0.8 {
			t.Errorf("%v: baseline %q, ratio %v, want 0.8 against the fixed order", files, rep.Baseline, r)
		}
		if len(files) == 3 && files[2] == fixed && (len(notes) != 1 || !strings.Contains(notes[0], "read once")) {
			t.Errorf("%v: notes %q, want the file named twice read once", files, notes)
		}
	}
	rep, _, _ := collect(t, Options{Baseline: "manhattan (order falling)"}, fixed, falling)
	if r := rep.Heuristics[0].Ratio; r == nil || *r != 1.25 {
		t.Errorf("--baseline the falling order: fixed's ratio %v, want 1.25", r)
	}
	rep, problems, _ := collect(t, Options{}, fixed, inverse)
	if got := rows(rep); len(problems) > 0 || len(got) != 2 || got["manhattan (prune automaton)"] != 100 || got["manhattan (prune inverse)"] != 120 {
		t.Errorf("prune: rows %v, problems %q", got, problems)
	}
	rep, problems, _ = collect(t, Options{}, s0, s1)
	if got := rows(rep); len(problems) > 0 || len(got) != 1 || got["manhattan"] != 80 {
		t.Errorf("one setting: rows %v, problems %q, want manhattan alone", got, problems)
	}
	// Another difference still makes the set mismatched.
	limited := settingsRun(t, dir, "limited.jsonl", "automaton", "falling", "0/1", 5, all)
	if _, problems, _ := collect(t, Options{}, fixed, limited); len(problems) != 1 || !strings.Contains(problems[0], "--max-nodes") {
		t.Errorf("--max-nodes differing: problems %q, want one naming it", problems)
	}
}

// TestSettingsCountRows: the table's first line counts rows of other
// settings as configurations, with the heuristics and settings among them
// (one heuristic under two orders, two heuristics under two, one under
// three combinations of --prune and --order), and the heuristics alone
// when there is one setting; so does the note on the paired instances.
func TestSettingsCountRows(t *testing.T) {
	dir := t.TempDir()
	all := map[int]uint64{1: 10, 2: 20, 3: 30, 4: 40}
	fixed := settingsRun(t, dir, "fixed.jsonl", "automaton", "", "0/1", 0, all)
	falling := settingsRun(t, dir, "falling.jsonl", "automaton", "falling", "0/1", 0, all)
	inverse := settingsRun(t, dir, "inverse.jsonl", "inverse", "", "0/1", 0, all)
	b, err := os.ReadFile(fixed)
	if err != nil {
		t.Fatal(err)
	}
	lc := filepath.Join(dir, "lc.jsonl")
	if err := os.WriteFile(lc, []byte(strings.ReplaceAll(string(b), `"manhattan"`, `"linear-conflict"`)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		files      []string
		head, noun string
	}{
		{[]string{fixed, falling}, "8puzzle: 4 instances, 2 configurations: 1 heuristic, 2 settings of --order", "configuration"},
		{[]string{fixed, falling, lc}, "8puzzle: 4 instances, 3 configurations: 2 heuristics, 2 settings of --order", "configuration"},
		{[]string{fixed, inverse, falling}, "8puzzle: 4 instances, 3 configurations: 1 heuristic, 3 settings of --prune and --order", "configuration"},
		{[]string{fixed, lc}, "8puzzle: 4 instances, 2 heuristics", "heuristic"},
		{[]string{falling}, "8puzzle: 4 instances, 1 heuristic", "heuristic"},
	} {
		rep, _, _ := collect(t, Options{}, c.files...)
		var b strings.Builder
		if err := rep.WriteTable(&b); err != nil {
			t.Fatal(err)
		}
		if head, _, _ := strings.Cut(b.String(), "\n"); head != c.head || !strings.Contains(b.String(), "every "+c.noun+" solved") {
			t.Errorf("%d files: first line %q, want %q; every %s:\n%s", len(c.files), head, c.head, c.noun, b.String())
		}
	}
}
