package cli

import "github.com/spf13/cobra"

// newRandomCmd returns "random" with its puzzles.
func newRandomCmd(puzzles ...*cobra.Command) *cobra.Command {
	return puzzleGroup(&cobra.Command{
		Use:   "random PUZZLE",
		Short: "Print uniformly random boards",
	}, puzzles...)
}

// randomBufSize is the output buffer of the random commands, in bytes.
const randomBufSize = 256 << 10
