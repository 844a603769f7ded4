package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// genRotationOptions are the flags of "gen rotation".
type genRotationOptions struct {
	g *globalOptions
	genOptions
}

func newGenRotationCmd(g *globalOptions) *cobra.Command {
	o := &genRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation",
		Short: "Build the Rotation Game tables (distance and paths)",
		Long: longHelp(`Build the Rotation Game distance table (C(24,8) = 735,471 masks, 4 bits each)
and the path table derived from it (per mask, its dictionary-smallest
shortest move sequence, 64 bits).
`, genHelp),
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runGenRotation(o) },
	}
	bindGenFlags(cmd, &o.genOptions)
	return cmd
}

func runGenRotation(o *genRotationOptions) error {
	cache, err := genCache(o.g, &o.genOptions)
	if err != nil {
		return err
	}
	dist, err := genTable(o.g, &o.genOptions, cache, pdb.RotationSpec())
	if err != nil {
		return err
	}
	_, err = genTable(o.g, &o.genOptions, cache, pdb.RotationPathsSpec(dist))
	return err
}
