package cli

import (
	"os"
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
	gen := filepath.Join(t.TempDir(), "r")
	if code, _, errs := run(t, "", "gen", "rotation", "-o", gen); code != 0 {
		t.Fatalf("gen rotation: exit %d: %s", code, errs)
	}
	if code, out, _ := run(t, "", "info", filepath.Join(gen, "rotation-centre8.pdb")); code != 0 || strings.Contains(out, "kind ") {
		t.Errorf("info of the Rotation table centre8: exit %d, a kind:\n%s", code, out)
	}
}

// TestInfoZeroAndMisnamed: info gives a zero-aware table's kind and goal;
// a valid table under another table's file name exits 3 from info and is
// not "ok" in tables list.
func TestInfoZeroAndMisnamed(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	if code, _, errs := run(t, "", "gen", "8puzzle", "--heuristic", "pdb44+zero", "-o", dir); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	zero := filepath.Join(dir, "8puzzle-zero0-1.2.3.4-md-v2.pdb")
	code, out, errs := run(t, "", "info", zero)
	if code != 0 || !strings.Contains(out, "kind      zero-aware pattern database") || !strings.Contains(out, "goal      ") {
		t.Fatalf("info: exit %d: %s\n%s", code, errs, out)
	}
	other := filepath.Join(dir, "8puzzle-blank0-1.2.3.4-md.pdb")
	if err := os.Rename(zero, other); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := run(t, "", "info", other); code != ExitTable || !strings.Contains(errs, "8puzzle-zero0-1.2.3.4-md-v2.pdb") {
		t.Errorf("info of a misnamed table: exit %d, %q", code, errs)
	}
	code, out, _ = run(t, "", "--tables", dir, "tables", "list")
	if line, _, _ := strings.Cut(out[strings.Index(out, filepath.Base(other)):], "\n"); code != ExitTable || !strings.Contains(line, " damaged ") { // listed, then exit 3
		t.Errorf("tables list of a misnamed table: exit %d\n%s", code, out)
	}
}

// TestInfoZeroBitsLabelsTheBits: info on a 1-bit zero-aware table says its
// entries are bit 1 of each cost and labels their histogram as bits, with
// no mean and no "value" column that would read as heuristic values; so
// do the axis and title of --plot.
func TestInfoZeroBitsLabelsTheBits(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	for _, h := range []string{"pdb44+zero+bits", "pdb44+zero"} {
		if code, _, errs := run(t, "", "gen", "8puzzle", "--heuristic", h, "-o", dir); code != 0 {
			t.Fatalf("gen %s: exit %d: %s", h, code, errs)
		}
	}
	svg := filepath.Join(t.TempDir(), "bits.svg")
	code, out, errs := run(t, "", "info", "--plot", svg, filepath.Join(dir, "8puzzle-zero0-1.2.3.4-bit1-v2.pdb"))
	if code != 0 || !strings.Contains(out, "\nbits      bit 1 of each cost h, (h >> 1) & 1, not h") || !strings.Contains(out, "\nbit    ") ||
		strings.Contains(out, "\nvalue ") || strings.Contains(out, "\nmean ") || !strings.Contains(out, "one bit an entry") {
		t.Fatalf("info: exit %d: %s\n%s", code, errs, out)
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "bit 1 of the cost h") || strings.Contains(string(b), "mean") {
		t.Errorf("info --plot of a 1-bit table: %v, no axis naming the bits, or a mean of the bits", err)
	}
	// A byte table keeps its values and mean.
	if code, out, _ := run(t, "", "info", filepath.Join(dir, "8puzzle-zero0-1.2.3.4-md-v2.pdb")); code != 0 || !strings.Contains(out, "\nvalue ") ||
		!strings.Contains(out, "\nmean ") {
		t.Errorf("info of the byte table: exit %d:\n%s", code, out)
	}
}
