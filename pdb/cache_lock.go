package pdb

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/gofrs/flock"
)

// lockExt ends the name of a table's lock file: the table's file name and
// this suffix.
const lockExt = ".lock"

// lock returns the lock of the table file at path, creating the cache
// directory and the lock file; an error says the cache cannot be written.
func (c *Cache) lock(path string) (*flock.Flock, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	name := path + lockExt
	f, err := os.OpenFile(name, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	f.Close()
	return flock.New(name, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o644)), nil
}

// tryLock takes a lock without waiting; a variable so that tests can make
// it fail as flock(2) fails on a file system without locks.
var tryLock = (*flock.Flock).TryLock

// acquire takes lock, the lock of s's file. When another process holds it,
// acquire says so through Notify and waits; waited reports that it did.
// When the file system cannot lock at all (flock(2) fails, as on NFS
// without a lock manager or Lustre mounted without flock), acquire says so
// and goes on without the lock: another process may then build and write
// the same table at the same time, each file renamed into place whole.
func (c *Cache) acquire(lock *flock.Flock, s Spec) (waited bool, err error) {
	ok, err := tryLock(lock)
	if err != nil {
		c.notify("pdbsolve: cannot lock %s (%v); writing table %s without the lock (another process may build and write it too)",
			lock.Path(), err, s.ID())
		return false, nil
	}
	if ok {
		return false, nil
	}
	c.notify("pdbsolve: waiting for another process to finish building table %s (%s is locked)",
		s.ID(), lock.Path())
	return true, lock.Lock()
}

// tempBase returns the name of the table file whose temporary file is
// name, or "" when name is not a temporary table file.
func tempBase(name string) string {
	i := strings.Index(name, tableExt+tempInfix)
	if i <= 0 {
		return ""
	}
	return name[:i+len(tableExt)]
}

// sweep removes the temporary files that builds which died while writing
// left in the directory; Load, Rebuild, List and the cleaners call it first
// (a directory read, and a lock per temporary file found). A temporary file
// is removed only while its table's lock is free, so a live build's file is
// left alone. Under WriteNever nothing is touched.
func (c *Cache) sweep() {
	if c.Policy == WriteNever {
		return
	}
	ents, err := os.ReadDir(c.Dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		base := tempBase(e.Name())
		if base == "" || !e.Type().IsRegular() {
			continue
		}
		if removed, _ := c.removeLocked(filepath.Join(c.Dir, base), e.Name()); removed {
			c.notify("pdbsolve: removed %s, left by a table build that did not finish",
				filepath.Join(c.Dir, e.Name()))
		}
	}
}

// removeLocked removes the file name of the cache directory while holding
// the lock of the table file at table; removed is false and err nil when
// another process holds the lock.
func (c *Cache) removeLocked(table, name string) (removed bool, err error) {
	l := flock.New(table+lockExt, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o644))
	ok, err := tryLock(l)
	if err != nil || !ok {
		return false, err
	}
	defer l.Unlock()
	if err := os.Remove(filepath.Join(c.Dir, name)); err != nil {
		return false, err
	}
	return true, nil
}
