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

// TestEmptyInput: inputs holding no record at all end solve, bench and
// verify before any table is loaded or built (the table directory stays
// empty), with exit status 0, no output and one line on stderr naming them.
func TestEmptyInput(t *testing.T) {
	dir := t.TempDir()
	empty, blank, answers := filepath.Join(dir, "empty.txt"), filepath.Join(dir, "blank.txt"), filepath.Join(dir, "answers.txt")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(blank, []byte("\n  \n\n"), 0o644) // the Rotation Game has no comment lines
	os.WriteFile(answers, []byte("\n"), 0o644)
	const none = ": the input holds no boards\n"
	for _, c := range []struct {
		stdin string
		args  []string
		want  string // stderr
	}{
		{"", []string{"solve", "8puzzle"}, "pdbsolve: stdin" + none},
		{"\n# a comment\n\n", []string{"solve", "8puzzle", "--format", "json"}, "pdbsolve: stdin" + none},
		{"", []string{"solve", "rotation"}, "pdbsolve: stdin" + none},
		{"0\n", []string{"solve", "rotation", "--format", "json"}, "pdbsolve: stdin" + none},
		{"", []string{"solve", "8puzzle", empty, "-", blank}, "pdbsolve: " + empty + ", stdin, " + blank + ": the inputs hold no boards\n"},
		{"", []string{"bench", "8puzzle", "--heuristic", "exact,pdb44", "--format", "json"}, "pdbsolve: stdin" + none},
		{"", []string{"bench", "rotation", "--heuristic", "exact", blank}, "pdbsolve: " + blank + none},
		{"", []string{"verify", "8puzzle", "--input", "-", "--solutions", answers}, "pdbsolve: stdin" + none},
		{"", []string{"verify", "rotation", "--input", empty, "--solutions", "-"}, "pdbsolve: " + empty + none},
	} {
		tables := t.TempDir()
		t.Setenv(pdb.EnvTables, tables) // no --tables: the directory the environment names
		var out, errb bytes.Buffer
		code := Run(context.Background(), c.args, strings.NewReader(c.stdin), &out, &errb)
		if code != ExitOK || out.Len() > 0 || errb.String() != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0, no output, stderr %q", c.args, code, out.String(), errb.String(), c.want)
		}
		if entries, _ := os.ReadDir(tables); len(entries) > 0 {
			t.Errorf("%v: %d entries in the table directory (%s...), want none", c.args, len(entries), entries[0].Name())
		}
	}
	// Answers to no board are extra: verify goes on and says so (exit 1).
	code, out, errs := run(t, "3 LLL\n", "verify", "8puzzle", "--heuristic", "manhattan", "--input", empty, "--solutions", "-")
	if code != ExitBadInput || !strings.Contains(out, "1 extra answer") || strings.Contains(errs, "no boards") {
		t.Errorf("verify, answers to no board: exit %d, %q %q; want 1 and the extra answer", code, out, errs)
	}
}

// TestVerifyNoBoardTakenLoadsNoTable: when the boards input holds no record,
// or the selection takes none of its records, verify loads no table (the
// table directory stays empty) and counts each answer as extra (exit 1),
// naming the selection that took nothing.
func TestVerifyNoBoardTakenLoadsNoTable(t *testing.T) {
	dir := t.TempDir()
	empty, boards := filepath.Join(dir, "empty.txt"), filepath.Join(dir, "b.txt")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(boards, []byte("1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n"), 0o644)
	for _, c := range []struct {
		answers string
		args    []string
		stderr  string
	}{
		{"3 LLL\n", []string{"8puzzle", "--input", empty}, ""},
		{"AC\n2\n", []string{"rotation", "--input", empty}, ""},
		{"1 L\n", []string{"8puzzle", "--input", boards, "--instances", "50"}, "pdbsolve: --instances 50: the inputs hold 3 records; numbers above 3 match nothing: 50\n"},
		{"1 L\n", []string{"8puzzle", "--input", boards, "--shard", "5/7"}, "pdbsolve: --shard 5/7: the inputs hold 3 records, none of them in the shard\n"},
	} {
		tables := t.TempDir()
		var out, errb bytes.Buffer
		args := append(append([]string{"--tables", tables, "verify"}, c.args...), "--solutions", "-")
		code := Run(context.Background(), args, strings.NewReader(c.answers), &out, &errb)
		if code != ExitBadInput || !strings.HasPrefix(out.String(), "0 records: 0 ok,") || !strings.HasSuffix(out.String(), " 1 extra answer\n") || errb.String() != c.stderr {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1, 0 records and 1 extra answer, stderr %q", c.args, code, out.String(), errb.String(), c.stderr)
		}
		if entries, _ := os.ReadDir(tables); len(entries) > 0 {
			t.Errorf("%v: %d entries in the table directory (%s...), want none", c.args, len(entries), entries[0].Name())
		}
	}
}
