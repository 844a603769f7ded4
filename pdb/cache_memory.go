package pdb

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
)

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

// formatBytes spells n bytes for people: "512 bytes", "3.9 GiB".
func formatBytes(n uint64) string {
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
