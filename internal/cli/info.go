package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/plot"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// infoOptions are the flags of "info".
type infoOptions struct {
	g    *globalOptions
	File string
	Plot string
}

func newInfoCmd(g *globalOptions) *cobra.Command {
	o := &infoOptions{g: g}
	cmd := &cobra.Command{
		Use:   "info FILE",
		Short: "Check a table file and describe it",
		Long: `Read a table file, check all of it as solve checks a table it loads (magic,
version, sizes, header and entry checksums, per-value counts and, for a
table pdbsolve builds, its entries against the pinned checksum), and
print its header, the histogram of its stored values (count and share of
entries holding each value) and their mean. --plot FILE.svg|FILE.png draws
the distribution of the heuristic values the table gives, in moves (for a
sliding-tile pattern table, a placement's Manhattan distance plus twice its
stored entry).

A file that fails a check is reported and exits 3; one whose checksums
agree with its entries but whose entries are not the pinned ones (damaged
and re-checksummed, or forged) is printed with "checksum ... BAD" and exits 3.

` + exitCodeHelp,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			return runInfo(o)
		},
	}
	cmd.Flags().StringVar(&o.Plot, "plot", "", "draw the histogram of values to this .svg or .png file")
	return cmd
}

func runInfo(o *infoOptions) error {
	if o.Plot != "" {
		if _, err := plot.Format(o.Plot); err != nil {
			return usageError("--plot %q: %v", o.Plot, err)
		}
	}
	t, err := pdb.ReadFile(o.File, "", "")
	if err != nil {
		return withCode(ExitTable, err)
	}
	w := bufio.NewWriter(o.g.Stdout)
	pinned, known := pdb.KnownChecksum(t.Puzzle, t.Pattern)
	writeInfo(w, o.File, t, pinned, known)
	if err := w.Flush(); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	if known && t.Checksum != pinned {
		return withCode(ExitTable, fmt.Errorf("%s: the entries of %s/%s have CRC %08x, not the pinned %08x of the table pdbsolve builds: solve rejects and rebuilds it",
			o.File, t.Puzzle, t.Pattern, t.Checksum, pinned))
	}
	if o.Plot != "" {
		h, err := plot.TableHistogram(t)
		if err == nil {
			err = plot.Table(h, o.Plot)
		}
		if err != nil {
			return withCode(ExitIO, fmt.Errorf("--plot %s: %v", o.Plot, err))
		}
	}
	return nil
}

// writeInfo describes table t, read from file name; pinned is the pinned
// checksum of its puzzle and pattern when known is set.
func writeInfo(w io.Writer, name string, t *pdb.Table, pinned uint32, known bool) {
	fmt.Fprintf(w, "file      %s\n", name)
	fmt.Fprintf(w, "format    %s version %d\n", pdb.Magic, pdb.FormatVersion)
	fmt.Fprintf(w, "puzzle    %s\n", t.Puzzle)
	fmt.Fprintf(w, "pattern   %s\n", t.Pattern)
	if kind, goal, ok := tilesTableKind(t.Pattern); ok {
		fmt.Fprintf(w, "kind      %s\n", kind)
		fmt.Fprintf(w, "goal      %s\n", goal)
	}
	fmt.Fprintf(w, "entries   %d x %d bits\n", t.Entries, t.Width)
	switch {
	case !known:
		fmt.Fprintf(w, "checksum  %08x OK (no checksum is pinned for this pattern)\n", t.Checksum)
	case t.Checksum == pinned:
		fmt.Fprintf(w, "checksum  %08x OK, the pinned checksum\n", t.Checksum)
	default:
		fmt.Fprintf(w, "checksum  %08x BAD: the pinned checksum is %08x\n", t.Checksum, pinned)
	}
	fmt.Fprintf(w, "mean      %.4f\n", t.Mean())
	fmt.Fprintf(w, "value %14s %9s\n", "count", "share")
	for v, c := range t.Counts {
		fmt.Fprintf(w, "%5d %14d %8.4f%%\n", v, c, 100*float64(c)/float64(t.Entries))
	}
}

// tilesTableKind describes a sliding-tile pattern table by the construction
// its pattern id starts with (pdb.TilesPatternID): its kind and where its
// abstract goal leaves the blank; ok is false for other tables.
func tilesTableKind(pattern string) (kind, goal string, ok bool) {
	con, _, _ := strings.Cut(pattern, "-")
	const plain = "plain pattern database (one entry a placement of the pattern's tiles, the least over the blank's cells)"
	switch con {
	case pdb.TilesBlankHome.String():
		return plain, "pattern tiles home, blank on its goal cell (Korf & Felner 2002)", true
	case pdb.TilesBlankAny.String():
		return plain, "pattern tiles home, blank anywhere (weaker where the tiles wall in the blank's goal cell; no longer built)", true
	}
	return "", "", false
}
