package pdb

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// ErrInterrupted is returned when a table write through a Cache starts or
// would be renamed into place after Interrupt was called on that Cache.
var ErrInterrupted = errors.New("table writes were interrupted")

// Interrupt removes the temporary files of the table writes in progress
// through c and makes every later write through c fail with ErrInterrupted
// before it creates a file, or, if its file is already written, before it
// is renamed into place; it returns the names of the files removed. A
// write through a Cache holds its table's lock from before its temporary
// file is created until after the file is renamed or removed (unless the
// file system cannot lock, see Cache), so the files Interrupt removes are
// removed under their tables' locks. Temporary files
// of other processes, and of writes through other Caches, are never
// touched: a process that shares its cache directory with others calls
// Interrupt on its own Caches when a signal ends it. Interrupt may be
// called from any goroutine while writes are in progress; a table already
// renamed into place stays, whole.
func (c *Cache) Interrupt() []string {
	c.tempMu.Lock()
	defer c.tempMu.Unlock()
	c.interrupted = true
	var removed []string
	for name := range c.temps {
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
	}
	clear(c.temps)
	return removed
}

// writeFile writes t to path as WriteFile does, recording its temporary
// file in c for Interrupt. The caller holds the table's lock.
func (c *Cache) writeFile(path string, t *Table) error { return writeAtomic(path, t, c) }

// createTemp creates a temporary file in dir as os.CreateTemp does and, when
// c is not nil, records it in c; after Interrupt it creates nothing.
func (c *Cache) createTemp(dir, pattern string) (*os.File, error) {
	if c == nil {
		return os.CreateTemp(dir, pattern)
	}
	c.tempMu.Lock()
	defer c.tempMu.Unlock()
	if c.interrupted {
		return nil, ErrInterrupted
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, err
	}
	if c.temps == nil {
		c.temps = make(map[string]struct{})
	}
	c.temps[f.Name()] = struct{}{}
	return f, nil
}

// commitTemp renames the complete temporary file tmp to path or, when
// failed is set, removes it; either way it forgets tmp. After Interrupt,
// tmp is removed (if Interrupt has not removed it already) instead of
// renamed.
func (c *Cache) commitTemp(tmp, path string, failed bool) error {
	if c != nil {
		c.tempMu.Lock()
		defer c.tempMu.Unlock()
		delete(c.temps, tmp)
		if c.interrupted {
			os.Remove(tmp)
			return ErrInterrupted
		}
	}
	if failed {
		os.Remove(tmp)
		return nil
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}

// writeAtomic writes t to path atomically: to a temporary file named
// path+".tmp" and a random suffix in the same directory, synced, and then
// renamed into place; the temporary file is removed on failure. With c not
// nil, the temporary file is recorded in c while it exists (see Interrupt),
// and the entries are compressed on c's build workers (Cache.Workers), else
// on all cores.
func writeAtomic(path string, t *Table, c *Cache) error {
	workers, err := c.buildOptions().WorkerCount()
	if err != nil {
		return fmt.Errorf("writing table %s: %w", path, err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("writing table %s: %w", path, err)
	}
	f, err := c.createTemp(dir, filepath.Base(path)+tempInfix+"*")
	if err != nil {
		return fmt.Errorf("writing table %s: %w", path, err)
	}
	tmp := f.Name()
	err = f.Chmod(0o644)
	if err == nil {
		err = writeFrames(f, t, FrameBytes, workers)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if cerr := c.commitTemp(tmp, path, err != nil); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("writing table %s: %w", path, err)
	}
	// Make the rename itself durable; a directory that cannot be synced
	// still holds the complete file.
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
