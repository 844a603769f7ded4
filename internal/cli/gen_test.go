package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// gen builds only the tables that are missing or damaged, says which it
// kept, and rebuilds all of them with --rebuild.
func TestGenBuildsOnlyWhatIsMissing(t *testing.T) {
	dir := t.TempDir()
	gen := func(extra ...string) (int, string) {
		code, _, errs := run(t, "", append([]string{"--tables", dir, "gen", "8puzzle", "--pdb", "44"}, extra...)...)
		return code, errs
	}
	if code, errs := gen(); code != 0 || strings.Count(errs, "pdbsolve: built ") != 2 || strings.Count(errs, "; wrote "+dir) != 2 {
		t.Fatalf("first gen: exit %d: %s", code, errs)
	}
	first := filepath.Join(dir, "8puzzle-blank0-1.2.3.4-md.pdb")
	if code, errs := gen(); code != 0 || strings.Contains(errs, "built") || strings.Count(errs, "checked; kept") != 2 {
		t.Fatalf("second gen: exit %d: %s", code, errs)
	}
	// A damaged table is rebuilt; the other is kept.
	b, _ := os.ReadFile(first)
	b[len(b)-2] ^= 0x40
	os.WriteFile(first, b, 0o644)
	if code, errs := gen(); code != 0 || strings.Count(errs, "pdbsolve: built ") != 1 || !strings.Contains(errs, "rebuilding") ||
		strings.Count(errs, "checked; kept") != 1 {
		t.Fatalf("gen over a damaged table: exit %d: %s", code, errs)
	}
	st, err := os.Stat(first)
	if err != nil {
		t.Fatal(err)
	}
	if code, errs := gen("--rebuild"); code != 0 || strings.Count(errs, "pdbsolve: built ") != 2 {
		t.Fatalf("gen --rebuild: exit %d: %s", code, errs)
	}
	if st2, err := os.Stat(first); err != nil || os.SameFile(st, st2) {
		t.Fatalf("--rebuild did not replace %s: %v", first, err)
	}
	for _, name := range []string{"8puzzle-blank0-1.2.3.4-md.pdb", "8puzzle-blank0-5.6.7.8-md.pdb"} {
		if code, out, errs := run(t, "", "info", filepath.Join(dir, name)); code != 0 || !strings.Contains(out, "OK, the pinned checksum") {
			t.Fatalf("info %s: exit %d, %s %s", name, code, out, errs)
		}
	}
}

// gen writes tables: under --write-tables never it refuses to run instead
// of reporting tables that it did not write.
func TestGenUnderWriteTablesNever(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"gen", "rotation"}, {"gen", "8puzzle"}, {"gen", "15puzzle", "-o", dir}} {
		code, _, errs := run(t, "", append([]string{"--tables", dir, "--write-tables", "never"}, args...)...)
		if code != ExitUsage || !strings.Contains(errs, "--write-tables never") {
			t.Fatalf("%v: exit %d, %q", args, code, errs)
		}
	}
	if names, _ := os.ReadDir(dir); len(names) != 0 {
		t.Fatalf("gen under never touched the directory: %v", names)
	}
}

// gen -o DIR into a directory it cannot write is exit 3 with the path and
// DIR (not "the cache directory", which is not written), and reports no
// table written.
func TestGenIntoAnUnwritablePath(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o644)
	dir := filepath.Join(file, "tables")
	code, _, errs := run(t, "", "gen", "rotation", "-o", dir)
	if code != ExitTable || !strings.Contains(errs, filepath.Join(dir, "rotation-centre8.pdb")) || strings.Contains(errs, "wrote") ||
		!strings.HasSuffix(errs, "kept in "+dir+"\n") || strings.Contains(errs, "cache") {
		t.Fatalf("gen -o below a file: exit %d, %q", code, errs)
	}
}

// info checks what solve checks: a table whose checksums agree with its
// entries, but whose entries are not the pinned ones, is BAD (exit 3); the
// real table is OK with its pinned checksum.
func TestInfoRefusesAForgedTable(t *testing.T) {
	dir := t.TempDir()
	forged, err := pdb.NewTable(pdb.RotationPuzzle, pdb.RotationPattern, pdb.RotationEntries, pdb.RotationWidth,
		make([]byte, pdb.PackedSize(pdb.RotationEntries, pdb.RotationWidth)))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, pdb.RotationSpec().FileName())
	if err := pdb.WriteFile(path, forged); err != nil {
		t.Fatal(err)
	}
	if _, err := pdb.ReadFile(path, "", ""); err != nil {
		t.Fatalf("the forged file is not self-consistent: %v", err)
	}
	code, out, errs := run(t, "", "info", path)
	pinned, _ := pdb.KnownChecksum(pdb.RotationPuzzle, pdb.RotationPattern)
	if code != ExitTable || !strings.Contains(out, "BAD") || !strings.Contains(errs, path) || !strings.Contains(errs, "pinned") {
		t.Fatalf("forged table: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := run(t, "", "gen", "rotation", "-o", dir); code != 0 || !strings.Contains(errs, "rebuilding") {
		t.Fatalf("gen over the forged table: exit %d, %q", code, errs)
	}
	code, out, errs = run(t, "", "info", path)
	if want := "OK, the pinned checksum"; code != 0 || !strings.Contains(out, want) || !strings.Contains(out, fmt.Sprintf("%08x", pinned)) {
		t.Fatalf("rebuilt table: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestGenUnknownPDBNamesTheFlag: a --pdb value that is no preset is a usage
// error that names the flag, the value given and the board's presets,
// before any table work.
func TestGenUnknownPDBNamesTheFlag(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := run(t, "", "--tables", dir, "gen", "15puzzle", "--pdb", "77")
	if code != ExitUsage || !strings.Contains(errs, "--pdb 77: ") || !strings.Contains(errs, "(have 555, 663, 78 or 771)") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("the cache holds %d files", len(entries))
	}
}

// gen's note on a built table gives the mean of a byte table's entries,
// and none for a 1-bit table, whose entries are bits of costs.
func TestGenMeanOnlyOfValues(t *testing.T) {
	dir := t.TempDir()
	code, _, errs := run(t, "", "--tables", dir, "gen", "8puzzle", "--heuristic", "pdb:1-4/5-8+zero+bits")
	if code != 0 || strings.Count(errs, "pdbsolve: built 8puzzle/zero0-") != 2 || strings.Contains(errs, "mean") {
		t.Fatalf("1-bit tables: exit %d: %s", code, errs)
	}
	code, _, errs = run(t, "", "--tables", dir, "gen", "8puzzle", "--heuristic", "pdb:1-4/5-8+zero")
	if code != 0 || strings.Count(errs, "; mean ") != 2 || strings.Count(errs, " of the stored values, (h - ") != 2 {
		t.Fatalf("byte tables: exit %d: %s", code, errs)
	}
}

// -j reaches every cache a command builds through (that a pdb.Cache builds
// on its Workers is pdb's test, TestCacheWorkers): gen's, -o's, and
// first-use builds'; without -j they build on all cores (0), bench's too,
// whose solves take one worker.
func TestGenWorkers(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{"gen", "8puzzle", "--pdb", "44", "-j", "3"}, 3},
		{[]string{"gen", "8puzzle", "--pdb", "44", "-o", t.TempDir(), "-j", "1"}, 1},
		{[]string{"gen", "8puzzle", "--pdb", "44"}, 0},
		{[]string{"solve", "8puzzle", "--heuristic", "pdb:1,2,3/4,5,6/7,8", "-j", "2", "-"}, 2},
		{[]string{"bench", "8puzzle", "--heuristic", "pdb:1,2,3,4/5,6,7,8", "-"}, 0},
		{[]string{"bench", "8puzzle", "--heuristic", "pdb:1,2/3,4/5,6/7,8", "-j", "1", "-"}, 1},
	} {
		var errb strings.Builder
		root, g := newRoot(context.Background(), strings.NewReader("4 3 1 5 2 8 6 7 0\n"), io.Discard, &errb)
		if code := execute(root, g, append([]string{"--tables", dir}, c.args...)); code != ExitOK || len(g.caches) == 0 {
			t.Fatalf("%v: exit %d, %d caches: %s", c.args, code, len(g.caches), errb.String())
		}
		for _, cache := range g.caches {
			if cache.Workers != c.want {
				t.Fatalf("%v: a cache builds on %d workers, want %d", c.args, cache.Workers, c.want)
			}
		}
	}
}
