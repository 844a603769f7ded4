package search

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// memTables is a pdb.Source that holds its tables in memory, by file name,
// as a library user supplies tables that come from no cache directory. It
// counts the loads of each table.
type memTables struct {
	mu     sync.Mutex
	tables map[string]*pdb.Table
	loads  map[string]int
}

func newMemTables(tables ...*pdb.Table) *memTables {
	m := &memTables{tables: map[string]*pdb.Table{}, loads: map[string]int{}}
	for _, t := range tables {
		m.tables[pdb.Spec{Puzzle: t.Puzzle, Pattern: t.Pattern}.FileName()] = t
	}
	return m
}

func (m *memTables) Load(s pdb.Spec) (*pdb.Table, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.loads[s.FileName()]++
	if t, ok := m.tables[s.FileName()]; ok {
		return t, nil
	}
	return nil, fmt.Errorf("no table %s in memory", s.FileName())
}

func (m *memTables) Stored(pdb.Spec) bool { return true }

// checkAgainstBFS checks h on every board of its rows x cols space against
// the breadth-first distances: admissible everywhere (exact when exact is
// set), and optimal solutions of random boards for both goals.
func checkAgainstBFS(t *testing.T, h *TilesHeuristic, rows, cols int, exact bool) {
	t.Helper()
	all, dist := tilesAllBoards(t, rows, cols)
	for i, b := range all {
		if v := h.Eval(b); v > dist[i] || exact && v != dist[i] {
			t.Fatalf("%s: h(%v) = %d, BFS distance %d", h.Name(), b, v, dist[i])
		}
	}
	space := tilesBFSSpace(rows, cols)
	s := NewTilesSolver(h)
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range 40 {
		g := bitboard.Goal(i % 2)
		b := bitboard.RandomTiles(rng, rows, cols, g)
		moves, _, err := s.Solve(b, g, Limits{})
		if err != nil {
			t.Fatalf("%s: %v: %v", h.Name(), b, err)
		}
		checkTilesSolution(t, b, g, moves)
		if want := int(space.dist[tilesBoardRank(b.Canonical(g))]); len(moves) != want {
			t.Fatalf("%s: %v (%v): %d moves, BFS says %d", h.Name(), b, g, len(moves), want)
		}
	}
}

// TestTilesHeuristicFromMemory: tables supplied by a pdb.Source of the
// caller's own, with no cache directory, serve the solver. The exact 3 x 3
// table is made here from the breadth-first distances (so it is checked
// against the pinned checksum of the one pdb builds); pattern tables are
// built by their specs and handed over in memory, each loaded once however
// many patterns it serves.
func TestTilesHeuristicFromMemory(t *testing.T) {
	all, dist := tilesAllBoards(t, 3, 3)
	data := make([]byte, pdb.TilesExactEntries)
	for i, b := range all {
		data[pdb.TilesExactIndex(b)] = uint8(dist[i])
	}
	exact, err := pdb.NewTable(pdb.Tiles8Puzzle, pdb.TilesExactPattern, pdb.TilesExactEntries, pdb.TilesWidth, data)
	if err != nil {
		t.Fatal(err)
	}
	h, err := LoadTilesHeuristic(newMemTables(exact), 3, 3, TilesExact)
	if err != nil {
		t.Fatal(err)
	}
	checkAgainstBFS(t, h, 3, 3, true)

	for _, c := range []struct {
		rows, cols int
		name       string
	}{
		{2, 3, "pdb:1-2/3-5"},
		{3, 3, "pdb44+reflect"},
		{3, 3, "pdb:1-2/3-5/6-8+zero|pdb44+zero+reflect"},
	} {
		specs, err := tilesPlanTables(c.rows, c.cols, c.name)
		if err != nil {
			t.Fatal(err)
		}
		var tables []*pdb.Table
		for _, s := range specs {
			tb, err := s.Build(nil)
			if err != nil {
				t.Fatal(err)
			}
			tables = append(tables, tb)
		}
		mem := newMemTables(tables...)
		h, err := LoadTilesHeuristic(mem, c.rows, c.cols, c.name)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, s := range specs {
			if n := mem.loads[s.FileName()]; n != 1 {
				t.Errorf("%s: %s loaded %d times, want once", c.name, s.FileName(), n)
			}
		}
		checkAgainstBFS(t, h, c.rows, c.cols, false)
	}
}

// TestTilesHeuristicSourceErrors: a source's error is returned, and a table
// that is not the one asked for is refused (pdb.ErrMismatch) before use.
func TestTilesHeuristicSourceErrors(t *testing.T) {
	if _, err := LoadTilesHeuristic(newMemTables(), 2, 3, "pdb:1-2/3-5"); err == nil {
		t.Fatal("no tables in memory: no error")
	}
	specs, err := tilesPlanTables(2, 3, "pdb:1-2/3-5")
	if err != nil {
		t.Fatal(err)
	}
	wrong, err := pdb.NewTable(specs[0].Puzzle, specs[0].Pattern, specs[0].Entries/2, specs[0].Width,
		make([]byte, specs[0].Entries/2))
	if err != nil {
		t.Fatal(err)
	}
	mem := newMemTables(wrong)
	for _, s := range specs[1:] {
		tb, err := s.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		mem.tables[s.FileName()] = tb
	}
	if _, err := LoadTilesHeuristic(mem, 2, 3, "pdb:1-2/3-5"); !errors.Is(err, pdb.ErrMismatch) {
		t.Fatalf("a table of half the entries: %v, want pdb.ErrMismatch", err)
	}
}
