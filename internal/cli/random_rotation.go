package cli

import (
	"math/rand/v2"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// randomRotationOptions are the flags of "random rotation".
type randomRotationOptions struct {
	g    *globalOptions
	N    int
	Seed uint64
	End  bool
}

func newRandomRotationCmd(g *globalOptions) *cobra.Command {
	o := &randomRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation",
		Short: "Print uniformly random Rotation Game boards in judge format",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, args []string) error { return runRandomRotation(o) },
	}
	cmd.Flags().IntVarP(&o.N, "count", "n", 10, "number of boards")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 1, "random seed; the same seed gives the same boards")
	cmd.Flags().BoolVar(&o.End, "end", false, "end the output with the judge's terminating 0 line")
	return cmd
}

func runRandomRotation(o *randomRotationOptions) error {
	r := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	end := ""
	if o.End {
		end = "0\n"
	}
	return writeBoards(o.g, o.N, func(buf []byte) []byte { return bitboard.RandomRotation(r).AppendText(buf) }, end)
}
