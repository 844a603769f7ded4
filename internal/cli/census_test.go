package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// parseCensusText reads the text output of census rotation.
func parseCensusText(t *testing.T, out string) (counts []uint64, total uint64, max int, atMax uint64) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) < 4 {
		t.Fatalf("short output:\n%s", out)
	}
	for i, l := range lines[:len(lines)-3] {
		var length int
		var n uint64
		if _, err := fmt.Sscanf(l, "%d %d", &length, &n); err != nil || length != i {
			t.Fatalf("line %d %q: want %d COUNT (%v)", i+1, l, i, err)
		}
		counts = append(counts, n)
	}
	tail := lines[len(lines)-3:]
	if _, err := fmt.Sscanf(strings.Join(tail, "\n"), "total %d\nmax %d\nat_max %d", &total, &max, &atMax); err != nil {
		t.Fatalf("summary %q: %v", tail, err)
	}
	return counts, total, max, atMax
}

func TestCensusRotation(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the census takes about 2 s of both cores, twice")
	}
	anti := filepath.Join(t.TempDir(), "antipodes.txt")
	code, out, errs := run(t, "", "census", "rotation", "--antipodes", anti)
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errs)
	}
	counts, total, max, atMax := parseCensusText(t, out)
	var sum uint64
	for _, n := range counts {
		sum += n
	}
	if total != pdb.RotationBoards || sum != total || max != len(counts)-1 || atMax != counts[max] || atMax == 0 {
		t.Fatalf("inconsistent census:\n%s", out)
	}
	if counts[0] != 3*12870 { // a solved centre, the other 16 cells split 8/8
		t.Fatalf("%d solved boards, want %d", counts[0], 3*12870)
	}

	// The antipodes: sorted judge-format boards, as many as the census says,
	// each solved by the exact solver in exactly max moves.
	b, err := os.ReadFile(anti)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if uint64(len(lines)) != atMax || !slices.IsSorted(lines) {
		t.Fatalf("%d antipode lines (sorted %v), want %d", len(lines), slices.IsSorted(lines), atMax)
	}
	for _, l := range lines {
		if _, err := bitboard.ParseRotation([]byte(l)); err != nil || len(l) != 2*bitboard.RotationCells-1 {
			t.Fatalf("antipode %q: %v", l, err)
		}
	}
	code, sol, errs := run(t, "", "solve", "rotation", anti)
	if code != ExitOK {
		t.Fatalf("solve antipodes: exit %d: %s", code, errs)
	}
	sols := strings.Split(strings.TrimSuffix(sol, "\n"), "\n")
	if len(sols) != 2*len(lines) {
		t.Fatalf("%d output lines for %d antipodes", len(sols), len(lines))
	}
	for i := 0; i < len(sols); i += 2 {
		if len(sols[i]) != max {
			t.Fatalf("antipode %q solved in %d moves (%s), want %d", lines[i/2], len(sols[i]), sols[i], max)
		}
	}
	// One antipode through the search that does not use the table.
	code, sol, _ = run(t, lines[0]+"\n", "solve", "rotation", "--heuristic", "count")
	if first := strings.SplitN(sol, "\n", 2)[0]; code != ExitOK || len(first) != max {
		t.Fatalf("count heuristic on %q: exit %d, %q", lines[0], code, sol)
	}

	// The command's JSON holds the same figures (the census itself does not
	// depend on the workers: pdb's tests check that), in the record schema.
	code, js, errs := run(t, "", "-j", "3", "census", "rotation", "--format", "json")
	if code != ExitOK {
		t.Fatalf("census --format json: exit %d: %s", code, errs)
	}
	if kinds, err := recordtest.Check([]byte(js)); err != nil || !slices.Equal(kinds, []string{"census"}) {
		t.Fatalf("census JSON against the schema: %v %v\n%s", kinds, err, js)
	}
	var rec record.Census
	if err := json.Unmarshal([]byte(js), &rec); err != nil || strings.Count(js, "\n") != 1 {
		t.Fatalf("json %q: %v", js, err)
	}
	if !slices.Equal(rec.Counts, counts) || rec.Total != total || rec.Max != max || rec.AtMax != atMax ||
		rec.Puzzle != "rotation" || rec.Workers != 3 || rec.Orbits < 1 {
		t.Fatalf("json %+v differs from text:\n%s", rec, out)
	}
}

func TestCensusRotationErrors(t *testing.T) {
	if code, _, errs := run(t, "", "census", "rotation", "--format", "xml"); code != ExitUsage || !strings.Contains(errs, "xml") {
		t.Fatalf("bad format: exit %d, %q", code, errs)
	}
	if code, _, _ := run(t, "", "census", "rotation", "extra"); code != ExitUsage {
		t.Fatalf("extra argument: exit %d", code)
	}
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "a.txt")
	if code, _, errs := run(t, "", "census", "rotation", "--antipodes", bad); code != ExitIO || !strings.Contains(errs, bad) {
		t.Fatalf("unwritable antipodes file: exit %d, %q", code, errs)
	}
	// A table that cannot be stored in the cache is built, used and warned about.
	dir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(dir, []byte("not a directory"), 0o644)
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"--tables", dir, "solve", "rotation"}, strings.NewReader(readFile(t, "rotation-sample.txt")), &out, &errb)
	if code != 0 || out.String() != readFile(t, "rotation-sample.out") || !strings.Contains(errb.String(), "without caching") {
		t.Fatalf("table directory is a file: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
