package cli

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// genTilesOptions are the flags of "gen 8puzzle" and "gen 15puzzle".
type genTilesOptions struct {
	g   *globalOptions
	n   int
	PDB string
}

func newGenTilesCmd(g *globalOptions, name string, n int) *cobra.Command {
	o := &genTilesOptions{g: g, n: n}
	def, help := "663", "partition: 555, 663 or 78 (tiles 1-7 and 8-15; minutes, 4 GB)"
	if n == pdb.TilesExactSide {
		def, help = pdb.TilesExactPattern, "table: exact (all 181,440 boards) or 44 (tiles 1-4 and 5-8)"
	}
	cmd := &cobra.Command{
		Use:   name,
		Short: fmt.Sprintf("Build the %dx%d sliding-tile tables", n, n),
		Long: fmt.Sprintf(`Build the %dx%d sliding-tile pattern databases into the cache directory,
replacing any there. Progress (depth, placements so far, percent, elapsed)
is shown on stderr when it is a terminal.`, n, n),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenTiles(o) },
	}
	cmd.Flags().StringVar(&o.PDB, "pdb", def, help)
	return cmd
}

// tilesSpecs returns the specs of the tables that name needs on side n.
func tilesSpecs(n int, name string) ([]pdb.Spec, error) {
	if n == pdb.TilesExactSide && name == pdb.TilesExactPattern {
		return []pdb.Spec{pdb.TilesExactSpec()}, nil
	}
	part, err := pdb.TilesPartitionNamed(n, n, name)
	if err != nil {
		return nil, err
	}
	var specs []pdb.Spec
	for _, g := range part.Patterns {
		specs = append(specs, pdb.TilesPatternSpec(n, n, g))
	}
	return specs, nil
}

func runGenTiles(o *genTilesOptions) error {
	specs, err := tilesSpecs(o.n, o.PDB)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	cache, err := o.g.cache()
	if err != nil {
		return err
	}
	for _, s := range specs {
		start := time.Now()
		t, err := s.Build(cache.Progress)
		if cache.Progress != nil {
			cache.Progress(pdb.Progress{Done: true})
		}
		if err != nil {
			return withCode(ExitTable, err)
		}
		built := time.Since(start)
		path := filepath.Join(cache.Dir, s.FileName())
		if err := pdb.WriteFile(path, t); err != nil {
			return withCode(ExitTable, err)
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: built %s/%s (%d entries, mean %.4f) in %v; wrote %s\n",
			t.Puzzle, t.Pattern, t.Entries, t.Mean(), built.Round(time.Millisecond), path)
	}
	return nil
}
