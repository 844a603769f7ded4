package search

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search/internal/kernelgen"
)

// tilesTestPrune returns the automaton of pruning p for the rows x cols
// board.
func tilesTestPrune(t testing.TB, rows, cols int, p TilesPruning) *TilesPrune {
	t.Helper()
	a, err := TilesPruneFor(rows, cols, p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// tilesPruneStep returns the state a reaches from state by move m, and
// false when m is illegal there or completes a forbidden string.
func tilesPruneStep(a *TilesPrune, state uint32, m bitboard.TilesMove) (uint32, bool) {
	l := &a.lists[state]
	for i := range int(l.n) {
		if bitboard.TilesMove(l.m[i]) == m {
			return l.next[i], true
		}
	}
	return 0, false
}

// tilesPruneAllows reports whether automaton a allows some string of n
// moves from state, by trying its moves (tilesPruneStep) depth first; memo
// keeps the answers by state and length.
func tilesPruneAllows(a *TilesPrune, state uint32, n int, memo map[[2]uint32]bool) bool {
	if n <= 0 {
		return true
	}
	key := [2]uint32{state, uint32(n)}
	if v, ok := memo[key]; ok {
		return v
	}
	v := false
	for _, m := range a.order {
		if next, ok := tilesPruneStep(a, state, m); ok && tilesPruneAllows(a, next, n-1, memo) {
			v = true
			break
		}
	}
	memo[key] = v
	return v
}

// TestTilesPruneLives checks each move's life (the longest string the
// automaton allows from the state it leads to) against tilesPruneAllows,
// which tries the strings: strings of life moves are allowed, none of
// life+1; an unbounded life allows strings of every length tried. It also
// counts the moribund states, those with a finite life.
func TestTilesPruneLives(t *testing.T) {
	const longest = 60 // the longest strings tried for an unbounded life
	for _, c := range [][3]int{{2, 2, 12}, {3, 3, 2}, {3, 3, 12}, {2, 4, 16}, {3, 4, 12}, {4, 4, 12}, {5, 5, 12}} {
		a, err := tilesPruneCached(c[0], c[1], c[2], tilesMoveOrder)
		if err != nil {
			t.Fatal(err)
		}
		memo := map[[2]uint32]bool{}
		moribund := map[uint32]int{}
		for s := range a.lists {
			l := &a.lists[s]
			for i := range int(l.n) {
				life, next := int(l.life[i]), l.next[i]
				if life == tilesPruneUnbounded {
					if !tilesPruneAllows(a, next, longest, memo) {
						t.Fatalf("%dx%d depth %d: state %d, move %d: unbounded life, but no string of %d moves",
							c[0], c[1], c[2], s, i, longest)
					}
					continue
				}
				moribund[next] = life
				if !tilesPruneAllows(a, next, life, memo) || tilesPruneAllows(a, next, life+1, memo) {
					t.Fatalf("%dx%d depth %d: state %d, move %d: life %d, but strings of %d moves allowed %v, of %d %v",
						c[0], c[1], c[2], s, i, life, life, tilesPruneAllows(a, next, life, memo), life+1,
						tilesPruneAllows(a, next, life+1, memo))
				}
			}
		}
		longestFinite := -1
		for _, life := range moribund {
			longestFinite = max(longestFinite, life)
		}
		if a.maxLife != longestFinite {
			t.Fatalf("%dx%d depth %d: maxLife %d, the longest finite life %d", c[0], c[1], c[2], a.maxLife, longestFinite)
		}
		if c[2] == tilesPruneInverseDepth && len(moribund) != 0 {
			t.Fatalf("%dx%d: the inverse automaton has %d moribund states", c[0], c[1], len(moribund))
		}
		t.Logf("%dx%d depth %d: %d of %d states moribund", c[0], c[1], c[2], len(moribund), a.States())
	}
}

// tilesPlainBoard is a board as a permutation of labels, cell x holding x at
// the start, and its blank's cell: the oracle's board, apart from the
// builder's packing.
type tilesPlainBoard struct {
	cells [tilesMaxCells]uint8
	blank int
}

// tilesPlainStart returns the start board with the blank at cell c.
func tilesPlainStart(nc, c int) tilesPlainBoard {
	var b tilesPlainBoard
	for x := range nc {
		b.cells[x] = uint8(x)
	}
	b.blank = c
	return b
}

// move returns the board after the blank moves by m, false if it leaves
// the board; computed from rows and columns, apart from bitboard.
func (b tilesPlainBoard) move(rows, cols int, m bitboard.TilesMove) (tilesPlainBoard, bool) {
	r, c := b.blank/cols, b.blank%cols
	switch m {
	case bitboard.MoveUp:
		r--
	case bitboard.MoveDown:
		r++
	case bitboard.MoveLeft:
		c--
	case bitboard.MoveRight:
		c++
	}
	if r < 0 || r >= rows || c < 0 || c >= cols {
		return b, false
	}
	to := r*cols + c
	b.cells[b.blank], b.cells[to] = b.cells[to], b.cells[b.blank]
	b.blank = to
	return b, true
}

// TestTilesPruneAcceptsCanonical checks the automaton against brute force:
// from every start cell, every legal string of at most the automaton's depth
// moves (up to a limit) is enumerated without any pruning, and the
// canonical string of each board reached (the shortest, then the first in
// move order) is found by comparison; the automaton must accept a string
// exactly when it is canonical. Both move orders are checked, and the
// inverse automaton must accept exactly the strings without a move followed
// by its inverse.
func TestTilesPruneAcceptsCanonical(t *testing.T) {
	korf := [bitboard.TilesMoves]bitboard.TilesMove{bitboard.MoveUp, bitboard.MoveLeft, bitboard.MoveRight, bitboard.MoveDown}
	cases := []struct {
		rows, cols, depth, length int
		order                     [bitboard.TilesMoves]bitboard.TilesMove
	}{
		{2, 2, 12, 12, tilesMoveOrder}, {3, 3, 10, 10, tilesMoveOrder}, {3, 3, 10, 10, korf},
		{2, 4, 10, 10, tilesMoveOrder}, {4, 2, 8, 8, korf}, {3, 4, 12, 9, tilesMoveOrder},
		{4, 4, 8, 8, tilesMoveOrder}, {5, 5, 8, 7, korf}, {2, 12, 8, 8, tilesMoveOrder},
		{3, 3, 2, 8, tilesMoveOrder}, {4, 4, 2, 7, korf},
	}
	if testing.Short() {
		cases = cases[:4]
	}
	for _, c := range cases {
		a, err := NewTilesPrune(c.rows, c.cols, c.depth, c.order)
		if err != nil {
			t.Fatal(err)
		}
		nc := c.rows * c.cols
		rank := [bitboard.TilesMoves]int{}
		for i, m := range c.order {
			rank[m] = i
		}
		for cell := range nc {
			// canon[board] is the canonical string to board, as ranks of
			// its moves (shortest, then least in order).
			canon := map[[tilesMaxCells]uint8][]int{}
			var strs [][]int
			var walk func(b tilesPlainBoard, s []int)
			walk = func(b tilesPlainBoard, s []int) {
				strs = append(strs, slices.Clone(s))
				if old, ok := canon[b.cells]; !ok || len(s) < len(old) || len(s) == len(old) && slices.Compare(s, old) < 0 {
					canon[b.cells] = slices.Clone(s)
				}
				if len(s) == c.length {
					return
				}
				for _, m := range c.order {
					if nb, ok := b.move(c.rows, c.cols, m); ok {
						walk(nb, append(s, rank[m]))
					}
				}
			}
			walk(tilesPlainStart(nc, cell), nil)
			for _, s := range strs {
				b := tilesPlainStart(nc, cell)
				st := a.roots[cell]
				accepted := true
				for _, r := range s {
					m := c.order[r]
					b, _ = b.move(c.rows, c.cols, m)
					var ok bool
					if st, ok = tilesPruneStep(a, st, m); !ok {
						accepted = false
						break
					}
				}
				want := slices.Equal(canon[b.cells], s)
				if c.depth == tilesPruneInverseDepth {
					want = true
					for i := 1; i < len(s); i++ {
						if c.order[s[i]] == c.order[s[i-1]].Inverse() {
							want = false
						}
					}
				}
				if accepted != want {
					t.Fatalf("%dx%d depth %d order %v, from cell %d: the string %v (move ranks) is accepted %v, canonical %v",
						c.rows, c.cols, c.depth, c.order, cell, s, accepted, want)
				}
			}
		}
		t.Logf("%dx%d depth %d: %d states, %d forbidden strings; every string of up to %d moves from every cell checked",
			c.rows, c.cols, c.depth, a.States(), a.Forbidden(), c.length)
	}
}

// tilesPruneReachCheck checks that, searching from the goal of the rows x
// cols board with automaton a, every board at breadth-first distance k <=
// maxDepth is reached at depth k: a depth-first search that follows only
// the moves a allows and only moves to a board one further from the goal
// (dist, an independent breadth-first search) must reach them all. key
// packs a board; (board, state) pairs are visited once.
func tilesPruneReachCheck(t *testing.T, a *TilesPrune, rows, cols, maxDepth int, dist map[string]int) {
	nc := rows * cols
	key := func(b *tilesPlainBoard) string { return string(b.cells[:nc]) }
	reached := map[string]bool{}
	type visit struct {
		board string
		state uint32
	}
	done := map[visit]bool{}
	var dfs func(b tilesPlainBoard, g int, st uint32)
	dfs = func(b tilesPlainBoard, g int, st uint32) {
		k := key(&b)
		if done[visit{k, st}] {
			return
		}
		done[visit{k, st}] = true
		reached[k] = true
		if g == maxDepth {
			return
		}
		for _, m := range a.order {
			next, ok := tilesPruneStep(a, st, m)
			if !ok {
				continue
			}
			nb, ok := b.move(rows, cols, m)
			if !ok {
				t.Fatalf("%dx%d: the automaton allows move %v off the board from cell %d", rows, cols, m, b.blank)
			}
			if d, ok := dist[key(&nb)]; ok && d == g+1 {
				dfs(nb, g+1, next)
			}
		}
	}
	dfs(tilesPlainStart(nc, 0), 0, a.roots[0])
	missed := 0
	for k, d := range dist {
		if d <= maxDepth && !reached[k] {
			missed++
		}
	}
	if missed > 0 {
		t.Fatalf("%dx%d depth %d: %d of %d boards within %d moves of the goal not reached at their distance",
			rows, cols, a.depth, missed, len(dist), maxDepth)
	}
	t.Logf("%dx%d depth %d: all %d boards within %d moves reached at their distance (%d board-state pairs)",
		rows, cols, a.depth, len(dist), maxDepth, len(done))
}

// tilesPlainBFS returns the breadth-first distance from the goal (blank at
// cell 0, cell x holding x) of every board within maxDepth moves, by board
// key.
func tilesPlainBFS(rows, cols, maxDepth int) map[string]int {
	nc := rows * cols
	start := tilesPlainStart(nc, 0)
	dist := map[string]int{string(start.cells[:nc]): 0}
	layer := []tilesPlainBoard{start}
	for d := 1; d <= maxDepth && len(layer) > 0; d++ {
		var next []tilesPlainBoard
		for _, b := range layer {
			for m := range bitboard.TilesMove(bitboard.TilesMoves) {
				nb, ok := b.move(rows, cols, m)
				if !ok {
					continue
				}
				if _, seen := dist[string(nb.cells[:nc])]; !seen {
					dist[string(nb.cells[:nc])] = d
					next = append(next, nb)
				}
			}
		}
		layer = next
	}
	return dist
}

// TestTilesPruneReachesEveryBoard: pruning never loses optimality. From the
// goal, every board of the 3 x 3 and 2 x 4 boards (the whole spaces) is
// reached by the pruned search at its distance, with the default automaton,
// a deeper one and the inverse one.
func TestTilesPruneReachesEveryBoard(t *testing.T) {
	for _, bd := range [][2]int{{3, 3}, {2, 4}, {4, 2}} {
		dist := tilesPlainBFS(bd[0], bd[1], 100)
		for _, depth := range []int{tilesPruneInverseDepth, TilesPruneDepth, 16} {
			a, err := tilesPruneCached(bd[0], bd[1], depth, tilesMoveOrder)
			if err != nil {
				t.Fatal(err)
			}
			tilesPruneReachCheck(t, a, bd[0], bd[1], 100, dist)
		}
	}
}

// TestTilesPruneReachesDepth16 is TestTilesPruneReachesEveryBoard on the
// 3 x 4 and 4 x 4 boards, every board within 16 moves of the goal (55,998
// and 241,707 boards; 5 s of CPU).
func TestTilesPruneReachesDepth16(t *testing.T) {
	if testing.Short() {
		t.Skip("breadth-first search of 300,000 boards and automata of depth 14 (5 s of CPU)")
	}
	tilesPruneReachDepth(t, [][3]int{{3, 4, 16}, {4, 4, 16}}, TilesPruneDepth, 14)
}

// TestLongTilesPruneReachesDepth20 is TestTilesPruneReachesDepth16 deeper:
// every board within 20 moves of the 3 x 4 goal and 18 of the 4 x 4 one,
// also with the depth-16 automaton the table cache keeps for 4 x 4.
func TestLongTilesPruneReachesDepth20(t *testing.T) {
	skipUnlessLong(t)
	tilesPruneReachDepth(t, [][3]int{{3, 4, 20}, {4, 4, 18}}, TilesPruneDepth, 14, 16)
}

// tilesPruneReachDepth runs tilesPruneReachCheck on each board (rows, cols,
// depth) with the automata of the given depths.
func tilesPruneReachDepth(t *testing.T, boards [][3]int, depths ...int) {
	for _, bd := range boards {
		dist := tilesPlainBFS(bd[0], bd[1], bd[2])
		for _, depth := range depths {
			a, err := tilesPruneCached(bd[0], bd[1], depth, tilesMoveOrder)
			if err != nil {
				t.Fatal(err)
			}
			tilesPruneReachCheck(t, a, bd[0], bd[1], bd[2], dist)
		}
	}
}

// tilesSolveBoth solves b with s under inverse pruning, the automaton and,
// on boards of at most 12 cells or without -short (its 4 x 4 and 5 x 5
// automata take seconds to build), the depth-16 automaton, and checks that
// the answers are the same and that each deeper automaton expands and
// generates no more nodes than the one before (it forbids every string the
// shallower one does); it returns the counts, inverse then automaton.
func tilesSolveBoth(t *testing.T, s *TilesSolver, b bitboard.Tiles, g bitboard.Goal, what string) (inv, aut Stats) {
	t.Helper()
	prunings := []TilesPruning{TilesPruneInverse, TilesPruneAutomaton, TilesPruneAutomaton16}
	if testing.Short() && b.Rows()*b.Cols() > 12 {
		prunings = prunings[:2]
	}
	moves := make([][]byte, len(prunings))
	st := make([]Stats, len(prunings))
	for i, p := range prunings {
		s.SetPruning(p)
		if got := s.Pruning(); got != p {
			t.Fatalf("%s: SetPruning(%v) searches with %v", what, p, got)
		}
		var err error
		if moves[i], st[i], err = s.Solve(b, g, Limits{}); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if i == 0 {
			continue
		}
		if string(moves[i]) != string(moves[0]) {
			t.Fatalf("%s: inverse pruning finds %s, %v %s", what, moves[0], p, moves[i])
		}
		if st[i].Expanded > st[i-1].Expanded || st[i].Generated > st[i-1].Generated {
			t.Fatalf("%s: %v expands %d and generates %d, %v %d and %d", what, p,
				st[i].Expanded, st[i].Generated, prunings[i-1], st[i-1].Expanded, st[i-1].Generated)
		}
	}
	return st[0], st[1]
}

// TestTilesPruneSameAnswers solves random boards of several shapes with
// every kernel, and the ten fast ones of Korf's 100 with pdb663+reflect, on
// one and two workers, with and without the automaton: the answers (the
// first optimal solution in move order) must be identical and the automaton
// never expands or generates more nodes.
func TestTilesPruneSameAnswers(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	cases := []struct {
		rows, cols, walk int
		name             string
	}{
		{3, 3, 60, "manhattan"}, {3, 3, 60, "exact"}, {3, 3, 60, "linear-conflict"}, {3, 3, 60, "pdb44+reflect"},
		{2, 4, 60, "pdb:1-3/4-7"}, {3, 4, 60, "pdb:1-6/7-11"}, {3, 4, 60, "pdb:1-6/7-11|pdb:1,4,5,8,9/2,3,6,7,10,11+zero"},
		{4, 4, 50, "pdb555+reflect"}, {4, 4, 45, "linear-conflict"}, {4, 4, 50, "pdb555+zero+reflect|pdb663"},
		{5, 5, 36, "pdb:1-4/5-8/9-12/13-16/17-20/21-24+reflect"},
	}
	var inv, aut Stats
	for _, c := range cases {
		h := tilesHeur(t, c.rows, c.cols, c.name)
		for _, w := range []int{1, 2} {
			s := NewTilesSolver(h)
			s.SetWorkers(w)
			s.parallelMin = 0
			for i := range 4 {
				g := bitboard.Goal(i % 2)
				b := bitboard.RandomWalkTiles(rng, c.rows, c.cols, g, c.walk+i)
				si, sa := tilesSolveBoth(t, s, b, g, fmt.Sprintf("%dx%d %s %v on %d workers", c.rows, c.cols, c.name, b, w))
				inv.Add(si)
				aut.Add(sa)
			}
		}
	}
	t.Logf("random boards: inverse pruning %d expanded, %d generated; automaton %d, %d", inv.Expanded, inv.Generated,
		aut.Expanded, aut.Generated)
	korf := tilesKorf(t)
	s := NewTilesSolver(tilesHeur(t, 4, 4, "pdb663+reflect"))
	inv, aut = Stats{}, Stats{}
	for i := range tilesKorfFast {
		si, sa := tilesSolveBoth(t, s, korf[i], bitboard.BlankFirst, fmt.Sprintf("Korf #%d", i+1))
		inv.Add(si)
		aut.Add(sa)
	}
	t.Logf("the ten fast Korf instances, pdb663+reflect: inverse pruning %d expanded, %d generated; automaton %d, %d",
		inv.Expanded, inv.Generated, aut.Expanded, aut.Generated)
}

// TestTilesCatalogueKernelMatchesPDB runs the generated kernels side by side
// on heuristics that are one function spelled for different kernels: the
// Manhattan distance as itself and as partitions of one-tile patterns (whose
// entries are all 0), partitions through the pattern-database kernels and
// as one-partition catalogues (with and without the reflected lookup), and
// zero-aware catalogues read from byte tables and from 1-bit ones, under
// both prunings. The same heuristic must give the same answer and the
// same node counts, iteration by iteration. Every kernel of
// kernelgen.Variants must be run but two that no other kernel's heuristic
// equals, the linear conflicts' and the 3 x 3 exact table's (a pattern holds
// at most 6 of its 8 tiles): TestTilesKernelMatchesSlow checks those, as
// every kernel, against the slow oracle.
func TestTilesCatalogueKernelMatchesPDB(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	ones3 := "pdb:1/2/3/4/5/6/7/8"
	ones4 := "pdb:1/2/3/4/5/6/7/8/9/10/11/12/13/14/15"
	cases := []struct {
		rows, cols, walk int
		names            []string // one heuristic; a partition also runs as a catalogue
	}{
		{3, 3, 60, []string{"manhattan", ones3, ones3 + "+reflect"}},
		{4, 4, 40, []string{"manhattan", ones4, ones4 + "+reflect"}},
		{3, 3, 60, []string{"pdb44"}}, {3, 3, 60, []string{"pdb44+reflect"}}, {3, 4, 60, []string{"pdb:1-6/7-11"}},
		{4, 4, 50, []string{"pdb555+reflect"}}, {4, 4, 50, []string{"pdb663"}},
		{3, 3, 60, []string{"pdb44+zero+reflect", "pdb44+zero+reflect+bits"}},
		{3, 4, 60, []string{"pdb:1-3/4-6/7-9/10-11+zero|pdb:1,4,5,8,9/2,3,6,7,10,11+zero",
			"pdb:1-3/4-6/7-9/10-11+zero+bits|pdb:1,4,5,8,9/2,3,6,7,10,11+bits+zero"}},
		{4, 4, 50, []string{"pdb555+zero+reflect", "pdb555+zero+reflect+bits"}},
	}
	ran := map[string]bool{"dfsLinearConflict": true, "dfsExact": true}
	for _, c := range cases {
		var solvers []*TilesSolver
		for _, name := range c.names {
			h := tilesHeur(t, c.rows, c.cols, name)
			solvers = append(solvers, NewTilesSolver(h))
			if h.kind == tilesPDB {
				solvers = append(solvers, NewTilesSolver(tilesAsCatalogue(t, c.rows, c.cols, name)))
			}
		}
		for _, s := range solvers {
			ran[tilesKernelOf(s.h)] = true
		}
		for i := range 6 {
			p := TilesPruning(i % 2)
			b := bitboard.RandomWalkTiles(rng, c.rows, c.cols, bitboard.BlankFirst, c.walk+i)
			want := tilesSolveLog(t, solvers[0], p, b)
			for _, s := range solvers[1:] {
				if got := tilesSolveLog(t, s, p, b); !slices.Equal(got, want) {
					t.Fatalf("%dx%d %v, %v pruning: %s (%s) gives %v, %s (%s) %v", c.rows, c.cols, b, p,
						solvers[0].h.name, tilesKernelOf(solvers[0].h), want, s.h.name, tilesKernelOf(s.h), got)
				}
			}
		}
	}
	for _, v := range kernelgen.Variants {
		if !ran[v.Name] {
			t.Errorf("no case runs the kernel %s", v.Name)
		}
	}
}

// tilesSolveLog solves b with s under pruning p and returns the bound and
// the cumulative generated and expanded counts after each iteration, then
// the moves, root h and totals, as text.
func tilesSolveLog(t *testing.T, s *TilesSolver, p TilesPruning, b bitboard.Tiles) []string {
	t.Helper()
	var log []string
	s.SetPruning(p)
	moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{Progress: func(q Progress) {
		log = append(log, fmt.Sprint(q.Bound, q.Generated, q.Expanded))
	}})
	if err != nil {
		t.Fatal(err)
	}
	return append(log, fmt.Sprintf("%s h0 %d generated %d expanded %d", moves, st.RootH, st.Generated, st.Expanded))
}

// tilesKernelOf returns the name of the kernel that tilesKernel.search runs
// for h.
func tilesKernelOf(h *TilesHeuristic) string {
	switch {
	case h.kind == tilesManhattan:
		return "dfsManhattan"
	case h.kind == tilesPDB && h.reflect:
		return "dfsPDBReflect"
	case h.kind == tilesPDB:
		return "dfsPDB"
	case h.kind == tilesExact:
		return "dfsExact"
	case h.kind == tilesCatalogue && h.cat.oneBit:
		return "dfsCatalogueBits"
	case h.kind == tilesCatalogue:
		return "dfsCatalogue"
	default:
		return "dfsLinearConflict"
	}
}

// TestTilesPruneMeasure logs the automaton's states, bytes, forbidden
// strings and build time (wall and CPU) per board and depth
// (PDBSOLVE_PRUNE_DEPTHS, a comma list such as 2,8,12); with
// PDBSOLVE_PRUNE_KORF naming a 4 x 4 heuristic, on 4 x 4 only, and also the
// nodes and the CPU time of solving all of Korf's 100 on one worker at each
// depth: the
// figures the depth is chosen from. It checks nothing, so it runs only when
// asked.
func TestTilesPruneMeasure(t *testing.T) {
	list := os.Getenv("PDBSOLVE_PRUNE_DEPTHS")
	if list == "" {
		t.Skip("logs automaton sizes: set PDBSOLVE_PRUNE_DEPTHS=2,8,12,...")
	}
	boards := [][2]int{{3, 3}, {4, 4}, {5, 5}}
	if os.Getenv("PDBSOLVE_PRUNE_KORF") != "" {
		boards = [][2]int{{4, 4}}
	}
	for _, bd := range boards {
		for _, f := range strings.Split(list, ",") {
			d, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			cpu := tilesCPUTime()
			a, err := NewTilesPrune(bd[0], bd[1], d, tilesMoveOrder)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%dx%d depth %2d: %9d states, %11d bytes, %9d forbidden strings, built in %v (%v of CPU)", bd[0], bd[1], d,
				a.States(), a.Bytes(), a.Forbidden(), a.BuildTime().Round(time.Millisecond),
				(tilesCPUTime() - cpu).Round(time.Millisecond))
			if name := os.Getenv("PDBSOLVE_PRUNE_KORF"); name != "" && bd[0] == 4 {
				s := NewTilesSolver(tilesHeur(t, 4, 4, name))
				s.setPrune(a)
				var total Stats
				cpu := tilesCPUTime()
				for i, b := range tilesKorf(t) {
					_, st, err := s.Solve(b, bitboard.BlankFirst, Limits{})
					if err != nil {
						t.Fatalf("Korf #%d: %v", i+1, err)
					}
					total.Add(st)
				}
				t.Logf("  Korf's 100, %s: %d expanded, %d generated, %v of CPU", name, total.Expanded, total.Generated,
					(tilesCPUTime() - cpu).Round(time.Millisecond))
			}
		}
	}
}

// tilesPruneCounts returns, for n = 0..maxLen, the number of strings of n
// moves from start cell c that automaton a accepts: a count a state, carried
// from length to length (dynamic programming over the states).
func tilesPruneCounts(a *TilesPrune, c, maxLen int) []float64 {
	cur := make([]float64, len(a.lists))
	next := make([]float64, len(a.lists))
	cur[a.roots[c]] = 1
	counts := []float64{1}
	for range maxLen {
		clear(next)
		total := 0.0
		for s, x := range cur {
			if x == 0 {
				continue
			}
			l := &a.lists[s]
			for i := range int(l.n) {
				next[l.next[i]] += x
				total += x
			}
		}
		counts = append(counts, total)
		cur, next = next, cur
	}
	return counts
}

// tilesPruneBranching returns the asymptotic branching factor of the
// strings counts gives: the growth a move over the last two lengths (the
// board's graph is bipartite, so one-move ratios alternate).
func tilesPruneBranching(counts []float64) float64 {
	n := len(counts) - 1
	return math.Sqrt(counts[n] / counts[n-2])
}

// TestTilesPruneCountsBoards checks the automaton against breadth-first
// search by counting: up to its depth, the strings of n moves it accepts
// from the goal's blank cell are one a board, so their number is the number
// of boards at distance exactly n from the goal.
func TestTilesPruneCountsBoards(t *testing.T) {
	cases := [][3]int{{3, 3, 16}, {2, 4, 16}, {3, 4, 14}, {4, 4, 12}}
	if !testing.Short() {
		cases = append(cases, [3]int{4, 4, 14}, [3]int{5, 5, 12})
	}
	for _, c := range cases {
		rows, cols, depth := c[0], c[1], c[2]
		a, err := tilesPruneCached(rows, cols, depth, tilesMoveOrder)
		if err != nil {
			t.Fatal(err)
		}
		byDist := make([]float64, depth+1)
		for _, d := range tilesPlainBFS(rows, cols, depth) {
			byDist[d]++
		}
		got := tilesPruneCounts(a, 0, depth)
		if !slices.Equal(got, byDist) {
			t.Fatalf("%dx%d depth %d: strings accepted by length %v, boards by distance %v", rows, cols, depth, got, byDist)
		}
		t.Logf("%dx%d depth %d: accepted strings = boards at each distance 0..%d (%v)", rows, cols, depth, depth, got)
	}
}

// TestTilesPruneBranching logs, per board and automaton depth
// (PDBSOLVE_PRUNE_DEPTHS, a comma list), the strings of n moves the
// automaton accepts from a corner and from the centre, n up to 40, and the
// asymptotic branching factor: the figures that compare automata of
// different depths. It checks nothing, so it runs only when asked.
func TestTilesPruneBranching(t *testing.T) {
	list := os.Getenv("PDBSOLVE_PRUNE_DEPTHS")
	if list == "" {
		t.Skip("logs accepted strings by length: set PDBSOLVE_PRUNE_DEPTHS=2,12,14,...")
	}
	const maxLen = 40
	for _, bd := range [][2]int{{4, 4}, {5, 5}} {
		for _, f := range strings.Split(list, ",") {
			d, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			cpu := tilesCPUTime()
			a, err := NewTilesPrune(bd[0], bd[1], d, tilesMoveOrder)
			if err != nil {
				t.Fatal(err)
			}
			built := tilesCPUTime() - cpu
			centre := bd[0]/2*bd[1] + bd[1]/2
			corner := tilesPruneCounts(a, 0, maxLen)
			mid := tilesPruneCounts(a, centre, maxLen)
			var b strings.Builder
			for _, n := range []int{10, 12, 14, 16, 18, 20, 24, 30, 40} {
				fmt.Fprintf(&b, " n=%d: %.4g/%.4g", n, corner[n], mid[n])
			}
			t.Logf("%dx%d depth %2d: %9d states, %11d bytes, %9d forbidden, %v CPU; branching %.4f (corner) %.4f (centre);%s",
				bd[0], bd[1], d, a.States(), a.Bytes(), a.Forbidden(), built.Round(time.Millisecond),
				tilesPruneBranching(corner), tilesPruneBranching(mid), b.String())
		}
	}
}
