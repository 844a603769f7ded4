package pdb

import (
	"errors"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// zeroBitsCases are the patterns whose 1-bit tables the tests check entry
// for entry (the 6-tile one in the long suite: TestLongTilesZeroBits).
var zeroBitsCases = []struct {
	rows, cols int
	tiles      []int
}{
	{3, 3, []int{1, 2, 3, 4}}, {3, 3, []int{5, 6, 7, 8}}, {2, 4, []int{1, 2, 5}}, {2, 4, []int{3, 6, 7}},
	{3, 4, []int{1, 2, 4, 5}}, {3, 4, []int{6, 7, 10, 11}},
	{4, 4, []int{1, 2, 4, 5, 8}}, {4, 4, []int{3, 6, 7, 10, 11}}, {4, 4, []int{9, 12, 13, 14, 15}},
	{4, 4, []int{12, 13, 14}}, {4, 4, []int{1, 2, 4, 5, 8, 9}},
}

// zeroBitsTables builds the byte table of a pattern and its 1-bit table.
func zeroBitsTables(t *testing.T, rows, cols int, tiles []int) (byteT, bitT *Table) {
	t.Helper()
	data, err := buildTilesZeroPattern(rows, cols, tiles, allWorkers(), nil)
	if err != nil {
		t.Fatal(err)
	}
	byteT, err = NewTable(TilesPuzzle(rows, cols), tilesZeroPatternID(tiles), uint64(len(data)), TilesWidth, data)
	if err != nil {
		t.Fatal(err)
	}
	bitT, err = TilesZeroBitsOf(rows, cols, tiles, byteT)
	if err != nil {
		t.Fatalf("%dx%d %v: %v", rows, cols, tiles, err)
	}
	return byteT, bitT
}

// TestTilesZeroBitsEntries checks every entry of the 1-bit tables of up to
// 5 tiles against the byte tables they come from (zeroBitsCheckEntries).
func TestTilesZeroBitsEntries(t *testing.T) {
	for _, c := range zeroBitsCases {
		if len(c.tiles) <= 5 {
			zeroBitsCheckEntries(t, c.rows, c.cols, c.tiles)
		}
	}
}

// TestLongTilesZeroBits checks the 1-bit tables of the 6-tile patterns
// entry for entry against their byte tables: the 15-puzzle's, and one of
// the 24-puzzle's default, Korf & Felner's first 6-6-6-6 pattern
// (181,008,000 entries: a build and a check of a
// minute or more of 2 cores each, 350 MiB), whose byte table and 1-bit table
// must also have their pinned checksums, with the 1-bit table's Cost
// equal to the byte table's cost on random boards.
func TestLongTilesZeroBits(t *testing.T) {
	skipUnlessLong(t)
	for _, c := range zeroBitsCases {
		if len(c.tiles) > 5 {
			zeroBitsCheckEntries(t, c.rows, c.cols, c.tiles)
		}
	}
	rows, cols, tiles := 5, 5, []int{1, 2, 5, 6, 7, 12}
	byteT, bitT := zeroBitsTables(t, rows, cols, tiles)
	for _, tb := range []*Table{byteT, bitT} {
		if want, ok := KnownChecksum(tb.Puzzle, tb.Pattern); !ok || want != tb.Checksum {
			t.Errorf("%s/%s: CRC %08x, pinned %08x (%v)", tb.Puzzle, tb.Pattern, tb.Checksum, want, ok)
		}
	}
	z, _ := NewTilesZero(rows, cols, tiles, byteT)
	zb, err := NewTilesZeroBits(rows, cols, tiles, bitT)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(24, 18))
	for range 2000 {
		b := bitboard.RandomTiles(rng, rows, cols, bitboard.BlankFirst)
		pos, rank, used, blank := zeroBoardState(b, tiles)
		want := TilesManhattan(cols, tiles, pos) + 2*int(z.Entry(rank, used, blank))
		if got, err := zb.Cost(pos, blank); err != nil || got != want {
			t.Fatalf("%v: Cost %d (%v), byte table %d", b, got, err, want)
		}
	}
}

// zeroBitsCheckEntries builds the byte and 1-bit tables of a pattern and
// checks every entry of the 1-bit table against the byte table: for every
// placement and every region of its free cells (flood-filled here), the bit
// TilesZeroBits.Index finds (and Table.Get reads) is bit 1 of the cost the
// byte table gives through TilesZero.Index; also the value counts and the
// pinned checksum.
func zeroBitsCheckEntries(t *testing.T, rows, cols int, tiles []int) {
	t.Helper()
	byteT, bitT := zeroBitsTables(t, rows, cols, tiles)
	z, err := NewTilesZero(rows, cols, tiles, byteT)
	if err != nil {
		t.Fatal(err)
	}
	zb, err := NewTilesZeroBits(rows, cols, tiles, bitT)
	if err != nil {
		t.Fatal(err)
	}
	if bitT.Width != 1 || uint64(len(bitT.Data)) != (byteT.Entries+7)/8 || bitT.Entries != byteT.Entries {
		t.Fatalf("%s: %d entries of %d bits in %d bytes, from %d entries", bitT.Pattern, bitT.Entries, bitT.Width, len(bitT.Data), byteT.Entries)
	}
	nc, k := rows*cols, len(tiles)
	g := newTilesGeometry(rows, cols)
	pos := make([]uint8, k)
	seen, ones := uint64(0), uint64(0)
	for p := range TilesEntries(nc, k) {
		used := TilesUnrank(p, nc, pos)
		m := TilesManhattan(cols, tiles, pos)
		free := g.full &^ used
		for rest := free; rest != 0; seen++ {
			r := g.region(rest&-rest, free)
			rest &^= r
			blank := uint8(bits.TrailingZeros32(r))
			h := m + 2*int(byteT.Data[z.Index(p, used, blank)])
			i := zb.Index(p, used, blank)
			if want := uint8(h >> 1 & 1); zb.Bit(i) != want || bitT.Get(i) != want {
				t.Fatalf("%s: placement %v, blank %d: cost %d, bit %d (Get %d)", bitT.Pattern, pos, blank, h, zb.Bit(i), bitT.Get(i))
			}
			ones += uint64(h >> 1 & 1)
		}
	}
	if seen != bitT.Entries || len(bitT.Counts) != 2 || bitT.Counts[1] != ones || bitT.Counts[0] != seen-ones {
		t.Fatalf("%s: %d states, %d ones; table %d entries, counts %v", bitT.Pattern, seen, ones, bitT.Entries, bitT.Counts)
	}
	if want, ok := KnownChecksum(bitT.Puzzle, bitT.Pattern); !ok || want != bitT.Checksum {
		t.Errorf("%s/%s: CRC %08x, pinned %08x (%v)", bitT.Puzzle, bitT.Pattern, bitT.Checksum, want, ok)
	}
	t.Logf("%s/%s: %d entries, %d bytes (byte table %d), %d ones, CRC %08x", bitT.Puzzle, bitT.Pattern, bitT.Entries, len(bitT.Data), len(byteT.Data), ones, bitT.Checksum)
}

// zeroBoardState returns the placement of the pattern tiles on board b
// (tile i's cell), its rank and cells, and the blank's cell.
func zeroBoardState(b bitboard.Tiles, tiles []int) (pos []uint8, rank uint64, used uint32, blank uint8) {
	nc := b.Rows() * b.Cols()
	pos = make([]uint8, len(tiles))
	for c := range nc {
		if i := slices.Index(tiles, b.At(c)); i >= 0 {
			pos[i] = uint8(c)
			used |= 1 << c
		}
	}
	return pos, TilesRank(pos, nc), used, uint8(b.BlankCell())
}

// TestTilesZeroBitsCostAndNext checks TilesZeroBits.Cost, the root's cost
// from the bits alone, against the byte table on every state of the 3 x 3
// and 2 x 4 patterns and on random boards of the others, and Next along
// random walks: a move of a pattern tile gives the byte table's cost of the
// child, any other move leaves the entry as it is.
func TestTilesZeroBitsCostAndNext(t *testing.T) {
	rng := rand.New(rand.NewPCG(18, 3))
	for _, c := range zeroBitsCases {
		if len(c.tiles) > 5 {
			continue
		}
		byteT, bitT := zeroBitsTables(t, c.rows, c.cols, c.tiles)
		z, _ := NewTilesZero(c.rows, c.cols, c.tiles, byteT)
		zb, err := NewTilesZeroBits(c.rows, c.cols, c.tiles, bitT)
		if err != nil {
			t.Fatal(err)
		}
		nc := c.rows * c.cols
		cost := func(pos []uint8, rank uint64, used uint32, blank uint8) int {
			return TilesManhattan(c.cols, c.tiles, pos) + 2*int(z.Entry(rank, used, blank))
		}
		check := func(pos []uint8, rank uint64, used uint32, blank uint8) {
			got, err := zb.Cost(pos, blank)
			if want := cost(pos, rank, used, blank); err != nil || got != want {
				t.Fatalf("%s: placement %v, blank %d: Cost %d (%v), byte table %d", bitT.Pattern, pos, blank, got, err, want)
			}
		}
		states := 0
		if nc <= 9 {
			pos := make([]uint8, len(c.tiles))
			for p := range TilesEntries(nc, len(c.tiles)) {
				used := TilesUnrank(p, nc, pos)
				for free := (uint32(1)<<nc - 1) &^ used; free != 0; free &= free - 1 {
					check(pos, p, used, uint8(bits.TrailingZeros32(free)))
					states++
				}
			}
		}
		for range 300 {
			b := bitboard.RandomTiles(rng, c.rows, c.cols, bitboard.BlankFirst)
			pos, rank, used, blank := zeroBoardState(b, c.tiles)
			check(pos, rank, used, blank)
			states++
			// A walk, the cost carried by Next.
			h := uint8(cost(pos, rank, used, blank))
			i := zb.Index(rank, used, blank)
			for range 40 {
				moves := []bitboard.TilesMove{}
				for m := range bitboard.TilesMove(bitboard.TilesMoves) {
					if _, ok := b.Move(m); ok {
						moves = append(moves, m)
					}
				}
				next, _ := b.Move(moves[rng.IntN(len(moves))])
				moved := next.At(b.BlankCell()) // the tile that moved
				pos, rank, used, blank = zeroBoardState(next, c.tiles)
				j := zb.Index(rank, used, blank)
				if slices.Contains(c.tiles, moved) {
					h = zb.Next(h, j)
				} else if j != i {
					t.Fatalf("%s: %v to %v moves tile %d, not in the pattern, and changes the entry %d to %d", bitT.Pattern, b, next, moved, i, j)
				}
				if want := cost(pos, rank, used, blank); int(h) != want {
					t.Fatalf("%s: %v to %v (tile %d): Next gives %d, byte table %d", bitT.Pattern, b, next, moved, h, want)
				}
				b, i = next, j
			}
		}
		t.Logf("%s: Cost checked on %d states", bitT.Pattern, states)
	}
}

// TestTilesZeroBitsRefuses checks that TilesZeroBitsOf refuses byte tables
// without the property (an entry off by one pair of moves, every entry off
// by one, so that the goal state's cost is 2) and tables that are not the
// pattern's zero-aware byte table, and NewTilesZeroBits tables that are not
// 1-bit tables of the pattern.
func TestTilesZeroBitsRefuses(t *testing.T) {
	rows, cols, tiles := 3, 3, []int{1, 2, 3, 4}
	byteT, bitT := zeroBitsTables(t, rows, cols, tiles)
	bad := func(change func(data []byte)) *Table {
		data := slices.Clone(byteT.Data)
		change(data)
		tb, err := NewTable(byteT.Puzzle, byteT.Pattern, byteT.Entries, byteT.Width, data)
		if err != nil {
			t.Fatal(err)
		}
		return tb
	}
	for name, tb := range map[string]*Table{
		"one entry up": bad(func(d []byte) { d[len(d)/2]++ }),
		"one entry down": bad(func(d []byte) {
			i := len(d) - 1
			for d[i] == 0 {
				i--
			}
			d[i]--
		}),
		"all entries up": bad(func(d []byte) {
			for i := range d {
				d[i]++
			}
		}),
	} {
		if _, err := TilesZeroBitsOf(rows, cols, tiles, tb); !errors.Is(err, ErrTilesZeroStep) {
			t.Errorf("%s: %v, want ErrTilesZeroStep", name, err)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
	if _, err := TilesZeroBitsOf(rows, cols, []int{5, 6, 7, 8}, byteT); !errors.Is(err, ErrMismatch) {
		t.Errorf("another pattern's table: %v", err)
	}
	if _, err := TilesZeroBitsOf(rows, cols, tiles, bitT); !errors.Is(err, ErrMismatch) {
		t.Errorf("a 1-bit table as a byte table: %v", err)
	}
	if _, err := NewTilesZeroBits(rows, cols, tiles, byteT); !errors.Is(err, ErrMismatch) {
		t.Errorf("a byte table as a 1-bit table: %v", err)
	}
	if _, err := NewTilesZeroBits(rows, cols, []int{5, 6, 7, 8}, bitT); !errors.Is(err, ErrMismatch) {
		t.Errorf("another pattern's 1-bit table: %v", err)
	}
	if _, err := TilesZeroBitsPatternLookup(rows, cols, []int{1, 1}); !errors.Is(err, ErrTilesPattern) {
		t.Errorf("a bad pattern: %v", err)
	}
}

// TestTilesZeroBitsPinnedSkipsCheck: a pinned 1-bit table built from its
// byte table (tilesZeroBitsBuilt, the Spec's path) has the same entries
// as TilesZeroBitsOf gives with its check of every edge, for every pinned
// pattern of zeroBitsCases of up to 5 tiles; and a byte table that is
// wrong, so that its bits miss the pin, still goes through the check and
// is refused.
func TestTilesZeroBitsPinnedSkipsCheck(t *testing.T) {
	pinned := 0
	for _, c := range zeroBitsCases {
		if len(c.tiles) > 5 {
			continue
		}
		if _, ok := KnownChecksum(TilesPuzzle(c.rows, c.cols), tilesZeroBitsPatternID(c.tiles)); !ok {
			continue
		}
		pinned++
		byteT, bitT := zeroBitsTables(t, c.rows, c.cols, c.tiles)
		got, err := tilesZeroBitsBuilt(c.rows, c.cols, c.tiles, byteT, nil)
		if err != nil {
			t.Fatalf("%dx%d %v: %v", c.rows, c.cols, c.tiles, err)
		}
		if got.Checksum != bitT.Checksum || !slices.Equal(got.Data, bitT.Data) || got.Pattern != bitT.Pattern {
			t.Errorf("%dx%d %v: %s CRC %08x, the checked conversion %s %08x", c.rows, c.cols, c.tiles,
				got.Pattern, got.Checksum, bitT.Pattern, bitT.Checksum)
		}
	}
	if pinned == 0 {
		t.Fatal("no pinned pattern among zeroBitsCases")
	}
	rows, cols, tiles := 3, 3, []int{1, 2, 3, 4}
	byteT, _ := zeroBitsTables(t, rows, cols, tiles)
	data := slices.Clone(byteT.Data)
	data[len(data)/2]++
	tb, err := NewTable(byteT.Puzzle, byteT.Pattern, byteT.Entries, byteT.Width, data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tilesZeroBitsBuilt(rows, cols, tiles, tb, nil); !errors.Is(err, ErrTilesZeroStep) {
		t.Errorf("a wrong byte table of a pinned pattern: %v, want ErrTilesZeroStep", err)
	}
}

// TestTilesZeroBitsThroughCache builds a 1-bit table through a Cache (its
// pinned checksum checked there), reads it back from its file, and indexes
// it.
func TestTilesZeroBitsThroughCache(t *testing.T) {
	rows, cols := 4, 4
	l, err := TilesZeroBitsPatternLookup(rows, cols, []int{12, 13, 14})
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Dir: t.TempDir()}
	built, err := c.Load(l.Spec)
	if err != nil {
		t.Fatal(err)
	}
	read, err := (&Cache{Dir: c.Dir}).Load(l.Spec)
	if err != nil {
		t.Fatal(err)
	}
	if read.Checksum != built.Checksum || read.Width != 1 || !slices.Equal(read.Data, built.Data) {
		t.Fatalf("read back %s/%s, %d bits, CRC %08x; built CRC %08x", read.Puzzle, read.Pattern, read.Width, read.Checksum, built.Checksum)
	}
	if _, err := NewTilesZeroBits(rows, cols, l.Tiles, read); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkTilesZeroLookup compares the per-node cost of a lookup in a
// 6-tile 5 x 5 zero-aware table at one byte and at one bit an entry, over
// the states of random boards: Index, then the entry (byte: the entry, to
// which a search adds its Manhattan distance, kept incrementally; bit: Next
// from the parent's cost). The tables are random bytes and bits, so it measures
// memory and arithmetic only; on 5 x 5 the byte table is 181 MB, the bit
// table 22.6 MB.
func BenchmarkTilesZeroLookup(b *testing.B) {
	rows, cols, tiles := 5, 5, []int{1, 2, 5, 6, 7, 12}
	l := tilesZeroLayoutOf(rows, cols, len(tiles))
	total := l.entries + l.extra
	rng := rand.New(rand.NewPCG(7, 7))
	data := make([]byte, total)
	for i := range data {
		data[i] = byte(rng.IntN(8))
	}
	bitData := data[:PackedSize(total, 1)]
	z := &TilesZero{layout: l, data: data, geo: l.geo}
	zb := &TilesZeroBits{index: TilesZero{layout: l, geo: l.geo}, data: bitData, tiles: tiles}
	ranks, occupied, blanks := zeroBenchStates(rows, cols, tiles, 1<<16, 9)
	b.Run("byte", func(b *testing.B) {
		var sink int
		i := 0
		for b.Loop() {
			sink += int(z.data[z.Index(ranks[i], occupied[i], blanks[i])])
			if i++; i == len(ranks) {
				i = 0
			}
		}
		if sink < 0 {
			b.Fatal(sink)
		}
	})
	b.Run("bit", func(b *testing.B) {
		h := uint8(40)
		i := 0
		for b.Loop() {
			h = zb.Next(h, zb.Index(ranks[i], occupied[i], blanks[i])) | 32
			if i++; i == len(ranks) {
				i = 0
			}
		}
		if h == 0 {
			b.Fatal(h)
		}
	})
}
