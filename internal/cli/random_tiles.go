package cli

import (
	"bufio"
	"fmt"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// randomTilesOptions are the flags of "random 8puzzle", "random 15puzzle",
// "random 24puzzle" and "random tiles --size ROWSxCOLS".
type randomTilesOptions struct {
	g     *globalOptions
	shape tilesShape
	N     int
	Seed  uint64
	Walk  int
	Goal  bitboard.Goal
}

func newRandomTilesCmd(g *globalOptions, name string) *cobra.Command {
	shape, _ := tilesShapeOf(name)
	o := &randomTilesOptions{g: g, shape: shape}
	dims := tilesDescribe(name, shape.rows, shape.cols)
	cmd := &cobra.Command{
		Use:   name,
		Short: fmt.Sprintf("Print random solvable %s boards, one a line", dims),
		Long: fmt.Sprintf(`Print boards drawn uniformly from the solvable %s boards for the goal,
or, with --walk K, the boards K random moves from the goal (never undoing
the previous move). The same seed gives the same boards.`, dims),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runRandomTiles(o) },
	}
	if name == tilesAnyName {
		cmd.Flags().Var(tilesSizeFlag{&o.shape}, "size", tilesSizeHelp)
	}
	cmd.Flags().IntVarP(&o.N, "count", "n", 10, "number of boards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&o.Walk, "walk", -1, "make each board this many random moves from the goal instead")
	goalFlag(cmd, &o.Goal, "goal convention: blank-first or blank-last")
	return cmd
}

func runRandomTiles(o *randomTilesOptions) error {
	if err := o.shape.check(); err != nil {
		return err
	}
	if o.N < 0 {
		return usageError("-n %d: want a count of at least 0", o.N)
	}
	goal := o.Goal
	rows, cols := o.shape.rows, o.shape.cols
	r := rand.New(rand.NewPCG(o.Seed, 0x711e5))
	w := bufio.NewWriterSize(o.g.Stdout, randomBufSize)
	for range o.N {
		var b bitboard.Tiles
		if o.Walk >= 0 {
			b = bitboard.RandomWalkTiles(r, rows, cols, goal, o.Walk)
		} else {
			b = bitboard.RandomTiles(r, rows, cols, goal)
		}
		if _, err := fmt.Fprintln(w, b.String()); err != nil {
			return withCode(ExitIO, err)
		}
	}
	return withCode(ExitIO, w.Flush())
}
