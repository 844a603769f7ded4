package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
)

// TestBadFlagsBuildNothing: a bad flag, heuristic name or pattern of a
// puzzle whose tables take minutes to build exits 2 at once, reading and
// building no table: the empty cache stays empty.
func TestBadFlagsBuildNothing(t *testing.T) {
	const boards = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n"
	for _, args := range [][]string{
		{"solve", "24puzzle", "--instances", "1-x"},
		{"solve", "24puzzle", "--shard", "2/2"},
		{"solve", "24puzzle", "--heuristic", "pdb:1-6/7-12/13-18/19-25"},
		{"solve", "24puzzle", "--heuristic", "pdb6666+reflect", "--timeout", "-1s"},
		{"solve", "tiles", "--size", "5x5", "--heuristic", "pdb99"},
		{"solve", "24puzzle", "--format", "xml"},
		{"solve", "24puzzle", "--split", "sometimes"},
		{"solve", "rotation", "--heuristic", "exact", "--instances", "0"},
		{"solve", "rotation", "--heuristic", "pdb663"},
		{"bench", "24puzzle", "--heuristic", "pdb6666,pdb6666+reflect", "--instances", "1-x"},
		{"bench", "24puzzle", "--heuristic", "pdb6666,bogus"},
		{"bench", "24puzzle", "--heuristic", "pdb6666", "--size", "4x4"},
		{"bench", "rotation", "--heuristic", "exact", "--goal", "middle"},
		{"bench", "report", "--plot", "nodes.gif", "runs.jsonl"},
		{"verify", "24puzzle", "--heuristic", "pdb:1-12/13-24+reflect+reflect", "--input", "-", "--solutions", "x"},
		{"verify", "rotation", "--heuristic", "bogus", "--input", "-", "--solutions", "x"},
		{"score", "24puzzle", "--heuristic", "pdb6666,bogus", "--build"},
		{"score", "24puzzle", "--heuristic", "pdb6666", "--samples", "0", "--build"},
		{"score", "24puzzle", "--heuristic", "pdb6666", "--format", "csv", "--build"},
		{"gen", "24puzzle", "--heuristic", "pdb:1-6/7-12/13-18/19-25"},
		{"gen", "tiles", "--pdb", "6666"},
		{"gen", "24puzzle", "--pdb", "6666", "--heuristic", "pdb6666"},
		{"--write-tables", "sometimes", "solve", "rotation"},
	} {
		dir := t.TempDir()
		var out, errb bytes.Buffer
		start := time.Now()
		code := Run(context.Background(), append([]string{"--tables", dir}, args...), strings.NewReader(boards), &out, &errb)
		if code != ExitUsage || out.Len() != 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d", args, code, out.String(), errb.String(), ExitUsage)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 || time.Since(start) > 5*time.Second {
			t.Errorf("%q: the cache holds %d files after %v", args, len(ents), time.Since(start))
		}
	}
}

// TestCompleteChecksFlags reaches the options' checks directly, without the
// pipeline or a table: complete fills what the flags imply and rejects what
// they cannot mean.
func TestCompleteChecksFlags(t *testing.T) {
	g := &globalOptions{}
	s := &solveTilesOptions{g: g, tilesArg: tilesArg{name: "24puzzle"}}
	if err := s.complete(); err != nil || s.opts.Plan.Name != s.tiles.DefaultHeuristic() || s.tiles.Cells() != 25 || !s.sel.All() {
		t.Fatalf("solve 24puzzle: %v, %v, %v", err, s.opts.Plan, s.tiles)
	}
	s = &solveTilesOptions{g: g, tilesArg: tilesArg{name: "tiles"}}
	if err := s.complete(); !errors.Is(err, puzzle.ErrPuzzle) {
		t.Fatalf("tiles without --size: %v", err)
	}
	s.size.Set("3x4")
	s.Instances = "3,1-2"
	if err := s.complete(); err != nil || s.tiles.Rows() != 3 || s.tiles.Cols() != 4 || !s.sel.Has(2) || s.sel.Has(3) {
		t.Fatalf("tiles --size 3x4: %v %v", err, s.sel)
	}
	s.Heuristic = "pdb:1-6/7-12" // 12 is not a tile of 3x4
	if err := s.complete(); !errors.Is(err, puzzle.ErrHeuristic) {
		t.Fatalf("a pattern off the board: %v", err)
	}
	b := &benchOptions{g: g, Puzzle: "15puzzle", Heuristics: []string{"manhattan", "pdb78"}, Repeat: 1}
	if err := b.complete(); err != nil || b.puzzle.RecordName() != "15puzzle" {
		t.Fatalf("bench 15puzzle: %v", err)
	}
	b.Heuristics = []string{"manhattan", "pdb6666"}
	if err := b.complete(); !errors.Is(err, puzzle.ErrHeuristic) {
		t.Fatalf("bench 15puzzle --heuristic pdb6666: %v", err)
	}
	b.Heuristics, b.Shard = []string{"manhattan"}, "1/1"
	if err := b.complete(); err == nil || !strings.Contains(err.Error(), "--shard") {
		t.Fatalf("--shard 1/1: %v", err)
	}
	v := &verifyOptions{g: g, Puzzle: "rotation", Input: "-", Solutions: "a"}
	if err := v.complete(); err != nil || v.plan.Name != "exact" {
		t.Fatalf("verify rotation: %v %v", err, v.plan)
	}
	v.Size.Set("3x3")
	if err := v.complete(); !errors.Is(err, puzzle.ErrPuzzle) {
		t.Fatalf("verify rotation --size 3x3: %v", err)
	}
	r := &solveRotationOptions{g: g, Heuristic: "count"}
	r.Shard = "1/x"
	if err := r.complete(); err == nil {
		t.Fatal("solve rotation --shard 1/x passed")
	}
}

// TestCheapChecksBuildNothing: every check that needs no table comes before
// the first table is loaded or built (issue 20, item 1). With an empty table
// cache that stays empty, a missing input, an output that cannot be written,
// --instances past the end, a first board of the wrong size and a catalogue
// with a table too big to build each exit with their documented status in
// under 2 s, on the 15- and 24-puzzle, from a file and from standard input;
// no output file is created.
func TestCheapChecksBuildNothing(t *testing.T) {
	dir := t.TempDir()
	b15, b24 := filepath.Join(dir, "b15.txt"), filepath.Join(dir, "b24.txt")
	const one15 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"
	const one24 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n"
	os.WriteFile(b15, []byte(one15+one15), 0o644)
	os.WriteFile(b24, []byte(one24), 0o644)
	noDir := filepath.Join(dir, "no", "such")
	bad24, mixed24 := filepath.Join(t.TempDir(), "bad24.txt"), filepath.Join(t.TempDir(), "mixed24.txt")
	const badLine = "1 2 3 x\n"
	os.WriteFile(bad24, []byte(strings.Repeat(badLine, 5)), 0o644) // more records than workers
	os.WriteFile(mixed24, []byte(one24+badLine), 0o644)
	many24 := filepath.Join(t.TempDir(), "many24.txt") // more records than the workers: counted in part
	os.WriteFile(many24, []byte(strings.Repeat(one24, 300)), 0o644)
	aDir := filepath.Join(t.TempDir(), "adir.svg")
	os.Mkdir(aDir, 0o755)
	for _, c := range []struct {
		code  int
		stdin string
		args  []string
	}{
		{ExitIO, "", []string{"solve", "15puzzle", filepath.Join(dir, "nosuch.txt")}},
		{ExitIO, one24, []string{"solve", "24puzzle", "-", filepath.Join(dir, "nosuch.txt")}},
		{ExitIO, "", []string{"bench", "24puzzle", "--heuristic", "pdb6666", filepath.Join(dir, "nosuch.txt")}},
		{ExitIO, "", []string{"solve", "15puzzle", "-o", filepath.Join(noDir, "out.jsonl"), b15}},
		{ExitIO, one24, []string{"solve", "24puzzle", "-o", filepath.Join(noDir, "out.jsonl")}},
		{ExitIO, "", []string{"bench", "24puzzle", "--heuristic", "pdb6666", "--plot", filepath.Join(noDir, "n.svg"), b24}},
		{ExitIO, one15, []string{"bench", "15puzzle", "--heuristic", "pdb663", "-o", filepath.Join(noDir, "b.jsonl")}},
		{ExitIO, "", []string{"bench", "24puzzle", "--heuristic", "pdb6666", "--plot", aDir, b24}},
		{ExitIO, "", []string{"bench", "report", "--plot", aDir, b24}},
		{ExitBadInput, "", []string{"solve", "15puzzle", "--instances", "3,4", b15}}, // taking no record (1,3 solves the first)
		{ExitBadInput, one15, []string{"solve", "15puzzle", "--instances", "2-4"}},
		{ExitBadInput, "", []string{"solve", "24puzzle", "--instances", "1", "--shard", "1/2", b24}},
		{ExitBadInput, one24 + one24, []string{"bench", "24puzzle", "--heuristic", "pdb6666", "--instances", "5"}},
		{ExitBadInput, "", []string{"solve", "24puzzle", b15}},
		{ExitBadInput, one15, []string{"solve", "24puzzle"}},
		{ExitBadInput, "", []string{"solve", "15puzzle", b24}},
		{ExitBadInput, one24, []string{"bench", "15puzzle", "--heuristic", "pdb663"}},
		{ExitBadInput, "", []string{"solve", "24puzzle", "--shard", "1/2", "--instances", "1", many24}},
		{ExitBadInput, "", []string{"bench", "24puzzle", "--heuristic", "pdb6666", "--shard", "1/2", "--instances", "1", many24}},
		{ExitBadInput, "", []string{"solve", "24puzzle", bad24}},
		{ExitBadInput, "", []string{"solve", "24puzzle", "-o", filepath.Join(dir, "out.jsonl"), bad24}},
		{ExitBadInput, "", []string{"solve", "24puzzle", "--instances", "2", mixed24}},
		{ExitBadInput, "", []string{"bench", "24puzzle", "--heuristic", "pdb6666", bad24}},
		{ExitTable, "", []string{"solve", "24puzzle", "--heuristic", "pdb6666|pdb:1-12/13-24", b24}},
		{ExitTable, one24, []string{"solve", "24puzzle", "--heuristic", "pdb6666+zero|pdb:1-12/13-24"}},
		{ExitTable, one24, []string{"bench", "24puzzle", "--heuristic", "pdb6666,pdb:1-13/14-24"}},
	} {
		tables := t.TempDir()
		var out, errb bytes.Buffer
		start := time.Now()
		code := Run(context.Background(), append([]string{"--tables", tables}, c.args...), strings.NewReader(c.stdin), &out, &errb)
		took := time.Since(start)
		if code != c.code || out.Len() != 0 || !strings.HasPrefix(errb.String(), "pdbsolve: ") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d", c.args, code, out.String(), errb.String(), c.code)
		}
		if ents, _ := os.ReadDir(tables); len(ents) != 0 || took > 2*time.Second {
			t.Errorf("%q: the cache holds %d files after %v", c.args, len(ents), took)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("the inputs' directory holds %d files, want the 2 inputs", len(ents))
	}
}

// TestNumberFlagMessages: a bad number flag is a usage error in plain
// words, without strconv's.
func TestNumberFlagMessages(t *testing.T) {
	for _, c := range []struct{ args []string }{
		{[]string{"solve", "15puzzle", "--max-nodes", "-1"}},
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "--repeat", "x"}},
		{[]string{"-j", "x", "solve", "rotation"}},
	} {
		code, _, errs := run(t, "", c.args...)
		if code != ExitUsage || strings.Contains(errs, "strconv") || !strings.Contains(errs, "want a whole number") {
			t.Errorf("%q: exit %d, %q", c.args, code, errs)
		}
	}
}
