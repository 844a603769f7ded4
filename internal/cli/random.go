package cli

import "github.com/spf13/cobra"

func newRandomCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "random PUZZLE",
		Short: "Print uniformly random boards",
	}
	cmd.AddCommand(newRandomRotationCmd(g))
	for _, f := range randomPuzzles {
		cmd.AddCommand(f(g))
	}
	return puzzleGroup(cmd)
}

// randomPuzzles lets other files add puzzles to random.
var randomPuzzles []func(*globalOptions) *cobra.Command
