package search

import "testing"

// skipUnlessLong skips a long test unless the suite runs with -tags long.
func skipUnlessLong(t testing.TB) {
	t.Helper()
	if !longTests {
		t.Skip("long suite: go test -tags long -run '^TestLong'")
	}
}
