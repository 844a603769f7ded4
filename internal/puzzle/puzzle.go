// Package puzzle describes each puzzle pdbsolve solves above the kernels
// and below the commands' features (solve, bench, verify): its names and
// board shapes, how its records are split, scanned and parsed (one pass,
// per record: Records, the one record stream), its heuristics (names,
// default, the plan that loads nothing) and the tables and solvers that use
// them, and the --shard and --instances selection of records (Selection).
// Two kinds implement
// Puzzle: Rotation, the Rotation Game, and Tiles, sliding tiles on one
// board size. Commands look a puzzle up by name with Lookup and work through
// Family[B], the Puzzle whose boards are of type B.
package puzzle

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Puzzle is one puzzle family on one board: what every command needs to
// know of it whatever the type of its boards.
type Puzzle interface {
	// Name returns the family's name: "rotation" or "tiles".
	Name() string
	// RecordName returns the puzzle's name in records: "rotation",
	// "8puzzle", "15puzzle", "24puzzle" or "tiles<rows>x<cols>".
	RecordName() string
	// heuristicNames lists the heuristic names the puzzle takes (for
	// sliding tiles, without user partitions "pdb:...").
	heuristicNames() []string
	// DefaultHeuristic returns the name of the default heuristic.
	DefaultHeuristic() string
	// Plan reads the heuristic called name into its plan, listing its
	// tables, or returns an error wrapping ErrHeuristic that says why it
	// is not a heuristic of the puzzle. It opens, loads and builds nothing.
	Plan(name string) (*Plan, error)
	// Split is the batch.SplitFunc of the puzzle's inputs: it cuts between
	// records.
	Split(data []byte, atEOF bool) int
	// GoalName returns goal as records write it: "" for the Rotation Game,
	// which has one goal.
	GoalName(goal bitboard.Goal) string
	// PruneName returns the sliding-tile searches' pruning prune as a
	// run's config header writes it: "" for the Rotation Game, which has
	// no such choice.
	PruneName(prune search.TilesPruning) string
	// OrderName returns the sliding-tile searches' successor order as a
	// run's config header writes it: "" for the fixed order (what a header
	// without the field means) and for the Rotation Game.
	OrderName(order search.TilesOrder) string
	// splitSearch reports whether, under mode, all workers search one
	// board at a time (instead of one board a worker).
	splitSearch(mode SplitMode) bool
	// sealed keeps the implementations to this package's: Rotation, Tiles.
	sealed()
}

// Dispatch returns onRotation or onTiles of p as the type it is: a command
// that works on boards of either type takes it here from a Puzzle.
func Dispatch[R any](p Puzzle, onRotation func(Rotation) R, onTiles func(Tiles) R) R {
	switch p := p.(type) {
	case Rotation:
		return onRotation(p)
	case Tiles:
		return onTiles(p)
	}
	panic(fmt.Sprintf("puzzle: Dispatch of %T", p)) // Puzzle is sealed
}

// DispatchTyped returns what onRotation or onTiles returns for p, its
// value as a T: for a function whose result's type depends on p's board
// type B, such as a batch of B's, which each function returns for its own B
// (a value of another type is returned as the zero T).
func DispatchTyped[B, T any](p Family[B], onRotation func(Rotation) (any, error), onTiles func(Tiles) (any, error)) (T, error) {
	var v any
	var err error
	switch p := Puzzle(p).(type) {
	case Rotation:
		v, err = onRotation(p)
	case Tiles:
		v, err = onTiles(p)
	}
	t, _ := v.(T)
	return t, err
}

// Workers returns how n workers share a batch of the boards of p under
// mode: outer goroutines, each searching one board with inner: n and 1, or 1
// and n when all search one board at a time (splitSearch).
func Workers(p Puzzle, mode SplitMode, n int) (outer, inner int) {
	if p.splitSearch(mode) {
		return 1, n
	}
	return n, 1
}

// SplitMode is how a batch shares its workers among boards (--split).
type SplitMode uint8

// The split modes.
const (
	SplitAuto SplitMode = iota // on for boards whose search takes seconds or more, and for fewer boards than workers (For)
	SplitOn                    // all workers search one board at a time
	SplitOff                   // each worker searches its own boards
)

var splitNames = [...]string{SplitAuto: "auto", SplitOn: "on", SplitOff: "off"}

// For returns the mode for a batch of boards boards (-1: not known) and
// workers workers: SplitOn when m is SplitAuto and there are fewer boards
// than workers, so that one hard board keeps every core busy (the answers
// do not depend on it: the first optimal solution in move order), else m.
func (m SplitMode) For(boards, workers int) SplitMode {
	if m == SplitAuto && boards >= 0 && boards < workers {
		return SplitOn
	}
	return m
}

// String returns the mode's name: auto, on or off.
func (m SplitMode) String() string { return splitNames[m] }

// Family is a Puzzle whose boards are of type B: bitboard.Rotation for
// Rotation, bitboard.Tiles for Tiles. Only this package implements it.
type Family[B any] interface {
	Puzzle
	// BoardText returns b as records write it.
	BoardText(b B) string
	// wrongSize reports whether a record, its fields and its error, is a
	// board of another puzzle (Precheck's check of a first record).
	wrongSize(fields []string, err error) bool
	// scan reads one input, calling emit with each record in rec.
	scan(r io.Reader, rec *Record[B], emit func() bool) error
}

// Cache returns the table cache, which builds the tables missing from it.
// Solvers call it only for a heuristic that needs tables.
type Cache func() (*pdb.Cache, error)

// ErrHeuristic is returned (wrapped, with the reason) by Puzzle.Plan for
// a name that is not a heuristic of the puzzle.
var ErrHeuristic = errors.New("unknown heuristic")

// ErrPuzzle is returned (wrapped) by Lookup and ParseSize for a puzzle or
// board that does not exist, or a --size that is missing or contradicts the
// puzzle's.
var ErrPuzzle = errors.New("no such puzzle")

// kindError is an error of a kind (ErrHeuristic, ErrPuzzle) whose message
// is err's alone: errors.Is sees the kind and err's chain.
type kindError struct{ kind, err error }

func (e *kindError) Error() string        { return e.err.Error() }
func (e *kindError) Unwrap() error        { return e.err }
func (e *kindError) Is(target error) bool { return target == e.kind }

// errorf returns an error of kind with the message format makes.
func errorf(kind error, format string, args ...any) error {
	return &kindError{kind, fmt.Errorf(format, args...)}
}

// Names returns the puzzle names Lookup takes, in the order help lists them.
func Names() []string { return []string{RotationName, tiles8Name, tiles15Name, tiles24Name, TilesName} }

// WantList lists names, the choices a command offers (its puzzles, all of
// them when none are given, or others such as shells), as its help and
// messages do: joined by OrList, the puzzles in Names' order, tiles with its
// --size, then the others as given ("rotation, 8puzzle, 15puzzle, 24puzzle
// or tiles --size ROWSxCOLS").
func WantList(names ...string) string {
	if len(names) == 0 {
		names = Names()
	}
	var want []string
	for _, name := range Names() {
		switch {
		case !slices.Contains(names, name):
		case name == TilesName:
			want = append(want, name+" --size ROWSxCOLS")
		default:
			want = append(want, name)
		}
	}
	for _, name := range names {
		if !slices.Contains(Names(), name) {
			want = append(want, name)
		}
	}
	return OrList(want)
}

// unknown returns the error of name, none of the choices names a command
// offers (its puzzles, all of them when none are given, or shells: the
// what), wrapping ErrPuzzle: `unknown puzzle "NAME": want ` and WantList's
// list, the one message every command gives of an unknown puzzle.
func unknown(what, name string, names ...string) error {
	return errorf(ErrPuzzle, "unknown %s %q: want %s", what, name, WantList(names...))
}

// Choice returns nil when args, the arguments of the command whose path is
// in, begin with one of the choices names it offers (its puzzles, all of
// them when none are given, or shells: the what); else the error after in
// that lists them: "pdbsolve solve: name a puzzle: ..." when args are none,
// unknown's (`pdbsolve bench: unknown puzzle "NAME": want ...`) when the
// first is none of them.
func Choice(in, what string, args []string, names ...string) error {
	if len(names) == 0 {
		names = Names()
	}
	switch {
	case len(args) == 0:
		return fmt.Errorf("%s: %w", in, errorf(ErrPuzzle, "name a %s: %s", what, WantList(names...)))
	case !slices.Contains(names, args[0]):
		return fmt.Errorf("%s: %w", in, unknown(what, args[0], names...))
	}
	return nil
}

// CheckArg is Choice of a puzzle, any of them: the check of the PUZZLE
// argument of bench, score and verify, before anything else of theirs.
func CheckArg(in string, args []string) error { return Choice(in, "puzzle", args) }

// The puzzle names: the tables' puzzle ids (package pdb's, which records
// write too), and "tiles".
const (
	RotationName = pdb.RotationPuzzle // "rotation": the Rotation Game
	tiles8Name   = pdb.Tiles8Puzzle   // "8puzzle": sliding tiles on 3 x 3
	tiles15Name  = pdb.Tiles15Puzzle  // "15puzzle": sliding tiles on 4 x 4
	tiles24Name  = pdb.Tiles24Puzzle  // "24puzzle": sliding tiles on 5 x 5
	TilesName    = "tiles"            // sliding tiles on the board of a size given apart
)

// Lookup returns the puzzle called name: rotation, 8puzzle, 15puzzle,
// 24puzzle, or tiles on the board size, which must then be given (else it
// must be nil or the named board's), and the plan of each of the
// heuristics (Plans). Errors wrap ErrPuzzle, or ErrHeuristic.
func Lookup(name string, size *Tiles, heuristics ...string) (Puzzle, []*Plan, error) {
	if !slices.Contains(Names(), name) {
		return nil, nil, unknown("puzzle", name)
	}
	var p Puzzle = Rotation{}
	if name != RotationName {
		t, err := LookupTiles(name, size)
		if err != nil {
			return nil, nil, err
		}
		p = t
	} else if size != nil {
		return nil, nil, errorf(ErrPuzzle, "--size: rotation has one board; --size is for the sliding-tile puzzles")
	}
	plans, err := Plans(p, heuristics)
	if err != nil {
		return nil, nil, err
	}
	return p, plans, nil
}

// HeuristicOrDefault returns the plan of the heuristic called name, or of
// the default heuristic of p when name is "" (Puzzle.Plan).
func HeuristicOrDefault(p Puzzle, name string) (*Plan, error) {
	if name == "" {
		name = p.DefaultHeuristic()
	}
	return p.Plan(name)
}

// LookupTiles returns the sliding-tile puzzle called name: 8puzzle,
// 15puzzle, 24puzzle, or tiles on the board size, which must then be given
// (else it must be nil or the named board's). Errors wrap ErrPuzzle.
func LookupTiles(name string, size *Tiles) (Tiles, error) {
	if name == TilesName {
		if size == nil {
			return Tiles{}, errorf(ErrPuzzle, "%s: --size ROWSxCOLS is required, such as --size 3x4", name)
		}
		return *size, nil
	}
	t, ok := tilesNamed(name)
	if !ok {
		return Tiles{}, unknown("puzzle", name, tiles8Name, tiles15Name, tiles24Name, TilesName)
	}
	if size != nil && *size != t {
		return Tiles{}, errorf(ErrPuzzle, "--size %v: %s is the %v board (use tiles --size %v)", size, name, t, size)
	}
	return t, nil
}

// Record is one record of a puzzle's inputs as scan reads it: where it is,
// and either its board or why it is not one.
type Record[B any] struct {
	Index int    // 0-based, among the records of all inputs
	Input string // the input's name in messages ("stdin" for "-")
	Line  int    // the line the record starts on, or of its bad field when Err is set
	Start int    // the line the record starts on
	Board B      // valid when Err is nil
	Err   error  // why the record is not a board
	// Fields are a sliding-tile record's fields as scanned (a bad record's
	// included), valid during the call; nil for the Rotation Game.
	Fields []string
}

// Opener opens an input by name ("-" is standard input) and returns a
// function closing it.
type Opener func(name string) (io.Reader, func(), error)

// scan reads the inputs of puzzle p in turn, in chunks, and calls f with
// each record in order, numbered across the inputs, until f returns false.
// Memory stays bounded by a chunk and one record however long the inputs.
// It returns the error of an
// input that could not be opened (open's) or read (naming the input).
func scan[B any](p Family[B], open Opener, inputs []string, f func(rec *Record[B]) bool) error {
	index := 0
	for _, name := range inputs {
		r, closeInput, err := open(name)
		if err != nil {
			return err
		}
		rec := Record[B]{Input: batch.InputName(name)}
		stopped := false
		emit := func() bool {
			rec.Index = index
			index++
			stopped = !f(&rec)
			return !stopped
		}
		err = p.scan(r, &rec, emit)
		closeInput()
		if err != nil {
			return fmt.Errorf("%s: %w", rec.Input, err)
		}
		if stopped {
			return nil
		}
	}
	return nil
}
