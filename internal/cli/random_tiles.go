package cli

import (
	"bufio"
	"fmt"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
)

// randomTilesOptions are the flags of "random 8puzzle", "random 15puzzle",
// "random 24puzzle" and "random tiles --size ROWSxCOLS".
type randomTilesOptions struct {
	g *globalOptions
	tilesArg
	N    int
	Seed uint64
	Walk int
	Goal bitboard.Goal

	tiles puzzle.Tiles // set by complete
}

func newRandomTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &randomTilesOptions{g: g, tilesArg: tilesArg{name: name}}
	shape, _ := puzzle.TilesNamed(name)
	dims := tilesDescribe(name, shape.Rows(), shape.Cols())
	cmd := &cobra.Command{
		Use:   name,
		Short: fmt.Sprintf("Print random solvable %s boards, one a line", dims),
		Long: fmt.Sprintf(`Print boards drawn uniformly from the solvable %s boards for the goal,
or, with --walk K, the boards K random moves from the goal (never undoing
the previous move). The same seed gives the same boards.`, dims),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runRandomTiles(o) },
	}
	o.tilesArg.register(cmd)
	cmd.Flags().IntVarP(&o.N, "count", "n", 10, "number of boards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&o.Walk, "walk", -1, "make each board this many random moves from the goal instead")
	goalFlag(cmd, &o.Goal, "goal convention: blank-first or blank-last")
	return cmd
}

// complete checks the flags and sets the board.
func (o *randomTilesOptions) complete() (err error) {
	if o.tiles, err = o.lookup(); err != nil {
		return err
	}
	if o.N < 0 {
		return usageError("-n %d: want a count of at least 0", o.N)
	}
	return nil
}

func runRandomTiles(o *randomTilesOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	goal := o.Goal
	rows, cols := o.tiles.Rows(), o.tiles.Cols()
	r := newTilesRand(o.Seed)
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

// newTilesRand returns the random source of the sliding-tile boards of
// seed: "random" prints and "score" samples the same boards.
func newTilesRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x711e5)) }
