package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
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
	if err := s.complete(); err != nil || s.plan.Name != s.tiles.DefaultHeuristic() || s.tiles.Cells() != 25 || !s.sel.All() {
		t.Fatalf("solve 24puzzle: %v, %v, %v", err, s.plan, s.tiles)
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
