package pdb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
		return "", fmt.Errorf("pdb: no table directory: set %s or --tables (%v)", EnvTables, err)
	}
	return filepath.Join(c, "pdbsolve"), nil
}

// Spec names a table and says how to build it.
type Spec struct {
	Puzzle  string // puzzle id stored in the header
	Pattern string // pattern id stored in the header
	Entries uint64 // expected entry count
	Width   uint8  // expected entry width
	// Build computes the table from scratch; progress may be nil.
	Build func(progress func(Progress)) (*Table, error)
}

// FileName is the name of the spec's file inside a cache directory.
func (s Spec) FileName() string { return s.Puzzle + "-" + s.Pattern + ".pdb" }

// Progress reports how far a breadth-first table build has got.
type Progress struct {
	Depth   int     // depth being expanded
	States  uint64  // states reached so far
	Total   uint64  // states in the whole space
	Elapsed float64 // seconds since the build started
	Done    bool    // set on the last report of a build
}

// Cache loads tables from a directory, building and storing the ones that are
// missing or damaged.
type Cache struct {
	Dir string
	// Notify, if set, receives one line for each table that is built or
	// rebuilt, and why. The library itself never prints.
	Notify func(msg string)
	// Progress, if set, is passed to builds.
	Progress func(Progress)
}

func (c *Cache) notify(format string, args ...any) {
	if c.Notify != nil {
		c.Notify(fmt.Sprintf(format, args...))
	}
}

// Load returns the table that s names: read from the cache directory and
// checked, or built and written there when it is missing or unreadable.
func (c *Cache) Load(s Spec) (*Table, error) {
	path := filepath.Join(c.Dir, s.FileName())
	t, err := s.Open(path)
	if err == nil {
		return t, nil
	}
	if errors.Is(err, fs.ErrNotExist) {
		c.notify("pdbsolve: table %s/%s not in cache; building %s", s.Puzzle, s.Pattern, path)
	} else {
		c.notify("pdbsolve: %v; rebuilding", err)
	}
	t, err = s.Build(c.Progress)
	if c.Progress != nil {
		c.Progress(Progress{Done: true})
	}
	if err != nil {
		return nil, err
	}
	if err := s.check(t, "built table"); err != nil {
		return nil, err
	}
	if err := WriteFile(path, t); err != nil {
		// The table is good; only the cache is not. Use it and say so.
		c.notify("pdbsolve: cannot cache the table (%v); using it without caching", err)
	}
	return t, nil
}

// Check reports whether t has the puzzle, pattern, entry count and width s expects.
func (s Spec) check(t *Table, where string) error {
	if t.Puzzle != s.Puzzle || t.Pattern != s.Pattern || t.Entries != s.Entries || t.Width != s.Width {
		return &FormatError{Path: where, Err: ErrMismatch, Detail: fmt.Sprintf(
			"file holds %s/%s with %d entries of %d bits, want %s/%s with %d of %d",
			t.Puzzle, t.Pattern, t.Entries, t.Width, s.Puzzle, s.Pattern, s.Entries, s.Width)}
	}
	if want, ok := knownChecksums[s.Puzzle+"/"+s.Pattern]; ok && t.Checksum != want {
		return &FormatError{Path: where, Err: ErrMismatch, Detail: fmt.Sprintf(
			"entries of %s/%s have CRC %08x, the known table %08x", s.Puzzle, s.Pattern, t.Checksum, want)}
	}
	return nil
}

// Open reads the table file at path and checks it against s: a table of
// another puzzle, pattern, size or width is refused from its header, before
// its entries are decompressed.
func (s Spec) Open(path string) (*Table, error) {
	return readFile(path, func(h *Header) error { return s.check(&Table{Header: *h}, "") })
}
