package bitboard

// Symmetries of the Rotation Game board.
//
// The board is drawn on a 7x7 grid: the columns x = 2 and x = 4 and the rows
// y = 2 and y = 4 (y grows downwards) make the # shape, and its cells are
// numbered row by row, left to right, as in RotationLines. The eight
// symmetries of a square (the dihedral group D4) map that shape onto itself,
// each line onto a line and the centre ring onto itself, so each turns a
// board into one that needs exactly as many moves: the image of a solution
// under the symmetry's move map solves the image board.

// Sizes of the board's symmetry group and of the grid it is drawn on.
const (
	RotationSymmetryCount = 8 // symmetries of the square: 4 rotations, 4 reflections
	rotationGrid          = 7 // side of the square grid the # shape is drawn on
	rotationGridMax       = rotationGrid - 1
	maskBytes             = 3   // bytes in a 24-bit cell mask
	byteValues            = 256 // values of one byte
)

// RotationSymmetry is one symmetry of the board, as a permutation of cells.
type RotationSymmetry struct {
	Name string
	// Perm[c] is the cell that the symbol in cell c moves to.
	Perm [RotationCells]int
	// Moves[m] is the move m' with Apply(b.Move(m)) == Apply(b).Move(m') for
	// every board b: the move whose line, head first, is the image of move
	// m's line. It is -1 only if the symmetry did not map that line onto a
	// line, which the tests rule out.
	Moves [RotationMoves]int
	// byteImage[i][v] is the image of the mask whose byte i is v and whose
	// other bytes are zero.
	byteImage [maskBytes][byteValues]uint32
}

// rotationXY holds each cell's column x and row y on the 7x7 grid.
var rotationXY = func() (xy [RotationCells][2]int) {
	c := 0
	for y := 0; y < rotationGrid; y++ {
		for x := 0; x < rotationGrid; x++ {
			if onShape(x, y) {
				xy[c] = [2]int{x, y}
				c++
			}
		}
	}
	return xy
}()

// onShape reports whether grid point (x, y) is a cell of the # shape.
func onShape(x, y int) bool {
	return x == 2 || x == 4 || y == 2 || y == 4
}

// rotationCellAt maps a grid point to its cell, -1 off the shape.
var rotationCellAt = func() (at [rotationGrid][rotationGrid]int) {
	for y := range at {
		for x := range at[y] {
			at[y][x] = -1
		}
	}
	for c, p := range rotationXY {
		at[p[1]][p[0]] = c
	}
	return at
}()

// rotationTransforms lists the eight symmetries of the grid as maps of (x, y),
// the identity first.
var rotationTransforms = [RotationSymmetryCount]struct {
	name string
	f    func(x, y int) (int, int)
}{
	{"identity", func(x, y int) (int, int) { return x, y }},
	{"rotate 90 clockwise", func(x, y int) (int, int) { return rotationGridMax - y, x }},
	{"rotate 180", func(x, y int) (int, int) { return rotationGridMax - x, rotationGridMax - y }},
	{"rotate 90 anticlockwise", func(x, y int) (int, int) { return y, rotationGridMax - x }},
	{"mirror left-right", func(x, y int) (int, int) { return rotationGridMax - x, y }},
	{"mirror top-bottom", func(x, y int) (int, int) { return x, rotationGridMax - y }},
	{"main diagonal", func(x, y int) (int, int) { return y, x }},
	{"anti-diagonal", func(x, y int) (int, int) { return rotationGridMax - y, rotationGridMax - x }},
}

// RotationSymmetries holds the eight symmetries of the board, the identity
// first.
var RotationSymmetries = func() (syms [RotationSymmetryCount]RotationSymmetry) {
	for i, tr := range rotationTransforms {
		s := &syms[i]
		s.Name = tr.name
		for c, p := range rotationXY {
			x, y := tr.f(p[0], p[1])
			s.Perm[c] = rotationCellAt[y][x] // every transform keeps the shape
		}
		for m := range s.Moves {
			s.Moves[m] = -1
			for n, line := range RotationLines {
				same := true
				for k, c := range RotationLines[m] {
					same = same && s.Perm[c] == line[k]
				}
				if same {
					s.Moves[m] = n
				}
			}
		}
		for b := 0; b < maskBytes; b++ {
			for v := 0; v < byteValues; v++ {
				var img uint32
				for bit := 0; bit < 8; bit++ {
					if v>>bit&1 == 1 {
						img |= 1 << s.Perm[8*b+bit]
					}
				}
				s.byteImage[b][v] = img
			}
		}
	}
	return syms
}()

// Mask returns the image of a 24-bit cell mask: bit Perm[c] is set for every
// set bit c.
func (s *RotationSymmetry) Mask(m uint32) uint32 {
	return s.byteImage[0][uint8(m)] | s.byteImage[1][uint8(m>>8)] | s.byteImage[2][uint8(m>>16)]
}

// Apply returns the image of board b: the symbol in cell c moves to cell
// Perm[c].
func (s *RotationSymmetry) Apply(b Rotation) Rotation {
	lo, hi := uint32(b)&planeMask, uint32(b>>planeBits)&planeMask
	return Rotation(uint64(s.Mask(lo)) | uint64(s.Mask(hi))<<planeBits)
}
