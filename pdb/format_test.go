package pdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func smallTable(t testing.TB, n uint64, width uint8, seed uint64) *Table {
	r := rand.New(rand.NewPCG(seed, 1))
	data := make([]byte, PackedSize(n, width))
	for i := range data {
		data[i] = byte(r.IntN(256))
		if width == 4 {
			data[i] &= 0x77 // values 0..7
		}
	}
	if width == 4 && n%2 == 1 {
		data[len(data)-1] &= 0x0f
	}
	tab, err := NewTable("test", "small", n, width, data)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

func encode(t testing.TB, tab *Table) []byte {
	var buf bytes.Buffer
	if err := Write(&buf, tab); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		n     uint64
		width uint8
	}{{1, 4}, {2, 4}, {1001, 4}, {1, 8}, {4096, 8}, {1, 64}, {333, 64}} {
		tab := smallTable(t, c.n, c.width, c.n)
		got, err := Decode(encode(t, tab))
		if err != nil {
			t.Fatalf("%d x %d bits: %v", c.n, c.width, err)
		}
		if !bytes.Equal(got.Data, tab.Data) || got.Puzzle != tab.Puzzle || got.Pattern != tab.Pattern ||
			got.Entries != tab.Entries || got.Width != tab.Width || got.Checksum != tab.Checksum {
			t.Fatalf("%d x %d bits: round trip changed the table", c.n, c.width)
		}
		var sum uint64
		for i := uint64(0); i < c.n; i++ {
			if int(tab.Get(i)) >= len(tab.Counts) {
				t.Fatalf("entry %d = %d beyond counts %v", i, tab.Get(i), tab.Counts)
			}
		}
		for _, x := range got.Counts {
			sum += x
		}
		if sum != c.n {
			t.Fatalf("counts add to %d, want %d", sum, c.n)
		}
	}
}

func TestCountsOfEveryByteValue(t *testing.T) {
	data := make([]byte, 256)
	for i := range data {
		data[i] = byte(i)
	}
	tab, err := NewTable("test", "bytes", 256, 8, data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(encode(t, tab))
	if err != nil || len(got.Counts) != 256 {
		t.Fatalf("256 distinct values: %v, %d counts", err, len(got.Counts))
	}
}

// Every single-byte change and every truncation of a file is an error.
func TestCorruptionIsAlwaysAnError(t *testing.T) {
	file := encode(t, smallTable(t, 3001, 4, 7))
	for i := range file {
		for _, flip := range []byte{0x01, 0x80, 0xff} {
			bad := bytes.Clone(file)
			bad[i] ^= flip
			if _, err := Decode(bad); err == nil {
				t.Fatalf("byte %d ^ %#x: no error", i, flip)
			}
		}
	}
	for n := 0; n < len(file); n++ {
		_, err := Decode(file[:n])
		var fe *FormatError
		if !errors.As(err, &fe) {
			t.Fatalf("truncated to %d bytes: %v is not a *FormatError", n, err)
		}
	}
	if _, err := Decode(append(bytes.Clone(file), 0)); err == nil {
		t.Fatal("trailing byte: no error")
	}
}

func TestReadFileErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.pdb")
	tab := smallTable(t, 100, 8, 3)
	if err := WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path, "test", "small"); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path, "rotation", "small")
	if !errors.Is(err, ErrMismatch) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
		t.Fatalf("wrong puzzle: %v", err)
	}
	b, _ := os.ReadFile(path)
	b[8] = 99 // version
	os.WriteFile(path, b, 0o644)
	if _, err := ReadFile(path, "", ""); !errors.Is(err, ErrVersion) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
		t.Fatalf("wrong version: %v", err)
	}
	os.WriteFile(path, []byte("not a table"), 0o644)
	if _, err := ReadFile(path, "", ""); !errors.Is(err, ErrMagic) {
		t.Fatalf("bad magic: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("WriteFile left %d files behind", len(entries))
	}
}

func TestCacheBuildsThenReadsThenRebuilds(t *testing.T) {
	dir := t.TempDir()
	builds := 0
	spec := Spec{Puzzle: "test", Pattern: "small", Entries: 100, Width: 8,
		Build: func(func(Progress)) (*Table, error) { builds++; return smallTable(t, 100, 8, 9), nil }}
	var msgs []string
	c := &Cache{Dir: dir, Notify: func(m string) { msgs = append(msgs, m) }}
	for i := 0; i < 2; i++ {
		if _, err := c.Load(spec); err != nil {
			t.Fatal(err)
		}
	}
	if builds != 1 || len(msgs) != 1 {
		t.Fatalf("two loads: %d builds, messages %q", builds, msgs)
	}
	path := filepath.Join(dir, spec.FileName())
	b, _ := os.ReadFile(path)
	b[len(b)-3] ^= 0x10
	os.WriteFile(path, b, 0o644)
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if builds != 2 || len(msgs) != 2 || !bytes.Contains([]byte(msgs[1]), []byte("rebuilding")) {
		t.Fatalf("corrupt file: %d builds, messages %q", builds, msgs)
	}
	other := spec
	other.Entries = 50
	other.Build = func(func(Progress)) (*Table, error) { return smallTable(t, 100, 8, 9), nil }
	if _, err := c.Load(other); !errors.Is(err, ErrMismatch) {
		t.Fatalf("builder of the wrong size: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add(encode(f, smallTable(f, 33, 4, 1)))
	f.Add(encode(f, smallTable(f, 20, 8, 2)))
	if b, err := os.ReadFile(filepath.Join("testdata", "small.pdb")); err == nil {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		tab, err := Decode(b)
		if err != nil {
			return
		}
		if uint64(len(tab.Data)) != PackedSize(tab.Entries, tab.Width) {
			t.Fatalf("accepted a table with %d bytes for %d entries", len(tab.Data), tab.Entries)
		}
	})
}

// craft builds a table file with a correct header checksum around any field
// values, so tests and the fuzzer reach the checks behind the checksum.
func craft(puzzle, pattern string, entries uint64, width uint8, counts []uint64, sum uint32, zlen uint64, payload []byte) []byte {
	var h bytes.Buffer
	h.WriteString(Magic)
	binary.Write(&h, binary.LittleEndian, uint16(FormatVersion))
	h.WriteByte(byte(len(puzzle)))
	h.WriteString(puzzle)
	h.WriteByte(byte(len(pattern)))
	h.WriteString(pattern)
	binary.Write(&h, binary.LittleEndian, entries)
	h.WriteByte(width)
	binary.Write(&h, binary.LittleEndian, uint16(len(counts)))
	for _, c := range counts {
		binary.Write(&h, binary.LittleEndian, c)
	}
	binary.Write(&h, binary.LittleEndian, sum)
	binary.Write(&h, binary.LittleEndian, zlen)
	binary.Write(&h, binary.LittleEndian, crc32.Checksum(h.Bytes(), castagnoli))
	return append(h.Bytes(), payload...)
}

// A header may claim any size; nothing is allocated for a claim the
// payload cannot back, and a cached file of the wrong size is rebuilt.
func TestHugeClaimsAreRefused(t *testing.T) {
	huge := uint64(1) << 40
	for _, b := range [][]byte{
		craft("rotation", "centre8", huge, 64, []uint64{huge}, 0, 1, []byte{0}),
		craft("rotation", "centre8", 1<<29, 64, []uint64{1 << 29}, 0, 1, []byte{0}),
		// A frame header that claims 4 GiB behind a plausible payload length.
		craft("test", "big", 1<<32, 8, []uint64{1 << 32}, 0, 1<<17, append([]byte{0x28, 0xb5, 0x2f, 0xfd, 0xc4, 0, 0, 0, 0, 1}, make([]byte, 1<<17-10)...)),
	} {
		if _, err := Decode(b); err == nil {
			t.Fatal("accepted a table whose payload cannot hold its entries")
		}
	}
	dir := t.TempDir()
	spec := RotationSpec()
	if err := os.WriteFile(filepath.Join(dir, spec.FileName()), craft("rotation", "centre8", huge, 64, []uint64{huge}, 0, 1, []byte{0}), 0o644); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	c := &Cache{Dir: dir, Notify: func(m string) { msgs = append(msgs, m) }}
	if _, err := c.Load(spec); err != nil || len(msgs) != 1 || !strings.Contains(msgs[0], "rebuilding") {
		t.Fatalf("crafted cached table: %v, %q", err, msgs)
	}
}

func TestCacheWorksWhenItCannotWrite(t *testing.T) {
	var msgs []string
	c := &Cache{Dir: filepath.Join(os.DevNull, "x"), Notify: func(m string) { msgs = append(msgs, m) }}
	spec := Spec{Puzzle: "test", Pattern: "small", Entries: 100, Width: 8,
		Build: func(func(Progress)) (*Table, error) { return smallTable(t, 100, 8, 9), nil }}
	if tab, err := c.Load(spec); err != nil || tab.Entries != 100 || len(msgs) != 2 || !strings.Contains(msgs[1], "without caching") {
		t.Fatalf("unwritable cache: %v, %q", err, msgs)
	}
}

func FuzzDecodeFields(f *testing.F) {
	f.Add("test", "small", uint64(33), uint8(4), uint64(33), uint32(0), []byte{1, 2, 3})
	f.Add("rotation", "centre8", uint64(1)<<40, uint8(64), uint64(1)<<40, uint32(7), []byte{0})
	good, _ := Decode(encode(f, smallTable(f, 20, 8, 2)))
	f.Add(good.Puzzle, good.Pattern, good.Entries, good.Width, good.Entries, good.Checksum, encode(f, good)[len(encode(f, good))-20:])
	f.Fuzz(func(t *testing.T, puzzle, pattern string, entries uint64, width uint8, count uint64, sum uint32, payload []byte) {
		if len(puzzle) > 255 || len(pattern) > 255 {
			return
		}
		b := craft(puzzle, pattern, entries, width, []uint64{0, count}, sum, uint64(len(payload)), payload)
		if tab, err := Decode(b); err == nil && uint64(len(tab.Data)) != PackedSize(tab.Entries, tab.Width) {
			t.Fatalf("accepted %d bytes for %d entries", len(tab.Data), tab.Entries)
		}
	})
}

// A table file whose checksums agree with its entries, but whose entries
// are not the known table's, is refused and rebuilt.
func TestForgedTableIsRebuilt(t *testing.T) {
	dir := t.TempDir()
	spec := RotationSpec()
	forged, err := NewTable(RotationPuzzle, RotationPattern, RotationEntries, RotationWidth, make([]byte, PackedSize(RotationEntries, RotationWidth)))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, spec.FileName()), forged); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	c := &Cache{Dir: dir, Notify: func(m string) { msgs = append(msgs, m) }}
	tab, err := c.Load(spec)
	if err != nil || len(msgs) != 1 || !strings.Contains(msgs[0], "known table") || tab.Checksum != knownChecksums["rotation/centre8"] {
		t.Fatalf("forged table: %v, %q", err, msgs)
	}
}
