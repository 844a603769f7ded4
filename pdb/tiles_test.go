package pdb

import (
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// tilesSlowRank is the rank of a placement written out from its definition:
// digit i counts the free cells below pos[i], in radix nc-i.
func tilesSlowRank(pos []uint8, nc int) uint64 {
	var r uint64
	for i, p := range pos {
		d := 0
		for c := 0; c < int(p); c++ {
			if !slices.Contains(pos[:i], uint8(c)) {
				d++
			}
		}
		r = r*uint64(nc-i) + uint64(d)
	}
	return r
}

func TestTilesRankUnrankWholeSpaces(t *testing.T) {
	for _, c := range []struct{ nc, k int }{{4, 2}, {4, 4}, {6, 4}, {6, 6}, {9, 1}, {9, 3}, {9, 5}, {9, 7}, {9, 8}, {16, 1}, {16, 2}, {16, 3}, {16, 4}, {25, 1}, {25, 2}, {25, 3}} {
		e := TilesEntries(c.nc, c.k)
		pos := make([]uint8, c.k)
		var prev []uint8
		for r := range e {
			used := TilesUnrank(r, c.nc, pos)
			var m uint32
			for _, p := range pos {
				if int(p) >= c.nc || m&(1<<p) != 0 {
					t.Fatalf("nc=%d k=%d rank %d: bad placement %v", c.nc, c.k, r, pos)
				}
				m |= 1 << p
			}
			if m != used {
				t.Fatalf("unrank mask %b, cells %v", used, pos)
			}
			if got := TilesRank(pos, c.nc); got != r {
				t.Fatalf("nc=%d k=%d: rank(unrank(%d)) = %d", c.nc, c.k, r, got)
			}
			// Ranks follow the lexicographic order of placements.
			if prev != nil && slices.Compare(prev, pos) >= 0 {
				t.Fatalf("nc=%d k=%d: %v before %v", c.nc, c.k, prev, pos)
			}
			prev = slices.Clone(pos)
		}
	}
}

// TestTilesRankLargePatterns checks the rank of 5- to 8-tile patterns, the
// 7-8 path's, against the slow rank on random placements on 16 and 25 cells.
func TestTilesRankLargePatterns(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, nc := range []int{16, 25} {
		for _, k := range []int{5, 6, 7, 8} {
			e := TilesEntries(nc, k)
			pos := make([]uint8, k)
			back := make([]uint8, k)
			for range 20000 {
				perm := rng.Perm(nc)
				for i := range pos {
					pos[i] = uint8(perm[i])
				}
				r := TilesRank(pos, nc)
				if want := tilesSlowRank(pos, nc); r != want || r >= e {
					t.Fatalf("nc=%d k=%d: rank of %v = %d, slow rank %d (of %d)", nc, k, pos, r, want, e)
				}
				TilesUnrank(r, nc, back)
				if !slices.Equal(back, pos) {
					t.Fatalf("nc=%d k=%d: %v -> %d -> %v", nc, k, pos, r, back)
				}
			}
		}
	}
}

// TestTilesStepRank checks the builder's incremental rank against ranking
// the moved placement anew, for random placements and moves on every shape.
func TestTilesStepRank(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for rows := 2; rows <= 12; rows++ {
		for cols := 2; rows*cols <= bitboard.TilesMaxCells; cols++ {
			nc := rows * cols
			geo := newTilesGeometry(rows, cols)
			for range 3000 {
				k := 1 + rng.IntN(nc-tilesMinFree)
				perm := rng.Perm(nc)
				pos := make([]uint8, k)
				var weight [tilesMaxPieces]uint64
				var cellWeight [bitboard.TilesMaxCells]uint64
				weight[k-1] = 1
				for i := k - 2; i >= 0; i-- {
					weight[i] = weight[i+1] * uint64(nc-i-1)
				}
				var used uint32
				for i := range pos {
					pos[i] = uint8(perm[i])
					used |= 1 << pos[i]
					cellWeight[pos[i]] = weight[i]
				}
				p := TilesRank(pos, nc)
				i := rng.IntN(k)
				var before uint32
				for _, x := range pos[:i] {
					before |= 1 << x
				}
				a := pos[i]
				for to := geo.neighbours[a] &^ used; to != 0; to &= to - 1 {
					c := uint8(bits.TrailingZeros32(to))
					got := tilesStepRank(p, a, c, cols, weight[i], before, used&^before&^(1<<a), &cellWeight)
					pos[i] = c
					if want := TilesRank(pos, nc); got != want {
						t.Fatalf("%dx%d: tile %d of %v from %d: rank %d, want %d", rows, cols, i, pos, a, got, want)
					}
					pos[i] = a
				}
			}
		}
	}
}

// tilesOracle computes a pattern's costs the slow obvious way: a 0-1
// breadth-first search over (pattern cells, blank cell) states, one blank
// step at a time, from the goal with the blank at cell 0 (TilesBlankHome)
// or at every free cell (TilesBlankAny). It returns the least cost of each
// placement reached, keyed by the cells as a string.
func tilesOracle(rows, cols int, con TilesConstruction, tiles []int) map[string]int {
	nc, k := rows*cols, len(tiles)
	dist := make([]int16, TilesEntries(nc, k)*uint64(nc)) // by rank*nc + blank
	for i := range dist {
		dist[i] = -1
	}
	pos := make([]uint8, k)
	for i, tl := range tiles {
		pos[i] = uint8(tl)
	}
	var cur []uint64
	g := TilesRank(pos, nc)
	for c := range nc {
		if (c == 0 || con == TilesBlankAny) && !slices.Contains(pos, uint8(c)) {
			dist[g*uint64(nc)+uint64(c)] = 0
			cur = append(cur, g*uint64(nc)+uint64(c))
		}
	}
	best := make([]int16, TilesEntries(nc, k)) // by rank
	for i := range best {
		best[i] = -1
	}
	p := make([]uint8, k)
	for d := int16(0); len(cur) > 0; d++ {
		var next []uint64
		// Close the layer under 0-cost moves, then take 1-cost moves.
		for i := 0; i < len(cur); i++ {
			s := cur[i]
			if dist[s] != d {
				continue
			}
			blank := int(s % uint64(nc))
			TilesUnrank(s/uint64(nc), nc, pos)
			if best[s/uint64(nc)] < 0 {
				best[s/uint64(nc)] = d
			}
			r, c := blank/cols, blank%cols
			for _, dd := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+dd[0], c+dd[1]
				if rr < 0 || rr >= rows || cc < 0 || cc >= cols {
					continue
				}
				to := rr*cols + cc
				copy(p, pos)
				cost := int16(0)
				for j := range p {
					if int(p[j]) == to {
						p[j] = uint8(blank)
						cost = 1
					}
				}
				ns := TilesRank(p, nc)*uint64(nc) + uint64(to)
				if old := dist[ns]; old >= 0 && old <= d+cost {
					continue
				}
				dist[ns] = d + cost
				if cost == 0 {
					cur = append(cur, ns)
				} else {
					next = append(next, ns)
				}
			}
		}
		cur = next
	}
	out := map[string]int{}
	for r, d := range best {
		if d >= 0 {
			TilesUnrank(uint64(r), nc, pos)
			out[string(pos)] = int(d)
		}
	}
	return out
}

// tilesRealOracle computes a pattern's costs over the real puzzle: a 0-1
// breadth-first search over whole boards (moving a pattern tile costs 1,
// any other 0) from every solvable board whose pattern tiles are home, with
// the blank at cell 0 or anywhere as con says. Only for boards of at most 8
// cells.
func tilesRealOracle(rows, cols int, con TilesConstruction, tiles []int) map[string]int {
	nc := rows * cols
	in := make([]bool, nc)
	for _, tl := range tiles {
		in[tl] = true
	}
	dist := map[bitboard.Tiles]int{}
	var cur []bitboard.Tiles
	perm := make([]int, nc)
	for i := range perm {
		perm[i] = i
	}
	for {
		b, _ := bitboard.NewTiles(rows, cols, perm)
		home := b.Solvable(bitboard.BlankFirst) && (con == TilesBlankAny || b.BlankCell() == 0)
		for _, tl := range tiles {
			home = home && b.At(tl) == tl
		}
		if home {
			dist[b] = 0
			cur = append(cur, b)
		}
		if !tilesNextPerm(perm) {
			break
		}
	}
	best := map[string]int{}
	for d := 0; len(cur) > 0; d++ {
		var next []bitboard.Tiles
		for i := 0; i < len(cur); i++ {
			b := cur[i]
			if dist[b] != d {
				continue
			}
			pos := make([]byte, len(tiles))
			for c := range nc {
				if v := b.At(c); in[v] {
					pos[slices.Index(tiles, v)] = byte(c)
				}
			}
			if _, ok := best[string(pos)]; !ok {
				best[string(pos)] = d
			}
			for m := range bitboard.TilesMove(bitboard.TilesMoves) {
				nb, ok := b.Move(m)
				if !ok {
					continue
				}
				cost := 0
				if in[b.At(nb.BlankCell())] {
					cost = 1
				}
				if old, ok := dist[nb]; ok && old <= d+cost {
					continue
				}
				dist[nb] = d + cost
				if cost == 0 {
					cur = append(cur, nb)
				} else {
					next = append(next, nb)
				}
			}
		}
		cur = next
	}
	return best
}

// tilesNextPerm steps p to the next permutation in lexicographic order.
func tilesNextPerm(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// tilesSubsets returns every pattern of 1..nc-3 tiles of a board of nc cells
// with at most maxK tiles.
func tilesSubsets(nc, maxK int) [][]int {
	var out [][]int
	for mask := 1; mask < 1<<(nc-1); mask++ {
		var pat []int
		for t := 1; t < nc; t++ {
			if mask&(1<<(t-1)) != 0 {
				pat = append(pat, t)
			}
		}
		if len(pat) <= min(maxK, nc-tilesMinFree) {
			out = append(out, pat)
		}
	}
	return out
}

// tilesCheckTable compares a built table with an oracle's costs.
func tilesCheckTable(t *testing.T, rows, cols int, con TilesConstruction, tiles []int, data []byte, want map[string]int) {
	t.Helper()
	if uint64(len(data)) != TilesEntries(rows*cols, len(tiles)) || len(want) != len(data) {
		t.Fatalf("%dx%d %v %v: %d entries, oracle reached %d placements", rows, cols, con, tiles, len(data), len(want))
	}
	for s, d := range want {
		r := TilesRank([]uint8(s), rows*cols)
		if int(data[r])*2+TilesManhattan(cols, tiles, []uint8(s)) != d {
			t.Fatalf("%dx%d %v pattern %v: placement %v has %d, oracle says %d", rows, cols, con, tiles, []byte(s), data[r], d)
		}
	}
}

// TestBuildTilesPatternMatchesRealBFS checks every table of every pattern of
// the boards of at most 6 cells (and 2x4's of 1 or 2 tiles; every pattern of
// 2x4 and 4x2 with PDBSOLVE_LONG=1), in both constructions, against a
// search over whole boards.
func TestBuildTilesPatternMatchesRealBFS(t *testing.T) {
	maxK := map[[2]int]int{{2, 2}: 1, {2, 3}: 3, {3, 2}: 3}
	switch {
	case os.Getenv("PDBSOLVE_LONG") != "" && !testing.Short():
		maxK[[2]int{2, 4}], maxK[[2]int{4, 2}] = 5, 5 // every pattern: a minute
	case !testing.Short():
		maxK[[2]int{2, 4}] = 2
	}
	for sh, k := range maxK {
		rows, cols := sh[0], sh[1]
		for _, tiles := range tilesSubsets(rows*cols, k) {
			for _, con := range []TilesConstruction{TilesBlankHome, TilesBlankAny} {
				data, err := BuildTilesPattern(rows, cols, con, tiles, nil)
				if err != nil {
					t.Fatal(err)
				}
				tilesCheckTable(t, rows, cols, con, tiles, data, tilesRealOracle(rows, cols, con, tiles))
			}
		}
	}
}

// TestBuildTilesPatternMatchesOracle checks the tables of the small boards'
// patterns against the abstract-state search, both constructions: those of
// 2x4 up to 4 tiles, 4x2 up to 3, 3x3 up to 4 and 2x5 up to 3 (fewer under
// -short; every pattern of 2x4, 4x2, 3x3, 2x5 and 5x2 with PDBSOLVE_LONG=1:
// 8 minutes), and a few of larger boards on both lane widths.
func TestBuildTilesPatternMatchesOracle(t *testing.T) {
	type tcase struct {
		rows, cols int
		tiles      []int
	}
	var cases []tcase
	maxK := map[[2]int]int{{2, 4}: 3, {4, 2}: 3, {3, 3}: 3, {2, 5}: 2, {5, 2}: 2}
	switch {
	case os.Getenv("PDBSOLVE_LONG") != "" && !testing.Short():
		maxK = map[[2]int]int{{2, 4}: 5, {4, 2}: 5, {3, 3}: 6, {2, 5}: 7, {5, 2}: 7} // every pattern: minutes
	case !testing.Short():
		maxK = map[[2]int]int{{2, 4}: 4, {4, 2}: 3, {3, 3}: 4, {2, 5}: 3, {5, 2}: 2}
	}
	for sh, k := range maxK {
		for _, tiles := range tilesSubsets(sh[0]*sh[1], k) {
			cases = append(cases, tcase{sh[0], sh[1], tiles})
		}
	}
	cases = append(cases, tcase{3, 3, []int{1, 2, 3, 4}}, tcase{3, 3, []int{8, 5, 7}}, tcase{3, 3, []int{2, 3, 5, 6, 7, 8}},
		tcase{3, 4, []int{1, 2, 3}}, tcase{3, 4, []int{5, 10, 11}}, tcase{4, 3, []int{4, 7, 8, 11}},
		tcase{4, 4, []int{12, 13, 14}}, tcase{4, 4, []int{1, 4}}, tcase{2, 6, []int{6, 7, 11}}, tcase{3, 5, []int{1, 2}},
		// Boards above 16 cells: 32-bit lanes.
		tcase{4, 5, []int{1, 2, 3}}, tcase{5, 5, []int{6, 12}}, tcase{5, 5, []int{24, 1, 13}}, tcase{3, 6, []int{5, 11, 17}},
		tcase{2, 12, []int{1, 13, 23}}, tcase{6, 4, []int{3, 22}})
	if !testing.Short() {
		cases = append(cases, tcase{3, 4, []int{1, 2, 4, 5, 8}}, tcase{4, 4, []int{3, 6, 7, 10}}, tcase{4, 5, []int{7, 8, 12, 13}})
	}
	for _, c := range cases {
		start := time.Now()
		for _, con := range []TilesConstruction{TilesBlankHome, TilesBlankAny} {
			data, err := BuildTilesPattern(c.rows, c.cols, con, c.tiles, nil)
			if err != nil {
				t.Fatal(err)
			}
			tilesCheckTable(t, c.rows, c.cols, con, c.tiles, data, tilesOracle(c.rows, c.cols, con, c.tiles))
		}
		if el := time.Since(start); el > 100*time.Millisecond {
			t.Logf("%dx%d %v: %v", c.rows, c.cols, c.tiles, el)
		}
	}
}

// tilesLookupValue is the value of the caller's pattern tiles placed at
// cells cellOf (cellOf[t] is tile t's cell) through a shared table, as the
// TilesLookup contract spells it.
func tilesLookupValue(nc int, tiles []int, sym bitboard.TilesSymmetry, table []byte, cellOf []uint8) byte {
	inv := sym.Inverse()
	pos := make([]uint8, len(tiles))
	for i, tt := range tiles {
		pos[i] = sym.Cell[cellOf[inv.Cell[tt]]]
	}
	return table[TilesRank(pos, nc)]
}

// TestTilesSharedLookups checks that a pattern looked up through the table
// TilesPatternLookup shares equals the pattern's own table built directly,
// on every placement, for every pattern of small boards in both
// constructions (the blank-any one on boards small enough to build it
// whole).
func TestTilesSharedLookups(t *testing.T) {
	type tcase struct {
		rows, cols int
		con        TilesConstruction
		maxK       int
	}
	cases := []tcase{{3, 3, TilesBlankHome, 4}, {3, 3, TilesBlankAny, 3}, {2, 3, TilesBlankHome, 4}, {2, 3, TilesBlankAny, 4},
		{2, 4, TilesBlankHome, 3}, {2, 4, TilesBlankAny, 3}, {3, 4, TilesBlankHome, 2}, {3, 4, TilesBlankAny, 2}}
	if testing.Short() {
		cases = []tcase{{3, 3, TilesBlankHome, 3}, {3, 3, TilesBlankAny, 3}, {2, 3, TilesBlankHome, 4}, {2, 3, TilesBlankAny, 4},
			{3, 4, TilesBlankHome, 2}, {3, 4, TilesBlankAny, 2}}
	}
	built := map[string][]byte{}
	build := func(rows, cols int, con TilesConstruction, tiles []int) []byte {
		key := fmt.Sprint(rows, cols, con, tiles)
		if d, ok := built[key]; ok {
			return d
		}
		d, err := BuildTilesPattern(rows, cols, con, tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		built[key] = d
		return d
	}
	shared := 0
	for _, c := range cases {
		nc := c.rows * c.cols
		for _, tiles := range tilesSubsets(nc, c.maxK) {
			tableTiles, sym := tilesShare(c.rows, c.cols, c.con, tiles)
			own := build(c.rows, c.cols, c.con, tiles)
			table := build(c.rows, c.cols, c.con, tableTiles)
			if sym.Name != bitboard.TilesIdentity {
				shared++
			}
			pos := make([]uint8, len(tiles))
			cellOf := make([]uint8, nc)
			for r := range TilesEntries(nc, len(tiles)) {
				TilesUnrank(r, nc, pos)
				for i, tl := range tiles {
					cellOf[tl] = pos[i]
				}
				if got := tilesLookupValue(nc, tableTiles, sym, table, cellOf); got != own[r] {
					t.Fatalf("%dx%d %v pattern %v via %v and %s: placement %v gives %d, own table %d",
						c.rows, c.cols, c.con, tiles, tableTiles, sym.Name, pos, got, own[r])
				}
			}
		}
	}
	if shared == 0 {
		t.Fatal("no pattern shared a table")
	}
}

// TestTilesPatternLookupShares checks which tables the lookups choose: the
// presets' own (a borrowing preset's, those of its patterns spelled by
// hand: TestTilesPreset771 in search), two for the four patterns of
// 6-6-6-6, one for a 4x4 pattern and its transpose, never a pattern holding
// cell 0.
func TestTilesPatternLookupShares(t *testing.T) {
	for _, p := range tilesPartitions {
		specs := map[string]bool{}
		for _, pat := range p.Patterns {
			l, err := TilesPatternLookup(p.Rows, p.Cols, pat)
			if err != nil {
				t.Fatal(err)
			}
			specs[l.Spec.Pattern] = true
			if p.Name != "6666" && !p.borrow && (l.Sym.Name != bitboard.TilesIdentity || !slices.Equal(l.Tiles, pat)) {
				t.Fatalf("%s: pattern %v looked up in %v via %s", p.Name, pat, l.Tiles, l.Sym.Name)
			}
			for i, tt := range l.Tiles {
				if tt == 0 || !slices.Contains(pat, int(l.Sym.Inverse().Cell[tt])) || (i > 0 && l.Tiles[i-1] >= tt) {
					t.Fatalf("%s: pattern %v: table tiles %v via %s", p.Name, pat, l.Tiles, l.Sym.Name)
				}
			}
		}
		want := len(p.Patterns)
		if p.Name == "6666" {
			want = 2
		}
		if len(specs) != want {
			t.Fatalf("%s: %d tables for %d patterns: %v", p.Name, len(specs), len(p.Patterns), specs)
		}
	}
	a, _ := TilesPatternLookup(4, 4, []int{3, 6, 7, 10, 11})
	b, _ := TilesPatternLookup(4, 4, []int{9, 10, 12, 13, 14}) // its transpose
	if a.Spec.FileName() != b.Spec.FileName() || b.Sym.Name != bitboard.TilesTransposeName {
		t.Fatalf("transposed patterns: %s via %s and %s via %s", a.Spec.FileName(), a.Sym.Name, b.Spec.FileName(), b.Sym.Name)
	}
	// {1,3} walls in cell 0 on 4x3, so its flip {6,10} needs a table of
	// its own; {1,2} does not, so its flip {10,11} shares its table.
	c, _ := TilesPatternLookup(4, 3, []int{1, 3})
	d, _ := TilesPatternLookup(4, 3, []int{6, 10})
	if c.Spec.FileName() == d.Spec.FileName() {
		t.Fatalf("4x3 patterns {1,3} and {6,10} share %s", c.Spec.FileName())
	}
	c, _ = TilesPatternLookup(4, 3, []int{1, 2})
	d, _ = TilesPatternLookup(4, 3, []int{10, 11})
	if c.Spec.FileName() != d.Spec.FileName() {
		t.Fatalf("4x3 patterns {1,2} and {10,11}: %s and %s", c.Spec.FileName(), d.Spec.FileName())
	}
	// Korf & Felner's first 6-6-6-6 pattern walls in cell 0: its table is
	// blank-home, and only the transpose shares it.
	l, _ := TilesPatternLookup(5, 5, []int{1, 2, 5, 6, 7, 12})
	if l.Spec.FileName() != "24puzzle-blank0-1.2.5.6.7.12-md.pdb" || l.Spec.Entries != 127512000 {
		t.Fatalf("6666 first table: %s, %d entries", l.Spec.FileName(), l.Spec.Entries)
	}
	if l, _ := TilesPatternLookup(5, 5, []int{1, 5, 6, 10, 11, 12}); l.Sym.Name != bitboard.TilesTransposeName || !slices.Equal(l.Tiles, []int{1, 2, 5, 6, 7, 12}) {
		t.Fatalf("6666 first pattern's transpose looked up in %v via %s", l.Tiles, l.Sym.Name)
	}
	for _, bad := range [][]int{{}, {0, 1}, {25}, {3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23}} {
		if _, err := TilesPatternLookup(5, 5, bad); !errors.Is(err, ErrTilesPattern) {
			t.Errorf("pattern %v: got %v", bad, err)
		}
	}
}

func TestParseTilesPartition(t *testing.T) {
	for _, p := range tilesPartitions {
		// The preset spelled by hand, with ranges where they fit.
		var parts []string
		for _, pat := range p.Patterns {
			var items []string
			for i := 0; i < len(pat); {
				j := i
				for j+1 < len(pat) && pat[j+1] == pat[j]+1 {
					j++
				}
				if j > i {
					items = append(items, fmt.Sprintf("%d-%d", pat[i], pat[j]))
				} else {
					items = append(items, fmt.Sprint(pat[i]))
				}
				i = j + 1
			}
			slices.Reverse(items) // any order
			parts = append(parts, strings.Join(items, ","))
		}
		spec := strings.Join(parts, "/")
		got, err := ParseTilesPartition(p.Rows, p.Cols, spec)
		if err != nil {
			t.Fatalf("%s spelled %q: %v", p.Name, spec, err)
		}
		if got.Rows != p.Rows || got.Cols != p.Cols || !slices.EqualFunc(got.Patterns, p.Patterns, slices.Equal) {
			t.Fatalf("%q: %+v, preset %+v", spec, got, p)
		}
		again, err := ParseTilesPartition(p.Rows, p.Cols, got.Name)
		if err != nil || again.Name != got.Name {
			t.Fatalf("canonical spelling %q: %v, %v", got.Name, again.Name, err)
		}
		for i := range p.Patterns {
			a, _ := TilesPatternLookup(p.Rows, p.Cols, p.Patterns[i])
			b, _ := TilesPatternLookup(got.Rows, got.Cols, got.Patterns[i])
			if a.Spec.FileName() != b.Spec.FileName() {
				t.Fatalf("%s pattern %d: %s by name, %s spelled", p.Name, i, a.Spec.FileName(), b.Spec.FileName())
			}
		}
		if _, err := TilesPartitionNamed(p.Rows, p.Cols, p.Name); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := TilesPartitionNamed(4, 4, "6666"); !errors.Is(err, ErrTilesPartition) {
		t.Fatalf("6666 on 4x4: %v", err)
	}
	for _, c := range []struct {
		rows, cols int
		spec, want string
	}{
		{4, 4, "1-7/8-14", "tile 15 is in no pattern"},
		{4, 4, "1-7/7-15", "tile 7 is in patterns 1 and 2"},
		{4, 4, "1-7,3/8-15", "tile 3 appears twice in pattern 1"},
		{4, 4, "1-7/8-16", "pattern 2: tile 16 is not on a 4x4 board"},
		{4, 4, "0-7/8-15", "pattern 1: tile 0 is not on a 4x4 board"},
		{4, 4, "1-7/8-x", `pattern 2: "8-x" is not a tile number`},
		{4, 4, "1-7//8-15", "pattern 2 has an empty item"},
		{4, 4, "7-1/8-15", `range "7-1" runs backwards`},
		{3, 3, "1,2,3,,4/5-8", "pattern 1 has an empty item"},
		{5, 5, "1-12/13-23", "tile 24 is in no pattern"},
		{1, 5, "1-4", "not a supported board"},
	} {
		_, err := ParseTilesPartition(c.rows, c.cols, c.spec)
		if !errors.Is(err, ErrTilesPartition) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "pdb:") {
			t.Errorf("%q: got %v, want %q", c.spec, err, c.want)
		}
	}
}

// TestTilesPresetAndSpelledTablesThroughCache builds the tables of a preset
// and of the same partition spelled by hand through the cache: the same
// files, and the entries' CRCs the pinned ones.
func TestTilesPresetAndSpelledTablesThroughCache(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	type want struct {
		rows, cols int
		preset     string
		spelled    string
	}
	cases := []want{{3, 3, "44", "1-4/5-8"}}
	if !testing.Short() {
		cases = append(cases, want{4, 4, "555", "1,2,4,5,8/3,6,7,10,11/9,12-15"})
	}
	for _, w := range cases {
		p, err := TilesPartitionNamed(w.rows, w.cols, w.preset)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParseTilesPartition(w.rows, w.cols, w.spelled)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Patterns {
			a, _ := TilesPatternLookup(w.rows, w.cols, p.Patterns[i])
			b, _ := TilesPatternLookup(w.rows, w.cols, q.Patterns[i])
			ta, err := c.Load(a.Spec)
			if err != nil {
				t.Fatal(err)
			}
			os.Remove(filepath.Join(c.Dir, b.Spec.FileName()))
			tb, err := c.Load(b.Spec)
			if err != nil {
				t.Fatal(err)
			}
			pinned, ok := knownChecksums[a.Spec.Puzzle+"/"+a.Spec.Pattern]
			if !ok || ta.Checksum != pinned || tb.Checksum != pinned || a.Spec.FileName() != b.Spec.FileName() {
				t.Fatalf("%s pattern %v: %s CRC %08x, spelled %s CRC %08x, pinned %08x (%v)", w.preset, p.Patterns[i],
					a.Spec.FileName(), ta.Checksum, b.Spec.FileName(), tb.Checksum, pinned, ok)
			}
		}
	}
}

// TestTilesExactTable checks the 3 x 3 exact table: every solvable board has
// an entry, the hardest boards are the two known ones at 31 moves, and an
// additive partition never exceeds it.
func TestTilesExactTable(t *testing.T) {
	exact, err := buildTilesExact(nil)
	if err != nil {
		t.Fatal(err)
	}
	var hist [32]int
	for _, v := range exact {
		if int(v) >= len(hist) {
			t.Fatalf("entry %d above 31", v)
		}
		hist[v]++
	}
	if hist[0] != 1 || hist[31] != 2 {
		t.Fatalf("histogram %v: want 1 goal and 2 boards at 31", hist)
	}
	a, _ := BuildTilesPattern(3, 3, TilesBlankHome, []int{1, 2, 3, 4}, nil)
	b, _ := BuildTilesPattern(3, 3, TilesBlankHome, []int{5, 6, 7, 8}, nil)
	rng := rand.New(rand.NewPCG(2, 2))
	tighter := 0
	for range 20000 {
		board := bitboard.RandomTiles(rng, 3, 3, bitboard.BlankFirst)
		var pa, pb [4]uint8
		for c := range 9 {
			if v := board.At(c); v >= 1 && v <= 4 {
				pa[v-1] = uint8(c)
			} else if v >= 5 {
				pb[v-5] = uint8(c)
			}
		}
		h := 2*int(a[TilesRank(pa[:], 9)]) + TilesManhattan(3, []int{1, 2, 3, 4}, pa[:]) +
			2*int(b[TilesRank(pb[:], 9)]) + TilesManhattan(3, []int{5, 6, 7, 8}, pb[:])
		d := int(exact[TilesExactIndex(board)])
		if h > d {
			t.Fatalf("%v: additive h %d above exact %d", board, h, d)
		}
		if h == d {
			tighter++
		}
	}
	if tighter == 0 {
		t.Fatalf("additive h never exact: suspicious")
	}
}

// TestTilesPartitionsAdmissible checks random user partitions of the 3 x 3
// board, looked up as TilesPatternLookup says (shared tables and all),
// against the exact distances of a breadth-first search: the additive value
// never exceeds the distance, and is exact on the goal.
func TestTilesPartitionsAdmissible(t *testing.T) {
	exact, err := buildTilesExact(nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	tables := map[string][]byte{}
	for range 8 {
		// A random split of tiles 1..8 into patterns of at most 6 tiles.
		perm := rng.Perm(8)
		var spec []string
		for len(perm) > 0 {
			n := min(len(perm), 1+rng.IntN(6))
			var items []string
			for _, x := range perm[:n] {
				items = append(items, fmt.Sprint(x+1))
			}
			spec = append(spec, strings.Join(items, ","))
			perm = perm[n:]
		}
		part, err := ParseTilesPartition(3, 3, strings.Join(spec, "/"))
		if err != nil {
			t.Fatal(err)
		}
		var looks []TilesLookup
		for _, pat := range part.Patterns {
			l, err := TilesPatternLookup(3, 3, pat)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := tables[l.Spec.Pattern]; !ok {
				tb, err := l.Spec.Build(nil)
				if err != nil {
					t.Fatal(err)
				}
				tables[l.Spec.Pattern] = tb.Data
			}
			looks = append(looks, l)
		}
		for i := range 3000 {
			board := bitboard.RandomTiles(rng, 3, 3, bitboard.BlankFirst)
			if i == 0 {
				board = bitboard.GoalTiles(3, 3, bitboard.BlankFirst)
			}
			cellOf := make([]uint8, 9)
			for c := range 9 {
				cellOf[board.At(c)] = uint8(c)
			}
			h := 0
			for j, l := range looks {
				v := tilesLookupValue(9, l.Tiles, l.Sym, tables[l.Spec.Pattern], cellOf)
				pos := make([]uint8, len(part.Patterns[j]))
				for x, tl := range part.Patterns[j] {
					pos[x] = cellOf[tl]
				}
				h += TilesManhattan(3, part.Patterns[j], pos) + 2*int(v)
			}
			if d := int(exact[TilesExactIndex(board)]); h > d || (i == 0 && h != 0) {
				t.Fatalf("partition %s: board %v has value %d, distance %d", part.Name, board, h, d)
			}
		}
	}
}

func TestTilesPatternSpecThroughCache(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	s := tilesPatternSpec(4, 4, []int{12, 13, 14})
	t1, err := c.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	t2, err := s.open(filepath.Join(c.Dir, s.FileName()))
	if err != nil || t2.Checksum != t1.Checksum || t2.Pattern != "blank0-12.13.14-md" || t2.Puzzle != Tiles15Puzzle {
		t.Fatalf("reload: %v %+v", err, t2.Header)
	}
	if got := tilesPatternSpec(3, 4, []int{1, 2}).FileName(); got != "tiles3x4-blank0-1.2-md.pdb" {
		t.Fatalf("3x4 file name %q", got)
	}
	if got := tilesPatternSpec(4, 5, []int{1, 2}).FileName(); got != "tiles4x5-blank0-1.2-md.pdb" {
		t.Fatalf("4x5 file name %q", got)
	}
	for _, p := range tilesPartitions {
		var all uint32
		for _, g := range p.Patterns {
			for _, tl := range g {
				if all&(1<<tl) != 0 {
					t.Fatalf("%s: tile %d twice", p.Name, tl)
				}
				all |= 1 << tl
			}
		}
		if all != 1<<(p.Rows*p.Cols)-2 {
			t.Fatalf("%s: covers %b", p.Name, all)
		}
	}
}

// TestBuildTilesPatternWorkers checks that the parallel build gives the same
// table on one worker as on several, on both lane widths.
func TestBuildTilesPatternWorkers(t *testing.T) {
	type tcase struct {
		rows, cols int
		tiles      []int
	}
	// At least two chunks of tilesChunk words each, so that both workers
	// take some.
	cases := []tcase{{3, 4, []int{1, 2, 5, 6, 9}}, {3, 6, []int{1, 2, 7, 8}}}
	if !testing.Short() {
		cases = []tcase{{4, 4, []int{3, 6, 7, 10, 11}}, {4, 5, []int{1, 2, 3, 4}}}
	}
	for _, c := range cases {
		if words := TilesEntries(c.rows*c.cols, len(c.tiles)) * uint64(tilesLaneBits(c.rows*c.cols)) / tilesWordBits; words < 2*tilesChunk {
			t.Fatalf("%v: %d words, one chunk", c.tiles, words)
		}
		con := TilesConstructionOf(c.rows, c.cols)
		var reports []Progress
		many, err := buildTilesPattern(c.rows, c.cols, con, c.tiles, 3, func(p Progress) { reports = append(reports, p) })
		if err != nil {
			t.Fatal(err)
		}
		one, err := buildTilesPattern(c.rows, c.cols, con, c.tiles, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if string(one) != string(many) {
			t.Fatal("one worker and several build different tables")
		}
		for i := 1; i < len(reports); i++ {
			if reports[i].Depth < reports[i-1].Depth || reports[i].States < reports[i-1].States {
				t.Fatalf("progress goes back: %+v then %+v", reports[i-1], reports[i])
			}
		}
		if last := reports[len(reports)-1]; last.States != last.Total || last.Total != TilesEntries(c.rows*c.cols, len(c.tiles)) {
			t.Fatalf("last progress %+v", last)
		}
	}
}

// TestTilesBuildEstimates checks the build estimates against the sizes the
// builder allocates: 7 bytes a placement on 16 cells, 13 above, and that a
// 7-tile 5 x 5 table (2.4e9 placements) needs more than 24 GiB.
func TestTilesBuildEstimates(t *testing.T) {
	if got := tilesBuildBytes(4, 4, 8); got != 518918400*7 {
		t.Fatalf("4x4 8 tiles: %d bytes", got)
	}
	if got := tilesBuildBytes(5, 5, 6); got != 127512000*13 {
		t.Fatalf("5x5 6 tiles: %d bytes", got)
	}
	if got := tilesBuildBytes(5, 5, 7); got < 24<<30 {
		t.Fatalf("5x5 7 tiles: %d bytes", got)
	}
	// 25!/19! and 25!/18! placements at the measured 0.5-0.65 us of CPU
	// each over two cores: about a minute, and 19 times that.
	if a, b := tilesBuildSeconds(5, 5, 6), tilesBuildSeconds(5, 5, 7); a < 30 || a > 90 || b < 18*a || b > 20*a {
		t.Fatalf("seconds 6 tiles %.0f, 7 tiles %.0f", a, b)
	}
}

// TestLongBuildTiles7 builds the 7-tile table of the 15-puzzle's 7-8
// partition (57.6 M placements, about a minute of CPU) and checks its
// entries' CRC against the pinned one; the 8-tile table takes minutes
// (TestBuildTiles78). Long suite only.
func TestLongBuildTiles7(t *testing.T) {
	skipUnlessLong(t)
	p, _ := TilesPartitionNamed(4, 4, "78")
	l, err := TilesPatternLookup(4, 4, p.Patterns[0])
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	tb, err := l.Spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Spec.check(tb, "built table"); err != nil || knownChecksums[l.Spec.Puzzle+"/"+l.Spec.Pattern] == 0 {
		t.Fatalf("7-tile table: %v", err)
	}
	t.Logf("%s: %d entries in %.1fs", tb.Pattern, tb.Entries, time.Since(start).Seconds())
}

func BenchmarkBuildTilesPattern6(b *testing.B) {
	for b.Loop() {
		if _, err := BuildTilesPattern(4, 4, TilesBlankHome, []int{1, 2, 4, 5, 8, 9}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuildTilesPattern5x5of5(b *testing.B) {
	for b.Loop() {
		if _, err := BuildTilesPattern(5, 5, TilesBlankAny, []int{1, 2, 5, 6, 7}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBuildTiles78 builds the two 7-8 tables into the table cache
// ($PDBSOLVE_TABLES or the user cache directory), as `pdbsolve gen 15puzzle
// --pdb 78` would. It takes minutes and 4 GB, so it runs only with
// PDBSOLVE_LONG=1 (and never under -short).
func TestBuildTiles78(t *testing.T) {
	tilesBuildPreset(t, 4, 4, "78", "the 7-8 tables (minutes, 4 GB)")
}

// TestBuildTiles6666 builds the two tables of the 24-puzzle's 6-6-6-6
// partition into the table cache. It takes minutes and 2 GB, so it runs only
// with PDBSOLVE_LONG=1 (and never under -short).
func TestBuildTiles6666(t *testing.T) {
	tilesBuildPreset(t, 5, 5, "6666", "the 6-6-6-6 tables (minutes, 2 GB)")
}

func tilesBuildPreset(t *testing.T, rows, cols int, name, what string) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skipf("builds %s: set PDBSOLVE_LONG=1 to run", what)
	}
	dir, err := DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Dir: dir, Notify: func(s string) { t.Log(s) },
		Progress: func(p Progress) {
			if !p.Done {
				t.Logf("depth %d: %d of %d placements, %.1fs", p.Depth, p.States, p.Total, p.Elapsed)
			}
		}}
	p, err := TilesPartitionNamed(rows, cols, name)
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string][]byte{}
	var looks []TilesLookup
	for _, pat := range p.Patterns {
		l, err := TilesPatternLookup(rows, cols, pat)
		if err != nil {
			t.Fatal(err)
		}
		looks = append(looks, l)
		if tables[l.Spec.Pattern] != nil {
			continue
		}
		start := time.Now()
		tb, err := c.Load(l.Spec)
		if err != nil {
			t.Fatal(err)
		}
		tables[l.Spec.Pattern] = tb.Data
		t.Logf("%s/%s: %d entries, CRC %08x, mean %.3f, max %d, %.1fs", tb.Puzzle, tb.Pattern, tb.Entries, tb.Checksum, tb.Mean(), len(tb.Counts)-1, time.Since(start).Seconds())
	}
	// The additive value of boards a random walk of L moves from the goal
	// lies between their Manhattan distance and L.
	nc := rows * cols
	rng := rand.New(rand.NewPCG(8, 8))
	cellOf := make([]uint8, nc)
	above := 0
	for i := range 5000 {
		walk := i % 80
		b := bitboard.RandomWalkTiles(rng, rows, cols, bitboard.BlankFirst, walk)
		for c := range nc {
			cellOf[b.At(c)] = uint8(c)
		}
		md, h := 0, 0
		for j, l := range looks {
			pos := make([]uint8, len(p.Patterns[j]))
			for x, tl := range p.Patterns[j] {
				pos[x] = cellOf[tl]
			}
			m := TilesManhattan(cols, p.Patterns[j], pos)
			md += m
			h += m + 2*int(tilesLookupValue(nc, l.Tiles, l.Sym, tables[l.Spec.Pattern], cellOf))
		}
		if h < md || h > walk {
			t.Fatalf("%v, %d moves from the goal: value %d, Manhattan %d", b, walk, h, md)
		}
		if h > md {
			above++
		}
	}
	if above == 0 {
		t.Fatal("the tables never add to Manhattan distance: suspicious")
	}
	t.Logf("random walks: value above Manhattan distance on %d of 5000 boards", above)
}

func BenchmarkTilesUnrank7(b *testing.B) {
	pos := make([]uint8, 7)
	e := TilesEntries(16, 7)
	r := uint64(12345)
	for b.Loop() {
		TilesUnrank(r, 16, pos)
		r += 7919
		if r >= e {
			r -= e
		}
	}
}
