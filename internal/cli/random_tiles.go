package cli

import (
	"bufio"
	"fmt"
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// randomTilesOptions are the flags of "random 8puzzle" and "random 15puzzle".
type randomTilesOptions struct {
	g    *globalOptions
	n    int
	N    int
	Seed uint64
	Walk int
	Goal string
}

func newRandomTilesCmd(g *globalOptions, name string, n int) *cobra.Command {
	o := &randomTilesOptions{g: g, n: n}
	cmd := &cobra.Command{
		Use:   name,
		Short: fmt.Sprintf("Print random solvable %dx%d boards, one a line", n, n),
		Long: fmt.Sprintf(`Print boards drawn uniformly from the solvable %dx%d boards for the goal,
or, with --walk K, the boards K random moves from the goal (never undoing
the previous move). The same seed gives the same boards.`, n, n),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runRandomTiles(o) },
	}
	cmd.Flags().IntVarP(&o.N, "count", "n", 10, "number of boards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed")
	cmd.Flags().IntVar(&o.Walk, "walk", -1, "make each board this many random moves from the goal instead")
	cmd.Flags().StringVar(&o.Goal, "goal", bitboard.BlankFirst.String(), "goal convention: blank-first or blank-last")
	return cmd
}

func runRandomTiles(o *randomTilesOptions) error {
	if o.N < 0 {
		return usageError("-n %d: want a count of at least 0", o.N)
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	r := rand.New(rand.NewPCG(o.Seed, 0x711e5))
	w := bufio.NewWriterSize(o.g.Stdout, outBufSize)
	for range o.N {
		var b bitboard.Tiles
		if o.Walk >= 0 {
			b = bitboard.RandomWalkTiles(r, o.n, o.n, goal, o.Walk)
		} else {
			b = bitboard.RandomTiles(r, o.n, o.n, goal)
		}
		if _, err := fmt.Fprintln(w, b.String()); err != nil {
			return withCode(ExitIO, err)
		}
	}
	return withCode(ExitIO, w.Flush())
}
