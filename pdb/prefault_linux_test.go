package pdb

import (
	"errors"
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"
)

// TestPrefaultMakesEntriesResident checks with mincore(2) that every whole
// page of the memory allocEntries returns for a large table is resident
// before anything has written to it.
func TestPrefaultMakesEntriesResident(t *testing.T) {
	b := allocEntries(2 * prefaultMin)
	page := os.Getpagesize()
	// Whole pages only: the first and last may be shared with other objects.
	off := (page - int(uintptr(unsafeAddr(b)))%page) % page
	n := (len(b) - off) / page * page
	whole := b[off : off+n]
	if err := prefaultOS(make([]byte, 2*page)); errors.Is(err, unix.EINVAL) {
		t.Skip("this kernel has no MADV_POPULATE_WRITE")
	}
	vec := make([]byte, n/page)
	if _, _, e := unix.Syscall(unix.SYS_MINCORE, unsafeAddr(whole), uintptr(n), unsafeAddr(vec)); e != 0 {
		t.Skip("mincore: ", e)
	}
	missing := 0
	for _, v := range vec {
		if v&1 == 0 {
			missing++
		}
	}
	if missing > 0 {
		t.Errorf("%d of %d pages of the entries were not resident after allocEntries", missing, len(vec))
	}
	runtime.KeepAlive(b)
}
