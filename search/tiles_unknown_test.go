package search

import (
	"errors"
	"strings"
	"testing"
)

// An unknown name's error offers the modifiers the board takes: +reflect
// only on a square board (it looks up the board's transpose).
func TestTilesUnknownOffersTheBoardsModifiers(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want, not  string
	}{
		{3, 4, "with +zero and +bits (which needs +zero);", "+reflect"},
		{2, 5, "with +zero and +bits (which needs +zero);", "+reflect"},
		{4, 4, "with any of +zero, +reflect and +bits (which needs +zero);", "\x00"},
	} {
		_, err := PlanTilesHeuristic(c.rows, c.cols, "bogus")
		if !errors.Is(err, ErrTilesHeuristic) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.not) {
			t.Errorf("%dx%d: %v; want %q and no %q", c.rows, c.cols, err, c.want, c.not)
		}
	}
}
