package puzzle

import (
	"errors"

	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Plan is a heuristic of a puzzle read from its name once (Puzzle.Plan):
// its name and every table of every partition it needs, each with its id,
// entry count, size and build estimate (pdb.Spec), listed before any table
// is opened, loaded or built. Solvers load their tables from it.
type Plan struct {
	Name string
	// Tables are the tables the heuristic needs, each file once, in the
	// order the name gives them; none for a heuristic without tables.
	Tables []pdb.Spec
	tiles  *search.TilesPlan // sliding tiles: what Tiles.Heuristic loads
}

// Check returns an error wrapping pdb.ErrTooBig when a table of the plan
// that the cache does not hold cannot be built on this machine: every table
// of every partition is sized before the first is loaded or built, and no
// file (not even a lock) is written. A plan without tables opens no cache.
func (p *Plan) Check(cache Cache) error {
	if len(p.Tables) == 0 {
		return nil
	}
	c, err := cache()
	if err != nil {
		return err
	}
	for _, s := range p.Tables {
		if err := c.CheckBuild(s); err != nil {
			return err
		}
	}
	return nil
}

// Plans reads each heuristic name of p into its plan (Puzzle.Plan), in
// order; an error wraps ErrHeuristic and names the first bad name.
func Plans(p Puzzle, names []string) ([]*Plan, error) {
	plans := make([]*Plan, len(names))
	for i, name := range names {
		var err error
		if plans[i], err = p.Plan(name); err != nil {
			return nil, err
		}
	}
	return plans, nil
}

// Plan implements Puzzle, through search's one parser of names.
func (t Tiles) Plan(name string) (*Plan, error) {
	tp, err := search.PlanTilesHeuristic(t.rows, t.cols, name)
	if errors.Is(err, search.ErrTilesHeuristic) {
		return nil, &kindError{ErrHeuristic, err}
	} else if err != nil {
		return nil, err
	}
	return &Plan{Name: name, Tables: tp.Tables(), tiles: tp}, nil
}

// Plan implements Puzzle: the distance table for exact and exact-ida
// (exact also reads the path table, whose spec derives from the distance
// table: pdb.RotationPathsSpec), none for count.
func (r Rotation) Plan(name string) (*Plan, error) {
	h, _, err := r.heuristic(name)
	if err != nil {
		return nil, err
	}
	p := &Plan{Name: name}
	if h == search.RotationExact {
		p.Tables = []pdb.Spec{pdb.RotationSpec()}
	}
	return p, nil
}

// Heuristic loads the sliding-tile heuristic of plan p, one of t's, through
// cache (which builds the missing tables; called only when the heuristic
// needs tables).
func (t Tiles) Heuristic(cache Cache, p *Plan) (*search.TilesHeuristic, error) {
	if len(p.Tables) == 0 {
		return p.tiles.Load(nil)
	}
	c, err := cache()
	if err != nil {
		return nil, err
	}
	return p.tiles.Load(c)
}

// Pruning returns the move-pruning automaton of pruning p on t's board:
// read through cache when the table cache keeps it (search.TilesPruneSpec;
// it is built and kept there on first use), else built in memory.
func (t Tiles) Pruning(cache Cache, p search.TilesPruning) (*search.TilesPrune, error) {
	if _, kept := search.TilesPruneSpec(t.rows, t.cols, p.Depth()); !kept {
		return search.LoadTilesPruning(nil, t.rows, t.cols, p)
	}
	c, err := cache()
	if err != nil {
		return nil, err
	}
	return search.LoadTilesPruning(c, t.rows, t.cols, p)
}
