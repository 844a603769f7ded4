package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// joined returns s with its runs of white space, line breaks included, as
// one space: wrapped help read as one line.
func joined(s string) string { return strings.Join(strings.Fields(s), " ") }

// --walk shows no default: without it the boards are uniform, with
// --walk 0 they are the goal itself.
func TestRandomWalkHelpShowsNoSentinel(t *testing.T) {
	code, out, _ := run(t, "", "random", "15puzzle", "--help")
	if code != ExitOK || strings.Contains(flagHelp(out, "walk"), "default") || !strings.Contains(flagHelp(out, "walk"), "random moves") {
		t.Fatalf("exit %d, --walk entry %q", code, flagHelp(out, "walk"))
	}
	code, out, _ = run(t, "", "random", "8puzzle", "-n", "3", "--walk", "0")
	if code != ExitOK || out != strings.Repeat("0 1 2 3 4 5 6 7 8\n", 3) {
		t.Fatalf("--walk 0: exit %d, %q; want the goal three times", code, out)
	}
	code, out, _ = run(t, "", "random", "8puzzle", "-n", "3")
	if code != ExitOK || strings.Count(out, "\n") != 3 || strings.Contains(out, "0 1 2 3 4 5 6 7 8\n") {
		t.Fatalf("uniform boards: exit %d, %q", code, out)
	}
}

// Each puzzle's gen help lists its board's presets for --pdb (docs/puzzles.md:
// exact and 44 on 3x3; 555, 663, 78 and 771 on 4x4; 6666 on 5x5); tiles,
// every one with its board. Another board's preset is a usage error.
func TestGenHelpListsTheBoardsPresets(t *testing.T) {
	for _, c := range []struct{ puzzle, list string }{
		{"8puzzle", "exact or 44"}, {"15puzzle", "555, 663, 78 or 771"}, {"24puzzle", "6666"},
		{"tiles", "exact (3x3), 44 (3x3), 555 (4x4), 663 (4x4), 78 (4x4), 771 (4x4), 6666 (5x5)"},
	} {
		code, out, _ := run(t, "", "gen", c.puzzle, "--help")
		if code != ExitOK || flagHelp(out, "pdb") != "string build this preset partition or table instead: "+c.list ||
			!strings.Contains(joined(out), "a preset or table by its short name: "+c.list+".") {
			t.Errorf("gen %s: exit %d, --pdb %q, help:\n%s", c.puzzle, code, flagHelp(out, "pdb"), out)
		}
	}
	code, out, errs := run(t, "", "gen", "15puzzle", "--pdb", "44", "-o", t.TempDir())
	if code != ExitUsage || out != "" || !strings.Contains(errs, "--pdb 44") || !strings.Contains(errs, "4x4 board (have 555, 663, 78 or 771)") {
		t.Fatalf("gen 15puzzle --pdb 44: exit %d, %q", code, errs)
	}
	code, _, errs = run(t, "", "gen", "tiles", "--size", "3x4", "--pdb", "555", "-o", t.TempDir())
	if code != ExitUsage || !strings.Contains(errs, "3x4 board, which has no preset") {
		t.Fatalf("gen tiles --size 3x4 --pdb 555: exit %d, %q", code, errs)
	}
}

// solve's help describes +bits beside +zero and +reflect.
func TestSolveHelpDescribesBits(t *testing.T) {
	code, out, _ := run(t, "", "solve", "15puzzle", "--help")
	want := "+bits (only with +zero) uses 1-bit zero-aware tables (the same answers and nodes, an eighth of the memory)."
	if code != ExitOK || !strings.Contains(joined(out), want) {
		t.Fatalf("exit %d, help lacks %q:\n%s", code, want, out)
	}
}

// Without a known mean optimal length, score's error suggests --depth as
// the mean Manhattan distance rounded up: 18.5 on 2x5 (the per-axis mean
// distances summed over the 9 tiles), so 19; 3x4: 139/6, so 24.
func TestScoreDepthHintFromTheBoard(t *testing.T) {
	for _, c := range []struct{ size, want string }{{"2x5", "--depth 19 (the mean Manhattan distance, 18.5,"}, {"3x4", "--depth 24 (the mean Manhattan distance, 23.2,"}} {
		code, out, errs := run(t, "", "score", "tiles", "--size", c.size, "--heuristic", "manhattan", "-n", "1000")
		if code != ExitUsage || out != "" || !strings.Contains(errs, c.want) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.size, code, out, errs, c.want)
		}
	}
}

// tables list prints the whole list, then exits 3 naming the damaged
// tables; an unreadable file (not a table) alone leaves it 0.
func TestTablesListExitsThreeOnDamage(t *testing.T) {
	dir := tablesTestDir(t) // a good table and junk.pdb, unreadable
	if code, _, errs := run(t, "", "--tables", dir, "tables", "list"); code != ExitOK {
		t.Fatalf("no damaged table: exit %d, %q", code, errs)
	}
	good, err := os.ReadFile(filepath.Join(dir, "test-good.pdb"))
	if err != nil {
		t.Fatal(err)
	}
	good[len(good)-1] ^= 1
	os.WriteFile(filepath.Join(dir, "test-bad.pdb"), good, 0o644)
	for _, format := range []string{"text", "json"} {
		code, out, errs := run(t, "", "--tables", dir, "tables", "list", "--format", format)
		if code != ExitTable || !strings.Contains(out, "test-good.pdb") || !strings.Contains(out, "damaged") ||
			!strings.Contains(errs, "damaged table: test-bad.pdb") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want the list and exit 3", format, code, out, errs)
		}
	}
	if _, err := pdb.ReadFile(filepath.Join(dir, "test-bad.pdb"), "", ""); err == nil {
		t.Fatal("the flipped byte left the table readable as good")
	}
}

// Standard input named twice is a usage error, before anything is read;
// once, it is read.
func TestValidateStdinNamedTwice(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "8puzzle", "--heuristic", "manhattan", "-", "-"},
		{"solve", "8puzzle", "--heuristic", "manhattan", "-", "other", "-"},
		{"bench", "8puzzle", "--heuristic", "manhattan", "-", "-"},
		{"solve", "rotation", "-", "-"},
	} {
		code, out, errs := run(t, "1 0 2 3 4 5 6 7 8\n", args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, `standard input ("-") named twice`) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, out, errs := run(t, "1 0 2 3 4 5 6 7 8\n", "solve", "8puzzle", "--heuristic", "manhattan", "-"); code != ExitOK || !strings.HasPrefix(out, "1 ") {
		t.Fatalf("stdin once: exit %d, %q, %q", code, out, errs)
	}
}

// A UTF-8 byte order mark starting an input is skipped: boards (a file
// and standard input), answers read back by verify (text and JSON) and an
// output resumed.
func TestValidateInputsWithBOM(t *testing.T) {
	const bom, board = "\ufeff", "1 0 2 3 4 5 6 7 8\n" // one move from the goal
	dir := t.TempDir()
	boards := filepath.Join(dir, "boards.txt")
	os.WriteFile(boards, []byte(bom+board), 0o644)
	for _, in := range [][]string{{"", boards}, {bom + board, "-"}} {
		code, out, errs := run(t, in[0], "solve", "8puzzle", "--heuristic", "manhattan", in[1])
		if code != ExitOK || !strings.HasPrefix(out, "1 ") {
			t.Fatalf("solve %s: exit %d, %q, %q", in[1], code, out, errs)
		}
		os.WriteFile(filepath.Join(dir, "answers.txt"), []byte(bom+out), 0o644)
	}
	if code, out, errs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", filepath.Join(dir, "answers.txt")); code != ExitOK {
		t.Fatalf("verify text answers: exit %d, %q, %q", code, out, errs)
	}
	output := filepath.Join(dir, "out.json")
	if code, _, errs := run(t, "", "solve", "8puzzle", "--heuristic", "manhattan", boards, "-o", output); code != ExitOK {
		t.Fatalf("solve -o: exit %d, %q", code, errs)
	}
	b, _ := os.ReadFile(output)
	os.WriteFile(output, append([]byte(bom), b...), 0o644)
	if code, out, errs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", output); code != ExitOK {
		t.Fatalf("verify JSON answers: exit %d, %q, %q", code, out, errs)
	}
	if code, _, errs := run(t, "", "solve", "8puzzle", "--heuristic", "manhattan", boards, "-o", output, "--resume"); code != ExitOK {
		t.Fatalf("--resume: exit %d, %q", code, errs)
	}
	if after, _ := os.ReadFile(output); !strings.HasPrefix(string(after), bom+string(b)) || strings.Count(string(after), `"status":"solved"`) != 1 {
		t.Fatalf("--resume of a finished run solved the board again, or rewrote the runs:\n%s", after)
	}
}
