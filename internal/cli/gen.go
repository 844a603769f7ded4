package cli

import "github.com/spf13/cobra"

// newGenCmd returns "gen" with its puzzles.
func newGenCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen PUZZLE",
		Short: "Build pattern database tables",
		Long: `Build a puzzle's tables into the cache directory, or into one file with -o.
Tables are also built on first use by the commands that need them.

` + exitCodeHelp,
	}
	cmd.AddCommand(puzzles...)
	return puzzleGroup(cmd)
}
