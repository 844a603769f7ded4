package cli

import (
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// progressPrinter returns a pdb progress callback that redraws one status
// line on a terminal: depth, states so far, percent, elapsed.
func progressPrinter(w io.Writer) func(pdb.Progress) {
	return statusPrinter(w, func(p pdb.Progress) string { return fmt.Sprintf("depth %3d  states", p.Depth) })
}

// statusPrinter returns a progress callback that redraws one status line:
// what label says, the count so far, percent and elapsed time.
func statusPrinter(w io.Writer, label func(pdb.Progress) string) func(pdb.Progress) {
	return func(p pdb.Progress) {
		if p.Done {
			fmt.Fprintln(w)
			return
		}
		pct := 0.0
		if p.Total > 0 {
			pct = 100 * float64(p.States) / float64(p.Total)
		}
		fmt.Fprintf(w, "\r  %s %14d  %6.2f%%  %7.1fs ", label(p), p.States, pct, p.Elapsed)
	}
}
