package pdb

import (
	"bytes"
	"syscall"
	"testing"
)

// hugeTestTable returns a table of n 8-bit entries whose values vary (so
// that every frame decodes to other bytes) and its file in memory. The
// entries are made with make(), as every table was before allocEntries.
func hugeTestTable(t *testing.T, n uint64) (*Table, []byte) {
	t.Helper()
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(uint64(i) * uint64(i) >> 11 % 23)
	}
	tab, err := NewTable("test", "huge", n, 8, data)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, tab); err != nil {
		t.Fatal(err)
	}
	return tab, buf.Bytes()
}

// withAdvice replaces adviseHuge with f for the rest of t.
func withAdvice(t *testing.T, f func([]byte) error) {
	old := adviseHuge
	adviseHuge = f
	t.Cleanup(func() { adviseHuge = old })
}

// TestHugePageTableDecodesAsPlain decodes a table of hugeMin bytes, whose
// entries are advised onto huge pages, and checks them byte for byte
// against the entries it was written from; a table one byte smaller is not
// advised.
func TestHugePageTableDecodesAsPlain(t *testing.T) {
	for _, n := range []uint64{hugeMin, hugeMin - 1} {
		want, file := hugeTestTable(t, n)
		var advised int
		withAdvice(t, func(b []byte) error {
			advised++
			if uint64(len(b)) != n {
				t.Errorf("advised %d bytes, want the %d of the entries", len(b), n)
			}
			return adviseHugeOS(b)
		})
		got, err := Decode(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Data, want.Data) || got.Checksum != want.Checksum {
			t.Errorf("%d bytes: the decoded entries differ from the written ones", n)
		}
		if wantAdvised := int(n / hugeMin); advised != wantAdvised {
			t.Errorf("%d bytes: advised %d times, want %d", n, advised, wantAdvised)
		}
	}
}

// TestHugePageAdviceFailing checks that a table whose huge-page advice is
// refused (as by a kernel without transparent huge pages) is decoded all
// the same, into ordinary memory.
func TestHugePageAdviceFailing(t *testing.T) {
	want, file := hugeTestTable(t, hugeMin)
	refused := 0
	withAdvice(t, func([]byte) error { refused++; return syscall.EINVAL })
	got, err := Decode(file)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Data, want.Data) {
		t.Error("the decoded entries differ from the written ones")
	}
	if refused != 1 {
		t.Errorf("the advice was asked %d times, want 1", refused)
	}
}
