package pdb

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// adviseHugeOS marks the whole pages inside b MADV_HUGEPAGE. With
// transparent huge pages in "madvise" mode (a common default) the kernel
// then backs every 2 MiB-aligned stretch of them with one huge page when it
// is first touched, and khugepaged collapses stretches already touched; in
// "always" mode it changes nothing and in "never" mode nothing is changed.
// The pages at b's two ends that it shares with other objects are left out.
func adviseHugeOS(b []byte) error {
	page := uintptr(os.Getpagesize())
	start := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(b))) &^ (page - 1)
	if lo >= hi {
		return nil
	}
	return unix.Madvise(b[lo-start:hi-start], unix.MADV_HUGEPAGE)
}
