package cli

import (
	"fmt"

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
}

func newRandomTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &randomTilesOptions{g: g, tilesArg: tilesArg{name: name}}
	dims := puzzle.TilesBoardHelp(name)
	cmd := &cobra.Command{
		Use:   name,
		Short: fmt.Sprintf("Print random solvable %s boards, one a line", dims),
		Long: fmt.Sprintf(`Print boards drawn uniformly from the solvable %s boards for the goal,
or, with --walk K, the boards K random moves from the goal (never undoing
the previous move). The same seed gives the same boards.`, dims),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runRandomTiles(o, cmd.Flags().Changed("walk")) },
	}
	o.tilesArg.register(cmd)
	cmd.Flags().IntVarP(&o.N, "count", "n", 10, "number of boards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&o.Walk, "walk", 0, "make each board this many random moves from the goal instead")
	goalFlag(cmd, &o.Goal, "goal convention: blank-first or blank-last")
	return cmd
}

// runRandomTiles prints the boards: random walks of --walk moves when walk
// (--walk given, 0 included), else uniform boards.
func runRandomTiles(o *randomTilesOptions, walk bool) error {
	t, err := o.lookup()
	if err != nil {
		return err
	}
	r := bitboard.NewTilesRand(o.Seed)
	return writeBoards(o.g, o.N, func(buf []byte) []byte {
		if walk {
			return append(buf, bitboard.RandomWalkTiles(r, t.Rows(), t.Cols(), o.Goal, o.Walk).String()...)
		}
		return append(buf, bitboard.RandomTiles(r, t.Rows(), t.Cols(), o.Goal).String()...)
	}, "")
}
