package cli

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// TestOrderFlagSameLengthsSameIterations solves random 15-puzzles under each
// --order: the lengths must agree and so must the nodes expanded below the
// last iteration (searched in full, whatever the order), each answer must
// reach the goal, and the orders must differ somewhere in the last
// iterations' counts (else --order changed nothing). A bench run's header
// names a falling order, and --resume refuses a change of --order.
func TestOrderFlagSameLengthsSameIterations(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	var in strings.Builder
	var boards []bitboard.Tiles
	for i := range 8 {
		b := bitboard.RandomWalkTiles(rng, 4, 4, bitboard.BlankFirst, 100+10*i)
		boards = append(boards, b)
		in.WriteString(b.String() + "\n")
	}
	dir := t.TempDir()
	type rec struct {
		Moves        string `json:"moves"`
		Length       int    `json:"length"`
		Expanded     uint64 `json:"expanded"`
		LastExpanded uint64 `json:"last_expanded"`
	}
	solve := func(order string) []rec {
		recs, _ := solveJSON[rec](t, dir, in.String(), len(boards), "--order", order)
		return recs
	}
	fixed, falling := solve("fixed"), solve("falling")
	differ := false
	for i, b := range boards {
		f, o := fixed[i], falling[i]
		if o.Length != f.Length || o.Expanded-o.LastExpanded != f.Expanded-f.LastExpanded {
			t.Fatalf("board %d: falling %d moves, %d expanded below the last bound; fixed %d, %d", i+1,
				o.Length, o.Expanded-o.LastExpanded, f.Length, f.Expanded-f.LastExpanded)
		}
		end, err := b.Apply(o.Moves)
		if err != nil || !end.IsGoal(bitboard.BlankFirst) {
			t.Fatalf("board %d: falling order's moves %s do not solve %v (%v)", i+1, o.Moves, b, err)
		}
		differ = differ || o.LastExpanded != f.LastExpanded
	}
	if !differ {
		t.Fatal("--order falling searched every last iteration as --order fixed did")
	}
	out := filepath.Join(t.TempDir(), "b.jsonl")
	bench := func(order string, resume ...string) (int, string) {
		return benchTo(t, dir, in.String(), out, append([]string{"--order", order}, resume...)...)
	}
	if code, errs := bench("falling"); code != ExitOK {
		t.Fatalf("bench: exit %d: %s", code, errs)
	}
	if data, err := os.ReadFile(out); err != nil || !strings.Contains(strings.SplitN(string(data), "\n", 2)[0], `"order":"falling"`) {
		t.Fatalf("the run's header does not name the order (%v): %.300s", err, data)
	}
	if code, errs := bench("fixed", "--resume"); code != ExitUsage || !strings.Contains(errs, "--order: falling in "+out+", fixed in this run") {
		t.Fatalf("--resume with another --order: exit %d: %s", code, errs)
	}
}
