package pdb

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/klauspost/compress/zstd"
)

// Magic opens every table file.
const Magic = "PDBSOLVE"

// FormatVersion is the version of the table file format described in the
// package comment; readers refuse every other. Version 1 held the entries in
// one zstd frame and had no frame index.
const FormatVersion = 2

// FrameBytes is the number of packed entry bytes in each zstd frame that
// Write produces; the last frame holds the rest. Frames are compressed and
// decompressed concurrently.
const FrameBytes = 8 << 20

const (
	maxIDLen   = 64      // longest puzzle or pattern id
	maxDepths  = 256     // most per-value counts a header may carry (one per byte value)
	maxEntries = 1 << 40 // refuse headers claiming more entries than this
	maxDecoded = 1 << 32 // most bytes of entries a table may hold (the largest real one has 519 MB)
	maxFrames  = 4096    // most frames a file may have (a maxDecoded table in FrameBytes frames has 512)
	// zstdMaxRatio bounds the entries a frame may claim: zstd cannot
	// expand data more than 32,768 times (a 4-byte RLE block a 128 KiB block),
	// so a header claiming more is lying, and nothing is allocated for it.
	zstdMaxRatio = 1 << 16
	smallFrame   = 1 << 16 // the largest frame that may decode without stating its size
	// zstdFrameHeaderMax is the longest zstd frame header (magic, descriptor,
	// window, dictionary id and content size).
	zstdFrameHeaderMax = 18
	// maxHeaderBytes is the longest header a reader accepts: magic,
	// version, two ids, entry count, width, counts, entries CRC, frame size,
	// frame count, frame index (length and CRC of each frame) and header CRC.
	maxHeaderBytes = len(Magic) + 2 + 2*(1+maxIDLen) + 8 + 1 + 2 + 8*maxDepths + 4 + 4 + 4 + 8*maxFrames + 4
	// countChunk is the share of entry bytes one goroutine counts at a time;
	// a multiple of 8 so that 64-bit entries never straddle two chunks.
	countChunk = 1 << 20
	noOffset   = -1 // FormatError.Offset of a problem with the whole file
	// expectedRatio is the compression ratio a frame's output buffer is
	// first sized for; zstd grows it when needed.
	expectedRatio = 4
)

// Sentinel errors; a read error wraps one of them in a *FormatError.
var (
	// ErrMagic is returned when a file does not start with Magic.
	ErrMagic = errors.New("not a table file (bad magic)")
	// ErrVersion is returned when a file has another FormatVersion.
	ErrVersion = errors.New("unsupported table format version")
	// ErrHeader is returned when a header field is out of range or
	// disagrees with another field or with the entries.
	ErrHeader = errors.New("corrupt table header")
	// ErrTruncated is returned when a file is shorter than its header says.
	ErrTruncated = errors.New("truncated table file")
	// ErrChecksum is returned when a checksum or a compressed frame does
	// not match the bytes it covers.
	ErrChecksum = errors.New("table checksum mismatch")
	// ErrMismatch is returned when a table is not the one that was asked
	// for: another puzzle, pattern, size, width or (for the tables pdbsolve
	// builds) other entries.
	ErrMismatch = errors.New("table is for another puzzle or pattern")
	// ErrWidth is returned when an entry width is not 1, 4, 8 or 64 bits.
	ErrWidth = errors.New("unsupported entry width")
	// ErrNotRegular is returned when a table path names something other
	// than a regular file (a directory, a device, a named pipe, a link to
	// one of those), which is refused before it is read.
	ErrNotRegular = errors.New("not a regular file")
)

// FormatError reports a problem found while reading a table file.
type FormatError struct {
	Path   string // file name, or "" when reading bytes in memory
	Offset int64  // byte offset where the problem was found, or -1 for the whole file
	Err    error  // one of the sentinel errors above
	Detail string // what was expected, if anything
}

func (e *FormatError) Error() string {
	s := e.Err.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	where := e.Path
	if e.Offset >= 0 {
		if where != "" {
			where += ": "
		}
		where += fmt.Sprintf("offset %d", e.Offset)
	}
	if where == "" {
		return s
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
	Width    uint8    // bits per entry: 1, 4, 8 or 64
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
	case 1:
		return (n + 7) / 8
	case 4:
		return (n + 1) / 2
	case 64:
		return 8 * n
	}
	return n
}

// validWidth reports whether entries may be width bits wide.
func validWidth(width uint8) bool { return width == 1 || width == 4 || width == 8 || width == 64 }

// Get returns entry i of the table; the low byte of a 64-bit entry.
func (t *Table) Get(i uint64) uint8 {
	switch t.Width {
	case 1:
		return t.Data[i>>3] >> (i & 7) & 1
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

// NewTable wraps packed entries in a table, filling in the counts (counted
// on all cores) and checksum. The ids are 1 to 64 bytes; data holds
// PackedSize(entries, width) bytes.
func NewTable(puzzle, pattern string, entries uint64, width uint8, data []byte) (*Table, error) {
	return newTable(puzzle, pattern, entries, width, data, allWorkers())
}

// newTable is NewTable with the counts counted on the given number of
// goroutines.
func newTable(puzzle, pattern string, entries uint64, width uint8, data []byte, workers int) (*Table, error) {
	if !validWidth(width) {
		return nil, fmt.Errorf("%w: %d bits, want 1, 4, 8 or 64", ErrWidth, width)
	}
	if uint64(len(data)) != PackedSize(entries, width) {
		return nil, fmt.Errorf("%d entries of %d bits need %d bytes, have %d",
			entries, width, PackedSize(entries, width), len(data))
	}
	if len(puzzle) == 0 || len(puzzle) > maxIDLen || len(pattern) == 0 || len(pattern) > maxIDLen {
		return nil, fmt.Errorf("table ids %q and %q: each must be 1 to %d bytes", puzzle, pattern, maxIDLen)
	}
	t := &Table{Header: Header{Puzzle: puzzle, Pattern: pattern, Entries: entries, Width: width}, Data: data}
	t.Counts = countValues(data, entries, width, workers)
	t.Checksum = crc32.Checksum(data, castagnoli)
	return t, nil
}

// parallel calls f(i) for every i in [0, n) on up to workers goroutines,
// and returns the error of the lowest i that failed; after a failure, the
// calls not yet started are skipped.
func parallel(workers, n int, f func(i int) error) error {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			if err := f(i); err != nil {
				return err
			}
		}
		return nil
	}
	var next atomic.Int64
	var failed atomic.Bool
	errs := make([]error, n)
	runWorkers(workers, func(int) {
		for !failed.Load() {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			if errs[i] = f(i); errs[i] != nil {
				failed.Store(true)
			}
		}
	})
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// byteHistogram adds to hist the number of bytes of b holding each value;
// stride 8 counts only every eighth byte (the low bytes of 64-bit words).
// Four tables take turns so that runs of one value do not wait on each
// other's increments.
func byteHistogram(hist *[256]uint64, b []byte, stride int) {
	var h [4][256]uint64
	i := 0
	if stride == 1 {
		for ; i+4 <= len(b); i += 4 {
			h[0][b[i]]++
			h[1][b[i+1]]++
			h[2][b[i+2]]++
			h[3][b[i+3]]++
		}
	}
	for ; i < len(b); i += stride {
		h[0][b[i]]++
	}
	for v := range hist {
		hist[v] += h[0][v] + h[1][v] + h[2][v] + h[3][v]
	}
}

// countValues returns the per-value counts of the entries packed in data,
// counted in chunks on the given number of goroutines: counts[v] is the
// number of entries holding v, with no trailing zero counts.
func countValues(data []byte, entries uint64, width uint8, workers int) []uint64 {
	stride := 1
	if width == 64 {
		stride = 8
	}
	chunks := (len(data) + countChunk - 1) / countChunk
	hists := make([][256]uint64, chunks)
	parallel(workers, chunks, func(i int) error {
		lo := i * countChunk
		byteHistogram(&hists[i], data[lo:min(lo+countChunk, len(data))], stride)
		return nil
	})
	var bytesHist [256]uint64
	for i := range hists {
		for v := range bytesHist {
			bytesHist[v] += hists[i][v]
		}
	}
	return valueCounts(&bytesHist, data, entries, width)
}

// valueCounts turns a histogram of the bytes of data (or of the low bytes of
// its 64-bit words) into per-value counts of its entries.
func valueCounts(bytesHist *[256]uint64, data []byte, entries uint64, width uint8) []uint64 {
	hist := *bytesHist
	if width == 1 {
		var ones uint64
		for b, c := range bytesHist {
			ones += c * uint64(bits.OnesCount8(uint8(b)))
		}
		if r := entries % 8; r != 0 { // the unused high bits of the last byte
			ones -= uint64(bits.OnesCount8(data[len(data)-1] >> r))
		}
		hist = [256]uint64{entries - ones, ones}
	}
	if width == 4 {
		var nib [256]uint64
		for b, c := range bytesHist {
			nib[b&0xf] += c
			nib[b>>4] += c
		}
		if entries%2 == 1 { // the unused high nibble of the last byte
			nib[data[len(data)-1]>>4]--
		}
		hist = nib
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
		// Valid options cannot fail. Each call to EncodeAll compresses
		// on its caller's goroutine (writeFrames's workers).
		encoder, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)))
	})
	return encoder
}

func getDecoder() *zstd.Decoder {
	decOnce.Do(func() {
		// A nil reader and valid options cannot fail. Each call to
		// DecodeAll decodes one frame; GOMAXPROCS of them may run at once.
		// The frames' own xxhash checksums are skipped: the CRC-32C of
		// each compressed frame is checked before it is decoded, and that
		// of the entries after.
		decoder, _ = zstd.NewReader(nil, zstd.WithDecoderMaxMemory(maxDecoded),
			zstd.WithDecoderConcurrency(runtime.GOMAXPROCS(0)), zstd.IgnoreChecksum(true))
	})
	return decoder
}

// frameCount returns the number of frames of frameBytes bytes that size
// bytes of entries take.
func frameCount(size, frameBytes uint64) uint64 { return (size + frameBytes - 1) / frameBytes }

// Write writes t to w in the table file format, its entries in frames of
// FrameBytes compressed on all cores.
func Write(w io.Writer, t *Table) error { return writeFrames(w, t, FrameBytes, allWorkers()) }

// writeFrames is Write with frames of frameBytes entry bytes compressed on
// the given number of goroutines.
func writeFrames(w io.Writer, t *Table, frameBytes uint64, workers int) error {
	size := uint64(len(t.Data))
	if size != PackedSize(t.Entries, t.Width) {
		return fmt.Errorf("table %s/%s: data is %d bytes, its header says %d", t.Puzzle, t.Pattern, size, PackedSize(t.Entries, t.Width))
	}
	if len(t.Counts) > maxDepths {
		return fmt.Errorf("table %s/%s: %d value counts, at most %d", t.Puzzle, t.Pattern, len(t.Counts), maxDepths)
	}
	for frameCount(size, frameBytes) > maxFrames {
		frameBytes *= 2
	}
	frames := make([][]byte, frameCount(size, frameBytes))
	parallel(workers, len(frames), func(i int) error {
		lo := uint64(i) * frameBytes
		part := t.Data[lo:min(lo+frameBytes, size)]
		frames[i] = getEncoder().EncodeAll(part, make([]byte, 0, len(part)/expectedRatio+zstdFrameHeaderMax))
		return nil
	})
	var h bytes.Buffer
	h.WriteString(Magic)
	le := binary.LittleEndian
	h.Write(le.AppendUint16(nil, FormatVersion))
	h.WriteByte(byte(len(t.Puzzle)))
	h.WriteString(t.Puzzle)
	h.WriteByte(byte(len(t.Pattern)))
	h.WriteString(t.Pattern)
	h.Write(le.AppendUint64(nil, t.Entries))
	h.WriteByte(t.Width)
	h.Write(le.AppendUint16(nil, uint16(len(t.Counts))))
	for _, c := range t.Counts {
		h.Write(le.AppendUint64(nil, c))
	}
	h.Write(le.AppendUint32(nil, t.Checksum))
	h.Write(le.AppendUint32(nil, uint32(frameBytes)))
	h.Write(le.AppendUint32(nil, uint32(len(frames))))
	for _, f := range frames {
		h.Write(le.AppendUint32(nil, uint32(len(f))))
		h.Write(le.AppendUint32(nil, crc32.Checksum(f, castagnoli)))
	}
	h.Write(le.AppendUint32(nil, crc32.Checksum(h.Bytes(), castagnoli)))
	if _, err := w.Write(h.Bytes()); err != nil {
		return err
	}
	for _, f := range frames {
		if _, err := w.Write(f); err != nil {
			return err
		}
	}
	return nil
}

// WriteFile writes t to path atomically: to a temporary file named
// path+".tmp" and a random suffix in the same directory, synced, and then
// renamed into place. A temporary file is removed on failure; one left by a
// process that died is removed by the next Cache that touches the directory.
func WriteFile(path string, t *Table) error { return writeAtomic(path, t, nil) }

// tempInfix separates a table file's name from the random suffix of the
// temporary file it is written to.
const tempInfix = ".tmp"

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
		r.err = &FormatError{Offset: int64(len(r.b)), Err: ErrTruncated, Detail: fmt.Sprintf("the header needs %d more bytes", r.off+int64(n)-int64(len(r.b)))}
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

// frame locates one zstd frame of a table file.
type frame struct {
	off      int64  // offset of the compressed frame in the file
	zlen     uint64 // compressed bytes
	crc      uint32 // CRC-32C of the compressed bytes
	lo, size uint64 // offset and length of its entry bytes in Table.Data
}

// Decode parses a whole table file held in b and checks everything it can:
// magic, version, ids, sizes, the header checksum, the frame index against
// the length of b, every frame's decompressed size, the entry checksum and
// the per-value counts.
func Decode(b []byte) (*Table, error) {
	t, err := decode(bytes.NewReader(b), int64(len(b)), nil)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// ReadFile reads and checks the table file at path. When puzzle or pattern is
// not empty, a table for another puzzle or pattern is an error, found from
// the header before the entries are decompressed. A path that is not a
// regular file (ErrNotRegular) or whose size disagrees with its header
// (ErrTruncated, ErrHeader) is refused before its entries are read. Errors
// name the file.
func ReadFile(path, puzzle, pattern string) (*Table, error) {
	t, err := readFile(path, func(h *Header) error {
		if (puzzle != "" && h.Puzzle != puzzle) || (pattern != "" && h.Pattern != pattern) {
			return &FormatError{Offset: 10, Err: ErrMismatch,
				Detail: fmt.Sprintf("the file holds %s/%s, want %s/%s", h.Puzzle, h.Pattern, puzzle, pattern)}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// readFile reads the table at path, letting check refuse it by its header.
// On an error found after the header was read, it returns the table with
// its header and no data as well as the error.
func readFile(path string, check func(*Header) error) (*Table, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st)
	}
	// O_NONBLOCK: should the path become a named pipe after the check, the
	// open does not wait for a writer; regular files ignore it.
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err = f.Stat(); err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(path, st)
	}
	t, err := decode(f, st.Size(), check)
	if err != nil {
		var fe *FormatError
		if errors.As(err, &fe) {
			fe.Path = path
			return t, fe
		}
		return t, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

func notRegular(path string, st os.FileInfo) error {
	what := "a " + st.Mode().Type().String() + " file"
	switch t := st.Mode().Type(); {
	case t&os.ModeDir != 0:
		what = "a directory"
	case t&os.ModeNamedPipe != 0:
		what = "a named pipe"
	case t&os.ModeDevice != 0:
		what = "a device"
	case t&os.ModeSocket != 0:
		what = "a socket"
	}
	return &FormatError{Path: path, Offset: noOffset, Err: ErrNotRegular, Detail: "it is " + what + ", want a table file"}
}

// decode reads the table file of size bytes in ra: the header first, whose
// frame index must account for exactly size bytes, then check (if not nil)
// on the header, then the frames, decompressed concurrently into one buffer
// and checked. On an error found after the header was read, it returns the
// table with its header and no data as well as the error.
func decode(ra io.ReaderAt, size int64, check func(*Header) error) (*Table, error) {
	head := make([]byte, min(size, int64(maxHeaderBytes)))
	if n, err := ra.ReadAt(head, 0); n < len(head) {
		return nil, fmt.Errorf("reading the header: %w", err)
	}
	t, frames, err := decodeHeader(head, size)
	if err != nil {
		return t, err
	}
	if check != nil {
		if err := check(&t.Header); err != nil {
			return t, err
		}
	}
	if err := decodeFrames(t, ra, frames); err != nil {
		return t, err
	}
	return t, nil
}

// decodeHeader parses and checks the header at the start of b, the first
// bytes of a file of fileSize bytes, and returns the frames it indexes.
func decodeHeader(b []byte, fileSize int64) (*Table, []frame, error) {
	r := &reader{b: b}
	t := readHeaderFields(r)
	at := r.off
	frameBytes := uint64(r.u32())
	nf := uint64(r.u32())
	if r.err == nil && (frameBytes == 0 || nf == 0 || nf > maxFrames) {
		r.fail(at, ErrHeader, fmt.Sprintf("%d frames of %d bytes, want 1 to %d frames of at least 1 byte", nf, frameBytes, maxFrames))
	}
	index := make([]frame, 0, min(nf, maxFrames))
	for i := uint64(0); i < nf && r.err == nil; i++ {
		index = append(index, frame{zlen: uint64(r.u32()), crc: r.u32()})
	}
	hcrcAt := r.off
	hcrc := r.u32()
	if r.err != nil {
		return nil, nil, r.err
	}
	if got := crc32.Checksum(b[:hcrcAt], castagnoli); got != hcrc {
		return nil, nil, &FormatError{Offset: hcrcAt, Err: ErrChecksum, Detail: fmt.Sprintf("header CRC %08x, computed %08x", hcrc, got)}
	}
	// The header is intact: from here on, errors come with it.
	if err := layFrames(t, index, frameBytes, at, hcrcAt, r.off, fileSize); err != nil {
		return t, nil, err
	}
	return t, index, nil
}

// readHeaderFields reads the header's fields before its frame index from r
// (magic, version, puzzle and pattern ids, entry count and width, value
// counts, entry checksum), each checked for range; the first error stays
// in r.err.
func readHeaderFields(r *reader) *Table {
	if n := min(len(r.b), len(Magic)); string(r.b[:n]) != Magic[:n] {
		r.fail(0, ErrMagic, fmt.Sprintf("want %q", Magic))
	}
	r.next(len(Magic))
	if v := r.u16(); r.err == nil && v != FormatVersion {
		detail := fmt.Sprintf("the file has version %d, this build reads %d", v, FormatVersion)
		if v < FormatVersion {
			detail = fmt.Sprintf("the file has the older version %d, this build reads %d", v, FormatVersion)
		}
		r.fail(8, ErrVersion, detail)
	}
	var t Table
	at := r.off
	t.Puzzle = r.str()
	if r.err == nil && (len(t.Puzzle) == 0 || len(t.Puzzle) > maxIDLen) {
		r.fail(at, ErrHeader, fmt.Sprintf("puzzle id of %d bytes, want 1 to %d", len(t.Puzzle), maxIDLen))
	}
	at = r.off
	t.Pattern = r.str()
	if r.err == nil && (len(t.Pattern) == 0 || len(t.Pattern) > maxIDLen) {
		r.fail(at, ErrHeader, fmt.Sprintf("pattern id of %d bytes, want 1 to %d", len(t.Pattern), maxIDLen))
	}
	at = r.off
	t.Entries = r.u64()
	if r.err == nil && (t.Entries == 0 || t.Entries > maxEntries) {
		r.fail(at, ErrHeader, fmt.Sprintf("entry count %d, want 1 to %d", t.Entries, uint64(maxEntries)))
	}
	at = r.off
	t.Width = r.u8()
	if r.err == nil && !validWidth(t.Width) {
		r.fail(at, ErrWidth, fmt.Sprintf("%d bits, want 1, 4, 8 or 64", t.Width))
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
	return &t
}

// layFrames checks an intact header's counts and sizes against each other
// and fills in where each frame of the index lies: the frames of
// frameBytes entry bytes (the frame fields start at frameAt) follow the
// header, which ends at dataAt, and end exactly at fileSize.
func layFrames(t *Table, frames []frame, frameBytes uint64, frameAt, hcrcAt, dataAt, fileSize int64) error {
	fail := func(at int64, err error, detail string) error {
		return &FormatError{Offset: at, Err: err, Detail: detail}
	}
	var sum uint64
	for _, c := range t.Counts {
		sum += c
	}
	if sum != t.Entries {
		return fail(hcrcAt, ErrHeader, fmt.Sprintf("value counts add to %d, entry count is %d", sum, t.Entries))
	}
	size := PackedSize(t.Entries, t.Width)
	if size > maxDecoded {
		return fail(hcrcAt, ErrHeader, fmt.Sprintf("%d entries of %d bits take %d bytes, at most %d", t.Entries, t.Width, size, uint64(maxDecoded)))
	}
	if frameCount(size, frameBytes) != uint64(len(frames)) {
		return fail(frameAt, ErrHeader, fmt.Sprintf("%d frames of %d bytes for %d bytes of entries", len(frames), frameBytes, size))
	}
	off := dataAt
	for i := range frames {
		f := &frames[i]
		f.off, f.lo = off, uint64(i)*frameBytes
		f.size = min(frameBytes, size-f.lo)
		off += int64(f.zlen)
	}
	if off != fileSize {
		err, what := ErrTruncated, "is"
		if off < fileSize {
			err, what = ErrHeader, "has trailing data:"
		}
		return fail(noOffset, err, fmt.Sprintf("the file %s %d bytes, its header says %d", what, fileSize, off))
	}
	for i, f := range frames {
		if f.size/zstdMaxRatio > f.zlen || f.zlen == 0 {
			return fail(f.off, ErrHeader, fmt.Sprintf("frame %d: %d entry bytes cannot come from %d compressed bytes", i, f.size, f.zlen))
		}
	}
	return nil
}

// framePool holds buffers for compressed frames being decoded.
var framePool = sync.Pool{New: func() any { return new([]byte) }}

// decodeFrames reads the frames from ra, checks that each states the size
// the header gives it, decompresses them concurrently into t.Data, and
// checks the entries against the header's checksum and counts.
func decodeFrames(t *Table, ra io.ReaderAt, frames []frame) error {
	size := PackedSize(t.Entries, t.Width)
	// A frame that states another size is refused before anything is
	// allocated for the entries.
	for i, f := range frames {
		var b [zstdFrameHeaderMax]byte
		n, _ := ra.ReadAt(b[:min(f.zlen, zstdFrameHeaderMax)], f.off)
		var fh zstd.Header
		err := fh.Decode(b[:n])
		if err != nil || (fh.HasFCS && fh.FrameContentSize != f.size) || (!fh.HasFCS && f.size > smallFrame) {
			detail := fmt.Sprintf("frame %d decodes to %d bytes, want %d", i, fh.FrameContentSize, f.size)
			if err != nil {
				detail = fmt.Sprintf("frame %d: zstd frame header: %v", i, err)
			}
			return &FormatError{Offset: f.off, Err: ErrChecksum, Detail: detail}
		}
	}
	data := allocEntries(size)
	hists := make([][256]uint64, len(frames))
	stride := 1
	if t.Width == 64 {
		stride = 8
	}
	err := parallel(allWorkers(), len(frames), func(i int) error {
		f := frames[i]
		zp := framePool.Get().(*[]byte)
		defer framePool.Put(zp)
		if uint64(cap(*zp)) < f.zlen {
			*zp = make([]byte, f.zlen)
		}
		z := (*zp)[:f.zlen]
		if n, err := ra.ReadAt(z, f.off); n < len(z) {
			return &FormatError{Offset: f.off + int64(n), Err: ErrTruncated, Detail: fmt.Sprintf("frame %d: %v", i, err)}
		}
		if got := crc32.Checksum(z, castagnoli); got != f.crc {
			return &FormatError{Offset: f.off, Err: ErrChecksum, Detail: fmt.Sprintf("frame %d has CRC %08x, the header says %08x", i, got, f.crc)}
		}
		dst := data[f.lo : f.lo : f.lo+f.size]
		out, err := getDecoder().DecodeAll(z, dst)
		if err != nil {
			return &FormatError{Offset: f.off, Err: ErrChecksum, Detail: fmt.Sprintf("frame %d: %v", i, err)}
		}
		if uint64(len(out)) != f.size {
			return &FormatError{Offset: f.off, Err: ErrTruncated, Detail: fmt.Sprintf("frame %d decodes to %d bytes, want %d", i, len(out), f.size)}
		}
		if &out[0] != &data[f.lo] {
			copy(data[f.lo:f.lo+f.size], out)
		}
		byteHistogram(&hists[i], data[f.lo:f.lo+f.size], stride)
		return nil
	})
	if err != nil {
		return err
	}
	end := frames[len(frames)-1]
	endOff := end.off + int64(end.zlen)
	if got := crc32.Checksum(data, castagnoli); got != t.Checksum {
		return &FormatError{Offset: endOff, Err: ErrChecksum, Detail: fmt.Sprintf("entries CRC %08x, the header says %08x", got, t.Checksum)}
	}
	var bytesHist [256]uint64
	for i := range hists {
		for v := range bytesHist {
			bytesHist[v] += hists[i][v]
		}
	}
	got := valueCounts(&bytesHist, data, t.Entries, t.Width)
	same := len(got) == len(t.Counts)
	for i := 0; same && i < len(got); i++ {
		same = got[i] == t.Counts[i]
	}
	if !same {
		return &FormatError{Offset: endOff, Err: ErrHeader, Detail: "the value counts do not match the entries"}
	}
	t.Data = data
	return nil
}
