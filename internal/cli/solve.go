package cli

import "github.com/spf13/cobra"

func newSolveCmd(g *globalOptions) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "solve PUZZLE [FILE|-]...",
		Short: "Solve a batch of boards optimally",
		Long: `Solve boards read from the files given (or standard input) and print one
answer per board, in input order, whatever the number of workers.
A bad record gets an error naming its file and line; the batch goes on.

` + exitCodeHelp,
	}
	cmd.AddCommand(newSolveRotationCmd(g))
	for _, f := range solvePuzzles {
		cmd.AddCommand(f(g))
	}
	return puzzleGroup(cmd)
}

// solvePuzzles lets other files add puzzles to solve.
var solvePuzzles []func(*globalOptions) *cobra.Command

func inputsOrStdin(args []string) []string {
	if len(args) == 0 {
		return []string{"-"}
	}
	return args
}
