package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// runIn runs pdbsolve with an empty table cache of its own, returning the
// exit status, stdout, stderr and the number of files the cache holds after.
func runIn(t *testing.T, args ...string) (code int, stdout, stderr string, cached int) {
	t.Helper()
	tables := t.TempDir()
	var out, errb bytes.Buffer
	code = Run(context.Background(), append([]string{"--tables", tables}, args...), strings.NewReader(""), &out, &errb)
	ents, _ := os.ReadDir(tables)
	return code, out.String(), errb.String(), len(ents)
}

// TestOutputFlagsRefuseTheirInputs: a file that -o, --plot, --cpuprofile or
// --antipodes would write and that is one of the run's inputs (a FILE
// argument, verify's --input or --solutions, the table census reads),
// however spelled (./, a symbolic link), exits 2 before any table is read,
// naming the flag and the file, and leaves the input as it was, byte for
// byte.
func TestOutputFlagsRefuseTheirInputs(t *testing.T) {
	dir := t.TempDir()
	const boards = "1 2 3 4 5 6 7 0 8\n8 7 6 5 4 3 2 1 0\n"
	in := filepath.Join(dir, "in.txt")
	svg := filepath.Join(dir, "in.svg") // an input with a plot's name
	link := filepath.Join(dir, "link.svg")
	answers := filepath.Join(dir, "answers.txt")
	tables := t.TempDir()
	table := filepath.Join(tables, "rotation-centre8.pdb") // census rotation's input
	for path, data := range map[string]string{in: boards, svg: boards, answers: "1 R\n", table: "not a table, but census's input all the same\n"} {
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(svg, link); err != nil {
		t.Fatal(err)
	}
	dotIn := dir + "/./in.txt"
	for _, c := range []struct {
		args       []string
		flag, file string // the flag and file the message names
		input      string // the input that must stay as it was
	}{
		{[]string{"--cpuprofile", in, "solve", "8puzzle", in}, "--cpuprofile", in, in},
		{[]string{"solve", "15puzzle", "--cpuprofile", dotIn, in}, "--cpuprofile", dotIn, in},
		{[]string{"solve", "8puzzle", "-o", in, in}, "-o", in, in},
		{[]string{"solve", "8puzzle", "-o", dotIn, "--resume", "-", in}, "-o", dotIn, in},
		{[]string{"solve", "rotation", "-o", in, in}, "-o", in, in},
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "-o", in, in}, "-o", in, in},
		{[]string{"bench", "8puzzle", "--heuristic", "manhattan", "--plot", link, in, svg}, "--plot", link, svg},
		{[]string{"bench", "report", "--plot", svg, svg, in}, "--plot", svg, svg},
		{[]string{"verify", "8puzzle", "--input", in, "--solutions", answers, "--cpuprofile", answers}, "--cpuprofile", answers, answers},
		{[]string{"verify", "8puzzle", "--input", in, "--solutions", answers, "--cpuprofile", dotIn}, "--cpuprofile", dotIn, in},
		{[]string{"info", svg, "--plot", link}, "--plot", link, svg},
		{[]string{"--tables", tables, "census", "rotation", "--antipodes", table}, "--antipodes", table, table},
	} {
		before, err := os.ReadFile(c.input)
		if err != nil {
			t.Fatal(err)
		}
		code, out, errs, cached := runIn(t, c.args...)
		if code != ExitUsage || out != "" || !strings.Contains(errs, c.flag+" "+c.file+": ") || !strings.Contains(errs, "input") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d naming %s %s as an input", c.args, code, out, errs, ExitUsage, c.flag, c.file)
		}
		if after, err := os.ReadFile(c.input); err != nil || !bytes.Equal(after, before) {
			t.Errorf("%q: %s changed: %q, was %q (%v)", c.args, c.input, after, before, err)
		}
		if cached != 0 {
			t.Errorf("%q: the table cache holds %d files: a table was read or built", c.args, cached)
		}
	}
	if ents, _ := os.ReadDir(tables); len(ents) != 1 {
		t.Errorf("census's table directory holds %d files, want its one table", len(ents))
	}
}

// TestOutputFlagsOverwriteOtherFiles: an output flag naming an existing
// file that is no input of the run overwrites it, as go test -cpuprofile
// does: here with a CPU profile, gzip data.
func TestOutputFlagsOverwriteOtherFiles(t *testing.T) {
	prof := filepath.Join(t.TempDir(), "old.prof")
	if err := os.WriteFile(prof, []byte("an older profile\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs, _ := runIn(t, "--cpuprofile", prof, "random", "rotation", "-n", "2", "--seed", "1")
	if code != ExitOK || strings.Count(out, "\n") != 2 {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if b, err := os.ReadFile(prof); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("%s is not a profile (gzip data): %v, %q", prof, err, b[:min(len(b), 16)])
	}
}

// TestSolveFormatWithOutput: -o writes JSON Lines whatever the format, so
// solve's --format with -o is a usage error unless it is json; bench's
// --format, which formats the summary on stdout, goes with -o.
func TestSolveFormatWithOutput(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "w.txt"), filepath.Join(dir, "fx.jsonl")
	if err := os.WriteFile(in, []byte("1 2 3 4 5 6 7 0 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"solve", "8puzzle", "--format", "aoj", "-o", out, in},
		{"solve", "8puzzle", "--format", "text", "-o", out, in},
		{"solve", "tiles", "--size", "2x3", "--format=aoj", "-o", out, in},
		{"solve", "rotation", "--format", "judge", "-o", out, in},
	} {
		code, stdout, errs, cached := runIn(t, args...)
		if code != ExitUsage || stdout != "" || !strings.Contains(errs, "--format") || !strings.Contains(errs, "-o "+out) || !strings.Contains(errs, "JSON Lines") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d naming --format and -o", args, code, stdout, errs, ExitUsage)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) || cached != 0 {
			t.Errorf("%q: %s exists (%v) or the cache holds %d files", args, out, err, cached)
		}
	}
	// --format json goes with -o; so does bench's --format (its summary).
	for _, args := range [][]string{
		{"solve", "8puzzle", "--heuristic", "manhattan", "--format", "json", "-o", out, in},
		{"bench", "8puzzle", "--heuristic", "manhattan", "--format", "csv", "-o", out, in},
	} {
		os.Remove(out)
		if code, _, errs, _ := runIn(t, args...); code != ExitOK {
			t.Errorf("%q: exit %d, stderr %q; want 0", args, code, errs)
		}
		if b, err := os.ReadFile(out); err != nil || !bytes.HasPrefix(b, []byte(`{"provenance":`)) {
			t.Errorf("%q: %s holds %q (%v), want JSON Lines, a header first", args, out, b, err)
		}
	}
}

// TestInfoPlotOfAnAutomaton: info --plot of a move-pruning automaton's file
// (whose entries are states) is refused before anything is printed, exit 2,
// naming --plot and the file, and draws nothing.
func TestInfoPlotOfAnAutomaton(t *testing.T) {
	dir := t.TempDir()
	tab, err := pdb.NewTable("24puzzle", "prune16-udlr-v1", 2, 64, make([]byte, 16))
	if err != nil {
		t.Fatal(err)
	}
	file, svg := filepath.Join(dir, "24puzzle-prune16-udlr-v1.pdb"), filepath.Join(dir, "au.svg")
	if err := pdb.WriteFile(file, tab); err != nil {
		t.Fatal(err)
	}
	code, out, errs, _ := runIn(t, "info", file, "--plot", svg)
	if code != ExitUsage || out != "" || !strings.Contains(errs, "--plot "+svg+": "+file) || !strings.Contains(errs, "automaton") {
		t.Errorf("info --plot of an automaton: exit %d, stdout %q, stderr %q; want exit %d, nothing printed", code, out, errs, ExitUsage)
	}
	if _, err := os.Stat(svg); !os.IsNotExist(err) {
		t.Errorf("%s was drawn (%v)", svg, err)
	}
}
