// Package solve is the solve command's wiring above the puzzle type: the
// batch that answers a puzzle's boards (Batch) in every output format, and
// the units of the records a selection takes (Units).
package solve

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// Options say how a solve batch (Batch) answers its
// records. Answers are one a board, in input order: for sliding tiles the
// length then a space and the moves (text), the length alone (AOJ); for the
// Rotation Game the judge's two lines, the moves (puzzle.RotationNoMoves for
// none) and the centre's symbol; or, with JSON, one run of the record
// schema a record, bad ones included.
type Options struct {
	Plan    *puzzle.Plan     // the heuristic (the puzzle's)
	Goal    bitboard.Goal    // sliding tiles
	Limits  search.Limits    // sliding tiles: a board's node and time limits
	Workers int              // goroutines in all, at least 1
	Split   puzzle.SplitMode // sliding tiles: how the workers share the boards
	JSON    bool             // runs of the record schema
	AOJ     bool             // sliding tiles, without JSON: the length alone
	Strict  bool             // Rotation Game: a bad board halts the batch
	// Skip, when set, drops the records already answered (a resumed run)
	// in the workers, by input name as messages write it and line (of a
	// bad record, its bad field's), as puzzle.Selection.Skip does in the
	// reader.
	Skip func(input string, line int) bool
	// SkipLines, set with Skip, reports whether every line from first to
	// last of an input was answered: the batch reader drops them whole.
	SkipLines func(input string, first, last int) bool
	// Tracker follows the sliding-tile searches (progress, and the runs
	// in flight on an interrupt).
	Tracker *progress.Tracker
	// Prune is the sliding-tile searches' move pruning (--prune).
	Prune search.TilesPruning
	// Order is the order in which they try a node's children (--order).
	Order search.TilesOrder

	names map[string]string // a resumed run's inputs, as messages name them, to their records' names (Resume)
}

// RecordConfig returns the config header of a solve run of p with these
// options, over the records of inputs that sel takes (instances: its
// --instances as given).
func (o *Options) RecordConfig(p puzzle.Puzzle, sel *puzzle.Selection, instances string, inputs []string) *record.Config {
	return &record.Config{Command: "solve", Puzzle: p.RecordName(), Goal: p.GoalName(o.Goal),
		Heuristics: []string{o.Plan.Name}, MaxNodes: o.Limits.MaxNodes, TimeoutNS: o.Limits.Timeout.Nanoseconds(),
		Repeat: 1, Shard: sel.Shard.String(), Instances: instances, Inputs: inputs, Prune: p.PruneName(o.Prune),
		Order: p.OrderName(o.Order)}
}

// reject reports a bad record of u at line: in JSON a run of status error
// in its place, else a note "NAME:LINE: MESSAGE" on stderr. Either way the
// record counts as bad.
func (o *Options) reject(u *batch.Unit, puzzle, heuristic string, line int, err error) {
	if !o.JSON {
		u.Reject(line, err)
		return
	}
	u.Bad++
	r := record.Run{Puzzle: puzzle, Input: o.recordInput(u.Name), Line: line, Heuristic: heuristic}
	r.SetError(err)
	u.Out = record.AppendRun(u.Out, &r)
}

// batchConfig returns the Config of a solve batch of p on workers
// goroutines with handlers of newHandler; a record the pipeline rejects
// goes to o.reject.
func batchConfig[B any](o *Options, p puzzle.Puzzle, workers int, newHandler func() batch.Handler[Board[B]]) batch.Config[Board[B]] {
	return batch.Config[Board[B]]{Workers: workers, Split: p.Split, Strict: o.Strict, NewHandler: newHandler, Done: o.SkipLines,
		Reject: func(u *batch.Unit, line int, err error) { o.reject(u, p.RecordName(), o.Plan.Name, line, err) }}
}

// Batch loads through cache the tables of o.Plan, one of p's, and returns
// the batch of a solve of p's boards with those options: its Split, First,
// EndLine, Workers, JSON, Strict, Reject and NewHandler set, the streams,
// Inputs and Source left to the caller. An error is a table's.
func Batch[B any](p puzzle.Family[B], cache puzzle.Cache, o *Options) (batch.Config[Board[B]], error) {
	return puzzle.DispatchTyped[B, batch.Config[Board[B]]](p,
		func(r puzzle.Rotation) (any, error) { return rotationBatch(r, cache, o) },
		func(t puzzle.Tiles) (any, error) { return tilesBatch(t, cache, o) })
}

// Board is the item of a unit of a solve batch (Batch): the
// board a Source has parsed (Units), when OK; else the unit's records are
// its text, or its error.
type Board[B any] struct {
	B  B
	OK bool
}

// Units returns a batch Source of the records of the inputs of p that sel
// takes, in order, one unit a record, at its line: its board as parsed in
// the one reading of the inputs (never printed to text and parsed again),
// or its error. Once the inputs have been read to their end it calls end
// with the number of records they held.
func Units[B any](p puzzle.Family[B], open puzzle.Opener, inputs []string, sel *puzzle.Selection, end func(n int)) func(send func(*batch.Unit, Board[B]) bool) error {
	return func(send func(*batch.Unit, Board[B]) bool) error {
		n, err := puzzle.Records(p, open, inputs, sel, func(rec *puzzle.Record[B]) bool {
			u := &batch.Unit{Name: rec.Input, Line: rec.Start, Records: 1}
			if rec.Err != nil {
				u.Err, u.Line = rec.Err, rec.Line
				return send(u, Board[B]{})
			}
			return send(u, Board[B]{B: rec.Board, OK: true})
		})
		if err == nil && n >= 0 {
			end(n)
		}
		return err
	}
}

// tilesBatch is Batch on sliding tiles: every worker solves its own boards,
// or, as o.Split says, all workers search one board at a time.
func tilesBatch(t puzzle.Tiles, cache puzzle.Cache, o *Options) (batch.Config[Board[bitboard.Tiles]], error) {
	h, err := t.Heuristic(cache, o.Plan)
	if err != nil {
		return batch.Config[Board[bitboard.Tiles]]{}, err
	}
	a, err := t.Pruning(cache, o.Prune)
	if err != nil {
		return batch.Config[Board[bitboard.Tiles]]{}, err
	}
	workers, inner := puzzle.Workers(t, o.Split, o.Workers)
	cfg := batchConfig(o, t, workers, func() batch.Handler[Board[bitboard.Tiles]] {
		s := search.NewTilesSolver(h)
		s.SetWorkers(inner)
		s.SetPrune(a) // cannot fail: the automaton is for h's board
		s.SetOrder(o.Order)
		ws := o.Tracker.NewWorker()
		return func(u *batch.Unit, b *Board[bitboard.Tiles]) {
			if b.OK {
				solveBoard(t, u, s, o, ws, b.B, u.Line)
				return
			}
			solveUnit(t, u, s, o, ws)
		}
	})
	cfg.First = func(data []byte) int { return bitboard.TilesSplit(data, t.Cells(), true, 1) } // a board costs milliseconds to hours: one a unit keeps every worker busy
	cfg.Interrupted = o.interrupted
	return cfg, nil
}

// solveUnit solves every board of a unit of t's input into its output.
func solveUnit(t puzzle.Tiles, c *batch.Unit, s *search.TilesSolver, o *Options, ws *progress.Worker) {
	bitboard.TilesScan(c.Data, c.Line, t.Cells(), func(rec *bitboard.TilesRecord) {
		b, err := t.Parse(rec)
		if o.Skip != nil && o.Skip(c.Name, rec.ErrLine(err)) {
			return
		}
		if err != nil {
			o.reject(c, t.RecordName(), s.Heuristic().Name(), rec.ErrLine(err), err)
			return
		}
		solveBoard(t, c, s, o, ws, b, rec.Line)
	})
}

// solveBoard solves board b of t, read at line of c's input, into c's output.
func solveBoard(t puzzle.Tiles, c *batch.Unit, s *search.TilesSolver, o *Options, ws *progress.Worker, b bitboard.Tiles, line int) {
	heuristic := s.Heuristic().Name()
	r := record.Run{Puzzle: t.RecordName(), Input: o.recordInput(c.Name), Line: line, Board: b.String(),
		Goal: o.Goal.String(), Heuristic: heuristic}
	ws.SetRecord(&r)
	moves, st, err := s.Solve(b, o.Goal, ws.Begin(o.Limits, 0, c.Name+":"+strconv.Itoa(line), heuristic))
	r.Status = record.StatusSolved
	switch {
	case errors.Is(err, search.ErrLimit):
		r.Status = record.StatusLimit
	case errors.Is(err, search.ErrUnsolvable):
		r.Status = record.StatusUnsolvable
	case err != nil:
		r.Status = record.StatusError
	}
	if r.Status == record.StatusUnsolvable {
		ws.End(record.StatusError, &st) // as progress counts it: a failed run
	} else {
		ws.End(r.Status, &st)
	}
	o.Tracker.UnitDone()
	o.appendTiles(c, &r, b, moves, &st, err)
}

// appendTiles appends to c the answer of board b, whose record r has its
// status from the search's moves, statistics and error.
func (o *Options) appendTiles(c *batch.Unit, r *record.Run, b bitboard.Tiles, moves []byte, st *search.Stats, err error) {
	switch r.Status {
	case record.StatusLimit:
		err = fmt.Errorf("%v: %w after %s generated; the optimal length is at least %d (bound reached)",
			b, tilesLimitError{err}, report.Count(int(st.Generated), "node"), st.Bound)
		c.Limit++
		if !o.JSON {
			c.Note(r.Line, err)
			return
		}
		r.SetStats(st, true)
		r.Error = err.Error()
	case record.StatusUnsolvable:
		if !o.JSON {
			o.reject(c, r.Puzzle, r.Heuristic, r.Line, puzzle.Unsolvable(b, o.Goal))
			return
		}
		c.Bad++
		r.Error = puzzle.Unsolvable(b, o.Goal).Error()
	case record.StatusError:
		o.reject(c, r.Puzzle, r.Heuristic, r.Line, err)
		return
	default:
		r.Moves, r.Length = string(moves), len(moves)
		r.SetStats(st, true)
	}
	switch {
	case o.JSON:
		c.Out = record.AppendRun(c.Out, r)
		return
	case o.AOJ:
		c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
	default:
		c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
		if len(moves) > 0 {
			c.Out = append(c.Out, ' ')
			c.Out = append(c.Out, moves...)
		}
	}
	c.Out = append(c.Out, '\n')
}

// interrupted writes into u the records of the runs still in flight on an
// interrupt for the unit u stands for, each a run of status interrupted
// with the bound it reached (JSON) and a note, and reports whether there
// were any (batch.Config.Interrupted).
func (o *Options) interrupted(u *batch.Unit, _ Board[bitboard.Tiles]) bool {
	// The unit's last line: its data's line breaks but the one ending it
	// (counting that one took the next unit's first record in, whose run
	// was then noted as interrupted here and written again as answered).
	last := u.Line + bytes.Count(bytes.TrimSuffix(u.Data, []byte{'\n'}), []byte{'\n'})
	runs := o.Tracker.InFlightIn(o.recordInput(u.Name), u.Line, last)
	for _, r := range runs {
		if o.JSON {
			u.Out = record.AppendRun(u.Out, &r)
		}
		u.Note(r.Line, errors.New(r.Error))
	}
	return len(runs) > 0
}

// tilesLimitError words search's sentinel error for users, without the
// package prefix, and keeps it comparable with errors.Is (an unsolvable
// board's is puzzle.Unsolvable).
type tilesLimitError struct{ err error }

func (e tilesLimitError) Error() string { return "search stopped at its node or time limit" }
func (e tilesLimitError) Unwrap() error { return e.err }

// rotationBatch is Batch on the Rotation Game: workers solve chunks of
// boards (one board a unit for a slow search: Rotation.UnitFirst), a group
// of them at a time, stopping at a line "0" (puzzle.RotationIsEnd).
func rotationBatch(r puzzle.Rotation, cache puzzle.Cache, o *Options) (batch.Config[Board[bitboard.Rotation]], error) {
	newSolver, err := r.NewSolver(cache, o.Plan.Name)
	if err != nil {
		return batch.Config[Board[bitboard.Rotation]]{}, err
	}
	paths := r.UsesPaths(o.Plan.Name)
	cfg := batchConfig(o, r, o.Workers, func() batch.Handler[Board[bitboard.Rotation]] {
		s := newSolver()
		// A table lookup takes less time than a clock read: time only searches.
		s.SetTiming(o.JSON && !paths)
		w := &rotationWorker{s: s, o: o}
		if o.JSON {
			w.rw = record.NewRotationWriter(o.Plan.Name, !paths)
		}
		return w.solveUnit
	})
	cfg.EndLine = puzzle.RotationIsEnd
	cfg.First = r.UnitFirst(o.Plan.Name)
	cfg.Count = puzzle.RotationRecords // boards, as the records count them
	return cfg, nil
}

// rotationGroup is how many boards a worker parses before it solves them
// together with SolveMany.
const rotationGroup = 256

// rotationWorker solves chunks of Rotation Game boards, one group of
// parsed boards at a time.
type rotationWorker struct {
	s      *search.RotationSolver
	o      *Options
	n      int // boards in the group
	boards [rotationGroup]bitboard.Rotation
	lines  [rotationGroup]int
	res    [rotationGroup]search.RotationResult
	rw     *record.RotationWriter // the JSON writer
	unit   *batch.Unit            // the unit being solved
}

// solveUnit solves every board of a unit into its output: its board when
// parsed already, else those of its text. The unit holds whole boards
// (puzzle.RotationSplit cuts between boards), so a board left incomplete at
// its end is cut short by the end of the input.
func (w *rotationWorker) solveUnit(c *batch.Unit, b *Board[bitboard.Rotation]) {
	w.n = 0
	if w.o.JSON {
		w.rw.SetInput(w.o.recordInput(c.Name))
	}
	w.unit = c
	var r puzzle.RotationReader
	if b.OK {
		w.add(c.Line, b.B, nil)
	} else if r.Scan(c.Data, c.Line, w.add) {
		c.End = true
	} else if !c.Halt {
		r.Finish(w.add)
	}
	w.flush(c)
	w.unit = nil
}

// add takes one board read (or its error) of the current unit.
func (w *rotationWorker) add(line int, b bitboard.Rotation, err error) bool {
	if w.o.Skip != nil && w.o.Skip(w.unit.Name, line) {
		return true
	}
	if err == nil {
		w.boards[w.n], w.lines[w.n] = b, line
		if w.n++; w.n == rotationGroup {
			w.flush(w.unit)
		}
		return true
	}
	w.flush(w.unit)
	w.o.reject(w.unit, record.PuzzleRotation, w.o.Plan.Name, line, err)
	if w.o.Strict {
		w.unit.Halt = true
		return false
	}
	return true
}

// flush solves the group and appends the answers in order.
func (w *rotationWorker) flush(c *batch.Unit) {
	w.s.SolveMany(w.boards[:w.n], w.res[:w.n])
	for i := 0; i < w.n; i++ {
		r := &w.res[i]
		if w.o.JSON {
			c.Out = w.rw.Append(c.Out, w.lines[i], w.boards[i], r)
			continue
		}
		if r.Len == 0 {
			c.Out = append(c.Out, puzzle.RotationNoMoves...)
		} else {
			c.Out = append(c.Out, r.Moves[:r.Len]...)
		}
		c.Out = append(c.Out, '\n', byte('0'+r.Symbol), '\n')
	}
	w.n = 0
}
