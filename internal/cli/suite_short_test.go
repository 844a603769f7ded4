//go:build !long

package cli

// longTests is false in the default suite: the tests named TestLong* skip
// (see skipUnlessLong).
const longTests = false
