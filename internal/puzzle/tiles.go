package puzzle

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Tiles is the sliding-tile puzzle on one board: a Family[bitboard.Tiles].
// Its zero value is no board; make one with LookupTiles or ParseSize.
type Tiles struct{ rows, cols int }

// Sides of the named square boards.
const (
	tiles8Side  = 3
	tiles15Side = 4
	tiles24Side = 5
)

// TilesSplitCells is the number of cells above which SplitAuto has all
// workers search one board: from 4 x 5 on a board takes seconds to hours and
// a batch rarely has enough of them to keep one worker a board busy, while
// 8- and 15-puzzle boards take milliseconds to a second.
const TilesSplitCells = 16

// newTiles returns the puzzle on the rows x cols board, an error wrapping
// ErrPuzzle when bitboard has no such board.
func newTiles(rows, cols int) (Tiles, error) {
	if !bitboard.TilesSizeOK(rows, cols) {
		return Tiles{}, errorf(ErrPuzzle, "no such board: want %d <= ROWS, COLS and ROWS*COLS <= %d (%dx%d has %d cells)",
			bitboard.TilesMinSide, bitboard.TilesMaxCells, rows, cols, rows*cols)
	}
	return Tiles{rows, cols}, nil
}

// tilesNamed returns the puzzle of a named square board (8puzzle, 15puzzle,
// 24puzzle) and whether name is one.
func tilesNamed(name string) (Tiles, bool) {
	switch name {
	case tiles8Name:
		return Tiles{tiles8Side, tiles8Side}, true
	case tiles15Name:
		return Tiles{tiles15Side, tiles15Side}, true
	case tiles24Name:
		return Tiles{tiles24Side, tiles24Side}, true
	}
	return Tiles{}, false
}

// SizeValue is a board shape as a flag's value (String, Set and Type, the
// methods of pflag.Value), checked as it is parsed (ParseSize); Size is nil
// until it is set.
type SizeValue struct{ Size *Tiles }

// String returns the shape as ROWSxCOLS, or "" when it is not set.
func (f *SizeValue) String() string {
	if f.Size == nil {
		return ""
	}
	return f.Size.String()
}

// Type returns the value's form in help: "ROWSxCOLS".
func (f *SizeValue) Type() string { return "ROWSxCOLS" }

// Set parses v (ParseSize) into f.
func (f *SizeValue) Set(v string) error {
	t, err := ParseSize(v)
	if err != nil {
		return err
	}
	f.Size = &t
	return nil
}

// HeuristicList is the --heuristic flag of bench and score (String, Set and
// Type, the methods of pflag.Value): names separated by commas, split by
// search.SplitHeuristicList (a comma inside a pattern, "pdb:1,2,4-6/...",
// does not split); the flag given again adds names.
type HeuristicList struct{ Names *[]string }

func (f HeuristicList) String() string { return strings.Join(*f.Names, ",") }
func (f HeuristicList) Type() string   { return "NAME,..." }
func (f HeuristicList) Set(v string) error {
	*f.Names = append(*f.Names, search.SplitHeuristicList(v)...)
	return nil
}

// TilesSizeHelp is the help of --size: the shapes ParseSize takes.
var TilesSizeHelp = fmt.Sprintf("board shape ROWSxCOLS: %d <= ROWS, COLS and ROWS*COLS <= %d (4x4 is the 15-puzzle)",
	bitboard.TilesMinSide, bitboard.TilesMaxCells)

// ParseSize reads a board shape "ROWSxCOLS", such as "3x4"; errors wrap
// ErrPuzzle.
func ParseSize(v string) (Tiles, error) {
	r, c, ok := strings.Cut(strings.ToLower(strings.TrimSpace(v)), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil {
		return Tiles{}, errorf(ErrPuzzle, "%q: want ROWSxCOLS with %d <= ROWS, COLS and ROWS*COLS <= %d, such as 3x4",
			v, bitboard.TilesMinSide, bitboard.TilesMaxCells)
	}
	t, err := newTiles(rows, cols)
	if err != nil {
		return Tiles{}, &kindError{ErrPuzzle, fmt.Errorf("%q: %w", v, err)}
	}
	return t, nil
}

// Rows returns the number of rows of the board.
func (t Tiles) Rows() int { return t.rows }

// Cols returns the number of columns of the board.
func (t Tiles) Cols() int { return t.cols }

// Cells returns the number of cells of the board.
func (t Tiles) Cells() int { return t.rows * t.cols }

// String returns the board shape, "3x4".
func (t Tiles) String() string { return fmt.Sprintf("%dx%d", t.rows, t.cols) }

func (Tiles) sealed() {}

// Name implements Puzzle: "tiles".
func (Tiles) Name() string { return TilesName }

// RecordName implements Puzzle.
func (t Tiles) RecordName() string { return record.TilesPuzzle(t.rows, t.cols) }

// heuristicNames implements Puzzle.
func (t Tiles) heuristicNames() []string { return search.TilesHeuristicNames(t.rows, t.cols) }

// DefaultHeuristic implements Puzzle.
func (t Tiles) DefaultHeuristic() string { return search.DefaultTilesHeuristic(t.rows, t.cols) }

// GoalName implements Puzzle.
func (Tiles) GoalName(goal bitboard.Goal) string { return goal.String() }

// TilesAOJFormat is the name of the sliding tiles' aoj format: an answer
// is its length alone, as AOJ ALDS1_13_B/C want it.
const TilesAOJFormat = "aoj"

// FormatGoal returns the goal the sliding tiles' answers format named
// implies when no --goal is given: blank-last for TilesAOJFormat (the
// judge's goal, 1 2 ... 0); ok is false for the other formats, which imply
// none. It is the one home of that rule: solve's --format aoj and verify's
// answers read in the aoj format both take it.
func FormatGoal(format string) (goal bitboard.Goal, ok bool) {
	return bitboard.BlankLast, format == TilesAOJFormat
}

// PruneName implements Puzzle.
func (Tiles) PruneName(prune search.TilesPruning) string { return prune.String() }

// OrderName implements Puzzle.
func (Tiles) OrderName(order search.TilesOrder) string {
	if order == search.TilesOrderFixed {
		return ""
	}
	return order.String()
}

// splitSearch implements Puzzle: SplitOn, or SplitAuto on boards of more
// than TilesSplitCells cells.
func (t Tiles) splitSearch(mode SplitMode) bool {
	return mode == SplitOn || mode == SplitAuto && t.Cells() > TilesSplitCells
}

// Split implements Puzzle: it cuts after the line completing a board.
func (t Tiles) Split(data []byte, atEOF bool) int {
	return bitboard.TilesSplit(data, t.Cells(), atEOF, 0)
}

// Parse parses a scanned record of the board: the one call into bitboard's
// board parser.
func (t Tiles) Parse(rec *bitboard.TilesRecord) (bitboard.Tiles, error) {
	return bitboard.ParseTiles(rec.Fields, t.rows, t.cols)
}

// pdbNames returns the short names of the board's table of exact distances
// and preset partitions, as gen's --pdb takes them: "exact" and "44" on
// 3 x 3, "555", "663", "78" and "771" on 4 x 4, "6666" on 5 x 5, none elsewhere.
func (t Tiles) pdbNames() []string {
	var out []string
	if t.rows == pdb.TilesExactSide && t.cols == pdb.TilesExactSide {
		out = append(out, pdb.TilesExactPattern)
	}
	board := " (" + t.String() + ")"
	for _, name := range pdb.TilesPartitionNames() {
		if n, ok := strings.CutSuffix(name, board); ok {
			out = append(out, n)
		}
	}
	return out
}

// PDBHeuristic returns the heuristic whose tables a short name of gen's --pdb
// stands for: "exact", or "pdb" and the preset partition's name; an error
// for a name that is not one of the board's (pdbNames).
func (t Tiles) PDBHeuristic(short string) (string, error) {
	names := t.pdbNames()
	switch {
	case !slices.Contains(names, short) && len(names) == 0:
		return "", fmt.Errorf("not a table of the %s board, which has no preset (give --heuristic)", t)
	case !slices.Contains(names, short):
		return "", fmt.Errorf("not a table of the %s board (have %s)", t, OrList(names))
	case short == pdb.TilesExactPattern:
		return short, nil
	}
	return "pdb" + short, nil
}

// BoardText implements Family.
func (Tiles) BoardText(b bitboard.Tiles) string { return b.String() }

// scan implements Family.
func (t Tiles) scan(r io.Reader, rec *Record[bitboard.Tiles], emit func() bool) error {
	stopped := false
	return scanChunks(r, t.Split, func(data []byte, line int) bool {
		bitboard.TilesScan(data, line, t.Cells(), func(tr *bitboard.TilesRecord) {
			if stopped {
				return
			}
			rec.Board, rec.Err = t.Parse(tr)
			rec.Line, rec.Start, rec.Fields = tr.Line, tr.Line, tr.Fields
			if rec.Err != nil {
				rec.Line = tr.ErrLine(rec.Err)
			}
			stopped = !emit()
		})
		return !stopped
	}, func(line int) bool {
		rec.Board, rec.Err, rec.Line, rec.Start, rec.Fields = bitboard.Tiles{}, batch.ErrTooLong, line, line, nil
		return emit()
	}, func() {})
}

// Unsolvable returns the error of sliding-tile board b, which cannot reach
// goal, in the one wording solve, bench and verify give it, in their text
// and in their records: "B is unsolvable for the GOAL goal". It wraps
// search.ErrUnsolvable.
func Unsolvable(b bitboard.Tiles, goal bitboard.Goal) error { return unsolvableError{b, goal} }

type unsolvableError struct {
	b    bitboard.Tiles
	goal bitboard.Goal
}

func (e unsolvableError) Error() string {
	return fmt.Sprintf("%v is unsolvable for the %v goal", e.b, e.goal)
}
func (e unsolvableError) Unwrap() error { return search.ErrUnsolvable }
