package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// tablesTestDir returns a cache directory holding one good table
// (test-good.pdb, 1000 entries of 4 bits) and one file that is not a table.
func tablesTestDir(t *testing.T) string {
	dir := t.TempDir()
	tab, err := pdb.NewTable("test", "good", 1000, 4, make([]byte, 500))
	if err != nil {
		t.Fatal(err)
	}
	if err := pdb.WriteFile(filepath.Join(dir, "test-good.pdb"), tab); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "junk.pdb"), []byte("junk"), 0o644)
	os.WriteFile(filepath.Join(dir, "README"), []byte("not the cache's"), 0o644)
	return dir
}

func tablesTestOptions(dir string) (*tablesOptions, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &tablesOptions{g: &globalOptions{Tables: dir, Stdout: &out, Stderr: &errb}, Format: formatText}, &out, &errb
}

func TestTablesListAndPath(t *testing.T) {
	dir := tablesTestDir(t)
	o, out, _ := tablesTestOptions(dir)
	if err := runTablesPath(o); err != nil || out.String() != dir+"\n" {
		t.Fatalf("tables path: %v, %q", err, out)
	}
	out.Reset()
	if err := runTablesList(o); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	good, _ := os.Stat(filepath.Join(dir, "test-good.pdb"))
	want := [][]string{
		{"NAME", "PUZZLE", "PATTERN", "ENTRIES", "BITS", "SIZE", "STATE", "PINNED"},
		{"junk.pdb", "-", "-", "0", "0", "4", "unreadable", "no"},
		{"test-good.pdb", "test", "good", "1000", "4", strconv.FormatInt(good.Size(), 10), "ok", "no"},
	}
	for i, w := range want {
		if got := strings.Fields(lines[i]); !slices.Equal(got, w) {
			t.Fatalf("line %d: %q, want %q\n%s", i, got, w, out)
		}
		if i > 0 && strings.Index(lines[i], w[6]) != strings.Index(lines[0], "STATE") {
			t.Fatalf("line %d is not aligned with the header:\n%s", i, out)
		}
	}
	if !strings.HasPrefix(lines[4], "junk.pdb: offset 0: not a table file (bad magic)") {
		t.Fatalf("no reason for the unreadable file:\n%s", out)
	}

	out.Reset()
	o.Format = formatJSON
	if err := runTablesList(o); err != nil {
		t.Fatal(err)
	}
	var list []map[string]any
	if err := json.Unmarshal(out.Bytes(), &list); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(list) != 2 || list[1]["name"] != "test-good.pdb" || list[1]["state"] != "ok" || list[1]["entries"] != 1000.0 ||
		list[1]["pinned"] != false || list[0]["state"] != "unreadable" {
		t.Fatalf("json list: %v", list)
	}
	if code, _, errs := run(t, "", "tables", "list", "--format", "yaml"); code != ExitUsage || !strings.Contains(errs, "want text or json") {
		t.Fatalf("--format yaml: exit %d, %q", code, errs)
	}

	o, out, _ = tablesTestOptions(filepath.Join(dir, "missing"))
	if err := runTablesList(o); err != nil || !strings.HasPrefix(out.String(), "no tables in ") {
		t.Fatalf("empty cache: %v, %q", err, out)
	}
}

// exitCode returns the exit status err carries.
func exitCode(err error) int {
	if err == nil {
		return ExitOK
	}
	if ee, ok := err.(*exitError); ok {
		return ee.code
	}
	return -1
}

func TestTablesClean(t *testing.T) {
	dir := tablesTestDir(t)
	o, out, _ := tablesTestOptions(dir)
	if err := runTablesClean(o); exitCode(err) != ExitUsage {
		t.Fatalf("clean with no names: %v", err)
	}
	o.Names, o.All = []string{"junk.pdb"}, true
	if err := runTablesClean(o); exitCode(err) != ExitUsage {
		t.Fatalf("clean with names and --all: %v", err)
	}
	o.Names, o.All = []string{"test-good", "nothing.pdb"}, false
	if err := runTablesClean(o); exitCode(err) != ExitUsage || !strings.Contains(err.Error(), "no table nothing.pdb") {
		t.Fatalf("clean of a missing table: %v", err)
	}
	if out.String() != "removed test-good.pdb\n" {
		t.Fatalf("stdout %q", out)
	}
	os.WriteFile(filepath.Join(dir, "test-dead.pdb.tmp1234"), []byte("partial"), 0o644)
	out.Reset()
	o.Names, o.All = nil, true
	if err := runTablesClean(o); err != nil {
		t.Fatal(err)
	}
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != "README" {
		t.Fatalf("after clean --all: %v (stdout %q)", ents, out)
	}
}

func TestWriteTablesFlag(t *testing.T) {
	code, _, errs := run(t, "", "--write-tables", "sometimes", "tables", "path")
	if code != ExitUsage || !strings.Contains(errs, "auto or never") {
		t.Fatalf("bad --write-tables: exit %d, %q", code, errs)
	}
	dir := filepath.Join(t.TempDir(), "tables")
	var out, errb bytes.Buffer
	code = Run(context.Background(), []string{"--tables", dir, "--write-tables", "never", "solve", "8puzzle", "--goal", "blank-last", "--format", "aoj"},
		strings.NewReader("1 3 0\n4 2 5\n7 8 6\n"), &out, &errb)
	if code != ExitOK || out.String() != "4\n" || !strings.Contains(errb.String(), "write policy never") {
		t.Fatalf("never: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("--write-tables never created %s: %v", dir, err)
	}
}

// TestTablesCleanByID checks that tables clean takes a table's id
// (PUZZLE/PATTERN, as messages and score print it) beside its file name.
func TestTablesCleanByID(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"--tables", dir, "gen", "8puzzle", "--heuristic", "pdb44"},
		strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	code := Run(context.Background(), []string{"--tables", dir, "tables", "clean", "8puzzle/blank0-1.2.3.4-md", "8puzzle-blank0-5.6.7.8-md.pdb"},
		strings.NewReader(""), &out, &errb)
	if code != 0 || out.String() != "removed 8puzzle-blank0-1.2.3.4-md.pdb\nremoved 8puzzle-blank0-5.6.7.8-md.pdb\n" {
		t.Fatalf("clean by id and by file name: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Fatalf("after clean the cache holds %q", names)
	}
}
