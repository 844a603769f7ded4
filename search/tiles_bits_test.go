package search

import (
	"slices"
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestLongTilesBitsKorf24 solves Korf & Felner's instance 40 with
// pdb6666+zero+reflect read from its zero-aware byte tables and from the
// 1-bit tables made from them (pdb.TilesZeroBitsOf, held in memory), under
// both prunings: the generated catalogue kernels for bytes and for bits
// must give the same answer, root h and node counts, iteration by
// iteration. The byte tables come from the cache (built when missing, a
// minute or more of 2 cores each) and each conversion checks every edge
// (about a build's CPU), so it is in the long suite only.
func TestLongTilesBitsKorf24(t *testing.T) {
	skipUnlessLong(t)
	const name = "pdb6666+zero+reflect"
	bytePlan, err := PlanTilesHeuristic(5, 5, name)
	if err != nil {
		t.Fatal(err)
	}
	bitPlan, err := PlanTilesHeuristic(5, 5, name+tilesBitsSufx)
	if err != nil {
		t.Fatal(err)
	}
	mem := newMemTables()
	cache := tilesTestCache(t)
	for i, ls := range bytePlan.lookups {
		for p, l := range ls {
			bl := bitPlan.lookups[i][p]
			if _, ok := mem.tables[bl.Spec.FileName()]; ok {
				continue
			}
			tb, err := tilesLoadTable(cache, l.Spec)
			if err != nil {
				t.Fatal(err)
			}
			bits, err := pdb.TilesZeroBitsOf(5, 5, l.Tiles, tb)
			if err != nil {
				t.Fatal(err)
			}
			mem.tables[l.Spec.FileName()], mem.tables[bl.Spec.FileName()] = tb, bits
		}
	}
	var solvers []*TilesSolver
	for _, plan := range []*TilesPlan{bytePlan, bitPlan} {
		h, err := plan.Load(mem)
		if err != nil {
			t.Fatal(err)
		}
		solvers = append(solvers, NewTilesSolver(h))
	}
	if k := tilesKernelOf(solvers[1].h); k != "dfsCatalogueBits" {
		t.Fatalf("%s: kernel %s", bitPlan.Name(), k)
	}
	b := tilesKorf24(t)[40-1]
	for _, p := range []TilesPruning{TilesPruneAutomaton, TilesPruneInverse} {
		want := tilesSolveLog(t, solvers[0], p, b)
		if got := tilesSolveLog(t, solvers[1], p, b); !slices.Equal(got, want) {
			t.Fatalf("#40, %v pruning: byte tables give %v, 1-bit tables %v", p, want, got)
		}
		t.Logf("#40, %v pruning: %s", p, want[len(want)-1])
	}
}
