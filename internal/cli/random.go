package cli

import (
	"bufio"

	"github.com/spf13/cobra"
)

// newRandomCmd returns "random" with its puzzles.
func newRandomCmd(puzzles ...*cobra.Command) *cobra.Command {
	return choiceGroup(&cobra.Command{
		Use:   "random PUZZLE",
		Short: "Print uniformly random boards",
	}, "puzzle", puzzles...)
}

// randomBufSize is the output buffer of the random commands, in bytes.
const randomBufSize = 256 << 10

// writeBoards writes n boards to standard output, one a line, each
// appended by next, then end.
func writeBoards(g *globalOptions, n int, next func([]byte) []byte, end string) error {
	if n < 0 {
		return usageError("-n %d: want a count of at least 0", n)
	}
	w := bufio.NewWriterSize(g.Stdout, randomBufSize)
	var buf []byte
	for range n {
		buf = append(next(buf[:0]), '\n')
		if _, err := w.Write(buf); err != nil {
			return withCode(ExitIO, err)
		}
	}
	w.WriteString(end)
	return withCode(ExitIO, w.Flush())
}
