package search

import (
	"fmt"
	"strconv"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// VerifyRotation checks an answer to board b: moves (letters A-H, "" for
// none) and symbol, the text of the line naming the centre's symbol. The
// answer is ok when the moves fill the centre, name its symbol, and are the
// shortest and, among the shortest, the dictionary-smallest move string,
// which s (an exact solver) finds.
func (s *RotationSolver) VerifyRotation(b bitboard.Rotation, moves, symbol string) Check {
	best, _ := s.Solve(b, Limits{})
	c := Check{Length: len(moves), Optimal: best.Len, Lengths: true}
	end, err := b.Apply(moves)
	switch {
	case err != nil:
		c.Verdict, c.Detail = VerdictWrong, err.Error()
	case end.Centre() == 0:
		c.Verdict, c.Detail = VerdictWrong, "the moves do not fill the centre with one symbol"
	case symbol != strconv.Itoa(end.Centre()):
		c.Verdict, c.Detail = VerdictSymbol, fmt.Sprintf("symbol line %q, the centre holds %d", symbol, end.Centre())
	case len(moves) > best.Len:
		c.Verdict, c.Detail = VerdictNotOptimal, fmt.Sprintf("length %d, optimal %d", len(moves), best.Len)
	case moves != best.MoveString():
		c.Verdict, c.Detail = VerdictNotSmallest, fmt.Sprintf("%q, the smallest is %q", moves, best.MoveString())
	}
	return c
}
