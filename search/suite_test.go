package search

import "testing"

// skipUnlessLong skips t unless the test binary was built with the long tag.
// Every TestLong* test calls it first: those build big tables or take more
// than about 20 s of CPU, and run only in the long suite, which CI runs as its
// own step:
//
//	go test -tags long -run '^TestLong' -timeout 60m ./...
func skipUnlessLong(t testing.TB) {
	t.Helper()
	if !longTests {
		t.Skip("long suite: go test -tags long -run '^TestLong'")
	}
}
