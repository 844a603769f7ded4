package search

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// FuzzTilesParseName reads heuristic names (the grammar of tilesParseName),
// seeded from testdata/heuristic-names.txt (one a line) on the 3x3, 4x4,
// 5x5 and 3x4 boards. An error wraps ErrTilesHeuristic; a pattern-database
// name accepted has 1 to tilesMaxViews partitions, +reflect only on a square
// board, +bits only with +zero and on every partition or none, each
// partition's patterns ascending, disjoint and of the board's tiles; reading
// it again gives the same plan.
func FuzzTilesParseName(f *testing.F) {
	data, err := os.ReadFile("testdata/heuristic-names.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, name := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		for _, shape := range []uint8{0x33, 0x44, 0x55, 0x34} {
			f.Add(name, shape)
		}
	}
	f.Fuzz(func(t *testing.T, name string, shape uint8) {
		rows, cols := int(shape>>4), int(shape&0xf)
		if rows < 2 || cols < 2 || rows*cols > tilesMaxCells {
			return
		}
		plan, err := tilesParseName(rows, cols, name)
		if err != nil {
			if !errors.Is(err, ErrTilesHeuristic) {
				t.Fatalf("%dx%d %q: error %v does not wrap ErrTilesHeuristic", rows, cols, name, err)
			}
			return
		}
		if plan.kind != tilesPDB {
			return
		}
		if n := len(plan.terms); n < 1 || n > tilesMaxViews {
			t.Fatalf("%dx%d %q: %d partitions", rows, cols, name, n)
		}
		for _, term := range plan.terms {
			if term.reflect && rows != cols {
				t.Fatalf("%dx%d %q: +reflect on a board that is not square", rows, cols, name)
			}
			if term.bits && !term.zero || term.bits != plan.terms[0].bits {
				t.Fatalf("%dx%d %q: +bits without +zero, or not on every partition", rows, cols, name)
			}
			seen := map[int]bool{}
			for _, pat := range term.part.Patterns {
				for i, tile := range pat {
					if tile < 1 || tile >= rows*cols || seen[tile] || (i > 0 && tile <= pat[i-1]) {
						t.Fatalf("%dx%d %q: pattern %v of %v", rows, cols, name, pat, term.part.Patterns)
					}
					seen[tile] = true
				}
			}
		}
		again, err := tilesParseName(rows, cols, name)
		if err != nil || len(again.terms) != len(plan.terms) {
			t.Fatalf("%dx%d %q: read again: %v", rows, cols, name, err)
		}
	})
}
