package pdb

import (
	"bytes"
	"syscall"
	"testing"
)

// prefaultTestTable returns a table of n 8-bit entries whose values vary
// (so that every frame decodes to other bytes) and its file in memory. The
// entries are made with make(), as every table was before allocEntries.
func prefaultTestTable(t *testing.T, n uint64) (*Table, []byte) {
	t.Helper()
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(uint64(i) * uint64(i) >> 11 % 23)
	}
	tab, err := NewTable("test", "prefault", n, 8, data)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, tab); err != nil {
		t.Fatal(err)
	}
	return tab, buf.Bytes()
}

// withPrefault replaces prefault with f for the rest of t.
func withPrefault(t *testing.T, f func([]byte) error) {
	old := prefault
	prefault = f
	t.Cleanup(func() { prefault = old })
}

// TestPrefaultedTableDecodesAsPlain decodes a table of prefaultMin bytes,
// whose entries are prefaulted, and checks them byte for byte against the
// entries it was written from; a table one byte smaller is not prefaulted.
func TestPrefaultedTableDecodesAsPlain(t *testing.T) {
	for _, n := range []uint64{prefaultMin, prefaultMin - 1} {
		want, file := prefaultTestTable(t, n)
		var calls int
		withPrefault(t, func(b []byte) error {
			calls++
			if uint64(len(b)) != n {
				t.Errorf("prefaulted %d bytes, want the %d of the entries", len(b), n)
			}
			return prefaultOS(b)
		})
		got, err := Decode(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Data, want.Data) || got.Checksum != want.Checksum {
			t.Errorf("%d bytes: the decoded entries differ from the written ones", n)
		}
		if wantCalls := int(n / prefaultMin); calls != wantCalls {
			t.Errorf("%d bytes: prefaulted %d times, want %d", n, calls, wantCalls)
		}
	}
}

// TestPrefaultFailing checks that a table whose prefault is refused (as by
// a kernel older than MADV_POPULATE_WRITE) is decoded all the same.
func TestPrefaultFailing(t *testing.T) {
	want, file := prefaultTestTable(t, prefaultMin)
	refused := 0
	withPrefault(t, func([]byte) error { refused++; return syscall.EINVAL })
	got, err := Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Data, want.Data) {
		t.Error("the decoded entries differ from the written ones")
	}
	if refused != 1 {
		t.Errorf("the prefault was asked %d times, want 1", refused)
	}
}
