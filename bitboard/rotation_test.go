package bitboard

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plainMove applies move m to a plain board, cell by cell, as the spec words it.
// Cells unpacks the board cell by cell.
func (b Rotation) Cells() (cells [RotationCells]int8) {
	for c := range cells {
		cells[c] = b.Cell(c)
	}
	return cells
}

func plainMove(cells [RotationCells]int8, m int) [RotationCells]int8 {
	l := RotationLines[m]
	head := cells[l[0]]
	for i := 0; i < RotationLineLen-1; i++ {
		cells[l[i]] = cells[l[i+1]]
	}
	cells[l[RotationLineLen-1]] = head
	return cells
}

func TestRotationMovesMatchPlainBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := 0; n < 2000; n++ {
		b := RandomRotation(r)
		cells := b.Cells()
		for step := 0; step < 20; step++ {
			m := r.IntN(RotationMoves)
			b = b.Move(m)
			cells = plainMove(cells, m)
			if b.Cells() != cells {
				t.Fatalf("move %c: packed board %v, plain board %v", RotationMoveNames[m], b.Cells(), cells)
			}
			if !b.Valid() {
				t.Fatalf("move %c produced an invalid board %#x", RotationMoveNames[m], uint64(b))
			}
		}
	}
}

func TestRotationMoveThenInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 1000; n++ {
		b := RandomRotation(r)
		for m := 0; m < RotationMoves; m++ {
			if got := b.Move(m).Move(RotationInverse[m]); got != b {
				t.Fatalf("move %c then %c: got %v, want %v", RotationMoveNames[m], RotationMoveNames[RotationInverse[m]], got, b)
			}
			// Seven turns of a line bring it back.
			x := b
			for i := 0; i < RotationLineLen; i++ {
				x = x.Move(m)
			}
			if x != b {
				t.Fatalf("seven moves %c do not restore the board", RotationMoveNames[m])
			}
		}
	}
}

func TestRotationInverseTableMatchesLines(t *testing.T) {
	for m, l := range RotationLines {
		inv := RotationLines[RotationInverse[m]]
		for i := range l {
			if inv[i] != l[RotationLineLen-1-i] {
				t.Fatalf("move %c: inverse line %v is not %v reversed", RotationMoveNames[m], inv, l)
			}
		}
	}
}

func TestRotationMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for n := 0; n < 1000; n++ {
		b := RandomRotation(r)
		cells := b.Cells()
		for s := 1; s <= RotationSymbols; s++ {
			var want uint32
			for c, x := range cells {
				if int(x) == s {
					want |= 1 << c
				}
			}
			if got := b.Mask(s); got != want {
				t.Fatalf("mask of %d: got %06x, want %06x", s, got, want)
			}
		}
	}
	var centre uint32
	for _, c := range RotationCentre {
		centre |= 1 << c
	}
	if centre != RotationCentreMask {
		t.Fatalf("RotationCentreMask %06x, want %06x", RotationCentreMask, centre)
	}
}

func TestParseRotation(t *testing.T) {
	const sample = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	b, err := ParseRotation([]byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != sample {
		t.Fatalf("round trip: got %q", b.String())
	}
	if b2, err := ParseRotation([]byte("\t" + strings.ReplaceAll(sample, " ", "  ") + " \r\n")); err != nil || b2 != b {
		t.Fatalf("extra whitespace: %v, %v", b2, err)
	}
	bad := []struct {
		in    string
		err   error
		field int
	}{
		{"1 1 1", ErrFieldCount, 0},
		{sample + " 1", ErrFieldCount, 0},
		{"4" + sample[1:], ErrSymbol, 1},
		{"1 1 1 1 3 2 3 0 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ErrSymbol, 8},
		{"1 1 1 1 3 2 3 22 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ErrSymbol, 8},
		{"1 1 1 1 3 2 3 x 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ErrSymbol, 8},
		{"1 1 1 1 1 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3", ErrSymbolCount, 0},
		{"", ErrFieldCount, 0},
	}
	for _, c := range bad {
		_, err := ParseRotation([]byte(c.in))
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, c.err) || pe.Field != c.field {
			t.Errorf("ParseRotation(%q) = %v, want %v at field %d", c.in, err, c.err, c.field)
		}
	}
}

func TestRandomRotationIsUniformOverCells(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	const n = 30000
	var hist [RotationCells][RotationSymbols + 1]int
	for i := 0; i < n; i++ {
		b := RandomRotation(r)
		for c := 0; c < RotationCells; c++ {
			hist[c][b.Cell(c)]++
		}
	}
	// Each cell holds each symbol with probability 1/3: allow 5 standard deviations.
	for c := range hist {
		for s := 1; s <= RotationSymbols; s++ {
			if d := float64(hist[c][s]) - n/3.0; d > 5*81.6 || d < -5*81.6 {
				t.Fatalf("cell %d holds %d %d times in %d boards", c, s, hist[c][s], n)
			}
		}
	}
}

func FuzzParseRotation(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("testdata", "rotation-*.txt"))
	if len(seeds) == 0 {
		f.Fatal("no seed files testdata/rotation-*.txt")
	}
	for _, p := range seeds {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			f.Add([]byte(line))
		}
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		if len(line) == canonicalLen {
			fast, ok := parseCanonical((*[canonicalLen]byte)(line))
			slow, err := parseRotationSlow(line)
			if ok && (err != nil || fast != slow) {
				t.Fatalf("%q: canonical %v, general %v %v", line, fast, slow, err)
			}
		}
		b, err := ParseRotation(line)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			return
		}
		if !b.Valid() {
			t.Fatalf("accepted an invalid board %#x from %q", uint64(b), line)
		}
		if b2, err := ParseRotation(b.AppendText(nil)); err != nil || b2 != b {
			t.Fatalf("round trip of %q failed: %v", line, err)
		}
	})
}

func TestParseCanonicalMatchesSlow(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		line := RandomRotation(r).AppendText(nil)
		// Damage some lines: any byte to any value.
		if i%2 == 1 {
			line[r.IntN(len(line))] = byte(r.IntN(256))
		}
		fast, fastOK := parseCanonical((*[canonicalLen]byte)(line))
		slow, err := parseRotationSlow(line)
		// The fast path may decline a board the slow one takes (other
		// whitespace), never the reverse, and they agree when both take it.
		if fastOK && (err != nil || fast != slow) {
			t.Fatalf("%q: canonical %v, slow %v %v", line, fast, slow, err)
		}
		if !fastOK && err == nil && isCanonicalText(line) {
			t.Fatalf("%q: canonical path declined a canonical board", line)
		}
		if got, err2 := ParseRotation(line); got != slow || (err2 == nil) != (err == nil) {
			t.Fatalf("%q: ParseRotation %v %v, slow %v %v", line, got, err2, slow, err)
		}
	}
}

func BenchmarkParseRotation(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	lines := make([][]byte, 1024)
	for i := range lines {
		lines[i] = RandomRotation(r).AppendText(nil)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := ParseRotation(lines[i&1023]); err != nil {
			b.Fatal(err)
		}
	}
}

// isCanonicalText reports whether line is symbols 1-3 joined by single spaces.
func isCanonicalText(line []byte) bool {
	if len(line) != canonicalLen {
		return false
	}
	for i, c := range line {
		if (i%2 == 0 && (c < '1' || c > '3')) || (i%2 == 1 && c != ' ') {
			return false
		}
	}
	return true
}
