package bitboard

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The drawing in docs/puzzles.md, cell by cell: the grid point of each cell.
var drawnXY = [RotationCells][2]int{
	{2, 0}, {4, 0},
	{2, 1}, {4, 1},
	{0, 2}, {1, 2}, {2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2},
	{2, 3}, {4, 3},
	{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4}, {5, 4}, {6, 4},
	{2, 5}, {4, 5},
	{2, 6}, {4, 6},
}

func TestRotationXYMatchesDrawing(t *testing.T) {
	if rotationXY != drawnXY {
		t.Fatalf("rotationXY = %v, want %v", rotationXY, drawnXY)
	}
}

func TestRotationSymmetriesArePermutations(t *testing.T) {
	seen := map[[RotationCells]int]string{}
	for i := range RotationSymmetries {
		s := &RotationSymmetries[i]
		var hit uint32
		for _, c := range s.Perm {
			if c < 0 || c >= RotationCells {
				t.Fatalf("%s: cell out of range in %v", s.Name, s.Perm)
			}
			hit |= 1 << c
		}
		if hit != planeMask {
			t.Fatalf("%s: %v is not a permutation", s.Name, s.Perm)
		}
		if other, ok := seen[s.Perm]; ok {
			t.Fatalf("%s and %s are the same permutation", s.Name, other)
		}
		seen[s.Perm] = s.Name
	}
	for c, p := range RotationSymmetries[0].Perm {
		if p != c {
			t.Fatalf("the first symmetry is not the identity: %v", RotationSymmetries[0].Perm)
		}
	}
}

func TestRotationSymmetriesFormAGroup(t *testing.T) {
	perms := map[[RotationCells]int]bool{}
	for _, s := range RotationSymmetries {
		perms[s.Perm] = true
	}
	for _, a := range RotationSymmetries {
		for _, b := range RotationSymmetries {
			var ab [RotationCells]int
			for c := range ab {
				ab[c] = b.Perm[a.Perm[c]]
			}
			if !perms[ab] {
				t.Fatalf("%s then %s is not a symmetry", a.Name, b.Name)
			}
		}
	}
}

// lineSet returns the cells of a line as a mask.
func lineSet(cells []int) uint32 {
	var m uint32
	for _, c := range cells {
		m |= 1 << c
	}
	return m
}

func TestRotationSymmetriesMapLinesAndCentre(t *testing.T) {
	for _, s := range RotationSymmetries {
		var centre uint32
		for _, c := range RotationCentre {
			centre |= 1 << s.Perm[c]
		}
		if centre != RotationCentreMask {
			t.Errorf("%s: centre goes to %06x", s.Name, centre)
		}
		for m, line := range RotationLines {
			var img [RotationLineLen]int
			for k, c := range line {
				img[k] = s.Perm[c]
			}
			// As a set of cells the image is one of the four lines...
			onto := false
			for _, other := range RotationLines {
				onto = onto || lineSet(img[:]) == lineSet(other[:])
			}
			if !onto {
				t.Errorf("%s: line %c goes to %v, not a line", s.Name, RotationMoveNames[m], img)
			}
			// ... and in order it is the line of the move Moves[m].
			n := s.Moves[m]
			if n < 0 || RotationLines[n] != img {
				t.Errorf("%s: move %c maps to %d, but its line goes to %v", s.Name, RotationMoveNames[m], n, img)
			}
		}
	}
}

func TestRotationSymmetriesCommuteWithMoves(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for n := 0; n < 300; n++ {
		b := RandomRotation(r)
		for _, s := range RotationSymmetries {
			img := s.Apply(b)
			if !img.Valid() {
				t.Fatalf("%s: image of %v is not valid", s.Name, b)
			}
			if img.Centre() != b.Centre() {
				t.Fatalf("%s: centre symbol changed", s.Name)
			}
			for m := 0; m < RotationMoves; m++ {
				if got, want := s.Apply(b.Move(m)), img.Move(s.Moves[m]); got != want {
					t.Fatalf("%s: sym(move %c(b)) = %v, move %c(sym(b)) = %v", s.Name,
						RotationMoveNames[m], got, RotationMoveNames[s.Moves[m]], want)
				}
			}
		}
	}
}

func TestRotationSymmetryApplyMatchesPerm(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for n := 0; n < 300; n++ {
		b := RandomRotation(r)
		cells := b.Cells()
		for _, s := range RotationSymmetries {
			var want [RotationCells]int8
			for c, p := range s.Perm {
				want[p] = cells[c]
			}
			img := s.Apply(b)
			if img.Cells() != want {
				t.Fatalf("%s: Apply gives %v, want %v", s.Name, img.Cells(), want)
			}
			for sym := 1; sym <= RotationSymbols; sym++ {
				if got := s.Mask(b.Mask(sym)); got != img.Mask(sym) || bits.OnesCount32(got) != rotationPerSymbol {
					t.Fatalf("%s: mask of symbol %d goes to %06x, want %06x", s.Name, sym, got, img.Mask(sym))
				}
			}
		}
	}
}
