package bitboard

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// Sliding-tile boards.
//
// A Tiles value is an m x n board (m rows, n columns, 2 <= m, n and
// m*n <= 25) stored as one byte a cell: cell c (row-major, c = row*n + col)
// holds its tile, 0 for the blank. The blank's cell and the board's shape are
// kept beside the cells, so a move is one swap of two bytes, and a board is
// comparable with == and usable as a map key.
//
// Moves are named by the direction the blank moves: U, D, L, R.
//
// Two goal conventions exist (Goal). BlankFirst puts tile t at cell t and the
// blank at cell 0; BlankLast puts tile t at cell t-1 and the blank last.
// Rotating a board by 180 degrees and relabelling tile t as m*n-t turns the
// BlankLast goal into the BlankFirst one and swaps U with D and L with R, so
// one set of pattern databases, built for BlankFirst, serves both (see
// Tiles.Canonical).

// Tile board sizes.
const (
	TilesMinSide  = 2                            // fewest rows or columns of a board
	TilesMaxCells = 25                           // most cells of a board (5 x 5)
	tilesMaxSide  = TilesMaxCells / TilesMinSide // longest side of a board (2 x 12)
	TilesMoves    = 4                            // number of move directions
)

// TilesMove is a direction the blank moves in.
type TilesMove uint8

// The four blank moves; tilesMoveNames spells them.
const (
	MoveUp TilesMove = iota
	MoveDown
	MoveLeft
	MoveRight
)

// tilesMoveNames holds the letter of each TilesMove.
const tilesMoveNames = "UDLR"

// Inverse returns the move that undoes m.
func (m TilesMove) Inverse() TilesMove { return m ^ 1 }

// Mirror returns the move m becomes on the board rotated by 180 degrees.
func (m TilesMove) Mirror() TilesMove { return m ^ 1 }

// Letter returns the letter naming m.
func (m TilesMove) Letter() byte { return tilesMoveNames[m] }

// tilesMoveOf returns the move named by letter c (U, D, L or R).
func tilesMoveOf(c byte) (TilesMove, bool) {
	i := strings.IndexByte(tilesMoveNames, c)
	if i < 0 {
		return 0, false
	}
	return TilesMove(i), true
}

// Goal is a goal convention for sliding-tile boards.
type Goal uint8

// The goal conventions.
const (
	BlankFirst Goal = iota // 0 1 2 ... m*n-1: blank top-left, tile t at cell t
	BlankLast              // 1 2 ... m*n-1 0: tile t at cell t-1, blank bottom-right
)

var goalNames = [...]string{BlankFirst: "blank-first", BlankLast: "blank-last"}

func (g Goal) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return "Goal(" + strconv.Itoa(int(g)) + ")"
}

// Errors returned by the tiles parser. ErrTilesCount, ErrTilesValue and
// ErrTilesDuplicate come wrapped in a *ParseError naming the field.
var (
	// ErrTilesCount is returned when a board has the wrong number of fields.
	ErrTilesCount = errors.New("wrong number of tiles")
	// ErrTilesValue is returned when a field is not a tile of the board.
	ErrTilesValue = errors.New("not a tile of the board")
	// ErrTilesDuplicate is returned when a tile appears twice.
	ErrTilesDuplicate = errors.New("duplicate tile")
	// ErrTilesSize is returned when a board shape is outside 2 <= rows, cols
	// and rows*cols <= 25.
	ErrTilesSize = errors.New("unsupported board size (want rows and columns of at least 2 and at most 25 cells)")
)

// Tiles is a sliding-tile board; see the comment at the top of this file.
// The zero value is not a valid board.
type Tiles struct {
	cells      [TilesMaxCells]uint8 // tile of cell c, 0 for the blank; 0 past the board
	rows, cols uint8
	blank      uint8 // cell of the blank
}

// TilesSizeOK reports whether rows x cols is a supported board shape.
func TilesSizeOK(rows, cols int) bool {
	return rows >= TilesMinSide && cols >= TilesMinSide && rows <= tilesMaxSide && cols <= tilesMaxSide &&
		rows*cols <= TilesMaxCells
}

// TilesNeighbour returns the cell the blank reaches from cell c by move m on
// a rows x cols board, or -1 when m would leave the board.
func TilesNeighbour(rows, cols, c int, m TilesMove) int {
	switch m {
	case MoveUp:
		if c >= cols {
			return c - cols
		}
	case MoveDown:
		if c+cols < rows*cols {
			return c + cols
		}
	case MoveLeft:
		if c%cols != 0 {
			return c - 1
		}
	case MoveRight:
		if c%cols != cols-1 {
			return c + 1
		}
	}
	return -1
}

// TilesDistance returns the Manhattan distance between cells a and b of a
// board with cols columns: the moves a tile needs from one to the other on an
// otherwise empty board.
func TilesDistance(cols, a, b int) int {
	return tilesAbs(a/cols-b/cols) + tilesAbs(a%cols-b%cols)
}

func tilesAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// NewTiles builds a rows x cols board from its cells listed row by row, 0 for
// the blank. The cells must be a permutation of 0..rows*cols-1; errors are
// ErrTilesSize, or *ParseError values naming the cell (1-based) as the field.
func NewTiles(rows, cols int, cells []int) (Tiles, error) {
	if !TilesSizeOK(rows, cols) || len(cells) != rows*cols {
		return Tiles{}, tilesShapeError(rows, cols, len(cells))
	}
	size := rows * cols
	b := Tiles{rows: uint8(rows), cols: uint8(cols)}
	var seen uint32
	for c, v := range cells {
		if v < 0 || v >= size {
			return Tiles{}, &ParseError{Field: c + 1, Err: ErrTilesValue, Detail: fmt.Sprintf("got %d, want 0..%d", v, size-1)}
		}
		if seen&(1<<v) != 0 {
			return Tiles{}, tilesDuplicateError(c, v)
		}
		seen |= 1 << v
		b.cells[c] = uint8(v)
		if v == 0 {
			b.blank = uint8(c)
		}
	}
	return b, nil
}

// tilesShapeError returns the error of n cells given for a rows x cols
// board: ErrTilesSize when the shape is not supported, else a *ParseError
// wrapping ErrTilesCount (nil when n is rows*cols).
func tilesShapeError(rows, cols, n int) error {
	if !TilesSizeOK(rows, cols) {
		return fmt.Errorf("%w: got %dx%d", ErrTilesSize, rows, cols)
	}
	if n != rows*cols {
		return &ParseError{Err: ErrTilesCount, Detail: fmt.Sprintf("got %d, want %d for a %dx%d board", n, rows*cols, rows, cols)}
	}
	return nil
}

// tilesDuplicateError is the error of tile v given again in cell c.
func tilesDuplicateError(c, v int) error {
	return &ParseError{Field: c + 1, Err: ErrTilesDuplicate, Detail: fmt.Sprintf("tile %d appears twice", v)}
}

// ParseTiles parses a rows x cols board from its rows*cols fields, row by
// row, 0 for the blank. Errors are ErrTilesSize, or *ParseError values naming
// the field (1-based) and wrapping ErrTilesCount, ErrTilesValue or
// ErrTilesDuplicate.
func ParseTiles(fields []string, rows, cols int) (Tiles, error) {
	if !TilesSizeOK(rows, cols) || len(fields) != rows*cols {
		return Tiles{}, tilesShapeError(rows, cols, len(fields))
	}
	size := rows * cols
	b := Tiles{rows: uint8(rows), cols: uint8(cols)}
	var seen uint32
	for c, f := range fields {
		// Decimal digits by hand (this is on the batch path); v stops at
		// size, which no tile reaches.
		v := size
		if len(f) > 0 {
			v = 0
			for i := 0; i < len(f) && v < size; i++ {
				d := f[i] - '0'
				if d > 9 {
					v = size
				} else {
					v = v*10 + int(d)
				}
			}
		}
		if v >= size {
			return Tiles{}, &ParseError{Field: c + 1, Err: ErrTilesValue, Detail: fmt.Sprintf("got %q, want an integer 0..%d", tilesTruncate(f), size-1)}
		}
		if seen&(1<<v) != 0 {
			return Tiles{}, tilesDuplicateError(c, v)
		}
		seen |= 1 << v
		b.cells[c] = uint8(v)
		if v == 0 {
			b.blank = uint8(c)
		}
	}
	return b, nil
}

func tilesTruncate(s string) string {
	const maxShown = 20
	if len(s) > maxShown {
		return s[:maxShown] + "..."
	}
	return s
}

// Rows returns the number of rows.
func (b Tiles) Rows() int { return int(b.rows) }

// Cols returns the number of columns.
func (b Tiles) Cols() int { return int(b.cols) }

// Size returns the number of cells, Rows*Cols.
func (b Tiles) Size() int { return int(b.rows) * int(b.cols) }

// At returns the tile in cell c (0..Size-1), 0 for the blank.
func (b Tiles) At(c int) int { return int(b.cells[c]) }

// BlankCell returns the cell of the blank.
func (b Tiles) BlankCell() int { return int(b.blank) }

// Valid reports whether b is a board of a supported shape holding each tile
// once, with the blank where BlankCell says and no stray cells past its end.
func (b Tiles) Valid() bool {
	size := b.Size()
	if !TilesSizeOK(int(b.rows), int(b.cols)) || int(b.blank) >= size {
		return false
	}
	var seen uint32
	for c, v := range b.cells {
		if c >= size {
			if v != 0 {
				return false
			}
			continue
		}
		if int(v) >= size {
			return false
		}
		seen |= 1 << v
	}
	return seen == 1<<size-1 && b.cells[b.blank] == 0
}

// Move returns the board after the blank moves in direction m, and false
// (with b unchanged) when the move would leave the board.
func (b Tiles) Move(m TilesMove) (Tiles, bool) {
	to := TilesNeighbour(int(b.rows), int(b.cols), int(b.blank), m)
	if to < 0 {
		return b, false
	}
	b.cells[b.blank], b.cells[to] = b.cells[to], 0
	b.blank = uint8(to)
	return b, true
}

// ErrTilesMove is returned by Apply when a letter is not a move or a move
// leaves the board.
var ErrTilesMove = errors.New("invalid tile move")

// Apply returns the board after the moves spelled by letters U, D, L, R.
// Errors wrap ErrTilesMove and give the move's position (1-based).
func (b Tiles) Apply(moves string) (Tiles, error) {
	for i := 0; i < len(moves); i++ {
		m, ok := tilesMoveOf(moves[i])
		if !ok {
			return b, fmt.Errorf("%w: move %d is %q, want U, D, L or R", ErrTilesMove, i+1, moves[i])
		}
		if b, ok = b.Move(m); !ok {
			return b, fmt.Errorf("%w: move %d (%c) leaves the board", ErrTilesMove, i+1, moves[i])
		}
	}
	return b, nil
}

// GoalTiles returns the goal board of a rows x cols board in convention g.
// The shape must satisfy TilesSizeOK.
func GoalTiles(rows, cols int, g Goal) Tiles {
	size := rows * cols
	b := Tiles{rows: uint8(rows), cols: uint8(cols)}
	for c := range size {
		v := c
		if g == BlankLast {
			v = (c + 1) % size
		}
		b.cells[c] = uint8(v)
	}
	if g == BlankLast {
		b.blank = uint8(size - 1)
	}
	return b
}

// IsGoal reports whether b is the goal of convention g.
func (b Tiles) IsGoal(g Goal) bool { return b == GoalTiles(int(b.rows), int(b.cols), g) }

// Canonical returns the BlankFirst board equivalent to b under goal g: b
// itself for BlankFirst; for BlankLast, b rotated by 180 degrees with tile t
// relabelled m*n-t. A move m on the canonical board is m.Mirror() on b.
func (b Tiles) Canonical(g Goal) Tiles {
	if g == BlankFirst {
		return b
	}
	size := b.Size()
	out := Tiles{rows: b.rows, cols: b.cols, blank: uint8(size - 1 - int(b.blank))}
	for c := range size {
		v := int(b.cells[c])
		if v != 0 {
			v = size - v
		}
		out.cells[size-1-c] = uint8(v)
	}
	return out
}

// Transpose returns the square board b reflected about its main diagonal,
// with tile t relabelled as the tile whose BlankFirst goal cell is t's
// reflection: tile t at cell c becomes tile T(t) at cell T(c). The
// BlankFirst goal maps to itself, and the distance to it is unchanged.
// Transpose panics on a board that is not square (callers check Rows ==
// Cols and tell the user).
func (b Tiles) Transpose() Tiles {
	n := int(b.cols)
	if int(b.rows) != n {
		panic("bitboard: Transpose of a non-square board")
	}
	refl := func(c int) int { return c%n*n + c/n }
	out := Tiles{rows: b.rows, cols: b.cols, blank: uint8(refl(int(b.blank)))}
	for c := range n * n {
		out.cells[refl(c)] = uint8(refl(int(b.cells[c])))
	}
	return out
}

// Solvable reports whether b can reach the goal of convention g: a move is a
// transposition of the board's permutation and moves the blank by one cell,
// so the permutation's parity must equal the parity of the blank's Manhattan
// distance from its goal cell. This holds for every width: on an odd width
// it reduces to the parity of the tiles' inversions, on an even width the
// blank's row counts too.
func (b Tiles) Solvable(g Goal) bool {
	c := b.Canonical(g)
	size := c.Size()
	// Parity of the permutation cell -> tile, by counting cycles.
	var seen uint32
	cycles := 0
	for s := range size {
		if seen&(1<<s) != 0 {
			continue
		}
		cycles++
		for x := s; seen&(1<<x) == 0; x = int(c.cells[x]) {
			seen |= 1 << x
		}
	}
	permOdd := (size-cycles)%2 == 1
	cols := int(c.cols)
	blank := int(c.blank)
	distOdd := (blank/cols+blank%cols)%2 == 1
	return permOdd == distOdd
}

// String returns the cells row by row, separated by single spaces.
func (b Tiles) String() string {
	var sb strings.Builder
	for c := range b.Size() {
		if c > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(int(b.cells[c])))
	}
	return sb.String()
}

// NewTilesRand returns the random source of the sliding-tile boards of
// seed: "pdbsolve random" prints and "pdbsolve score" samples the same
// boards.
func NewTilesRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x711e5)) }

// RandomTiles returns a board drawn uniformly from the rows x cols boards
// that are solvable for goal g. The shape must satisfy TilesSizeOK.
func RandomTiles(r *rand.Rand, rows, cols int, g Goal) Tiles {
	size := rows * cols
	var cells [TilesMaxCells]int
	for i := range size {
		cells[i] = i
	}
	r.Shuffle(size, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, _ := NewTiles(rows, cols, cells[:size])
	if !b.Solvable(g) {
		// Swapping two tiles flips the parity: a bijection between the
		// unsolvable and the solvable boards, so the result stays uniform.
		i, j := 0, 1
		if cells[i] == 0 {
			i = 2
		} else if cells[j] == 0 {
			j = 2
		}
		b.cells[i], b.cells[j] = b.cells[j], b.cells[i]
	}
	return b
}

// RandomWalkTiles returns the rows x cols board reached from the goal of
// convention g by k random moves, never undoing the previous move.
func RandomWalkTiles(r *rand.Rand, rows, cols int, g Goal, k int) Tiles {
	b := GoalTiles(rows, cols, g)
	last := TilesMove(TilesMoves) // none
	for i := 0; i < k; {
		m := TilesMove(r.IntN(TilesMoves))
		if last < TilesMoves && m == last.Inverse() {
			continue
		}
		nb, ok := b.Move(m)
		if !ok {
			continue
		}
		b, last = nb, m
		i++
	}
	return b
}

// TilesSymmetry is a symmetry of the board's grid: Cell[c] is the image of
// cell c (cells past the board map to themselves). On the BlankFirst goal
// tile t sits at cell t, so the symmetry maps tile t to tile Cell[t] as well.
type TilesSymmetry struct {
	Name string
	Cell [TilesMaxCells]uint8
}

// Names of the board symmetries.
const (
	TilesIdentity      = "identity"
	TilesRotate180     = "rotate180"
	TilesFlipRows      = "flip-rows" // row r becomes row m-1-r
	TilesFlipCols      = "flip-cols" // column c becomes column n-1-c
	TilesTransposeName = "transpose" // (r, c) becomes (c, r)
	TilesAntiTranspose = "anti-transpose"
	TilesRotate90      = "rotate90" // clockwise: (r, c) becomes (c, n-1-r)
	TilesRotate270     = "rotate270"
)

// TilesSymmetries returns the symmetries of the rows x cols grid, the
// identity first: 4 on a rectangle (identity, rotate 180, flip rows, flip
// columns), 8 on a square (adding transpose, anti-transpose, rotate 90 and
// 270 degrees clockwise). The shape must satisfy TilesSizeOK.
func TilesSymmetries(rows, cols int) []TilesSymmetry {
	type mapping struct {
		name string
		f    func(r, c int) (int, int)
	}
	m, n := rows, cols
	maps := []mapping{
		{TilesIdentity, func(r, c int) (int, int) { return r, c }},
		{TilesRotate180, func(r, c int) (int, int) { return m - 1 - r, n - 1 - c }},
		{TilesFlipRows, func(r, c int) (int, int) { return m - 1 - r, c }},
		{TilesFlipCols, func(r, c int) (int, int) { return r, n - 1 - c }},
	}
	if m == n {
		maps = append(maps,
			mapping{TilesTransposeName, func(r, c int) (int, int) { return c, r }},
			mapping{TilesAntiTranspose, func(r, c int) (int, int) { return n - 1 - c, n - 1 - r }},
			mapping{TilesRotate90, func(r, c int) (int, int) { return c, n - 1 - r }},
			mapping{TilesRotate270, func(r, c int) (int, int) { return n - 1 - c, r }},
		)
	}
	out := make([]TilesSymmetry, len(maps))
	for i, mp := range maps {
		s := TilesSymmetry{Name: mp.name}
		for c := range TilesMaxCells {
			s.Cell[c] = uint8(c)
		}
		for c := range m * n {
			r2, c2 := mp.f(c/n, c%n)
			s.Cell[c] = uint8(r2*n + c2)
		}
		out[i] = s
	}
	return out
}

// Inverse returns the symmetry that undoes s.
func (s TilesSymmetry) Inverse() TilesSymmetry {
	inv := TilesSymmetry{Name: s.Name}
	switch s.Name {
	case TilesRotate90:
		inv.Name = TilesRotate270
	case TilesRotate270:
		inv.Name = TilesRotate90
	}
	for c, to := range s.Cell {
		inv.Cell[to] = uint8(c)
	}
	return inv
}
