package puzzle

import "github.com/pdbsolve/pdbsolve/search"

// Completions returns the values the shell completes for a flag of the
// puzzle called name, on the board size gives ("" for none, as "tiles"
// takes it): with pdb gen's --pdb short names (pdbNames: none but on a
// sliding-tile board), else the heuristics the puzzle takes (for "tiles"
// without a board, those every board takes).
func Completions(name, size string, pdb bool) []string {
	p, err := completedPuzzle(name, size)
	t, tiles := p.(Tiles)
	switch {
	case pdb && tiles && err == nil:
		return t.pdbNames()
	case pdb:
		return nil
	case err == nil:
		return p.heuristicNames()
	case name == TilesName:
		return []string{search.TilesManhattan, search.TilesLinearConflict}
	}
	return nil
}

// completedPuzzle returns the puzzle named, on the board size gives when
// it is not "".
func completedPuzzle(name, size string) (Puzzle, error) {
	var t *Tiles
	if size != "" {
		s, err := ParseSize(size)
		if err != nil {
			return nil, err
		}
		t = &s
	}
	p, _, err := Lookup(name, t)
	return p, err
}
