package pdb

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/gofrs/flock"
)

// Interrupt removes the temporary file of a write in progress through its
// own Cache, and neither another writer's (its lock held) nor anything
// else; a write that then tries to finish, or to start, fails with
// ErrInterrupted and leaves no file.
func TestCacheInterruptRemovesOnlyItsOwnFiles(t *testing.T) {
	dir := t.TempDir()
	spec := testSpec(t, "small", nil)
	tab, err := spec.Build(nil)
	if err != nil {
		t.Fatal(err)
	}
	mine := &Cache{Dir: dir}
	f, err := mine.createTemp(dir, spec.FileName()+tempInfix+"*")
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("partial")
	f.Close()
	// Another writer of the same directory, by the protocol: its table's
	// lock held, its temporary file being written.
	other := flock.New(filepath.Join(dir, "test-other.pdb"+lockExt))
	if ok, err := other.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	defer other.Unlock()
	otherTemp := filepath.Join(dir, "test-other.pdb"+tempInfix+"42")
	os.WriteFile(otherTemp, []byte("partial"), 0o644)
	finished := filepath.Join(dir, "test-done.pdb")
	if err := mine.writeFile(finished, tab); err != nil {
		t.Fatal(err)
	}

	removed := mine.Interrupt()
	if !slices.Equal(removed, []string{f.Name()}) {
		t.Fatalf("Interrupt removed %q, want only %q", removed, f.Name())
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"test-done.pdb", "test-other.pdb.lock", "test-other.pdb.tmp42"}) {
		t.Fatalf("after Interrupt the directory holds %q", got)
	}
	if err := mine.commitTemp(f.Name(), mine.Path(spec), false); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("finishing an interrupted write: %v", err)
	}
	if err := mine.writeFile(mine.Path(spec), tab); !errors.Is(err, ErrInterrupted) {
		t.Fatalf("a write after Interrupt: %v", err)
	}
	if _, err := mine.Load(spec); err != nil { // still usable: built, used, not kept
		t.Fatal(err)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"test-done.pdb", "test-other.pdb.lock", "test-other.pdb.tmp42", "test-small.pdb.lock"}) {
		t.Fatalf("writes after Interrupt left %q", got)
	}
	if _, err := ReadFile(finished, "", ""); err != nil {
		t.Fatalf("a table written before Interrupt: %v", err)
	}
}

// Interrupt while many tables are being written (run it under -race):
// every write either completed, its table whole, or failed with
// ErrInterrupted; no temporary file is left.
func TestCacheInterruptDuringWrites(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: dir}
	const writers = 8
	var wg sync.WaitGroup
	var written atomic.Int32
	errs := make([]error, writers)
	start := make(chan struct{})
	for i := range writers {
		spec := testSpec(t, "w"+string(rune('a'+i)), nil)
		wg.Go(func() {
			<-start
			for range 20 {
				if _, err := c.Rebuild(spec); err != nil {
					errs[i] = err
					return
				}
				written.Add(1)
			}
		})
	}
	close(start)
	for written.Load() < writers { // about one table each, then interrupt the rest
		runtime.Gosched()
	}
	c.Interrupt()
	wg.Wait()
	for i, err := range errs {
		if err != nil && !errors.Is(err, ErrInterrupted) {
			t.Fatalf("writer %d: %v", i, err)
		}
	}
	for _, name := range dirNames(t, dir) {
		switch {
		case strings.Contains(name, tempInfix):
			t.Fatalf("temporary file %s left", name)
		case strings.HasSuffix(name, tableExt):
			if _, err := ReadFile(filepath.Join(dir, name), "", ""); err != nil {
				t.Fatalf("a table renamed into place: %v", err)
			}
		}
	}
}

// Ensure reads a table that is there without building it, builds and
// writes one that is missing or damaged, and never returns a table it
// could not write.
func TestCacheEnsure(t *testing.T) {
	dir := t.TempDir()
	var builds atomic.Int32
	spec := testSpec(t, "small", &builds)
	c := &Cache{Dir: dir}
	if _, built, err := c.Ensure(spec); err != nil || !built || builds.Load() != 1 {
		t.Fatalf("missing table: built %v, %v, %d builds", built, err, builds.Load())
	}
	if _, built, err := c.Ensure(spec); err != nil || built || builds.Load() != 1 {
		t.Fatalf("table present: built %v, %v, %d builds", built, err, builds.Load())
	}
	b, _ := os.ReadFile(c.Path(spec))
	b[len(b)-3] ^= 0x10
	os.WriteFile(c.Path(spec), b, 0o644)
	if _, built, err := c.Ensure(spec); err != nil || !built || builds.Load() != 2 {
		t.Fatalf("damaged table: built %v, %v, %d builds", built, err, builds.Load())
	}
	if _, err := spec.open(c.Path(spec)); err != nil {
		t.Fatalf("rebuilt file: %v", err)
	}

	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o644)
	for _, c := range []*Cache{{Dir: filepath.Join(blocked, "tables")}, {Dir: dir, Policy: WriteNever}} {
		tab, _, err := c.Ensure(testSpec(t, "other", nil))
		if !errors.Is(err, ErrNotKept) || tab != nil {
			t.Fatalf("%s, policy %v: %v, table %v", c.Dir, c.Policy, err, tab != nil)
		}
		if c.Policy == WriteAuto && !strings.Contains(err.Error(), c.Path(testSpec(t, "other", nil))) {
			t.Fatalf("the error does not name the path: %v", err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "test-other.pdb")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Ensure under never wrote: %v", err)
	}
}

// On a file system where flock(2) fails (no lock manager), a missing
// table is still built and written, whole, with a line that says the lock
// was not taken; a temporary file whose owner cannot be told is left alone.
func TestCacheWithoutLocks(t *testing.T) {
	saved := tryLock
	tryLock = func(*flock.Flock) (bool, error) { return false, syscall.ENOLCK }
	defer func() { tryLock = saved }()
	dir := t.TempDir()
	left := filepath.Join(dir, "test-small.pdb"+tempInfix+"7")
	os.WriteFile(left, []byte("partial"), 0o644)
	var r recorder
	c := &Cache{Dir: dir, Notify: r.notify}
	var builds atomic.Int32
	spec := testSpec(t, "small", &builds)
	if _, built, err := c.Ensure(spec); err != nil || !built || builds.Load() != 1 {
		t.Fatalf("Ensure without locks: built %v, %v", built, err)
	}
	if m := r.lines(); len(m) != 2 || !strings.Contains(m[0], "cannot lock") || !strings.Contains(m[0], "no locks available") {
		t.Fatalf("messages %q", m)
	}
	if _, err := spec.open(c.Path(spec)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(left); err != nil {
		t.Fatalf("a temporary file was removed without its lock: %v", err)
	}
}
