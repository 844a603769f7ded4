package pdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// File layout, all integers little-endian:
//
//	offset size  field
//	0      8     magic "PDBSOLVE"
//	8      2     format version (FormatVersion)
//	10     1     length P of the puzzle id, then P bytes
//	.      1     length Q of the pattern id, then Q bytes
//	.      8     entry count
//	.      1     entry width in bits (4, 8 or 64)
//	.      2     number D of per-value counts (at most 256), then D x 8 bytes
//	.      4     CRC-32C of the packed, uncompressed entries
//	.      8     length Z of the compressed payload
//	.      4     CRC-32C of every header byte before this field
//	.      Z     the packed entries as one zstd frame
//
// Entries of width 64 are little-endian words, and their per-value counts
// are of their low byte. Entries of width 4 are packed two to a byte, entry i in the low nibble of
// byte i/2 when i is even and in the high nibble when i is odd.

// Magic opens every table file.
const Magic = "PDBSOLVE"

// FormatVersion is the version of the layout above; readers reject others.
const FormatVersion = 1

const (
	maxIDLen   = 64      // longest puzzle or pattern id
	maxDepths  = 256     // most per-value counts a header may carry (one per byte value)
	maxEntries = 1 << 40 // refuse headers claiming more entries than this
	maxDecoded = 1 << 32 // most bytes of entries a table may hold (the largest real one has 519 MB)
	// zstdMaxRatio bounds the entries a payload may claim: zstd cannot
	// expand data more than 32,768 times (a 4-byte RLE block a 128 KiB block),
	// so a header claiming more is lying, and nothing is allocated for it.
	zstdMaxRatio = 1 << 16
	smallFrame   = 1 << 16 // the largest payload a frame may decode to without stating its size
)

// Sentinel errors; a read error wraps one of them in a *FormatError.
var (
	ErrMagic     = errors.New("pdb: not a table file (bad magic)")
	ErrVersion   = errors.New("pdb: unsupported format version")
	ErrHeader    = errors.New("pdb: corrupt header")
	ErrTruncated = errors.New("pdb: truncated file")
	ErrChecksum  = errors.New("pdb: checksum mismatch")
	ErrMismatch  = errors.New("pdb: table is for another puzzle or pattern")
	ErrWidth     = errors.New("pdb: unsupported entry width")
)

// FormatError reports a problem found while reading a table file.
type FormatError struct {
	Path   string // file name, or "" when reading a stream
	Offset int64  // byte offset where the problem was found
	Err    error  // one of the sentinel errors above
	Detail string // what was expected, if anything
}

func (e *FormatError) Error() string {
	s := e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	where := fmt.Sprintf("offset %d", e.Offset)
	if e.Path != "" {
		where = e.Path + ": " + where
	}
	return where + ": " + s
}

func (e *FormatError) Unwrap() error { return e.Err }

// Header describes a table: which puzzle and pattern its entries belong to,
// how many there are and how wide, and how often each value occurs.
type Header struct {
	Puzzle   string   // puzzle id, such as "rotation" or "15puzzle"
	Pattern  string   // pattern id within the puzzle, such as "centre8" or "78a"
	Entries  uint64   // number of entries
	Width    uint8    // bits per entry: 4, 8 or 64
	Counts   []uint64 // Counts[v] is the number of entries holding value v
	Checksum uint32   // CRC-32C of the packed entries
}

// Table is a pattern database held in memory: a header and the packed entries.
type Table struct {
	Header
	Data []byte // packed entries, PackedSize(Entries, Width) bytes
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// PackedSize returns the number of bytes that n entries of the given width occupy.
func PackedSize(n uint64, width uint8) uint64 {
	switch width {
	case 4:
		return (n + 1) / 2
	case 64:
		return 8 * n
	}
	return n
}

// validWidth reports whether entries may be width bits wide.
func validWidth(width uint8) bool { return width == 4 || width == 8 || width == 64 }

// Get returns entry i of the table; the low byte of a 64-bit entry.
func (t *Table) Get(i uint64) uint8 {
	switch t.Width {
	case 4:
		return t.Data[i>>1] >> ((i & 1) << 2) & 0xf
	case 64:
		return t.Data[8*i]
	}
	return t.Data[i]
}

// Mean returns the mean entry value.
func (t *Table) Mean() float64 {
	var sum, n float64
	for v, c := range t.Counts {
		sum += float64(v) * float64(c)
		n += float64(c)
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

// NewTable wraps packed entries in a table, filling in the counts and checksum.
func NewTable(puzzle, pattern string, entries uint64, width uint8, data []byte) (*Table, error) {
	if !validWidth(width) {
		return nil, fmt.Errorf("%w: %d bits", ErrWidth, width)
	}
	if uint64(len(data)) != PackedSize(entries, width) {
		return nil, fmt.Errorf("pdb: %d entries of %d bits need %d bytes, have %d",
			entries, width, PackedSize(entries, width), len(data))
	}
	if len(puzzle) == 0 || len(puzzle) > maxIDLen || len(pattern) == 0 || len(pattern) > maxIDLen {
		return nil, fmt.Errorf("pdb: puzzle and pattern ids must be 1 to %d bytes", maxIDLen)
	}
	t := &Table{Header: Header{Puzzle: puzzle, Pattern: pattern, Entries: entries, Width: width}, Data: data}
	t.Counts = countValues(data, entries, width)
	t.Checksum = crc32.Checksum(data, castagnoli)
	return t, nil
}

func countValues(data []byte, entries uint64, width uint8) []uint64 {
	var hist [256]uint64
	if width == 4 {
		for _, b := range data {
			hist[b&0xf]++
			hist[b>>4]++
		}
		if entries%2 == 1 { // the unused high nibble of the last byte
			hist[data[len(data)-1]>>4]--
		}
	} else if width == 64 {
		for i := 0; i < len(data); i += 8 {
			hist[data[i]]++
		}
	} else {
		for _, b := range data {
			hist[b]++
		}
	}
	n := 0
	for v := range hist {
		if hist[v] != 0 {
			n = v + 1
		}
	}
	return append([]uint64(nil), hist[:n]...)
}

var (
	encOnce sync.Once
	encoder *zstd.Encoder
	decOnce sync.Once
	decoder *zstd.Decoder
)

func getEncoder() *zstd.Encoder {
	encOnce.Do(func() {
		encoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault))
	})
	return encoder
}

func getDecoder() *zstd.Decoder {
	decOnce.Do(func() {
		// A nil reader and valid options cannot fail.
		decoder, _ = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(maxDecoded))
	})
	return decoder
}

// Write writes t to w in the table file format.
func Write(w io.Writer, t *Table) error {
	if uint64(len(t.Data)) != PackedSize(t.Entries, t.Width) {
		return fmt.Errorf("pdb: table data is %d bytes, header says %d", len(t.Data), PackedSize(t.Entries, t.Width))
	}
	if len(t.Counts) > maxDepths {
		return fmt.Errorf("pdb: %d value counts, at most %d", len(t.Counts), maxDepths)
	}
	payload := getEncoder().EncodeAll(t.Data, make([]byte, 0, len(t.Data)/4))
	var h bytes.Buffer
	h.WriteString(Magic)
	binary.Write(&h, binary.LittleEndian, uint16(FormatVersion))
	h.WriteByte(byte(len(t.Puzzle)))
	h.WriteString(t.Puzzle)
	h.WriteByte(byte(len(t.Pattern)))
	h.WriteString(t.Pattern)
	binary.Write(&h, binary.LittleEndian, t.Entries)
	h.WriteByte(t.Width)
	binary.Write(&h, binary.LittleEndian, uint16(len(t.Counts)))
	for _, c := range t.Counts {
		binary.Write(&h, binary.LittleEndian, c)
	}
	binary.Write(&h, binary.LittleEndian, t.Checksum)
	binary.Write(&h, binary.LittleEndian, uint64(len(payload)))
	binary.Write(&h, binary.LittleEndian, crc32.Checksum(h.Bytes(), castagnoli))
	if _, err := w.Write(h.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(payload)
	return err
}

// WriteFile writes t to path atomically: to a temporary file in the same
// directory, synced and then renamed into place.
func WriteFile(path string, t *Table) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		err = Write(f, t)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("pdb: writing %s: %w", path, err)
	}
	return nil
}

// reader tracks the offset of a header being parsed.
type reader struct {
	b   []byte
	off int64
	err error
}

func (r *reader) next(n int) []byte {
	if r.err != nil {
		return nil
	}
	if int64(len(r.b)) < r.off+int64(n) {
		r.err = &FormatError{Offset: int64(len(r.b)), Err: ErrTruncated, Detail: fmt.Sprintf("header needs %d more bytes", r.off+int64(n)-int64(len(r.b)))}
		return nil
	}
	s := r.b[r.off : r.off+int64(n)]
	r.off += int64(n)
	return s
}

func (r *reader) u8() uint8 {
	if s := r.next(1); s != nil {
		return s[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if s := r.next(2); s != nil {
		return binary.LittleEndian.Uint16(s)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if s := r.next(4); s != nil {
		return binary.LittleEndian.Uint32(s)
	}
	return 0
}

func (r *reader) u64() uint64 {
	if s := r.next(8); s != nil {
		return binary.LittleEndian.Uint64(s)
	}
	return 0
}

func (r *reader) str() string {
	n := r.u8()
	return string(r.next(int(n)))
}

func (r *reader) fail(at int64, err error, detail string) {
	if r.err == nil {
		r.err = &FormatError{Offset: at, Err: err, Detail: detail}
	}
}

// Decode parses a whole table file held in b and checks everything it can:
// magic, version, ids, sizes, the header checksum, the payload length, the
// decompressed size, the entry checksum and the per-value counts.
func Decode(b []byte) (*Table, error) { return decode(b, nil) }

// decode is Decode that first lets check inspect the header, so a table of
// the wrong kind is refused before its payload is decompressed.
func decode(b []byte, check func(*Header) error) (*Table, error) {
	t, off, err := decodeHeader(b)
	if err != nil {
		return nil, err
	}
	if check != nil {
		if err := check(&t.Header); err != nil {
			return nil, err
		}
	}
	if err := decodePayload(t, b[off:], off); err != nil {
		return nil, err
	}
	return t, nil
}

// decodeHeader parses and checks the header, and returns the offset of the
// payload.
func decodeHeader(b []byte) (*Table, int64, error) {
	r := &reader{b: b}
	if m := r.next(len(Magic)); m != nil && string(m) != Magic {
		r.fail(0, ErrMagic, fmt.Sprintf("want %q", Magic))
	}
	if v := r.u16(); r.err == nil && v != FormatVersion {
		r.fail(8, ErrVersion, fmt.Sprintf("file has version %d, this build reads %d", v, FormatVersion))
	}
	var t Table
	at := r.off
	t.Puzzle = r.str()
	if r.err == nil && (len(t.Puzzle) == 0 || len(t.Puzzle) > maxIDLen) {
		r.fail(at, ErrHeader, "puzzle id length")
	}
	at = r.off
	t.Pattern = r.str()
	if r.err == nil && (len(t.Pattern) == 0 || len(t.Pattern) > maxIDLen) {
		r.fail(at, ErrHeader, "pattern id length")
	}
	at = r.off
	t.Entries = r.u64()
	if r.err == nil && (t.Entries == 0 || t.Entries > maxEntries) {
		r.fail(at, ErrHeader, fmt.Sprintf("entry count %d", t.Entries))
	}
	at = r.off
	t.Width = r.u8()
	if r.err == nil && !validWidth(t.Width) {
		r.fail(at, ErrWidth, fmt.Sprintf("%d bits, want 4, 8 or 64", t.Width))
	}
	at = r.off
	nd := int(r.u16())
	if r.err == nil && nd > maxDepths {
		r.fail(at, ErrHeader, fmt.Sprintf("%d value counts, at most %d", nd, maxDepths))
	}
	if r.err == nil {
		t.Counts = make([]uint64, nd)
	}
	for i := 0; i < nd && r.err == nil; i++ {
		t.Counts[i] = r.u64()
	}
	t.Checksum = r.u32()
	zlen := r.u64()
	hcrcAt := r.off
	hcrc := r.u32()
	if r.err != nil {
		return nil, 0, r.err
	}
	if got := crc32.Checksum(b[:hcrcAt], castagnoli); got != hcrc {
		return nil, 0, &FormatError{Offset: hcrcAt, Err: ErrChecksum, Detail: fmt.Sprintf("header CRC %08x, computed %08x", hcrc, got)}
	}
	rest := uint64(len(b)) - uint64(r.off)
	if zlen != rest {
		err := ErrTruncated
		if zlen < rest {
			err = ErrHeader
		}
		return nil, 0, &FormatError{Offset: int64(len(b)), Err: err, Detail: fmt.Sprintf("payload is %d bytes, header says %d", rest, zlen)}
	}
	var sum uint64
	for _, c := range t.Counts {
		sum += c
	}
	if sum != t.Entries {
		return nil, 0, &FormatError{Offset: hcrcAt, Err: ErrHeader, Detail: fmt.Sprintf("value counts add to %d, entry count is %d", sum, t.Entries)}
	}
	size := PackedSize(t.Entries, t.Width)
	if size > maxDecoded || size/zstdMaxRatio > zlen {
		return nil, 0, &FormatError{Offset: hcrcAt, Err: ErrHeader,
			Detail: fmt.Sprintf("%d entries of %d bits cannot come from a %d-byte payload", t.Entries, t.Width, zlen)}
	}
	return &t, r.off, nil
}

// decodePayload decompresses the entries at offset off and checks them
// against the header in t.
func decodePayload(t *Table, payload []byte, off int64) error {
	size := PackedSize(t.Entries, t.Width)
	// The frame states its size, except for tiny frames; a frame that says
	// something else is refused before anything is allocated for it.
	var fh zstd.Header
	if err := fh.Decode(payload); err != nil || (fh.HasFCS && fh.FrameContentSize != size) || (!fh.HasFCS && size > smallFrame) {
		detail := fmt.Sprintf("zstd frame of %d bytes, want %d", fh.FrameContentSize, size)
		if err != nil {
			detail = "zstd frame header: " + err.Error()
		}
		return &FormatError{Offset: off, Err: ErrChecksum, Detail: detail}
	}
	data, err := getDecoder().DecodeAll(payload, make([]byte, 0, size))
	if err != nil {
		return &FormatError{Offset: off, Err: ErrChecksum, Detail: "payload: " + err.Error()}
	}
	if uint64(len(data)) != size {
		return &FormatError{Offset: off, Err: ErrTruncated, Detail: fmt.Sprintf("payload decodes to %d bytes, want %d", len(data), size)}
	}
	if got := crc32.Checksum(data, castagnoli); got != t.Checksum {
		return &FormatError{Offset: off, Err: ErrChecksum, Detail: fmt.Sprintf("entries CRC %08x, header says %08x", got, t.Checksum)}
	}
	got := countValues(data, t.Entries, t.Width)
	same := len(got) == len(t.Counts)
	for i := 0; same && i < len(got); i++ {
		same = got[i] == t.Counts[i]
	}
	if !same {
		return &FormatError{Offset: off, Err: ErrHeader, Detail: "value counts do not match the entries"}
	}
	t.Data = data
	return nil
}

// Read reads a whole table file from rd; see Decode.
func Read(rd io.Reader) (*Table, error) {
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, err
	}
	return Decode(b)
}

// ReadFile reads and checks the table file at path. When puzzle or pattern is
// not empty, a table for another puzzle or pattern is an error, found from
// the header before the entries are decompressed. Errors name the file.
func ReadFile(path, puzzle, pattern string) (*Table, error) {
	return readFile(path, func(h *Header) error {
		if (puzzle != "" && h.Puzzle != puzzle) || (pattern != "" && h.Pattern != pattern) {
			return &FormatError{Offset: 10, Err: ErrMismatch,
				Detail: fmt.Sprintf("file holds %s/%s, want %s/%s", h.Puzzle, h.Pattern, puzzle, pattern)}
		}
		return nil
	})
}

// readFile reads the table at path, letting check refuse it by its header.
func readFile(path string, check func(*Header) error) (*Table, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := decode(b, check)
	if err != nil {
		var fe *FormatError
		if errors.As(err, &fe) {
			fe.Path = path
			return nil, fe
		}
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}
