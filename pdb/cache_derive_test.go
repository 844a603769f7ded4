package pdb

import (
	"errors"
	"os"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
)

// deriveCases are small zero-aware patterns whose 1-bit tables the cache
// makes from their byte tables: one whose 1-bit table is pinned (the
// conversion packs the bits and checks their CRC) and one that is not (the
// conversion checks every edge).
var deriveCases = []struct {
	rows, cols int
	tiles      []int
	pinned     bool
}{{3, 3, []int{1, 2, 3, 4}, true}, {3, 4, []int{1, 2, 3}, false}}

// layers counts the progress reports of builds that are not the last
// (Done): the breadth-first build of a zero-aware table makes one after
// each cost layer, the conversion of a byte table none.
type layers struct{ n atomic.Int32 }

func (l *layers) progress(p Progress) {
	if !p.Done {
		l.n.Add(1)
	}
}

// zeroBitsSpecs returns the 1-bit table's spec of a derive case and the
// spec of the byte table that "+zero" loads for the same pattern.
func zeroBitsSpecs(t *testing.T, rows, cols int, tiles []int, pinned bool) (bitS, byteS Spec) {
	t.Helper()
	bl, err := TilesZeroBitsPatternLookup(rows, cols, tiles)
	if err != nil {
		t.Fatal(err)
	}
	zl, err := TilesZeroPatternLookup(rows, cols, tiles)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := KnownChecksum(bl.Spec.Puzzle, bl.Spec.Pattern); ok != pinned {
		t.Fatalf("%s/%s: pinned %v, the case says %v", bl.Spec.Puzzle, bl.Spec.Pattern, ok, pinned)
	}
	if bl.Spec.From == nil || bl.Spec.From.Source.FileName() != zl.Spec.FileName() {
		t.Fatalf("%s: its source is not %s", bl.Spec.FileName(), zl.Spec.FileName())
	}
	return bl.Spec, zl.Spec
}

// fromScratch builds s's table in a cache of its own and checks that the
// build ran the breadth-first search and wrote only s's file (and its
// lock): never the byte table it builds on the way.
func fromScratch(t *testing.T, s Spec) *Table {
	t.Helper()
	var ly layers
	c := &Cache{Dir: t.TempDir(), Progress: ly.progress}
	tab, err := c.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	if ly.n.Load() == 0 {
		t.Fatalf("%s from scratch: no progress report, so no breadth-first build to tell from a conversion", s.FileName())
	}
	if names, want := dirNames(t, c.Dir), []string{s.FileName(), s.FileName() + lockExt}; !slices.Equal(names, want) {
		t.Fatalf("%s from scratch left %q in the cache, want %q", s.FileName(), names, want)
	}
	return tab
}

// With the byte table of a pattern in the cache, loading the pattern's
// 1-bit table makes it from the byte table (the announcement says so, and
// no breadth-first build reports progress), entry for entry the table a
// build from scratch in another cache gives, and leaves the byte table's
// file as it was; the estimates the cache gives (and the memory it checks
// before a build) are the conversion's. Rebuild takes the same way. The
// messages name the directory "the cache", or Cache.Where when set.
func TestCacheMakesZeroBitsFromByteTable(t *testing.T) {
	for i, tc := range deriveCases {
		bitS, byteS := zeroBitsSpecs(t, tc.rows, tc.cols, tc.tiles, tc.pinned)
		want := fromScratch(t, bitS)
		var r recorder
		var ly layers
		c, where := &Cache{Dir: t.TempDir(), Notify: r.notify}, "the cache"
		if i%2 == 1 {
			c.Where, where = "DIR", "DIR"
		}
		if tm, peak := c.Estimate(bitS); tm != bitS.BuildTime || peak != bitS.PeakBytes {
			t.Errorf("%s without its source: estimates %v, %d, want the spec's %v, %d", bitS.FileName(), tm, peak, bitS.BuildTime, bitS.PeakBytes)
		}
		if _, err := c.Load(byteS); err != nil {
			t.Fatal(err)
		}
		if tm, peak := c.Estimate(bitS); tm != bitS.From.BuildTime || peak != bitS.From.PeakBytes || peak >= bitS.PeakBytes {
			t.Errorf("%s with its source: estimates %v, %d, want the conversion's %v, %d (from scratch %d)",
				bitS.FileName(), tm, peak, bitS.From.BuildTime, bitS.From.PeakBytes, bitS.PeakBytes)
		}
		source, err := os.ReadFile(c.Path(byteS))
		if err != nil {
			t.Fatal(err)
		}
		// Memory enough for the conversion but not for the build from
		// scratch: refused in a cache without the byte table only.
		c.MemoryBytes = bitS.From.PeakBytes
		if err := (&Cache{Dir: t.TempDir(), MemoryBytes: c.MemoryBytes}).CheckBuild(bitS); !errors.Is(err, ErrTooBig) {
			t.Errorf("%s from scratch in %d bytes: %v, want ErrTooBig", bitS.FileName(), c.MemoryBytes, err)
		}
		if err := c.CheckBuild(bitS); err != nil {
			t.Errorf("%s from its byte table in %d bytes: %v", bitS.FileName(), c.MemoryBytes, err)
		}
		c.Progress = ly.progress
		got, err := c.Load(bitS)
		if err != nil {
			t.Fatal(err)
		}
		if n := ly.n.Load(); n != 0 {
			t.Errorf("%s with its byte table in the cache: %d progress reports of a breadth-first build", bitS.FileName(), n)
		}
		if m := r.lines(); len(m) != 2 || !strings.Contains(m[0], " is not in "+where+"; building ") ||
			!strings.Contains(m[1], " is not in "+where+"; building ") ||
			!strings.Contains(m[1], "from table "+byteS.Puzzle+"/"+byteS.Pattern+" in "+where) {
			t.Errorf("%s: messages %q, want the byte table's build, then the conversion from it", bitS.FileName(), m)
		}
		if got.Checksum != want.Checksum || !slices.Equal(got.Data, want.Data) {
			t.Errorf("%s from its byte table: CRC %08x, from scratch %08x", bitS.FileName(), got.Checksum, want.Checksum)
		}
		if after, err := os.ReadFile(c.Path(byteS)); err != nil || !slices.Equal(after, source) {
			t.Errorf("%s: the byte table's file changed (%v)", byteS.FileName(), err)
		}
		if err := (&Cache{Dir: c.Dir}).Status(bitS); err != nil {
			t.Errorf("%s as written: %v", bitS.FileName(), err)
		}
		again, err := c.Rebuild(bitS)
		if err != nil || ly.n.Load() != 0 || !slices.Equal(again.Data, want.Data) {
			t.Errorf("%s rebuilt with its byte table in the cache: %v, %d progress reports", bitS.FileName(), err, ly.n.Load())
		}
	}
}

// A byte table in the cache that does not read whole (a flipped byte) or
// whose entries are not the pattern's (written with good CRCs; the 1-bit
// table's pin or its check of every edge refuses them) is not fatal: the
// cache says so and builds the 1-bit table from scratch, the right one,
// and leaves the bad file as it found it.
func TestCacheZeroBitsFromABadByteTable(t *testing.T) {
	for _, tc := range deriveCases {
		bitS, byteS := zeroBitsSpecs(t, tc.rows, tc.cols, tc.tiles, tc.pinned)
		want := fromScratch(t, bitS)
		good, err := byteS.Build(nil)
		if err != nil {
			t.Fatal(err)
		}
		data := slices.Clone(good.Data)
		data[len(data)/2]++
		wrong, err := NewTable(good.Puzzle, good.Pattern, good.Entries, good.Width, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []string{"flipped", "wrong entries"} {
			dir := t.TempDir()
			c := &Cache{Dir: dir}
			path := c.Path(byteS)
			tab := good
			if bad == "wrong entries" {
				tab = wrong
			}
			if err := WriteFile(path, tab); err != nil {
				t.Fatal(err)
			}
			if bad == "flipped" {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				b[len(b)-3] ^= 0x10
				if err := os.WriteFile(path, b, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			source, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var r recorder
			var ly layers
			c.Notify, c.Progress = r.notify, ly.progress
			got, err := c.Load(bitS)
			if err != nil {
				t.Fatalf("%s over a byte table %s: %v", bitS.FileName(), bad, err)
			}
			if got.Checksum != want.Checksum || !slices.Equal(got.Data, want.Data) {
				t.Errorf("%s over a byte table %s: CRC %08x, from scratch %08x", bitS.FileName(), bad, got.Checksum, want.Checksum)
			}
			// A file that reads is announced as the source before the
			// conversion refuses it: then three lines.
			if m := r.lines(); len(m) < 2 || len(m) > 3 || !strings.Contains(m[len(m)-2], "cannot make table "+bitS.Puzzle+"/"+bitS.Pattern) ||
				!strings.Contains(m[len(m)-2], "building it from scratch") || strings.Contains(m[len(m)-1], "from table") {
				t.Errorf("%s over a byte table %s: messages %q", bitS.FileName(), bad, m)
			}
			if ly.n.Load() == 0 {
				t.Errorf("%s over a byte table %s: no breadth-first build", bitS.FileName(), bad)
			}
			if after, err := os.ReadFile(path); err != nil || !slices.Equal(after, source) {
				t.Errorf("%s over a byte table %s: the byte table's file changed (%v)", bitS.FileName(), bad, err)
			}
		}
	}
}
