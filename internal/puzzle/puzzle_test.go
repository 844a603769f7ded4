package puzzle

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestChoice: the one message of a missing or unknown puzzle (or shell),
// after the command's path, listing the choices with the puzzles in help's
// order whatever order they come in, tiles with its --size; Lookup's and
// LookupTiles' unknown puzzle in the same words.
func TestChoice(t *testing.T) {
	const all = "rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS"
	for _, c := range []struct {
		what        string
		args, names []string
		want        string // "" when the args are accepted
	}{
		{"puzzle", []string{"rotation"}, nil, ""},
		{"puzzle", []string{"tiles", "x.txt"}, nil, ""},
		{"puzzle", []string{"foo", "x.txt"}, nil, `pdbsolve x: unknown puzzle "foo": want ` + all},
		{"puzzle", nil, nil, "pdbsolve x: name a puzzle: " + all},
		{"puzzle", []string{"foo"}, []string{"tiles", "24puzzle", "8puzzle", "15puzzle", "rotation"}, `pdbsolve x: unknown puzzle "foo": want ` + all},
		{"puzzle", []string{"8puzzle"}, []string{"tiles", "rotation"}, `pdbsolve x: unknown puzzle "8puzzle": want rotation or tiles --size ROWSxCOLS`},
		{"puzzle", []string{"rotation"}, []string{"rotation"}, ""},
		{"shell", []string{"csh"}, []string{"bash", "zsh"}, `pdbsolve x: unknown shell "csh": want bash or zsh`},
	} {
		err := Choice("pdbsolve x", c.what, c.args, c.names...)
		if c.want == "" && err != nil || c.want != "" && (err == nil || err.Error() != c.want || c.what == "puzzle" && !errors.Is(err, ErrPuzzle)) {
			t.Errorf("Choice(%q, %q, %q) = %v; want %q", c.what, c.args, c.names, err, c.want)
		}
	}
	if _, _, err := Lookup("foo", nil); err == nil || err.Error() != `unknown puzzle "foo": want `+all {
		t.Errorf("Lookup(foo) = %v", err)
	}
	if _, err := LookupTiles("rotation", nil); err == nil || err.Error() != `unknown puzzle "rotation": want 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS` {
		t.Errorf("LookupTiles(rotation) = %v", err)
	}
}

// TestLookup: every name and --size combination, against the boards'
// published shapes and the record names of docs/records.md.
func TestLookup(t *testing.T) {
	size := func(r, c int) *Tiles { return &Tiles{r, c} }
	for _, c := range []struct {
		name   string
		size   *Tiles
		record string // "" when Lookup must fail with ErrPuzzle
	}{
		{"rotation", nil, "rotation"},
		{"rotation", size(3, 3), ""},
		{"8puzzle", nil, "8puzzle"},
		{"8puzzle", size(3, 3), "8puzzle"},
		{"8puzzle", size(4, 4), ""},
		{"15puzzle", nil, "15puzzle"},
		{"24puzzle", nil, "24puzzle"},
		{"tiles", nil, ""},
		{"tiles", size(3, 4), "tiles3x4"},
		{"tiles", size(5, 5), "24puzzle"},
		{"35puzzle", nil, ""},
	} {
		p, _, err := Lookup(c.name, c.size)
		switch {
		case c.record == "" && !errors.Is(err, ErrPuzzle):
			t.Errorf("Lookup(%q, %v) = %v, %v; want ErrPuzzle", c.name, c.size, p, err)
		case c.record != "" && (err != nil || p.RecordName() != c.record):
			t.Errorf("Lookup(%q, %v) = %v, %v; want %s", c.name, c.size, p, err, c.record)
		}
	}
	for _, c := range []struct {
		v  string
		ok bool
	}{{"3x4", true}, {"2X12", true}, {" 5x5 ", true}, {"1x9", false}, {"5x6", false}, {"3", false}, {"axb", false}} {
		if _, err := ParseSize(c.v); (err == nil) != c.ok || (err != nil && !errors.Is(err, ErrPuzzle)) {
			t.Errorf("ParseSize(%q): %v", c.v, err)
		}
	}
}

// TestCheckHeuristic: the names of each board pass, a wrong one is
// ErrHeuristic, and neither loads a table (none is given).
func TestCheckHeuristic(t *testing.T) {
	for _, p := range []Puzzle{Rotation{}, Tiles{3, 3}, Tiles{4, 4}, Tiles{5, 5}, Tiles{3, 4}} {
		for _, h := range append(p.heuristicNames(), p.DefaultHeuristic()) {
			if _, err := p.Plan(h); err != nil {
				t.Errorf("%s: %s: %v", p.RecordName(), h, err)
			}
		}
		for _, h := range []string{"", "bogus", "pdb:1-3", "manhattan+reflect"} {
			if _, err := p.Plan(h); !errors.Is(err, ErrHeuristic) {
				t.Errorf("%s: %q: %v", p.RecordName(), h, err)
			}
		}
	}
}

// TestScan: records are numbered across the inputs, bad ones included,
// each with its board (as bitboard parses the fields split by hand) or its
// error and the line it starts on, and its fields.
func TestScan(t *testing.T) {
	inputs := map[string]string{
		"a": "# 8-puzzle boards\n1 2 3 4 5 6 7 8 0\n\n8 7 6\n5 4 3\n2 1 0\n",
		"b": "1 2 3 4 5 6 7 8 9\n0 1 2 3 4 5 6 7 8\n",
	}
	open := func(name string) (io.Reader, func(), error) {
		s, ok := inputs[name]
		if !ok {
			return nil, nil, fmt.Errorf("no input %s", name)
		}
		return strings.NewReader(s), func() {}, nil
	}
	type want struct {
		input  string
		start  int
		fields string
	}
	wants := []want{{"a", 2, "1 2 3 4 5 6 7 8 0"}, {"a", 4, "8 7 6 5 4 3 2 1 0"}, {"b", 1, "1 2 3 4 5 6 7 8 9"}, {"b", 2, "0 1 2 3 4 5 6 7 8"}}
	p := Tiles{3, 3}
	i := 0
	err := scan[bitboard.Tiles](p, open, []string{"a", "b"}, func(rec *Record[bitboard.Tiles]) bool {
		w := wants[i]
		b, berr := bitboard.ParseTiles(strings.Fields(w.fields), 3, 3)
		if rec.Index != i || rec.Input != w.input || rec.Start != w.start || (berr == nil) != (rec.Err == nil) ||
			(berr == nil && rec.Board != b) || strings.Join(rec.Fields, " ") != w.fields {
			t.Errorf("record %d: %+v, want %+v (parse error %v)", i, rec, w, berr)
		}
		i++
		return true
	})
	if err != nil || i != len(wants) {
		t.Fatalf("%d records, %v", i, err)
	}
	// Stopping: f returning false ends the scan.
	n := 0
	scan[bitboard.Tiles](p, open, []string{"a", "b"}, func(*Record[bitboard.Tiles]) bool { n++; return n < 3 })
	if n != 3 {
		t.Fatalf("scan went on after false: %d records", n)
	}
	if err := scan[bitboard.Tiles](p, open, []string{"a", "missing"}, func(*Record[bitboard.Tiles]) bool { return true }); err == nil {
		t.Fatal("a missing input: no error")
	}
}

// TestScanRotation: a Rotation input split over lines, with a bad board
// and the judge's end line, as the judge's reader reads it.
func TestScanRotation(t *testing.T) {
	const solved = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
	in := solved + "\n1 1 1 1\n" + strings.Repeat("2 ", 20) + "\n" + solved + "\n0\n" + solved + "\n"
	open := func(string) (io.Reader, func(), error) { return strings.NewReader(in), func() {}, nil }
	var got []string
	scan[bitboard.Rotation](Rotation{}, open, []string{"-"}, func(rec *Record[bitboard.Rotation]) bool {
		if rec.Err != nil {
			got = append(got, fmt.Sprintf("%d:error", rec.Line))
		} else {
			got = append(got, fmt.Sprintf("%d:%v", rec.Start, rec.Board))
		}
		return true
	})
	// The 4 + 20 symbols make a board split over two lines; after the 0
	// line nothing is read.
	if len(got) != 3 || got[0] != "1:"+solved || got[2] != "4:"+solved {
		t.Fatalf("records %q", got)
	}
}

// TestTablesAreWhatLoadingReads: the tables Tables names for a heuristic
// are those loading it through a cache reads, each once (small boards, so
// the cache builds them in a temporary directory in well under a second).
func TestTablesAreWhatLoadingReads(t *testing.T) {
	for _, c := range []struct {
		p    Tiles
		name string
	}{{Tiles{3, 3}, "manhattan"}, {Tiles{3, 3}, "pdb44+reflect"}, {Tiles{3, 3}, "pdb:1-3/4-6/7,8"}, {Tiles{2, 4}, "pdb:1-4/5-7"}} {
		plan, err := c.p.Plan(c.name)
		if err != nil {
			t.Fatalf("%v %s: %v", c.p, c.name, err)
		}
		specs := plan.Tables
		if (len(specs) == 0) != (c.name == "manhattan") {
			t.Errorf("%v %s: %d tables", c.p, c.name, len(specs))
		}
		var loaded []string
		cache := &pdb.Cache{Dir: t.TempDir(), Loaded: func(tb *pdb.Table) { loaded = append(loaded, tb.Puzzle+"/"+tb.Pattern) }}
		if _, err := c.p.Heuristic(func() (*pdb.Cache, error) { return cache, nil }, plan); err != nil {
			t.Fatalf("%v %s: %v", c.p, c.name, err)
		}
		var named []string
		for _, s := range specs {
			named = append(named, s.Puzzle+"/"+s.Pattern)
		}
		slices.Sort(named)
		slices.Sort(loaded)
		if !slices.Equal(named, slices.Compact(loaded)) || len(slices.Compact(named)) != len(named) {
			t.Errorf("%v %s: Tables names %v, loading reads %v", c.p, c.name, named, loaded)
		}
	}
	if _, err := (Tiles{3, 3}).Plan("pdb6666"); !errors.Is(err, ErrHeuristic) {
		t.Errorf("pdb6666 on 3x3: %v", err)
	}
}

// TestScanOverlongRecord: a record longer than batch.MaxRecord is one bad
// record at its first line, as the batch reader reports it, and the records
// after it are read on.
func TestScanOverlongRecord(t *testing.T) {
	const board = "1 2 3 4 5 6 7 8 0\n"
	in := board + strings.Repeat("1", batch.MaxRecord+10) + "\n" + board
	open := func(string) (io.Reader, func(), error) { return strings.NewReader(in), func() {}, nil }
	var got []string
	err := scan[bitboard.Tiles](Tiles{3, 3}, open, []string{"-"}, func(rec *Record[bitboard.Tiles]) bool {
		got = append(got, fmt.Sprintf("%d:%d:%v", rec.Index, rec.Line, rec.Err))
		return true
	})
	want := []string{"0:1:<nil>", fmt.Sprintf("1:2:%v", batch.ErrTooLong), "2:3:<nil>"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("records %q (%v), want %q", got, err, want)
	}
}
