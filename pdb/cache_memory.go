package pdb

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

// releaseBytes decides when the package hands memory back to the operating
// system at once (debug.FreeOSMemory) rather than leaving it to the garbage
// collector, which lets the heap grow to twice what was live at its last
// run: when a build's bit planes of at least releaseBytes have just become
// garbage (a second build would allocate its own beside them); when a
// build expected to peak at releaseBytes or more is about to start (so it
// does not start on the last one's garbage: gen 24puzzle's eight builds of
// 291 MiB each peaked at 594 MB without it); and when a derived table's
// source of at least releaseBytes has just become garbage (a 6-tile 5x5
// 1-bit table from its 173 MiB byte table: 368 MB max RSS, 285 MB with
// it). 64 MiB, not 256: that source is below 256 MiB, and a forced
// collection takes milliseconds when what is live is tables (they hold no
// pointers to scan), against the seconds that building or converting 64
// MiB takes.
const releaseBytes = 64 << 20

// buildProcessBytes is what a process holds beside a table build's own
// allocations (tilesBuildBytes, tilesZeroBuildBytes, ...) at the build's
// peak: the Go runtime and the slack of its heap, the file writer's
// compression buffers, the program. processPeak adds it to those
// allocations for a Spec's PeakBytes, so that the figure a build announces,
// checks against the machine's memory and score shows is the peak resident
// memory (RSS) of the process, as "/usr/bin/time -v" reports it. 64 MiB is
// the most by which the idle builds measured exceeded their allocations:
// gen 24puzzle's eight 6-tile 1-bit tables (each 305.5 MB), 362,316 KiB at
// the peak, 65 MB more (docs/results/2026-12-02-24puzzle-default-cr0145-bits-ten.md);
// a 7-tile zero-aware 5x5 table (5.68 GB), 5,594,200 KiB, 48 MB more, and
// its 1-bit form from it, 5,101,052 KiB, 58 MB more
// (docs/results/2026-12-02-24puzzle-zero7-build.md); the 4x4 default's two
// 7-tile tables (403.6 MB each), 429 MB, 25 MB more
// (docs/results/2026-12-02-15puzzle-default-771.md).
const buildProcessBytes = 64 << 20

// processPeak returns the peak resident memory of a process building a
// table whose build allocates allocated bytes at its peak (see
// buildProcessBytes).
func processPeak(allocated uint64) uint64 { return allocated + buildProcessBytes }

// meminfoPath is the Linux file whose MemTotal line gives the machine's memory.
const meminfoPath = "/proc/meminfo"

var (
	memOnce  sync.Once
	memBytes uint64
)

// memTotal returns the machine's memory in bytes, or 0 when it is unknown.
func memTotal() uint64 {
	memOnce.Do(func() {
		if b, err := os.ReadFile(meminfoPath); err == nil {
			memBytes, _ = parseMemTotal(string(b))
		}
	})
	return memBytes
}

// parseMemTotal returns the bytes of the "MemTotal: N kB" line of the text
// of /proc/meminfo.
func parseMemTotal(text string) (uint64, bool) {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 3 && f[0] == "MemTotal:" && f[2] == "kB" {
			kb, err := strconv.ParseUint(f[1], 10, 64)
			return kb << 10, err == nil
		}
	}
	return 0, false
}

// FormatBytes spells n bytes for people, in binary units with one decimal:
// "512 bytes", "28.2 MiB", "3.9 GiB".
func FormatBytes(n uint64) string {
	const unit = 1 << 10
	if n < unit {
		return fmt.Sprintf("%d bytes", n)
	}
	v, i := float64(n)/unit, 0
	for ; v >= unit && i < 3; i++ {
		v /= unit
	}
	return fmt.Sprintf("%.1f %ciB", v, "KMGT"[i])
}
