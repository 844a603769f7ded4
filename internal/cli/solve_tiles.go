package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/search"
)

// tilesPuzzles are the sliding-tile puzzles by command name and side.
var tilesPuzzles = []struct {
	name string
	n    int
}{{"8puzzle", 3}, {"15puzzle", 4}}

// solveTilesOptions are the flags of "solve 8puzzle" and "solve 15puzzle".
type solveTilesOptions struct {
	g         *globalOptions
	n         int
	Format    string
	Heuristic string
	Goal      string
	MaxNodes  uint64
	Timeout   time.Duration
	Inputs    []string
	Shard     string
}

func newSolveTilesCmd(g *globalOptions, name string, n int) *cobra.Command {
	o := &solveTilesOptions{g: g, n: n}
	size := n * n
	cmd := &cobra.Command{
		Use:   name + " [FILE|-]...",
		Short: fmt.Sprintf("Solve %dx%d sliding-tile boards (AOJ ALDS1_13_%s)", n, n, map[int]string{3: "B", 4: "C"}[n]),
		Long: fmt.Sprintf(`Solve %dx%d sliding-tile boards optimally with IDA*. A board is %d integers,
row by row, 0 for the blank; line breaks do not matter (a board may be one
line or %d lines), blank lines and lines starting with # are skipped.
Moves are named by the direction the blank moves: U, D, L, R.

--goal blank-first: 0 1 2 ... (Korf's instances); blank-last: 1 2 ... 0 (AOJ).
--format aoj prints the number of moves, text the number, a space and the
moves, json one object a line with the statistics (bad boards included).
Fields are separated by ASCII white space only (a non-ASCII space such as
U+00A0 makes a bad tile). A malformed or unsolvable board gets an error
naming its file and the line of the bad field, or the line the board starts
on when the board as a whole is wrong; the batch goes on, and answers keep
the input order.

Heuristics: %s.

`, n, n, size, n, strings.Join(search.TilesHeuristicNames(n), ", ")) + exitCodeHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = inputsOrStdin(args)
			return runSolveTiles(o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", "text", "output format: aoj, text or json")
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", search.DefaultTileHeuristic(n), "heuristic (see above)")
	cmd.Flags().StringVar(&o.Goal, "goal", bitboard.BlankFirst.String(), "goal convention: blank-first or blank-last")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "give up on a board after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "give up on a board after this long (0: no limit)")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "solve only shard K/N: every N-th board from the K-th (0-based), counted across the inputs")
	return cmd
}

func runSolveTiles(o *solveTilesOptions) error {
	if o.Format != "aoj" && o.Format != "text" && o.Format != "json" {
		return usageError("--format %q: want aoj, text or json", o.Format)
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	h, err := loadTilesHeuristic(o.g, o.n, o.Heuristic)
	if err != nil {
		return err
	}
	size := o.n * o.n
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	source, err := shardOf(o.g, o.Inputs, o.Shard, tilesRecords(size))
	if err != nil {
		return err
	}
	return o.g.runBatch(batch.Config{
		Inputs: o.Inputs, JSON: o.Format == "json", Source: source,
		Reject: func(u *batch.Unit, line int, err error) {
			rejectRecord(u, o.Format == "json", tilesPuzzleName(o.n), o.Heuristic, line, err)
		},
		Split: func(data []byte, atEOF bool) int { return bitboard.TilesSplit(data, size, atEOF, 0) },
		// A board costs milliseconds to seconds: one a unit keeps every worker busy.
		First: func(data []byte) int { return bitboard.TilesSplit(data, size, true, 1) },
		NewHandler: func() batch.Handler {
			s := search.NewTileSolver(h)
			return func(u *batch.Unit) { solveTilesUnit(u, s, o, goal, lim) }
		},
	})
}

// loadTilesHeuristic loads a heuristic by name, telling a bad name (usage)
// from a table problem.
func loadTilesHeuristic(g *globalOptions, n int, name string) (*search.TilesHeuristic, error) {
	probe, err := search.LoadTileHeuristic(nil, n, name)
	if err == nil {
		return probe, nil // needs no tables
	}
	if errors.Is(err, search.ErrTileHeuristic) {
		return nil, withCode(ExitUsage, err)
	}
	cache, err := g.cache()
	if err != nil {
		return nil, err
	}
	h, err := search.LoadTileHeuristic(cache, n, name)
	if err != nil {
		return nil, withCode(ExitTable, err)
	}
	return h, nil
}

// tilesParse parses a sliding-tile record of side n: the one call into
// bitboard's board parser, kept in one place.
func tilesParse(rec *bitboard.TilesRecord, n int) (bitboard.Tiles, error) {
	return bitboard.ParseTiles(rec.Fields, n)
}

// solveTilesUnit solves every board of a unit into its output.
func solveTilesUnit(c *batch.Unit, s *search.TilesSolver, o *solveTilesOptions, goal bitboard.Goal, lim search.Limits) {
	asJSON := o.Format == "json"
	bitboard.TilesScan(c.Data, c.Line, o.n*o.n, func(rec *bitboard.TilesRecord) {
		b, err := tilesParse(rec, o.n)
		if err != nil {
			rejectRecord(c, asJSON, tilesPuzzleName(o.n), s.Heuristic().Name(), rec.ErrLine(err), err)
			return
		}
		line := rec.Line
		moves, st, err := s.Solve(b, goal, lim)
		switch {
		case errors.Is(err, search.ErrLimit):
			err = fmt.Errorf("%v: %w after %d nodes, bound %d", b, err, st.Generated, st.Bound)
			c.Limit++
			if asJSON {
				r := tilesRun(c, o.n, line, b, goal, s.Heuristic().Name(), record.StatusLimit)
				r.SetStats(&st, true)
				r.Error = userMessage(err)
				c.Out = record.AppendRun(c.Out, r)
			} else {
				c.Note(line, plain(err))
			}
			return
		case errors.Is(err, search.ErrUnsolvable) && asJSON:
			c.Bad++
			r := tilesRun(c, o.n, line, b, goal, s.Heuristic().Name(), record.StatusUnsolvable)
			r.Error = userMessage(fmt.Errorf("%w for the %v goal", err, goal))
			c.Out = record.AppendRun(c.Out, r)
			return
		case errors.Is(err, search.ErrUnsolvable):
			err = fmt.Errorf("%v: %w for the %v goal", b, err, goal)
			fallthrough
		case err != nil:
			rejectRecord(c, asJSON, tilesPuzzleName(o.n), s.Heuristic().Name(), line, err)
			return
		}
		switch o.Format {
		case "aoj":
			c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
		case "text":
			c.Out = strconv.AppendInt(c.Out, int64(len(moves)), 10)
			if len(moves) > 0 {
				c.Out = append(c.Out, ' ')
				c.Out = append(c.Out, moves...)
			}
		case "json":
			r := tilesRun(c, o.n, line, b, goal, s.Heuristic().Name(), record.StatusSolved)
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
func tilesRun(u *batch.Unit, n, line int, b bitboard.Tiles, goal bitboard.Goal, heuristic string, status record.Status) *record.Run {
	return &record.Run{Puzzle: tilesPuzzleName(n), Input: recordInput(u.Name), Line: line, Board: b.String(),
		Goal: goal.String(), Heuristic: heuristic, Status: status}
}
