package pdb

// prefaultMin is the size in bytes from which a table's entries are
// prefaulted before they are decoded: the 24-puzzle's tables (128 to 181 MB)
// and the 15-puzzle's 8-tile table (519 MB) are, the small tables are not.
const prefaultMin = 32 << 20

// prefault asks the operating system to back all of b with memory at once
// (on Linux, madvise(MADV_POPULATE_WRITE)) rather than a page at a time as
// it is first written; it is a hint, and its error only says that the hint
// was not taken. A variable so that tests can make it fail.
var prefault = prefaultOS

// allocEntries returns size zero bytes for a table's packed entries, from
// prefaultMin bytes on prefaulted: one system call instead of a page fault
// for each 4 KiB page the decoder writes, which reads a table with a quarter
// to a third less CPU on this project's machine
// (docs/results/2026-12-01-huge-pages.md). The slice is ordinary Go memory on
// ordinary pages (huge pages made the search slower there), which the
// garbage collector frees as any other; when the hint fails it is used as it
// is.
func allocEntries(size uint64) []byte {
	b := make([]byte, size)
	if size >= prefaultMin {
		_ = prefault(b)
	}
	return b
}
