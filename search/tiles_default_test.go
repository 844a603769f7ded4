package search

import (
	"slices"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestDefaultTilesHeuristicNames checks the default partitions against
// spellings written out by hand from their rule (docs/results/2026-12-01-score.md):
// 7-4 on 12-cell boards, by columns where the board is wider than tall, and
// the row-major runs of 6 and 5 tiles above.
func TestDefaultTilesHeuristicNames(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       string
	}{
		{3, 4, "pdb:1-2,4-6,8-9/3,7,10-11"},
		{4, 3, "pdb:1-7/8-11"},
		{2, 6, "pdb:1-3,6-9/4-5,10-11"},
		{6, 2, "pdb:1-7/8-11"},
		{2, 5, "manhattan"},
		{3, 5, "pdb:1-6/7-12/13-14"},
		{4, 5, "pdb:1-5/6-10/11-15/16-19"},
		{3, 3, "exact"},
		{4, 4, "pdb771+reflect"},
	} {
		if got := DefaultTilesHeuristic(c.rows, c.cols); got != c.want {
			t.Errorf("%dx%d: default %q, want %q", c.rows, c.cols, got, c.want)
		}
	}
}

// TestTilesPreset771 checks the 4 x 4 default's partition without building
// a table: pdb771 is 1-7/8-10,12-15/11 (written out by hand), loads the
// files of that partition spelled by hand, and those are two 7-tile tables
// of 16!/9! = 57,657,600 entries (tiles 1-7; 2,3,6,7,10,11,15, the
// transpose of 8-10,12-15) and one of 16 for the lone tile (tile 1's, an
// image of 11 under a symmetry of the board), with or without +reflect.
// Every modifier parses on it, and it is listed among the 4 x 4 names.
func TestTilesPreset771(t *testing.T) {
	p, err := pdb.TilesPartitionNamed(4, 4, "771")
	want := [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 12, 13, 14, 15}, {11}}
	if err != nil || !slices.EqualFunc(p.Patterns, want, slices.Equal) {
		t.Fatalf("pdb771: %v, %v; want %v", p.Patterns, err, want)
	}
	wantFiles := []string{"15puzzle-blank0-1.2.3.4.5.6.7-md.pdb", "15puzzle-blank0-2.3.6.7.10.11.15-md.pdb", "15puzzle-blank0-1-md.pdb"}
	wantEntries := []uint64{57657600, 57657600, 16}
	for _, name := range []string{"pdb771", "pdb771+reflect", "pdb:1-7/8-10,12-15/11", "pdb:1-7/8-10,12-15/11+reflect"} {
		specs, err := tilesPlanTables(4, 4, name)
		if err != nil {
			t.Fatal(err)
		}
		var files []string
		var entries []uint64
		for _, s := range specs {
			files = append(files, s.FileName())
			entries = append(entries, s.Entries)
		}
		if !slices.Equal(files, wantFiles) || !slices.Equal(entries, wantEntries) {
			t.Errorf("%s: tables %v of %v entries; want %v of %v", name, files, entries, wantFiles, wantEntries)
		}
	}
	for _, name := range []string{"pdb771+zero", "pdb771+zero+reflect", "pdb771+zero+bits", "pdb771|pdb663+reflect"} {
		if _, err := PlanTilesHeuristic(4, 4, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, name := range []string{"pdb771", "pdb771+reflect", "pdb771+zero", "pdb771+zero+reflect"} {
		if !slices.Contains(TilesHeuristicNames(4, 4), name) {
			t.Errorf("%s is not among the 4x4 names %v", name, TilesHeuristicNames(4, 4))
		}
	}
	if _, err := PlanTilesHeuristic(5, 5, "pdb771"); err == nil {
		t.Errorf("pdb771 on 5x5: no error")
	}
}

// tilesKorfDefaultLong is the Korf instance (from 0; #5, published length
// 56) TestLongTilesKorfDefault solves.
const tilesKorfDefaultLong = 4

// TestLongTilesKorfDefault solves one of Korf's 100 with the 4 x 4 default
// and with pdb663+reflect, an independent heuristic on other tables: both
// must find the length Korf published (56). Long suite only: the default's
// two 7-tile tables take about a minute of CPU to build.
func TestLongTilesKorfDefault(t *testing.T) {
	skipUnlessLong(t)
	b := tilesKorf(t)[tilesKorfDefaultLong]
	want := tilesKorfManhattan30[tilesKorfDefaultLong]
	for _, name := range []string{DefaultTilesHeuristic(4, 4), "pdb663+reflect"} {
		moves, st, err := NewTilesSolver(tilesHeur(t, 4, 4, name)).Solve(b, bitboard.BlankFirst, Limits{})
		if err != nil || len(moves) != want {
			t.Fatalf("Korf #%d, %s: %d moves (%+v), %v; published %d", tilesKorfDefaultLong+1, name, len(moves), st, err, want)
		}
		checkTilesSolution(t, b, bitboard.BlankFirst, moves)
		t.Logf("Korf #%d, %s: %d moves, %d expanded", tilesKorfDefaultLong+1, name, len(moves), st.Expanded)
	}
}
