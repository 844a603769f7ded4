package cli

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// solveJSON runs solve 15puzzle --heuristic pdb555 --format json with the
// table cache dir and the flags given on the boards of in, and returns its
// records decoded as R (there must be boards of them) and its stderr.
func solveJSON[R any](t *testing.T, dir, in string, boards int, flags ...string) ([]R, string) {
	t.Helper()
	var out, errb strings.Builder
	args := append([]string{"--tables", dir, "solve", "15puzzle", "--heuristic", "pdb555", "--format", "json"}, flags...)
	if code := Run(t.Context(), args, strings.NewReader(in), &out, &errb); code != ExitOK {
		t.Fatalf("%s: exit %d: %s", strings.Join(flags, " "), code, errb.String())
	}
	var recs []R
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r R
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("%s: %v: %s", strings.Join(flags, " "), err, line)
		}
		recs = append(recs, r)
	}
	if len(recs) != boards {
		t.Fatalf("%s: %d records, want %d", strings.Join(flags, " "), len(recs), boards)
	}
	return recs, errb.String()
}

// benchTo runs bench 15puzzle --heuristic pdb555 -o out with the table
// cache dir and the flags given on the boards of in (standard input), and
// returns its exit status and stderr.
func benchTo(t *testing.T, dir, in, out string, flags ...string) (int, string) {
	var o, errb strings.Builder
	args := append(append([]string{"--tables", dir, "bench", "15puzzle", "--heuristic", "pdb555", "-o", out}, flags...), "-")
	return Run(t.Context(), args, strings.NewReader(in), &o, &errb), errb.String()
}

// TestPruneFlagSameAnswersFewerNodes solves random 15-puzzles under each
// --prune: every pruning must give the same moves (the first optimal
// solution in move order), each deeper one expand no more nodes on any
// board and fewer over all; automaton16's automaton must be kept in the
// table cache as a checked file and read from it on the next run, and a
// resumed bench must refuse a change of --prune.
func TestPruneFlagSameAnswersFewerNodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var in strings.Builder
	const boards = 6
	for i := range boards {
		in.WriteString(bitboard.RandomWalkTiles(rng, 4, 4, bitboard.BlankFirst, 60+4*i).String() + "\n")
	}
	dir := t.TempDir()
	type rec struct {
		Moves    string `json:"moves"`
		Expanded uint64 `json:"expanded"`
	}
	solve := func(prune string) ([]rec, string) {
		return solveJSON[rec](t, dir, in.String(), boards, "--prune", prune)
	}
	var prev []rec
	var prevTotal uint64
	for _, prune := range []string{"inverse", "automaton", "automaton16"} {
		recs, _ := solve(prune)
		var total uint64
		for i, r := range recs {
			total += r.Expanded
			if prev == nil {
				continue
			}
			if r.Moves != prev[i].Moves {
				t.Fatalf("board %d: --prune %s finds %s, the shallower pruning %s", i+1, prune, r.Moves, prev[i].Moves)
			}
			if r.Expanded > prev[i].Expanded {
				t.Fatalf("board %d: --prune %s expands %d, the shallower pruning %d", i+1, prune, r.Expanded, prev[i].Expanded)
			}
		}
		if prev != nil && total >= prevTotal {
			t.Fatalf("--prune %s expands %d over all, the shallower pruning %d", prune, total, prevTotal)
		}
		t.Logf("--prune %s: %d expanded", prune, total)
		prev, prevTotal = recs, total
	}
	if _, err := os.Stat(filepath.Join(dir, "15puzzle-prune16-udlr-v1.pdb")); err != nil {
		t.Fatalf("automaton16's automaton is not in the table cache: %v", err)
	}
	if _, errs := solve("automaton16"); strings.Contains(errs, "prune16") {
		t.Fatalf("the second run built the automaton again: %s", errs)
	}
	// info describes the automaton's file (no histogram of its words);
	// --plot has nothing to draw: a usage error, before the description.
	file := filepath.Join(dir, "15puzzle-prune16-udlr-v1.pdb")
	code, info, errs := run(t, "", "info", file)
	if code != ExitOK || !strings.Contains(info, "move-pruning automaton: the 4x4 board's duplicate blank-move strings up to 16 moves") ||
		!strings.Contains(info, "states    ") || strings.Contains(info, "mean") || strings.Contains(info, "value ") {
		t.Fatalf("info %s: exit %d, %s%s", file, code, info, errs)
	}
	if code, out, errs := run(t, "", "info", "--plot", filepath.Join(t.TempDir(), "a.png"), file); code != ExitUsage || out != "" || !strings.Contains(errs, "no values to draw") {
		t.Fatalf("info --plot of an automaton: exit %d, %s%s", code, out, errs)
	}
	out := filepath.Join(t.TempDir(), "b.jsonl")
	bench := func(prune string, resume ...string) (int, string) {
		return benchTo(t, dir, in.String(), out, append([]string{"--prune", prune}, resume...)...)
	}
	if code, errs := bench("automaton16"); code != ExitOK {
		t.Fatalf("bench: exit %d: %s", code, errs)
	}
	if code, errs := bench("automaton", "--resume"); code != ExitUsage || !strings.Contains(errs, "--prune: automaton16 in") {
		t.Fatalf("--resume with another --prune: exit %d: %s", code, errs)
	}
}
