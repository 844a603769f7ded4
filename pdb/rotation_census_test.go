package pdb

import (
	"errors"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// rotationTable builds the distance table once for all census tests.
var rotationTable = sync.OnceValues(func() (*Table, error) { return BuildRotation(nil) })

func censusTable(t *testing.T) *Table {
	t.Helper()
	tab, err := rotationTable()
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// wholeCensus runs the full census once for all tests that need it, keeping
// its progress reports in wholeCensusReports.
var wholeCensus = sync.OnceValues(func() (*Census, error) {
	tab, err := rotationTable()
	if err != nil {
		return nil, err
	}
	// Three workers on two cores, so the chunks are shared unevenly.
	return RotationCensus(tab, 3, func(p Progress) { wholeCensusReports = append(wholeCensusReports, p) })
})

var wholeCensusReports []Progress

func TestCensusConstants(t *testing.T) {
	if rotationSplits != binom[rotationRest][rotationK] {
		t.Fatalf("rotationSplits = %d, C(16, 8) = %d", rotationSplits, binom[rotationRest][rotationK])
	}
	f := func(n int64) *big.Int { return new(big.Int).MulRange(1, n) }
	want := new(big.Int).Div(f(rotationCells), new(big.Int).Mul(f(rotationK), new(big.Int).Mul(f(rotationK), f(rotationK))))
	if !want.IsUint64() || want.Uint64() != RotationBoards {
		t.Fatalf("RotationBoards = %d, 24!/(8!)^3 = %v", uint64(RotationBoards), want)
	}
}

func TestLowBytesGroups(t *testing.T) {
	for k := 0; k <= byteBits; k++ {
		g := lowBytes[lowOff[k]:lowOff[k+1]]
		c := lowBytes[lowOff[byteBits-k]:lowOff[byteBits-k+1]]
		if uint32(len(g)) != binom[byteBits][k] || len(c) != len(g) {
			t.Fatalf("group %d has %d bytes", k, len(g))
		}
		for i, v := range g {
			if bits.OnesCount8(v) != k || (i > 0 && v <= g[i-1]) {
				t.Fatalf("group %d: %v not ascending bytes of %d bits", k, g, k)
			}
			if c[len(c)-1-i] != ^v {
				t.Fatalf("group %d: complement of %08b is not at %d of group %d", k, v, len(c)-1-i, byteBits-k)
			}
		}
	}
}

// TestOrbitReps checks orbitRep against orbits found by marking, and the
// number of orbits against Burnside's lemma computed from each symmetry's
// cycles.
func TestOrbitReps(t *testing.T) {
	seen := make([]bool, RotationEntries)
	reps, total := 0, uint64(0)
	m := unrankMask(0)
	for r := uint32(0); r < RotationEntries; r++ {
		size, ok := orbitRep(m)
		if !seen[r] {
			// The smallest rank of an orbit is reached first.
			orbit := map[uint32]bool{}
			for _, s := range bitboard.RotationSymmetries {
				img := s.Mask(m)
				orbit[img] = true
				seen[RankMask(img)] = true
			}
			if !ok || size != uint64(len(orbit)) {
				t.Fatalf("mask %06x starts an orbit of %d masks; orbitRep says %d, %v", m, len(orbit), size, ok)
			}
			reps++
			total += size
		} else if ok {
			t.Fatalf("mask %06x is not first in its orbit, but orbitRep says it is", m)
		}
		m = nextMask(m)
	}
	if total != RotationEntries {
		t.Fatalf("orbit sizes add to %d, want %d", total, RotationEntries)
	}
	// Burnside: orbits = mean over symmetries of the masks each fixes. A
	// fixed mask is a union of whole cycles of the permutation.
	var fixed uint64
	for _, s := range bitboard.RotationSymmetries {
		var ways [rotationK + 1]uint64 // ways[n]: unions of cycles seen so far with n cells
		ways[0] = 1
		done := uint32(0)
		for c := range s.Perm {
			if done>>c&1 == 1 {
				continue
			}
			n := 0
			for x := c; done>>x&1 == 0; x = s.Perm[x] {
				done |= 1 << x
				n++
			}
			for k := rotationK; k >= n; k-- {
				ways[k] += ways[k-n]
			}
		}
		fixed += ways[rotationK]
	}
	if fixed%rotationSymmetries != 0 || uint64(reps) != fixed/rotationSymmetries {
		t.Fatalf("%d orbit representatives; Burnside gives %d/%d", reps, fixed, rotationSymmetries)
	}
	t.Logf("%d orbits of 8-cell masks", reps)
}

// TestPrepareRanks checks the per-representative rank tables against
// RankMask for every split of the outside cells.
func TestPrepareRanks(t *testing.T) {
	var pos [byteVals]int // position of each byte value in lowBytes
	for j, v := range lowBytes {
		pos[v] = j
	}
	r := rand.New(rand.NewPCG(11, 12))
	w := &censusWorker{}
	for n := 0; n < 50; n++ {
		m1 := unrankMask(r.Uint32N(RotationEntries))
		w.prepare(m1)
		var outside []int
		for c := 0; c < rotationCells; c++ {
			if m1>>c&1 == 0 {
				outside = append(outside, c)
			}
		}
		for p := 0; p < 1<<rotationRest; p++ {
			if bits.OnesCount32(uint32(p)) != rotationK {
				continue
			}
			var m2 uint32
			for i, c := range outside {
				m2 |= uint32(p>>i&1) << c
			}
			got := w.loRank[pos[p&0xff]] + w.hiRank[p>>byteBits]
			if want := RankMask(m2); got != want || w.deposit(uint32(p)) != m2 {
				t.Fatalf("m1 %06x pattern %04x: rank %d, want %d (mask %06x, deposit %06x)", m1, p, got, want, m2, w.deposit(uint32(p)))
			}
		}
	}
}

// plainLength is a board's optimal length by the definition: the least
// table distance of its three symbol masks.
func plainLength(dist *Table, b bitboard.Rotation) int {
	l := int(rotationMaxDist) + 1
	for s := 1; s <= bitboard.RotationSymbols; s++ {
		l = min(l, int(dist.Get(uint64(rankMaskSlow(b.Mask(s))))))
	}
	return l
}

// TestCensusReducedMatchesPlain counts the boards whose symbol-1 mask lies
// in a union of orbits twice: through addOrbit, one representative per
// orbit, and plainly, board by board over every mask of every orbit and
// every ordered choice of the symbol-2 cells.
func TestCensusReducedMatchesPlain(t *testing.T) {
	dist := censusTable(t)
	r := rand.New(rand.NewPCG(13, 14))
	seeds := []uint32{
		bitboard.RotationCentreMask,                                // the solved centre, fixed by every symmetry
		1<<0 | 1<<1 | 1<<4 | 1<<10 | 1<<13 | 1<<19 | 1<<22 | 1<<23, // the arm tips, fixed by every symmetry
		1<<0 | 1<<1 | 1<<2 | 1<<3 | 1<<20 | 1<<21 | 1<<22 | 1<<23,  // the vertical arms: an orbit of 2
		1<<0 | 1<<2 | 1<<4 | 1<<5 | 1<<18 | 1<<19 | 1<<21 | 1<<23,  // fixed by the half turn
		0xff, // cells 0-7
	}
	for len(seeds) < 30 {
		seeds = append(seeds, unrankMask(r.Uint32N(RotationEntries)))
	}
	set := map[uint32]bool{}
	for _, m := range seeds {
		for _, s := range bitboard.RotationSymmetries {
			set[s.Mask(m)] = true
		}
	}
	var reduced [censusLengths]uint64
	w := &censusWorker{dist: unpack4(dist)}
	var plain [censusLengths]uint64
	for m1 := range set {
		if size, ok := orbitRep(m1); ok {
			w.addOrbit(m1, uint8(dist.Get(uint64(RankMask(m1)))), size)
		}
		var outside []int
		for c := 0; c < rotationCells; c++ {
			if m1>>c&1 == 0 {
				outside = append(outside, c)
			}
		}
		for p := 0; p < 1<<rotationRest; p++ {
			if bits.OnesCount32(uint32(p)) != rotationK {
				continue
			}
			var cells [rotationCells]int8
			for c := range cells {
				if m1>>c&1 == 1 {
					cells[c] = 1
				}
			}
			for i, c := range outside {
				cells[c] = int8(3 - p>>i&1) // 2 if picked, else 3
			}
			b, err := bitboard.NewRotation(cells)
			if err != nil {
				t.Fatal(err)
			}
			plain[plainLength(dist, b)]++
		}
	}
	reduced = w.hist
	if reduced != plain {
		t.Fatalf("%d masks: reduced counts %v, plain counts %v", len(set), reduced, plain)
	}
	var n uint64
	for _, c := range plain {
		n += c
	}
	if n != uint64(len(set))*rotationSplits {
		t.Fatalf("%d boards for %d masks", n, len(set))
	}
	t.Logf("%d masks, %d boards: %v", len(set), n, plain)
}

// boardLayers returns the number of boards at each distance 0..depth from the
// solved boards, by breadth-first search over whole boards.
func boardLayers(depth int) []int {
	var solved []uint64
	outside := ^bitboard.RotationCentreMask & rotationAllCells
	w := &censusWorker{}
	w.prepare(bitboard.RotationCentreMask)
	for p := uint32(0); p < 1<<rotationRest; p++ {
		if bits.OnesCount32(p) != rotationK {
			continue
		}
		a := w.deposit(p)
		b := outside &^ a
		c := uint32(bitboard.RotationCentreMask)
		// Centre symbol 1, 2 or 3; the others on a and b.
		solved = append(solved,
			uint64(c|b)|uint64(a|b)<<rotationCells,
			uint64(a|b)|uint64(c|b)<<rotationCells,
			uint64(a|c)|uint64(b|c)<<rotationCells)
	}
	slices.Sort(solved)
	seen := [][]uint64{solved}
	counts := []int{len(solved)}
	known := func(x uint64) bool {
		for _, l := range seen {
			if _, ok := slices.BinarySearch(l, x); ok {
				return true
			}
		}
		return false
	}
	for d := 1; d <= depth; d++ {
		var next []uint64
		for _, x := range seen[len(seen)-1] {
			for m := 0; m < bitboard.RotationMoves; m++ {
				y := uint64(bitboard.Rotation(x).Move(m))
				if !known(y) {
					next = append(next, y)
				}
			}
		}
		slices.Sort(next)
		next = slices.Compact(next)
		seen = append(seen, next)
		counts = append(counts, len(next))
	}
	return counts
}

func TestRotationCensusWhole(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the whole census takes about 2 s of both cores")
	}
	c, err := wholeCensus()
	if err != nil {
		t.Fatal(err)
	}
	if r := wholeCensusReports; len(r) < 2 || !r[len(r)-1].Done || r[len(r)-2].States != RotationBoards {
		t.Errorf("progress reports end with %+v, want all boards counted, then Done", r[max(len(r)-2, 0):])
	}
	// RotationCensus itself checks that the counts add up to
	// RotationBoards; here the first lengths are checked against a
	// breadth-first search over whole boards from the solved ones.
	for l, n := range boardLayers(2) {
		if c.Counts[l] != uint64(n) {
			t.Errorf("length %d: census %d, breadth-first search over boards %d", l, c.Counts[l], n)
		}
	}
	t.Logf("counts %v, max %d (%d boards), %d orbits", c.Counts, c.Max, c.AtMax(), c.Orbits)
}

// permuteSymbols relabels symbol s as perm[s-1].
func permuteSymbols(b bitboard.Rotation, perm [3]int8) bitboard.Rotation {
	var cells [bitboard.RotationCells]int8
	for i := range cells {
		cells[i] = perm[b.Cell(i)-1]
	}
	out, _ := bitboard.NewRotation(cells)
	return out
}

func TestRotationAntipodes(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: needs the whole census")
	}
	c, err := wholeCensus()
	if err != nil {
		t.Fatal(err)
	}
	boards, err := c.Antipodes()
	if err != nil {
		t.Fatal(err)
	}
	// Antipodes checks their number against the census; here each is
	// checked by a plain board-by-board length.
	dist := censusTable(t)
	set := map[bitboard.Rotation]bool{}
	for i, b := range boards {
		if !b.Valid() || plainLength(dist, b) != c.Max {
			t.Fatalf("antipode %v: valid %v, length %d, want %d", b, b.Valid(), plainLength(dist, b), c.Max)
		}
		if i > 0 && boards[i-1].String() >= b.String() {
			t.Fatalf("antipodes not sorted: %v then %v", boards[i-1], b)
		}
		set[b] = true
	}
	// The set is closed under the board symmetries and the relabellings.
	for _, b := range boards {
		for _, s := range bitboard.RotationSymmetries {
			if !set[s.Apply(b)] {
				t.Fatalf("%s of antipode %v is missing", s.Name, b)
			}
		}
		for _, p := range [][3]int8{{1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}} {
			if x := permuteSymbols(b, p); !set[x] {
				t.Fatalf("relabelling %v of antipode %v is missing", p, b)
			}
		}
	}
}

func TestBoardKeyOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	var prev bitboard.Rotation
	for n := 0; n < 2000; n++ {
		b := bitboard.RandomRotation(r)
		if boardOfKey(boardKey(b)) != b {
			t.Fatalf("key of %v does not round-trip", b)
		}
		if n > 0 && (boardKey(prev) < boardKey(b)) != (prev.String() < b.String()) {
			t.Fatalf("keys order %v and %v unlike their text", prev, b)
		}
		prev = b
	}
}

func TestRotationCensusRejectsOtherTables(t *testing.T) {
	dist := censusTable(t)
	other, err := NewTable(RotationPuzzle, "not-centre8", RotationEntries, RotationWidth, dist.Data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RotationCensus(other, 0, nil); !errors.Is(err, ErrMismatch) {
		t.Fatalf("census of another pattern's table: %v, want ErrMismatch", err)
	}
}

func BenchmarkCensusOrbit(b *testing.B) {
	tab, err := rotationTable()
	if err != nil {
		b.Fatal(err)
	}
	w := &censusWorker{dist: unpack4(tab)}
	var reps []uint32
	for r := uint32(0); r < RotationEntries; r += 97 {
		reps = append(reps, unrankMask(r))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m := reps[i%len(reps)]
		w.addOrbit(m, rotationMaxDist, rotationSymmetries)
	}
}
