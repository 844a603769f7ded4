package pdb

import (
	"testing"
	"time"
)

// TestBuildEstimatesMatchMeasurements checks the build estimates (time and
// the process's peak resident memory) against the builds measured on the
// project's idle 2-core machine, as docs/results records them: each time
// within 10% of the measured wall time (one table's time varies by more
// than that from build to build: gen 24puzzle's eight took 35.4 to 46.3 s
// each), each memory figure at most 5% below the measured peak RSS (a
// figure the cache refuses builds by should not be low) and at most 15%
// above it.
func TestBuildEstimatesMatchMeasurements(t *testing.T) {
	const kib = 1 << 10
	seven := []int{1, 2, 5, 6, 7, 10, 11}
	lookup := func(f func(int, int, []int) (TilesLookup, error), rows, cols int, tiles []int) Spec {
		t.Helper()
		l, err := f(rows, cols, tiles)
		if err != nil {
			t.Fatal(err)
		}
		return l.Spec
	}
	plain7 := lookup(TilesPatternLookup, 4, 4, []int{1, 2, 3, 4, 5, 6, 7})
	bits6 := lookup(TilesZeroBitsPatternLookup, 5, 5, []int{1, 2, 5, 6, 7, 12})
	zero7 := lookup(TilesZeroPatternLookup, 5, 5, seven)
	bits7 := lookup(TilesZeroBitsPatternLookup, 5, 5, seven)
	if _, pinned := KnownChecksum(bits6.Puzzle, bits6.Pattern); !pinned || bits7.From == nil {
		t.Fatalf("%s pinned %v, %s made from its byte table %v: the measurements below are of those", bits6.Pattern, pinned, bits7.Pattern, bits7.From != nil)
	}
	// Made from its byte table before its checksum was pinned: every edge checked.
	checked := time.Duration((tilesZeroBitsCheckFactor + tilesZeroBitsPassFactor) * float64(bits7.From.Source.BuildTime))
	for _, c := range []struct {
		what      string
		est       time.Duration
		wall      time.Duration
		peak, rss uint64 // estimate and measurement; rss 0: not measured
	}{
		// docs/results/2026-12-02-15puzzle-default-771.md: gen 15puzzle, the
		// two 7-tile tables (and a 1-tile one) in 31.8 s, 429 MB at the peak.
		{"4x4 7-tile table", plain7.BuildTime, 31800 * time.Millisecond / 2, plain7.PeakBytes, 429e6},
		// docs/results/2026-12-02-24puzzle-default-cr0145-bits-ten.md: gen
		// 24puzzle, eight pinned 6-tile 1-bit tables from scratch, 5 min 28.8 s
		// and 362,316 KiB.
		{"5x5 6-tile 1-bit table, pinned", bits6.BuildTime, 328800 * time.Millisecond / 8, bits6.PeakBytes, 362316 * kib},
		// docs/results/2026-12-02-24puzzle-zero7-build.md: the 7-tile byte
		// table, 14 min 8 s and 5,594,200 KiB; its 1-bit form from it, pinned,
		// 46 s and 5,101,052 KiB; unpinned, every edge checked, 9 min 38 s.
		{"5x5 7-tile zero-aware table", zero7.BuildTime, 848 * time.Second, zero7.PeakBytes, 5594200 * kib},
		{"5x5 7-tile 1-bit from its byte table, pinned", bits7.From.BuildTime, 46 * time.Second, bits7.From.PeakBytes, 5101052 * kib},
		{"5x5 7-tile 1-bit from its byte table, checked", checked, 578 * time.Second, bits7.From.PeakBytes, 5100292 * kib},
	} {
		if r := c.est.Seconds() / c.wall.Seconds(); r < 0.9 || r > 1.1 {
			t.Errorf("%s: estimated %v, measured %v (ratio %.2f, want 0.9 to 1.1)", c.what, c.est.Round(time.Second), c.wall, r)
		}
		if r := float64(c.peak) / float64(c.rss); r < 0.95 || r > 1.15 {
			t.Errorf("%s: estimated peak %s, measured RSS %s (ratio %.2f, want 0.95 to 1.15)", c.what, FormatBytes(c.peak), FormatBytes(c.rss), r)
		}
	}
}
