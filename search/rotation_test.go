package search

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

var (
	rotationTableOnce sync.Once
	rotationTableVal  *pdb.Table
	rotationTableErr  error
)

// rotationTable builds the exact table once per test binary (tens of ms).
func rotationTable(tb testing.TB) *pdb.Table {
	rotationTableOnce.Do(func() { rotationTableVal, rotationTableErr = pdb.BuildRotation(nil) })
	if rotationTableErr != nil {
		tb.Fatal(rotationTableErr)
	}
	return rotationTableVal
}

var (
	rotationPathsOnce sync.Once
	rotationPaths     *RotationPaths
	rotationPathsErr  error
)

func newRotationSolver(tb testing.TB, h RotationHeuristic) *RotationSolver {
	s, err := NewRotationSolver(rotationTable(tb), h)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

// newPathSolver returns an exact solver that reads the path table.
func newPathSolver(tb testing.TB) *RotationSolver {
	s := newRotationSolver(tb, RotationExact)
	rotationPathsOnce.Do(func() {
		t, err := pdb.BuildRotationPaths(rotationTable(tb))
		if err != nil {
			rotationPathsErr = err
			return
		}
		rotationPaths, rotationPathsErr = NewRotationPaths(t)
	})
	if rotationPathsErr != nil {
		tb.Fatal(rotationPathsErr)
	}
	if err := s.UsePaths(rotationPaths); err != nil {
		tb.Fatal(err)
	}
	return s
}

// bfsRotation is the obvious reference: a breadth-first search over whole
// boards, moves tried A..H, no heuristic. Nodes are discovered in dictionary
// order of their first paths, so the first solved board found lies at the end
// of the dictionary-smallest shortest solution.
func bfsRotation(start bitboard.Rotation, maxDepth int) (string, int, bool) {
	if s := start.Centre(); s != 0 {
		return "", s, true
	}
	type node struct {
		b    bitboard.Rotation
		path string
	}
	seen := map[bitboard.Rotation]bool{start: true}
	level := []node{{start, ""}}
	for d := 0; d < maxDepth; d++ {
		var next []node
		for _, n := range level {
			for m := 0; m < bitboard.RotationMoves; m++ {
				c := n.b.Move(m)
				if seen[c] {
					continue
				}
				seen[c] = true
				p := n.path + string(bitboard.RotationMoveNames[m])
				if s := c.Centre(); s != 0 {
					return p, s, true
				}
				next = append(next, node{c, p})
			}
		}
		level = next
	}
	return "", 0, false
}

// randomWalk returns a solved board scrambled by k random moves.
func randomWalk(r *rand.Rand, k int) bitboard.Rotation {
	var cells [bitboard.RotationCells]int8
	centre := int8(r.IntN(3) + 1)
	var others []int8
	for s := int8(1); s <= 3; s++ {
		n := 8
		if s == centre {
			n = 0
		}
		for i := 0; i < n; i++ {
			others = append(others, s)
		}
	}
	r.Shuffle(len(others), func(i, j int) { others[i], others[j] = others[j], others[i] })
	isCentre := map[int]bool{}
	for _, c := range bitboard.RotationCentre {
		isCentre[c] = true
	}
	for c := range cells {
		if isCentre[c] {
			cells[c] = centre
		} else {
			cells[c], others = others[0], others[1:]
		}
	}
	b, err := bitboard.NewRotation(cells)
	if err != nil {
		panic(err)
	}
	for i := 0; i < k; i++ {
		b = b.Move(r.IntN(bitboard.RotationMoves))
	}
	return b
}

func TestRotationSamples(t *testing.T) {
	for _, s := range []*RotationSolver{newRotationSolver(t, RotationExact), newPathSolver(t)} {
		testRotationSamples(t, s)
	}
}

func testRotationSamples(t *testing.T, s *RotationSolver) {
	for _, c := range []struct {
		board, moves string
		symbol       int
	}{
		{"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", "AC", 2},
		{"1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3", "DDHH", 2},
		{"1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3", "", 2},
	} {
		b, err := bitboard.ParseRotation([]byte(c.board))
		if err != nil {
			t.Fatal(err)
		}
		res, err := s.Solve(b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if res.MoveString() != c.moves || res.Symbol != c.symbol {
			t.Errorf("%s: got %q %d, want %q %d", c.board, res.MoveString(), res.Symbol, c.moves, c.symbol)
		}
	}
}

func TestRotationMatchesBFS(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	exact := newRotationSolver(t, RotationExact)
	count := newRotationSolver(t, RotationCount)
	paths := newPathSolver(t)
	n := 300
	if testing.Short() {
		n = 60
	}
	for i := 0; i < n; i++ {
		b := randomWalk(r, 1+r.IntN(6))
		want, sym, ok := bfsRotation(b, 6)
		if !ok {
			t.Fatalf("%v: BFS found no solution within 6 moves", b)
		}
		for _, s := range []*RotationSolver{exact, count, paths} {
			res, err := s.Solve(b, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			if res.MoveString() != want || res.Symbol != sym {
				t.Fatalf("%v (exact=%v): got %q %d, BFS %q %d", b, s.exact, res.MoveString(), res.Symbol, want, sym)
			}
		}
	}
}

func TestRotationExactMatchesCount(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	paths := newPathSolver(t)
	exact := newRotationSolver(t, RotationExact)
	count := newRotationSolver(t, RotationCount)
	n := 40
	if testing.Short() {
		n = 8
	}
	for i := 0; i < n; i++ {
		b := bitboard.RandomRotation(r)
		a, err := exact.Solve(b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		c, err := count.Solve(b, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if a.MoveString() != c.MoveString() || a.Symbol != c.Symbol {
			t.Fatalf("%v: exact %q %d, count %q %d", b, a.MoveString(), a.Symbol, c.MoveString(), c.Symbol)
		}
		if a.RootH != a.Len || a.Iterations != 1 || int(a.Expanded) != a.Len+boolInt(a.Len == 0) {
			t.Fatalf("%v: exact heuristic should walk straight down: %+v", b, a.Stats)
		}
		if d, _ := paths.Solve(b, Limits{}); d.MoveString() != a.MoveString() || d.Symbol != a.Symbol || d.Generated != 0 || d.RootH != d.Len {
			t.Fatalf("%v: path table %q %d (%+v), exact %q %d", b, d.MoveString(), d.Symbol, d.Stats, a.MoveString(), a.Symbol)
		}
		if c.Generated < a.Generated {
			t.Fatalf("%v: count generated %d nodes, fewer than exact %d", b, c.Generated, a.Generated)
		}
		// The moves solve the board, and exact says the length is optimal.
		end, err := b.Apply(a.MoveString())
		if err != nil || end.Centre() != a.Symbol || exact.Exact(b) != a.Len {
			t.Fatalf("%v: %q does not solve it (%v) or is not %d long", b, a.MoveString(), err, exact.Exact(b))
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestRotationAdmissibleOnRandomWalks(t *testing.T) {
	// Along any path, each heuristic may drop by at most one a move and never
	// exceeds the exact distance.
	r := rand.New(rand.NewPCG(15, 16))
	exact := newRotationSolver(t, RotationExact)
	count := newRotationSolver(t, RotationCount)
	for i := 0; i < 2000; i++ {
		b := bitboard.RandomRotation(r)
		d := exact.Exact(b)
		if h := count.Exact(b); h > d {
			t.Fatalf("%v: count %d exceeds exact %d", b, h, d)
		}
		c := b.Move(r.IntN(bitboard.RotationMoves))
		if e := exact.Exact(c); e < d-1 || e > d+1 {
			t.Fatalf("%v: neighbour at %d, board at %d", b, e, d)
		}
	}
}

func TestRotationLimits(t *testing.T) {
	count := newRotationSolver(t, RotationCount)
	b, _ := bitboard.ParseRotation([]byte("1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3"))
	res, err := count.Solve(b, Limits{MaxNodes: 1000})
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("got %v, want ErrLimit", err)
	}
	if res.Generated < 1000 || res.Generated > 1000+bitboard.RotationMoves {
		t.Fatalf("stopped after %d nodes, limit 1000", res.Generated)
	}
}

func TestNewRotationSolverChecksTable(t *testing.T) {
	if _, err := NewRotationSolver(nil, RotationExact); !errors.Is(err, ErrTable) {
		t.Fatalf("nil table: %v", err)
	}
	bad := *rotationTable(t)
	bad.Pattern = "other"
	if _, err := NewRotationSolver(&bad, RotationExact); !errors.Is(err, ErrTable) {
		t.Fatalf("wrong pattern: %v", err)
	}
}

func TestRotationPathsMatchIDAManyBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	exact := newRotationSolver(t, RotationExact)
	paths := newPathSolver(t)
	timed := newPathSolver(t)
	timed.SetTiming(true)
	for i := 0; i < 20000; i++ {
		b := bitboard.RandomRotation(r)
		a, _ := exact.Solve(b, Limits{})
		d, _ := paths.Solve(b, Limits{})
		if a.MoveString() != d.MoveString() || a.Symbol != d.Symbol {
			t.Fatalf("%v: IDA* %q %d, path table %q %d", b, a.MoveString(), a.Symbol, d.MoveString(), d.Symbol)
		}
		e, _ := timed.Solve(b, Limits{})
		e.Elapsed = 0
		if e.MoveString() != d.MoveString() || e.Symbol != d.Symbol || e.Stats != d.Stats {
			t.Fatalf("%v: timed %q %d %+v, untimed %q %d %+v", b, e.MoveString(), e.Symbol, e.Stats, d.MoveString(), d.Symbol, d.Stats)
		}
	}
}

func BenchmarkRotationSolvePaths(b *testing.B) {
	benchmarkRotationSolve(b, newPathSolver(b))
}

func BenchmarkRotationSolveExact(b *testing.B) {
	benchmarkRotationSolve(b, newRotationSolver(b, RotationExact))
}

func benchmarkRotationSolve(b *testing.B, s *RotationSolver) {
	boards := benchBoards()
	b.ResetTimer()
	var gen uint64
	for i := 0; i < b.N; i++ {
		res, _ := s.Solve(boards[i&(len(boards)-1)], Limits{})
		gen += res.Generated
	}
	b.ReportMetric(float64(gen)/float64(b.N), "gen/op")
}

func BenchmarkRotationSolveDeepest(b *testing.B) {
	for _, c := range []struct {
		name string
		new  func(testing.TB) *RotationSolver
	}{
		{"exact", newPathSolver},
		{"exact-ida", func(tb testing.TB) *RotationSolver { return newRotationSolver(tb, RotationExact) }},
		{"count", func(tb testing.TB) *RotationSolver { return newRotationSolver(tb, RotationCount) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			s := c.new(b)
			board, _ := bitboard.ParseRotation([]byte("1 1 2 3 2 3 2 3 3 2 3 2 1 1 1 2 1 1 1 2 2 3 3 3"))
			var gen uint64
			for i := 0; i < b.N; i++ {
				res, _ := s.Solve(board, Limits{})
				if res.Len != 13 {
					b.Fatalf("length %d, want 13", res.Len)
				}
				gen += res.Generated
			}
			b.ReportMetric(float64(gen)/float64(b.N), "gen/op")
		})
	}
}

// TestRotationSolveManyMatchesIDA checks the batched path-table lookups of
// SolveMany against IDA* with the exact heuristic, a search that reads no
// path table, on block-sized and odd-sized batches.
func TestRotationSolveManyMatchesIDA(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	s, ida := newPathSolver(t), newRotationSolver(t, RotationExact)
	for _, n := range []int{0, 1, manyBlock - 1, manyBlock, manyBlock + 1, 1000} {
		boards := make([]bitboard.Rotation, n)
		for i := range boards {
			if i%5 == 0 {
				boards[i] = randomWalk(r, r.IntN(3)) // some solved, some short
			} else {
				boards[i] = bitboard.RandomRotation(r)
			}
		}
		out := make([]RotationResult, n+3) // longer than boards: only the first n are written
		s.SolveMany(boards, out)
		for i, b := range boards {
			want, _ := ida.Solve(b, Limits{})
			if got := out[i]; got.MoveString() != want.MoveString() || got.Symbol != want.Symbol || got.Generated != 0 {
				t.Fatalf("n=%d board %d %v: SolveMany %q %d (%d nodes), IDA* %q %d", n, i, b,
					got.MoveString(), got.Symbol, got.Generated, want.MoveString(), want.Symbol)
			}
		}
		for _, x := range out[n:] {
			if x.Len != 0 || x.Symbol != 0 {
				t.Fatalf("n=%d: SolveMany wrote past the boards", n)
			}
		}
	}
}

// benchBoards is a board set far larger than the caches, so benchmarks pay
// the table reads that real batches pay.
func benchBoards() []bitboard.Rotation {
	r := rand.New(rand.NewPCG(1, 1))
	boards := make([]bitboard.Rotation, 1<<20)
	for i := range boards {
		boards[i] = bitboard.RandomRotation(r)
	}
	return boards
}

func BenchmarkRotationSolveMany(b *testing.B) {
	s := newPathSolver(b)
	boards := benchBoards()
	out := make([]RotationResult, 1024)
	b.ResetTimer()
	for i := 0; i < b.N; i += len(out) {
		j := i & (len(boards) - 1)
		s.SolveMany(boards[j:j+len(out)], out)
	}
}

func TestNewRotationPathsRefusesBadEntries(t *testing.T) {
	good, err := pdb.BuildRotationPaths(rotationTable(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []uint64{40, 15, 1 << 60, 2 | 7<<20} {
		data := bytes.Clone(good.Data)
		binary.LittleEndian.PutUint64(data[8*1234:], e)
		bad, err := pdb.NewTable(good.Puzzle, good.Pattern, good.Entries, good.Width, data)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewRotationPaths(bad); !errors.Is(err, ErrTable) {
			t.Fatalf("entry %#x: %v", e, err)
		}
	}
}
