package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestInfoTilesKind: info names a sliding-tile table's kind and the goal of
// its construction, and says nothing of the kind for a Rotation table.
func TestInfoTilesKind(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	if code, _, errs := run(t, "", "gen", "8puzzle", "--pdb", "44", "-o", dir); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	code, out, errs := run(t, "", "info", filepath.Join(dir, "8puzzle-blank0-1.2.3.4-md.pdb"))
	if code != 0 {
		t.Fatalf("info: exit %d: %s", code, errs)
	}
	for _, want := range []string{"kind      plain pattern database", "goal      pattern tiles home, blank on its goal cell"} {
		if !strings.Contains(out, want) {
			t.Errorf("info lacks %q:\n%s", want, out)
		}
	}
	if _, _, ok := tilesTableKind("centre8"); ok {
		t.Error("tilesTableKind describes the Rotation table centre8 as a sliding-tile table")
	}
}
