package puzzle

import (
	"io"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Rotation is the Rotation Game: a Family[bitboard.Rotation].
type Rotation struct{}

// The Rotation Game's heuristic names: exact reads the path table (no
// search); exact-ida is IDA* with the exact distance table; count is the
// textbook heuristic (8 minus the most frequent centre symbol).
const (
	RotationExact    = "exact"
	rotationExactIDA = "exact-ida"
	rotationCount    = "count"
)

// rotationHeuristics are the Rotation Game's heuristic names, the default
// first.
var rotationHeuristics = []string{RotationExact, rotationExactIDA, rotationCount}

func (Rotation) sealed() {}

// Name implements Puzzle: "rotation".
func (Rotation) Name() string { return RotationName }

// RecordName implements Puzzle: "rotation".
func (Rotation) RecordName() string { return record.PuzzleRotation }

// heuristicNames implements Puzzle.
func (Rotation) heuristicNames() []string { return append([]string(nil), rotationHeuristics...) }

// DefaultHeuristic implements Puzzle: exact.
func (Rotation) DefaultHeuristic() string { return RotationExact }

// heuristic maps a heuristic name to search's heuristic and whether the
// path table answers.
func (Rotation) heuristic(name string) (h search.RotationHeuristic, paths bool, err error) {
	switch name {
	case RotationExact:
		return search.RotationExact, true, nil
	case rotationExactIDA:
		return search.RotationExact, false, nil
	case rotationCount:
		return search.RotationCount, false, nil
	}
	return 0, false, errorf(ErrHeuristic, "unknown rotation heuristic %q: want one of %s", name, strings.Join(rotationHeuristics, ", "))
}

// UsesPaths reports whether the heuristic called name answers from the path
// table (no search, no nodes).
func (r Rotation) UsesPaths(name string) bool {
	_, paths, _ := r.heuristic(name)
	return paths
}

// UnitFirst returns the batch First (batch.Config.First) of a solve with
// the heuristic called name: RotationFirst, one board a unit, for count,
// whose search takes milliseconds a board, so each answer is written as it
// completes and an interrupt loses none solved; nil (units of up to
// batch.ChunkSize bytes) for exact and exact-ida, a microsecond or less a
// board.
func (Rotation) UnitFirst(name string) func(data []byte) int {
	if name == rotationCount {
		return RotationFirst
	}
	return nil
}

// GoalName implements Puzzle: "", the Rotation Game having one goal.
func (Rotation) GoalName(bitboard.Goal) string { return "" }

// PruneName implements Puzzle: "", the Rotation Game's searches having one
// pruning.
func (Rotation) PruneName(search.TilesPruning) string { return "" }

// OrderName implements Puzzle: "", the Rotation Game's searches trying moves
// in dictionary order (their answers are the dictionary-smallest).
func (Rotation) OrderName(search.TilesOrder) string { return "" }

// splitSearch implements Puzzle: false, a board taking about 100 ns.
func (Rotation) splitSearch(SplitMode) bool { return false }

// Split implements Puzzle: it cuts between boards.
func (Rotation) Split(data []byte, atEOF bool) int { return RotationSplit(data, atEOF) }

// NewSolver loads through cache the tables the heuristic called name needs
// (the distance and path tables for exact and exact-ida, none for count)
// and returns a function making solvers that share them; those of exact-ida
// and count search (no path table). The name must be one of the puzzle's
// (Plan): an error is a table's.
func (r Rotation) NewSolver(cache Cache, name string) (func() *search.RotationSolver, error) {
	h, usePaths, err := r.heuristic(name)
	if err != nil {
		return nil, err
	}
	var dist *pdb.Table
	var paths *search.RotationPaths
	if h == search.RotationExact {
		c, err := cache()
		if err != nil {
			return nil, err
		}
		d, p, err := c.LoadRotation()
		if err != nil {
			return nil, err
		}
		dist = d
		if paths, err = search.NewRotationPaths(p); err != nil {
			return nil, err
		}
	}
	if !usePaths {
		paths = nil
	}
	// Check the tables once, so the factory cannot fail later.
	s, err := search.NewRotationSolver(dist, h)
	if err == nil {
		err = s.UsePaths(paths)
	}
	if err != nil {
		return nil, err
	}
	return func() *search.RotationSolver {
		s, _ := search.NewRotationSolver(dist, h)
		s.UsePaths(paths)
		return s
	}, nil
}

// BoardText implements Family.
func (Rotation) BoardText(b bitboard.Rotation) string { return string(b.AppendText(nil)) }

// scan implements Family.
func (Rotation) scan(r io.Reader, rec *Record[bitboard.Rotation], emit func() bool) error {
	var rr RotationReader
	add := func(line int, b bitboard.Rotation, err error) bool {
		rec.Line, rec.Start, rec.Board, rec.Err = line, line, b, err
		return emit()
	}
	stopped := false
	return scanChunks(r, RotationSplit, func(data []byte, line int) bool {
		end := rr.Scan(data, line, func(line int, b bitboard.Rotation, err error) bool {
			stopped = !add(line, b, err)
			return !stopped
		})
		return !end && !stopped
	}, func(line int) bool { return add(line, 0, batch.ErrTooLong) }, func() { rr.Finish(add) })
}
