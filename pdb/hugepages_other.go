//go:build !linux

package pdb

// adviseHugeOS does nothing: huge pages are asked for only on Linux.
func adviseHugeOS(b []byte) error { return nil }
