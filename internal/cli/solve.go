package cli

import "github.com/spf13/cobra"

// newSolveCmd returns "solve" with its puzzles.
func newSolveCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solve PUZZLE [FILE|-]...",
		Short: "Solve a batch of boards optimally",
		Long: `Solve boards read from the files given (or standard input) and print one
answer per board, in input order, whatever the number of workers.
A bad record gets an error naming its file and line; the batch goes on.

` + exitCodeHelp,
	}
	cmd.AddCommand(puzzles...)
	return puzzleGroup(cmd)
}

func inputsOrStdin(args []string) []string {
	if len(args) == 0 {
		return []string{"-"}
	}
	return args
}
