package pdb

import (
	"errors"
	"math/bits"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

func TestRankUnrankWholeSpace(t *testing.T) {
	seen := make([]bool, RotEntries)
	n := 0
	for m := uint32(0); m < 1<<rotCells; m++ {
		if bits.OnesCount32(m) != rotK {
			continue
		}
		n++
		r := RankMask(m)
		if r >= RotEntries {
			t.Fatalf("rank of %06x is %d, out of range", m, r)
		}
		if s := rankMaskSlow(m); s != r {
			t.Fatalf("rank of %06x: table %d, slow %d", m, r, s)
		}
		if seen[r] {
			t.Fatalf("rank %d given twice", r)
		}
		seen[r] = true
		if u := UnrankMask(r); u != m {
			t.Fatalf("unrank(rank(%06x)) = %06x", m, u)
		}
	}
	if n != RotEntries {
		t.Fatalf("%d masks of 8 bits, want %d", n, RotEntries)
	}
}

// plainDistances is an obvious breadth-first search over masks held in a map,
// moving cells one by one with the plain line definitions.
func plainDistances() map[uint32]int {
	move := func(mask uint32, m int) uint32 {
		l := bitboard.RotationLines[m]
		out := mask
		for i := 0; i < bitboard.RotationLineLen; i++ {
			from := l[(i+1)%bitboard.RotationLineLen]
			to := l[i]
			out &^= 1 << to
			out |= (mask >> from & 1) << to
		}
		return out
	}
	dist := map[uint32]int{bitboard.RotationCentreMask: 0}
	queue := []uint32{bitboard.RotationCentreMask}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for m := 0; m < bitboard.RotationMoves; m++ {
			y := move(x, m)
			if _, ok := dist[y]; !ok {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return dist
}

func TestBuildRotationMatchesPlainSearch(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the map-based reference search takes seconds")
	}
	tab, err := BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := plainDistances()
	if len(want) != RotEntries {
		t.Fatalf("plain search reached %d masks", len(want))
	}
	for m, d := range want {
		if got := tab.Get(uint64(RankMask(m))); int(got) != d {
			t.Fatalf("mask %06x: table %d, plain search %d", m, got, d)
		}
	}
}

func TestBuildRotationConsistent(t *testing.T) {
	tab, err := BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	// Every mask but the goal has a neighbour one closer, none has one two closer.
	for r := uint32(0); r < RotEntries; r++ {
		m := UnrankMask(r)
		d := int(tab.Get(uint64(r)))
		closer := false
		for mv := 0; mv < bitboard.RotationMoves; mv++ {
			e := int(tab.Get(uint64(RankMask(moveMask(m, mv)))))
			if e < d-1 || e > d+1 {
				t.Fatalf("mask %06x at %d has neighbour at %d", m, d, e)
			}
			closer = closer || e == d-1
		}
		if (d == 0) != (m == bitboard.RotationCentreMask) || (d > 0 && !closer) {
			t.Fatalf("mask %06x at distance %d: goal %v, closer neighbour %v", m, d, m == bitboard.RotationCentreMask, closer)
		}
	}
	t.Logf("counts per distance: %v, mean %.4f", tab.Counts, tab.Mean())
}

func BenchmarkBuildRotation(b *testing.B) {
	for i := 0; i < b.N; i++ {
		if _, err := BuildRotation(nil); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRankMask(b *testing.B) {
	masks := make([]uint32, 1024)
	for i := range masks {
		masks[i] = UnrankMask(uint32(i * 701))
	}
	var s uint32
	for i := 0; i < b.N; i++ {
		s += RankMask(masks[i&1023])
	}
	_ = s
}

func TestNextMaskFollowsRank(t *testing.T) {
	m := UnrankMask(0)
	for r := uint32(1); r < RotEntries; r++ {
		m = nextMask(m)
		if got := RankMask(m); got != r {
			t.Fatalf("mask after rank %d has rank %d", r-1, got)
		}
	}
}

func TestBuildRotationDescent(t *testing.T) {
	dist, err := BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	desc, err := BuildRotationDescent(dist)
	if err != nil {
		t.Fatal(err)
	}
	for r := uint32(0); r < RotEntries; r += 7 {
		m := UnrankMask(r)
		d := dist.Get(uint64(r))
		set := desc.Get(uint64(r))
		if (set == 0) != (d == 0) {
			t.Fatalf("mask %06x at distance %d has descent set %08b", m, d, set)
		}
		for mv := 0; mv < bitboard.RotationMoves; mv++ {
			closer := dist.Get(uint64(RankMask(moveMask(m, mv)))) < d
			if closer != (set>>mv&1 == 1) {
				t.Fatalf("mask %06x move %d: closer %v, descent set %08b", m, mv, closer, set)
			}
		}
	}
	if _, err := BuildRotationDescent(desc); !errors.Is(err, ErrMismatch) {
		t.Fatalf("descent from a descent table: %v", err)
	}
}

func BenchmarkBuildRotationDescent(b *testing.B) {
	dist, err := BuildRotation(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := BuildRotationDescent(dist); err != nil {
			b.Fatal(err)
		}
	}
}
