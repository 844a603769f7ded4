package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// newGenCmd returns "gen" with its puzzles.
func newGenCmd(puzzles ...*cobra.Command) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "gen PUZZLE",
		Short: "Build pattern database tables",
		Long: `Build a puzzle's tables into the cache directory, or with -o DIR every table\nit needs into DIR (usable as --tables DIR).
Tables are also built on first use by the commands that need them.

` + exitCodeHelp,
	}
	cmd.AddCommand(puzzles...)
	return puzzleGroup(cmd)
}

// genInto makes sure directory dir holds the tables of specs, as a cache
// directory does: each is read and checked if there, else built, checked
// and written (pdb.Cache.Load on a cache whose Dir is dir).
func genInto(g *globalOptions, dir string, specs []pdb.Spec) error {
	cache, err := g.cacheIn(dir)
	if err != nil {
		return err
	}
	for _, s := range specs {
		t, err := cache.Load(s)
		if err != nil {
			return withCode(ExitTable, plain(err))
		}
		fmt.Fprintf(g.Stderr, "pdbsolve: %s/%s (%d entries, checksum %08x) is in %s\n", t.Puzzle, t.Pattern, t.Entries, t.Checksum, cache.Path(s))
	}
	return nil
}
