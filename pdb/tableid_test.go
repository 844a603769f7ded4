package pdb

import (
	"errors"
	"slices"
	"testing"
)

// TestTableIDParts takes apart ids written out by hand, and checks that the
// writers (TilesPatternID, tilesZeroPatternID, FileName, String) and the
// readers agree on every pinned table's id.
func TestTableIDParts(t *testing.T) {
	cases := []struct {
		name string
		want TableParts
	}{
		{"rotation/centre8", TableParts{}},
		{"rotation/centre8-paths-v2", TableParts{}},
		{"8puzzle/exact", TableParts{Rows: 3, Cols: 3}},
		{"15puzzle/blank0-1.2.4.5.8.9-md", TableParts{Rows: 4, Cols: 4, Word: "blank0", Tiles: []int{1, 2, 4, 5, 8, 9}, Encoding: "md"}},
		{"tiles3x4/blankany-11-md", TableParts{Rows: 3, Cols: 4, Word: "blankany", Tiles: []int{11}, Encoding: "md"}},
		{"24puzzle/zero0-1.2.6.7.11.12-md-v2", TableParts{Rows: 5, Cols: 5, Word: "zero0", Tiles: []int{1, 2, 6, 7, 11, 12}, Encoding: "md", Version: 2}},
	}
	for _, c := range cases {
		id, err := ParseTableName(c.name)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p, err := id.Parts()
		if err != nil || p.Rows != c.want.Rows || p.Cols != c.want.Cols || p.Word != c.want.Word ||
			!slices.Equal(p.Tiles, c.want.Tiles) || p.Encoding != c.want.Encoding || p.Version != c.want.Version {
			t.Errorf("%s: %+v (%v), want %+v", c.name, p, err, c.want)
		}
		if id.String() != c.name {
			t.Errorf("%s: String %q", c.name, id.String())
		}
		back, err := ParseTableFileName(id.FileName())
		if err != nil || back != id {
			t.Errorf("%s: file %s reads as %v (%v)", c.name, id.FileName(), back, err)
		}
	}
	for name := range knownChecksums {
		if _, err := ParseTableName(name); err != nil {
			t.Errorf("pinned table %s: %v", name, err)
		}
	}
	tiles := []int{3, 6, 7, 10, 11, 15}
	for _, id := range []TableID{{Tiles15Puzzle, TilesPatternID(TilesBlankHome, tiles)}, {Tiles15Puzzle, tilesZeroPatternID(tiles)}} {
		p, err := id.Parts()
		if con, plain := p.Construction(); err != nil || !slices.Equal(p.Tiles, tiles) || p.Encoding != TilesEncoding ||
			plain == p.Zero() || (plain && con != TilesBlankHome) {
			t.Errorf("%s: %+v (%v)", id, p, err)
		}
	}
}

// TestTableIDRefusesBadIDs: every malformed id is an error wrapping
// ErrTableID.
func TestTableIDRefusesBadIDs(t *testing.T) {
	for _, name := range []string{
		"15puzzle", "nopuzzle/exact", "tiles3x3/exact", "15puzzle/", "15puzzle/blank0 x",
		"15puzzle/blank0-1.2", "15puzzle/blank0-1.2-md-v2-x", "15puzzle/blank0--md", "15puzzle/blank0-1.2-",
		"15puzzle/blank0-0.1-md", "15puzzle/blank0-1.16-md", "15puzzle/blank0-2.1-md", "15puzzle/blank0-1.1-md",
		"15puzzle/blank0-01.2-md", "15puzzle/zero0-1.2-md-2", "15puzzle/zero0-1.2-md-v0", "15puzzle/zero0-1.2-md-v02",
	} {
		if id, err := ParseTableName(name); !errors.Is(err, ErrTableID) {
			t.Errorf("%q: %v, %v", name, id, err)
		}
	}
	for _, file := range []string{"15puzzle.pdb", "15puzzle-exact", "x-y.pdb", "-exact.pdb"} {
		if id, err := ParseTableFileName(file); !errors.Is(err, ErrTableID) {
			t.Errorf("file %q: %v, %v", file, id, err)
		}
	}
}
