package cli

import "github.com/spf13/cobra"

func newGenCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen PUZZLE",
		Short: "Build pattern database tables",
		Long: `Build a puzzle's tables into the cache directory, or into one file with -o.
Tables are also built on first use by the commands that need them.

` + exitCodeHelp,
	}
	cmd.AddCommand(newGenRotationCmd(g))
	for _, f := range genPuzzles {
		cmd.AddCommand(f(g))
	}
	return puzzleGroup(cmd)
}

// genPuzzles lets other files add puzzles to gen.
var genPuzzles []func(*globalOptions) *cobra.Command
