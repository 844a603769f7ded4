package search

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// tilesTestCache returns the table cache the tests use: $PDBSOLVE_TABLES
// when set, else a directory under the system temp dir that persists
// between runs (tables are checked on every load and rebuilt if damaged).
func tilesTestCache(t testing.TB) *pdb.Cache {
	dir := os.Getenv(pdb.EnvTables)
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "pdbsolve-test-tables")
	}
	return &pdb.Cache{Dir: dir}
}

var (
	tilesHeurMu sync.Mutex
	tilesHeurs  = map[string]*TilesHeuristic{}
)

// tilesHeur loads a heuristic once per test binary.
func tilesHeur(t testing.TB, n int, name string) *TilesHeuristic {
	tilesHeurMu.Lock()
	defer tilesHeurMu.Unlock()
	key := string(rune('0'+n)) + name
	if h, ok := tilesHeurs[key]; ok {
		return h
	}
	h, err := LoadTileHeuristic(tilesTestCache(t), n, name)
	if err != nil {
		t.Fatal(err)
	}
	tilesHeurs[key] = h
	return h
}

// tilesBFS returns the exact distance to the BlankFirst goal of every
// solvable 3 x 3 board: the slow obvious oracle.
var tilesBFS = sync.OnceValue(func() map[bitboard.Tiles]int {
	goal := bitboard.GoalTiles(3, bitboard.BlankFirst)
	dist := map[bitboard.Tiles]int{goal: 0}
	queue := []bitboard.Tiles{goal}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			if nb, ok := b.Move(m); ok {
				if _, seen := dist[nb]; !seen {
					dist[nb] = dist[b] + 1
					queue = append(queue, nb)
				}
			}
		}
	}
	return dist
})

var tiles3Names = []string{"manhattan", "linear-conflict", "exact", "pdb44", "pdb44+reflect"}
var tiles4Names = []string{"manhattan", "linear-conflict", "pdb555", "pdb555+reflect", "pdb663", "pdb663+reflect"}

// TestTileIncrementalMatchesEval walks the kernel's step and unstep at random
// and checks the incremental heuristic against a from-scratch evaluation.
func TestTileIncrementalMatchesEval(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n, names := range map[int][]string{3: tiles3Names, 4: tiles4Names} {
		for _, name := range names {
			h := tilesHeur(t, n, name)
			s := NewTileSolver(h)
			b := bitboard.RandomTiles(rng, n, bitboard.BlankFirst)
			s.load(b)
			var stack []tilesUndo
			var boards []bitboard.Tiles
			for i := range 3000 {
				if len(stack) > 0 && rng.IntN(3) == 0 {
					s.unstep(&stack[len(stack)-1])
					stack = stack[:len(stack)-1]
					b = boards[len(boards)-1]
					boards = boards[:len(boards)-1]
				} else {
					m := bitboard.TilesMove(rng.IntN(bitboard.TilesMoves))
					nb, ok := b.Move(m)
					if !ok {
						continue
					}
					stack = append(stack, tilesUndo{})
					boards = append(boards, b)
					s.step(m, int(nb.Blank), &stack[len(stack)-1])
					b = nb
				}
				if want := h.Eval(b); s.heur != want {
					t.Fatalf("%s step %d on %v: incremental h %d, from scratch %d", name, i, b, s.heur, want)
				}
				for c := range n * n {
					if int(s.cells[c]) != b.At(c) {
						t.Fatalf("%s step %d: kernel board differs at cell %d", name, i, c)
					}
				}
			}
		}
	}
}

// TestTileHeuristicsAdmissible checks every heuristic against exact distances
// on the 8-puzzle and against random-walk lengths on the 15-puzzle.
func TestTileHeuristicsAdmissible(t *testing.T) {
	dist := tilesBFS()
	if len(dist) != pdb.TilesExactEntries {
		t.Fatalf("BFS reached %d boards", len(dist))
	}
	for _, name := range tiles3Names {
		h := tilesHeur(t, 3, name)
		for b, d := range dist {
			if v := h.Eval(b); v > d {
				t.Fatalf("%s: h(%v) = %d above the distance %d", name, b, v, d)
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, name := range tiles4Names {
		h := tilesHeur(t, 4, name)
		for k := range 2000 {
			walk := k % 60
			b := bitboard.RandomWalkTiles(rng, 4, bitboard.BlankFirst, walk)
			if v := h.Eval(b); v > walk {
				t.Fatalf("%s: h(%v) = %d after a walk of %d", name, b, v, walk)
			}
		}
	}
}

// checkTileSolution checks that moves take b to the goal.
func checkTileSolution(t *testing.T, b bitboard.Tiles, g bitboard.Goal, moves []byte) {
	t.Helper()
	end, err := b.Apply(string(moves))
	if err != nil || !end.IsGoal(g) {
		t.Fatalf("%v: moves %s end at %v (%v), not the %v goal", b, moves, end, err, g)
	}
}

// TestTileSolveOptimal8 compares every heuristic's IDA* lengths with the BFS
// distances on random 8-puzzle boards, for both goal conventions.
func TestTileSolveOptimal8(t *testing.T) {
	dist := tilesBFS()
	rng := rand.New(rand.NewPCG(5, 6))
	for _, name := range tiles3Names {
		s := NewTileSolver(tilesHeur(t, 3, name))
		for i := range 60 {
			g := bitboard.Goal(i % 2)
			b := bitboard.RandomTiles(rng, 3, g)
			moves, st, err := s.Solve(b, g, Limits{})
			if err != nil {
				t.Fatalf("%s: %v: %v", name, b, err)
			}
			checkTileSolution(t, b, g, moves)
			if want := dist[b.Canonical(g)]; len(moves) != want || st.Bound != want {
				t.Fatalf("%s: %v (%v): %d moves (bound %d), BFS says %d", name, b, g, len(moves), st.Bound, want)
			}
			if st.Generated < st.Expanded || st.Iterations < 1 {
				t.Fatalf("%s: odd stats %+v", name, st)
			}
		}
	}
}

// TestTileSolveAgree15 solves 15-puzzle walks with every heuristic: all must
// find the same (optimal) length.
func TestTileSolveAgree15(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	solvers := map[string]*TilesSolver{}
	for _, name := range tiles4Names {
		solvers[name] = NewTileSolver(tilesHeur(t, 4, name))
	}
	for i := range 12 {
		g := bitboard.Goal(i % 2)
		b := bitboard.RandomWalkTiles(rng, 4, g, 30+i)
		want := -1
		for _, name := range tiles4Names {
			moves, _, err := solvers[name].Solve(b, g, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			checkTileSolution(t, b, g, moves)
			if want < 0 {
				want = len(moves)
			} else if len(moves) != want {
				t.Fatalf("%v: %s finds %d moves, %s %d", b, name, len(moves), tiles4Names[0], want)
			}
		}
	}
}

// tilesKorf reads Korf's 100 instances from data/korf100.txt.
func tilesKorf(t testing.TB) []bitboard.Tiles {
	data, err := os.ReadFile(filepath.Join("..", "data", "korf100.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out []bitboard.Tiles
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		b, err := bitboard.ParseTilesText(line, 4)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	if len(out) != 100 {
		t.Fatalf("%d Korf instances", len(out))
	}
	return out
}

// tilesKorfFast lists the ten Korf instances (0-based index: optimal length)
// that pdb663+reflect solves with the fewest nodes, so that even pdb555
// solves them in well under a second each.
var tilesKorfFast = map[int]int{96: 44, 46: 47, 92: 46, 41: 42, 8: 46, 18: 46, 54: 41, 78: 42, 93: 53, 72: 49}

// TestTileKorfSubset solves a fast subset of Korf's 100 with pdb663+reflect
// and the weaker pdb555: both must find the same optimal lengths.
func TestTileKorfSubset(t *testing.T) {
	korf := tilesKorf(t)
	strong := NewTileSolver(tilesHeur(t, 4, "pdb663+reflect"))
	weak := NewTileSolver(tilesHeur(t, 4, "pdb555"))
	for i, want := range tilesKorfFast {
		b := korf[i]
		m1, _, err := strong.Solve(b, bitboard.BlankFirst, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		m2, _, err := weak.Solve(b, bitboard.BlankFirst, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		checkTileSolution(t, b, bitboard.BlankFirst, m1)
		checkTileSolution(t, b, bitboard.BlankFirst, m2)
		if len(m1) != len(m2) || len(m1) != want {
			t.Fatalf("Korf #%d: pdb663+reflect %d moves, pdb555 %d, published %d", i+1, len(m1), len(m2), want)
		}
	}
}

func TestTileSolveAOJSamples(t *testing.T) {
	for _, c := range []struct {
		n     int
		board string
		want  int
	}{{3, "1 3 0 4 2 5 7 8 6", 4}, {4, "1 2 3 4 6 7 8 0 5 10 11 12 9 13 14 15", 8}} {
		b, err := bitboard.ParseTilesText(c.board, c.n)
		if err != nil {
			t.Fatal(err)
		}
		s := NewTileSolver(tilesHeur(t, c.n, DefaultTileHeuristic(c.n)))
		moves, _, err := s.Solve(b, bitboard.BlankLast, Limits{})
		if err != nil || len(moves) != c.want {
			t.Fatalf("%s: %q, %v; want %d moves", c.board, moves, err, c.want)
		}
		checkTileSolution(t, b, bitboard.BlankLast, moves)
	}
}

func TestTileSolveErrors(t *testing.T) {
	s := NewTileSolver(tilesHeur(t, 4, "manhattan"))
	goal := bitboard.GoalTiles(4, bitboard.BlankFirst)
	bad, _ := goal.Apply("RD")
	swapped, _ := bitboard.ParseTilesText("0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15", 4)
	if _, _, err := s.Solve(swapped, bitboard.BlankFirst, Limits{}); !errors.Is(err, ErrUnsolvable) {
		t.Fatalf("unsolvable board: %v", err)
	}
	if moves, st, err := s.Solve(goal, bitboard.BlankFirst, Limits{}); err != nil || len(moves) != 0 || st.RootH != 0 {
		t.Fatalf("goal: %q %+v %v", moves, st, err)
	}
	if moves, _, err := s.Solve(bad, bitboard.BlankFirst, Limits{}); err != nil || string(moves) != "UL" {
		t.Fatalf("two moves: %q %v", moves, err)
	}
	korf := tilesKorf(t)
	_, st, err := s.Solve(korf[0], bitboard.BlankFirst, Limits{MaxNodes: 100000})
	if !errors.Is(err, ErrLimit) || st.Generated < 100000 || st.Generated > 100000+bitboard.TilesMoves {
		t.Fatalf("node limit: %v after %d nodes", err, st.Generated)
	}
	b3 := bitboard.GoalTiles(3, bitboard.BlankFirst)
	if _, _, err := s.Solve(b3, bitboard.BlankFirst, Limits{}); !errors.Is(err, ErrTileSide) {
		t.Fatalf("side mismatch: %v", err)
	}
	if _, err := LoadTileHeuristic(nil, 4, "pdb99"); !errors.Is(err, ErrTileHeuristic) {
		t.Fatalf("unknown heuristic: %v", err)
	}
	if _, err := LoadTileHeuristic(nil, 4, "exact"); !errors.Is(err, ErrTileHeuristic) {
		t.Fatalf("exact on 4x4: %v", err)
	}
}

// BenchmarkTileKorf663 solves the fast Korf subset with pdb663+reflect.
func BenchmarkTileKorf663(b *testing.B) {
	korf := tilesKorf(b)
	s := NewTileSolver(tilesHeur(b, 4, "pdb663+reflect"))
	for b.Loop() {
		for i := range tilesKorfFast {
			if _, _, err := s.Solve(korf[i], bitboard.BlankFirst, Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkTileKorf78 solves the first 10 of Korf's 100 with pdb78+reflect.
// It needs the 7-8 tables, so it runs only with PDBSOLVE_LONG=1 (they are
// built into the cache on first use, minutes).
func BenchmarkTileKorf78(b *testing.B) {
	if os.Getenv("PDBSOLVE_LONG") == "" {
		b.Skip("needs the 7-8 tables: set PDBSOLVE_LONG=1")
	}
	korf := tilesKorf(b)
	s := NewTileSolver(tilesHeur(b, 4, "pdb78+reflect"))
	b.ResetTimer()
	for b.Loop() {
		for _, board := range korf[:10] {
			if _, _, err := s.Solve(board, bitboard.BlankFirst, Limits{}); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// TestTileKorf100 solves all of Korf's 100 with each heuristic listed in
// $PDBSOLVE_KORF (comma-separated; default pdb663+reflect,pdb78+reflect) and
// checks that all find the same lengths. It takes minutes and the 7-8 tables,
// so it runs only with PDBSOLVE_LONG=1:
//
//	PDBSOLVE_LONG=1 go test ./search -run TestTileKorf100 -v -timeout 1h
func TestTileKorf100(t *testing.T) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skip("solves all of Korf's 100 (minutes, 7-8 tables): set PDBSOLVE_LONG=1 to run")
	}
	names := strings.Split(os.Getenv("PDBSOLVE_KORF"), ",")
	if names[0] == "" {
		names = []string{"pdb663+reflect", "pdb78+reflect"}
	}
	korf := tilesKorf(t)
	var first []int
	for _, name := range names {
		s := NewTileSolver(tilesHeur(t, 4, name))
		var total Stats
		var lengths []int
		for i, b := range korf {
			moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{})
			if err != nil {
				t.Fatalf("%s: Korf #%d: %v", name, i+1, err)
			}
			checkTileSolution(t, b, bitboard.BlankFirst, moves)
			lengths = append(lengths, len(moves))
			total.Add(st)
			t.Logf("%s #%d: %d moves, h0 %d, %d generated, %d expanded, %v", name, i+1, len(moves), st.RootH, st.Generated, st.Expanded, st.Elapsed)
		}
		t.Logf("%s: total %d generated (mean %d), %d expanded, %v (mean %v)", name, total.Generated, total.Generated/100,
			total.Expanded, total.Elapsed, total.Elapsed/100)
		t.Logf("%s lengths: %v", name, lengths)
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

// TestTileLoad78 times loading the 7-8 tables from the cache (built there
// first if missing) and checks pdb78+reflect: admissible on random walks,
// incremental updates equal to evaluations from scratch. It runs only with
// PDBSOLVE_LONG=1.
func TestTileLoad78(t *testing.T) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skip("loads the 7-8 tables: set PDBSOLVE_LONG=1 to run")
	}
	start := time.Now()
	h, err := LoadTileHeuristic(tilesTestCache(t), 4, "pdb78+reflect")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("loading (or building, if missing) pdb78+reflect from %s: %v", tilesTestCache(t).Dir, time.Since(start))
	// Admissible on random walks, and incremental updates match.
	rng := rand.New(rand.NewPCG(9, 10))
	for k := range 3000 {
		walk := k % 70
		b := bitboard.RandomWalkTiles(rng, 4, bitboard.BlankFirst, walk)
		if v := h.Eval(b); v > walk {
			t.Fatalf("pdb78+reflect: h(%v) = %d after a walk of %d", b, v, walk)
		}
	}
	s := NewTileSolver(h)
	b := bitboard.RandomTiles(rng, 4, bitboard.BlankFirst)
	s.load(b)
	for i := range 5000 {
		m := bitboard.TilesMove(rng.IntN(bitboard.TilesMoves))
		nb, ok := b.Move(m)
		if !ok {
			continue
		}
		var u tilesUndo
		s.step(m, int(nb.Blank), &u)
		b = nb
		if want := h.Eval(b); s.heur != want {
			t.Fatalf("step %d: incremental %d, from scratch %d", i, s.heur, want)
		}
	}
}
