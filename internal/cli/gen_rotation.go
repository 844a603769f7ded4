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
shortest move sequence, 64 bits), into the cache directory. With -o FILE,
write only the distance table to FILE.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenRotation(o) },
	}
	cmd.Flags().StringVarP(&o.Output, "output", "o", "", "write the distance table to this file instead of the cache")
	return cmd
}

func runGenRotation(o *genRotationOptions) error {
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
	if o.Output != "" {
		if err := pdb.WriteFile(o.Output, dist); err != nil {
			return withCode(ExitTable, err)
		}
		fmt.Fprintf(o.g.Stderr, "pdbsolve: built %s/%s (%d entries, mean %.4f) in %v; wrote %s\n",
			dist.Puzzle, dist.Pattern, dist.Entries, dist.Mean(), built.Round(time.Millisecond), o.Output)
		return nil
	}
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
