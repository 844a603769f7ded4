package pdb

// hugeMin is the size in bytes from which a table's entries are asked to
// live on huge pages: the 24-puzzle's tables (128 to 181 MB) and the
// 15-puzzle's 8-tile table (519 MB) are, the small tables are not.
const hugeMin = 32 << 20

// adviseHuge asks the operating system to back b with huge pages (on Linux,
// transparent huge pages through madvise(MADV_HUGEPAGE)); it is a hint, and
// its error only says that the hint was not taken. A variable so that tests
// can make it fail.
var adviseHuge = adviseHugeOS

// allocEntries returns size zero bytes for a table's packed entries. From
// hugeMin bytes on, the memory is advised onto huge pages before it is first
// written: a search looks its tables up at random, so each lookup is a likely
// TLB miss on 4 KiB pages, and one 2 MiB page covers 512 of them. The slice
// is ordinary Go memory (the advice stays with its pages and the garbage
// collector frees it as any other), and when the advice fails it is used as
// it is.
func allocEntries(size uint64) []byte {
	b := make([]byte, size)
	if size >= hugeMin {
		_ = adviseHuge(b)
	}
	return b
}
