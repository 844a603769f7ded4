package report

import (
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFilesMissingFirst: a missing file is reported before any file is
// read, so a bad record read earlier (stdin here) is not the error.
func TestReadFilesMissingFirst(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	c := NewCollector()
	err := c.ReadFiles([]string{"-", missing}, strings.NewReader("not json\n"))
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != missing {
		t.Fatalf("ReadFiles: %v, want the missing file's *fs.PathError", err)
	}
	if err := NewCollector().ReadFiles([]string{"-"}, strings.NewReader("not json\n")); err == nil || errors.As(err, &pe) {
		t.Fatalf("ReadFiles of a bad record: %v, want a record error", err)
	}
}
