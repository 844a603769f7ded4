//go:build long

package pdb

// longTests is true in the long suite (go test -tags long): the tests named
// TestLong* run (see skipUnlessLong).
const longTests = true
