package verify

import (
	"fmt"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// checkTiles checks answer a to board b for goal. An unsolvable board gets
// VerdictUnsolvable whatever the answer. Moves must be legal and reach the
// goal; a bare length (a.HasMoves false) can only be checked against the
// optimal length, which s finds under lim (its search.ErrLimit is returned
// as is), and is never ok (judgeLength) but in the aoj format, which holds
// lengths only (a.LengthOnly).
func checkTiles(s *search.TilesSolver, b bitboard.Tiles, goal bitboard.Goal, a TilesAnswer, lim search.Limits) (search.Check, error) {
	if !b.Solvable(goal) {
		return search.Check{Verdict: search.VerdictUnsolvable, Detail: puzzle.Unsolvable(b, goal).Error()}, nil
	}
	best, _, err := s.Solve(b, goal, lim)
	if err != nil {
		return search.Check{}, err
	}
	c := search.Check{Length: a.Length, Optimal: len(best), Lengths: true}
	if a.HasMoves {
		end, err := b.Apply(a.Moves)
		if err != nil {
			c.Verdict, c.Detail = search.VerdictWrong, err.Error()
			return c, nil
		}
		if !end.IsGoal(goal) {
			c.Verdict, c.Detail = search.VerdictWrong, "the moves do not reach the goal"
			return c, nil
		}
	}
	judgeLength(&c, a.HasMoves || a.LengthOnly)
	return c, nil
}

// judgeLength gives the verdict on an answer of c.Length moves to a board
// whose optimal length is c.Optimal, once its moves, if it gives them
// (hasMoves), are found to solve the board: not-optimal when it is longer
// than the optimum; wrong when shorter (only a bare length can be); else ok
// with moves, and without them no-moves: a bare length of the optimum
// shows nothing of a solution.
func judgeLength(c *search.Check, hasMoves bool) {
	switch {
	case c.Length > c.Optimal:
		c.Verdict, c.Detail = search.VerdictNotOptimal, fmt.Sprintf("length %d, optimal %d", c.Length, c.Optimal)
	case c.Length < c.Optimal:
		c.Verdict, c.Detail = search.VerdictWrong, fmt.Sprintf("length %d claimed, optimal %d", c.Length, c.Optimal)
	case !hasMoves:
		c.Verdict, c.Detail = search.VerdictNoMoves, fmt.Sprintf("length %d, the optimal length, but no moves to check", c.Length)
	}
}
