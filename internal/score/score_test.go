package score

import (
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestCost: memory is entries times bits over 8, build times add up, the
// peak is the largest, and the tables not cached are named.
func TestCost(t *testing.T) {
	specs := []pdb.Spec{
		{Puzzle: "15puzzle", Pattern: "a", Entries: 1000, Width: 8, BuildTime: time.Second, PeakBytes: 10},
		{Puzzle: "15puzzle", Pattern: "b", Entries: 4096, Width: 4, BuildTime: 2 * time.Second, PeakBytes: 30},
		{Puzzle: "15puzzle", Pattern: "c", Entries: 16, Width: 2, PeakBytes: 20},
	}
	c := cost(specs, func(s pdb.Spec) bool { return s.Pattern != "b" })
	if c.Count != 3 || c.Bytes != 1000+2048+4 || c.BuildNS != 3e9 || c.PeakBytes != 30 ||
		!slices.Equal(c.Missing, []string{"15puzzle/b"}) {
		t.Fatalf("%+v", c)
	}
	if c := cost(nil, nil); c.Count != 0 || c.Bytes != 0 || c.Missing != nil {
		t.Fatalf("no tables: %+v", c)
	}
}

// TestCosts: a table two heuristics need is named once, with both and its
// estimate; a cached table and a table without an estimate are as they
// should be.
func TestCosts(t *testing.T) {
	a := pdb.Spec{Puzzle: "15puzzle", Pattern: "a", Entries: 1 << 20, Width: 8, BuildTime: 90 * time.Second, PeakBytes: 3 << 20}
	b := pdb.Spec{Puzzle: "15puzzle", Pattern: "b", Entries: 16, Width: 8, BuildTime: 1500 * time.Millisecond, PeakBytes: 512}
	c := pdb.Spec{Puzzle: "15puzzle", Pattern: "c", Entries: 16, Width: 8}
	d := pdb.Spec{Puzzle: "15puzzle", Pattern: "d", Entries: 16, Width: 8, BuildTime: 1500 * time.Millisecond, PeakBytes: 512}
	status := func(s pdb.Spec) error {
		switch s.Pattern {
		case "b":
			return nil
		case "d":
			return errors.New("table checksum mismatch")
		}
		return fmt.Errorf("open: %w", fs.ErrNotExist)
	}
	tables, missing := Costs([]string{"h1", "h2", "h3"}, [][]pdb.Spec{{a, b}, {a}, {c, d}}, status, nil)
	want := []string{"15puzzle/a (h1, h2): build 1m30s, 3.0 MiB at the peak", "15puzzle/c (h3)",
		"15puzzle/d (h3), damaged (table checksum mismatch): build 1.5s, 0.5 KiB at the peak"}
	if !slices.Equal(missing, want) {
		t.Errorf("missing %q, want %q", missing, want)
	}
	if len(tables) != 3 || tables[0].Count != 2 || !slices.Equal(tables[0].Missing, []string{"15puzzle/a"}) || tables[2].BuildNS != d.BuildTime.Nanoseconds() ||
		!slices.Equal(tables[2].Missing, []string{"15puzzle/c", "15puzzle/d"}) {
		t.Errorf("tables %+v", tables)
	}
	// A cache that holds a's source estimates a shorter build.
	shorter := func(s pdb.Spec) (time.Duration, uint64) {
		if s.Pattern == "a" {
			return 2 * time.Second, 1 << 20
		}
		return s.BuildTime, s.PeakBytes
	}
	if _, missing := Costs([]string{"h1"}, [][]pdb.Spec{{a}}, status, shorter); !slices.Equal(missing, []string{"15puzzle/a (h1): build 2s, 1.0 MiB at the peak"}) {
		t.Errorf("missing with the cache's estimate %q", missing)
	}
	for d, want := range map[time.Duration]string{999 * time.Millisecond: "under 1s", 1549 * time.Millisecond: "1.5s",
		59949 * time.Millisecond: "59.9s", 61400 * time.Millisecond: "1m1s"} {
		if got := seconds(d); got != want {
			t.Errorf("seconds(%v) = %q, want %q", d, got, want)
		}
	}
	for n, want := range map[uint64]string{512: "0.5 KiB", 1<<20 - 1: "1024.0 KiB", 3 << 20: "3.0 MiB"} {
		if got := mib(n); got != want {
			t.Errorf("mib(%d) = %q, want %q", n, got, want)
		}
	}
}
