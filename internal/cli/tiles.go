package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
)

// tilesAnyName is the puzzle name that takes the board's shape from --size.
const tilesAnyName = puzzle.TilesName

// tilesArg is the board of a sliding-tile command: its puzzle name, and
// --size for "tiles".
type tilesArg struct {
	name string
	size puzzle.SizeValue
}

// register gives cmd its --size, when the name takes one.
func (a *tilesArg) register(cmd *cobra.Command) {
	if a.name == tilesAnyName {
		cmd.Flags().Var(&a.size, "size", puzzle.TilesSizeHelp)
	}
}

// lookup returns the board: a usage error when --size is missing or
// contradicts the name.
func (a *tilesArg) lookup() (puzzle.Tiles, error) {
	t, err := puzzle.LookupTiles(a.name, a.size.Size)
	return t, withCode(ExitUsage, err)
}
