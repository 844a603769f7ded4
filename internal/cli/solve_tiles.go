package cli

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// solveTilesOptions are the flags of "solve 8puzzle", "solve 15puzzle",
// "solve 24puzzle" and "solve tiles --size ROWSxCOLS".
type solveTilesOptions struct {
	g         *globalOptions
	shape     tilesShape
	Format    outputFormat
	Heuristic string
	Goal      bitboard.Goal
	MaxNodes  uint64
	Timeout   time.Duration
	Split     splitMode
	Progress  bool
	Inputs    []string
	Shard     string
	Instances string
	out       solveOutputFlags
}

func newSolveTilesCmd(g *globalOptions, name string) *cobra.Command {
	shape, _ := tilesShapeOf(name)
	o := &solveTilesOptions{g: g, shape: shape}
	rows, cols := shape.rows, shape.cols
	dims := tilesDescribe(name, rows, cols)
	short := fmt.Sprintf("Solve %s sliding-tile boards", dims)
	switch name {
	case "8puzzle":
		short += " (AOJ ALDS1_13_B)"
	case "15puzzle":
		short += " (AOJ ALDS1_13_C)"
	case tilesAnyName:
		short = "Solve sliding-tile boards of any size up to 5x5 (--size ROWSxCOLS)"
	}
	cmd := &cobra.Command{
		Use:   name + " [FILE|-]...",
		Short: short,
		Long: fmt.Sprintf(`Solve %s sliding-tile boards optimally with IDA*. A board is ROWS*COLS
integers, row by row, 0 for the blank; line breaks do not matter (a board may
be one line or one line a row), blank lines and lines starting with # are
skipped. Moves are named by the direction the blank moves: U, D, L, R.

--goal blank-first: 0 1 2 ... (Korf's instances); blank-last: 1 2 ... 0 (AOJ).
--format aoj prints the number of moves, text the number, a space and the
moves, json one object a line with the statistics (bad boards included).
Fields are separated by ASCII white space only (a non-ASCII space such as
U+00A0 makes a bad tile). A malformed or unsolvable board gets an error
naming its file and the line of the bad field, or the line the board starts
on when the board as a whole is wrong; the batch goes on, and answers keep
the input order.

Workers (-j): with --split off each worker solves its own boards; with
--split on the boards are solved one at a time, all workers searching the
tree of one board together. --split auto (the default) is on for boards of
more than %d cells (4x5, 5x5 and the like, whose instances take seconds to
hours) and off for the 8- and 15-puzzle. The answers are the same whatever
-j and --split are: the first optimal solution in move order.

--max-nodes and --timeout stop a board's search: its record says so (status
limit, exit 5) with the nodes generated and the bound reached, a lower bound
on the optimal length. SIGINT or SIGTERM during a search writes the answers
done and the board in flight as status "interrupted", with the bound
reached (in JSON; in the other formats on stderr), then exits 130 or 143.
Progress goes to stderr: on a terminal one line, redrawn; elsewhere a line
with a UTC time stamp at most once a minute a worker; --progress writes a
line after each IDA* iteration (bound, nodes so far, nodes per second,
elapsed).

-o FILE writes the answers to FILE as JSON Lines, after a header line
(provenance and configuration), each as soon as it and those before it are
done; --resume continues such a FILE, skipping the boards it answered
(interrupted ones are solved again); without --resume a non-empty FILE is a
usage error. --instances numbers past the end of the inputs are named on
stderr and make the exit status 1.

Heuristics: %s.
Default: %s.

`, dims, tilesSplitCells, tilesHeuristicHelp(name, rows, cols), tilesDefaultHelp(name, rows, cols)) + exitCodeHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = inputsOrStdin(args)
			return runSolveTiles(o)
		},
	}
	if name == tilesAnyName {
		cmd.Flags().Var(tilesSizeFlag{&o.shape}, "size", tilesSizeHelp)
	}
	formatFlag(cmd, &o.Format, formatText, formatAOJ, formatText, formatJSON)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic (see above; default: the board's default)")
	goalFlag(cmd, &o.Goal, "goal convention: blank-first or blank-last")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "give up on a board after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "give up on a board after this long (0: no limit)")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "solve only shard K/N: every N-th board from the K-th (0-based), counted across the inputs")
	cmd.Flags().StringVar(&o.Instances, "instances", "", "solve only these boards, numbered from 1 across the inputs: such as 40,38,25 or 1-10")
	splitFlag(cmd, &o.Split, "all workers on one board at a time: auto, on or off")
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a search iteration on stderr (else one updating line on a terminal, a time-stamped line at most once a minute a worker otherwise)")
	o.out.register(cmd)
	return cmd
}

// tilesDefaultHelp names the default heuristic in a help text.
func tilesDefaultHelp(name string, rows, cols int) string {
	if name == tilesAnyName {
		return `exact on 3x3, pdb663+reflect on 4x4, pdb6666+reflect on
5x5, manhattan up to 12 cells, else row-major patterns of up to 5 or 6 tiles`
	}
	return search.DefaultTilesHeuristic(rows, cols)
}

func runSolveTiles(o *solveTilesOptions) error {
	if err := o.shape.check(); err != nil {
		return err
	}
	goal := o.Goal
	rows, cols := o.shape.rows, o.shape.cols
	split := o.Split.on(rows * cols)
	if err := checkTimeout(o.Timeout); err != nil {
		return err
	}
	if o.Heuristic == "" {
		o.Heuristic = search.DefaultTilesHeuristic(rows, cols)
	}
	sel, err := parseSelection(o.Shard, o.Instances)
	if err != nil {
		return err
	}
	puzzle := tilesPuzzleName(rows, cols)
	sout, err := o.out.prepare(&record.Config{Command: "solve", Puzzle: puzzle, Goal: goal.String(),
		Heuristics: []string{o.Heuristic}, MaxNodes: o.MaxNodes, TimeoutNS: o.Timeout.Nanoseconds(), Repeat: 1,
		Shard: sel.shard.String(), Instances: o.Instances, Inputs: o.Inputs}, &sel)
	if err != nil {
		return err
	}
	if o.out.Output != "" {
		o.Format = formatJSON
	}
	h, err := loadTilesHeuristic(o.g, rows, cols, o.Heuristic)
	if err != nil {
		return err
	}
	size := rows * cols
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	out, err := sout.open(o.g)
	if err != nil {
		return err
	}
	src, pastEnd := shardOf(o.g, o.Inputs, sel, rows, cols)
	tracker := newRunTracker(o.g, "solve", o.Progress)
	tracker.clear = true
	inner, workers := 1, 0
	if split {
		// One record at a time, every worker inside its search.
		inner, workers = o.g.workers(), 1
	}
	inflight := &tilesInflight{}
	err = o.g.runBatch(batch.Config{
		Stdout: out, Workers: workers,
		Inputs: o.Inputs, JSON: o.Format == formatJSON, Source: src,
		Reject: func(u *batch.Unit, line int, err error) {
			rejectRecord(u, o.Format == formatJSON, puzzle, o.Heuristic, line, err)
		},
		Split: func(data []byte, atEOF bool) int { return bitboard.TilesSplit(data, size, atEOF, 0) },
		// A board costs milliseconds to hours: one a unit keeps every worker busy.
		First: func(data []byte) int { return bitboard.TilesSplit(data, size, true, 1) },
		NewHandler: func() batch.Handler {
			s := search.NewTilesSolver(h)
			s.SetWorkers(inner)
			ws := inflight.add(tracker.worker())
			return func(u *batch.Unit) { solveTilesUnit(u, s, o, goal, lim, ws) }
		},
	})
	tracker.finish(false)
	return sout.finish(o.g, pastEnd.status(err), inflight.records(), o.Format == formatJSON)
}

// tilesInflight knows the board each worker of a sliding-tile solve is
// on, to record it as interrupted.
type tilesInflight struct {
	mu      sync.Mutex
	workers []*tilesWorker
}

// tilesWorker is one worker's run state and the record of its board.
type tilesWorker struct {
	*runState
	r record.Run // the record of the board in flight, before its outcome
}

func (f *tilesInflight) add(s *runState) *tilesWorker {
	f.mu.Lock()
	defer f.mu.Unlock()
	w := &tilesWorker{runState: s}
	f.workers = append(f.workers, w)
	return w
}

// records returns the interrupted records of the boards in flight.
func (f *tilesInflight) records() []record.Run {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []record.Run
	for _, w := range f.workers {
		r := w.r
		if w.interrupted(&r) {
			out = append(out, r)
		}
	}
	return out
}

// solveTilesUnit solves every board of a unit into its output.
func solveTilesUnit(c *batch.Unit, s *search.TilesSolver, o *solveTilesOptions, goal bitboard.Goal, lim search.Limits, ws *tilesWorker) {
	asJSON := o.Format == formatJSON
	rows, cols := o.shape.rows, o.shape.cols
	bitboard.TilesScan(c.Data, c.Line, rows*cols, func(rec *bitboard.TilesRecord) {
		b, err := tilesParse(rec, rows, cols)
		if err != nil {
			rejectRecord(c, asJSON, tilesPuzzleName(rows, cols), s.Heuristic().Name(), rec.ErrLine(err), err)
			return
		}
		line := rec.Line
		ws.t.mu.Lock()
		ws.r = *tilesRun(c, rows, cols, line, b, goal, s.Heuristic().Name(), "")
		ws.t.mu.Unlock()
		moves, st, err := s.Solve(b, goal, ws.begin(lim, 0, c.Name+":"+strconv.Itoa(line), s.Heuristic().Name()))
		status := record.StatusSolved
		switch {
		case errors.Is(err, search.ErrLimit):
			status = record.StatusLimit
		case err != nil:
			status = record.StatusError
		}
		ws.end(status, &st)
		ws.t.unitDone()
		switch {
		case errors.Is(err, search.ErrLimit):
			err = fmt.Errorf("%v: %w after %d nodes generated; the optimal length is at least %d (bound reached)",
				b, tilesLimitError{err}, st.Generated, st.Bound)
			c.Limit++
			if asJSON {
				r := tilesRun(c, rows, cols, line, b, goal, s.Heuristic().Name(), record.StatusLimit)
				r.SetStats(&st, true)
				r.Error = userMessage(err)
				c.Out = record.AppendRun(c.Out, r)
			} else {
				c.Note(line, plain(err))
			}
			return
		case errors.Is(err, search.ErrUnsolvable) && asJSON:
			c.Bad++
			r := tilesRun(c, rows, cols, line, b, goal, s.Heuristic().Name(), record.StatusUnsolvable)
			r.Error = userMessage(fmt.Errorf("%w for the %v goal", err, goal))
			c.Out = record.AppendRun(c.Out, r)
			return
		case errors.Is(err, search.ErrUnsolvable):
			err = fmt.Errorf("%v: %w for the %v goal", b, tilesUnsolvableError{err}, goal)
			fallthrough
		case err != nil:
			rejectRecord(c, asJSON, tilesPuzzleName(rows, cols), s.Heuristic().Name(), line, err)
			return
		}
		switch o.Format {
		case formatAOJ:
			c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
		case formatText:
			c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
			if len(moves) > 0 {
				c.Out = append(c.Out, ' ')
				c.Out = append(c.Out, moves...)
			}
		case formatJSON:
			r := tilesRun(c, rows, cols, line, b, goal, s.Heuristic().Name(), record.StatusSolved)
			r.Moves, r.Length = string(moves), len(moves)
			r.SetStats(&st, true)
			c.Out = record.AppendRun(c.Out, r)
			return
		}
		c.Out = append(c.Out, '\n')
	})
}

// tilesRun returns the record of a board of u read at line, with its
// goal and heuristic, of the given status.
func tilesRun(u *batch.Unit, rows, cols, line int, b bitboard.Tiles, goal bitboard.Goal, heuristic string, status record.Status) *record.Run {
	return &record.Run{Puzzle: tilesPuzzleName(rows, cols), Input: recordInput(u.Name), Line: line, Board: b.String(),
		Goal: goal.String(), Heuristic: heuristic, Status: status}
}

// tilesLimitError and tilesUnsolvableError word search's sentinel errors
// for users, without the package prefix, and keep them comparable with
// errors.Is.
type (
	tilesLimitError      struct{ err error }
	tilesUnsolvableError struct{ err error }
)

func (e tilesLimitError) Error() string      { return "search stopped at its node or time limit" }
func (e tilesLimitError) Unwrap() error      { return e.err }
func (e tilesUnsolvableError) Error() string { return "board is unsolvable" }
func (e tilesUnsolvableError) Unwrap() error { return e.err }
