package pdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testValues returns n entry values below limit, from seed.
func testValues(n uint64, limit int, seed uint64) []uint64 {
	r := rand.New(rand.NewPCG(seed, 1))
	v := make([]uint64, n)
	for i := range v {
		v[i] = uint64(r.IntN(limit))
	}
	return v
}

// pack packs entry values the obvious way, one at a time: eight to a byte
// (lowest bit first) for width 1, two to a byte (even entries low) for width 4, a byte each for width 8, a little-endian
// word each for width 64.
func pack(values []uint64, width uint8) []byte {
	var b []byte
	for i, v := range values {
		switch width {
		case 1:
			if i%8 == 0 {
				b = append(b, 0)
			}
			b[len(b)-1] |= byte(v) << (i % 8)
		case 4:
			if i%2 == 0 {
				b = append(b, byte(v))
			} else {
				b[len(b)-1] |= byte(v) << 4
			}
		case 8:
			b = append(b, byte(v))
		case 64:
			b = binary.LittleEndian.AppendUint64(b, v)
		}
	}
	return b
}

// lowCounts counts the low bytes of values one by one: counts[v] entries
// hold v, with no trailing zeros.
func lowCounts(values []uint64) []uint64 {
	var c []uint64
	for _, v := range values {
		for int(v&0xff) >= len(c) {
			c = append(c, 0)
		}
		c[v&0xff]++
	}
	return c
}

// smallTable returns a table of n random entries of the given width and
// the values it holds. 64-bit entries carry noise above their low byte.
func smallTable(t testing.TB, n uint64, width uint8, seed uint64) (*Table, []uint64) {
	limit := 8
	switch width {
	case 1:
		limit = 2
	case 8, 64:
		limit = 200
	}
	values := testValues(n, limit, seed)
	if width == 64 {
		for i := range values {
			values[i] |= uint64(i) << 8
		}
	}
	tab, err := NewTable("test", "small", n, width, pack(values, width))
	if err != nil {
		t.Fatal(err)
	}
	return tab, values
}

func encode(t testing.TB, tab *Table) []byte { return encodeFrames(t, tab, FrameBytes) }

func encodeFrames(t testing.TB, tab *Table, frameBytes uint64) []byte {
	var buf bytes.Buffer
	if err := writeFrames(&buf, tab, frameBytes, allWorkers()); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// checkEntries fails t unless got holds exactly values (by their low byte),
// counted and checksummed as an independent packing of them says.
func checkEntries(t *testing.T, got *Table, values []uint64, width uint8) {
	t.Helper()
	if got.Entries != uint64(len(values)) || got.Width != width {
		t.Fatalf("got %d entries of %d bits, want %d of %d", got.Entries, got.Width, len(values), width)
	}
	for i, v := range values {
		if got.Get(uint64(i)) != uint8(v) {
			t.Fatalf("entry %d = %d, want %d", i, got.Get(uint64(i)), uint8(v))
		}
	}
	want := lowCounts(values)
	if len(got.Counts) != len(want) {
		t.Fatalf("counts %v, want %v", got.Counts, want)
	}
	for v := range want {
		if got.Counts[v] != want[v] {
			t.Fatalf("count of %d = %d, want %d", v, got.Counts[v], want[v])
		}
	}
	if packed := pack(values, width); !bytes.Equal(got.Data, packed) || got.Checksum != crc32.Checksum(packed, castagnoli) {
		t.Fatal("data or checksum differ from the packed values")
	}
}

func TestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		n          uint64
		width      uint8
		frameBytes uint64
	}{{1, 1, FrameBytes}, {8, 1, FrameBytes}, {1001, 1, FrameBytes}, {8001, 1, 100}, {1, 4, FrameBytes}, {2, 4, FrameBytes}, {1001, 4, FrameBytes}, {1001, 4, 100}, {1, 8, FrameBytes},
		{4096, 8, FrameBytes}, {4096, 8, 1000}, {4096, 8, 1}, {1, 64, FrameBytes}, {333, 64, 64}, {3 * countChunk / 2, 8, 1 << 19}} {
		tab, values := smallTable(t, c.n, c.width, c.n)
		checkEntries(t, tab, values, c.width)
		file := encodeFrames(t, tab, c.frameBytes)
		got, err := Decode(file)
		if err != nil {
			t.Fatalf("%d x %d bits in frames of %d: %v", c.n, c.width, c.frameBytes, err)
		}
		checkEntries(t, got, values, c.width)
		if got.Puzzle != "test" || got.Pattern != "small" {
			t.Fatalf("ids %s/%s, want test/small", got.Puzzle, got.Pattern)
		}
	}
}

func TestCountsOfEveryByteValue(t *testing.T) {
	values := make([]uint64, 256)
	for i := range values {
		values[i] = uint64(i)
	}
	tab, err := NewTable("test", "bytes", 256, 8, pack(values, 8))
	if err != nil {
		t.Fatal(err)
	}
	got, err := Decode(encode(t, tab))
	if err != nil {
		t.Fatal(err)
	}
	checkEntries(t, got, values, 8)
}

// Every single-byte change and every truncation of a file is an error, in
// one frame or several.
func TestCorruptionIsAlwaysAnError(t *testing.T) {
	tab, _ := smallTable(t, 3001, 4, 7)
	for _, frameBytes := range []uint64{FrameBytes, 256} {
		file := encodeFrames(t, tab, frameBytes)
		for i := range file {
			for _, flip := range []byte{0x01, 0x80, 0xff} {
				bad := bytes.Clone(file)
				bad[i] ^= flip
				if _, err := Decode(bad); err == nil {
					t.Fatalf("frames of %d, byte %d ^ %#x: no error", frameBytes, i, flip)
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
		if _, err := Decode(append(bytes.Clone(file), 0)); !errors.Is(err, ErrHeader) {
			t.Fatalf("trailing byte: %v", err)
		}
	}
}

func TestReadFileErrorsNameTheFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.pdb")
	tab, _ := smallTable(t, 100, 8, 3)
	if err := WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(path, "test", "small"); err != nil {
		t.Fatal(err)
	}
	_, err := ReadFile(path, "rotation", "small")
	if !errors.Is(err, ErrMismatch) || !strings.Contains(err.Error(), path) {
		t.Fatalf("wrong puzzle: %v", err)
	}
	b, _ := os.ReadFile(path)
	b[8] = 99 // version
	os.WriteFile(path, b, 0o644)
	if _, err := ReadFile(path, "", ""); !errors.Is(err, ErrVersion) || !strings.Contains(err.Error(), path) {
		t.Fatalf("wrong version: %v", err)
	}
	os.WriteFile(path, []byte("not a table"), 0o644)
	if _, err := ReadFile(path, "", ""); !errors.Is(err, ErrMagic) || strings.Contains(err.Error(), " pdb: ") {
		t.Fatalf("bad magic: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("WriteFile left %d files behind", len(entries))
	}
}

// withTimeout fails t if f does not return within d.
func withTimeout(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still reading after %v", what, d)
	}
}

// Paths that are not regular files are refused at once: a named pipe
// without a writer, a link to /dev/zero, a directory.
func TestReadFileRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.pdb")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	zero := filepath.Join(dir, "zero.pdb")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "dir.pdb")
	os.Mkdir(sub, 0o755)
	for _, p := range []string{fifo, zero, sub} {
		withTimeout(t, 5*time.Second, p, func() {
			_, err := ReadFile(p, "", "")
			if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), p) {
				t.Errorf("%s: %v, want ErrNotRegular naming the file", p, err)
			}
		})
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A file whose size disagrees with its header is refused before its
// entries are read: a 3 GB file (sparse here) costs no memory.
func TestReadFileChecksTheSizeFirst(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.pdb")
	tab, _ := smallTable(t, 1<<16, 8, 5)
	if err := WriteFile(path, tab); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	for _, c := range []struct {
		size int64
		want error
	}{{3 << 30, ErrHeader}, {int64(len(good)) - 1, ErrTruncated}, {int64(len(good)) + 1, ErrHeader}} {
		if err := os.Truncate(path, c.size); err != nil {
			t.Fatal(err)
		}
		var err error
		withTimeout(t, 5*time.Second, "sized file", func() {
			if n := allocated(func() { _, err = ReadFile(path, "", "") }); n > 1<<20 {
				t.Errorf("file of %d bytes: allocated %d bytes before refusing it", c.size, n)
			}
		})
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), "its header says") {
			t.Fatalf("file of %d bytes: %v, want %v", c.size, err, c.want)
		}
		os.WriteFile(path, good, 0o644)
	}
}

func FuzzDecode(f *testing.F) {
	tab, _ := smallTable(f, 33, 4, 1)
	f.Add(encode(f, tab))
	tab, _ = smallTable(f, 20, 8, 2)
	f.Add(encodeFrames(f, tab, 7))
	seeds, _ := filepath.Glob(filepath.Join("testdata", "*.pdb"))
	if len(seeds) == 0 {
		f.Fatal("no seed tables in testdata")
	}
	for _, name := range seeds {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
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
		values := make([]uint64, tab.Entries)
		for i := range values {
			values[i] = uint64(tab.Get(uint64(i)))
		}
		if want := lowCounts(values); len(want) != len(tab.Counts) {
			t.Fatalf("accepted counts %v for entries counting %v", tab.Counts, want)
		}
	})
}

// craft builds a table file with a correct header checksum around any field
// values, so tests and the fuzzer reach the checks behind the checksum.
func craft(puzzle, pattern string, entries uint64, width uint8, counts []uint64, sum uint32, frameBytes uint32, zlens []uint32, payload []byte) []byte {
	var h bytes.Buffer
	le := binary.LittleEndian
	h.WriteString(Magic)
	h.Write(le.AppendUint16(nil, FormatVersion))
	h.WriteByte(byte(len(puzzle)))
	h.WriteString(puzzle)
	h.WriteByte(byte(len(pattern)))
	h.WriteString(pattern)
	h.Write(le.AppendUint64(nil, entries))
	h.WriteByte(width)
	h.Write(le.AppendUint16(nil, uint16(len(counts))))
	for _, c := range counts {
		h.Write(le.AppendUint64(nil, c))
	}
	h.Write(le.AppendUint32(nil, sum))
	h.Write(le.AppendUint32(nil, frameBytes))
	h.Write(le.AppendUint32(nil, uint32(len(zlens))))
	at := 0
	for _, z := range zlens {
		h.Write(le.AppendUint32(nil, z))
		frame := payload[min(at, len(payload)):min(at+int(z), len(payload))]
		h.Write(le.AppendUint32(nil, crc32.Checksum(frame, castagnoli)))
		at += int(z)
	}
	h.Write(le.AppendUint32(nil, crc32.Checksum(h.Bytes(), castagnoli)))
	return append(h.Bytes(), payload...)
}

// craftV1 lays out a table in format version 1: one zstd frame, its length
// before the header CRC.
func craftV1(tab *Table) []byte {
	var h bytes.Buffer
	le := binary.LittleEndian
	payload := getEncoder().EncodeAll(tab.Data, nil)
	h.WriteString(Magic)
	h.Write(le.AppendUint16(nil, 1))
	h.WriteByte(byte(len(tab.Puzzle)))
	h.WriteString(tab.Puzzle)
	h.WriteByte(byte(len(tab.Pattern)))
	h.WriteString(tab.Pattern)
	h.Write(le.AppendUint64(nil, tab.Entries))
	h.WriteByte(tab.Width)
	h.Write(le.AppendUint16(nil, uint16(len(tab.Counts))))
	for _, c := range tab.Counts {
		h.Write(le.AppendUint64(nil, c))
	}
	h.Write(le.AppendUint32(nil, tab.Checksum))
	h.Write(le.AppendUint64(nil, uint64(len(payload))))
	h.Write(le.AppendUint32(nil, crc32.Checksum(h.Bytes(), castagnoli)))
	return append(h.Bytes(), payload...)
}

// A header may claim any size; nothing is allocated for a claim the
// payload cannot back, and a cached file of the wrong size is rebuilt.
func TestHugeClaimsAreRefused(t *testing.T) {
	huge := uint64(1) << 40
	fourGiBFrame := append([]byte{0x28, 0xb5, 0x2f, 0xfd, 0xc4, 0, 0, 0, 0, 1}, make([]byte, 1<<17-10)...)
	for _, b := range [][]byte{
		craft("rotation", "centre8", huge, 64, []uint64{huge}, 0, 1<<30, []uint32{1}, []byte{0}),
		craft("rotation", "centre8", 1<<29, 64, []uint64{1 << 29}, 0, 1<<30, []uint32{1, 1, 1, 1}, []byte{0, 0, 0, 0}),
		// A frame header that claims 4 GiB behind a plausible frame length.
		craft("test", "big", 1<<31, 8, []uint64{1 << 31}, 0, 1<<31, []uint32{1 << 17}, fourGiBFrame),
		// A frame index that does not cover the entries.
		craft("test", "big", 100, 8, []uint64{100}, 0, 10, []uint32{5}, make([]byte, 5)),
		craft("test", "big", 100, 8, []uint64{100}, 0, 0, nil, nil),
	} {
		var err error
		if n := allocated(func() { _, err = Decode(b) }); err == nil || n > 1<<20 {
			t.Fatalf("accepted a table whose frames cannot hold its entries, or allocated %d bytes: %v", n, err)
		}
	}
	dir := t.TempDir()
	spec := RotationSpec()
	if err := os.WriteFile(filepath.Join(dir, spec.FileName()), craft("rotation", "centre8", huge, 64, []uint64{huge}, 0, 1<<30, []uint32{1}, []byte{0}), 0o644); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	c := &Cache{Dir: dir, Notify: func(m string) { msgs = append(msgs, m) }}
	if _, err := c.Load(spec); err != nil || len(msgs) != 1 || !strings.Contains(msgs[0], "rebuilding") {
		t.Fatalf("crafted cached table: %v, %q", err, msgs)
	}
}

func FuzzDecodeFields(f *testing.F) {
	f.Add("test", "small", uint64(33), uint8(4), uint64(33), uint32(0), uint32(8), []byte{1, 2, 3})
	f.Add("rotation", "centre8", uint64(1)<<40, uint8(64), uint64(1)<<40, uint32(7), uint32(1<<20), []byte{0})
	good, _ := smallTable(f, 20, 8, 2)
	file := encode(f, good)
	f.Add(good.Puzzle, good.Pattern, good.Entries, good.Width, good.Entries, good.Checksum, uint32(FrameBytes), file[len(file)-20:])
	f.Fuzz(func(t *testing.T, puzzle, pattern string, entries uint64, width uint8, count uint64, sum, frameBytes uint32, payload []byte) {
		if len(puzzle) > 255 || len(pattern) > 255 {
			return
		}
		b := craft(puzzle, pattern, entries, width, []uint64{0, count}, sum, frameBytes, []uint32{uint32(len(payload))}, payload)
		if tab, err := Decode(b); err == nil && uint64(len(tab.Data)) != PackedSize(tab.Entries, tab.Width) {
			t.Fatalf("accepted %d bytes for %d entries", len(tab.Data), tab.Entries)
		}
	})
}
