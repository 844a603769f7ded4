package pdb

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// CacheState says what reading a cached table file found.
type CacheState int

const (
	// CacheOK is a table file whose header, frames, checksums and counts
	// all agree and, for a table pdbsolve builds, whose entries are the
	// known ones.
	CacheOK CacheState = iota
	// CacheDamaged is a table file whose header is readable but whose
	// size, entries, checksum or counts are wrong, or whose entries differ
	// from the known table's; Load rebuilds it.
	CacheDamaged
	// CacheUnreadable is a file whose header cannot be read: not a table,
	// another format version, not a regular file, or not readable at all.
	CacheUnreadable
)

var cacheStateNames = [...]string{CacheOK: "ok", CacheDamaged: "damaged", CacheUnreadable: "unreadable"}

// String returns "ok", "damaged" or "unreadable".
func (s CacheState) String() string {
	if s >= 0 && int(s) < len(cacheStateNames) {
		return cacheStateNames[s]
	}
	return fmt.Sprintf("CacheState(%d)", int(s))
}

// MarshalText spells the state as String does, for JSON.
func (s CacheState) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// CacheEntry describes one table file of a cache directory, as read and
// checked by List.
type CacheEntry struct {
	Name    string     `json:"name"`    // file name within the directory
	Puzzle  string     `json:"puzzle"`  // puzzle id from the header; "" when unreadable
	Pattern string     `json:"pattern"` // pattern id from the header; "" when unreadable
	Entries uint64     `json:"entries"` // entry count from the header
	Width   uint8      `json:"width"`   // bits per entry from the header
	Size    int64      `json:"size"`    // bytes on disk
	State   CacheState `json:"state"`   // what reading the whole file found
	// Pinned reports that pdbsolve knows the entries' checksum for the
	// header's puzzle and pattern (KnownChecksum), whatever the file holds:
	// a damaged pinned table is rebuilt to the known entries.
	Pinned  bool   `json:"pinned"`
	Problem string `json:"problem,omitempty"` // what is wrong, when State is not CacheOK (without the file name)
}

// List reads and checks every table file (every name ending in ".pdb") in
// the cache directory and describes them in name order. A directory that
// does not exist holds no tables.
func (c *Cache) List() ([]CacheEntry, error) {
	c.sweep()
	names, err := c.tableNames()
	if err != nil {
		return nil, err
	}
	list := make([]CacheEntry, len(names))
	for i, name := range names {
		list[i] = c.entry(name)
	}
	return list, nil
}

// ListDamaged returns an error naming the damaged tables of list (List's),
// nil when there are none. Unreadable files (not tables, most likely) are
// not named.
func ListDamaged(list []CacheEntry) error {
	var bad []string
	for _, e := range list {
		if e.State == CacheDamaged {
			bad = append(bad, e.Name)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("damaged %s: %s", map[bool]string{true: "table", false: "tables"}[len(bad) == 1], strings.Join(bad, ", "))
}

// tableNames returns the names of the table files in the directory, sorted.
func (c *Cache) tableNames() ([]string, error) {
	ents, err := os.ReadDir(c.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	var names []string
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), tableExt) {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// entry reads the table file name and describes it.
func (c *Cache) entry(name string) CacheEntry {
	path := filepath.Join(c.Dir, name)
	e := CacheEntry{Name: name}
	if st, err := os.Lstat(path); err == nil {
		e.Size = st.Size()
	}
	t, err := readFile(path, nil)
	var fe *FormatError
	if errors.As(err, &fe) {
		short := *fe
		short.Path = ""
		err = &short
	}
	if t != nil {
		e.Puzzle, e.Pattern, e.Entries, e.Width = t.Puzzle, t.Pattern, t.Entries, t.Width
		_, e.Pinned = KnownChecksum(t.Puzzle, t.Pattern)
	}
	switch {
	case err != nil && t == nil:
		e.State, e.Problem = CacheUnreadable, err.Error()
	case err != nil:
		e.State, e.Problem = CacheDamaged, err.Error()
	case CheckStored(name, t) != nil:
		e.State, e.Problem = CacheDamaged, CheckStored(name, t).Error()
	}
	return e
}

// CheckStored returns why a cache would not take the table t, read whole
// and checked from the file name (a path, whose base counts), for the
// table its name says, nil when it would: the name is another table's
// (CheckFileName), or the entries are not the ones pinned for the tables
// pdbsolve builds (KnownChecksum; the error names both CRCs).
func CheckStored(name string, t *Table) error {
	if err := CheckFileName(name, &t.Header); err != nil {
		return err
	}
	if want, known := KnownChecksum(t.Puzzle, t.Pattern); known && want != t.Checksum {
		return fmt.Errorf("the entries of %s have CRC %08x, not the pinned %08x of the table pdbsolve builds", t.ID(), t.Checksum, want)
	}
	return nil
}

// ErrMisnamed is returned (wrapped) by CheckFileName for a table stored
// under the file name of another table.
var ErrMisnamed = errors.New("the file name is another table's")

// CheckFileName returns an error wrapping ErrMisnamed when the table file
// called name (a path, whose base counts) holds the table h heads but its
// name, PUZZLE-PATTERN.pdb, says another: Load would not take it for the
// table its name says. A name not of that form (no known puzzle before its
// first "-") is no table's name and passes.
func CheckFileName(name string, h *Header) error {
	base := filepath.Base(name)
	want := h.ID().FileName()
	puzzle, _, ok := strings.Cut(base, "-")
	if base == want || !ok || !strings.HasSuffix(base, tableExt) || !knownPuzzle(puzzle) {
		return nil
	}
	return fmt.Errorf("%w: %s holds %s/%s, whose file is %s", ErrMisnamed, base, h.Puzzle, h.Pattern, want)
}

// knownPuzzle reports whether id is the puzzle id of tables pdbsolve
// builds: rotation, 8puzzle, 15puzzle, 24puzzle or tiles<rows>x<cols>.
func knownPuzzle(id string) bool {
	_, _, tiles := TilesShape(id)
	return tiles || id == RotationPuzzle
}

// ErrNoTable is returned (wrapped, joined with the other names' errors) by
// Clean for a name that is not the file name of a table in the cache
// directory: the caller's mistake, where the others are the cache's.
var ErrNoTable = errors.New("no such table in the cache")

// noTableError is an ErrNoTable whose message is the reason alone.
type noTableError string

func (e noTableError) Error() string        { return string(e) }
func (e noTableError) Is(target error) bool { return target == ErrNoTable }

// Clean removes the named table files (names as List gives them, the
// ".pdb" may be left off, or table ids as ParseTableName reads them,
// "puzzle/pattern") from the cache directory, each while holding its
// lock, with its lock file. It returns the names removed; a name that is
// not a table file there, or whose table another process is building, is an
// error and is left in place, and the others are still removed. The error
// of a name that is no table file of the directory wraps ErrNoTable.
func (c *Cache) Clean(names ...string) ([]string, error) {
	c.sweep()
	var removed []string
	var errs []error
	for _, name := range names {
		if id, err := ParseTableName(name); err == nil {
			name = id.FileName()
		} else if !strings.HasSuffix(name, tableExt) {
			name += tableExt
		}
		if name != filepath.Base(name) || strings.ContainsAny(name, `/\`) || name == tableExt {
			errs = append(errs, noTableError(fmt.Sprintf("%q: want a table's id (PUZZLE/PATTERN) or file name in %s, as \"tables list\" shows it", name, c.Dir)))
			continue
		}
		path := filepath.Join(c.Dir, name)
		if _, err := os.Lstat(path); err != nil {
			errs = append(errs, noTableError(fmt.Sprintf("no table %s in %s", name, c.Dir)))
			continue
		}
		if err := c.removeTable(path); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, name)
	}
	return removed, errors.Join(errs...)
}

// CleanAll removes every table file of the cache directory, the temporary
// files of builds that died and the lock files, and returns the names
// removed. Files of tables that another process is building are left in
// place and reported in the error; files that are not the cache's are never
// touched.
func (c *Cache) CleanAll() ([]string, error) {
	c.sweep()
	ents, err := os.ReadDir(c.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cleaning tables: %w", err)
	}
	var removed []string
	var errs []error
	// Temporary files first and lock files last, so that taking a lock
	// does not leave a new lock file behind.
	for pass := range 3 {
		for _, e := range ents {
			name := e.Name()
			path := filepath.Join(c.Dir, name)
			switch {
			case pass == 0 && tempBase(name) != "" && e.Type().IsRegular():
				ok, err := c.removeLocked(filepath.Join(c.Dir, tempBase(name)), name)
				if err != nil || !ok {
					errs = append(errs, fmt.Errorf("%s: left in place: %s is being built", path, tempBase(name)))
					continue
				}
			case pass == 1 && strings.HasSuffix(name, tableExt):
				if err := c.removeTable(path); err != nil {
					errs = append(errs, err)
					continue
				}
			case pass == 2 && strings.HasSuffix(name, tableExt+lockExt) && e.Type().IsRegular():
				// A lock file whose table was not there: removed unless held.
				if _, err := os.Lstat(path); err != nil {
					continue // removed with its table
				}
				if _, err := os.Lstat(strings.TrimSuffix(path, lockExt)); err == nil {
					continue // its table is still there
				}
				if ok, _ := c.removeLocked(strings.TrimSuffix(path, lockExt), name); !ok {
					continue
				}
			default:
				continue
			}
			removed = append(removed, name)
		}
	}
	return removed, errors.Join(errs...)
}

// removeTable removes the table file at path and its lock file while
// holding the lock. The lock file goes too, so that a clean directory is
// empty: a process already waiting on the removed lock file may then build
// at the same time as a later one, and both write the same file atomically.
func (c *Cache) removeTable(path string) error {
	lock, err := c.lock(path)
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	ok, err := lock.TryLock()
	if err != nil {
		return fmt.Errorf("cannot remove %s: %w", path, err)
	}
	if !ok {
		return fmt.Errorf("%s: left in place: another process is building it", path)
	}
	defer lock.Unlock()
	if err := os.Remove(path); err != nil {
		return fmt.Errorf("cannot remove table: %w", err)
	}
	os.Remove(path + lockExt)
	return nil
}
