package cli

import (
	"bytes"
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
)

func TestVersion(t *testing.T) {
	code, out, errs := run(t, "", "--version")
	if code != ExitOK || !strings.HasPrefix(out, "pdbsolve ") || !strings.Contains(out, runtime.Version()) ||
		!strings.Contains(out, runtime.GOOS+"/"+runtime.GOARCH) || strings.Count(out, "\n") != 1 {
		t.Fatalf("--version: exit %d %q %q", code, out, errs)
	}
}

// TestAOJGoal: the AOJ ALDS1_13_B sample's published answer is 4; --format
// aoj alone reads it against the AOJ goal (blank last), and an explicit
// --goal still wins.
func TestAOJGoal(t *testing.T) {
	const sample = "1 3 0\n4 2 5\n7 8 6\n"
	if out, _, code := runTiles(t, sample, "solve", "8puzzle", "--format", "aoj"); code != ExitOK || out != "4\n" {
		t.Fatalf("--format aoj: exit %d, %q, want 4", code, out)
	}
	if out, _, code := runTiles(t, sample, "solve", "8puzzle", "--format", "aoj", "--goal", "blank-first"); code != ExitOK || out == "4\n" {
		t.Fatalf("--format aoj --goal blank-first: exit %d, %q: the goal given must win", code, out)
	}
	if out, _, code := runTiles(t, sample, "solve", "8puzzle", "--format", "text"); code != ExitOK || strings.HasPrefix(out, "4 ") {
		t.Fatalf("--format text keeps the blank-first default: exit %d, %q", code, out)
	}
}

func TestBadFlagValues(t *testing.T) {
	for _, args := range [][]string{
		{"random", "8puzzle", "--walk", "-5"},
		{"random", "15puzzle", "--walk", "-1"},
		{"solve", "8puzzle", "--timeout", "-1s"},
		{"bench", "8puzzle", "--heuristic", "manhattan", "--timeout", "-1s"},
		{"bench", "8puzzle", "--heuristic", "manhattan", "--repeat", "0"},
		{"bench", "8puzzle", "--heuristic", "manhattan", "--shard", "3/3"},
		{"bench", "8puzzle", "--heuristic", "manhattan", "--baseline", "exact"},
		{"solve", "8puzzle", "--max-nodes", "-5"},
		{"--write-tables", "sometimes", "solve", "8puzzle"},
	} {
		code, _, errs := run(t, "", args...)
		if code != ExitUsage || errs == "" {
			t.Errorf("%v: exit %d, stderr %q, want a usage error (exit %d)", args, code, errs, ExitUsage)
		}
	}
}

// TestMessagesWithoutPackagePrefixes: what a user reads names no internal
// package: the libraries' messages carry no prefix, and the CLI strips none.
func TestMessagesWithoutPackagePrefixes(t *testing.T) {
	prefixes := []string{"bitboard: ", "pdb: ", "search: ", "record: ", "puzzle: "}
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{"1 2 3 4 5 6 7 9 0\n", []string{"solve", "8puzzle"}},
		{"2 1 3 4 5 6 7 8 0\n", []string{"solve", "8puzzle", "--goal", "blank-last"}},
		{"1 2 3\n", []string{"solve", "rotation"}},
		{"1 2 3 4 5 6 7 9 0\n", []string{"solve", "8puzzle", "--format", "json"}},
		{"", []string{"solve", "8puzzle", "--goal", "middle"}},
		{"", []string{"solve", "15puzzle", "--heuristic", "pdb999"}},
		{"8 7 6 5 4 3 2 1 0\n", []string{"solve", "8puzzle", "--heuristic", "manhattan", "--max-nodes", "10"}},
		{"8 7 6 5 4 3 2 1 0\n", []string{"solve", "8puzzle", "--heuristic", "manhattan", "--max-nodes", "10", "--format", "json"}},
	} {
		_, out, errs := run(t, c.stdin, c.args...)
		for _, p := range prefixes {
			if strings.Contains(out+errs, p) {
				t.Errorf("%v: output names a package (%q):\n%s%s", c.args, p, out, errs)
			}
		}
		if out+errs == "" {
			t.Errorf("%v: no message at all", c.args)
		}
	}
}

func TestCompletion(t *testing.T) {
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"__complete", "solve", "15puzzle", "--heuristic", ""}, []string{"manhattan", "pdb663+reflect"}},
		{[]string{"__complete", "bench", "8puzzle", "--heuristic", "manhattan,"}, []string{"manhattan,exact"}},
		{[]string{"__complete", "solve", "8puzzle", "--format", ""}, []string{"aoj", "text", "json"}},
		{[]string{"__complete", "solve", "rotation", "--heuristic", ""}, []string{"exact", "exact-ida", "count"}},
		{[]string{"__complete", "verify", "8puzzle", "--goal", ""}, []string{"blank-first", "blank-last"}},
		{[]string{"__complete", "gen", "15puzzle", "--pdb", ""}, []string{"555", "663", "78"}},
		{[]string{"__complete", "solve", "8puzzle", "--write-tables", ""}, []string{"auto", "never"}},
		{[]string{"__complete", "bench", "report", "--format", ""}, []string{"table", "json", "csv"}},
		{[]string{"__complete", "solve", "24puzzle", "--heuristic", ""}, []string{"manhattan", "pdb6666+reflect"}},
		{[]string{"__complete", "solve", "tiles", "--size", "3x3", "--heuristic", ""}, []string{"exact", "pdb44+reflect"}},
		{[]string{"__complete", "bench", "tiles", "--size", "4x4", "--heuristic", "manhattan,"}, []string{"manhattan,pdb78+reflect"}},
		{[]string{"__complete", "gen", "24puzzle", "--pdb", ""}, []string{"6666"}},
		{[]string{"__complete", "gen", "tiles", "--size", "3x3", "--pdb", ""}, []string{"exact", "44"}},
		{[]string{"__complete", "bench", ""}, []string{"rotation", "8puzzle", "15puzzle", "24puzzle", "tiles"}},
		{[]string{"__complete", "verify", ""}, []string{"rotation", "8puzzle", "15puzzle", "24puzzle", "tiles"}},
		{[]string{"__complete", "solve", "tiles", "--split", ""}, []string{"auto", "on", "off"}},
	} {
		_, out, _ := run(t, "", c.args...)
		got := strings.Split(out, "\n")
		for _, w := range c.want {
			found := false
			for _, g := range got {
				found = found || g == w
			}
			if !found {
				t.Errorf("%v: completions %q lack %q", c.args[1:], out, w)
			}
		}
	}
}

// TestBenchRotationRejectsTileFlags: each sliding-tile flag (the list of
// checkFlagConventions) of bench and verify given for the Rotation Game is a usage error naming
// the flag, found before any table is built; left at their defaults they are
// not, nor given to a command whose first argument is a file.
func TestBenchRotationRejectsTileFlags(t *testing.T) {
	bench := []string{"bench", "rotation", "--heuristic", "exact", "-"}
	verify := []string{"verify", "rotation", "--input", "-", "--solutions", "x"}
	for _, c := range []struct {
		cmd   []string
		flag  string
		value string
	}{
		{bench, "--order", "falling"}, {bench, "--order", "fixed"}, {bench, "--prune", "inverse"},
		{bench, "--goal", "blank-last"}, {bench, "--goal", "blank-first"}, {bench, "--split", "on"},
		{bench, "--size", "3x3"}, {bench, "--progress", "true"},
		{verify, "--prune", "automaton"}, {verify, "--goal", "blank-last"}, {verify, "--split", "off"},
		{verify, "--size", "4x4"},
	} {
		args := append(append([]string{"--tables", t.TempDir()}, c.cmd...), c.flag+"="+c.value)
		var out, errb bytes.Buffer
		code := Run(context.Background(), args, strings.NewReader(""), &out, &errb)
		if code != ExitUsage || !strings.Contains(errb.String(), c.flag+": applies to sliding tiles only") {
			t.Errorf("%v: exit %d, stderr %q, want a usage error (exit %d) naming %s", args, code, errb.String(), ExitUsage, c.flag)
		}
		if entries, _ := os.ReadDir(args[1]); len(entries) > 0 {
			t.Errorf("%v: %d entries in the table directory, want none built", args, len(entries))
		}
	}
	// Not given, they are not checked: an empty input is benched as before.
	if code, _, errs := run(t, "", "bench", "rotation", "--heuristic", "count", "-"); code == ExitUsage {
		t.Errorf("bench rotation without --order/--prune: usage error %q", errs)
	}
	// solve's first argument is a file, even one called rotation.
	if code, _, errs := run(t, "", "solve", "8puzzle", "--prune", "inverse", "rotation"); code != ExitIO {
		t.Errorf("solve 8puzzle --prune inverse rotation (a missing file): exit %d %q, want %d", code, errs, ExitIO)
	}
}
