package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// tilesTestTables is the table directory of the tiles CLI tests: one under
// the system temp dir that persists between runs, shared with the search
// tests (tables are checked on load and rebuilt if damaged).
func tilesTestTables() string {
	if d := os.Getenv("PDBSOLVE_TABLES"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "pdbsolve-test-tables")
}

func runTiles(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	args = append([]string{"--tables", tilesTestTables()}, args...)
	code = Run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestSolveTilesAOJSamples(t *testing.T) {
	out, errs, code := runTiles(t, "1 3 0\n4 2 5\n7 8 6\n", "solve", "8puzzle", "--goal", "blank-last", "--format", "aoj")
	if out != "4\n" || code != ExitOK {
		t.Fatalf("8puzzle: %q, %q, exit %d", out, errs, code)
	}
	out, errs, code = runTiles(t, "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n", "solve", "15puzzle", "--goal", "blank-last", "--format", "aoj")
	if out != "8\n" || code != ExitOK {
		t.Fatalf("15puzzle: %q, %q, exit %d", out, errs, code)
	}
}

const tilesMixed = `# mixed records
1 3 0 4 2 5 7 8 6

1 2 3
4 5 6
7 0 8
1 2 3 4 5 6 8 7 0
1 2 3 4 5 6 7 8
1 2 3 4 5 6 7 0 8
1 2 3 4 5 6 7 7 0
9 1 2 3 4 5 6 7 8
1 2 3 4 5 6 7 8 0 1
`

func TestSolveTilesBadRecords(t *testing.T) {
	out, errs, code := runTiles(t, tilesMixed, "solve", "8puzzle", "--goal", "blank-last", "--format", "text")
	if out != "4 LDRD\n1 R\n1 R\n" || code != ExitBadInput {
		t.Fatalf("stdout %q, exit %d", out, code)
	}
	want := []string{"stdin:7: ", "unsolvable", "stdin:8: ", "wrong number of tiles: got 8", "stdin:10: ", "duplicate tile",
		"stdin:11: ", "out of range", "stdin:12: ", "got 10"}
	at := 0
	for _, w := range want {
		i := strings.Index(errs[at:], w)
		if i < 0 {
			t.Fatalf("stderr lacks %q in order:\n%s", w, errs)
		}
		at += i
	}
	out, _, _ = runTiles(t, tilesMixed, "solve", "8puzzle", "--goal", "blank-last", "--format", "json", "-j", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d JSON lines, want 8:\n%s", len(lines), out)
	}
	wantLines := []int{2, 4, 7, 8, 9, 10, 11, 12}
	for i, l := range lines {
		var rec struct {
			Line   int    `json:"line"`
			Length *int   `json:"length"`
			Error  string `json:"error"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if rec.Line != wantLines[i] || (rec.Length == nil) == (rec.Error == "") {
			t.Fatalf("record %d: %q", i, l)
		}
	}
}

func TestSolveTilesWorkersKeepOrder(t *testing.T) {
	in, _, code := runTiles(t, "", "random", "8puzzle", "-n", "300", "--seed", "7")
	if code != ExitOK || strings.Count(in, "\n") != 300 {
		t.Fatalf("random: exit %d, %d lines", code, strings.Count(in, "\n"))
	}
	again, _, _ := runTiles(t, "", "random", "8puzzle", "-n", "300", "--seed", "7")
	if again != in {
		t.Fatal("same seed, different boards")
	}
	one, _, _ := runTiles(t, in, "solve", "8puzzle", "-j", "1")
	two, _, _ := runTiles(t, in, "solve", "8puzzle", "-j", "2")
	lc, _, _ := runTiles(t, in, "solve", "8puzzle", "-j", "2", "--heuristic", "linear-conflict")
	if one != two || one != lc || strings.Count(one, "\n") != 300 {
		t.Fatal("outputs differ between -j 1, -j 2 and heuristics")
	}
	boards := strings.Split(strings.TrimSpace(in), "\n")
	for i, l := range strings.Split(strings.TrimSpace(one), "\n") {
		b, _ := bitboard.ParseTilesText(boards[i], 3)
		f := strings.Fields(l)
		moves := ""
		if len(f) > 1 {
			moves = f[1]
		}
		end, err := b.Apply(moves)
		if err != nil || !end.IsGoal(bitboard.BlankFirst) || f[0] != itoa(len(moves)) {
			t.Fatalf("board %d %q: answer %q", i, boards[i], l)
		}
	}
	walk, _, _ := runTiles(t, "", "random", "15puzzle", "-n", "3", "--walk", "0", "--goal", "blank-last")
	if walk != strings.Repeat("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n", 3) {
		t.Fatalf("walk 0: %q", walk)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestSolveTilesUsageAndLimits(t *testing.T) {
	if _, errs, code := runTiles(t, "", "solve", "15puzzle", "--heuristic", "pdb99"); code != ExitUsage || !strings.Contains(errs, "pdb99") {
		t.Fatalf("bad heuristic: exit %d, %q", code, errs)
	}
	if _, _, code := runTiles(t, "", "solve", "15puzzle", "--goal", "blank-middle"); code != ExitUsage {
		t.Fatalf("bad goal: exit %d", code)
	}
	korf1 := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
	out, errs, code := runTiles(t, korf1, "solve", "15puzzle", "--heuristic", "manhattan", "--max-nodes", "10000")
	if code != ExitLimit || out != "" || !strings.Contains(errs, "stdin:1: ") || !strings.Contains(errs, "limit") {
		t.Fatalf("limit: %q %q exit %d", out, errs, code)
	}
}

func TestTilesScan(t *testing.T) {
	type rec struct {
		line   int
		fields int
	}
	for _, c := range []struct {
		in   string
		size int
		want []rec
		cut  int // cut when not at EOF
	}{
		{"1 2 3\n4 5 6\n7 8 0\n", 9, []rec{{1, 9}}, 18},
		{"# c\n\n1 2 3 4 5 6 7 8 0\n1 2", 9, []rec{{3, 9}, {4, 2}}, 23},
		{"1 2 3\n1 2 3 4 5 6 7 8 0\n", 9, []rec{{1, 3}, {2, 9}}, 24},
		{"1 2 3 4 5 6 7 8 0 5\n\n", 9, []rec{{1, 10}}, 21},
		{"1 2 3\n\n4 5 6\n# x\n7 8 0", 9, []rec{{1, 9}}, 0},
	} {
		var got []rec
		n := tilesScan([]byte(c.in), 1, c.size, true, func(line int, fields []string) { got = append(got, rec{line, len(fields)}) })
		if n != len(c.in) || len(got) != len(c.want) {
			t.Fatalf("%q: records %v, want %v", c.in, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("%q: records %v, want %v", c.in, got, c.want)
			}
		}
		if cut := tilesScan([]byte(c.in), 1, c.size, false, nil); cut != c.cut {
			t.Fatalf("%q: cut at %d, want %d", c.in, cut, c.cut)
		}
	}
}

func TestGenTiles(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := Run([]string{"--tables", dir, "gen", "8puzzle"}, strings.NewReader(""), &out, &errb)
	if code != ExitOK || !strings.Contains(errb.String(), "8puzzle/exact") {
		t.Fatalf("gen: exit %d, %q", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "8puzzle-exact.pdb")); err != nil {
		t.Fatal(err)
	}
	if code := Run([]string{"--tables", dir, "gen", "15puzzle", "--pdb", "99"}, strings.NewReader(""), &out, &errb); code != ExitUsage {
		t.Fatalf("gen --pdb 99: exit %d", code)
	}
}
