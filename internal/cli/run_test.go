package cli

import (
	"context"
	"io"
)

// Run runs pdbsolve in this process with the given arguments and streams
// and returns the exit status, as Main does with the process's. It installs
// no signal handler: a cancelled ctx acts as an interrupt of a batch.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root, g := newRoot(ctx, stdin, stdout, stderr)
	g.args = append([]string{"pdbsolve"}, args...)
	return execute(root, g, args)
}
