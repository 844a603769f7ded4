package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// solveTilesOptions are the flags of "solve 8puzzle", "solve 15puzzle",
// "solve 24puzzle" and "solve tiles --size ROWSxCOLS".
type solveTilesOptions struct {
	g *globalOptions
	tilesArg
	solveFlags
	Heuristic string
	Goal      bitboard.Goal
	MaxNodes  uint64
	Timeout   time.Duration
	Split     puzzle.SplitMode
	Progress  bool

	tiles puzzle.Tiles // set by complete
}

func newSolveTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &solveTilesOptions{g: g, tilesArg: tilesArg{name: name}}
	shape, _ := puzzle.TilesNamed(name)
	rows, cols := shape.Rows(), shape.Cols()
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
usage error. --instances numbers past the end of the inputs, and a --shard
that takes none of their records, are named on stderr and make the exit
status 1.

Heuristics: %s.
Default: %s.

`, dims, puzzle.TilesSplitCells, tilesHeuristicHelp(name, rows, cols), tilesDefaultHelp(name, rows, cols)) + exitCodeHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = inputsOrStdin(args)
			return runSolveTiles(o)
		},
	}
	o.tilesArg.register(cmd)
	formatFlag(cmd, &o.Format, formatText, formatAOJ, formatText, formatJSON)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic (see above; default: the board's default)")
	goalFlag(cmd, &o.Goal, "goal convention: blank-first or blank-last")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "give up on a board after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "give up on a board after this long (0: no limit)")
	splitFlag(cmd, &o.Split, "all workers on one board at a time: auto, on or off")
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a search iteration on stderr (else one updating line on a terminal, a time-stamped line at most once a minute a worker otherwise)")
	o.solveFlags.register(cmd)
	return cmd
}

// tilesDefaultHelp names the default heuristic in a help text.
func tilesDefaultHelp(name string, rows, cols int) string {
	if name == tilesAnyName {
		return `exact on 3x3, pdb663+reflect on 4x4, ` + search.TilesZeroCatalogue24 + ` on
5x5, manhattan below 12 cells, a 7-4 partition on 12 cells (by columns on a board
wider than tall), else row-major patterns of up to 5 or 6 tiles`
	}
	return search.DefaultTilesHeuristic(rows, cols)
}

// complete checks the flags, before any table is read, and sets the
// board, the heuristic (the board's default when none is named) and the
// selection.
func (o *solveTilesOptions) complete() (err error) {
	if o.tiles, err = o.lookup(); err != nil {
		return err
	}
	if err := checkTimeout(o.Timeout); err != nil {
		return err
	}
	if o.Heuristic, err = puzzle.HeuristicOrDefault(o.tiles, o.Heuristic); err != nil {
		return withCode(ExitUsage, err)
	}
	o.sel, err = o.selectionFlags.parse()
	return err
}

func runSolveTiles(o *solveTilesOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	return runSolve(o.g, o.tiles, &o.solveFlags, &puzzle.SolveOptions{Heuristic: o.Heuristic, Goal: o.Goal,
		Limits: search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}, Split: o.Split}, o.Progress)
}
