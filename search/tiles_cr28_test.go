package search

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// tilesCR28Published is Clausecker & Reinefeld's catalogue small-t.cat
// (clausecker/24puzzle, catalogues/small-t.cat), its partitions as published:
// one pattern a line, tile 0 (the blank) marking a zero-aware table, blank
// lines between partitions; tiles are numbered by goal cell, the blank's goal
// is cell 0. Their diagrams are left out.
const tilesCR28Published = `
0,1,5,6,10,11,12
0,2,3,4,7,8,9
0,13,14,18,19,23,24
0,15,16,17,20,21,22

0,1,2,5,6,7,12
0,10,11,15,16,20,21
0,17,18,19,22,23,24
0,3,4,8,9,13,14

0,1,2,5,6,10,11
0,3,4,7,8,9,12
0,13,14,18,19,23,24
0,15,16,17,20,21,22

0,3,4,8,9,13,14
0,17,18,19,22,23,24
0,11,12,15,16,20,21
0,1,2,5,6,7,10

0,1,5,6,10,11,12
0,2,3,4,7,8,9
0,13,14,15,16,17,18
0,19,20,21,22,23,24

0,1,2,5,6,7,12
0,10,11,15,16,20,21
0,3,8,13,17,18,22
0,4,9,14,19,23,24

0,1,2,5,6,10,11
0,3,4,7,8,9,12
0,13,14,15,16,17,18
0,19,20,21,22,23,24

0,1,2,5,6,7,10
0,11,12,15,16,20,21
0,3,8,13,17,18,22
0,4,9,14,19,23,24

0,1,5,6,10,15,20
0,2,3,4,7,8,9
0,11,12,16,17,21,22
0,13,14,18,19,23,24

0,1,2,3,4,5,6
0,10,11,15,16,20,21
0,7,8,9,12,13,14
0,17,18,19,22,23,24

0,1,2,5,6,10,11
0,3,4,9,14,19,24
0,7,8,12,13,18,23
0,15,16,17,20,21,22

0,1,2,5,6,7,10
0,15,20,21,22,23,24
0,11,12,16,17,18,19
0,3,4,8,9,13,14

0,1,5,6,10,15,20
0,2,3,4,7,8,9
0,11,12,13,16,17,18
0,14,19,21,22,23,24

0,1,2,3,4,5,6
0,10,11,15,16,20,21
0,7,8,12,13,17,18
0,9,14,19,22,23,24
`

// tilesPartitionKey spells a partition's patterns, each sorted, in sorted
// order: equal keys, equal partitions.
func tilesPartitionKey(patterns [][]int) string {
	var ps []string
	for _, p := range patterns {
		p = slices.Sorted(slices.Values(p))
		ps = append(ps, fmt.Sprint(p))
	}
	slices.Sort(ps)
	return strings.Join(ps, " ")
}

// TestTilesCR28Preset checks the preset TilesZeroCatalogueCR28 against the
// published catalogue: its 7 partitions and their reflections about the main
// diagonal are the file's 14 partitions, every one zero-aware, and its 28
// distinct patterns load 11 table files (each 6-tile zero-aware, 181,008,000
// entries): the table of every pattern serves its transpose, and tables are
// shared under other symmetries only where pdb.TilesZeroPatternLookup allows.
func TestTilesCR28Preset(t *testing.T) {
	if !slices.Contains(TilesHeuristicNames(5, 5), TilesZeroCatalogueCR28) {
		t.Fatalf("%s not among the 5x5 names %v", TilesZeroCatalogueCR28, TilesHeuristicNames(5, 5))
	}
	var want []string
	patterns := map[string]bool{}
	for i, block := range strings.Split(strings.TrimSpace(tilesCR28Published), "\n\n") {
		var part [][]int
		for _, line := range strings.Split(block, "\n") {
			var p []int
			for _, f := range strings.Split(line, ",") {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("partition %d: %q: %v", i+1, line, err)
				}
				if n != 0 {
					p = append(p, n)
				}
			}
			if len(p) != 6 || !strings.HasPrefix(line, "0,") {
				t.Fatalf("partition %d: %q is not a zero-aware 6-tile pattern", i+1, line)
			}
			part = append(part, p)
			patterns[fmt.Sprint(p)] = true
		}
		want = append(want, tilesPartitionKey(part))
	}
	if len(want) != 14 || len(patterns) != 28 {
		t.Fatalf("the published catalogue: %d partitions, %d patterns; want 14 and 28", len(want), len(patterns))
	}
	plan, err := tilesParseName(5, 5, TilesZeroCatalogueCR28)
	if err != nil {
		t.Fatal(err)
	}
	if !plan.catalogue() || plan.views() != 14 {
		t.Fatalf("%s: catalogue %v, %d views; want 14", TilesZeroCatalogueCR28, plan.catalogue(), plan.views())
	}
	transpose := func(x int) int { return x%5*5 + x/5 }
	var got []string
	for _, term := range plan.terms {
		if !term.zero || !term.reflect {
			t.Fatalf("%s: partition %q is not +zero+reflect", TilesZeroCatalogueCR28, term.spell)
		}
		got = append(got, tilesPartitionKey(term.part.Patterns))
		var refl [][]int
		for _, p := range term.part.Patterns {
			var r []int
			for _, x := range p {
				r = append(r, transpose(x))
			}
			refl = append(refl, r)
		}
		got = append(got, tilesPartitionKey(refl))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("%s: views\n%s\nwant the published\n%s", TilesZeroCatalogueCR28, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	tp, err := PlanTilesHeuristic(5, 5, TilesZeroCatalogueCR28)
	if err != nil {
		t.Fatal(err)
	}
	specs := tp.Tables()
	var files []string
	for _, s := range specs {
		if s.Entries != pdb.TilesZeroEntries(5, 5, 6) || !strings.HasPrefix(s.Pattern, pdb.TilesZeroWord+"-") {
			t.Fatalf("%s: table %s/%s of %d entries", TilesZeroCatalogueCR28, s.Puzzle, s.Pattern, s.Entries)
		}
		files = append(files, s.Pattern)
	}
	wantFiles := []string{
		"zero0-1.2.5.6.7.12-md-v2", "zero0-3.4.8.9.13.14-md-v2", "zero0-1.2.5.6.7.10-md-v2", "zero0-3.4.7.8.9.12-md-v2",
		"zero0-3.8.13.17.18.22-md-v2", "zero0-3.4.9.14.19.24-md-v2", "zero0-1.2.3.4.5.6-md-v2", "zero0-1.2.6.7.11.12-md-v2",
		"zero0-1.6.11.12.16.17-md-v2", "zero0-6.7.8.11.12.13-md-v2", "zero0-1.2.3.4.9.14-md-v2",
	}
	if !slices.Equal(files, wantFiles) {
		t.Fatalf("%s: tables %v, want %v", TilesZeroCatalogueCR28, files, wantFiles)
	}
}

// tilesZeroOracle is a zero-aware pattern table computed here from its
// definition, with no symmetry and nothing of package pdb: the fewest moves
// of the pattern's tiles that bring them home with the blank on cell 0, by a
// 0-1 breadth-first search from the goal over (tile cells, blank cell), a
// blank move into a pattern tile's cell costing 1 and others 0 (moves are
// reversible, so distances from the goal are distances to it).
type tilesZeroOracle struct {
	rows, cols int
	tiles      []int
	dist       []uint8 // by state: cell of tiles[i] as digit i, base rows*cols, then the blank's cell
}

func newTilesZeroOracle(rows, cols int, tiles []int) *tilesZeroOracle {
	nc := rows * cols
	k := len(tiles)
	size := 1
	for range k + 1 {
		size *= nc
	}
	o := &tilesZeroOracle{rows: rows, cols: cols, tiles: tiles, dist: make([]uint8, size)}
	for i := range o.dist {
		o.dist[i] = 0xff
	}
	pos := make([]int, k)
	encode := func(pos []int, blank int) int {
		s := blank
		for i := k - 1; i >= 0; i-- {
			s = s*nc + pos[i]
		}
		return s
	}
	decode := func(s int) int {
		for i := range k {
			pos[i] = s % nc
			s /= nc
		}
		return s
	}
	start := encode(tiles, 0)
	o.dist[start] = 0
	// Layer d holds the states first reached at cost d; a 0-cost move adds
	// to the layer being read, a 1-cost move to the next.
	layer := []int{start}
	for d := uint8(0); len(layer) > 0; d++ {
		var next []int
		for j := 0; j < len(layer); j++ {
			s := layer[j]
			if o.dist[s] != d {
				continue // reached again at a lower cost
			}
			blank := decode(s)
			for m := range bitboard.TilesMove(bitboard.TilesMoves) {
				to := bitboard.TilesNeighbour(rows, cols, blank, m)
				if to < 0 {
					continue
				}
				i := slices.Index(pos, to)
				if i >= 0 {
					pos[i] = blank
				}
				n := encode(pos, to)
				if i >= 0 {
					pos[i] = to
				}
				switch {
				case i < 0 && o.dist[n] > d:
					o.dist[n] = d
					layer = append(layer, n)
				case i >= 0 && o.dist[n] > d+1:
					o.dist[n] = d + 1
					next = append(next, n)
				}
			}
		}
		layer = next
	}
	return o
}

// value returns the pattern's cost on the BlankFirst board b.
func (o *tilesZeroOracle) value(b bitboard.Tiles) int {
	nc := o.rows * o.cols
	var cell [bitboard.TilesMaxCells]int
	for c := range nc {
		cell[b.At(c)] = c
	}
	s := b.BlankCell()
	for i := len(o.tiles) - 1; i >= 0; i-- {
		s = s*nc + cell[o.tiles[i]]
	}
	return int(o.dist[s])
}

// tilesCatalogueOracle is a zero-aware catalogue evaluated the way
// Clausecker & Reinefeld's solver does it: every partition and every
// reflected partition listed on its own, each pattern with its own table
// (tilesZeroOracle), h the max over the partitions of the sum.
type tilesCatalogueOracle struct {
	parts [][]*tilesZeroOracle
}

func newTilesCatalogueOracle(t *testing.T, rows, cols int, partitions []string, reflect []bool) *tilesCatalogueOracle {
	transpose := func(x int) int { return x%cols*cols + x/cols }
	tables := map[string]*tilesZeroOracle{}
	table := func(p []int) *tilesZeroOracle {
		key := fmt.Sprint(p)
		if o, ok := tables[key]; ok {
			return o
		}
		o := newTilesZeroOracle(rows, cols, p)
		tables[key] = o
		return o
	}
	oc := &tilesCatalogueOracle{}
	for i, spec := range partitions {
		part, err := pdb.ParseTilesPartition(rows, cols, strings.TrimPrefix(spec, tilesUserPrefix))
		if err != nil {
			t.Fatal(err)
		}
		var direct, refl []*tilesZeroOracle
		for _, p := range part.Patterns {
			direct = append(direct, table(p))
			var r []int
			for _, x := range p {
				r = append(r, transpose(x))
			}
			slices.Sort(r)
			refl = append(refl, table(r))
		}
		oc.parts = append(oc.parts, direct)
		if reflect[i] {
			oc.parts = append(oc.parts, refl)
		}
	}
	return oc
}

func (oc *tilesCatalogueOracle) value(b bitboard.Tiles) int {
	best := 0
	for _, part := range oc.parts {
		sum := 0
		for _, o := range part {
			sum += o.value(b)
		}
		best = max(best, sum)
	}
	return best
}

// tilesOracleIDA is Clausecker & Reinefeld's IDA* (clausecker/24puzzle,
// ida.c, with fsm_simple) over the oracle: the bound starts at h and grows by
// 2; a node is the goal when h is 0, else expanded when g + h is within the
// bound; the blank's moves in ascending order of the cell it moves to (up,
// left, right, down), the move back never made; the last iteration stops at
// the first solution. It returns the optimal length and the nodes expanded.
func tilesOracleIDA(oc *tilesCatalogueOracle, b bitboard.Tiles) (int, uint64) {
	var expanded uint64
	order := []bitboard.TilesMove{bitboard.MoveUp, bitboard.MoveLeft, bitboard.MoveRight, bitboard.MoveDown}
	var dfs func(b bitboard.Tiles, g, bound int, back bitboard.TilesMove, root bool) bool
	dfs = func(b bitboard.Tiles, g, bound int, back bitboard.TilesMove, root bool) bool {
		h := oc.value(b)
		if h == 0 {
			return true
		}
		if g+h > bound {
			return false
		}
		expanded++
		for _, m := range order {
			if !root && m == back {
				continue
			}
			nb, ok := b.Move(m)
			if ok && dfs(nb, g+1, bound, m.Inverse(), false) {
				return true
			}
		}
		return false
	}
	for bound := oc.value(b); ; bound += 2 {
		if dfs(b, 0, bound, 0, true) {
			return bound, expanded
		}
	}
}

// TestTilesCatalogueViewsAgainstOracle checks zero-aware catalogues' views
// and shared tables on 4 x 4 and 5 x 5 (tables served through the transpose
// and through other symmetries, self-transposed patterns, a partition
// without its reflection) against tilesCatalogueOracle, which builds every
// pattern's and every reflected pattern's table on its own from the
// definition: the kernel's loaded h and the slow Eval equal the oracle's on
// random boards; and, in Clausecker & Reinefeld's move order, the solver's
// length and nodes expanded equal their IDA*'s over the oracle on boards a
// random walk from the goal.
func TestTilesCatalogueViewsAgainstOracle(t *testing.T) {
	cases := []struct {
		side       int
		partitions []string
		reflect    []bool
		walk       int // moves of each random walk, none undoing the one before
	}{
		{4, []string{
			"pdb:1,4,5/2,3,6/7,10,11/8,9,12/13-15",
			"pdb:1-3/4,8,12/5-7/9,13,14/10,11,15",
			"pdb:1,2,5/3,6,7/4,8,9/10,11,14/12,13,15",
		}, []bool{true, false, true}, 70},
		{5, []string{
			"pdb:1,5,6/2,3,7/4,8,9/10,11,15/12-14/16,20,21/17,18,22/19,23,24",
			"pdb:1-3/4,9,14/5,10,15/6-8/11-13/16-18/20-22/19,23,24",
		}, []bool{true, true}, 40},
	}
	rng := rand.New(rand.NewPCG(28, 19))
	for _, c := range cases {
		var name []string
		for i, p := range c.partitions {
			if c.reflect[i] {
				p += tilesReflectSufx
			}
			name = append(name, p+tilesZeroSufx)
		}
		spell := strings.Join(name, tilesCatalogueSep)
		h := tilesHeur(t, c.side, c.side, spell)
		tp, err := PlanTilesHeuristic(c.side, c.side, spell)
		if err != nil {
			t.Fatal(err)
		}
		specs := tp.Tables()
		oc := newTilesCatalogueOracle(t, c.side, c.side, c.partitions, c.reflect)
		patterns := map[*tilesZeroOracle]bool{}
		for _, part := range oc.parts {
			for _, o := range part {
				patterns[o] = true
			}
		}
		if h.cat.views != len(oc.parts) || len(specs) >= len(patterns) {
			t.Fatalf("%s: %d views, %d tables for %d patterns; want %d views and fewer tables than patterns",
				spell, h.cat.views, len(specs), len(patterns), len(oc.parts))
		}
		k := newTilesKernel(h)
		for range 3000 {
			b := bitboard.RandomTiles(rng, c.side, c.side, bitboard.BlankFirst)
			want := oc.value(b)
			k.load(b)
			if k.heur != want || h.Eval(b) != want {
				t.Fatalf("%s: %v: kernel h %d, Eval %d, oracle %d", spell, b, k.heur, h.Eval(b), want)
			}
		}
		s := NewTilesSolver(h)
		s.setPrune(tilesKorfOrderPrune(t, c.side, c.side, tilesPruneInverseDepth)) // their order, the move back never made
		walks, total := 12, uint64(0)
		if testing.Short() {
			walks = 4
		}
		for range walks {
			b := bitboard.GoalTiles(c.side, c.side, bitboard.BlankFirst)
			back := bitboard.TilesMove(tilesNoMove)
			for step := 0; step < c.walk; {
				m := bitboard.TilesMove(rng.IntN(bitboard.TilesMoves))
				if nb, ok := b.Move(m); ok && m != back {
					b, back = nb, m.Inverse()
					step++
				}
			}
			length, expanded := tilesOracleIDA(oc, b)
			moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if len(moves) != length || st.Expanded != expanded {
				t.Fatalf("%s: %v: solver %d moves, %d expanded; oracle IDA* %d moves, %d expanded", spell, b,
					len(moves), st.Expanded, length, expanded)
			}
			total += expanded
		}
		t.Logf("%dx%d: %d views, %d patterns on %d tables; %d walks, %d nodes expanded, as the oracle's IDA*",
			c.side, c.side, len(oc.parts), len(patterns), len(specs), walks, total)
	}
}

// tilesKorf24CR28Published reads data/korf24-cr28-published.txt, Clausecker
// & Reinefeld's lengths and nodes expanded with TilesZeroCatalogueCR28:
// after '#' comment lines, one line an instance in order 1..50 of "instance
// length expanded". Their lengths must be Korf & Felner's.
func tilesKorf24CR28Published(t testing.TB) []tilesKorf24Figures {
	name := filepath.Join("..", "data", "korf24-cr28-published.txt")
	kf := tilesKorf24Published(t)
	var out []tilesKorf24Figures
	for num, line := range dataLines(t, name) {
		f := strings.Fields(line)
		if len(f) != 3 {
			t.Fatalf("%s:%d: %d fields, want 3 (instance length expanded)", name, num, len(f))
		}
		n, err1 := strconv.Atoi(f[0])
		length, err2 := strconv.Atoi(f[1])
		exp, err3 := strconv.ParseUint(f[2], 10, 64)
		if err := errors.Join(err1, err2, err3); err != nil {
			t.Fatalf("%s:%d: %v", name, num, err)
		}
		if n != len(out)+1 || n > len(kf) || length != kf[n-1].length {
			t.Fatalf("%s:%d: instance %d of length %d: not the next instance of data/korf24.txt, or not its published length", name, num, n, length)
		}
		out = append(out, tilesKorf24Figures{length: length, expanded: exp, h0: -1})
	}
	if len(out) != tilesKorf24Count {
		t.Fatalf("%s: %d instances, want %d", name, len(out), tilesKorf24Count)
	}
	return out
}

// TestTilesKorf24CR28Published checks the transcription of Clausecker &
// Reinefeld's counts: 50 instances, Korf & Felner's lengths, and the total
// over the ten easiest (38 40 25 32 44 37 30 13 1 28) that issue 18 quotes,
// 9.37e8.
func TestTilesKorf24CR28Published(t *testing.T) {
	cr := tilesKorf24CR28Published(t)
	var ten uint64
	for _, n := range []int{38, 40, 25, 32, 44, 37, 30, 13, 1, 28} {
		ten += cr[n-1].expanded
	}
	if ten != 936713623 {
		t.Fatalf("the ten easiest: %d expanded, want 936713623", ten)
	}
}
