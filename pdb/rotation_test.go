package pdb

import (
	"encoding/binary"
	"errors"
	"math/bits"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// rankMaskSlow is RankMask written out bit by bit.
func rankMaskSlow(m uint32) uint32 {
	var r uint32
	j := 0
	for p := 0; p < rotationCells; p++ {
		if m>>p&1 == 1 {
			j++
			r += binom[p][j]
		}
	}
	return r
}

func TestRankUnrankWholeSpace(t *testing.T) {
	seen := make([]bool, RotationEntries)
	n := 0
	for m := uint32(0); m < 1<<rotationCells; m++ {
		if bits.OnesCount32(m) != rotationK {
			continue
		}
		n++
		r := RankMask(m)
		if r >= RotationEntries {
			t.Fatalf("rank of %06x is %d, out of range", m, r)
		}
		if s := rankMaskSlow(m); s != r {
			t.Fatalf("rank of %06x: table %d, slow %d", m, r, s)
		}
		if seen[r] {
			t.Fatalf("rank %d given twice", r)
		}
		seen[r] = true
		if u := unrankMask(r); u != m {
			t.Fatalf("unrank(rank(%06x)) = %06x", m, u)
		}
	}
	if n != RotationEntries {
		t.Fatalf("%d masks of 8 bits, want %d", n, RotationEntries)
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
	if len(want) != RotationEntries {
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
	for r := uint32(0); r < RotationEntries; r++ {
		m := unrankMask(r)
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
		masks[i] = unrankMask(uint32(i * 701))
	}
	var s uint32
	for i := 0; i < b.N; i++ {
		s += RankMask(masks[i&1023])
	}
	_ = s
}

func TestNextMaskFollowsRank(t *testing.T) {
	m := unrankMask(0)
	for r := uint32(1); r < RotationEntries; r++ {
		m = nextMask(m)
		if got := RankMask(m); got != r {
			t.Fatalf("mask after rank %d has rank %d", r-1, got)
		}
	}
}

// smallestPath finds the dictionary-smallest shortest path of a mask by
// trying every move sequence of its length, in order.
func smallestPath(mask uint32, n int) []int {
	path := make([]int, n)
	var try func(m uint32, i int) bool
	try = func(m uint32, i int) bool {
		if i == n {
			return m == bitboard.RotationCentreMask
		}
		for mv := 0; mv < bitboard.RotationMoves; mv++ {
			path[i] = mv
			if try(moveMask(m, mv), i+1) {
				return true
			}
		}
		return false
	}
	if !try(mask, 0) {
		return nil
	}
	return path
}

func TestBuildRotationPaths(t *testing.T) {
	dist, err := BuildRotation(nil)
	if err != nil {
		t.Fatal(err)
	}
	paths, err := BuildRotationPaths(dist)
	if err != nil {
		t.Fatal(err)
	}
	entry := func(r uint32) uint64 { return binary.LittleEndian.Uint64(paths.Data[8*r:]) }
	// Every path has the mask's distance as length and leads onto the centre.
	for r := uint32(0); r < RotationEntries; r++ {
		e := entry(r)
		d := int(dist.Get(uint64(r)))
		if int(e&(1<<PathLenBits-1)) != d || int(paths.Get(uint64(r))&(1<<PathLenBits-1)) != d {
			t.Fatalf("rank %d: path length %d, distance %d", r, e&(1<<PathLenBits-1), d)
		}
		m := unrankMask(r)
		for i := 0; i < d; i++ {
			m = moveMask(m, PathMove(e, i))
		}
		if m != bitboard.RotationCentreMask {
			t.Fatalf("rank %d: path ends at %06x", r, m)
		}
	}
	// On short masks, the path is the smallest found by brute force.
	for r := uint32(0); r < RotationEntries; r += 97 {
		d := int(dist.Get(uint64(r)))
		if d > 6 {
			continue
		}
		want := smallestPath(unrankMask(r), d)
		for i, mv := range want {
			if PathMove(entry(r), i) != mv {
				t.Fatalf("rank %d: move %d is %d, brute force %v", r, i, PathMove(entry(r), i), want)
			}
		}
	}
	if _, err := BuildRotationPaths(paths); !errors.Is(err, ErrMismatch) {
		t.Fatalf("paths from a path table: %v", err)
	}
}

func BenchmarkBuildRotationPaths(b *testing.B) {
	dist, err := BuildRotation(nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := BuildRotationPaths(dist); err != nil {
			b.Fatal(err)
		}
	}
}
