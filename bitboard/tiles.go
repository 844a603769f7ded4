package bitboard

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Sliding-tile boards.
//
// A Tiles value is an N x N board (N = 3 or 4) packed into a uint64, four
// bits a cell: cell c (row-major, c = row*N + col) holds its tile, 0 for the
// blank, in bits 4c..4c+3. The blank's cell is kept beside the word so that a
// move is a shift and two masks.
//
// Moves are named by the direction the blank moves: U, D, L, R.
//
// Two goal conventions exist (Goal). BlankFirst puts tile t at cell t and the
// blank at cell 0; BlankLast puts tile t at cell t-1 and the blank last.
// Rotating a board by 180 degrees and relabelling tile t as N*N-t turns the
// BlankLast goal into the BlankFirst one and swaps U with D and L with R, so
// one set of pattern databases, built for BlankFirst, serves both (see
// Tiles.Canonical).

// Tile board sizes.
const (
	TilesMinSide  = 3                           // smallest side supported
	TilesMaxSide  = 4                           // largest side supported
	TilesMaxCells = TilesMaxSide * TilesMaxSide // cells of the largest board
	tilesCellBits = 4                           // bits a cell in the packed word
	tilesCellMask = 1<<tilesCellBits - 1
	// TilesMoves is the number of move directions.
	TilesMoves = 4
)

// TilesMove is a direction the blank moves in.
type TilesMove uint8

// The four blank moves; TilesMoveNames spells them.
const (
	MoveUp TilesMove = iota
	MoveDown
	MoveLeft
	MoveRight
)

// TilesMoveNames holds the letter of each TilesMove.
const TilesMoveNames = "UDLR"

// Inverse returns the move that undoes m.
func (m TilesMove) Inverse() TilesMove { return m ^ 1 }

// Mirror returns the move m becomes on the board rotated by 180 degrees.
func (m TilesMove) Mirror() TilesMove { return m ^ 1 }

// Letter returns the letter naming m.
func (m TilesMove) Letter() byte { return TilesMoveNames[m] }

// TilesMoveOf returns the move named by letter c (U, D, L or R).
func TilesMoveOf(c byte) (TilesMove, bool) {
	i := strings.IndexByte(TilesMoveNames, c)
	if i < 0 {
		return 0, false
	}
	return TilesMove(i), true
}

// Goal is a goal convention for sliding-tile boards.
type Goal uint8

// The goal conventions.
const (
	BlankFirst Goal = iota // 0 1 2 ... N*N-1: blank top-left, tile t at cell t
	BlankLast              // 1 2 ... N*N-1 0: tile t at cell t-1, blank bottom-right
)

var goalNames = [...]string{BlankFirst: "blank-first", BlankLast: "blank-last"}

func (g Goal) String() string {
	if int(g) < len(goalNames) {
		return goalNames[g]
	}
	return "Goal(" + strconv.Itoa(int(g)) + ")"
}

// ErrGoal is returned by ParseGoal for an unknown name.
var ErrGoal = errors.New("bitboard: unknown goal convention (want blank-first or blank-last)")

// ParseGoal returns the goal convention named s: "blank-first" or "blank-last".
func ParseGoal(s string) (Goal, error) {
	for g, name := range goalNames {
		if s == name {
			return Goal(g), nil
		}
	}
	return 0, fmt.Errorf("%w: %q", ErrGoal, s)
}

// Errors returned by the tiles parser, wrapped in a *ParseError.
var (
	ErrTileCount     = errors.New("bitboard: wrong number of tiles")
	ErrTileValue     = errors.New("bitboard: tile out of range")
	ErrTileDuplicate = errors.New("bitboard: duplicate tile")
	ErrTileSide      = errors.New("bitboard: unsupported board side (want 3 or 4)")
)

// Tiles is a packed sliding-tile board; see the comment at the top of this file.
// The zero value is not a valid board.
type Tiles struct {
	Cells uint64 // tile of cell c in bits 4c..4c+3, 0 for the blank
	Side  uint8  // N
	Blank uint8  // cell of the blank
}

// tilesNeighbour[n-TilesMinSide][c][m] is the cell the blank reaches from c by
// move m on an n x n board, or -1 when m leaves the board.
var tilesNeighbour = func() (t [TilesMaxSide - TilesMinSide + 1][TilesMaxCells][TilesMoves]int8) {
	for n := TilesMinSide; n <= TilesMaxSide; n++ {
		for c := range n * n {
			r, col := c/n, c%n
			nb := &t[n-TilesMinSide][c]
			*nb = [TilesMoves]int8{-1, -1, -1, -1}
			if r > 0 {
				nb[MoveUp] = int8(c - n)
			}
			if r < n-1 {
				nb[MoveDown] = int8(c + n)
			}
			if col > 0 {
				nb[MoveLeft] = int8(c - 1)
			}
			if col < n-1 {
				nb[MoveRight] = int8(c + 1)
			}
		}
	}
	return t
}()

// TilesNeighbour returns the cell the blank reaches from cell c by move m on
// an n x n board, or -1 when m would leave the board.
func TilesNeighbour(n, c int, m TilesMove) int {
	return int(tilesNeighbour[n-TilesMinSide][c][m])
}

// TilesDistance returns the Manhattan distance between cells a and b of an
// n x n board: the moves a tile needs from one to the other on an otherwise
// empty board.
func TilesDistance(n, a, b int) int {
	return tilesAbs(a/n-b/n) + tilesAbs(a%n-b%n)
}

func tilesAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func tilesSideOK(n int) bool { return n >= TilesMinSide && n <= TilesMaxSide }

// NewTiles builds a board from its cells listed row by row, 0 for the blank.
// The cells must be a permutation of 0..n*n-1.
func NewTiles(n int, cells []int) (Tiles, error) {
	if !tilesSideOK(n) {
		return Tiles{}, fmt.Errorf("%w: %d", ErrTileSide, n)
	}
	size := n * n
	if len(cells) != size {
		return Tiles{}, &ParseError{Err: ErrTileCount, Detail: fmt.Sprintf("got %d, want %d for a %dx%d board", len(cells), size, n, n)}
	}
	var b Tiles
	b.Side = uint8(n)
	var seen uint32
	for c, v := range cells {
		if v < 0 || v >= size {
			return Tiles{}, &ParseError{Field: c + 1, Err: ErrTileValue, Detail: fmt.Sprintf("got %d, want 0..%d", v, size-1)}
		}
		if seen&(1<<v) != 0 {
			return Tiles{}, &ParseError{Field: c + 1, Err: ErrTileDuplicate, Detail: fmt.Sprintf("tile %d appears twice", v)}
		}
		seen |= 1 << v
		b.Cells |= uint64(v) << (tilesCellBits * c)
		if v == 0 {
			b.Blank = uint8(c)
		}
	}
	return b, nil
}

// ParseTiles parses an n x n board from its n*n fields, row by row, 0 for the
// blank. Errors are *ParseError values naming the field (1-based) and wrapping
// ErrTileCount, ErrTileValue or ErrTileDuplicate.
func ParseTiles(fields []string, n int) (Tiles, error) {
	if !tilesSideOK(n) {
		return Tiles{}, fmt.Errorf("%w: %d", ErrTileSide, n)
	}
	size := n * n
	if len(fields) != size {
		return Tiles{}, &ParseError{Err: ErrTileCount, Detail: fmt.Sprintf("got %d, want %d for a %dx%d board", len(fields), size, n, n)}
	}
	var cells [TilesMaxCells]int
	for i, f := range fields {
		v, err := strconv.Atoi(f)
		if err != nil || v < 0 || v >= size {
			return Tiles{}, &ParseError{Field: i + 1, Err: ErrTileValue, Detail: fmt.Sprintf("got %q, want an integer 0..%d", tilesTruncate(f), size-1)}
		}
		cells[i] = v
	}
	return NewTiles(n, cells[:size])
}

// ParseTilesText parses an n x n board from whitespace-separated text; line
// breaks do not matter. Only ASCII white space separates fields, as in
// ParseRotation (and the CLI's batch reader): a non-ASCII space such as
// U+00A0 is part of a field, which then is a bad tile value.
func ParseTilesText(text string, n int) (Tiles, error) {
	return ParseTiles(strings.FieldsFunc(text, func(r rune) bool { return r < utf8.RuneSelf && isSpace(byte(r)) }), n)
}

func tilesTruncate(s string) string {
	const maxShown = 20
	if len(s) > maxShown {
		return s[:maxShown] + "..."
	}
	return s
}

// N returns the side of the board.
func (b Tiles) N() int { return int(b.Side) }

// Size returns the number of cells, N*N.
func (b Tiles) Size() int { return int(b.Side) * int(b.Side) }

// At returns the tile in cell c, 0 for the blank.
func (b Tiles) At(c int) int { return int(b.Cells >> (tilesCellBits * c) & tilesCellMask) }

// List returns the cells row by row.
func (b Tiles) List() []int {
	out := make([]int, b.Size())
	for c := range out {
		out[c] = b.At(c)
	}
	return out
}

// Valid reports whether b is a board of a supported side holding each tile
// once with the blank where Blank says.
func (b Tiles) Valid() bool {
	n := int(b.Side)
	if !tilesSideOK(n) || int(b.Blank) >= n*n || b.Cells>>(tilesCellBits*n*n) != 0 {
		return false
	}
	var seen uint32
	for c := range n * n {
		seen |= 1 << b.At(c)
	}
	return seen == 1<<(n*n)-1 && b.At(int(b.Blank)) == 0
}

// Move returns the board after the blank moves in direction m, and false
// (with b unchanged) when the move would leave the board.
func (b Tiles) Move(m TilesMove) (Tiles, bool) {
	to := tilesNeighbour[b.Side-TilesMinSide][b.Blank][m]
	if to < 0 {
		return b, false
	}
	shift := tilesCellBits * uint(to)
	tile := b.Cells >> shift & tilesCellMask
	b.Cells = b.Cells&^(tilesCellMask<<shift) | tile<<(tilesCellBits*uint(b.Blank))
	b.Blank = uint8(to)
	return b, true
}

// ErrTileMove is returned by Apply for a bad letter or a move off the board.
var ErrTileMove = errors.New("bitboard: invalid tile move")

// Apply returns the board after the moves spelled by letters U, D, L, R.
func (b Tiles) Apply(moves string) (Tiles, error) {
	for i := 0; i < len(moves); i++ {
		m, ok := TilesMoveOf(moves[i])
		if !ok {
			return b, fmt.Errorf("%w: %q at %d", ErrTileMove, moves[i], i)
		}
		if b, ok = b.Move(m); !ok {
			return b, fmt.Errorf("%w: %c at %d leaves the board", ErrTileMove, moves[i], i)
		}
	}
	return b, nil
}

// GoalTiles returns the goal board of side n in convention g.
func GoalTiles(n int, g Goal) Tiles {
	size := n * n
	b := Tiles{Side: uint8(n)}
	for c := range size {
		v := c
		if g == BlankLast {
			v = (c + 1) % size
		}
		b.Cells |= uint64(v) << (tilesCellBits * c)
	}
	if g == BlankLast {
		b.Blank = uint8(size - 1)
	}
	return b
}

// IsGoal reports whether b is the goal of convention g.
func (b Tiles) IsGoal(g Goal) bool { return b == GoalTiles(int(b.Side), g) }

// Canonical returns the BlankFirst board equivalent to b under goal g: b
// itself for BlankFirst; for BlankLast, b rotated by 180 degrees with tile t
// relabelled N*N-t. A move m on the canonical board is m.Mirror() on b.
func (b Tiles) Canonical(g Goal) Tiles {
	if g == BlankFirst {
		return b
	}
	size := b.Size()
	out := Tiles{Side: b.Side, Blank: uint8(size - 1 - int(b.Blank))}
	for c := range size {
		v := b.At(c)
		if v != 0 {
			v = size - v
		}
		out.Cells |= uint64(v) << (tilesCellBits * (size - 1 - c))
	}
	return out
}

// Transpose returns b reflected about its main diagonal with tile t
// relabelled as the tile whose BlankFirst goal cell is t's reflected. The
// BlankFirst goal maps to itself, and the distance to it is unchanged.
func (b Tiles) Transpose() Tiles {
	n := int(b.Side)
	refl := func(c int) int { return c%n*n + c/n }
	out := Tiles{Side: b.Side, Blank: uint8(refl(int(b.Blank)))}
	for c := range n * n {
		out.Cells |= uint64(refl(b.At(c))) << (tilesCellBits * refl(c))
	}
	return out
}

// Solvable reports whether b can reach the goal of convention g: a move is a
// transposition of the board's permutation and moves the blank by one cell,
// so the permutation's parity must equal the parity of the blank's Manhattan
// distance from its goal cell.
func (b Tiles) Solvable(g Goal) bool {
	c := b.Canonical(g)
	n := int(c.Side)
	size := n * n
	// Parity of the permutation cell -> tile, by counting cycles.
	var seen uint32
	cycles := 0
	for s := range size {
		if seen&(1<<s) != 0 {
			continue
		}
		cycles++
		for x := s; seen&(1<<x) == 0; x = c.At(x) {
			seen |= 1 << x
		}
	}
	permOdd := (size-cycles)%2 == 1
	blank := int(c.Blank)
	distOdd := (blank/n+blank%n)%2 == 1
	return permOdd == distOdd
}

// String returns the cells row by row, separated by single spaces.
func (b Tiles) String() string {
	var sb strings.Builder
	for c := range b.Size() {
		if c > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(strconv.Itoa(b.At(c)))
	}
	return sb.String()
}

// RandomTiles returns a board drawn uniformly from the boards of side n that
// are solvable for goal g.
func RandomTiles(r *rand.Rand, n int, g Goal) Tiles {
	size := n * n
	cells := make([]int, size)
	for i := range cells {
		cells[i] = i
	}
	r.Shuffle(size, func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
	b, _ := NewTiles(n, cells)
	if !b.Solvable(g) {
		// Swapping two tiles flips the parity: a bijection between the
		// unsolvable and the solvable boards, so the result stays uniform.
		i, j := 0, 1
		if cells[i] == 0 {
			i = 2
		} else if cells[j] == 0 {
			j = 2
		}
		cells[i], cells[j] = cells[j], cells[i]
		b, _ = NewTiles(n, cells)
	}
	return b
}

// RandomWalkTiles returns the board reached from the goal of convention g by
// k random moves, never undoing the previous move.
func RandomWalkTiles(r *rand.Rand, n int, g Goal, k int) Tiles {
	b := GoalTiles(n, g)
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
