package pdb

import (
	"os"
	"unsafe"

	"golang.org/x/sys/unix"
)

// prefaultOS makes the whole pages inside b resident and writable with
// madvise(MADV_POPULATE_WRITE) (Linux 5.14 on; older kernels refuse it with
// EINVAL and b stays as it is). The pages at b's two ends that it shares
// with other objects are left out.
func prefaultOS(b []byte) error {
	page := uintptr(os.Getpagesize())
	start := unsafeAddr(b)
	lo := (start + page - 1) &^ (page - 1)
	hi := (start + uintptr(len(b))) &^ (page - 1)
	if lo >= hi {
		return nil
	}
	return unix.Madvise(b[lo-start:hi-start], unix.MADV_POPULATE_WRITE)
}

// unsafeAddr returns the address of b's first byte.
func unsafeAddr(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }
