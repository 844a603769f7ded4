package cli

import (
	"fmt"
	"math"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/score"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// scoreOptions are the flags of "score".
type scoreOptions struct {
	g          *globalOptions
	Puzzle     string
	Size       puzzle.SizeValue
	Heuristics []string
	Samples    int
	Seed       uint64
	Depth      int // -1: the board's mean optimal length
	Format     outputFormat
	Build      bool

	// Set by complete.
	tiles puzzle.Tiles
	plans []*puzzle.Plan // of each heuristic
	depth int            // the bound of the iteration predicted
}

// Limits of score's flags.
const (
	// scoreMaxSamples bounds --samples: the boards are held in memory, 28
	// bytes each (280 MB at the bound).
	scoreMaxSamples = 10_000_000
	scoreDefSamples = 1_000_000
	// scoreMaxDepth bounds --depth, past any optimal length up to 5 x 5.
	scoreMaxDepth = 400
)

func newScoreCmd(g *globalOptions) *cobra.Command {
	o := &scoreOptions{g: g}
	cmd := &cobra.Command{
		Use:   "score PUZZLE --heuristic H1,H2,...",
		Short: "Score sliding-tile heuristics without solving: h, IDA* nodes",
		Long: longHelp(`Score sliding-tile heuristics without solving (docs/score.md: the method and
the output). PUZZLE is 8puzzle, 15puzzle, 24puzzle or tiles --size
ROWSxCOLS; --heuristic takes solve's names, comma-separated (a comma that
a digit follows is inside a pattern: manhattan,pdb:1,2,5,6,9,10/3,4,7,8,11);
the first is the baseline of the ratios.

Per heuristic, over --samples random solvable boards (those of "pdbsolve
random PUZZLE -n N --seed S"): h's mean and spread; the nodes an IDA*
iteration with bound --depth (default: the board's mean optimal length,
where known) is expected to take from a random root, also by the blank's
cell; "sparse", the share resting on fewer than 10 sampled boards, where
the prediction errs low (raise --samples until it is small); its tables
and whether the cache holds them. Missing tables are built only with
--build; without it they are listed and the exit status is 3.
`),
		Args: puzzleArg,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 1 {
				return usageError("score takes one PUZZLE, got %d arguments: %s", len(args), strings.Join(args, " "))
			}
			o.Puzzle = args[0]
			if !cmd.Flags().Changed("depth") {
				o.Depth = -1
			} else if o.Depth < 0 {
				return usageError("--depth %d: want 0 to %d moves", o.Depth, scoreMaxDepth)
			}
			return runScore(o)
		},
	}
	cmd.Flags().Var(puzzle.HeuristicList{Names: &o.Heuristics}, "heuristic", "comma-separated heuristics to score (required)")
	cmd.Flags().IntVarP(&o.Samples, "samples", "n", scoreDefSamples, fmt.Sprintf("random boards to sample (1 to %d)", scoreMaxSamples))
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed (the boards of random PUZZLE --seed S)")
	cmd.Flags().IntVar(&o.Depth, "depth", 0, "cost bound of the IDA* iteration to predict (default: the board's mean optimal length)")
	formatFlag(cmd, &o.Format, formatTable, formatTable, formatJSON)
	cmd.Flags().BoolVar(&o.Build, "build", false, "build missing tables (else list them and exit 3)")
	cmd.Flags().Var(&o.Size, "size", "with tiles: "+puzzle.TilesSizeHelp)
	return cmd
}

// complete checks the flags of score, before any table is read, and sets
// the board, the tables of each heuristic and the bound to predict.
func (o *scoreOptions) complete() (err error) {
	if o.Samples < 1 || o.Samples > scoreMaxSamples {
		return usageError("--samples %d: want 1 to %d boards", o.Samples, scoreMaxSamples)
	}
	if o.Puzzle == puzzle.RotationName {
		return usageError("score rotation: the Rotation Game's exact table leaves nothing to score; PUZZLE is 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS")
	}
	if o.tiles, err = (&tilesArg{o.Puzzle, o.Size}).lookup(); err != nil {
		return err
	}
	if err := search.CheckHeuristicList(o.Heuristics); err != nil {
		return usageError("--heuristic: %v", err)
	}
	rows, cols := o.tiles.Rows(), o.tiles.Cols()
	o.plans = make([]*puzzle.Plan, len(o.Heuristics))
	for i, name := range o.Heuristics {
		if o.plans[i], err = o.tiles.Plan(name); err != nil {
			return usageError("--heuristic %s: %v", name, err)
		}
	}
	o.depth = o.Depth
	if o.depth < 0 {
		mean, ok := search.TilesMeanOptimal(rows, cols)
		if md := search.TilesMeanManhattan(rows, cols); !ok {
			return usageError("--depth: no mean optimal length is known for %dx%d boards: give the IDA* bound to predict, such as --depth %.0f (the mean Manhattan distance, %.1f, rounded up: the mean optimal length is at least that)", rows, cols, math.Ceil(md), md)
		}
		o.depth = int(math.Round(mean))
	}
	if o.depth > scoreMaxDepth {
		return usageError("--depth %d: want 0 to %d moves", o.depth, scoreMaxDepth)
	}
	return nil
}

// checkTables returns what the tables of each heuristic cost and which the
// cache is missing (or holds damaged); without --build any such table is an
// error (exit 3) listing them.
func (o *scoreOptions) checkTables() ([]record.ScoreTables, error) {
	cache, err := o.g.cache()
	if err != nil {
		return nil, err
	}
	specs := make([][]pdb.Spec, len(o.plans))
	for i, p := range o.plans {
		specs[i] = p.Tables
	}
	tables, missing := score.Costs(o.Heuristics, specs, cache.Status, cache.Estimate)
	if len(missing) > 0 && !o.Build {
		return nil, withCode(ExitTable, fmt.Errorf("tables missing from or damaged in the cache %s:\n  %s\nbuild them with --build, or with pdbsolve gen",
			cache.Dir, strings.Join(missing, "\n  ")))
	}
	return tables, nil
}

func runScore(o *scoreOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	tables, err := o.checkTables()
	if err != nil {
		return err
	}
	rows, cols := o.tiles.Rows(), o.tiles.Cols()
	tree, err := search.NewTilesTree(rows, cols, o.depth+1)
	if err != nil {
		return usageError("--depth %d: %v", o.depth, err)
	}
	heurs := make([]*search.TilesHeuristic, len(o.Heuristics))
	for i, plan := range o.plans {
		if heurs[i], err = o.tiles.Heuristic(o.g.cache, plan); err != nil {
			return withCode(ExitTable, err)
		}
	}
	scores, err := score.Heuristics(o.tiles.RecordName(), heurs, tables, score.Sample(rows, cols, o.Samples, o.Seed), o.Seed, tree, o.depth, o.g.workers())
	switch {
	case err != nil:
		return err
	case o.Format == formatJSON:
		err = score.WriteJSON(o.g.Stdout, o.g.provenance(), scores)
	case o.Depth >= 0:
		err = score.WriteTable(o.g.Stdout, scores, "--depth")
	default:
		err = score.WriteTable(o.g.Stdout, scores, "the board's mean optimal length")
	}
	return withCode(ExitIO, err)
}
