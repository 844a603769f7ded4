package verify

import (
	"errors"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// TestJSONAnswersPassOverOtherKinds: only runs are answers; headers, bench
// summaries, reports, verdicts and census lines are passed over wherever
// they are, the last line included, so a board no run names is missing,
// not answered by one of them, and none is an extra answer.
func TestJSONAnswersPassOverOtherKinds(t *testing.T) {
	run := func(line int) string {
		return jsonLine(map[string]any{"puzzle": "8puzzle", "input": "b", "line": line, "status": "solved", "length": 0, "moves": ""})
	}
	others := map[string]string{
		"header":  jsonLine(map[string]any{"provenance": map[string]any{}, "config": map[string]any{"puzzle": "8puzzle"}}),
		"summary": jsonLine(map[string]any{"summary": map[string]any{"complete": true}, "report": map[string]any{"puzzle": "8puzzle"}}),
		"report":  jsonLine(map[string]any{"report": map[string]any{"puzzle": "8puzzle"}}),
		"verdict": jsonLine(map[string]any{"puzzle": "8puzzle", "input": "b", "line": 2, "verdict": "ok"}),
		"census":  jsonLine(map[string]any{"puzzle": "8puzzle", "counts": []int{1}}),
	}
	boards := strings.Repeat("1 2 3 4 5 6 7 8 0\n", 3)
	for name, other := range others {
		// Board 2 has no run; board 3's comes after it, with the other
		// value between and last.
		answers := other + run(1) + other + run(3) + other
		rd, err := NewTilesReader(strings.NewReader(boards), "b", strings.NewReader(answers), "a", tiles3x3(t),
			func(bitboard.Tiles) bool { return true }, nil)
		pairs := readAll(t, rd, err)
		if len(pairs) != 3 || pairs[0].AnswerLine != 2 || pairs[0].verdict != search.VerdictOK ||
			pairs[1].AnswerLine != 0 || pairs[1].verdict != search.VerdictMissing ||
			pairs[2].AnswerLine != 4 || pairs[2].verdict != search.VerdictOK {
			t.Errorf("%s: pairs %+v", name, pairs)
		}
		// With the last run gone, the last board is missing: the value
		// after the last run answers nothing.
		answers = other + run(1) + other
		rd, err = NewTilesReader(strings.NewReader(boards), "b", strings.NewReader(answers), "a", tiles3x3(t),
			func(bitboard.Tiles) bool { return true }, nil)
		pairs = readAll(t, rd, err)
		if len(pairs) != 3 || pairs[1].verdict != search.VerdictMissing || pairs[2].verdict != search.VerdictMissing {
			t.Errorf("%s last: pairs %+v", name, pairs)
		}
		if extra, err := rd.Extra(); extra != 0 || err != nil {
			t.Errorf("%s: extra %d, %v", name, extra, err)
		}
	}
}

// TestCheckPuzzle: answers whose first run or header naming a puzzle
// names another are ErrOtherPuzzle's error (a puzzle.ErrBoardSize, exit
// status 1), naming the answers' line and both puzzles; other values
// (a verdict names a puzzle too) and text answers are not looked at.
func TestCheckPuzzle(t *testing.T) {
	run15 := jsonLine(map[string]any{"puzzle": "15puzzle", "input": "b", "line": 1, "status": "solved", "length": 0, "moves": ""})
	run8 := strings.ReplaceAll(run15, "15puzzle", "8puzzle")
	header15 := jsonLine(map[string]any{"provenance": map[string]any{}, "config": map[string]any{"puzzle": "15puzzle"}})
	verdict15 := jsonLine(map[string]any{"puzzle": "15puzzle", "input": "b", "line": 1, "verdict": "ok"})
	for _, c := range []struct {
		head  string
		whole bool
		line  int // of the error; 0 for none
	}{
		{run15, true, 1},
		{"\n" + header15 + run8, true, 2}, // the header names it first
		{verdict15 + run15, true, 2},
		{verdict15 + run8 + run15, true, 0}, // the first run is the 8-puzzle's
		{run8, true, 0},
		{`{"puzzle":"15puzzle","line":1,"status":"sol`, false, 0}, // not a whole line yet
		{"0\n", true, 0},
	} {
		err := checkPuzzle([]byte(c.head), c.whole, "a", "8puzzle")
		if c.line == 0 {
			if err != nil {
				t.Errorf("%q: %v", c.head, err)
			}
			continue
		}
		want := "a:" + string(rune('0'+c.line)) + ": the answers are of another puzzle: the 15puzzle, not the 8puzzle"
		if !errors.Is(err, ErrOtherPuzzle) || !errors.Is(err, puzzle.ErrBoardSize) || err.Error() != want {
			t.Errorf("%q: %v, want %q", c.head, err, want)
		}
	}
}
