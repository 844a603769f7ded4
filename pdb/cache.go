package pdb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"syscall"
	"time"
)

// EnvTables names the environment variable that sets the table directory.
const EnvTables = "PDBSOLVE_TABLES"

// DefaultDir returns the table directory used when none is given: the value
// of $PDBSOLVE_TABLES, else "pdbsolve" under the user's cache directory.
func DefaultDir() (string, error) {
	if d := os.Getenv(EnvTables); d != "" {
		return d, nil
	}
	c, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no table directory: set %s or --tables (%v)", EnvTables, err)
	}
	return filepath.Join(c, "pdbsolve"), nil
}

// Spec names a table and says how to build it.
type Spec struct {
	Puzzle  string // puzzle id stored in the header
	Pattern string // pattern id stored in the header
	Entries uint64 // expected entry count
	Width   uint8  // expected entry width
	// PeakBytes is an estimate of the peak resident memory (RSS) of a
	// process while Build runs, in bytes, or 0 when unknown: the most Build
	// holds at once plus what the process holds beside it (the package's
	// tables add 64 MiB for the runtime and the file writer, the most
	// measured). A Cache refuses a build that needs more than the machine
	// has.
	PeakBytes uint64
	// BuildTime is an estimate of how long Build (and writing the table's
	// file) takes on an idle 2-core machine, or 0 when unknown. A Cache
	// announces it, with PeakBytes, before a build expected to take more
	// than a few seconds.
	BuildTime time.Duration
	// Build computes the table from scratch with options o, which may be
	// nil (all cores, no progress reports), on o.WorkerCount() goroutines.
	Build func(o *BuildOptions) (*Table, error)
	// From, if not nil, is a shorter way to the table: made from another
	// table, its source, when the cache directory holds that one. A Cache
	// takes it in place of Build (see Derivation).
	From *Derivation
}

// Derivation says how a table is made from another, its source, in less
// time or memory than Build takes from scratch: a 1-bit zero-aware table
// from the zero-aware byte table of its pattern. A Cache that must build
// the table takes this way when the source's file is in its directory and
// reads whole and checks as Load checks it (magic, version, CRCs, the
// pinned checksum); otherwise, or when Build fails, it says so through
// Notify and calls the Spec's Build. It never builds nor writes the source
// for it, and never calls the source Spec's Build.
type Derivation struct {
	Source Spec // the table it is made from
	// PeakBytes is an estimate of the process's peak resident memory while
	// Build runs, the source table included, in bytes, or 0 when unknown
	// (as Spec.PeakBytes).
	PeakBytes uint64
	// BuildTime is an estimate of how long reading the source and Build
	// take on an idle 2-core machine, or 0 when unknown (as Spec.BuildTime).
	BuildTime time.Duration
	// Build makes the table from src, the source table, read and checked,
	// with options o, which may be nil (as Spec.Build). It must not keep or
	// change src.
	Build func(src *Table, o *BuildOptions) (*Table, error)
}

// Bytes returns the size in memory of the spec's table, in bytes: its
// entries times their width, rounded up to a byte.
func (s Spec) Bytes() uint64 { return (s.Entries*uint64(s.Width) + 7) / 8 }

// FileName is the name of the spec's file inside a cache directory.
func (s Spec) FileName() string { return s.ID().FileName() }

// tableExt ends the name of every table file in a cache directory.
const tableExt = ".pdb"

// Progress reports how far a breadth-first table build has got.
type Progress struct {
	Depth   int     // depth being expanded
	States  uint64  // states reached so far
	Total   uint64  // states in the whole space
	Elapsed float64 // seconds since the build started
	Done    bool    // set on the last report of a build
}

// WritePolicy says whether a Cache keeps the tables it builds.
type WritePolicy int

const (
	// WriteAuto keeps every table built in the cache directory (the default).
	WriteAuto WritePolicy = iota
	// WriteNever builds missing tables in memory, uses them and keeps
	// nothing: the cache directory is only read.
	WriteNever
)

// writePolicyNames are the spellings of the policies, by value.
var writePolicyNames = [...]string{WriteAuto: "auto", WriteNever: "never"}

// String returns "auto" or "never".
func (p WritePolicy) String() string {
	if p >= 0 && int(p) < len(writePolicyNames) {
		return writePolicyNames[p]
	}
	return fmt.Sprintf("WritePolicy(%d)", int(p))
}

// ErrTooBig is returned when a table's build needs more memory at its peak
// (Spec.PeakBytes) than the machine has; the error gives both figures.
var ErrTooBig = errors.New("the table is too big to build on this machine")

// buildNotice is the estimated build time above which a Cache announces
// the estimate before building.
const buildNotice = 3 * time.Second

// Cache loads tables from a directory, building and storing the ones that
// are missing or damaged. One lock file per table (its file name and
// ".lock") makes a process that needs a table another is building wait for
// that build instead of repeating it; where flock(2) fails (a file system
// without locks) a Cache says so and builds without the lock, and the files
// are still renamed into place whole. The zero policy is WriteAuto. A Cache
// must not be copied after first use.
type Cache struct {
	Dir    string
	Policy WritePolicy
	// Notify, if set, receives one line for each table that is built or
	// rebuilt and why, for each wait on another process's build, and for
	// each leftover temporary file removed. The library itself never prints.
	Notify func(msg string)
	// Progress, if set, is passed to builds.
	Progress func(Progress)
	// Workers, if not 0, is the number of goroutines a build runs on, the
	// compression of its table's file included (BuildOptions.Workers);
	// 0 means all cores (GOMAXPROCS). Reading a table file is not bound
	// by it. A negative count makes every build fail.
	Workers int
	// MemoryBytes, if not 0, replaces the machine's memory (MemTotal in
	// /proc/meminfo) as the limit on a build's Spec.PeakBytes.
	MemoryBytes uint64
	// Loaded, if set, is called with every table Load returns, so a caller
	// can say which tables an output was made with.
	Loaded func(*Table)
	// Where, if set, is how messages name Dir: the directory as the user
	// gave it in place of the cache (gen -o DIR). Else they say "the cache".
	Where string

	// The temporary files of the writes in progress, for Interrupt.
	tempMu      sync.Mutex
	temps       map[string]struct{}
	interrupted bool // set by Interrupt: no more writes
}

// where names the cache directory in messages: c.Where, else "the cache".
func (c *Cache) where() string {
	if c.Where != "" {
		return c.Where
	}
	return "the cache"
}

func (c *Cache) notify(format string, args ...any) {
	if c.Notify != nil {
		c.Notify(fmt.Sprintf(format, args...))
	}
}

// Source supplies tables by Spec, for the solvers that read them (package
// search). A *Cache is one: it reads the cache directory and builds what is
// missing. A library user may supply another: tables held in memory, or read
// from a store of its own.
type Source interface {
	// Load returns the table s names. Its readers check it with Spec.Check
	// before they use it.
	Load(s Spec) (*Table, error)
	// Stored reports whether Load would return s's table without building
	// it. A reader loads stored tables concurrently (decoding one uses one
	// core) and the others one at a time (a build uses every core and much
	// memory); a source that never builds returns true.
	Stored(s Spec) bool
}

// Path returns the file that holds s's table in the cache directory.
func (c *Cache) Path(s Spec) string { return filepath.Join(c.Dir, s.FileName()) }

// Stored reports whether the cache directory holds a file for s's table,
// which Load then reads instead of building it (unless it is damaged).
func (c *Cache) Stored(s Spec) bool {
	_, err := os.Stat(c.Path(s))
	return err == nil
}

// Status reports what the cache directory holds for s's table, as Load
// would find it: nil for a file that reads whole and checks as Load checks
// it; an error wrapping fs.ErrNotExist when there is no file; otherwise the
// error (a *FormatError for a damaged file) that would make Load rebuild
// it. It builds, writes and locks nothing; unlike Stored, it decompresses
// the whole file.
func (c *Cache) Status(s Spec) error {
	_, err := s.open(c.Path(s))
	if errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("%w: %v", fs.ErrNotExist, err)
	}
	return err
}

// Load returns the table that s names: read from the cache directory and
// checked, or built when it is missing or unreadable (from its source table
// when the directory holds that one: Spec.From) and, under WriteAuto,
// written there. While another process builds the same table, Load waits
// for it (saying so through Notify) and reads the result. A build is
// refused with ErrTooBig when it cannot fit in memory.
func (c *Cache) Load(s Spec) (*Table, error) {
	t, _, err := c.load(s, false)
	if err == nil && c.Loaded != nil {
		c.Loaded(t)
	}
	return t, err
}

// ErrNotKept is returned by Ensure when the table cannot be kept in the
// cache directory: under WriteNever, or when the directory cannot be
// written (read-only, full, not a directory); the error names the path and
// the directory (Cache.Dir, as given: gen -o's DIR, or the cache's).
var ErrNotKept = errors.New("the table cannot be kept")

// Ensure makes sure the cache directory holds s's table, as a "gen" step
// before the jobs that use it: a file there is read and checked as Load
// checks it; a missing or damaged one is built, checked and written (under
// the table's lock, waiting as Load does for another process's build).
// built reports that this call built and wrote the table. Unlike Load,
// Ensure never falls back to a table in memory: when the file cannot be
// written it returns an error wrapping ErrNotKept (or the write's error)
// and the table is not returned.
func (c *Cache) Ensure(s Spec) (t *Table, built bool, err error) {
	if c.Policy == WriteNever {
		return nil, false, fmt.Errorf("table %s/%s: write policy never: %w in %s", s.Puzzle, s.Pattern, ErrNotKept, c.Dir)
	}
	return c.load(s, true)
}

// load returns s's table as Load does; with keep set, as Ensure does.
func (c *Cache) load(s Spec, keep bool) (*Table, bool, error) {
	c.sweep()
	path := c.Path(s)
	t, err := s.open(path)
	if err == nil {
		return t, false, nil
	}
	why, verb := fmt.Sprintf("table %s/%s is not in %s", s.Puzzle, s.Pattern, c.where()), "building"
	if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		why, verb = err.Error(), "rebuilding"
	}
	if err := c.fits(c.estimate(s)); err != nil { // before the lock: a table that cannot be built leaves no file
		return nil, false, err
	}
	if c.Policy == WriteNever {
		t, err := c.build(s, fmt.Sprintf("%s; %s it in memory, using it without caching (write policy never)", why, verb))
		return t, err == nil, err
	}
	lock, err := c.lock(path)
	if err != nil && keep {
		return nil, false, fmt.Errorf("cannot write table %s/%s to %s: %v: %w in %s", s.Puzzle, s.Pattern, path, err, ErrNotKept, c.Dir)
	}
	if err != nil {
		t, err := c.build(s, fmt.Sprintf("%s; %s it in memory, using it without caching: cannot write to %s (%v)", why, verb, c.Dir, err))
		return t, err == nil, err
	}
	defer lock.Unlock()
	if waited, err := c.acquire(lock, s); err != nil {
		return nil, false, err
	} else if waited {
		if t, err := s.open(path); err == nil {
			return t, false, nil
		}
		// The other process failed or was killed: build it here.
	} else if t, err := s.open(path); err == nil {
		// Written by another process between the first look and the lock.
		return t, false, nil
	}
	t, err = c.build(s, fmt.Sprintf("%s; %s %s", why, verb, path))
	if err != nil {
		return nil, false, err
	}
	if err := c.writeFile(path, t); err != nil {
		if keep {
			return nil, false, err
		}
		// The table is good; only the cache is not. Use it and say so.
		c.notify("pdbsolve: cannot keep table %s/%s (%v); using it without caching", s.Puzzle, s.Pattern, err)
	}
	return t, true, nil
}

// Rebuild builds s's table even if the cache holds it (from its source
// table when the directory holds that, as Load: Spec.From), checks it
// against s (including the known checksum of the tables pdbsolve builds)
// and, under WriteAuto, replaces the cached file, holding the table's lock
// throughout.
func (c *Cache) Rebuild(s Spec) (*Table, error) {
	c.sweep()
	path := c.Path(s)
	if err := c.fits(c.estimate(s)); err != nil {
		return nil, err
	}
	if c.Policy == WriteNever {
		return c.build(s, fmt.Sprintf("building table %s/%s in memory, using it without caching (write policy never)", s.Puzzle, s.Pattern))
	}
	lock, err := c.lock(path)
	if err != nil {
		return nil, fmt.Errorf("cannot write table %s/%s to %s: %w", s.Puzzle, s.Pattern, c.Dir, err)
	}
	defer lock.Unlock()
	if _, err := c.acquire(lock, s); err != nil {
		return nil, err
	}
	t, err := c.build(s, fmt.Sprintf("building table %s/%s into %s", s.Puzzle, s.Pattern, path))
	if err != nil {
		return nil, err
	}
	if err := c.writeFile(path, t); err != nil {
		return nil, err
	}
	return t, nil
}

// build checks c.Workers and that s fits in memory, announces the build
// with why and the estimates, builds the table and checks it against s:
// from its source table when the cache directory holds that one (derive),
// else, or when that fails, from scratch.
func (c *Cache) build(s Spec, why string) (*Table, error) {
	if _, err := c.buildOptions().WorkerCount(); err != nil {
		return nil, err
	}
	if d := s.From; d != nil && c.Stored(d.Source) {
		t, err := c.derive(s, why)
		if err == nil || errors.Is(err, ErrTooBig) { // from scratch needs more
			return t, err
		}
		c.notify("pdbsolve: cannot make table %s/%s from table %s/%s in %s (%v); building it from scratch",
			s.Puzzle, s.Pattern, d.Source.Puzzle, d.Source.Pattern, c.where(), err)
	}
	if err := c.fits(s); err != nil {
		return nil, err
	}
	c.announce(why, s.BuildTime, s.PeakBytes)
	t, err := s.Build(c.buildOptions())
	return c.built(s, t, err)
}

// buildOptions returns the options c's builds take: c.Workers and
// c.Progress; nil for a nil c.
func (c *Cache) buildOptions() *BuildOptions {
	if c == nil {
		return nil
	}
	return &BuildOptions{Workers: c.Workers, Progress: c.Progress}
}

// derive makes s's table from its source (s.From), whose file the cache
// directory holds: it checks that the way fits in memory, reads and checks
// the source as Load does, announces the build with why and the way's
// estimates, and checks the table against s. An error other than one
// wrapping ErrTooBig leaves the build from scratch to the caller.
func (c *Cache) derive(s Spec, why string) (*Table, error) {
	d := s.From
	if err := c.fits(c.estimate(s)); err != nil {
		return nil, err
	}
	src, err := d.Source.open(c.Path(d.Source))
	if err != nil {
		return nil, err
	}
	c.announce(fmt.Sprintf("%s, from table %s/%s in %s", why, d.Source.Puzzle, d.Source.Pattern, c.where()), d.BuildTime, d.PeakBytes)
	t, err := d.Build(src, c.buildOptions())
	if src = nil; d.Source.Bytes() >= releaseBytes {
		// The source is garbage now: return it to the system before the
		// write compresses the table, which would otherwise grow the heap
		// on top of it (gen, a 6-tile 5 x 5 table from its 181 MB byte
		// table: 368 MB max RSS, 285 MB with this).
		debug.FreeOSMemory()
	}
	return c.built(s, t, err)
}

// announce says why a table is built (Notify) with the build's estimates
// when it is expected to take more than buildNotice, and, before a big
// build (one allocating releaseBytes or more beside what the process
// holds: peakBytes at least processPeak(releaseBytes)), returns the heap's
// garbage to the system.
func (c *Cache) announce(why string, buildTime time.Duration, peakBytes uint64) {
	if buildTime > buildNotice {
		why += fmt.Sprintf(" (expect about %v on an idle 2-core machine, and %s of memory at the peak)", buildTime.Round(time.Second), FormatBytes(peakBytes))
	}
	c.notify("pdbsolve: %s", why)
	if peakBytes >= processPeak(releaseBytes) {
		// The collector lets the heap grow to twice what was live at its
		// last run: without this, a build after another (gen) holds the
		// last one's garbage too, its byte table and planes (gen 24puzzle,
		// eight builds of 291 MiB each: 594 MB max RSS).
		debug.FreeOSMemory()
	}
}

// built ends a build of s's table that returned t and err: it reports the
// last progress and checks t against s.
func (c *Cache) built(s Spec, t *Table, err error) (*Table, error) {
	if c.Progress != nil {
		c.Progress(Progress{Done: true})
	}
	if err != nil {
		return nil, err
	}
	if err := s.check(t, "built table"); err != nil {
		return nil, err
	}
	return t, nil
}

// estimate returns s with the estimates (PeakBytes, BuildTime) of the way
// a build of its table in this cache would take: from its source when the
// cache directory holds a file for it (Spec.From), else from scratch. It
// reads no table: should the source's file not check, the build takes the
// longer way, with its own estimates, and says so.
func (c *Cache) estimate(s Spec) Spec {
	if d := s.From; d != nil && c.Stored(d.Source) {
		s.PeakBytes, s.BuildTime = d.PeakBytes, d.BuildTime
	}
	return s
}

// Estimate returns the estimated time and peak memory of a build of s's
// table in this cache (0 when unknown): s.BuildTime and s.PeakBytes, or,
// when s's table can be made from a source table whose file the cache
// directory holds (Spec.From), that way's. It reads no table and holds no
// lock.
func (c *Cache) Estimate(s Spec) (buildTime time.Duration, peakBytes uint64) {
	e := c.estimate(s)
	return e.BuildTime, e.PeakBytes
}

// fits returns an error wrapping ErrTooBig when building s's table needs
// more memory at its peak than the machine has.
func (c *Cache) fits(s Spec) error {
	if mem := c.memory(); s.PeakBytes > 0 && mem > 0 && s.PeakBytes > mem {
		return fmt.Errorf("building table %s/%s needs about %s of memory at its peak, and this machine has %s: %w",
			s.Puzzle, s.Pattern, FormatBytes(s.PeakBytes), FormatBytes(mem), ErrTooBig)
	}
	return nil
}

// CheckBuild returns an error wrapping ErrTooBig when s's table is not
// stored in the cache directory and building it would need more memory at
// its peak than the machine has (the peak of the way the build would take:
// Spec.From): the check Load makes before a build, made beforehand, without
// taking a lock or writing any file.
func (c *Cache) CheckBuild(s Spec) error {
	if c.Stored(s) {
		return nil
	}
	return c.fits(c.estimate(s))
}

// memory returns the memory a build may use: MemoryBytes, else MemTotal,
// else 0 (unknown).
func (c *Cache) memory() uint64 {
	if c.MemoryBytes != 0 {
		return c.MemoryBytes
	}
	return memTotal()
}

// Check returns an error wrapping ErrMismatch when t is not the table s
// names: another puzzle, pattern, entry count or width or, for a table
// pdbsolve builds, entries whose checksum is not the pinned one (a nil t is
// not s's table either).
func (s Spec) Check(t *Table) error {
	if t == nil {
		return &FormatError{Path: s.FileName(), Offset: noOffset, Err: ErrMismatch, Detail: "no table"}
	}
	return s.check(t, s.FileName())
}

// check reports whether t has the puzzle, pattern, entry count and width s
// expects, and, for a table pdbsolve builds, the known entry checksum.
func (s Spec) check(t *Table, where string) error {
	if t.Puzzle != s.Puzzle || t.Pattern != s.Pattern || t.Entries != s.Entries || t.Width != s.Width {
		return &FormatError{Path: where, Offset: noOffset, Err: ErrMismatch, Detail: fmt.Sprintf(
			"it holds %s/%s with %d entries of %d bits, want %s/%s with %d of %d",
			t.Puzzle, t.Pattern, t.Entries, t.Width, s.Puzzle, s.Pattern, s.Entries, s.Width)}
	}
	if want, ok := knownChecksums[s.ID().String()]; ok && t.Checksum != want {
		return &FormatError{Path: where, Offset: noOffset, Err: ErrMismatch, Detail: fmt.Sprintf(
			"entries of %s/%s have CRC %08x, the known table %08x", s.Puzzle, s.Pattern, t.Checksum, want)}
	}
	return nil
}

// open reads the table file at path and checks it against s: a table of
// another puzzle, pattern, size or width is refused from its header, before
// its entries are decompressed; see ReadFile for the other checks.
func (s Spec) open(path string) (*Table, error) {
	t, err := readFile(path, func(h *Header) error { return s.check(&Table{Header: *h}, "") })
	if err != nil {
		return nil, err
	}
	return t, nil
}
