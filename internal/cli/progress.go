package cli

import (
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// progressPrinter returns a pdb progress callback that redraws one status
// line on a terminal: depth, states so far, percent, elapsed.
func progressPrinter(w io.Writer) func(pdb.Progress) {
	return func(p pdb.Progress) {
		if p.Done {
			fmt.Fprintln(w)
			return
		}
		pct := 0.0
		if p.Total > 0 {
			pct = 100 * float64(p.States) / float64(p.Total)
		}
		fmt.Fprintf(w, "\r  depth %3d  states %14d  %6.2f%%  %7.1fs ", p.Depth, p.States, pct, p.Elapsed)
	}
}
