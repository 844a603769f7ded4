package pdb

import (
	"bytes"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/gofrs/flock"
)

// testSpec describes a 100-entry 8-bit test table; builds counts its builds.
func testSpec(t testing.TB, pattern string, builds *atomic.Int32) Spec {
	return Spec{Puzzle: "test", Pattern: pattern, Entries: 100, Width: 8,
		Build: func(*BuildOptions) (*Table, error) {
			if builds != nil {
				builds.Add(1)
			}
			tab, _ := smallTable(t, 100, 8, 9)
			tab.Pattern = pattern
			return tab, nil
		}}
}

// recorder collects Notify lines; safe for concurrent use.
type recorder struct {
	mu   sync.Mutex
	msgs []string
}

func (r *recorder) notify(m string) { r.mu.Lock(); r.msgs = append(r.msgs, m); r.mu.Unlock() }

func (r *recorder) lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.msgs)
}

// dirNames returns the names in dir, sorted.
func dirNames(t *testing.T, dir string) []string {
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

func TestCacheBuildsThenReadsThenRebuilds(t *testing.T) {
	dir := t.TempDir()
	var builds atomic.Int32
	spec := testSpec(t, "small", &builds)
	var r recorder
	c := &Cache{Dir: dir, Notify: r.notify}
	for range 2 {
		if _, err := c.Load(spec); err != nil {
			t.Fatal(err)
		}
	}
	if msgs := r.lines(); builds.Load() != 1 || len(msgs) != 1 {
		t.Fatalf("two loads: %d builds, messages %q", builds.Load(), msgs)
	}
	path := c.Path(spec)
	b, _ := os.ReadFile(path)
	b[len(b)-3] ^= 0x10
	os.WriteFile(path, b, 0o644)
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if msgs := r.lines(); builds.Load() != 2 || len(msgs) != 2 || !strings.Contains(msgs[1], "rebuilding") {
		t.Fatalf("corrupt file: %d builds, messages %q", builds.Load(), msgs)
	}
	other := spec
	other.Entries = 50
	if _, err := c.Load(other); !errors.Is(err, ErrMismatch) {
		t.Fatalf("builder of the wrong size: %v", err)
	}
}

// TestCacheIsASource: a Cache stores what it builds, and says so through
// Stored; Spec.Check refuses a table of another spec, and no table.
func TestCacheIsASource(t *testing.T) {
	var src Source = &Cache{Dir: t.TempDir()}
	spec := testSpec(t, "small", nil)
	if src.Stored(spec) {
		t.Fatal("Stored before the table was built")
	}
	tab, err := src.Load(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !src.Stored(spec) {
		t.Fatal("not Stored after Load built and wrote it")
	}
	if err := spec.Check(tab); err != nil {
		t.Fatalf("Check of the table Load returned: %v", err)
	}
	other := testSpec(t, "other", nil)
	if err := other.Check(tab); !errors.Is(err, ErrMismatch) {
		t.Fatalf("Check of another spec's table: %v, want ErrMismatch", err)
	}
	if err := spec.Check(nil); !errors.Is(err, ErrMismatch) {
		t.Fatalf("Check of no table: %v, want ErrMismatch", err)
	}
}

// A version 1 file in the cache is reported as such and rebuilt.
func TestCacheRebuildsAnOldFormat(t *testing.T) {
	dir := t.TempDir()
	var builds atomic.Int32
	spec := testSpec(t, "small", &builds)
	old, _ := spec.Build(nil)
	os.WriteFile(filepath.Join(dir, spec.FileName()), craftV1(old), 0o644)
	var r recorder
	c := &Cache{Dir: dir, Notify: r.notify}
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if msgs := r.lines(); builds.Load() != 2 || len(msgs) != 1 || !strings.Contains(msgs[0], "older version 1") {
		t.Fatalf("old file: %d builds, messages %q", builds.Load(), msgs)
	}
	if _, err := spec.open(c.Path(spec)); err != nil {
		t.Fatalf("rebuilt file: %v", err)
	}
}

// An unwritable cache builds in memory and says so once per table, without
// claiming to write a file.
func TestCacheWorksWhenItCannotWrite(t *testing.T) {
	var r recorder
	c := &Cache{Dir: filepath.Join(os.DevNull, "x"), Notify: r.notify}
	var builds atomic.Int32
	for i := range 2 {
		tab, err := c.Load(testSpec(t, "small", &builds))
		msgs := r.lines()
		if err != nil || tab.Entries != 100 || len(msgs) != i+1 || !strings.Contains(msgs[i], "without caching") ||
			!strings.Contains(msgs[i], "cannot write to "+c.Dir) {
			t.Fatalf("unwritable cache, load %d: %v, %q", i, err, msgs)
		}
	}
}

// Under WriteNever a missing table is built and used, and nothing is written.
func TestCacheNeverWrites(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	var r recorder
	var builds atomic.Int32
	c := &Cache{Dir: dir, Policy: WriteNever, Notify: r.notify}
	spec := testSpec(t, "small", &builds)
	tab, err := c.Load(spec)
	if err != nil || tab.Entries != 100 {
		t.Fatal(err)
	}
	if msgs := r.lines(); len(msgs) != 1 || !strings.Contains(msgs[0], "write policy never") {
		t.Fatalf("messages %q", msgs)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the never policy created %s: %v", dir, err)
	}
	// A table already in the cache is still read, and nothing is written.
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(c.Path(spec), tab); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Load(spec); err != nil || builds.Load() != 1 {
		t.Fatalf("cached table under never: %v, %d builds", err, builds.Load())
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{spec.FileName()}) {
		t.Fatalf("directory holds %q", got)
	}
	for _, p := range []WritePolicy{WriteAuto, WriteNever} {
		if p.String() != []string{"auto", "never"}[p] {
			t.Fatalf("WritePolicy(%d) is %q", p, p)
		}
	}
}

// Two loaders of one missing table build it once: the second finds the
// first building, says so, waits, and reads the result.
func TestCacheBuildsATableOnce(t *testing.T) {
	dir := t.TempDir()
	var builds atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	spec := testSpec(t, "small", &builds)
	build := spec.Build
	spec.Build = func(p *BuildOptions) (*Table, error) {
		close(started)
		<-release
		return build(p)
	}
	var r1, r2 recorder
	var wg sync.WaitGroup
	var err1, err2 error
	wg.Go(func() { _, err1 = (&Cache{Dir: dir, Notify: r1.notify}).Load(spec) })
	<-started
	waiting := make(chan struct{})
	wg.Go(func() {
		_, err2 = (&Cache{Dir: dir, Notify: func(m string) {
			r2.notify(m)
			if strings.Contains(m, "waiting for another process") {
				close(waiting)
			}
		}}).Load(spec)
	})
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Fatalf("the second loader never waited: %q", r2.lines())
	}
	close(release)
	wg.Wait()
	if err1 != nil || err2 != nil || builds.Load() != 1 {
		t.Fatalf("errors %v, %v; %d builds, want 1", err1, err2, builds.Load())
	}
	if m := r2.lines(); len(m) != 1 {
		t.Fatalf("second loader said %q, want one line", m)
	}
}

// The temporary file of a build that died is removed by the next cache to
// touch the directory; that of a live build (its lock held) is not.
func TestCacheRemovesTemporaryFilesOfDeadBuilds(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, "test-small.pdb.tmp123456")
	live := filepath.Join(dir, "test-other.pdb.tmp654321")
	foreign := filepath.Join(dir, "notes.tmp1")
	for _, p := range []string{dead, live, foreign} {
		os.WriteFile(p, []byte("partial"), 0o644)
	}
	held := flock.New(filepath.Join(dir, "test-other.pdb"+lockExt))
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	defer held.Unlock()
	var r recorder
	c := &Cache{Dir: dir, Notify: r.notify}
	if _, err := c.List(); err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{dead: false, live: true, foreign: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Fatalf("%s: exists %v, want %v", p, err == nil, want)
		}
	}
	if m := r.lines(); len(m) != 1 || !strings.Contains(m[0], dead) {
		t.Fatalf("messages %q", m)
	}
}

// A build longer than a few seconds is announced with its estimates; one
// that needs more memory than the machine has is refused with both figures.
func TestCacheEstimatesAndRefusesTooBig(t *testing.T) {
	var r recorder
	var builds atomic.Int32
	spec := testSpec(t, "small", &builds)
	spec.BuildTime, spec.PeakBytes = 90*time.Second, 2<<30
	c := &Cache{Dir: t.TempDir(), Notify: r.notify, MemoryBytes: 8 << 30}
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if m := r.lines(); len(m) != 1 || !strings.Contains(m[0], "expect about 1m30s on an idle 2-core machine, and 2.0 GiB of memory at the peak") {
		t.Fatalf("messages %q", m)
	}
	quick := testSpec(t, "quick", &builds)
	quick.BuildTime = time.Second
	if _, err := c.Load(quick); err != nil {
		t.Fatal(err)
	}
	if m := r.lines(); len(m) != 2 || strings.Contains(m[1], "expect") {
		t.Fatalf("a quick build announced its estimate: %q", m)
	}
	big := testSpec(t, "big", &builds)
	big.PeakBytes = 3 << 30
	c.MemoryBytes = 1 << 30
	before, _ := os.ReadDir(c.Dir)
	if err := c.CheckBuild(big); !errors.Is(err, ErrTooBig) {
		t.Fatalf("CheckBuild of a table too big: %v", err)
	}
	if after, _ := os.ReadDir(c.Dir); len(after) != len(before) {
		t.Fatalf("CheckBuild left files: %d entries, %d before", len(after), len(before))
	}
	if err := c.CheckBuild(spec); err != nil {
		t.Fatalf("CheckBuild of a stored table: %v", err)
	}
	_, err := c.Load(big)
	if _, serr := os.Stat(c.Path(big) + lockExt); serr == nil {
		t.Errorf("a refused build left its lock file")
	}
	if !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "3.0 GiB") || !strings.Contains(err.Error(), "1.0 GiB") {
		t.Fatalf("too big: %v", err)
	}
	if builds.Load() != 2 {
		t.Fatalf("%d builds, want 2: the big one must not start", builds.Load())
	}
}

func TestParseMemTotal(t *testing.T) {
	text := "MemTotal:       24576000 kB\nMemFree:         1000 kB\n"
	if n, ok := parseMemTotal(text); !ok || n != 24576000*1024 {
		t.Fatalf("parseMemTotal = %d, %v", n, ok)
	}
	if _, ok := parseMemTotal("MemFree: 1 kB\n"); ok {
		t.Fatal("no MemTotal line, but a total")
	}
	if _, err := os.Stat(meminfoPath); err == nil && memTotal() < 1<<20 {
		t.Fatalf("memTotal() = %d on a machine with %s", memTotal(), meminfoPath)
	}
	for n, want := range map[uint64]string{512: "512 bytes", 1536: "1.5 KiB", 3 << 30: "3.0 GiB", 4200 << 20: "4.1 GiB"} {
		if got := FormatBytes(n); got != want {
			t.Fatalf("FormatBytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// pinTestTable makes crc the known checksum of test/pattern for the test.
func pinTestTable(t *testing.T, pattern string, crc uint32) {
	key := "test/" + pattern
	knownChecksums[key] = crc
	t.Cleanup(func() { delete(knownChecksums, key) })
}

func TestCacheListAndClean(t *testing.T) {
	dir := t.TempDir()
	c := &Cache{Dir: dir}
	specs := map[string]Spec{}
	for _, p := range []string{"ok", "pinned", "forged", "damaged", "busy"} {
		specs[p] = testSpec(t, p, nil)
		if _, err := c.Load(specs[p]); err != nil {
			t.Fatal(err)
		}
	}
	tab, values := smallTable(t, 100, 8, 9)
	pinTestTable(t, "pinned", crc32Packed(values))
	pinTestTable(t, "forged", tab.Checksum^1)
	pinTestTable(t, "damaged", crc32Packed(values))
	damaged := c.Path(specs["damaged"])
	b, _ := os.ReadFile(damaged)
	b[len(b)-1] ^= 1
	os.WriteFile(damaged, b, 0o644)
	os.WriteFile(filepath.Join(dir, "junk.pdb"), []byte("junk"), 0o644)
	syscall.Mkfifo(filepath.Join(dir, "pipe.pdb"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("keep me"), 0o644)

	list, err := c.List()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		state  CacheState
		pinned bool
	}{
		"junk.pdb": {CacheUnreadable, false}, "pipe.pdb": {CacheUnreadable, false},
		"test-ok.pdb": {CacheOK, false}, "test-pinned.pdb": {CacheOK, true}, "test-forged.pdb": {CacheDamaged, true},
		"test-damaged.pdb": {CacheDamaged, true}, "test-busy.pdb": {CacheOK, false},
	}
	if len(list) != len(want) {
		t.Fatalf("listed %d files, want %d: %+v", len(list), len(want), list)
	}
	for i, e := range list {
		w, ok := want[e.Name]
		if !ok || e.State != w.state || e.Pinned != w.pinned || (i > 0 && list[i-1].Name >= e.Name) {
			t.Fatalf("entry %+v, want %+v, in name order", e, w)
		}
		if st, _ := os.Lstat(filepath.Join(dir, e.Name)); e.Size != st.Size() {
			t.Fatalf("%s: size %d, on disk %d", e.Name, e.Size, st.Size())
		}
		if strings.HasPrefix(e.Name, "test-") && (e.Puzzle != "test" || e.Entries != 100 || e.Width != 8 ||
			e.Name != "test-"+e.Pattern+".pdb") {
			t.Fatalf("header fields of %+v", e)
		}
		if (e.State == CacheOK) != (e.Problem == "") {
			t.Fatalf("%s: state %v, problem %q", e.Name, e.State, e.Problem)
		}
	}
	// The two damaged files, in name order; the unreadable ones are no tables.
	if err := ListDamaged(list); err == nil || err.Error() != "damaged tables: test-damaged.pdb, test-forged.pdb" {
		t.Fatalf("ListDamaged: %v", err)
	}
	if err := ListDamaged(list[:1]); err != nil { // junk.pdb alone
		t.Fatalf("ListDamaged of an unreadable file: %v", err)
	}

	held := flock.New(c.Path(specs["busy"]) + lockExt)
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(ok, err)
	}
	removed, err := c.Clean("test-ok.pdb", "test-pinned", "missing.pdb", "../notes.txt", "test-busy.pdb")
	if !slices.Equal(removed, []string{"test-ok.pdb", "test-pinned.pdb"}) || err == nil ||
		!strings.Contains(err.Error(), "no table missing.pdb") || !strings.Contains(err.Error(), "../notes.txt") ||
		!strings.Contains(err.Error(), "another process is building it") || !errors.Is(err, ErrNoTable) {
		t.Fatalf("Clean: removed %q, %v", removed, err)
	}
	if _, err := c.Clean("test-busy.pdb"); err == nil || errors.Is(err, ErrNoTable) {
		t.Fatalf("Clean of a table being built: %v, want an error that is not ErrNoTable", err)
	}
	os.WriteFile(filepath.Join(dir, "test-dead.pdb.tmp99"), []byte("partial"), 0o644)
	removed, err = (&Cache{Dir: dir}).CleanAll()
	if err == nil || !strings.Contains(err.Error(), "test-busy.pdb") {
		t.Fatalf("CleanAll with a busy table: %q, %v", removed, err)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"notes.txt", "test-busy.pdb", "test-busy.pdb.lock"}) {
		t.Fatalf("after CleanAll the directory holds %q (removed %q)", got, removed)
	}
	held.Unlock()
	if _, err := c.CleanAll(); err != nil {
		t.Fatal(err)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"notes.txt"}) {
		t.Fatalf("after CleanAll the directory holds %q", got)
	}
	if list, err := (&Cache{Dir: filepath.Join(dir, "none")}).List(); err != nil || len(list) != 0 {
		t.Fatalf("missing directory: %v, %v", list, err)
	}
}

// crc32Packed is the CRC-32C of values packed one to a byte.
func crc32Packed(values []uint64) uint32 {
	return crc32.Checksum(pack(values, 8), castagnoli)
}

// A table file whose checksums agree with its entries, but whose entries
// are not the known table's, is refused and rebuilt.
func TestForgedTableIsRebuilt(t *testing.T) {
	dir := t.TempDir()
	spec := RotationSpec()
	forged, err := NewTable(RotationPuzzle, RotationPattern, RotationEntries, RotationWidth, make([]byte, PackedSize(RotationEntries, RotationWidth)))
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(filepath.Join(dir, spec.FileName()), forged); err != nil {
		t.Fatal(err)
	}
	var r recorder
	c := &Cache{Dir: dir, Notify: r.notify}
	tab, err := c.Load(spec)
	if msgs := r.lines(); err != nil || len(msgs) != 1 || !strings.Contains(msgs[0], "known table") || tab.Checksum != knownChecksums["rotation/centre8"] {
		t.Fatalf("forged table: %v, %q", err, msgs)
	}
}

// envKilledWriter names, in a child test process, the cache directory in
// which to start writing test/small and then wait to be killed.
const envKilledWriter = "PDBSOLVE_TEST_KILLED_WRITER"

// A build killed while writing its file (here a child process killed with
// SIGKILL) leaves a temporary file and releases its lock; while it lives,
// its file is left alone, and once it is dead the next load removes the
// file and builds the table.
func TestCacheAfterAKilledBuild(t *testing.T) {
	if dir := os.Getenv(envKilledWriter); dir != "" {
		c := &Cache{Dir: dir}
		spec := testSpec(t, "small", nil)
		lock, err := c.lock(c.Path(spec))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := c.acquire(lock, spec); err != nil {
			t.Fatal(err)
		}
		f, err := os.CreateTemp(dir, spec.FileName()+tempInfix+"*")
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("partial")
		os.Stdout.WriteString("writing\n")
		time.Sleep(time.Minute)
		return
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCacheAfterAKilledBuild$")
	cmd.Env = append(os.Environ(), envKilledWriter+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill() // should the test fail before it kills the child
	line := make([]byte, len("writing\n"))
	if _, err := io.ReadFull(out, line); err != nil {
		t.Fatal(err)
	}
	temps, _ := filepath.Glob(filepath.Join(dir, "test-small.pdb.tmp*"))
	if len(temps) != 1 {
		t.Fatalf("the child left %q", temps)
	}
	if _, err := (&Cache{Dir: dir}).List(); err != nil { // sweeps while the writer lives
		t.Fatal(err)
	}
	if _, err := os.Stat(temps[0]); err != nil {
		t.Fatalf("a live build's temporary file was removed: %v", err)
	}
	cmd.Process.Kill()
	cmd.Wait()
	var r recorder
	var builds atomic.Int32
	if _, err := (&Cache{Dir: dir, Notify: r.notify}).Load(testSpec(t, "small", &builds)); err != nil {
		t.Fatal(err)
	}
	if m := r.lines(); builds.Load() != 1 || len(m) != 2 || !strings.Contains(m[0], "removed "+temps[0]) {
		t.Fatalf("%d builds, messages %q", builds.Load(), m)
	}
	if got := dirNames(t, dir); !slices.Equal(got, []string{"test-small.pdb", "test-small.pdb.lock"}) {
		t.Fatalf("directory holds %q", got)
	}
}

// TestCacheListMisnamed: a valid table stored under another table's file
// name is listed as damaged, naming the file it belongs in; a file whose
// name is no table's passes CheckFileName.
func TestCacheListMisnamed(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	spec := testSpec(t, "small", nil)
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(c.Dir, Tiles8Puzzle+"-blank0-1.2.3-md.pdb")
	if err := os.Rename(c.Path(spec), other); err != nil {
		t.Fatal(err)
	}
	list, err := c.List()
	if err != nil || len(list) != 1 || list[0].State != CacheDamaged || !strings.Contains(list[0].Problem, spec.FileName()) {
		t.Fatalf("List: %v, %+v", err, list)
	}
	h := &Header{Puzzle: spec.Puzzle, Pattern: spec.Pattern}
	if err := CheckFileName(other, h); !errors.Is(err, ErrMisnamed) {
		t.Errorf("CheckFileName(%s): %v", other, err)
	}
	for _, name := range []string{c.Path(spec), "/tmp/backup.pdb", "my-table.pdb", "tiles3x4junk-x.pdb"} {
		if err := CheckFileName(name, h); err != nil {
			t.Errorf("CheckFileName(%s): %v", name, err)
		}
	}
}

// TestCacheStatus: Status tells a missing table (fs.ErrNotExist) from a
// damaged one (a FormatError) and a good one (nil), and builds nothing.
func TestCacheStatus(t *testing.T) {
	var builds atomic.Int32
	spec := testSpec(t, "status", &builds)
	c := &Cache{Dir: t.TempDir()}
	if err := c.Status(spec); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing table: %v, want fs.ErrNotExist", err)
	}
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if err := c.Status(spec); err != nil {
		t.Fatalf("good table: %v", err)
	}
	b, _ := os.ReadFile(c.Path(spec))
	b[len(b)-3] ^= 0x10
	os.WriteFile(c.Path(spec), b, 0o644)
	var fe *FormatError
	if err := c.Status(spec); !errors.As(err, &fe) || errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("damaged table: %v, want a FormatError", err)
	}
	if after, _ := os.ReadFile(c.Path(spec)); builds.Load() != 1 || !bytes.Equal(after, b) {
		t.Fatalf("Status built %d tables or rewrote the file", builds.Load()-1)
	}
}

// TestCacheBuildStartsWithoutGarbage: a big build (PeakBytes at least
// processPeak(releaseBytes)) starts with the garbage of earlier work collected, so
// that gen's builds one after another each peak at about their own
// PeakBytes, not theirs plus the last one's byte table.
func TestCacheBuildStartsWithoutGarbage(t *testing.T) {
	const garbageBytes = 64 << 20
	spec := testSpec(t, "big", nil)
	spec.PeakBytes = processPeak(releaseBytes)
	build := spec.Build
	var heapAtStart uint64
	spec.Build = func(p *BuildOptions) (*Table, error) {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		heapAtStart = m.HeapAlloc
		return build(p)
	}
	c := &Cache{Dir: t.TempDir(), MemoryBytes: 1 << 40}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	garbage := make([]byte, garbageBytes)
	for i := range garbage {
		garbage[i] = byte(i)
	}
	garbage = nil
	if _, err := c.Load(spec); err != nil {
		t.Fatal(err)
	}
	if heapAtStart >= m.HeapAlloc+garbageBytes/2 {
		t.Fatalf("the build started with %d bytes of heap, %d before the %d bytes of garbage: want them collected first",
			heapAtStart, m.HeapAlloc, garbageBytes)
	}
	_ = garbage
}
