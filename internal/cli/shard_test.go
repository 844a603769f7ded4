package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// untimed matches the time field of a record, the one field that differs
// between two runs.
var untimed = regexp.MustCompile(`,"time_ns":[0-9]+`)

// TestSolveShards: the shards of solve, together, answer every record of
// the unsharded run exactly as it does, bad and multi-line records
// included; shard K holds the records K, K+N, ... counted across inputs.
func TestSolveShards(t *testing.T) {
	dir := t.TempDir()
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	rot1 := filepath.Join(dir, "r1.txt")
	rot2 := filepath.Join(dir, "r2.txt")
	_, boards, _ := run(t, "", "random", "rotation", "-n", "9", "--seed", "2")
	os.WriteFile(rot1, []byte(boards+"1 2 3\n"+board), 0o644)
	os.WriteFile(rot2, []byte("1 1 1 1 3 2 3 2 3 1 3 2\n2 3 1 2 2 2 3 1 2 1 3 3\n"+board+"0\n"+board), 0o644)
	tiles := filepath.Join(dir, "t.txt")
	os.WriteFile(tiles, []byte("# boards\n1 3 0\n4 2 5\n7 8 6\n1 2 3 4 5 6 7 9 0\n"+readFile(t, "bench-8puzzle.txt")), 0o644)
	for _, c := range [][]string{
		{"solve", "rotation", "--format", "json", rot1, rot2},
		{"solve", "8puzzle", "--goal", "blank-last", "--format", "json", tiles},
	} {
		code, whole, _ := run(t, "", c...)
		want := strings.Split(untimed.ReplaceAllString(strings.TrimSpace(whole), ""), "\n")
		var got []string
		for k := 0; k < 3; k++ {
			codeK, out, errs := run(t, "", append(c, "--shard", fmt.Sprintf("%d/3", k))...)
			if codeK != ExitOK && codeK != ExitBadInput {
				t.Fatalf("%v shard %d: exit %d: %s", c, k, codeK, errs)
			}
			lines := strings.Split(untimed.ReplaceAllString(strings.TrimSpace(out), ""), "\n")
			for i, l := range lines {
				if l != want[3*i+k] {
					t.Fatalf("%v shard %d record %d:\n%s\nwant\n%s", c, k, i, l, want[3*i+k])
				}
			}
			got = append(got, lines...)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || code != ExitBadInput {
			t.Fatalf("%v: the shards hold %d records, the whole run %d (exit %d)", c, len(got), len(want), code)
		}
	}
}

// TestInstancesPastTheEnd: --instances numbers past the end of the input
// are named; a number matching nothing exits 1, a range that only runs past
// the end is a note; the records taken are solved either way, from a file
// or standard input, by solve and bench.
func TestInstancesPastTheEnd(t *testing.T) {
	// Past the end of 3 records: a number matching nothing exits 1, a range
	// that only runs past the end is a note.
	boards := "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n"
	file := filepath.Join(t.TempDir(), "boards.txt")
	if err := os.WriteFile(file, []byte(boards), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		spec   string
		code   int
		solved string // the answers of the records taken (text format)
	}{{"2,9", ExitBadInput, "1 R\n"}, {"1-2000000000", ExitOK, "0\n1 R\n2 RR\n"}, {"4-6", ExitBadInput, ""}, {"1-3", ExitOK, "0\n1 R\n2 RR\n"}, {"1,3,7-9", ExitBadInput, "0\n2 RR\n"}} {
		for _, input := range []string{"-", file} {
			out, errs, code := runTiles(t, boards, "solve", "8puzzle", "--goal", "blank-last", "--heuristic", "manhattan", "--instances", c.spec, input)
			if code != c.code || out != c.solved || (c.spec != "1-3") != strings.Contains(errs, "the inputs hold 3 records") {
				t.Fatalf("%s --instances %s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q", input, c.spec, code, out, errs, c.code, c.solved)
			}
			code, out, errs = runTilesCode(t, boards, "bench", "8puzzle", "--goal", "blank-last", "--heuristic", "manhattan", "--instances", c.spec, input)
			n := strings.Count(c.solved, "\n")
			runs := map[bool]string{true: "1 run", false: fmt.Sprintf("%d runs", n)}[n == 1]
			if code != c.code || n > 0 && !strings.Contains(errs, fmt.Sprintf(" %s: %d solved", runs, n)) {
				t.Fatalf("bench %s --instances %s: exit %d, %q:\n%s", input, c.spec, code, errs, out)
			}
		}
	}
}

// TestSelectionMatchingNothing: a --shard that takes none of the records,
// alone or with --instances, is named on stderr and exits 1, in solve and
// bench alike; so do --instances numbers past the end.
func TestSelectionMatchingNothing(t *testing.T) {
	boards := "1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n"
	for _, c := range []struct {
		sel  []string
		want string
	}{
		{[]string{"--shard", "5/8"}, "--shard 5/8: the inputs hold 3 records, none of them in the shard"},
		{[]string{"--shard", "3/4"}, "--shard 3/4: the inputs hold 3 records, none of them in the shard"},
		{[]string{"--shard", "1/2", "--instances", "1,3"}, "--shard 1/2 --instances 1,3: none of the records picked is in the shard"}, // found before the end of the input
		{[]string{"--shard", "1/2", "--instances", "3-9"}, "none of them in both"},
		{[]string{"--instances", "4-6"}, "--instances 4-6: the inputs hold 3 records; numbers above 3 match nothing: 4-6"},
	} {
		for _, cmd := range [][]string{{"solve", "8puzzle"}, {"bench", "8puzzle"}} {
			args := append(append(cmd, "--goal", "blank-last", "--heuristic", "manhattan"), c.sel...)
			code, out, errs := runTilesCode(t, boards, args...)
			if code != ExitBadInput || !strings.Contains(errs, "pdbsolve: ") || !strings.Contains(errs, c.want) {
				t.Errorf("%v: exit %d, stderr %q, want exit %d and %q", args, code, errs, ExitBadInput, c.want)
			}
			if cmd[0] == "solve" && out != "" {
				t.Errorf("%v: answers %q", args, out)
			}
		}
	}
	// A shard that takes a record, and a range running past the end, pass.
	for _, sel := range [][]string{{"--shard", "2/8"}, {"--shard", "0/2", "--instances", "1-100"}} {
		args := append([]string{"solve", "8puzzle", "--goal", "blank-last", "--heuristic", "manhattan"}, sel...)
		if code, _, errs := runTilesCode(t, boards, args...); code != ExitOK {
			t.Errorf("%v: exit %d, %q", args, code, errs)
		}
	}
}
