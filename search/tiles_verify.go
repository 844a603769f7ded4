package search

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// VerifyTiles checks an answer to board b for goal: answer is "LENGTH
// MOVES" (blank moves U, D, L, R) or a bare "LENGTH", which can only be
// checked against the optimal length. An unsolvable board gets
// VerdictUnsolvable whatever the answer. The optimal length comes from
// Solve under lim; its ErrLimit is returned as is.
func (s *TilesSolver) VerifyTiles(b bitboard.Tiles, goal bitboard.Goal, answer string, lim Limits) (Check, error) {
	if !b.Solvable(goal) {
		return Check{Verdict: VerdictUnsolvable, Detail: fmt.Sprintf("%v cannot reach the %v goal", b, goal)}, nil
	}
	best, _, err := s.Solve(b, goal, lim)
	if err != nil {
		return Check{}, err
	}
	c := Check{Optimal: len(best)}
	fields := strings.Fields(answer)
	n := -1
	if len(fields) > 0 {
		if v, err := strconv.Atoi(fields[0]); err == nil {
			n = v
		}
	}
	switch {
	case n < 0 || len(fields) > 2:
		c.Verdict, c.Detail = VerdictWrong, fmt.Sprintf("%q is not LENGTH or LENGTH MOVES", answer)
		return c, nil
	case len(fields) == 2 && len(fields[1]) != n:
		c.Length = n
		c.Verdict, c.Detail = VerdictWrong, fmt.Sprintf("length %d, but %d moves", n, len(fields[1]))
		return c, nil
	}
	c.Length = n
	if len(fields) == 2 || n == 0 {
		moves := ""
		if len(fields) == 2 {
			moves = fields[1]
		}
		end, err := b.Apply(moves)
		if err != nil {
			c.Verdict, c.Detail = VerdictWrong, err.Error()
			return c, nil
		}
		if !end.IsGoal(goal) {
			c.Verdict, c.Detail = VerdictWrong, "the moves do not reach the goal"
			return c, nil
		}
	}
	switch {
	case n > len(best):
		c.Verdict, c.Detail = VerdictNotOptimal, fmt.Sprintf("%d moves, optimal %d", n, len(best))
	case n < len(best):
		// Only a bare length can claim fewer moves than the optimum.
		c.Verdict, c.Detail = VerdictWrong, fmt.Sprintf("%d moves claimed, optimal %d", n, len(best))
	}
	return c, nil
}
