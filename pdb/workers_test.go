package pdb

import (
	"bytes"
	"os"
	"sync/atomic"
	"testing"
)

// mostWorkers runs f and returns the most goroutines any one parallel step
// (runWorkers) started while it ran, 0 when none did.
func mostWorkers(f func()) int {
	var most atomic.Int64
	workersStarted = func(n int) {
		for m := most.Load(); int64(n) > m && !most.CompareAndSwap(m, int64(n)); m = most.Load() {
		}
	}
	defer func() { workersStarted = nil }()
	f()
	return int(most.Load())
}

// buildWorkerCounts are the worker counts the tests below build with: one
// and three, so that a build that ignores the count (GOMAXPROCS goroutines
// on any machine) fails at one count or the other.
var buildWorkerCounts = []int{1, 3}

// checkWorkers builds a table with build on each of buildWorkerCounts and
// checks that each build starts as many goroutines as it was given, at
// most, and that many in some step, and that all make the same table.
func checkWorkers(t *testing.T, name string, build func(o *BuildOptions) (*Table, error)) *Table {
	t.Helper()
	var first *Table
	for _, w := range buildWorkerCounts {
		var tab *Table
		var err error
		if most := mostWorkers(func() { tab, err = build(&BuildOptions{Workers: w}) }); most != w {
			t.Fatalf("%s on %d workers: a step started %d goroutines", name, w, most)
		}
		if err != nil {
			t.Fatalf("%s on %d workers: %v", name, w, err)
		}
		if first == nil {
			first = tab
			continue
		}
		if tab.Checksum != first.Checksum || !bytes.Equal(tab.Data, first.Data) || tab.Pattern != first.Pattern {
			t.Fatalf("%s: %d workers build %s %08x, %d build %s %08x", name,
				buildWorkerCounts[0], first.Pattern, first.Checksum, w, tab.Pattern, tab.Checksum)
		}
	}
	return first
}

// Every kind of table builds on the workers its options give, and to the
// same entries on one as on three: the plain additive tables (one and
// several word ranges a worker), the zero-aware byte table, the 1-bit table
// made from it (as the Spec builds it, and as the Derivation makes it from
// a stored byte table) and the Rotation Game's two tables.
func TestBuildOptionsWorkers(t *testing.T) {
	specs := []Spec{
		tilesPatternSpec(3, 4, []int{1, 2, 5, 6, 9}),
		tilesPatternSpec(4, 5, []int{1, 2, 5, 6, 7}), // 1.86e6 entries: the counts too are parallel
		tilesZeroPatternSpec(4, 4, []int{1, 2, 4, 5, 8}),
		tilesZeroBitsPatternSpec(4, 4, []int{1, 2, 4, 5, 8}),
		RotationSpec(),
	}
	for _, s := range specs {
		tab := checkWorkers(t, s.Pattern, s.Build)
		if err := s.check(tab, "built table"); err != nil {
			t.Fatal(err)
		}
		if d := s.From; d != nil {
			src, err := d.Source.Build(nil)
			if err != nil {
				t.Fatal(err)
			}
			derived := checkWorkers(t, s.Pattern+" from "+d.Source.Pattern, func(o *BuildOptions) (*Table, error) { return d.Build(src, o) })
			if derived.Checksum != tab.Checksum {
				t.Fatalf("%s: derived %08x, built %08x", s.Pattern, derived.Checksum, tab.Checksum)
			}
		}
		if s.Pattern == RotationPattern {
			paths := RotationPathsSpec(tab)
			checkWorkers(t, paths.Pattern, paths.Build)
		}
	}
}

// A negative worker count is an error, from a Spec's Build and from a
// Cache, which then builds and writes nothing.
func TestBuildOptionsNegativeWorkers(t *testing.T) {
	for _, s := range []Spec{tilesPatternSpec(3, 3, []int{1, 2, 3}), tilesZeroBitsPatternSpec(3, 3, []int{1, 2, 3}), RotationSpec()} {
		if _, err := s.Build(&BuildOptions{Workers: -1}); err == nil {
			t.Fatalf("%s: no error for -1 workers", s.Pattern)
		}
	}
	var builds atomic.Int32
	c := &Cache{Dir: t.TempDir(), Workers: -2}
	if _, err := c.Load(testSpec(t, "small", &builds)); err == nil || builds.Load() != 0 {
		t.Fatalf("Load with -2 workers: %v, %d builds", err, builds.Load())
	}
	if names, _ := os.ReadDir(c.Dir); len(names) > 1 { // the lock file at most
		t.Fatalf("Load with -2 workers wrote %v", names)
	}
}

// A Cache passes its Workers to the build and compresses the file on them:
// the files of a table of three frames written on one worker and on three
// are the same bytes.
func TestCacheWorkers(t *testing.T) {
	entries := uint64(2*FrameBytes + 1000)
	data := make([]byte, entries)
	for i := range data {
		data[i] = byte(i * i >> 10)
	}
	s := Spec{Puzzle: "test", Pattern: "frames3", Entries: entries, Width: 8,
		Build: func(o *BuildOptions) (*Table, error) {
			w, err := o.WorkerCount()
			if err != nil {
				return nil, err
			}
			return newTable("test", "frames3", entries, 8, data, w)
		}}
	var files [][]byte
	for _, w := range buildWorkerCounts {
		c := &Cache{Dir: t.TempDir(), Workers: w}
		var err error
		if most := mostWorkers(func() { _, err = c.Load(s) }); err != nil || most > w || (w > 1 && most != w) {
			t.Fatalf("Load on %d workers: %v; a step started %d goroutines", w, err, most)
		}
		b, err := os.ReadFile(c.Path(s))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, b)
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("the files written on one worker and on three differ")
	}
}

// writeFrames compresses on the goroutines it is given: the same bytes on
// one as on three, and a table written in many frames starts three.
func TestWriteFramesWorkers(t *testing.T) {
	tab, _ := smallTable(t, 100000, 8, 3)
	var out [][]byte
	for _, w := range buildWorkerCounts {
		var buf bytes.Buffer
		var err error
		if most := mostWorkers(func() { err = writeFrames(&buf, tab, 4096, w) }); err != nil || most > w || (w > 1 && most != w) {
			t.Fatalf("writeFrames on %d workers: %v; a step started %d goroutines", w, err, most)
		}
		out = append(out, buf.Bytes())
	}
	if !bytes.Equal(out[0], out[1]) {
		t.Fatal("the files written on one worker and on three differ")
	}
	if got, err := Decode(out[1]); err != nil || got.Checksum != tab.Checksum {
		t.Fatalf("decoding what three workers wrote: %v", err)
	}
}
