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
	tilesArg
	PDB       string
	Heuristic string
	genOptions

	// Set by complete: the heuristic whose tables are built, and the tables.
	heuristic string
	specs     []pdb.Spec
}

func newGenTilesCmd(g *globalOptions, name string) *cobra.Command {
	o := &genTilesOptions{tilesArg: tilesArg{name: name}, genOptions: genOptions{g: g}}
	board, heuristics := puzzle.TilesBoardHelp(name)+" board", puzzle.TilesHeuristicsHelp(name)
	short := fmt.Sprintf("Build the %s sliding-tile tables", puzzle.TilesBoardHelp(name))
	if name == tilesAnyName {
		board, heuristics = "board --size ROWSxCOLS gives", `those "pdbsolve solve tiles --help" lists for the board`
		short = "Build the ROWSxCOLS sliding-tile tables (--size)"
	}
	cmd := &cobra.Command{
		Use:   name,
		Short: short,
		Long: longHelp(`Build the pattern databases of the `+board+` for --heuristic (any name solve takes; `+ // one line: longHelp wraps it
			`default: the board's default) or --pdb, a preset or table by its short name: `+puzzle.TilesPDBHelp(name)+`.
One table serves every pattern that is its image under a symmetry of the
board. A build of over a few seconds gives its time on an idle machine and
peak memory first; one needing more memory than the machine has is refused
(exit 3). Progress: a line redrawn on a terminal, else one a minute, dated.

Heuristics: `+heuristics+`.
`, genHelp),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenTiles(o) },
	}
	o.tilesArg.register(cmd)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "build the tables of this heuristic (default: the board's default)")
	cmd.Flags().StringVar(&o.PDB, "pdb", "", "build this preset partition or table instead: "+puzzle.TilesPDBHelp(name))
	bindGenFlags(cmd, &o.genOptions)
	return cmd
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
		if o.heuristic, err = t.PDBHeuristic(o.PDB); err != nil {
			return usageError("--pdb %s: %v", o.PDB, err)
		}
	case o.heuristic == "":
		o.heuristic = t.DefaultHeuristic()
	}
	plan, err := t.Plan(o.heuristic)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	o.specs = plan.Tables
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
	cache, err := genCache(&o.genOptions)
	if err != nil {
		return err
	}
	for _, s := range o.specs {
		if _, err := genTable(&o.genOptions, cache, s); err != nil {
			return err
		}
	}
	return nil
}
