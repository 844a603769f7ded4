//go:build !linux

package pdb

// prefaultOS does nothing: pages are prefaulted only on Linux.
func prefaultOS(b []byte) error { return nil }
