package bitboard

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// tilesShapes lists every supported board shape.

// parseTilesText parses a rows x cols board from text, fields separated by
// ASCII white space (IsSpace) as every reader of boards separates them: a
// non-ASCII space such as U+00A0 is part of a field, which then is a bad
// tile value.
func parseTilesText(text string, rows, cols int) (Tiles, error) {
	return ParseTiles(strings.FieldsFunc(text, func(r rune) bool { return r < utf8.RuneSelf && IsSpace(byte(r)) }), rows, cols)
}

func tilesShapes() (out [][2]int) {
	for r := TilesMinSide; r <= TilesMaxCells/TilesMinSide; r++ {
		for c := TilesMinSide; r*c <= TilesMaxCells; c++ {
			out = append(out, [2]int{r, c})
		}
	}
	return out
}

// tilesPlain is the slow obvious board used as a test oracle: a grid of rows
// of ints, moved by coordinates.
type tilesPlain struct {
	grid   [][]int
	br, bc int // blank row and column
}

func tilesPlainOf(b Tiles) tilesPlain {
	p := tilesPlain{}
	for r := range b.Rows() {
		row := make([]int, b.Cols())
		for c := range row {
			row[c] = b.At(r*b.Cols() + c)
			if row[c] == 0 {
				p.br, p.bc = r, c
			}
		}
		p.grid = append(p.grid, row)
	}
	return p
}

func (p tilesPlain) flat() []int {
	var out []int
	for _, row := range p.grid {
		out = append(out, row...)
	}
	return out
}

// move moves the blank by (dr, dc) written out by hand from the rules.
func (p tilesPlain) move(m TilesMove) (tilesPlain, bool) {
	r, c := p.br, p.bc
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
	if r < 0 || r >= len(p.grid) || c < 0 || c >= len(p.grid[0]) {
		return p, false
	}
	q := tilesPlain{br: r, bc: c}
	for _, row := range p.grid {
		q.grid = append(q.grid, slices.Clone(row))
	}
	q.grid[p.br][p.bc], q.grid[r][c] = q.grid[r][c], 0
	return q, true
}

// inversionsSolvable is the textbook solvability rule for the blank-last goal.
func inversionsSolvable(p tilesPlain) bool {
	cells := p.flat()
	inv := 0
	for i := range cells {
		for j := i + 1; j < len(cells); j++ {
			if cells[i] != 0 && cells[j] != 0 && cells[i] > cells[j] {
				inv++
			}
		}
	}
	if len(p.grid[0])%2 == 1 {
		return inv%2 == 0
	}
	rowFromBottom := len(p.grid) - p.br // 1-based
	return (inv+rowFromBottom)%2 == 1
}

func TestTilesMovesMatchPlainBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, sh := range tilesShapes() {
		rows, cols := sh[0], sh[1]
		b := RandomTiles(r, rows, cols, BlankFirst)
		p := tilesPlainOf(b)
		for i := range 3000 {
			m := TilesMove(r.IntN(TilesMoves))
			nb, ok := b.Move(m)
			np, pok := p.move(m)
			if ok != pok {
				t.Fatalf("%dx%d step %d: move %c legal=%v, plain says %v", rows, cols, i, m.Letter(), ok, pok)
			}
			if !nb.Valid() || nb.Rows() != rows || nb.Cols() != cols || nb.Size() != rows*cols {
				t.Fatalf("%dx%d step %d: invalid board %v", rows, cols, i, nb)
			}
			if got := tilesPlainOf(nb); !slices.Equal(got.flat(), np.flat()) || nb.BlankCell() != np.br*cols+np.bc {
				t.Fatalf("%dx%d step %d: move %c gives %v, plain %v", rows, cols, i, m.Letter(), nb, np.flat())
			}
			if want := -1; ok {
				want = np.br*cols + np.bc
				if got := TilesNeighbour(rows, cols, b.BlankCell(), m); got != want {
					t.Fatalf("TilesNeighbour = %d, want %d", got, want)
				}
				back, _ := nb.Move(m.Inverse())
				if back != b {
					t.Fatalf("move %c then inverse does not restore %v", m.Letter(), b)
				}
			} else if got := TilesNeighbour(rows, cols, b.BlankCell(), m); got != want {
				t.Fatalf("TilesNeighbour = %d off the board, want -1", got)
			}
			b, p = nb, np
		}
	}
}

// tilesSpaceBFS returns every board reachable from the BlankFirst goal of a
// small board, by breadth-first search over the plain moves.
func tilesSpaceBFS(rows, cols int) map[string]bool {
	key := func(p tilesPlain) string { return string(intsToBytes(p.flat())) }
	start := tilesPlainOf(GoalTiles(rows, cols, BlankFirst))
	seen := map[string]bool{key(start): true}
	queue := []tilesPlain{start}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for m := range TilesMove(TilesMoves) {
			if q, ok := p.move(m); ok && !seen[key(q)] {
				seen[key(q)] = true
				queue = append(queue, q)
			}
		}
	}
	return seen
}

func intsToBytes(s []int) []byte {
	out := make([]byte, len(s))
	for i, v := range s {
		out[i] = byte(v)
	}
	return out
}

// TestTilesSolvableMatchesBFS checks the parity rule against the whole space
// of small boards: a board is Solvable exactly when a breadth-first search
// from the goal reaches it, and that is half of all boards.
func TestTilesSolvableMatchesBFS(t *testing.T) {
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}}
	if !testing.Short() {
		shapes = append(shapes, [2]int{3, 3})
	}
	for _, sh := range shapes {
		rows, cols := sh[0], sh[1]
		reach := tilesSpaceBFS(rows, cols)
		size := rows * cols
		perm := make([]int, size)
		for i := range perm {
			perm[i] = i
		}
		all, solvable := 0, 0
		for {
			b, err := NewTiles(rows, cols, perm)
			if err != nil {
				t.Fatal(err)
			}
			want := reach[string(intsToBytes(perm))]
			if got := b.Solvable(BlankFirst); got != want {
				t.Fatalf("%dx%d %v: Solvable = %v, BFS says %v", rows, cols, b, got, want)
			}
			// BlankLast: the board is solvable when its canonical image is.
			if got, want := b.Solvable(BlankLast), reach[string(intsToBytes(tilesPlainOf(b.Canonical(BlankLast)).flat()))]; got != want {
				t.Fatalf("%dx%d %v: Solvable(blank-last) = %v, BFS says %v", rows, cols, b, got, want)
			}
			all++
			if want {
				solvable++
			}
			if !tilesNextPerm(perm) {
				break
			}
		}
		if solvable*2 != all || len(reach) != solvable {
			t.Fatalf("%dx%d: %d of %d boards solvable, BFS reached %d", rows, cols, solvable, all, len(reach))
		}
	}
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

func TestTilesSolvableMatchesInversions(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, sh := range tilesShapes() {
		rows, cols := sh[0], sh[1]
		solvable := 0
		const boards = 1000
		for range boards {
			b, err := NewTiles(rows, cols, r.Perm(rows*cols))
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
			t.Errorf("%dx%d: %d of %d random boards solvable, want about half", rows, cols, solvable, boards)
		}
		// Random walks from either goal are solvable for that goal.
		for _, g := range []Goal{BlankFirst, BlankLast} {
			for k := range 30 {
				b := RandomWalkTiles(r, rows, cols, g, k)
				if !b.Solvable(g) {
					t.Fatalf("walk of %d from %v goal unsolvable: %v", k, g, b)
				}
			}
		}
	}
}

// tilesPlainRotate180 rotates the plain grid and relabels t as size-t.
func tilesPlainRotate180(p tilesPlain) []int {
	f := p.flat()
	out := make([]int, len(f))
	for i, v := range f {
		if v != 0 {
			v = len(f) - v
		}
		out[len(f)-1-i] = v
	}
	return out
}

func TestTilesCanonicalAndTranspose(t *testing.T) {
	for _, sh := range tilesShapes() {
		rows, cols := sh[0], sh[1]
		if c := GoalTiles(rows, cols, BlankLast).Canonical(BlankLast); c != GoalTiles(rows, cols, BlankFirst) {
			t.Fatalf("%dx%d: canonical of blank-last goal is %v", rows, cols, c)
		}
		if !GoalTiles(rows, cols, BlankLast).IsGoal(BlankLast) || GoalTiles(rows, cols, BlankLast).IsGoal(BlankFirst) {
			t.Fatalf("%dx%d: IsGoal", rows, cols)
		}
		if rows == cols {
			if tr := GoalTiles(rows, cols, BlankFirst).Transpose(); tr != GoalTiles(rows, cols, BlankFirst) {
				t.Fatalf("n=%d: transpose of the goal is %v", rows, tr)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	shapes := tilesShapes()
	for range 3000 {
		sh := shapes[r.IntN(len(shapes))]
		rows, cols := sh[0], sh[1]
		b := RandomTiles(r, rows, cols, BlankLast)
		c := b.Canonical(BlankLast)
		if !c.Valid() || !c.Solvable(BlankFirst) || !slices.Equal(tilesPlainOf(c).flat(), tilesPlainRotate180(tilesPlainOf(b))) {
			t.Fatalf("canonical %v of %v wrong, invalid or unsolvable", c, b)
		}
		// A move on the canonical board is the mirrored move on b.
		for m := range TilesMove(TilesMoves) {
			nb, ok := b.Move(m.Mirror())
			nc, okc := c.Move(m)
			if ok != okc || (ok && nb.Canonical(BlankLast) != nc) {
				t.Fatalf("move %c does not commute with Canonical on %v", m.Letter(), b)
			}
		}
		if rows != cols {
			continue
		}
		tr := c.Transpose()
		// Plain transpose: tile v at (i, j) becomes tile T(v) at (j, i).
		p := tilesPlainOf(c)
		for i := range rows {
			for j := range cols {
				v := p.grid[i][j]
				if want := v%cols*cols + v/cols; tr.At(j*cols+i) != want {
					t.Fatalf("transpose of %v is %v", c, tr)
				}
			}
		}
		if !tr.Valid() || tr.Transpose() != c || !tr.Solvable(BlankFirst) {
			t.Fatalf("transpose of %v: %v", c, tr)
		}
	}
}

// TestTilesSymmetries checks each symmetry is a distinct automorphism of the
// grid (neighbours stay neighbours, corners map to corners), that they form
// a group with the identity first, and that Inverse undoes each.
func TestTilesSymmetries(t *testing.T) {
	for _, sh := range tilesShapes() {
		rows, cols := sh[0], sh[1]
		syms := TilesSymmetries(rows, cols)
		want := 4
		if rows == cols {
			want = 8
		}
		if len(syms) != want || syms[0].Name != TilesIdentity {
			t.Fatalf("%dx%d: %d symmetries, first %q", rows, cols, len(syms), syms[0].Name)
		}
		size := rows * cols
		seen := map[[TilesMaxCells]uint8]bool{}
		for _, s := range syms {
			if seen[s.Cell] {
				t.Fatalf("%dx%d: %s repeats a symmetry", rows, cols, s.Name)
			}
			seen[s.Cell] = true
			var image uint32
			for c := range TilesMaxCells {
				if c >= size {
					if int(s.Cell[c]) != c {
						t.Fatalf("%s moves cell %d past the board", s.Name, c)
					}
					continue
				}
				image |= 1 << s.Cell[c]
				for d := range size {
					if TilesDistance(cols, c, d) != TilesDistance(cols, int(s.Cell[c]), int(s.Cell[d])) {
						t.Fatalf("%dx%d %s: distance %d-%d not kept", rows, cols, s.Name, c, d)
					}
				}
			}
			if image != 1<<size-1 {
				t.Fatalf("%dx%d %s is not a permutation", rows, cols, s.Name)
			}
			inv := s.Inverse()
			for c := range size {
				if int(inv.Cell[s.Cell[c]]) != c {
					t.Fatalf("%s: inverse %s does not undo it", s.Name, inv.Name)
				}
			}
			if !slices.ContainsFunc(syms, func(x TilesSymmetry) bool { return x.Name == inv.Name && x.Cell == inv.Cell }) {
				t.Fatalf("%dx%d: inverse of %s (%s) not among the symmetries", rows, cols, s.Name, inv.Name)
			}
		}
		// Closed under composition.
		for _, a := range syms {
			for _, b := range syms {
				var ab [TilesMaxCells]uint8
				for c := range TilesMaxCells {
					ab[c] = a.Cell[b.Cell[c]]
				}
				if !seen[ab] {
					t.Fatalf("%dx%d: %s after %s is not a symmetry", rows, cols, a.Name, b.Name)
				}
			}
		}
		if rows == cols {
			// The transpose symmetry is the one Tiles.Transpose uses.
			tr := syms[slices.IndexFunc(syms, func(x TilesSymmetry) bool { return x.Name == TilesTransposeName })]
			b := RandomTiles(rand.New(rand.NewPCG(uint64(rows), 9)), rows, cols, BlankFirst)
			bt := b.Transpose()
			for c := range size {
				if bt.At(int(tr.Cell[c])) != int(tr.Cell[b.At(c)]) {
					t.Fatalf("Transpose disagrees with the transpose symmetry on %v", b)
				}
			}
		}
	}
}

func TestParseTiles(t *testing.T) {
	b, err := parseTilesText("1 3 0\n4 2 5\n7 8 6\n", 3, 3)
	if err != nil || b.String() != "1 3 0 4 2 5 7 8 6" || b.BlankCell() != 2 {
		t.Fatalf("got %v (blank %d), %v", b, b.BlankCell(), err)
	}
	b, err = parseTilesText("1 2 3 0 4 5", 2, 3)
	if err != nil || b.String() != "1 2 3 0 4 5" || b.BlankCell() != 3 || b.Rows() != 2 || b.Cols() != 3 {
		t.Fatalf("2x3: got %v, %v", b, err)
	}
	five := "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"
	if b, err = parseTilesText(five, 5, 5); err != nil || b.String() != five || b.BlankCell() != 11 {
		t.Fatalf("5x5: got %v, %v", b, err)
	}
	for _, tc := range []struct {
		text       string
		rows, cols int
		err        error
		field      int
	}{
		{"1 2 3", 3, 3, ErrTilesCount, 0},
		{"0 1 2 3 4 5 6 7 8 9", 3, 3, ErrTilesCount, 0},
		{"0 1 2 3 4 5 6 7 9", 3, 3, ErrTilesValue, 9},
		{"0 1 2 3 x 5 6 7 8", 3, 3, ErrTilesValue, 5},
		{"0 1 2 3 -4 5 6 7 8", 3, 3, ErrTilesValue, 5},
		{"0 1 2 3 4 5 6 7 7", 3, 3, ErrTilesDuplicate, 9},
		{"0 1 2 3 4 5 6 7\xc2\xa08", 3, 3, ErrTilesCount, 0}, // U+00A0 separates nothing
		{"0\xc2\xa01 2 3 4 5 6 7 8 1", 3, 3, ErrTilesValue, 1},
		{"0\u20031 2 3 4 5 6 7 8 1", 3, 3, ErrTilesValue, 1},
		{"0 1 2 3 4 6", 2, 3, ErrTilesValue, 6},
		{"0 1 2 3 4 5 6", 2, 3, ErrTilesCount, 0},
		{"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 25", 5, 5, ErrTilesValue, 25},
		{"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 99999999999999999999", 5, 5, ErrTilesValue, 25},
		{"0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 24 24", 5, 5, ErrTilesDuplicate, 25},
	} {
		_, err := parseTilesText(tc.text, tc.rows, tc.cols)
		var pe *ParseError
		if !errors.Is(err, tc.err) || !errors.As(err, &pe) || pe.Field != tc.field {
			t.Errorf("%q: got %v, want %v at field %d", tc.text, err, tc.err, tc.field)
		}
		if err != nil && strings.HasPrefix(err.Error(), "bitboard") {
			t.Errorf("%q: message %q names the package", tc.text, err)
		}
	}
	if b, err := parseTilesText("\v1 3\f0\r\n4\t2 5\n7 8 6", 3, 3); err != nil || b.String() != "1 3 0 4 2 5 7 8 6" {
		t.Errorf("ASCII white space: %v, %v", b, err)
	}
	if b, err := parseTilesText("01 3 0 4 2 5 7 8 6", 3, 3); err != nil || b.At(0) != 1 {
		t.Errorf("leading zero: %v, %v", b, err)
	}
	for _, sh := range [][2]int{{1, 4}, {4, 1}, {5, 6}, {2, 13}, {0, 0}, {1 << 62, 4}, {-2, -2}} {
		if _, err := parseTilesText("0 1 2 3", sh[0], sh[1]); !errors.Is(err, ErrTilesSize) {
			t.Errorf("%dx%d: got %v", sh[0], sh[1], err)
		}
		if _, err := NewTiles(sh[0], sh[1], []int{0, 1, 2, 3}); !errors.Is(err, ErrTilesSize) {
			t.Errorf("NewTiles %dx%d: got %v", sh[0], sh[1], err)
		}
	}
	if _, err := NewTiles(2, 2, []int{0, 1, 2, 2}); !errors.Is(err, ErrTilesDuplicate) {
		t.Errorf("NewTiles duplicate: %v", err)
	}
}

func TestTilesApply(t *testing.T) {
	// AOJ ALDS1_13_B sample: 4 moves to the blank-last goal.
	b, _ := parseTilesText("1 3 0 4 2 5 7 8 6", 3, 3)
	got, err := b.Apply("LDRD")
	if err != nil || !got.IsGoal(BlankLast) {
		t.Fatalf("LDRD gives %v, %v", got, err)
	}
	if _, err := b.Apply("R"); !errors.Is(err, ErrTilesMove) {
		t.Fatalf("move off the board: %v", err)
	}
	if _, err := b.Apply("X"); !errors.Is(err, ErrTilesMove) {
		t.Fatalf("bad letter: %v", err)
	}
	// LeetCode 773 example: [[4,1,2],[5,0,3]] takes 5 moves to 1 2 3 4 5 0.
	b, _ = parseTilesText("4 1 2 5 0 3", 2, 3)
	if got, err := b.Apply("LURRD"); err != nil || !got.IsGoal(BlankLast) {
		t.Fatalf("2x3 LURRD gives %v, %v", got, err)
	}
}

func TestRandomTilesUniformOverCells(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, sh := range [][2]int{{4, 4}, {2, 3}, {5, 5}, {3, 4}} {
		rows, cols := sh[0], sh[1]
		size := rows * cols
		boards := 1000 * size
		var count [TilesMaxCells][TilesMaxCells]int
		for range boards {
			b := RandomTiles(r, rows, cols, BlankFirst)
			if !b.Valid() || !b.Solvable(BlankFirst) {
				t.Fatalf("bad random board %v", b)
			}
			for c := range size {
				count[c][b.At(c)]++
			}
		}
		for c := range size {
			for v := range size {
				if n := count[c][v]; n < boards/size*7/10 || n > boards/size*13/10 {
					t.Fatalf("%dx%d: tile %d in cell %d %d times out of %d", rows, cols, v, c, n, boards)
				}
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
			f.Add(line, 3, 3)
			f.Add(line, 4, 4)
			f.Add(line, 2, 3)
			f.Add(line, 5, 5)
		}
	}
	f.Fuzz(func(t *testing.T, text string, rows, cols int) {
		b, err := parseTilesText(text, rows, cols)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) && !errors.Is(err, ErrTilesSize) {
				t.Fatalf("error %v is neither a *ParseError nor ErrTilesSize", err)
			}
			return
		}
		if !b.Valid() {
			t.Fatalf("accepted an invalid board %v from %q", b, text)
		}
		if b2, err := parseTilesText(b.String(), rows, cols); err != nil || b2 != b {
			t.Fatalf("round trip of %q failed: %v", text, err)
		}
	})
}

// TestTilesDistance checks TilesDistance against a breadth-first search over
// TilesNeighbour: on an empty board a tile's shortest path is its Manhattan
// distance.
func TestTilesDistance(t *testing.T) {
	for _, sh := range tilesShapes() {
		rows, cols := sh[0], sh[1]
		for a := range rows * cols {
			dist := map[int]int{a: 0}
			queue := []int{a}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for m := range TilesMove(TilesMoves) {
					if nb := TilesNeighbour(rows, cols, c, m); nb >= 0 {
						if _, ok := dist[nb]; !ok {
							dist[nb] = dist[c] + 1
							queue = append(queue, nb)
						}
					}
				}
			}
			if len(dist) != rows*cols {
				t.Fatalf("%dx%d: %d cells reachable", rows, cols, len(dist))
			}
			for b := range rows * cols {
				if got := TilesDistance(cols, a, b); got != dist[b] || got != TilesDistance(cols, b, a) {
					t.Fatalf("%dx%d: distance %d-%d = %d, want %d", rows, cols, a, b, got, dist[b])
				}
			}
		}
	}
}

// BenchmarkParseTiles4x4 measures the batch path's board parser.
func BenchmarkParseTiles4x4(b *testing.B) {
	fields := strings.Fields("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3")
	for b.Loop() {
		if _, err := ParseTiles(fields, 4, 4); err != nil {
			b.Fatal(err)
		}
	}
}
