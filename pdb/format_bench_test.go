package pdb

import (
	"math/bits"
	"path/filepath"
	"testing"
)

// benchBigEntries is the size of the synthetic table of BenchmarkReadFileBig:
// about the 519 MB of the largest real table.
const benchBigEntries = 500_000_000

// BenchmarkReadFileBig reads and checks a table of 500M skewed 8-bit
// entries (mean 2, like the gaps of a pattern database): the cost of
// loading the big 24-puzzle and 7-8 tables. It uses only ReadFile,
// WriteFile and NewTable, so that it runs unchanged on older versions of
// the format for a before/after ratio.
func BenchmarkReadFileBig(b *testing.B) {
	if testing.Short() {
		b.Skip("builds a 500 MB table; run without -short")
	}
	data := make([]byte, benchBigEntries)
	x := uint64(0x9e3779b97f4a7c15)
	for i := range data {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		data[i] = byte(bits.LeadingZeros32(uint32(x)|1) + bits.LeadingZeros32(uint32(x>>32)|1))
	}
	tab, err := NewTable("bench", "big", benchBigEntries, 8, data)
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "big.pdb")
	if err := WriteFile(path, tab); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(benchBigEntries)
	b.ResetTimer()
	for b.Loop() {
		got, err := ReadFile(path, "bench", "big")
		if err != nil || got.Checksum != tab.Checksum {
			b.Fatal(err)
		}
	}
}
