package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// genTilesOptions are the flags of "gen 8puzzle", "gen 15puzzle",
// "gen 24puzzle" and "gen tiles --size ROWSxCOLS".
type genTilesOptions struct {
	g *globalOptions
	tilesArg
	PDB       string
	Heuristic string
	genOptions

	// Set by complete: the heuristic whose tables are built, and the tables.
	heuristic string
	specs     []pdb.Spec
}

func newGenTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &genTilesOptions{g: g, tilesArg: tilesArg{name: name}}
	short, long, heuristics := genTilesHelp(name)
	cmd := &cobra.Command{
		Use:   name,
		Short: short,
		Long: long + `
One table serves every pattern that is its image under a symmetry of the
board, so a partition may need fewer tables than it has patterns. A table
already there is read and checked (the pinned checksum included) and kept;
only missing or damaged tables are built, unless --rebuild.

Before a build expected to take more than a few seconds a line gives the
expected time and peak memory; a build that needs more memory than the
machine has is refused before it starts (exit 3, with both figures).
Progress (depth, states so far, percent, elapsed) is shown on stderr when it
is a terminal, under the line naming the table (board and pattern).

Heuristics: ` + heuristics + `.

` + exitCodeHelp,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenTiles(o) },
	}
	o.tilesArg.register(cmd)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "build the tables of this heuristic (default: the board's default)")
	cmd.Flags().StringVar(&o.PDB, "pdb", "", "build this preset partition or table instead: 555, 663, 78 (4x4), 6666 (5x5), exact or 44 (3x3)")
	bindGenFlags(cmd, &o.genOptions)
	return cmd
}

// genTilesHelp returns the short help of "gen NAME", the start of its long
// help and the list of its heuristics: those of the board NAME is, or for
// "tiles" of the board --size gives, which the help names no shape of.
func genTilesHelp(name string) (short, long, heuristics string) {
	t, ok := puzzle.TilesNamed(name)
	if !ok {
		return "Build the sliding-tile tables of the board --size ROWSxCOLS gives",
			`Build the sliding-tile pattern databases a heuristic needs on the board
--size ROWSxCOLS gives (required) into the cache directory, or with -o DIR
into DIR (--tables DIR then uses them): --heuristic takes any name "solve
tiles" takes on that board (default: the board's default heuristic), --pdb
a preset or table of the board by its short name (exact and 44 on 3x3; 555,
663 and 78 on 4x4; 6666 on 5x5; other boards have none).`,
			`those "solve tiles" takes on the board (pdbsolve solve tiles --help)`
	}
	return fmt.Sprintf("Build the %v sliding-tile tables", t),
		fmt.Sprintf(`Build the %v sliding-tile pattern databases a heuristic needs into the
cache directory, or with -o DIR into DIR (--tables DIR then uses them):
--heuristic takes any name solve takes (default: the board's default
heuristic), --pdb a preset or table by its short name (663, 78, exact, ...).`, t),
		tilesHeuristicHelp(name, t.Rows(), t.Cols())
}

// complete checks the flags, before any table is read, and sets the
// tables to build: those of --heuristic, of --pdb, or of the board's
// default heuristic.
func (o *genTilesOptions) complete() error {
	t, err := o.lookup()
	if err != nil {
		return err
	}
	o.heuristic = o.Heuristic
	switch {
	case o.PDB != "" && o.Heuristic != "":
		return usageError("--pdb %q and --heuristic %q: give one of them", o.PDB, o.Heuristic)
	case o.PDB != "":
		o.heuristic = puzzle.PDBHeuristic(o.PDB)
	case o.heuristic == "":
		o.heuristic = t.DefaultHeuristic()
	}
	if o.specs, err = t.Tables(o.heuristic); err != nil {
		return withCode(ExitUsage, err)
	}
	return nil
}

func runGenTiles(o *genTilesOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	if len(o.specs) == 0 {
		fmt.Fprintf(o.g.Stderr, "pdbsolve: %s needs no tables\n", o.heuristic)
		return nil
	}
	cache, err := genCache(o.g, &o.genOptions)
	if err != nil {
		return err
	}
	for _, s := range o.specs {
		if _, err := genTable(o.g, &o.genOptions, cache, s); err != nil {
			return err
		}
	}
	return nil
}
