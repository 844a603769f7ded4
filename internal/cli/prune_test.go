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
		var out, errb strings.Builder
		code := Run(t.Context(), []string{"--tables", dir, "solve", "15puzzle", "--heuristic", "pdb555", "--format", "json",
			"--prune", prune}, strings.NewReader(in.String()), &out, &errb)
		if code != ExitOK {
			t.Fatalf("--prune %s: exit %d: %s", prune, code, errb.String())
		}
		var recs []rec
		for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			var r rec
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				t.Fatalf("--prune %s: %v: %s", prune, err, line)
			}
			recs = append(recs, r)
		}
		if len(recs) != boards {
			t.Fatalf("--prune %s: %d records, want %d", prune, len(recs), boards)
		}
		return recs, errb.String()
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
	out := filepath.Join(t.TempDir(), "b.jsonl")
	bench := func(prune string, resume ...string) (int, string) {
		var o, errb strings.Builder
		args := append([]string{"--tables", dir, "bench", "15puzzle", "--heuristic", "pdb555", "--prune", prune, "-o", out}, resume...)
		return Run(t.Context(), append(args, "-"), strings.NewReader(in.String()), &o, &errb), errb.String()
	}
	if code, errs := bench("automaton16"); code != ExitOK {
		t.Fatalf("bench: exit %d: %s", code, errs)
	}
	if code, errs := bench("automaton", "--resume"); code != ExitUsage || !strings.Contains(errs, "--prune: automaton16 in") {
		t.Fatalf("--resume with another --prune: exit %d: %s", code, errs)
	}
}
