package solve

import (
	"io"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// TestInterruptedTakesTheUnitsLinesOnly: on an interrupt, a unit's runs in
// flight are those on its own lines: a one-record unit ending in a line
// break does not take the next line's run (which its own unit writes),
// and a unit of three lines (a board over three lines) takes the runs
// that start on any of them.
func TestInterruptedTakesTheUnitsLinesOnly(t *testing.T) {
	inFlight := func(lines ...int) *Options {
		tr := progress.New(io.Discard, "solve", progress.Log)
		for _, l := range lines {
			w := tr.NewWorker()
			w.SetRecord(&record.Run{Puzzle: record.Puzzle8, Input: "in", Line: l, Heuristic: "manhattan"})
			w.Begin(search.Limits{}, 0, "in:", "manhattan")
		}
		return &Options{Tracker: tr, JSON: true}
	}
	for _, c := range []struct {
		line      int
		data      string
		wantLines []string
		flightOn  []int
	}{
		{7, "1 2 3 4 5 6 7 8 0\n", []string{`"line":7,`}, []int{7, 8}},
		{8, "1 2 3 4 5 6 7 8 0", []string{`"line":8,`}, []int{7, 8}},
		{7, "1 2 3\n4 5 6\n7 8 0\n", []string{`"line":7,`, `"line":9,`}, []int{7, 9, 10}},
	} {
		u := &batch.Unit{Name: "in", Line: c.line, Data: []byte(c.data)}
		if !inFlight(c.flightOn...).interrupted(u, Board[bitboard.Tiles]{}) {
			t.Fatalf("unit at line %d: no run in flight found", c.line)
		}
		got := strings.Split(strings.TrimSpace(string(u.Out)), "\n")
		if len(got) != len(c.wantLines) {
			t.Fatalf("unit at line %d, %q: %d runs written, want %d:\n%s", c.line, c.data, len(got), len(c.wantLines), u.Out)
		}
		for i, w := range c.wantLines {
			if !strings.Contains(got[i], w) || !strings.Contains(got[i], `"status":"interrupted"`) {
				t.Errorf("unit at line %d: run %d is %s, want %s interrupted", c.line, i, got[i], w)
			}
		}
	}
}
