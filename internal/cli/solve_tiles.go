package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// solveTilesOptions are the flags of "solve 8puzzle", "solve 15puzzle",
// "solve 24puzzle" and "solve tiles --size ROWSxCOLS".
type solveTilesOptions struct {
	g *globalOptions
	tilesArg
	solveFlags
	Heuristic string
	Progress  bool

	tiles puzzle.Tiles // set by complete
}

func newSolveTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &solveTilesOptions{g: g, tilesArg: tilesArg{name: name}}
	dims := puzzle.TilesBoardHelp(name)
	short := fmt.Sprintf("Solve %s sliding-tile boards%s", dims, puzzle.TilesJudgeHelp(name))
	if name == tilesAnyName {
		short = "Solve ROWSxCOLS sliding-tile boards (--size), up to 5x5"
	}
	cmd := &cobra.Command{
		Use:   name + " [FILE|-]...",
		Short: short,
		Long: longHelp(fmt.Sprintf(`Solve %s sliding-tile boards optimally with IDA*. A board is ROWS*COLS
integers row by row, 0 the blank, separated by ASCII white space wherever
the line breaks fall; blank lines and lines starting with # are skipped
(docs/puzzles.md). Moves name the direction the blank moves: U, D, L, R. A
bad or unsolvable board gets an error naming its file and line (of the bad
field, else of the board); the batch goes on, answers in input order.

--goal blank-first: 0 1 2 ... (Korf's); blank-last: 1 2 ... 0 (AOJ, the
default with --format aoj). --format text: the length, a space and the
moves; aoj: the length; json: one record a line with the statistics, bad
boards included (docs/records.md).

-j workers solve a board each, or with --split on search one board together
(auto: above %d cells, or with fewer boards than workers); answers do not
depend on it: the first optimal solution in move order. --max-nodes and
--timeout stop a board's search: status limit (exit 5), with the bound
reached, a lower bound.

Heuristics: %s.
Default: %s.
`, dims, puzzle.TilesSplitCells, puzzle.TilesHeuristicsHelp(name), puzzle.TilesDefaultHelp(name)),
			puzzle.SelectionHelp, record.OutputHelp, progress.InterruptHelp, progress.Help),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = batch.Inputs(args)
			return runSolveTiles(o)
		},
	}
	o.tilesArg.register(cmd)
	formatFlag(cmd, &o.Format, formatText, formatAOJ, formatText, formatJSON)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic (see above; default: the board's default)")
	goalFlag(cmd, &o.opts.Goal, "goal convention: blank-first or blank-last (default blank-first; blank-last with --format aoj)")
	cmd.Flags().Lookup("goal").DefValue = "" // the default shown is the usage's: it follows --format
	cmd.Flags().Uint64Var(&o.opts.Limits.MaxNodes, "max-nodes", 0, "give up on a board after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.opts.Limits.Timeout, "timeout", 0, fmt.Sprintf("give up on a board after this long (0: no limit; checked every %d generated nodes)", search.LimitCheckEvery))
	splitFlag(cmd, &o.opts.Split, "all workers on one board at a time: auto, on or off")
	pruneFlag(cmd, &o.opts.Prune)
	orderFlag(cmd, &o.opts.Order)
	cmd.Flags().BoolVar(&o.Progress, "progress", false, "a progress line a search iteration on stderr (else one updating line on a terminal, a time-stamped line at most once a minute a worker otherwise)")
	o.solveFlags.register(cmd)
	return cmd
}

// complete checks the flags, before any table is read, and sets the
// board, the heuristic (the board's default when none is named) and the
// selection.
func (o *solveTilesOptions) complete() (err error) {
	if o.tiles, err = o.lookup(); err != nil {
		return err
	}
	if err := checkTimeout(o.opts.Limits.Timeout); err != nil {
		return err
	}
	return o.solveFlags.complete(puzzle.HeuristicOrDefault(o.tiles, o.Heuristic))
}

func runSolveTiles(o *solveTilesOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	return runSolve(o.g, o.tiles, &o.solveFlags, o.Progress)
}
