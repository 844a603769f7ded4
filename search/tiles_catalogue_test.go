package search

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// tilesCatalogues3x3 are the catalogues checked on every 3 x 3 board, each
// with its partitions as heuristics of their own.
var tilesCatalogues3x3 = []struct {
	name       string
	terms      []string
	consistent bool // every partition zero-aware
}{
	{"pdb44|pdb:1,3,5,7/2,4,6,8+reflect", []string{"pdb44", "pdb:1,3,5,7/2,4,6,8+reflect"}, false},
	{"pdb:1-2/3-5/6-8|pdb44+reflect|pdb:1,2,3/4,5,6/7,8", []string{"pdb:1-2/3-5/6-8", "pdb44+reflect", "pdb:1,2,3/4,5,6/7,8"}, false},
	{"pdb44+zero", []string{"pdb44+zero"}, true},
	{"pdb44+zero+reflect", []string{"pdb44+zero", "pdb:1,2,3,4/5,6,7,8+zero+reflect"}, true},
	{"pdb44+zero|pdb:1,3,5,7/2,4,6,8+reflect+zero", []string{"pdb44+zero", "pdb:1,3,5,7/2,4,6,8+zero+reflect"}, true},
	{"pdb:1-2/3-5/6-8+zero|pdb44+zero+reflect|pdb:1,2,3/4,5,6/7,8", []string{"pdb:1-2/3-5/6-8+zero", "pdb44+zero+reflect", "pdb:1,2,3/4,5,6/7,8"}, false},
}

// tilesBoardOfRank returns the 3 x 3 board whose rank (tilesBoardRank) is r.
func tilesBoardOfRank(t *testing.T, rows, cols int, r uint64) bitboard.Tiles {
	nc := rows * cols
	var pos [bitboard.TilesMaxCells]uint8
	pdb.TilesUnrank(r, nc, pos[:nc])
	cells := make([]int, nc)
	for tile := range nc {
		cells[pos[tile]] = tile
	}
	b, err := bitboard.NewTiles(rows, cols, cells)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestTilesCatalogueWholeSpace3x3 checks catalogues on every solvable 3 x 3
// board against the breadth-first distances: admissible, consistent (h
// changes by at most one a move) when every partition is zero-aware, equal
// to the max of its partitions each loaded on its own, and the kernel's
// loaded value equal to the slow one. (A plain table keeps a placement's
// least cost over every region of the blank, also those the blank is not
// in, so it is not consistent: pdb:1,3,5,7/2,4,6,8 gives 16 on
// 0 1 2 3 4 7 8 5 6 and 13 one move away.)
func TestTilesCatalogueWholeSpace3x3(t *testing.T) {
	space := tilesBFSSpace(3, 3)
	for _, c := range tilesCatalogues3x3 {
		h := tilesHeur(t, 3, 3, c.name)
		if h.kind != tilesCatalogue {
			t.Fatalf("%s: not a catalogue", c.name)
		}
		var terms []*TilesHeuristic
		for _, n := range c.terms {
			terms = append(terms, tilesHeur(t, 3, 3, n))
		}
		k := newTilesKernel(h)
		boards, above := 0, 0
		for r, d := range space.dist {
			if d == tilesUnreached {
				continue
			}
			b := tilesBoardOfRank(t, 3, 3, uint64(r))
			v := h.Eval(b)
			if v > int(d) {
				t.Fatalf("%s: h(%v) = %d above the distance %d", c.name, b, v, d)
			}
			want := 0
			for _, th := range terms {
				want = max(want, th.Eval(b))
			}
			if v != want {
				t.Fatalf("%s: h(%v) = %d, the max of its partitions %d", c.name, b, v, want)
			}
			if want > terms[0].Eval(b) {
				above++
			}
			for m := range bitboard.TilesMove(bitboard.TilesMoves) {
				if nb, ok := b.Move(m); ok && c.consistent {
					if w := h.Eval(nb); w > v+1 || w < v-1 {
						t.Fatalf("%s: h(%v) = %d, h(%v) = %d one move away", c.name, b, v, nb, w)
					}
				}
			}
			if r%97 == 0 {
				k.load(b)
				if k.heur != v {
					t.Fatalf("%s: the kernel loads h(%v) = %d, from scratch %d", c.name, b, k.heur, v)
				}
			}
			boards++
		}
		if boards != pdb.TilesExactEntries || (len(c.terms) > 1 && above == 0) {
			t.Fatalf("%s: %d boards, %d above the first partition", c.name, boards, above)
		}
	}
}

// TestTilesCatalogueSharesTables checks that a catalogue loads each table
// file once: patterns served by one file share its entries, and the files
// are those its plan lists (TilesPlan.Tables).
func TestTilesCatalogueSharesTables(t *testing.T) {
	name := "pdb663+reflect|pdb:1,2,4,5,8,9/3,6,7,10,11,15/12-14|pdb555"
	h := tilesHeur(t, 4, 4, name)
	specs, err := tilesPlanTables(4, 4, name)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, preset := range []string{"663", "555"} {
		part, _ := pdb.TilesPartitionNamed(4, 4, preset)
		for _, p := range part.Patterns {
			l, err := pdb.TilesPatternLookup(4, 4, p)
			if err != nil {
				t.Fatal(err)
			}
			want[l.Spec.FileName()] = true
		}
	}
	if len(specs) != len(want) {
		t.Fatalf("%d tables: %v; want %v", len(specs), specs, want)
	}
	// 663 direct and spelled are the same lookups: 3 patterns; reflected 3;
	// 555: 3.
	if h.cat.views != 4 || h.cat.patterns != 9 {
		t.Fatalf("%d views, %d patterns; want 4 and 9", h.cat.views, h.cat.patterns)
	}
	files := map[*byte]bool{}
	for q := range h.cat.patterns {
		files[&h.cat.table[q][0]] = true
	}
	if len(files) != len(specs) {
		t.Fatalf("%d distinct tables in memory for %d files", len(files), len(specs))
	}
}

// TestTilesCatalogueNames checks the errors of bad catalogue names: each
// names the partition or modifier at fault, before any table is loaded.
func TestTilesCatalogueNames(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		name, want string
	}{
		{4, 4, "pdb663|pdb99", "partition 2"},
		{4, 4, "pdb663+zoro", `"+zoro"`},
		{4, 4, "pdb663+reflect+reflect", "twice"},
		{4, 4, "pdb663|pdb663", "same as partition 1"},
		{4, 4, "pdb663|manhattan", "catalogue"},
		{4, 4, "pdb663|", "partition 2"},
		{4, 4, "pdb663|pdb:1-7/8-14", "tile 15"},
		{3, 4, "pdb:1-6/7-11|pdb:1-5/6-11+reflect", "partition 2"},
		{4, 4, "pdb663+", "modifier"},
		{4, 4, tilesManyViews(), "at most"},
		{4, 4, "pdb663+bits", "needs +zero"},
		{4, 4, "pdb663+zero+bits|pdb555+zero", "+bits on some partitions"},
		{4, 4, "pdb663+zero|pdb555+zero+bits+reflect", "partition 2"},
		{4, 4, "pdb663+zero+bits+bits", "twice"},
		{4, 4, TilesZeroCatalogueCR28 + tilesBitsPreset, "5x5 board"},
		{5, 5, TilesZeroCatalogueCR28 + "-bites", "unknown"},
	} {
		_, err := LoadTilesHeuristic(nil, c.rows, c.cols, c.name)
		if !errors.Is(err, ErrTilesHeuristic) || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%dx%d %q: %v; want ErrTilesHeuristic naming %q", c.rows, c.cols, c.name, err, c.want)
		}
	}
	for _, name := range []string{"pdb663|pdb555+reflect", "pdb555+reflect|pdb:1-7/8-15", "pdb78+reflect", "pdb663+bits+zero|pdb555+zero+bits"} {
		if _, err := LoadTilesHeuristic(nil, 4, 4, name); !errors.Is(err, ErrTilesNoCache) {
			t.Fatalf("%q: %v; want ErrTilesNoCache", name, err)
		}
	}
}

// TestTilesCatalogueBitsPresets checks that the 1-bit form of each
// zero-aware preset catalogue ("-bits") reads the preset's partitions, each
// with +bits, and its 1-bit tables: the byte form's, one for one, at width 1.
func TestTilesCatalogueBitsPresets(t *testing.T) {
	for _, c := range tilesCatalogues {
		byteForm, err := PlanTilesHeuristic(c.rows, c.cols, c.name)
		if err != nil {
			t.Fatal(err)
		}
		bitForm, err := PlanTilesHeuristic(c.rows, c.cols, c.name+tilesBitsPreset)
		if !c.zero {
			if err == nil {
				t.Errorf("%s%s: a preset with plain partitions has no 1-bit form", c.name, tilesBitsPreset)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if len(bitForm.plan.terms) != len(byteForm.plan.terms) {
			t.Fatalf("%s: %d partitions in the 1-bit form, %d in the byte form", c.name, len(bitForm.plan.terms), len(byteForm.plan.terms))
		}
		for i, term := range bitForm.plan.terms {
			o := byteForm.plan.terms[i]
			if !term.bits || o.bits || term.zero != o.zero || term.reflect != o.reflect ||
				!slices.EqualFunc(term.part.Patterns, o.part.Patterns, slices.Equal) {
				t.Errorf("%s partition %d: 1-bit form %+v, byte form %+v", c.name, i+1, term, o)
			}
		}
		bitTables, byteTables := bitForm.Tables(), byteForm.Tables()
		if len(bitTables) != len(byteTables) {
			t.Fatalf("%s: %d 1-bit tables, %d byte tables", c.name, len(bitTables), len(byteTables))
		}
		for i, s := range bitTables {
			if b := byteTables[i]; s.Width != pdb.TilesZeroBitsWidth || s.Entries != b.Entries || s.FileName() == b.FileName() {
				t.Errorf("%s table %d: %s (%d entries of %d bits) for %s (%d)", c.name, i+1, s.FileName(), s.Entries, s.Width,
					b.FileName(), b.Entries)
			}
		}
		if !slices.Contains(TilesHeuristicNames(c.rows, c.cols), c.name+tilesBitsPreset) {
			t.Errorf("%s%s is not listed", c.name, tilesBitsPreset)
		}
	}
}

// tilesManyViews returns a 4 x 4 catalogue of more than tilesMaxViews views.
func tilesManyViews() string {
	var terms []string
	for k := 1; k <= tilesMaxViews/2+1; k++ {
		terms = append(terms, fmt.Sprintf("pdb:1-%d/%d-15+reflect", k, k+1))
	}
	return strings.Join(terms, tilesCatalogueSep)
}

// TestTilesZeroAware checks that a zero-aware partition is at least its
// plain partition on every 3 x 3 board, and above it on some; and that a
// move leaves the entries of the patterns without the moved tile as they
// were (the blank moves between two cells free of their tiles, hence within
// one region), which the kernel relies on.
func TestTilesZeroAware(t *testing.T) {
	space := tilesBFSSpace(3, 3)
	for _, name := range []string{"pdb44", "pdb:1,3,5,7/2,4,6,8", "pdb:1-2/3-5/6-8"} {
		plain, zero := tilesHeur(t, 3, 3, name), tilesHeur(t, 3, 3, name+"+zero")
		above := 0
		for r, d := range space.dist {
			if d == tilesUnreached {
				continue
			}
			b := tilesBoardOfRank(t, 3, 3, uint64(r))
			p, z := plain.Eval(b), zero.Eval(b)
			if z < p || z > int(d) {
				t.Fatalf("%s: %v: plain %d, zero-aware %d, distance %d", name, b, p, z, d)
			}
			if z > p {
				above++
			}
		}
		if above == 0 {
			t.Fatalf("%s: the zero-aware table is never above the plain one", name)
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, c := range []struct {
		rows, cols int
		name       string
	}{{3, 3, "pdb:1-2/3-5/6-8+zero"}, {3, 4, "pdb:1-3/4-6/7-9/10-11+zero"}, {4, 4, "pdb555+zero+reflect"}} {
		h := tilesHeur(t, c.rows, c.cols, c.name)
		ct := h.cat.terms[0]
		for range 2000 {
			b := bitboard.RandomTiles(rng, c.rows, c.cols, bitboard.BlankFirst)
			m := bitboard.TilesMove(rng.IntN(bitboard.TilesMoves))
			nb, ok := b.Move(m)
			if !ok {
				continue
			}
			moved := b.At(nb.BlankCell())
			for p, tiles := range ct.term.part.Patterns {
				if slices.Contains(tiles, moved) {
					continue
				}
				one := h.evalEntries(b, ct.lookups[p:p+1], ct.tables[p:p+1], ct.zeros[p:p+1])
				two := h.evalEntries(nb, ct.lookups[p:p+1], ct.tables[p:p+1], ct.zeros[p:p+1])
				if one != two {
					t.Fatalf("%s: moving tile %d of %v changes pattern %v's entry from %d to %d", c.name, moved, b, tiles, one, two)
				}
			}
		}
	}
}

// TestTilesCatalogueConsistentWalks checks zero-aware catalogues along
// random walks on 3 x 4, 4 x 3 and 4 x 4: h changes by at most one a move,
// and never exceeds the walk's length (an upper bound on the distance).
func TestTilesCatalogueConsistentWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, c := range []struct {
		rows, cols int
		name       string
	}{
		{3, 4, "pdb:1-6/7-11+zero|pdb:1-3/4-6/7-9/10-11+zero|pdb:1,4,5,8,9/2,3,6,7,10,11+zero"},
		{4, 3, "pdb:1-5/6-11+zero"},
		{4, 4, "pdb663+zero+reflect|pdb555+zero+reflect"},
	} {
		h := tilesHeur(t, c.rows, c.cols, c.name)
		for range 20 {
			b := bitboard.GoalTiles(c.rows, c.cols, bitboard.BlankFirst)
			v := 0
			for step := 1; step <= 200; step++ {
				nb, ok := b.Move(bitboard.TilesMove(rng.IntN(bitboard.TilesMoves)))
				if !ok {
					step--
					continue
				}
				w := h.Eval(nb)
				if w > v+1 || w < v-1 || w > step {
					t.Fatalf("%dx%d %s: h(%v) = %d, h(%v) = %d one move away, after %d moves", c.rows, c.cols, c.name,
						b, v, nb, w, step)
				}
				b, v = nb, w
			}
		}
	}
}

// TestTilesCataloguePreset checks the 24-puzzle's preset catalogues of
// few tables: TilesZeroCatalogue24, Korf & Felner's partition among its
// own, on 4 tables; the default, the 1-bit form of
// TilesZeroCatalogueCR0145, partitions 0, 1, 4 and 5 of
// TilesZeroCatalogueCR28 (checked against the published catalogue by
// TestTilesCR28Preset), partitions 0 and 4 the reflections of
// TilesZeroCatalogue24's two, on 8 tables; each zero-aware tables only, and
// a name of the 5x5 board only.
func TestTilesCataloguePreset(t *testing.T) {
	if DefaultTilesHeuristic(5, 5) != TilesZeroCatalogueCR0145+tilesBitsPreset {
		t.Fatalf("default %q, want %s%s", DefaultTilesHeuristic(5, 5), TilesZeroCatalogueCR0145, tilesBitsPreset)
	}
	cat24, err := tilesParseName(5, 5, TilesZeroCatalogue24)
	if err != nil {
		t.Fatal(err)
	}
	kf, _ := pdb.TilesPartitionNamed(5, 5, "6666")
	if !cat24.catalogue() || !slices.EqualFunc(cat24.terms[0].part.Patterns, kf.Patterns, slices.Equal) {
		t.Fatalf("%s: %+v", TilesZeroCatalogue24, cat24)
	}
	cr28, err := tilesParseName(5, 5, TilesZeroCatalogueCR28)
	if err != nil {
		t.Fatal(err)
	}
	def, err := tilesParseName(5, 5, DefaultTilesHeuristic(5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(def.terms) != 4 || def.views() != 8 {
		t.Fatalf("default: %d partitions, %d views; want 4 and 8", len(def.terms), def.views())
	}
	for i, j := range []int{0, 1, 4, 5} {
		got, want := def.terms[i], cr28.terms[j]
		if !got.zero || !got.reflect || !got.bits || !slices.EqualFunc(got.part.Patterns, want.part.Patterns, slices.Equal) {
			t.Fatalf("default's partition %d: %+v, want Clausecker & Reinefeld's %d (%q) +bits", i+1, got, j, want.spell)
		}
	}
	transpose := func(x int) int { return x%5*5 + x/5 }
	for i, j := range []int{0, 2} { // the default's partitions 1 and 3, reflected
		var refl [][]int
		for _, p := range def.terms[j].part.Patterns {
			var r []int
			for _, x := range p {
				r = append(r, transpose(x))
			}
			refl = append(refl, r)
		}
		if tilesPartitionKey(refl) != tilesPartitionKey(cat24.terms[i].part.Patterns) {
			t.Fatalf("default's partition %d reflected: %v; want %s's partition %d, %v", j+1, refl, TilesZeroCatalogue24, i+1,
				cat24.terms[i].part.Patterns)
		}
	}
	for _, c := range []struct {
		name   string
		tables int
		width  uint8
	}{{TilesZeroCatalogue24, 4, 8}, {TilesZeroCatalogueCR0145, 8, 8}, {DefaultTilesHeuristic(5, 5), 8, 1}} {
		if !slices.Contains(TilesHeuristicNames(5, 5), c.name) {
			t.Fatalf("%s not among the names %v", c.name, TilesHeuristicNames(5, 5))
		}
		specs, err := tilesPlanTables(5, 5, c.name)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range specs {
			if !strings.HasPrefix(s.Pattern, pdb.TilesZeroWord) || s.Entries != pdb.TilesZeroEntries(5, 5, 6) || s.Width != c.width {
				t.Fatalf("%s: table %s/%s of %d entries of %d bits", c.name, s.Puzzle, s.Pattern, s.Entries, s.Width)
			}
		}
		if len(specs) != c.tables {
			t.Fatalf("%s: %d tables, want %d", c.name, len(specs), c.tables)
		}
		if _, err := LoadTilesHeuristic(nil, 5, 5, c.name); !errors.Is(err, ErrTilesNoCache) {
			t.Fatalf("%s without a cache: %v", c.name, err)
		}
		if _, err := LoadTilesHeuristic(nil, 4, 4, c.name); !errors.Is(err, ErrTilesHeuristic) || !strings.Contains(err.Error(), "5x5") {
			t.Fatalf("%s on 4x4: %v", c.name, err)
		}
	}
}
