package pdb

import (
	"bufio"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestHugePageAdviceReachesTheKernel checks, in /proc/self/smaps, that the
// memory allocEntries returns for a large table lies in a mapping the kernel
// marks "hg" (MADV_HUGEPAGE): the advice was given to the right pages.
// Whether the kernel then finds free huge pages depends on the machine, so
// the huge pages themselves are only logged.
func TestHugePageAdviceReachesTheKernel(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages on this kernel")
	}
	b := allocEntries(4 * hugeMin)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	mid := uint64(uintptr(unsafe.Pointer(&b[len(b)/2])))
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in, found := false, false
	for sc.Scan() {
		line := sc.Text()
		fields := strings.Fields(line)
		if lo, hi, ok := strings.Cut(fields[0], "-"); ok && len(fields) >= 5 {
			l, err1 := strconv.ParseUint(lo, 16, 64)
			h, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && l <= mid && mid < h
			continue
		}
		if !in {
			continue
		}
		if fields[0] == "AnonHugePages:" {
			t.Logf("the mapping holds %s kB of huge pages", fields[1])
		}
		if fields[0] == "VmFlags:" {
			found = true
			if !strings.Contains(" "+line+" ", " hg ") {
				t.Errorf("the entries' mapping is not marked MADV_HUGEPAGE: %s", line)
			}
		}
	}
	if !found {
		t.Errorf("no mapping in /proc/self/smaps holds address %#x", mid)
	}
	runtime.KeepAlive(b)
}
