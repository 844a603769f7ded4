package pdb

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the table files in testdata")

// testdataValid are the valid tables of testdata: entry i of each holds
// value(i), a formula independent of the code under test.
var testdataValid = []struct {
	name       string
	entries    uint64
	width      uint8
	frameBytes uint64
	value      func(i uint64) uint64
}{
	{"valid-w4.pdb", 1001, 4, FrameBytes, func(i uint64) uint64 { return i * i % 11 }},
	{"valid-w8-frames.pdb", 5000, 8, 1024, func(i uint64) uint64 { return i * 31 % 200 }},
	{"valid-w64.pdb", 300, 64, FrameBytes, func(i uint64) uint64 { return i%9 | i<<8 }},
}

// testdataBad are the damaged files of testdata, made from the valid ones,
// and the error each must give.
var testdataBad = []struct {
	name string
	want error
	make func(valid map[string][]byte) []byte
}{
	{"damaged-frame.pdb", ErrChecksum, func(v map[string][]byte) []byte {
		b := bytes.Clone(v["valid-w8-frames.pdb"])
		b[len(b)-10] ^= 0x20
		return b
	}},
	{"truncated.pdb", ErrTruncated, func(v map[string][]byte) []byte {
		b := v["valid-w4.pdb"]
		return bytes.Clone(b[:len(b)-5])
	}},
	{"trailing.pdb", ErrHeader, func(v map[string][]byte) []byte {
		return append(bytes.Clone(v["valid-w64.pdb"]), "junk"...)
	}},
	{"version1.pdb", ErrVersion, func(v map[string][]byte) []byte {
		t, err := Decode(v["valid-w4.pdb"])
		if err != nil {
			panic(err)
		}
		return craftV1(t)
	}},
	{"junk.pdb", ErrMagic, func(map[string][]byte) []byte { return []byte("not a table file at all\n") }},
}

// The table files in testdata (the fuzzers' seeds) read as their formulas
// say, or fail with the expected error. Run with -update to rewrite them.
func TestTestdata(t *testing.T) {
	valid := map[string][]byte{}
	for _, c := range testdataValid {
		path := filepath.Join("testdata", c.name)
		values := make([]uint64, c.entries)
		for i := range values {
			values[i] = c.value(uint64(i))
		}
		if *update {
			tab, err := NewTable("test", "testdata", c.entries, c.width, pack(values, c.width))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, encodeFrames(t, tab, c.frameBytes), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		valid[c.name] = b
		got, err := ReadFile(path, "test", "testdata")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkEntries(t, got, values, c.width)
	}
	for _, c := range testdataBad {
		path := filepath.Join("testdata", c.name)
		if *update {
			if err := os.WriteFile(path, c.make(valid), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := ReadFile(path, "", ""); !errors.Is(err, c.want) {
			t.Fatalf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}
