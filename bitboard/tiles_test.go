package bitboard

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tilesPlain is the slow obvious board used as a test oracle: one int8 a cell.
type tilesPlain struct {
	n     int
	cells []int8
	blank int
}

func tilesPlainOf(b Tiles) tilesPlain {
	p := tilesPlain{n: b.N(), cells: make([]int8, b.Size())}
	for c := range p.cells {
		p.cells[c] = int8(b.At(c))
		if p.cells[c] == 0 {
			p.blank = c
		}
	}
	return p
}

// move moves the blank by (dr, dc) written out by hand from the rules.
func (p tilesPlain) move(m TilesMove) (tilesPlain, bool) {
	r, c := p.blank/p.n, p.blank%p.n
	switch m {
	case MoveUp:
		r--
	case MoveDown:
		r++
	case MoveLeft:
		c--
	case MoveRight:
		c++
	}
	if r < 0 || r >= p.n || c < 0 || c >= p.n {
		return p, false
	}
	q := tilesPlain{n: p.n, cells: append([]int8(nil), p.cells...), blank: r*p.n + c}
	q.cells[p.blank], q.cells[q.blank] = q.cells[q.blank], 0
	return q, true
}

// inversionsSolvable is the textbook solvability rule for the blank-last goal.
func inversionsSolvable(p tilesPlain) bool {
	inv := 0
	for i := range p.cells {
		for j := i + 1; j < len(p.cells); j++ {
			if p.cells[i] != 0 && p.cells[j] != 0 && p.cells[i] > p.cells[j] {
				inv++
			}
		}
	}
	if p.n%2 == 1 {
		return inv%2 == 0
	}
	rowFromBottom := p.n - p.blank/p.n // 1-based
	return (inv+rowFromBottom)%2 == 1
}

func TestTilesMovesMatchPlainBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{3, 4} {
		b := RandomTiles(r, n, BlankFirst)
		p := tilesPlainOf(b)
		for i := range 20000 {
			m := TilesMove(r.IntN(TilesMoves))
			nb, ok := b.Move(m)
			np, pok := p.move(m)
			if ok != pok {
				t.Fatalf("n=%d step %d: move %c legal=%v, plain says %v", n, i, m.Letter(), ok, pok)
			}
			if !nb.Valid() {
				t.Fatalf("n=%d step %d: invalid board %v", n, i, nb)
			}
			if got := tilesPlainOf(nb); string(int8sToBytes(got.cells)) != string(int8sToBytes(np.cells)) || got.blank != np.blank {
				t.Fatalf("n=%d step %d: move %c gives %v, plain %v", n, i, m.Letter(), nb, np.cells)
			}
			if ok {
				back, _ := nb.Move(m.Inverse())
				if back != b {
					t.Fatalf("move %c then inverse does not restore %v", m.Letter(), b)
				}
			}
			b, p = nb, np
		}
	}
}

func int8sToBytes(s []int8) []byte {
	out := make([]byte, len(s))
	for i, v := range s {
		out[i] = byte(v)
	}
	return out
}

func TestTilesSolvableMatchesInversions(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{3, 4} {
		solvable := 0
		const boards = 4000
		for range boards {
			cells := r.Perm(n * n)
			b, err := NewTiles(n, cells)
			if err != nil {
				t.Fatal(err)
			}
			want := inversionsSolvable(tilesPlainOf(b))
			if got := b.Solvable(BlankLast); got != want {
				t.Fatalf("%v: Solvable(blank-last) = %v, inversion rule says %v", b, got, want)
			}
			if want {
				solvable++
			}
		}
		if solvable < boards/3 || solvable > 2*boards/3 {
			t.Errorf("n=%d: %d of %d random boards solvable, want about half", n, solvable, boards)
		}
		// Random walks from either goal are solvable for that goal.
		for _, g := range []Goal{BlankFirst, BlankLast} {
			for k := range 50 {
				b := RandomWalkTiles(r, n, g, k)
				if !b.Solvable(g) {
					t.Fatalf("walk of %d from %v goal unsolvable: %v", k, g, b)
				}
			}
		}
	}
}

func TestTilesCanonicalAndTranspose(t *testing.T) {
	for _, n := range []int{3, 4} {
		if c := GoalTiles(n, BlankLast).Canonical(BlankLast); c != GoalTiles(n, BlankFirst) {
			t.Fatalf("n=%d: canonical of blank-last goal is %v", n, c)
		}
		if tr := GoalTiles(n, BlankFirst).Transpose(); tr != GoalTiles(n, BlankFirst) {
			t.Fatalf("n=%d: transpose of the goal is %v", n, tr)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	for range 2000 {
		n := 3 + r.IntN(2)
		b := RandomTiles(r, n, BlankLast)
		c := b.Canonical(BlankLast)
		if !c.Valid() || !c.Solvable(BlankFirst) {
			t.Fatalf("canonical %v of %v invalid or unsolvable", c, b)
		}
		// A move on the canonical board is the mirrored move on b.
		for m := range TilesMove(TilesMoves) {
			nb, ok := b.Move(m.Mirror())
			nc, okc := c.Move(m)
			if ok != okc || (ok && nb.Canonical(BlankLast) != nc) {
				t.Fatalf("move %c does not commute with Canonical on %v", m.Letter(), b)
			}
		}
		tr := c.Transpose()
		if !tr.Valid() || tr.Transpose() != c || !tr.Solvable(BlankFirst) {
			t.Fatalf("transpose of %v: %v", c, tr)
		}
	}
}

func TestParseTiles(t *testing.T) {
	b, err := ParseTilesText("1 3 0\n4 2 5\n7 8 6\n", 3)
	if err != nil || b.String() != "1 3 0 4 2 5 7 8 6" || b.Blank != 2 {
		t.Fatalf("got %v (blank %d), %v", b, b.Blank, err)
	}
	for _, tc := range []struct {
		text  string
		n     int
		err   error
		field int
	}{
		{"1 2 3", 3, ErrTileCount, 0},
		{"0 1 2 3 4 5 6 7 8 9", 3, ErrTileCount, 0},
		{"0 1 2 3 4 5 6 7 9", 3, ErrTileValue, 9},
		{"0 1 2 3 x 5 6 7 8", 3, ErrTileValue, 5},
		{"0 1 2 3 -4 5 6 7 8", 3, ErrTileValue, 5},
		{"0 1 2 3 4 5 6 7 7", 3, ErrTileDuplicate, 9},
		{"0 1 2 3 4 5 6 7\xc2\xa08", 3, ErrTileCount, 0}, // U+00A0 separates nothing
		{"0\xc2\xa01 2 3 4 5 6 7 8 1", 3, ErrTileValue, 1},
		{"0\u20031 2 3 4 5 6 7 8 1", 3, ErrTileValue, 1},
	} {
		_, err := ParseTilesText(tc.text, tc.n)
		var pe *ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Field != tc.field {
			t.Errorf("%q: got %v, want %v at field %d", tc.text, err, tc.err, tc.field)
		}
	}
	if b, err := ParseTilesText("\v1 3\f0\r\n4\t2 5\n7 8 6", 3); err != nil || b.String() != "1 3 0 4 2 5 7 8 6" {
		t.Errorf("ASCII white space: %v, %v", b, err)
	}
	if _, err := ParseTilesText("0 1 2 3", 2); !errors.Is(err, ErrTileSide) {
		t.Errorf("side 2: got %v", err)
	}
	if _, err := ParseGoal("blank-middle"); !errors.Is(err, ErrGoal) {
		t.Errorf("bad goal: %v", err)
	}
	if g, err := ParseGoal("blank-last"); err != nil || g != BlankLast {
		t.Errorf("blank-last: %v %v", g, err)
	}
}

func TestTilesApply(t *testing.T) {
	// AOJ ALDS1_13_B sample: 4 moves to the blank-last goal.
	b, _ := ParseTilesText("1 3 0 4 2 5 7 8 6", 3)
	got, err := b.Apply("LDRD")
	if err != nil || !got.IsGoal(BlankLast) {
		t.Fatalf("LDRD gives %v, %v", got, err)
	}
	if _, err := b.Apply("R"); !errors.Is(err, ErrTileMove) {
		t.Fatalf("move off the board: %v", err)
	}
	if _, err := b.Apply("X"); !errors.Is(err, ErrTileMove) {
		t.Fatalf("bad letter: %v", err)
	}
}

func TestRandomTilesUniformOverCells(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const boards = 16000
	var count [TilesMaxCells][TilesMaxCells]int
	for range boards {
		b := RandomTiles(r, 4, BlankFirst)
		if !b.Valid() || !b.Solvable(BlankFirst) {
			t.Fatalf("bad random board %v", b)
		}
		for c := range 16 {
			count[c][b.At(c)]++
		}
	}
	for c := range 16 {
		for v := range 16 {
			if n := count[c][v]; n < boards/16*7/10 || n > boards/16*13/10 {
				t.Fatalf("tile %d in cell %d %d times out of %d", v, c, n, boards)
			}
		}
	}
}

func FuzzParseTiles(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "tiles-*.txt"))
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f.Add(line, 3)
			f.Add(line, 4)
		}
	}
	f.Fuzz(func(t *testing.T, text string, n int) {
		b, err := ParseTilesText(text, n)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, ErrTileSide) {
				t.Fatalf("error %v is neither a *ParseError nor ErrTileSide", err)
			}
			return
		}
		if !b.Valid() {
			t.Fatalf("accepted an invalid board %v from %q", b, text)
		}
		if b2, err := ParseTilesText(b.String(), n); err != nil || b2 != b {
			t.Fatalf("round trip of %q failed: %v", text, err)
		}
	})
}

// TestTileDistance checks TilesDistance against a breadth-first search over
// TilesNeighbour: on an empty board a tile's shortest path is its Manhattan
// distance.
func TestTileDistance(t *testing.T) {
	for n := TilesMinSide; n <= TilesMaxSide; n++ {
		for a := range n * n {
			dist := map[int]int{a: 0}
			queue := []int{a}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for m := range TilesMove(TilesMoves) {
					if nb := TilesNeighbour(n, c, m); nb >= 0 {
						if _, ok := dist[nb]; !ok {
							dist[nb] = dist[c] + 1
							queue = append(queue, nb)
						}
					}
				}
			}
			for b := range n * n {
				if got := TilesDistance(n, a, b); got != dist[b] || got != TilesDistance(n, b, a) {
					t.Fatalf("%dx%d: distance %d-%d = %d, want %d", n, n, a, b, got, dist[b])
				}
			}
		}
	}
}
