package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"github.com/pdbsolve/pdbsolve/pdb"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// tablesDir is one table cache for the whole test binary, so each table is
// built once.
var tablesDir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "pdbsolve-cli-test")
	if err != nil {
		panic(err)
	}
	tablesDir = dir
	os.Setenv(pdb.EnvTables, dir) // no code path the tests reach falls back on the user's cache
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// run runs pdbsolve in-process and returns its exit status and output.
func run(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	args = append([]string{"--tables", tablesDir}, args...)
	code := Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// flagHelp returns the entry of flag --name in the help text out, its
// wrapped lines joined: up to the next flag or the list's end.
func flagHelp(out, name string) string {
	_, entry, _ := strings.Cut(out, "  --"+name+" ")
	lines := strings.Split(entry, "\n")
	end := 1 + slices.IndexFunc(lines[1:], func(l string) bool {
		l = strings.TrimSpace(l)
		return l == "" || strings.HasPrefix(l, "-")
	})
	return strings.Join(strings.Fields(strings.Join(lines[:end], " ")), " ")
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSolveRotationJudgeSample(t *testing.T) {
	want := readFile(t, "rotation-sample.out")
	for _, h := range []string{"exact", "count"} {
		code, out, errs := run(t, "", "solve", "rotation", "--heuristic", h, filepath.Join("testdata", "rotation-sample.txt"))
		if code != 0 || out != want {
			t.Fatalf("%s: exit %d, stdout %q, stderr %q; want %q", h, code, out, errs, want)
		}
		code, out, _ = run(t, readFile(t, "rotation-sample.txt"), "solve", "rotation", "--heuristic", h)
		if code != 0 || out != want {
			t.Fatalf("%s from stdin: exit %d, stdout %q", h, code, out)
		}
	}
}

func TestSolveRotationBadLines(t *testing.T) {
	in := filepath.Join("testdata", "rotation-bad.txt")
	code, out, errs := run(t, "", "solve", "rotation", in)
	if code != ExitBadInput {
		t.Fatalf("exit %d, want %d", code, ExitBadInput)
	}
	// Lines 1 and 6 are good; the 0 on line 7 ends the input.
	if out != "AC\n2\nDDHH\n2\n" {
		t.Fatalf("stdout %q", out)
	}
	for _, want := range []string{in + ":2: ", "wrong number of symbols", in + ":4: field 8: ", "not in 1-3", in + ":5: ", "exactly 8"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if n := strings.Count(errs, "\n"); n != 3 {
		t.Errorf("%d error lines, want 3:\n%s", n, errs)
	}

	code, out, _ = run(t, "", "solve", "rotation", "--format", "json", in)
	if _, err := recordtest.Check([]byte(out)); err != nil {
		t.Fatalf("json against the schema: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != ExitBadInput || len(lines) != 5 {
		t.Fatalf("json: exit %d, %d records, want 5:\n%s", code, len(lines), out)
	}
	wantLines := []int{1, 2, 4, 5, 6}
	for i, l := range lines {
		var rec struct {
			Line   int     `json:"line"`
			Error  *string `json:"error"`
			Moves  string  `json:"moves"`
			Length int     `json:"length"`
			Nodes  *uint64 `json:"generated"`
			Status string  `json:"status"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("record %d: %v: %s", i, err, l)
		}
		if rec.Line != wantLines[i] || (rec.Error == nil) != (rec.Line == 1 || rec.Line == 6) ||
			(rec.Status == "solved") != (rec.Error == nil) {
			t.Fatalf("record %d: %s", i, l)
		}
		if rec.Error == nil && (rec.Nodes == nil || rec.Length != len(rec.Moves)) {
			t.Fatalf("record %d lacks statistics: %s", i, l)
		}
	}

	code, out, errs = run(t, "", "solve", "rotation", "--strict", in)
	if code != ExitBadInput || out != "AC\n2\n" || strings.Count(errs, "\n") != 1 {
		t.Fatalf("strict: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestSolveRotationOrderWhateverTheWorkers(t *testing.T) {
	// The tables first: the solves below must print nothing on stderr, not
	// even a build's notes, whichever tests ran before this one.
	if code, _, errs := run(t, "", "gen", "rotation"); code != ExitOK {
		t.Fatalf("gen rotation: exit %d: %s", code, errs)
	}
	code, boards, _ := run(t, "", "random", "rotation", "-n", "20000", "--seed", "5")
	if code != 0 {
		t.Fatal("random failed")
	}
	// Sprinkle bad lines so chunks carry errors too.
	lines := strings.Split(boards, "\n")
	for i := 0; i < len(lines); i += 997 {
		lines[i] = "1 2 3"
	}
	in := strings.Join(lines, "\n")
	var first string
	for _, j := range []string{"1", "2", "7"} {
		code, out, errs := run(t, in, "-j", j, "solve", "rotation", "--format", "json")
		if code != ExitBadInput || errs != "" {
			t.Fatalf("-j %s: exit %d, stderr %q", j, code, errs)
		}
		recs := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(recs) != 20000 {
			t.Fatalf("-j %s: %d records for 20000 lines", j, len(recs))
		}
		for i, r := range recs {
			if !strings.Contains(r, fmt.Sprintf(`"line":%d,`, i+1)) {
				t.Fatalf("-j %s: record %d out of order: %s", j, i, r)
			}
		}
		// Timings differ from run to run; everything else must not.
		stripped := stripTimes(out)
		if first == "" {
			first = stripped
		} else if stripped != first {
			t.Fatalf("-j %s: output differs from -j 1", j)
		}
	}
}

func stripTimes(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, `,"time_ns"`); i >= 0 {
			l = l[:i]
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

func TestJSONNamesTheHeuristicAndPlotsDoNotPanic(t *testing.T) {
	sample := readFile(t, "rotation-sample.txt")
	for _, h := range []string{"exact", "exact-ida", "count"} {
		if _, out, _ := run(t, sample, "solve", "rotation", "--format", "json", "--heuristic", h); strings.Count(out, `"heuristic":"`+h+`"`) != 2 {
			t.Fatalf("%s: %s", h, out)
		}
	}
	// Every count 1 (the path table generates no nodes), and no run to draw.
	svg := filepath.Join(t.TempDir(), "p.svg")
	if code, _, errs := run(t, sample, "bench", "rotation", "--heuristic", "exact", "--plot", svg); code != 0 {
		t.Fatalf("plot of zero nodes: exit %d, %s", code, errs)
	}
	// A bad record alone is an instance in error, as an unsolvable board is:
	// nothing to draw. (An input without any record ends before the run,
	// TestEmptyInput.)
	if code, _, errs := run(t, "1 2 3\n", "bench", "8puzzle", "--heuristic", "manhattan", "--plot", svg); code != ExitIO || !strings.Contains(errs, "no solved or censored run to plot") {
		t.Fatalf("plot of no run solved: exit %d, %s", code, errs)
	}
	for _, j := range []string{"-1", "5000"} {
		if code, _, _ := run(t, sample, "-j", j, "solve", "rotation"); code != ExitUsage {
			t.Fatalf("-j %s: exit %d", j, code)
		}
	}
}

func TestSolveRotationExactAgreesWithCount(t *testing.T) {
	_, boards, _ := run(t, "", "random", "rotation", "-n", "12", "--seed", "9")
	_, a, _ := run(t, boards, "solve", "rotation", "--heuristic", "exact")
	_, b, _ := run(t, boards, "solve", "rotation", "--heuristic", "count")
	if a != b || strings.Count(a, "\n") != 24 {
		t.Fatalf("exact and count disagree:\n%s\n%s", a, b)
	}
}

// TestUnknownPuzzle: every command taking a PUZZLE names an unknown one in
// the same words, from one place: the command's path, the name, the
// puzzles it takes in help's order (tiles with its --size), exit status 2
// (bad arguments, as documented), nothing on stdout; and before any other
// check of its arguments (an extra one, verify's required flags). solve
// with no puzzle lists them in the same order.
func TestUnknownPuzzle(t *testing.T) {
	const all = "rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "foo"}, `pdbsolve solve: unknown puzzle "foo": want ` + all},
		{[]string{"solve", "foo", "x.txt"}, `pdbsolve solve: unknown puzzle "foo": want ` + all},
		{[]string{"gen", "foo"}, `pdbsolve gen: unknown puzzle "foo": want ` + all},
		{[]string{"random", "foo"}, `pdbsolve random: unknown puzzle "foo": want ` + all},
		{[]string{"census", "foo"}, `pdbsolve census: unknown puzzle "foo": want rotation`},
		{[]string{"census", "15puzzle"}, `pdbsolve census: unknown puzzle "15puzzle": want rotation`},
		{[]string{"bench", "foo", "x"}, `pdbsolve bench: unknown puzzle "foo": want ` + all},
		{[]string{"bench", "foo", "--heuristic", "a,b"}, `pdbsolve bench: unknown puzzle "foo": want ` + all},
		{[]string{"score", "foo"}, `pdbsolve score: unknown puzzle "foo": want ` + all},
		{[]string{"score", "foo", "x"}, `pdbsolve score: unknown puzzle "foo": want ` + all},
		{[]string{"verify", "foo", "x"}, `pdbsolve verify: unknown puzzle "foo": want ` + all},
		{[]string{"verify", "foo"}, `pdbsolve verify: unknown puzzle "foo": want ` + all},
		{[]string{"verify", "foo", "--input", "x", "--solutions", "y"}, `pdbsolve verify: unknown puzzle "foo": want ` + all},
		{[]string{"solve"}, "pdbsolve solve: name a puzzle: " + all},
	} {
		if code, out, errs := run(t, "", c.args...); code != ExitUsage || out != "" || errs != c.want+"\n" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errs, ExitUsage, c.want)
		}
	}
}

func TestUsageAndTableErrors(t *testing.T) {
	if code, _, errs := run(t, "", "solve", "rotation", "--format", "xml"); code != ExitUsage || !strings.Contains(errs, "xml") {
		t.Fatalf("bad format: exit %d, %q", code, errs)
	}
	if code, _, _ := run(t, "", "solve", "rotation", "--heuristic", "nope"); code != ExitUsage {
		t.Fatalf("bad heuristic: exit %d", code)
	}
	if code, _, _ := run(t, "", "solve", "rotation", "--nosuchflag"); code != ExitUsage {
		t.Fatalf("bad flag: exit %d", code)
	}
	for _, args := range [][]string{{"solve"}, {"solve", "chess"}, {"gen", "x"}, {"random"}, {"census"}} {
		if code, out, errs := run(t, "", args...); code != ExitUsage || out != "" || errs == "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	// An unknown puzzle is named before any flag of its (bench, score,
	// verify take the puzzle as an argument).
	for _, args := range [][]string{{"bench", "9puzzle", "x.txt"}, {"score", "9puzzle"}, {"verify", "9puzzle", "--input", "x", "--solutions", "y"}} {
		if code, _, errs := run(t, "", args...); code != ExitUsage || !strings.Contains(errs, `unknown puzzle "9puzzle"`) {
			t.Errorf("%v: exit %d, %q; want the unknown puzzle named", args, code, errs)
		}
	}
	if code, _, errs := run(t, "", "solve", "rotation", "/no/such/file"); code != ExitIO || !strings.Contains(errs, "/no/such/file") {
		t.Fatalf("missing input: exit %d, %q", code, errs)
	}
	// A missing input between two good ones: every input is opened before
	// any work (issue 20, item 1), so nothing is solved.
	bad := filepath.Join("testdata", "rotation-bad.txt")
	sample := filepath.Join("testdata", "rotation-sample.txt")
	code, out, errs := run(t, "", "-j", "3", "solve", "rotation", bad, "/no/such/file", sample)
	if code != ExitIO || out != "" || !strings.Contains(errs, "/no/such/file") || strings.Count(errs, "\n") != 1 {
		t.Fatalf("missing middle input: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	badTable := filepath.Join(t.TempDir(), "bad.pdb")
	os.WriteFile(badTable, []byte("PDBSOLVE garbage"), 0o644)
	if code, _, errs := run(t, "", "info", badTable); code != ExitTable || !strings.Contains(errs, badTable) {
		t.Fatalf("corrupt table: exit %d, %q", code, errs)
	}
	// A table file that cannot be opened is an input not read (4), not a bad table (3).
	missing := filepath.Join(t.TempDir(), "nope.pdb")
	if code, _, errs := run(t, "", "info", missing); code != ExitIO || !strings.Contains(errs, missing) {
		t.Fatalf("missing table file: exit %d, %q", code, errs)
	}
	if code, _, errs := run(t, "", "info", t.TempDir()); code != ExitIO || !strings.Contains(errs, "a directory") {
		t.Fatalf("info of a directory: exit %d, %q", code, errs)
	}
}

func TestGenAndInfo(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	path := filepath.Join(dir, "rotation-centre8.pdb")
	if code, _, errs := run(t, "", "gen", "rotation", "-o", dir); code != 0 {
		t.Fatalf("gen: exit %d: %s", code, errs)
	}
	// The directory is a cache: solve uses its tables and builds none.
	var out0, errb0 bytes.Buffer
	sample := readFile(t, "rotation-sample.txt")
	if code := Run(context.Background(), []string{"--tables", dir, "--write-tables", "never", "solve", "rotation"},
		strings.NewReader(sample), &out0, &errb0); code != 0 || out0.String() != readFile(t, "rotation-sample.out") || errb0.Len() != 0 {
		t.Fatalf("solve with gen -o's tables: exit %d, %q %q", code, out0.String(), errb0.String())
	}
	png := filepath.Join(t.TempDir(), "hist.png")
	code, out, _ := run(t, "", "info", "--plot", png, path)
	if b, err := os.ReadFile(png); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
		t.Fatalf("info --plot: %v", err)
	}
	for _, want := range []string{"rotation", "centre8", "735471 x 4 bits", "OK", "mean      9.8708", "   14            188"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Fatalf("info lacks %q:\n%s", want, out)
		}
	}
}

// TestGenTilesInto: gen -o DIR writes every table of a partition, saying
// they are not in DIR (not "the cache"), checked on a second run (not
// rebuilt), and solve uses them from DIR.
func TestGenTilesInto(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "t")
	code, _, errs := run(t, "", "gen", "8puzzle", "--pdb", "44", "-o", dir)
	if code != 0 || strings.Count(errs, " is not in "+dir+"; building "+dir) != 2 || strings.Count(errs, "; wrote "+dir) != 2 ||
		strings.Contains(errs, "cache") {
		t.Fatalf("gen -o: exit %d: %s", code, errs)
	}
	if code, _, errs = run(t, "", "gen", "8puzzle", "--pdb", "44", "-o", dir); code != 0 || strings.Contains(errs, "building") {
		t.Fatalf("second gen -o rebuilt: exit %d: %s", code, errs)
	}
	var out, errb bytes.Buffer
	if code := Run(context.Background(), []string{"--tables", dir, "--write-tables", "never", "solve", "8puzzle", "--heuristic", "pdb44", "--format", "aoj"},
		strings.NewReader("1 3 0 4 2 5 7 8 6\n"), &out, &errb); code != 0 || out.String() != "4\n" || errb.Len() != 0 {
		t.Fatalf("solve with gen -o's tables: exit %d, %q %q", code, out.String(), errb.String())
	}
}

func TestCorruptCachedTableIsRebuilt(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	sample := readFile(t, "rotation-sample.txt")
	if Run(context.Background(), []string{"--tables", dir, "solve", "rotation"}, strings.NewReader(sample), &out, &errb) != 0 ||
		!strings.Contains(errb.String(), "building") {
		t.Fatalf("first run: %s", errb.String())
	}
	path := filepath.Join(dir, "rotation-centre8.pdb")
	b, _ := os.ReadFile(path)
	os.WriteFile(path, b[:len(b)/2], 0o644)
	out.Reset()
	errb.Reset()
	code := Run(context.Background(), []string{"--tables", dir, "solve", "rotation"}, strings.NewReader(sample), &out, &errb)
	if code != 0 || out.String() != readFile(t, "rotation-sample.out") || !strings.Contains(errb.String(), "truncated") {
		t.Fatalf("truncated table: exit %d, stdout %q, stderr %q", code, out.String(), errb.String())
	}
}
