package verify

import (
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// The judge sample of the Rotation Game and its published answers: AC
// (2 moves) and DDHH (4 moves), both with symbol 2.
const (
	rotationSample1 = "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3"
	rotationSample2 = "1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3"
)

// verdicts returns the verdicts of the pairs, each checked by check
// unless its reading found a fault.
func verdicts[B, A any](pairs []Pair[B, A], check func(*Pair[B, A]) search.Check) []search.Verdict {
	var got []search.Verdict
	for i := range pairs {
		got = append(got, pairs[i].check(check).Verdict)
	}
	return got
}

func sameVerdicts(t *testing.T, name string, got, want []search.Verdict) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: verdicts %v, want %v", name, got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s: verdicts %v, want %v", name, got, want)
			return
		}
	}
}

// TestAnswersWithoutMovesAreNotOK: an answer that gives a length above 0
// without moves (a line "LENGTH" in a text file, a run without "moves" as
// bench writes) is never ok (in a file in the aoj format, whose first
// answer other than 0 is a length alone, the length is the whole answer): its length is compared with the optimum, and
// the optimal length is no-moves, a longer one not-optimal, a shorter one
// wrong. A length of 0 needs no moves: ok on a board at the goal, wrong
// elsewhere. The same answers with their moves are ok.
func TestAnswersWithoutMovesAreNotOK(t *testing.T) {
	// 8-puzzle boards 1, 1 and 2 moves from the blank-first goal (blank
	// moves L; U; U then L), and the goal.
	boards := "1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n0 1 2 3 4 5 6 7 8\n"
	h, err := search.LoadTilesHeuristic(nil, 3, 3, search.TilesManhattan)
	if err != nil {
		t.Fatal(err)
	}
	s := search.NewTilesSolver(h)
	check := func(p *Pair[bitboard.Tiles, TilesAnswer]) search.Check {
		c, err := checkTiles(s, p.Board, bitboard.BlankFirst, p.Answer, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	always := func(bitboard.Tiles) bool { return true }
	ok, none, wrong, longer := search.VerdictOK, search.VerdictNoMoves, search.VerdictWrong, search.VerdictNotOptimal
	run := func(line int, length int, moves ...string) string {
		r := map[string]any{"puzzle": "8puzzle", "input": "b", "line": line, "status": "solved", "length": length}
		if len(moves) > 0 {
			r["moves"] = moves[0]
		}
		return jsonLine(r)
	}
	for _, c := range []struct {
		name, answers string
		want          []search.Verdict
	}{
		{"text", "1 L\n1 U\n2 UL\n0\n", []search.Verdict{ok, ok, ok, ok}},
		{"text, a length alone", "1 L\n1\n2 UL\n0\n", []search.Verdict{ok, none, ok, ok}},
		{"aoj: the length is the answer", "1\n2\n1\n0\n", []search.Verdict{ok, longer, wrong, ok}},
		{"json", run(1, 1, "L") + run(2, 1, "U") + run(3, 2, "UL") + run(4, 0, ""), []search.Verdict{ok, ok, ok, ok}},
		{"json without moves", run(1, 1) + run(2, 1) + run(3, 2) + run(4, 0), []search.Verdict{none, none, none, ok}},
		{"json, length 0 without moves off the goal", run(1, 0) + run(2, 1) + run(3, 2, "UL"), []search.Verdict{wrong, none, ok, search.VerdictMissing}},
	} {
		r, err := NewTilesReader(strings.NewReader(boards), "b", strings.NewReader(c.answers), "a", tiles3x3(t), always, nil)
		sameVerdicts(t, c.name, verdicts(readAll(t, r, err), check), c.want)
	}
}

// TestRotationAnswersWithoutMoves: the same for the Rotation Game, whose
// judge format always gives the moves: a run without moves is never ok,
// and a length where the move line should be is not a move.
func TestRotationAnswersWithoutMoves(t *testing.T) {
	newSolver := func() *search.RotationSolver {
		s, err := search.NewRotationSolver(nil, search.RotationCount)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	check := RotationChecks(newSolver)()
	// solvedBoard's centre (cells 7-9, 12, 13, 16-18) holds 2s.
	boards := rotationSample1 + "\n" + rotationSample2 + "\n" + solvedBoard + "\n"
	run := func(line, length int, moves ...string) string {
		r := map[string]any{"puzzle": "rotation", "line": line, "status": "solved", "length": length, "symbol": 2}
		if len(moves) > 0 {
			r["moves"] = moves[0]
		}
		return jsonLine(r)
	}
	ok, none := search.VerdictOK, search.VerdictNoMoves
	for _, c := range []struct {
		name, answers string
		want          []search.Verdict
	}{
		{"judge", "AC\n2\nDDHH\n2\nNo moves needed\n2\n", []search.Verdict{ok, ok, ok}},
		{"judge, lengths for moves", "2\n2\n4\n2\nNo moves needed\n2\n", []search.Verdict{search.VerdictWrong, search.VerdictWrong, ok}},
		{"json", run(1, 2, "AC") + run(2, 4, "DDHH") + run(3, 0, ""), []search.Verdict{ok, ok, ok}},
		{"json without moves", run(1, 2) + run(2, 4) + run(3, 0), []search.Verdict{none, none, ok}},
		{"json without moves, other lengths", run(1, 3) + run(2, 3) + run(3, 1), []search.Verdict{search.VerdictNotOptimal, search.VerdictWrong, search.VerdictNotOptimal}},
		{"json, length 0 without moves off the goal", run(1, 0) + run(2, 4) + run(3, 0), []search.Verdict{search.VerdictWrong, none, ok}},
	} {
		r, err := NewRotationReader(strings.NewReader(boards), "b", strings.NewReader(c.answers), "a")
		sameVerdicts(t, c.name, verdicts(readAll(t, r, err), check), c.want)
	}
}
