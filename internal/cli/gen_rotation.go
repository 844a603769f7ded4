package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/pdb"
)

func newGenRotationCmd(g *globalOptions) *cobra.Command {
	o := &genOptions{g: g}
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
	bindGenFlags(cmd, o)
	return cmd
}

func runGenRotation(o *genOptions) error {
	cache, err := genCache(o)
	if err != nil {
		return err
	}
	dist, err := genTable(o, cache, pdb.RotationSpec())
	if err != nil {
		return err
	}
	_, err = genTable(o, cache, pdb.RotationPathsSpec(dist))
	return err
}
