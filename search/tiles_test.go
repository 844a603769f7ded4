package search

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// envTestTables names the environment variable of a table directory that
// the test binaries of one run share, so that each table is built once (as
// .ci/run arranges). The tests never use $PDBSOLVE_TABLES, the user's own
// cache, but for the measurements a variable asks for (PDBSOLVE_KORF24).
const envTestTables = "PDBSOLVE_TEST_TABLES"

// tilesTestCache returns the table cache the tests use: $PDBSOLVE_TEST_TABLES
// when set, else a temporary directory of this test binary's own, removed
// when it ends (TestMain).
func tilesTestCache(t testing.TB) *pdb.Cache {
	dir := os.Getenv(envTestTables)
	if dir == "" {
		dir = testTablesDir
	}
	return &pdb.Cache{Dir: dir}
}

// tilesMeasureCache returns the cache of a measurement a variable asks for:
// the user's ($PDBSOLVE_TABLES, where the big tables are built once) when
// set, else tilesTestCache's.
func tilesMeasureCache(t testing.TB) *pdb.Cache {
	if userTablesDir != "" {
		return &pdb.Cache{Dir: userTablesDir}
	}
	return tilesTestCache(t)
}

// testTablesDir is the table directory of this test binary when
// $PDBSOLVE_TEST_TABLES is not set.
var testTablesDir string

// userTablesDir is $PDBSOLVE_TABLES as the test binary started; TestMain
// points the variable at testTablesDir, so that no code path the tests
// reach falls back on the user's cache.
var userTablesDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pdbsolve-search-test")
	if err != nil {
		panic(err)
	}
	testTablesDir = dir
	userTablesDir = os.Getenv(pdb.EnvTables)
	os.Setenv(pdb.EnvTables, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

var (
	tilesHeurMu sync.Mutex
	tilesHeurs  = map[string]*TilesHeuristic{}
)

// tilesHeur loads a heuristic once per test binary.
func tilesHeur(t testing.TB, rows, cols int, name string) *TilesHeuristic {
	t.Helper()
	tilesHeurMu.Lock()
	defer tilesHeurMu.Unlock()
	key := fmt.Sprintf("%dx%d %s", rows, cols, name)
	if h, ok := tilesHeurs[key]; ok {
		return h
	}
	h, err := LoadTilesHeuristic(tilesTestCache(t), rows, cols, name)
	if err != nil {
		t.Fatal(err)
	}
	tilesHeurs[key] = h
	return h
}

// tilesSpace is the whole space of a small board: the exact distance to the
// BlankFirst goal of every solvable board, by a breadth-first search over
// permutation ranks (the slow obvious oracle).
type tilesSpace struct {
	rows, cols int
	dist       []uint8 // by rank of the cells of tiles 0..nc-1; 0xff for unreachable boards
}

const tilesUnreached = 0xff

var (
	tilesSpacesMu sync.Mutex
	tilesSpaces   = map[[2]int]*tilesSpace{}
)

func tilesBoardRank(b bitboard.Tiles) uint64 {
	var pos [bitboard.TilesMaxCells]uint8
	for c := range b.Size() {
		pos[b.At(c)] = uint8(c)
	}
	return pdb.TilesRank(pos[:b.Size()], b.Size())
}

func tilesBFSSpace(rows, cols int) *tilesSpace {
	tilesSpacesMu.Lock()
	defer tilesSpacesMu.Unlock()
	if s, ok := tilesSpaces[[2]int{rows, cols}]; ok {
		return s
	}
	// States are ranks of pos, pos[t] the cell of tile t (0 the blank); a
	// move swaps the blank with the tile of a neighbouring cell, computed
	// here from rows and columns, apart from bitboard.
	nc := rows * cols
	s := &tilesSpace{rows: rows, cols: cols, dist: make([]uint8, pdb.TilesEntries(nc, nc))}
	for i := range s.dist {
		s.dist[i] = tilesUnreached
	}
	var pos, tileAt [bitboard.TilesMaxCells]uint8
	for t := range nc {
		pos[t] = uint8(t)
	}
	r0 := pdb.TilesRank(pos[:nc], nc)
	s.dist[r0] = 0
	queue := []uint64{r0}
	for len(queue) > 0 {
		r := queue[0]
		queue = queue[1:]
		pdb.TilesUnrank(r, nc, pos[:nc])
		for t := range nc {
			tileAt[pos[t]] = uint8(t)
		}
		blank := int(pos[0])
		row, col := blank/cols, blank%cols
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r2, c2 := row+d[0], col+d[1]
			if r2 < 0 || r2 >= rows || c2 < 0 || c2 >= cols {
				continue
			}
			to := r2*cols + c2
			t := tileAt[to]
			pos[0], pos[t] = uint8(to), uint8(blank)
			if nr := pdb.TilesRank(pos[:nc], nc); s.dist[nr] == tilesUnreached {
				s.dist[nr] = s.dist[r] + 1
				queue = append(queue, nr)
			}
			pos[0], pos[t] = uint8(blank), uint8(to)
		}
	}
	tilesSpaces[[2]int{rows, cols}] = s
	return s
}

// tilesSmallBoards are the boards checked against a BFS of their whole space,
// with their heuristics: every kind and a few user partitions.
var tilesSmallBoards = []struct {
	rows, cols int
	names      []string
}{
	{2, 2, []string{"manhattan", "linear-conflict", "pdb:1/2/3", "pdb:1/2/3+reflect"}},
	{2, 3, []string{"manhattan", "linear-conflict", "pdb:1-2/3-5", "pdb:1,4/2,5/3"}},
	{3, 2, []string{"manhattan", "linear-conflict", "pdb:1-3/4-5", "pdb:2,5/1,3,4"}},
	{2, 4, []string{"manhattan", "linear-conflict", "pdb:1-3/4-7", "pdb:1,5/2,6/3,7/4", "pdb:1-3/4-7+zero|pdb:1,5/2,6/3,7/4+zero"}},
	{4, 2, []string{"manhattan", "linear-conflict", "pdb:1-4/5-7"}},
	{2, 5, []string{"manhattan", "linear-conflict", "pdb:1-4/5-9", "pdb:1,2,6,7/3-5,8,9"}},
	{5, 2, []string{"manhattan", "linear-conflict", "pdb:1-5/6-9"}},
	{3, 3, []string{"manhattan", "linear-conflict", "exact", "pdb44", "pdb44+reflect", "pdb:1,3,5,7/2,4,6,8+reflect", "pdb:1-2/3-5/6-8",
		"pdb44|pdb:1,3,5,7/2,4,6,8+reflect", "pdb44+zero", "pdb:1-2/3-5/6-8+zero|pdb44+zero+reflect"}},
}

// TestTilesSmallBoardsBFS checks every heuristic of every board up to 2 x 5
// and 3 x 3 against a breadth-first search of the whole space: admissible on
// sampled boards, and optimal solutions from random boards, for both goals.
func TestTilesSmallBoardsBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, bd := range tilesSmallBoards {
		if testing.Short() && bd.rows*bd.cols == 10 && bd.rows == 5 {
			continue // 5 x 2 is 2 x 5 transposed; the short run does one of them
		}
		space := tilesBFSSpace(bd.rows, bd.cols)
		solvable := 0
		for _, d := range space.dist {
			if d != tilesUnreached {
				solvable++
			}
		}
		if want := len(space.dist) / 2; solvable != want {
			t.Fatalf("%dx%d: BFS reached %d boards, want half of %d", bd.rows, bd.cols, solvable, len(space.dist))
		}
		for _, name := range bd.names {
			h := tilesHeur(t, bd.rows, bd.cols, name)
			for range 3000 {
				b := bitboard.RandomTiles(rng, bd.rows, bd.cols, bitboard.BlankFirst)
				if d := int(space.dist[tilesBoardRank(b)]); h.Eval(b) > d {
					t.Fatalf("%dx%d %s: h(%v) = %d above the distance %d", bd.rows, bd.cols, name, b, h.Eval(b), d)
				}
			}
			s := NewTilesSolver(h)
			for i := range 30 {
				g := bitboard.Goal(i % 2)
				b := bitboard.RandomTiles(rng, bd.rows, bd.cols, g)
				if !b.Solvable(g) {
					t.Fatalf("%dx%d: RandomTiles gave an unsolvable board %v", bd.rows, bd.cols, b)
				}
				moves, st, err := s.Solve(b, g, Limits{})
				if err != nil {
					t.Fatalf("%dx%d %s: %v: %v", bd.rows, bd.cols, name, b, err)
				}
				checkTilesSolution(t, b, g, moves)
				if want := int(space.dist[tilesBoardRank(b.Canonical(g))]); len(moves) != want || st.Bound != want {
					t.Fatalf("%dx%d %s: %v (%v): %d moves (bound %d), BFS says %d", bd.rows, bd.cols, name, b, g,
						len(moves), st.Bound, want)
				}
			}
		}
		// Unsolvable boards are told apart by the parity rule.
		for range 200 {
			b := bitboard.RandomTiles(rng, bd.rows, bd.cols, bitboard.BlankFirst)
			cells := make([]int, b.Size())
			for c := range cells {
				cells[c] = b.At(c)
			}
			i, j := 0, 1
			if cells[i] == 0 {
				i = 2
			} else if cells[j] == 0 {
				j = 2
			}
			cells[i], cells[j] = cells[j], cells[i]
			u, _ := bitboard.NewTiles(bd.rows, bd.cols, cells)
			if space.dist[tilesBoardRank(u)] != tilesUnreached {
				t.Fatalf("%dx%d: swapping two tiles of %v left it reachable", bd.rows, bd.cols, b)
			}
			s := NewTilesSolver(tilesHeur(t, bd.rows, bd.cols, "manhattan"))
			if _, _, err := s.Solve(u, bitboard.BlankFirst, Limits{}); !errors.Is(err, ErrUnsolvable) {
				t.Fatalf("%dx%d: unreachable %v: %v", bd.rows, bd.cols, u, err)
			}
		}
	}
}

// tilesSlowManhattan is the slow obvious oracle for larger boards: IDA* over
// bitboard.Tiles values with the Manhattan distance computed from scratch
// at every node. It returns the optimal length.
func tilesSlowManhattan(b bitboard.Tiles) int {
	man := func(b bitboard.Tiles) int {
		s := 0
		for c := range b.Size() {
			if t := b.At(c); t != 0 {
				s += bitboard.TilesDistance(b.Cols(), t, c)
			}
		}
		return s
	}
	var dfs func(b bitboard.Tiles, g, bound int, prev bitboard.TilesMove, next *int) bool
	dfs = func(b bitboard.Tiles, g, bound int, prev bitboard.TilesMove, next *int) bool {
		h := man(b)
		if g+h > bound {
			*next = min(*next, g+h)
			return false
		}
		if h == 0 {
			return true
		}
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			if prev < bitboard.TilesMoves && m == prev.Inverse() {
				continue
			}
			if nb, ok := b.Move(m); ok && dfs(nb, g+1, bound, m, next) {
				return true
			}
		}
		return false
	}
	for bound := man(b); ; {
		next := tilesInfinity
		if dfs(b, 0, bound, bitboard.TilesMoves, &next) {
			return bound
		}
		bound = next
	}
}

// tilesWalkBoards lists larger boards with heuristics to check against the
// slow Manhattan IDA* on random walks, and the walk length.
var tilesWalkBoards = []struct {
	rows, cols, walk int
	names            []string
}{
	{3, 4, 40, []string{"manhattan", "linear-conflict", "pdb:1-6/7-11", "pdb:1,4,5,8,9/2,3,6,7,10,11",
		"pdb:1-6/7-11|pdb:1,4,5,8,9/2,3,6,7,10,11", "pdb:1-6/7-11+zero", "pdb:1-3/4-6/7-9/10-11+zero|pdb:1,4,5,8,9/2,3,6,7,10,11+zero"}},
	{4, 3, 40, []string{"manhattan", "pdb:1-5/6-11", "pdb:1-5/6-11+zero"}},
	{4, 4, 36, []string{"manhattan", "linear-conflict", "pdb555", "pdb555+reflect", "pdb663", "pdb663+reflect",
		"pdb:1-4/5-8/9-12/13-15+reflect", "pdb663+reflect|pdb555+reflect|pdb:1-4/5-8/9-12/13-15",
		"pdb555+zero+reflect", "pdb663+zero+reflect|pdb555+zero+reflect"}},
	{4, 5, 30, []string{"manhattan", "linear-conflict", DefaultTilesHeuristic(4, 5)}},
	{5, 5, 30, []string{"manhattan", "linear-conflict", "pdb:1-4/5-8/9-12/13-16/17-20/21-24+reflect",
		"pdb:1,2,5,6/3,4,8,9/7,12,13/10,11,15,16/20,21,22/14,19,24/17,18,23"}},
}

// TestTilesWalksAgainstManhattan solves random walks on 3 x 4, 4 x 4, 4 x 5
// and 5 x 5 with every listed heuristic and checks the lengths against the
// slow Manhattan IDA*, and the heuristics' values on the way against the
// optimal lengths.
func TestTilesWalksAgainstManhattan(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, bd := range tilesWalkBoards {
		boards := 8
		if testing.Short() {
			boards = 3
		}
		for i := range boards {
			g := bitboard.Goal(i % 2)
			b := bitboard.RandomWalkTiles(rng, bd.rows, bd.cols, g, bd.walk-i%3)
			want := tilesSlowManhattan(b.Canonical(g))
			for _, name := range bd.names {
				h := tilesHeur(t, bd.rows, bd.cols, name)
				if v := h.Eval(b.Canonical(g)); v > want {
					t.Fatalf("%dx%d %s: h(%v) = %d above the optimal %d", bd.rows, bd.cols, name, b, v, want)
				}
				moves, st, err := NewTilesSolver(h).Solve(b, g, Limits{})
				if err != nil {
					t.Fatalf("%dx%d %s: %v", bd.rows, bd.cols, name, err)
				}
				checkTilesSolution(t, b, g, moves)
				if len(moves) != want || st.Bound != want {
					t.Fatalf("%dx%d %s: %v (%v): %d moves, the Manhattan IDA* %d", bd.rows, bd.cols, name, b, g, len(moves), want)
				}
			}
		}
		// Admissible along longer walks too (h <= walk length).
		for _, name := range bd.names {
			h := tilesHeur(t, bd.rows, bd.cols, name)
			for k := range 500 {
				walk := k % 80
				b := bitboard.RandomWalkTiles(rng, bd.rows, bd.cols, bitboard.BlankFirst, walk)
				if v := h.Eval(b); v > walk {
					t.Fatalf("%dx%d %s: h(%v) = %d after a walk of %d", bd.rows, bd.cols, name, b, v, walk)
				}
			}
		}
	}
}

// tilesSlowIteration is one IDA* iteration done the slow obvious way, over
// bitboard.Tiles values with the heuristic evaluated from scratch at every
// node, counting and pruning as the kernels must (first the direct lookup,
// then the reflected one); moves are tried in a's order and cut where a's
// state has no transition (tilesPruneStep) or allows no string of the
// moves left to the bound after the child (tilesPruneAllows, with memo).
func tilesSlowIteration(h *TilesHeuristic, a *TilesPrune, b bitboard.Tiles, g, bound int, state uint32, it *tilesIteration,
	path []uint8, memo map[[2]uint32]bool, ordered bool) bool {
	_, hb := h.evalSplit(b)
	if hb == 0 {
		it.found, it.path = true, slices.Clone(path)
		return true
	}
	it.expanded++
	var waiting []bitboard.TilesMove // ordered, where the bound leaves room: children whose h does not fall
	for _, m := range a.order {
		next, ok := tilesPruneStep(a, state, m)
		if !ok || !tilesPruneAllows(a, next, bound-g-1, memo) {
			continue
		}
		nb, ok := b.Move(m)
		if !ok {
			continue
		}
		it.generated++
		first, full := h.evalSplit(nb)
		if f := g + 1 + first; f > bound {
			it.nextBound = min(it.nextBound, f)
			continue
		}
		if f := g + 1 + full; f > bound {
			it.nextBound = min(it.nextBound, f)
			continue
		}
		if ordered && tilesOrderRoom(bound, g, hb) && full >= hb {
			waiting = append(waiting, m)
			continue
		}
		if tilesSlowIteration(h, a, nb, g+1, bound, next, it, append(path, uint8(m)), memo, ordered) {
			return true
		}
	}
	for _, m := range waiting {
		next, _ := tilesPruneStep(a, state, m)
		nb, _ := b.Move(m)
		if tilesSlowIteration(h, a, nb, g+1, bound, next, it, append(path, uint8(m)), memo, ordered) {
			return true
		}
	}
	return false
}

// TestTilesKernelMatchesSlow runs every kernel iteration by iteration beside
// the slow iteration, which evaluates the heuristic from scratch at every
// node: the incremental heuristic must make the same pruning decisions
// everywhere, hence the same counts, next bound and solution; and the
// kernel's board and heuristic must be restored after a full iteration.
func TestTilesKernelMatchesSlow(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cases := []struct {
		rows, cols, walk int
		name             string
	}{
		{3, 3, 40, "manhattan"}, {3, 3, 40, "linear-conflict"}, {3, 3, 40, "exact"}, {3, 3, 40, "pdb44+reflect"},
		{2, 5, 40, "pdb:1,2,6,7/3-5,8,9"}, {3, 4, 30, "linear-conflict"}, {3, 4, 30, "pdb:1-6/7-11"},
		{4, 4, 30, "pdb663+reflect"}, {4, 4, 30, "pdb555"}, {4, 4, 30, "linear-conflict"},
		{3, 3, 40, "pdb:1-2/3-5/6-8|pdb44+reflect|pdb:1,2,3/4,5,6/7,8"}, {3, 4, 30, "pdb:1-6/7-11|pdb:1,4,5,8,9/2,3,6,7,10,11"},
		{4, 4, 30, "pdb663+reflect|pdb555+reflect|pdb:1-4/5-8/9-12/13-15"},
		{4, 4, 30, "pdb663+reflect|pdb:1,2,4,5,8,9/3,6,7,10,11,15/12-14|pdb555"},
		{3, 3, 40, "pdb44+zero+reflect"}, {3, 4, 30, "pdb:1-3/4-6/7-9/10-11+zero|pdb:1,4,5,8,9/2,3,6,7,10,11+zero"},
		{4, 4, 30, "pdb663+zero+reflect|pdb555+zero+reflect|pdb663"},
		{3, 3, 40, "pdb44+zero+reflect+bits"}, {4, 4, 30, "pdb555+zero+reflect+bits|pdb:1-4/5-8/9-12/13-15+zero+bits"},
		{2, 12, 24, "linear-conflict"}, {4, 5, 24, DefaultTilesHeuristic(4, 5)},
		{5, 5, 24, "pdb:1-4/5-8/9-12/13-16/17-20/21-24+reflect"}, {5, 5, 24, "linear-conflict"},
	}
	var b bitboard.Tiles
	for i, c := range cases {
		h := tilesHeur(t, c.rows, c.cols, c.name)
		a := tilesTestPrune(t, c.rows, c.cols, TilesPruning(i%2))
		k := newTilesKernel(h).withPrune(a)
		for j := range 4 {
			k.ordered = j%2 == 1 // the same board in both orders
			if j%2 == 0 {
				b = bitboard.RandomWalkTiles(rng, c.rows, c.cols, bitboard.BlankFirst, c.walk)
			}
			k.load(b)
			if want := h.Eval(b); k.heur != want {
				t.Fatalf("%dx%d %s: loaded h %d, from scratch %d", c.rows, c.cols, c.name, k.heur, want)
			}
			for bound := k.heur; ; {
				ctl := &tilesControl{}
				ctl.best.Store(tilesNoBest)
				k.begin(ctl, bound)
				k.load(b)
				g0, e0 := k.generated, k.expanded
				found := k.search(0, bound, a.roots[b.BlankCell()])
				slow := tilesIteration{nextBound: tilesInfinity}
				tilesSlowIteration(h, a, b, 0, bound, a.roots[b.BlankCell()], &slow, nil, map[[2]uint32]bool{}, k.ordered)
				if found != slow.found || k.generated-g0 != slow.generated || k.expanded-e0 != slow.expanded ||
					(!found && k.nextBound != slow.nextBound) {
					t.Fatalf("%dx%d %s: %v bound %d ordered %v: kernel found %v, %d generated, %d expanded, next %d; slow %v, %d, %d, %d",
						c.rows, c.cols, c.name, b, bound, k.ordered, found, k.generated-g0, k.expanded-e0, k.nextBound,
						slow.found, slow.generated, slow.expanded, slow.nextBound)
				}
				if found {
					if !slices.Equal(k.path[:k.solution], slow.path) {
						t.Fatalf("%dx%d %s: kernel path %v, slow %v", c.rows, c.cols, c.name, k.path[:k.solution], slow.path)
					}
					break
				}
				for cell := range b.Size() {
					if int(k.cells[cell]) != b.At(cell) {
						t.Fatalf("%dx%d %s: board not restored at cell %d", c.rows, c.cols, c.name, cell)
					}
				}
				if k.heur != h.Eval(b) && h.kind != tilesManhattan {
					t.Fatalf("%dx%d %s: heuristic not restored: %d, want %d", c.rows, c.cols, c.name, k.heur, h.Eval(b))
				}
				bound = slow.nextBound
			}
		}
	}
}

// TestTilesParallelAgrees checks that 2, 3 and 5 workers give the answer and
// node counts of one worker, in either successor order.
func TestTilesParallelAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	cases := []struct {
		rows, cols, walk int
		name             string
	}{
		{3, 3, 60, "manhattan"}, {4, 4, 50, "pdb663+reflect"}, {4, 4, 45, "linear-conflict"},
		{3, 4, 60, "pdb:1-6/7-11"}, {5, 5, 34, "pdb:1-4/5-8/9-12/13-16/17-20/21-24+reflect"},
		{4, 4, 50, "pdb663+reflect|pdb555+reflect"}, {4, 4, 50, "pdb555+zero+reflect|pdb663"},
		{4, 4, 50, "pdb555+zero+reflect+bits"},
	}
	for ci, c := range cases {
		h := tilesHeur(t, c.rows, c.cols, c.name)
		one := NewTilesSolver(h)
		order := TilesOrder(ci % 2) // fixed and falling in turn: the split walk orders as the kernels do
		one.SetOrder(order)
		for i := range 4 {
			g := bitboard.Goal(i % 2)
			b := bitboard.RandomWalkTiles(rng, c.rows, c.cols, g, c.walk+i)
			m1, st1, err := one.Solve(b, g, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range []int{2, 3, 5} {
				s := NewTilesSolver(h)
				s.SetWorkers(w)
				s.SetOrder(order)
				s.parallelMin = 0
				var bounds []int
				mw, stw, err := s.Solve(b, g, Limits{Progress: func(p Progress) { bounds = append(bounds, p.Bound) }})
				if err != nil {
					t.Fatal(err)
				}
				if string(mw) != string(m1) || stw.Generated != st1.Generated || stw.Expanded != st1.Expanded ||
					stw.Iterations != st1.Iterations || stw.Bound != st1.Bound {
					t.Fatalf("%dx%d %s %v: 1 worker %s %+v; %d workers %s %+v", c.rows, c.cols, c.name, b, m1, st1, w, mw, stw)
				}
				if len(bounds) != st1.Iterations-1 || (len(bounds) > 0 && bounds[0] != st1.RootH) {
					t.Fatalf("%dx%d %s: progress reported bounds %v for %d iterations from %d", c.rows, c.cols, c.name,
						bounds, st1.Iterations, st1.RootH)
				}
			}
		}
	}
}

// checkTilesSolution checks that moves take b to the goal.
func checkTilesSolution(t *testing.T, b bitboard.Tiles, g bitboard.Goal, moves []byte) {
	t.Helper()
	end, err := b.Apply(string(moves))
	if err != nil || !end.IsGoal(g) {
		t.Fatalf("%v: moves %s end at %v (%v), not the %v goal", b, moves, end, err, g)
	}
}

// tilesKorf reads Korf's 100 instances from data/korf100.txt.
func tilesKorf(t testing.TB) []bitboard.Tiles { return tilesDataFile(t, "korf100.txt", 4, 100) }

// tilesDataFile reads the want side x side boards of the repository's
// data/NAME, one a line.
func tilesDataFile(t testing.TB, name string, side, want int) []bitboard.Tiles {
	path := filepath.Join("..", "data", name)
	var out []bitboard.Tiles
	for n, line := range dataLines(t, path) {
		b, err := bitboard.ParseTiles(strings.Fields(line), side, side)
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, b)
	}
	if len(out) != want {
		t.Fatalf("%s: %d boards, want %d", path, len(out), want)
	}
	return out
}

// dataLines reads the file at path and yields its lines that are neither
// blank nor '#' comments, trimmed, with their numbers (from 1).
func dataLines(t testing.TB, path string) iter.Seq2[int, string] {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return func(yield func(int, string) bool) {
		for i, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" && line[0] != '#' && !yield(i+1, line) {
				return
			}
		}
	}
}

// tilesKorfFast lists the ten Korf instances (0-based index: optimal length,
// as published by Korf 1985) that pdb663+reflect solves with the fewest
// nodes, so that even pdb555 solves them in well under a second each.
var tilesKorfFast = map[int]int{96: 44, 46: 47, 92: 46, 41: 42, 8: 46, 18: 46, 54: 41, 78: 42, 93: 53, 72: 49}

// TestTilesKorfSubset solves a fast subset of Korf's 100 with pdb663+reflect,
// the weaker pdb555 and the 555 partition spelled by hand, on 1 and 2
// workers: all must find the published optimal lengths.
func TestTilesKorfSubset(t *testing.T) {
	korf := tilesKorf(t)
	names := []string{"pdb663+reflect", "pdb555", "pdb:1,2,4,5,8/3,6,7,10,11/9,12-15"}
	for _, name := range names {
		for _, w := range []int{1, 2} {
			s := NewTilesSolver(tilesHeur(t, 4, 4, name))
			s.SetWorkers(w)
			s.parallelMin = 0
			for i, want := range tilesKorfFast {
				moves, _, err := s.Solve(korf[i], bitboard.BlankFirst, Limits{})
				if err != nil {
					t.Fatal(err)
				}
				checkTilesSolution(t, korf[i], bitboard.BlankFirst, moves)
				if len(moves) != want {
					t.Fatalf("Korf #%d: %s on %d workers: %d moves, published %d", i+1, name, w, len(moves), want)
				}
			}
		}
	}
}

// TestLongTilesSevenTilePattern solves a few Korf instances with the user
// partition 1-7/8-11/12-15, whose 7-tile table is the one of pdb78 (built in
// a minute or less when missing): they must have their published lengths.
// Long suite only (the build is about 25 s of CPU).
func TestLongTilesSevenTilePattern(t *testing.T) {
	skipUnlessLong(t)
	korf := tilesKorf(t)
	s := NewTilesSolver(tilesHeur(t, 4, 4, "pdb:1-7/8-11/12-15+reflect"))
	for _, i := range []int{96, 46, 92, 41, 54} {
		moves, _, err := s.Solve(korf[i], bitboard.BlankFirst, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		checkTilesSolution(t, korf[i], bitboard.BlankFirst, moves)
		if len(moves) != tilesKorfFast[i] {
			t.Fatalf("Korf #%d: %d moves, published %d", i+1, len(moves), tilesKorfFast[i])
		}
	}
}

// TestTilesPresetEqualsSpelled checks that a preset and the same partition
// spelled by hand load the same table files and give the same values.
func TestTilesPresetEqualsSpelled(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, c := range []struct {
		rows, cols      int
		preset, spelled string
	}{
		{4, 4, "pdb663+reflect", "pdb:12-14/3,6,7,10,11,15/1,2,4,5,8,9+reflect"},
		{4, 4, "pdb555", "pdb:9,12,13,14,15/1,2,4,5,8/3,6-7,10-11"},
		{3, 3, "pdb44+reflect", "pdb:5-8/1-4+reflect"},
	} {
		a, b := tilesHeur(t, c.rows, c.cols, c.preset), tilesHeur(t, c.rows, c.cols, c.spelled)
		var fa, fb []string
		for _, l := range a.lookups {
			fa = append(fa, l.Spec.FileName())
		}
		for _, l := range b.lookups {
			fb = append(fb, l.Spec.FileName())
		}
		slices.Sort(fa)
		slices.Sort(fb)
		if !slices.Equal(fa, fb) {
			t.Fatalf("%s loads %v, %s loads %v", c.preset, fa, c.spelled, fb)
		}
		for range 2000 {
			board := bitboard.RandomTiles(rng, c.rows, c.cols, bitboard.BlankFirst)
			if a.Eval(board) != b.Eval(board) {
				t.Fatalf("%v: %s gives %d, %s %d", board, c.preset, a.Eval(board), c.spelled, b.Eval(board))
			}
		}
	}
}

// TestTilesSolveAOJSamples solves the AOJ samples for the blank-last goal:
// the 3 x 3 one with its default, the 4 x 4 one with pdb663+reflect, not
// the 4 x 4 default, whose 7-tile tables take about a minute of CPU to
// build (TestLongTiles80MovesDefault and TestLongTilesKorfDefault solve
// with it).
func TestTilesSolveAOJSamples(t *testing.T) {
	for _, c := range []struct {
		n     int
		heur  string
		board string
		want  int
	}{{3, DefaultTilesHeuristic(3, 3), "1 3 0 4 2 5 7 8 6", 4}, {4, "pdb663+reflect", "1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15", 8}} {
		b, err := bitboard.ParseTiles(strings.Fields(c.board), c.n, c.n)
		if err != nil {
			t.Fatal(err)
		}
		s := NewTilesSolver(tilesHeur(t, c.n, c.n, c.heur))
		moves, _, err := s.Solve(b, bitboard.BlankLast, Limits{})
		if err != nil || len(moves) != c.want {
			t.Fatalf("%s: %q, %v; want %d moves", c.board, moves, err, c.want)
		}
		checkTilesSolution(t, b, bitboard.BlankLast, moves)
	}
}

func TestTilesSolveErrors(t *testing.T) {
	s := NewTilesSolver(tilesHeur(t, 4, 4, "manhattan"))
	goal := bitboard.GoalTiles(4, 4, bitboard.BlankFirst)
	two, _ := goal.Apply("RD")
	swapped, _ := bitboard.ParseTiles(strings.Fields("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"), 4, 4)
	if _, _, err := s.Solve(swapped, bitboard.BlankFirst, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Fatalf("unsolvable board: %v", err)
	}
	if moves, st, err := s.Solve(goal, bitboard.BlankFirst, Limits{}); err != nil || len(moves) != 0 || st.RootH != 0 {
		t.Fatalf("goal: %q %+v %v", moves, st, err)
	}
	if moves, _, err := s.Solve(two, bitboard.BlankFirst, Limits{}); err != nil || string(moves) != "UL" {
		t.Fatalf("two moves: %q %v", moves, err)
	}
	korf := tilesKorf(t)
	_, st, err := s.Solve(korf[0], bitboard.BlankFirst, Limits{MaxNodes: 100000})
	if !errors.Is(err, ErrLimit) || st.Generated < 100000 || st.Generated > 100000+bitboard.TilesMoves {
		t.Fatalf("node limit: %v after %d nodes", err, st.Generated)
	}
	if st.Bound < st.RootH || st.Bound > 57 {
		t.Fatalf("node limit: lower bound %d, h0 %d, optimal 57", st.Bound, st.RootH)
	}
	s.SetWorkers(2)
	_, st, err = s.Solve(korf[0], bitboard.BlankFirst, Limits{MaxNodes: 1000000})
	if !errors.Is(err, ErrLimit) || st.Generated < 1000000 || st.Generated > 1000000+2*checkEvery+100000 {
		t.Fatalf("node limit, 2 workers: %v after %d nodes", err, st.Generated)
	}
	start := time.Now()
	_, _, err = s.Solve(korf[0], bitboard.BlankFirst, Limits{Timeout: 50 * time.Millisecond})
	if !errors.Is(err, ErrLimit) || time.Since(start) > 5*time.Second {
		t.Fatalf("timeout: %v after %v", err, time.Since(start))
	}
	b3 := bitboard.GoalTiles(3, 3, bitboard.BlankFirst)
	if _, _, err := s.Solve(b3, bitboard.BlankFirst, Limits{}); !errors.Is(err, ErrTilesBoard) {
		t.Fatalf("size mismatch: %v", err)
	}
	for _, c := range []struct {
		rows, cols int
		name, want string
	}{
		{4, 4, "pdb99", "pdb99"},
		{4, 4, "exact", "3x3"},
		{3, 4, "pdb:1-6/7-11+reflect", "square"},
		{3, 4, "manhattan+reflect", "pattern databases"},
		{4, 4, "pdb:1-7/8-14", "15"},
		{4, 4, "pdb:1-7/7-15", "7"},
		{4, 4, "pdb:1-7/8-16", "16"},
		{6, 5, "manhattan", "6x5"},
	} {
		_, err := LoadTilesHeuristic(nil, c.rows, c.cols, c.name)
		if !errors.Is(err, ErrTilesHeuristic) || !strings.Contains(err.Error(), c.want) {
			t.Fatalf("%dx%d %q: %v; want ErrTilesHeuristic naming %q", c.rows, c.cols, c.name, err, c.want)
		}
	}
	if _, err := LoadTilesHeuristic(nil, 4, 4, "pdb663"); !errors.Is(err, ErrTilesNoCache) {
		t.Fatalf("no cache: %v", err)
	}
}

// TestTilesHeuristicNames loads every listed name of the small boards and
// checks the defaults load.
func TestTilesHeuristicNames(t *testing.T) {
	for _, rc := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}} {
		for _, name := range append(TilesHeuristicNames(rc[0], rc[1]), DefaultTilesHeuristic(rc[0], rc[1])) {
			tilesHeur(t, rc[0], rc[1], name)
		}
	}
	if !slices.Contains(TilesHeuristicNames(5, 5), "pdb6666+reflect") ||
		!slices.Contains(TilesHeuristicNames(4, 4), "pdb78+reflect") ||
		slices.Contains(TilesHeuristicNames(4, 4), "exact") {
		t.Fatalf("names: 5x5 %v, 4x4 %v", TilesHeuristicNames(5, 5), TilesHeuristicNames(4, 4))
	}
}

// tilesKorfLengthSum is the sum of the optimal lengths of Korf's 100
// (published mean 53.05).
const tilesKorfLengthSum = 5305

// tilesKorfManhattan30 lists the 30 Korf instances (0-based index: optimal
// length) that manhattan solves with the fewest nodes.
var tilesKorfManhattan30 = map[int]int{1: 55, 4: 56, 8: 46, 11: 45, 18: 46, 22: 49, 27: 52, 29: 47, 30: 50,
	41: 42, 44: 51, 46: 47, 47: 49, 54: 41, 56: 50, 57: 51, 60: 45, 70: 44, 72: 49, 73: 56, 77: 53, 78: 42,
	84: 44, 85: 45, 89: 50, 92: 46, 93: 53, 94: 50, 95: 49, 96: 44}

// benchTilesKorf solves the Korf instances listed in which (all 100 when
// nil) with heuristic name on one goroutine and reports nodes generated per
// second and per solve.
func benchTilesKorf(b *testing.B, name string, which map[int]int) {
	benchTilesKorfWith(b, tilesHeur(b, 4, 4, name), which)
}

// benchTilesKorfWith is benchTilesKorf with a loaded heuristic.
func benchTilesKorfWith(b *testing.B, h *TilesHeuristic, which map[int]int) {
	korf := tilesKorf(b)
	s := NewTilesSolver(h)
	var boards []bitboard.Tiles
	for i, board := range korf {
		if which == nil {
			boards = append(boards, board)
		} else if _, ok := which[i]; ok {
			boards = append(boards, board)
		}
	}
	var gen uint64
	b.ResetTimer()
	cpu0 := tilesCPUTime()
	for b.Loop() {
		gen = 0
		for _, board := range boards {
			_, st, err := s.Solve(board, bitboard.BlankFirst, Limits{})
			if err != nil {
				b.Fatal(err)
			}
			gen += st.Generated
		}
	}
	cpu := tilesCPUTime() - cpu0
	b.ReportMetric(float64(gen)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
	b.ReportMetric(float64(gen)*float64(b.N)/cpu.Seconds()/1e6, "Mnodes/cpu-s")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(gen), "generated/op")
}

// tilesCPUTime returns the CPU time of the process so far: on the shared
// machine wall time varies 2-5x with the other processes' load, CPU time much
// less.
func tilesCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkTilesKorf663 solves Korf's 100 with pdb663+reflect.
func BenchmarkTilesKorf663(b *testing.B) { benchTilesKorf(b, "pdb663+reflect", nil) }

// BenchmarkTilesKorf663Catalogue solves Korf's 100 with pdb663+reflect run
// by the catalogue kernel (two views), to compare with the specialised one.
func BenchmarkTilesKorf663Catalogue(b *testing.B) {
	benchTilesKorfWith(b, tilesAsCatalogue(b, 4, 4, "pdb663+reflect"), nil)
}

// tilesAsCatalogue loads the heuristic name as a catalogue, so that the
// catalogue kernel runs a partition the specialised kernels run otherwise.
func tilesAsCatalogue(t testing.TB, rows, cols int, name string) *TilesHeuristic {
	t.Helper()
	p, err := PlanTilesHeuristic(rows, cols, name)
	if err != nil {
		t.Fatal(err)
	}
	plan, lookups := p.plan, p.lookups
	var flat []pdb.TilesLookup
	for _, ls := range lookups {
		flat = append(flat, ls...)
	}
	loaded, err := tilesLoadTables(tilesTestCache(t), flat)
	if err != nil {
		t.Fatal(err)
	}
	tables := make([][]*pdb.Table, len(lookups))
	for i, ls := range lookups {
		tables[i], loaded = loaded[:len(ls)], loaded[len(ls):]
	}
	h := newTilesHeuristic(rows, cols, name)
	if err := h.setCatalogue(plan, lookups, tables); err != nil {
		t.Fatal(err)
	}
	return h
}

// BenchmarkTilesKorf555Zero solves the 30 Korf instances easiest for
// manhattan with pdb555+zero+reflect: the catalogue kernel on zero-aware
// byte tables (dfsCatalogue), its tables small enough to stay in cache, so
// that it measures the kernel's arithmetic more than the memory's latency.
func BenchmarkTilesKorf555Zero(b *testing.B) {
	benchTilesKorf(b, "pdb555+zero+reflect", tilesKorfManhattan30)
}

// BenchmarkTilesKorf555ZeroBits is BenchmarkTilesKorf555Zero with the
// tables at one bit an entry (dfsCatalogueBits).
func BenchmarkTilesKorf555ZeroBits(b *testing.B) {
	benchTilesKorf(b, "pdb555+zero+reflect+bits", tilesKorfManhattan30)
}

// BenchmarkTilesKorfManhattan solves the 30 Korf instances easiest for
// manhattan with manhattan.
func BenchmarkTilesKorfManhattan(b *testing.B) { benchTilesKorf(b, "manhattan", tilesKorfManhattan30) }

// BenchmarkTilesKorfLinearConflict solves the same 30 instances with
// linear-conflict.
func BenchmarkTilesKorfLinearConflict(b *testing.B) {
	benchTilesKorf(b, "linear-conflict", tilesKorfManhattan30)
}

// BenchmarkTilesKorf78 solves Korf's 100 with pdb78+reflect. It needs the
// 7-8 tables, so it runs only with PDBSOLVE_LONG=1 (they are built into the
// cache on first use, minutes).
func BenchmarkTilesKorf78(b *testing.B) {
	if os.Getenv("PDBSOLVE_LONG") == "" {
		b.Skip("needs the 7-8 tables: set PDBSOLVE_LONG=1")
	}
	benchTilesKorf(b, "pdb78+reflect", nil)
}

// BenchmarkTilesKorf78Catalogue is BenchmarkTilesKorf78 run by the
// catalogue kernel.
func BenchmarkTilesKorf78Catalogue(b *testing.B) {
	if os.Getenv("PDBSOLVE_LONG") == "" {
		b.Skip("needs the 7-8 tables: set PDBSOLVE_LONG=1")
	}
	benchTilesKorfWith(b, tilesAsCatalogue(b, 4, 4, "pdb78+reflect"), nil)
}

// TestTilesKorf100 solves all of Korf's 100 with each heuristic listed in
// $PDBSOLVE_KORF (separated by semicolons, since user partitions hold commas;
// default pdb663+reflect;pdb78+reflect) and checks that all find the same
// lengths, and the sum Korf (1985) publishes. It takes minutes and the 7-8 tables,
// so it runs only with PDBSOLVE_LONG=1:
//
//	PDBSOLVE_LONG=1 go test ./search -run TestTilesKorf100 -v -timeout 1h
func TestTilesKorf100(t *testing.T) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skip("solves all of Korf's 100 (minutes, 7-8 tables): set PDBSOLVE_LONG=1 to run")
	}
	names := strings.Split(os.Getenv("PDBSOLVE_KORF"), ";")
	if names[0] == "" {
		names = []string{"pdb663+reflect", "pdb78+reflect"}
	}
	korf := tilesKorf(t)
	var first []int
	for _, name := range names {
		s := NewTilesSolver(tilesHeur(t, 4, 4, name))
		var total Stats
		var lengths []int
		for i, b := range korf {
			moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{})
			if err != nil {
				t.Fatalf("%s: Korf #%d: %v", name, i+1, err)
			}
			checkTilesSolution(t, b, bitboard.BlankFirst, moves)
			lengths = append(lengths, len(moves))
			total.Add(st)
		}
		t.Logf("%s: total %d generated (mean %d), %d expanded, %v", name, total.Generated, total.Generated/100,
			total.Expanded, total.Elapsed)
		sum := 0
		for _, l := range lengths {
			sum += l
		}
		if sum != tilesKorfLengthSum {
			t.Errorf("%s: the lengths sum to %d; Korf's 100 have a mean optimal length of 53.05", name, sum)
		}
		if first == nil {
			first = lengths
		}
		for i := range lengths {
			if lengths[i] != first[i] {
				t.Errorf("Korf #%d: %s finds %d moves, %s %d", i+1, name, lengths[i], names[0], first[i])
			}
		}
	}
}

// TestTilesUnknownSuggestsSmallTables: the error for an unknown heuristic
// suggests a partition of the board at hand that is a heuristic of it and
// whose tables are small: every pattern's table, cells!/(cells-k)! entries
// for k tiles, at most 8 Mi entries (the 5x5 suggestion once had a
// 20-tile pattern, 1.1 TiB of table).
func TestTilesUnknownSuggestsSmallTables(t *testing.T) {
	for _, b := range [][2]int{{2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {4, 5}, {5, 5}} {
		rows, cols := b[0], b[1]
		_, err := PlanTilesHeuristic(rows, cols, "bogus")
		msg := fmt.Sprint(err)
		_, rest, ok := strings.Cut(msg, "such as ")
		example, _, _ := strings.Cut(rest, ";")
		if !errors.Is(err, ErrTilesHeuristic) || !ok || !strings.HasPrefix(example, "pdb:") {
			t.Fatalf("%dx%d: %v: no example partition", rows, cols, err)
		}
		if _, err := PlanTilesHeuristic(rows, cols, example); err != nil {
			t.Fatalf("%dx%d: the example %s: %v", rows, cols, example, err)
		}
		cells := rows * cols
		for _, pat := range strings.Split(strings.TrimPrefix(example, "pdb:"), "/") {
			k := 0
			for _, f := range strings.Split(pat, ",") {
				lo, hi, isRange := strings.Cut(f, "-")
				var a, z int
				fmt.Sscan(lo, &a)
				z = a
				if isRange {
					fmt.Sscan(hi, &z)
				}
				k += z - a + 1
			}
			entries := 1
			for i := range k {
				entries *= cells - i
			}
			if entries > 8<<20 {
				t.Errorf("%dx%d: the example %s has pattern %s of %d tiles: %d entries", rows, cols, example, pat, k, entries)
			}
		}
	}
}
