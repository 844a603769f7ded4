package plot

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// zeroBoard is a board for the test's own zero-aware costs, written from
// the definitions with (row, column) arithmetic, sharing nothing with pdb.
type zeroBoard struct{ rows, cols int }

func (b zeroBoard) neighbours(c int) []int {
	r, col := c/b.cols, c%b.cols
	var out []int
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if rr, cc := r+d[0], col+d[1]; rr >= 0 && rr < b.rows && cc >= 0 && cc < b.cols {
			out = append(out, rr*b.cols+cc)
		}
	}
	return out
}

// key numbers the state of the pattern tiles at pos with the blank at
// blank: the cells as digits base the board's cells.
func (b zeroBoard) key(pos []int, blank int) int {
	k := 0
	for _, p := range pos {
		k = k*b.rows*b.cols + p
	}
	return k*b.rows*b.cols + blank
}

// costs returns the cost of every state (tiles at cell tiles[i] for pos[i]
// home, blank at cell 0 at the goal), by key, -1 where unreached: a 0-1
// breadth-first search from the goal in which a blank step onto a pattern
// tile moves it and costs 1, any other step 0.
func (b zeroBoard) costs(tiles []int) []int {
	nc := b.rows * b.cols
	n := nc
	for range tiles {
		n *= nc
	}
	cost := make([]int, n)
	for i := range cost {
		cost[i] = -1
	}
	type state struct {
		pos   []int
		blank int
	}
	now := []state{{slices.Clone(tiles), 0}}
	cost[b.key(tiles, 0)] = 0
	for d := 0; len(now) > 0; d++ {
		var next []state
		for i := 0; i < len(now); i++ {
			s := now[i]
			for _, to := range b.neighbours(s.blank) {
				pos, c := slices.Clone(s.pos), d
				if j := slices.Index(pos, to); j >= 0 {
					pos[j], c = s.blank, d+1
				}
				if k := b.key(pos, to); cost[k] < 0 || cost[k] > c {
					cost[k] = c
					if c == d {
						now = append(now, state{pos, to})
					} else {
						next = append(next, state{pos, to})
					}
				}
			}
		}
		now = next
	}
	return cost
}

// histogram counts, over every placement of the tiles and every region of
// its free cells, the cost of the blank in that region, once: the
// histogram of a zero-aware table in moves. It fails the test if two cells
// of a region differ in cost.
func (b zeroBoard) histogram(t *testing.T, tiles []int) map[int]uint64 {
	nc, cost := b.rows*b.cols, b.costs(tiles)
	counts := map[int]uint64{}
	var place func(pos []int)
	place = func(pos []int) {
		if len(pos) < len(tiles) {
			for c := range nc {
				if !slices.Contains(pos, c) {
					place(append(pos, c))
				}
			}
			return
		}
		seen := make([]bool, nc)
		for _, p := range pos {
			seen[p] = true
		}
		for c := range nc {
			if seen[c] {
				continue
			}
			seen[c] = true
			want := cost[b.key(pos, c)]
			for region := []int{c}; len(region) > 0; region = region[1:] {
				if got := cost[b.key(pos, region[0])]; got != want || got < 0 {
					t.Fatalf("%v at %v: blank at %d costs %d, at %d %d", tiles, pos, c, want, region[0], got)
				}
				for _, n := range b.neighbours(region[0]) {
					if !seen[n] {
						seen[n] = true
						region = append(region, n)
					}
				}
			}
			counts[want]++
		}
	}
	place(nil)
	return counts
}

// TestTableHistogramZero checks the histogram of zero-aware byte tables, in
// moves, against the test's own costs of every placement and region
// (zeroBoard.histogram), and that a zero-aware table of the wrong size is
// an error naming it.
func TestTableHistogramZero(t *testing.T) {
	dir := outDir(t)
	for _, c := range []struct {
		rows, cols int
		tiles      []int
	}{{3, 3, []int{1, 3, 5, 7}}, {3, 3, []int{1, 2, 3}}, {2, 4, []int{1, 2, 5}}, {3, 4, []int{1, 2, 5, 6}}} {
		look, err := pdb.TilesZeroPatternLookup(c.rows, c.cols, c.tiles)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := look.Spec.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		h, err := TableHistogram(tab)
		if err != nil {
			t.Fatal(err)
		}
		want := zeroBoard{c.rows, c.cols}.histogram(t, look.Tiles)
		var total uint64
		for v := range max(len(h.Counts), len(want)+1) {
			got := uint64(0)
			if v < len(h.Counts) {
				got = h.Counts[v]
			}
			if got != want[v] {
				t.Fatalf("%s: %d placements and regions at h=%d, want %d (%v)", h.Name, got, v, want[v], h.Counts)
			}
			total += got
		}
		if total != tab.Entries || h.Entries != tab.Entries || !h.Moves || h.Bits || !strings.Contains(h.What, "regions") {
			t.Fatalf("%s: %d of %d entries counted, %+v", h.Name, total, tab.Entries, h)
		}
		if err := Table(h, filepath.Join(dir, strings.ReplaceAll(h.Name, "/", "-")+".png")); err != nil {
			t.Fatal(err)
		}
	}
	short, err := pdb.NewTable(pdb.Tiles8Puzzle, "zero0-1.2-md-v2", 72, pdb.TilesWidth, make([]byte, 72))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TableHistogram(short); err == nil || !strings.Contains(err.Error(), short.ID().String()) {
		t.Errorf("a zero-aware table of 72 entries for 2 tiles on 3x3: %v", err)
	}
}

// TestTableLabelsFit: the title and y label of a zero-aware 24-puzzle table,
// too long for the figure, take two lines each, after the table's name and
// before "of tiles"; those of a plain 6-tile 15-puzzle table, one.
func TestTableLabelsFit(t *testing.T) {
	for _, c := range []struct {
		h     Histogram
		lines int
	}{{Histogram{Name: "24puzzle/zero0-1.2.5.6.7.10-md-v2", Entries: 181008000, Counts: []uint64{1}, Moves: true,
		What: "placements and blank regions of tiles " + tilesList([]int{1, 2, 5, 6, 7, 10})}, 2},
		{Histogram{Name: "15puzzle/blank0-1.2.4.5.8.9-md", Entries: 5765760, Counts: []uint64{1}, Moves: true,
			What: "placements of tiles " + tilesList([]int{1, 2, 4, 5, 8, 9})}, 1}} {
		p := plot.New()
		tableLabels(p, &c.h)
		title, label := p.Title.Text, p.Y.Label.Text
		if strings.Count(title, "\n")+1 != c.lines || strings.Count(label, "\n")+1 != c.lines ||
			(c.lines == 2 && (!strings.HasPrefix(title, c.h.Name+":\n") || !strings.Contains(label, "regions\nof tiles 1, 2,"))) {
			t.Errorf("%s: want %d lines: title %q, y label %q", c.h.Name, c.lines, title, label)
		}
	}
}
