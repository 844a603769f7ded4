package record

import (
	"strings"
	"testing"
)

// A byte order mark at the start of an output read back is skipped, and
// Size, an offset in the file (resume seeks by it), counts its 3 bytes.
func TestScannerSkipsBOM(t *testing.T) {
	const run = `{"puzzle":"8puzzle","input":"b","line":1,"status":"error","error":"bad"}` + "\n"
	for _, mark := range []string{"", "\ufeff"} {
		s := NewScanner(strings.NewReader(mark+run+run), "s")
		n := 0
		for s.Scan() {
			n++
			if s.Kind() != KindRun || s.Line() != n || s.Run().Input != "b" {
				t.Fatalf("mark %q: value %d: kind %d, line %d, run %+v", mark, n, s.Kind(), s.Line(), s.Run())
			}
		}
		if s.Err() != nil || n != 2 || s.Size() != int64(len(mark)+2*len(run)) {
			t.Fatalf("mark %q: %d runs, size %d, %v; want 2 runs of the %d bytes", mark, n, s.Size(), s.Err(), len(mark)+2*len(run))
		}
	}
}
