package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// TestScoreRejectsBeforeWork checks that bad flags and arguments are usage
// errors (exit 2) naming the flag and what it wants, and that missing tables
// without --build exit 3 listing them; none of them builds a table.
func TestScoreRejectsBeforeWork(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"score", "8puzzle", "--heuristic", "manhattan", "--format", "xml"}, ExitUsage, []string{"--format", `"xml"`, "table or json"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan", "--samples", "0"}, ExitUsage, []string{"--samples 0", "want 1 to"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan", "--samples", "99999999"}, ExitUsage, []string{"--samples", "want 1 to"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan", "--depth", "-3"}, ExitUsage, []string{"--depth -3", "want 0 to"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan", "--depth", "5000"}, ExitUsage, []string{"--depth 5000", "want 0 to"}},
		{[]string{"score", "8puzzle"}, ExitUsage, []string{"--heuristic", "at least one"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan,bogus"}, ExitUsage, []string{"--heuristic bogus", "manhattan"}},
		{[]string{"score", "8puzzle", "--heuristic", "manhattan,manhattan"}, ExitUsage, []string{"named twice"}},
		{[]string{"score", "15puzzle", "--heuristic", "pdb:1-7/8-14"}, ExitUsage, []string{"tile 15 is in no pattern"}},
		{[]string{"score", "tiles", "--size", "2x3", "--heuristic", "pdb:1-2/3-5+reflect"}, ExitUsage, []string{"+reflect needs a square board"}},
		{[]string{"score", "rotation", "--heuristic", "exact"}, ExitUsage, []string{"rotation", "8puzzle, 15puzzle"}},
		{[]string{"score", "tiles", "--heuristic", "manhattan"}, ExitUsage, []string{"--size ROWSxCOLS is required"}},
		{[]string{"score", "tiles", "--size", "3x4", "--heuristic", "manhattan"}, ExitUsage, []string{"--depth", "3x4"}},
		{[]string{"score", "tiles", "--size", "9x9", "--heuristic", "manhattan"}, ExitUsage, []string{"--size", "9x9"}},
		{[]string{"score", "8puzzle", "15puzzle", "--heuristic", "manhattan"}, ExitUsage, []string{"one PUZZLE"}},
		{[]string{"score", "15puzzle", "--heuristic", "manhattan,pdb663+reflect,pdb555,pdb663"}, ExitTable,
			[]string{"missing", "15puzzle/blank0-1.2.4.5.8.9-md (pdb663+reflect, pdb663)", "15puzzle/blank0-12.13.14-md (pdb663+reflect, pdb663)",
				"15puzzle/blank0-1.2.4.5.8-md (pdb555)", "--build"}},
	}
	for _, c := range cases {
		var out, errb bytes.Buffer
		code := Run(context.Background(), append([]string{"--tables", dir}, c.args...), strings.NewReader(""), &out, &errb)
		if code != c.code || out.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and no output", c.args, code, out.String(), errb.String(), c.code)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(errb.String(), w) {
				t.Errorf("%v: stderr lacks %q:\n%s", c.args, w, errb.String())
			}
		}
	}
	var errb bytes.Buffer
	Run(context.Background(), []string{"--tables", dir, "score", "15puzzle", "--heuristic", "pdb663,pdb663+reflect"},
		strings.NewReader(""), &bytes.Buffer{}, &errb)
	if n := strings.Count(errb.String(), "blank0-1.2.4.5.8.9-md"); n != 1 {
		t.Errorf("a table two heuristics need is listed %d times, want once:\n%s", n, errb.String())
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Errorf("the rejected commands left %d files in the cache, want none", len(names))
	}
}

// scoreJSON is the {"score": ...} line as docs/score.md describes it.
type scoreJSON struct {
	Score struct {
		Puzzle, Heuristic string
		Samples, Seed     uint64
		MeanH             float64            `json:"mean_h"`
		HCounts           []uint64           `json:"h_counts"`
		Quantiles         map[string]int     `json:"h_quantiles"`
		Bound             int                `json:"bound"`
		Predicted         map[string]float64 `json:"predicted"`
		Ratio             *float64           `json:"ratio_to_first"`
		Tables            struct {
			Count   int
			Bytes   uint64
			Missing []string
		}
	}
}

// TestScoreOutput checks score's output against an independent computation:
// the mean Manhattan distance, computed here the slow way, of the boards
// "random" prints for the same seed; the shape of both formats; and that
// --build builds the missing tables and says so.
func TestScoreOutput(t *testing.T) {
	code, boards, _ := run(t, "", "random", "8puzzle", "-n", "500", "--seed", "3")
	if code != 0 {
		t.Fatal("random failed")
	}
	sum := 0
	for _, line := range strings.Split(strings.TrimSpace(boards), "\n") {
		cells := tilesCells(t, line)
		for c, tile := range cells {
			if tile != 0 {
				sum += abs(c/3-tile/3) + abs(c%3-tile%3)
			}
		}
	}
	wantMean := float64(sum) / 500

	dir := t.TempDir()
	var out, errb bytes.Buffer
	args := []string{"--tables", dir, "score", "8puzzle", "--heuristic", "manhattan,pdb44+reflect", "-n", "500", "--seed", "3",
		"--format", "json", "--build"}
	if code := Run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if kinds, err := recordtest.Check(out.Bytes()); err != nil || !slices.Equal(kinds, []string{"header", "score", "score"}) {
		t.Fatalf("score --format json against the record schema: kinds %v, %v", kinds, err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], `{"provenance":`) {
		t.Fatalf("want a provenance line and 2 score lines, got:\n%s", out.String())
	}
	var prev *scoreJSON
	for i, l := range lines[1:] {
		var s scoreJSON
		dec := json.NewDecoder(strings.NewReader(l))
		if err := dec.Decode(&s); err != nil {
			t.Fatalf("line %d: %v: %s", i+2, err, l)
		}
		r := s.Score
		total := uint64(0)
		weighted := 0.0
		for v, n := range r.HCounts {
			total += n
			weighted += float64(v) * float64(n)
		}
		if r.Puzzle != "8puzzle" || r.Samples != 500 || total != 500 || r.Seed != 3 || r.Bound != 22 {
			t.Errorf("line %d: puzzle %q, samples %d, counts summing to %d, seed %d, bound %d", i+2, r.Puzzle, r.Samples, total, r.Seed, r.Bound)
		}
		if d := weighted/500 - r.MeanH; d > 1e-9 || d < -1e-9 {
			t.Errorf("line %d: mean_h %v, counts give %v", i+2, r.MeanH, weighted/500)
		}
		if q := r.Quantiles; !(q["min"] <= q["p1"] && q["p1"] <= q["p10"] && q["p10"] <= q["p50"] && q["p50"] <= q["p90"] &&
			q["p90"] <= q["p99"] && q["p99"] <= q["max"]) || r.HCounts[q["min"]] == 0 || len(r.HCounts) != q["max"]+1 {
			t.Errorf("line %d: quantiles %v do not fit the counts %v", i+2, q, r.HCounts)
		}
		for _, k := range []string{"expanded", "generated", "expanded_by_cell", "generated_by_cell"} {
			if !(r.Predicted[k] > 0) {
				t.Errorf("line %d: predicted %s = %v", i+2, k, r.Predicted[k])
			}
		}
		if r.Predicted["generated"] < r.Predicted["expanded"] {
			t.Errorf("line %d: fewer generated than expanded: %v", i+2, r.Predicted)
		}
		if r.Ratio == nil {
			t.Errorf("line %d: no ratio", i+2)
		}
		if i == 0 {
			if r.Heuristic != "manhattan" || r.MeanH != wantMean || *r.Ratio != 1 || r.Tables.Count != 0 {
				t.Errorf("manhattan: mean %v (the random boards: %v), ratio %v, %d tables", r.MeanH, wantMean, *r.Ratio, r.Tables.Count)
			}
		} else {
			// pdb44+reflect dominates Manhattan board by board, so its
			// mean is at least Manhattan's and its prediction at most.
			if r.Heuristic != "pdb44+reflect" || r.MeanH < prev.Score.MeanH || *r.Ratio > 1 || r.Tables.Count != 2 ||
				r.Tables.Bytes != 2*9*8*7*6 || len(r.Tables.Missing) != 2 {
				t.Errorf("pdb44+reflect: mean %v, ratio %v, tables %+v", r.MeanH, *r.Ratio, r.Tables)
			}
		}
		prev = &s
	}
	if !strings.Contains(errb.String(), "building") {
		t.Errorf("--build built nothing? stderr:\n%s", errb.String())
	}

	// The table format, from the tables now cached: three tables of one row
	// a heuristic, the notes.
	out.Reset()
	errb.Reset()
	args = []string{"--tables", dir, "score", "8puzzle", "--heuristic", "manhattan,pdb44+reflect", "-n", "500", "--seed", "3", "--depth", "20"}
	if code := Run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	text := out.String()
	for _, w := range []string{"8puzzle: h over 500 uniformly random solvable boards (seed 3)", "IDA* iteration with bound 20 (--depth)",
		"vs manhattan", "Tables", "sparse:"} {
		if !strings.Contains(text, w) {
			t.Errorf("table output lacks %q:\n%s", w, text)
		}
	}
	if n := strings.Count(text, "pdb44+reflect "); n != 3 {
		t.Errorf("pdb44+reflect on %d rows, want 3:\n%s", n, text)
	}
	if !strings.Contains(text, "yes") || strings.Contains(text, "built now") {
		t.Errorf("the cached tables are not reported as cached:\n%s", text)
	}
	if errb.Len() != 0 {
		t.Errorf("stderr %q from a run with every table cached", errb.String())
	}
}

// TestScoreDamagedTable checks that score without --build treats a damaged
// cached table as a missing one: named as damaged, exit 3, nothing built
// (the damaged file is left as it was).
func TestScoreDamagedTable(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"--tables", dir, "gen", "8puzzle", "--heuristic", "pdb44"},
		strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errb.String())
	}
	path := filepath.Join(dir, "8puzzle-blank0-5.6.7.8-md.pdb")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 0xff
	b[len(b)/2+1] ^= 0xff
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	errb.Reset()
	code := Run(context.Background(), []string{"--tables", dir, "score", "8puzzle", "--heuristic", "manhattan,pdb44", "-n", "50"},
		strings.NewReader(""), &out, &errb)
	if code != ExitTable || out.Len() != 0 || !strings.Contains(errb.String(), "8puzzle/blank0-5.6.7.8-md (pdb44)") ||
		!strings.Contains(errb.String(), "damaged") || strings.Contains(errb.String(), "8puzzle/blank0-1.2.3.4-md") ||
		strings.Contains(errb.String(), "building") {
		t.Errorf("exit %d, stdout %q, stderr:\n%s\nwant exit %d naming the damaged table alone, nothing built", code, out.String(), errb.String(), ExitTable)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(after, b) {
		t.Errorf("the damaged table was rewritten")
	}
}
