package cli

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// genRotationOptions are the flags of "gen rotation".
type genRotationOptions struct {
	g      *globalOptions
	Output string
}

func newGenRotationCmd(g *globalOptions) *cobra.Command {
	o := &genRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation",
		Short: "Build the Rotation Game tables (distance and paths)",
		Long: `Build the Rotation Game distance table (C(24,8) = 735,471 masks, 4 bits each)
and the path table derived from it (per mask, its dictionary-smallest
shortest move sequence, 64 bits), into the cache directory, replacing them. With -o DIR, make sure DIR holds
both tables as a cache directory does (--tables DIR then uses them): each
is read and checked if there, else built, checked and written.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenRotation(o) },
	}
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write the tables into this directory instead of the cache")
	return cmd
}

func runGenRotation(o *genRotationOptions) error {
	if o.Output != "" {
		// Into DIR through the checked path of the cache: each table read
		// and checked if there, else built, checked and written.
		cache, err := o.g.cacheIn(o.Output)
		if err != nil {
			return err
		}
		dist, paths, err := cache.LoadRotation()
		if err != nil {
			return withCode(ExitTable, plain(err))
		}
		for _, t := range []*pdb.Table{dist, paths} {
			fmt.Fprintf(o.g.Stderr, "pdbsolve: %s/%s (%d entries) is in %s\n", t.Puzzle, t.Pattern, t.Entries, o.Output)
		}
		return nil
	}
	var progress func(pdb.Progress)
	if o.g.stderrTTY {
		progress = progressPrinter(o.g.Stderr)
	}
	start := time.Now()
	dist, err := pdb.BuildRotation(progress)
	if progress != nil {
		progress(pdb.Progress{Done: true})
	}
	if err != nil {
		return withCode(ExitTable, err)
	}
	built := time.Since(start)
	cache, err := o.g.cache()
	if err != nil {
		return err
	}
	paths, err := pdb.BuildRotationPaths(dist)
	if err != nil {
		return withCode(ExitTable, err)
	}
	for i, t := range []*pdb.Table{dist, paths} {
		spec := [...]pdb.Spec{pdb.RotationSpec(), pdb.RotationPathsSpec(dist)}[i]
		path := cache.Path(spec)
		if err := cache.Store(spec, t); err != nil { // under the table's lock, checked
			return withCode(ExitTable, err)
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: wrote %s/%s (%d entries) to %s\n", t.Puzzle, t.Pattern, t.Entries, path)
	}
	fmt.Fprintf(o.g.Stderr, "pdbsolve: distance table built in %v\n", built.Round(time.Millisecond))
	return nil
}
