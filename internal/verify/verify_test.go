package verify

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

const solvedBoard = "1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3"

// TestRotationPairs: a bad board takes no answer, blank lines are skipped
// in both inputs, the 0 line ends the boards, and answers left over are
// counted.
func TestRotationPairs(t *testing.T) {
	boards := solvedBoard + "\n\n1 2 3\n" + solvedBoard + "\n" + solvedBoard + "\n0\n" + solvedBoard + "\n"
	answers := "No moves needed\n1\n\nAB\n2\nC\n"
	r, err := NewRotationReader(strings.NewReader(boards), "b", strings.NewReader(answers), "a")
	got := readAll(t, r, err)
	type want struct {
		board, answer int
		moves, symbol string
		bad, missing  bool
		noSymbol      bool
	}
	wants := []want{
		{board: 1, answer: 1, symbol: "1"},
		{board: 3, bad: true},
		{board: 4, answer: 4, moves: "AB", symbol: "2"},
		{board: 5, answer: 6, moves: "C", noSymbol: true},
	}
	if len(got) != len(wants) {
		t.Fatalf("%d pairs, want %d (none after the 0 line)", len(got), len(wants))
	}
	for i, w := range wants {
		p := got[i]
		if p.BoardLine != w.board || p.AnswerLine != w.answer || p.Answer.Moves != w.moves ||
			p.Answer.Symbol != w.symbol || (p.verdict == search.VerdictBadBoard) != w.bad || (p.verdict == search.VerdictMissing) != w.missing ||
			(p.verdict == search.VerdictWrong) != w.noSymbol {
			t.Fatalf("pair %d: %+v, want %+v", i, p, w)
		}
	}
	r, _ = NewRotationReader(strings.NewReader(solvedBoard+"\n"), "b", strings.NewReader("No moves needed\n1\nA\n1\n\nB\n"), "a")
	var units [][]Pair[bitboard.Rotation, RotationAnswer]
	if err := r.source(1)(func(_ *batch.Unit, pairs []Pair[bitboard.Rotation, RotationAnswer]) bool {
		units = append(units, pairs)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	// Two answers left: "A 1" and "B" without its symbol line.
	if extra, err := r.Extra(); len(units) != 1 || units[0][0].verdict != search.VerdictOK || extra != 2 || err != nil {
		t.Fatalf("%d units, extra %d, %v", len(units), extra, err)
	}
}

// TestTilesPairs: unsolvable and malformed boards take no answer; a board
// split over lines is one record, named by its first line.
func TestTilesPairs(t *testing.T) {
	boards := "1 2 3\n4 5 6\n7 8 0\n# c\n2 1 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n"
	answers := "0\n1 R\n"
	solvable := func(b bitboard.Tiles) bool { return b.Solvable(bitboard.BlankLast) }
	r, err := NewTilesReader(strings.NewReader(boards), "b", strings.NewReader(answers), "a", tiles3x3(t), solvable, nil)
	got := readAll(t, r, err)
	if len(got) != 5 || got[0].BoardLine != 1 || got[0].AnswerLine != 1 || got[0].Answer != (TilesAnswer{Length: 0, Moves: "", HasMoves: true}) ||
		got[1].BoardLine != 5 || got[1].AnswerLine != 0 || got[1].verdict == search.VerdictBadBoard ||
		got[2].BoardLine != 6 || got[2].verdict != search.VerdictBadBoard || !strings.HasPrefix(got[2].detail, "field 9: ") ||
		got[3].AnswerLine != 2 || got[3].Answer != (TilesAnswer{Length: 1, Moves: "R", HasMoves: true}) || got[4].verdict != search.VerdictMissing {
		t.Fatalf("pairs %+v", got)
	}
}

// TestBadBoardLine: a bad board's detail names the line of its bad field
// only when that is not the line the verdict names (the board's first): a
// board on one line has it once.
func TestBadBoardLine(t *testing.T) {
	boards := "1 2 3 4 5 6 7 8 8\n1 2 3\n4 5 6\n7 8 8\n"
	r, err := NewTilesReader(strings.NewReader(boards), "b", strings.NewReader(""), "a", tiles3x3(t),
		func(bitboard.Tiles) bool { return true }, nil)
	got := readAll(t, r, err)
	if len(got) != 2 || got[0].BoardLine != 1 || got[0].detail != "field 9: duplicate tile: tile 8 appears twice" ||
		got[1].BoardLine != 2 || got[1].detail != "line 4: field 9: duplicate tile: tile 8 appears twice" {
		t.Fatalf("pairs %+v", got)
	}
}

// TestOverlongBoard: a board record longer than batch.MaxRecord is a bad
// board at its first line, as solve reports it, and the boards after it are
// paired on.
func TestOverlongBoard(t *testing.T) {
	boards := solvedBoard + "\n" + strings.Repeat("1 ", batch.MaxRecord/2+10) + "\n" + solvedBoard + "\n"
	r, err := NewRotationReader(strings.NewReader(boards), "b", strings.NewReader("No moves needed\n1\nNo moves needed\n1\n"), "a")
	got := readAll(t, r, err)
	if len(got) != 3 || got[0].AnswerLine != 1 || got[1].BoardLine != 2 || got[1].verdict != search.VerdictBadBoard ||
		!strings.HasPrefix(got[1].detail, "record longer than") || got[2].BoardLine != 3 || got[2].AnswerLine != 3 {
		t.Fatalf("pairs %+v", got)
	}
}

// TestPrecheck: Precheck makes puzzle.Precheck's checks of the boards: a
// first record that is a board of another puzzle is ErrBoardSize's error
// naming the input and the line; a file whose every record taken is bad
// sets NoBoards (no table is loaded; the run gives each a verdict), one
// with a board taken does not; an input that cannot be opened is named
// by its flag.
func TestPrecheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	const good, bad = "1 2 3 4 5 6 7 8 0\n", "1 2 3 4 5 6 7 8 8\n"
	b15 := write("b15.txt", "# 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"+good)
	answers := write("answers.txt", "0\n")
	open := func(name string) (io.Reader, func(), error) { return batch.Open(name, strings.NewReader("")) }
	for _, c := range []struct {
		input, instances string
		none             bool
		err              string // the error's start
	}{
		{b15, "", false, b15 + ":2: the first record is not a board of this puzzle: "},
		{write("bad.txt", bad+"\n"+bad), "", true, ""},
		{write("mixed.txt", bad+good+bad), "", false, ""},
		{write("taken.txt", good+bad+bad), "3,2", true, ""},
		{write("taken1.txt", good+bad+bad), "1-2", false, ""},
		{filepath.Join(dir, "nosuch.txt"), "", false, "--input: open "},
	} {
		sel, err := puzzle.ParseSelection("", c.instances)
		if err != nil {
			t.Fatal(err)
		}
		o := &Options{Sel: &sel}
		err = Precheck(tiles3x3(t), open, nil, o, c.input, answers)
		if o.NoBoards != c.none || (err == nil) != (c.err == "") || err != nil && !strings.HasPrefix(err.Error(), c.err) {
			t.Errorf("%s --instances %q: NoBoards %v, error %v; want %v, %q...", c.input, c.instances, o.NoBoards, err, c.none, c.err)
		}
		if c.input == b15 && !errors.Is(err, puzzle.ErrBoardSize) {
			t.Errorf("%s: %v, want puzzle.ErrBoardSize", c.input, err)
		}
	}
}
