package search

import (
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// tiles80Moves reads the 17 15-puzzle positions 80 moves from the
// blank-first goal (Brüngger, Marzetta, Fukuda & Nievergelt 1999) from
// data/15puzzle-80moves.txt.
func tiles80Moves(t testing.TB) []bitboard.Tiles {
	return tilesDataFile(t, "15puzzle-80moves.txt", 4, 17)
}

// TestTiles80MovesParse checks every record of data/15puzzle-80moves.txt
// against what any 80-move position must satisfy: the 17 boards are
// distinct, solvable for the blank-first goal, and their Manhattan distance
// is at most 80 and even (every move changes it by one, so its parity is the
// parity of every solution's length).
func TestTiles80MovesParse(t *testing.T) {
	boards := tiles80Moves(t)
	h := tilesHeur(t, 4, 4, "manhattan")
	seen := map[bitboard.Tiles]bool{}
	for i, b := range boards {
		if seen[b] {
			t.Fatalf("board %d (%v) is listed twice", i+1, b)
		}
		seen[b] = true
		if !b.Solvable(bitboard.BlankFirst) {
			t.Fatalf("board %d (%v) is not solvable for the blank-first goal", i+1, b)
		}
		if md := h.Eval(b); md > 80 || md%2 != 0 {
			t.Fatalf("board %d (%v): Manhattan distance %d, want even and at most 80", i+1, b, md)
		}
	}
}

// TestLongTiles80MovesDefault solves one of the 17 80-move positions with
// the 4 x 4 default heuristic and pruning: an optimal solution of exactly 80
// moves (the published distance) that reaches the goal. Long suite only:
// the default's two 7-tile tables take about a minute of CPU to build.
func TestLongTiles80MovesDefault(t *testing.T) {
	skipUnlessLong(t)
	b := tiles80Moves(t)[tiles80MovesLongIndex]
	s := NewTilesSolver(tilesHeur(t, 4, 4, DefaultTilesHeuristic(4, 4)))
	moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{})
	if err != nil || len(moves) != 80 {
		t.Fatalf("%v: %d moves (%+v), %v; want 80", b, len(moves), st, err)
	}
	checkTilesSolution(t, b, bitboard.BlankFirst, moves)
}

// tiles80MovesLongIndex is the board (from 0) TestLongTiles80MovesDefault
// solves: instance 12, the one pdb663+reflect (the default before
// pdb771+reflect) solved with the fewest nodes
// (docs/results/2026-12-01-15puzzle-80moves.md); pdb771+reflect expands
// about 1.7e7 nodes on it, about 4 s of CPU.
const tiles80MovesLongIndex = 11
