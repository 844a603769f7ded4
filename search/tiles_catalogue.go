package search

import (
	"fmt"
	"slices"

	"github.com/pdbsolve/pdbsolve/pdb"
)

// Catalogues: the max over several additive partitions, each possibly with
// its reflection and possibly zero-aware.
//
// A view is one additive sum: a partition looked up on the board, or on the
// board reflected about the main diagonal. h = Manhattan + 2 * max over the
// views of the view's entry sum. The views' patterns are pooled: a catalogue
// pattern is a table and the map that takes the board's cells to the
// table's (the symmetry that shares the table, composed with the reflection
// for a reflected view), so two views holding the same lookup share its
// position and entry. A move changes one tile, hence one pattern a view.

// Limits of a catalogue.
const (
	// tilesMaxViews is the most views of a catalogue (a partition with
	// +reflect is two).
	tilesMaxViews = 16
	// tilesMaxCatPatterns is the most distinct patterns of a catalogue.
	tilesMaxCatPatterns = 96
)

// tilesCat is the catalogue part of a TilesHeuristic.
type tilesCat struct {
	views int
	// Pattern q: size[q] tiles, entries table[q] (the index zero[q] for
	// zero-aware ones; with oneBit, every pattern's table is at one bit an
	// entry, read through bits[q], and zero[q] is its Layout), board cell c
	// at table cell cell[q][c], tile t at index slot[q][t] of the table's
	// order.
	patterns int
	oneBit   bool
	size     [tilesMaxCatPatterns]uint8
	table    [tilesMaxCatPatterns][]byte
	zero     [tilesMaxCatPatterns]*pdb.TilesZero
	bits     [tilesMaxCatPatterns]*pdb.TilesZeroBits
	cell     [tilesMaxCatPatterns][tilesMaxCells]uint8
	slot     [tilesMaxCatPatterns][tilesMaxCells]uint8
	// weight[n] are tilesRank's weights for n tiles (tilesRankWeights),
	// for the kernels' tilesRankMove.
	weight [tilesMaxCells + 1][tilesRankCells]uint64
	// pat[v][t] is the pattern of tile t in view v; of[v] the patterns of
	// view v.
	pat [tilesMaxViews][tilesMaxCells]uint8
	of  [tilesMaxViews][]uint8
	// terms are the catalogue's partitions with their lookups, for the
	// tests' Eval.
	terms []tilesCatTerm
}

// tilesCatTerm is one partition of a catalogue: its lookups and tables,
// and the index of each zero-aware table (zeros nil for a plain partition,
// bits instead of zeros for 1-bit tables).
type tilesCatTerm struct {
	term    tilesTerm
	lookups []pdb.TilesLookup
	tables  [][]byte
	zeros   []*pdb.TilesZero
	bits    []*pdb.TilesZeroBits
}

// setCatalogue installs the catalogue of plan, with lookups[i][p] and
// tables[i][p] the lookup and table of pattern p of term i.
func (h *TilesHeuristic) setCatalogue(plan tilesPlan, lookups [][]pdb.TilesLookup, tables [][]*pdb.Table) error {
	h.kind = tilesCatalogue
	c := &h.cat
	c.oneBit = plan.terms[0].bits // the parser gives +bits to every term or none
	key := map[string]int{}       // table file and cell map -> pattern
	for n := range h.nc + 1 {
		c.weight[n] = tilesRankWeights(n, h.nc)
	}
	zeros := map[string]any{} // table file -> its index, *pdb.TilesZero or *pdb.TilesZeroBits
	for i, term := range plan.terms {
		ct, err := h.catTerm(term, lookups[i], tables[i], zeros)
		if err != nil {
			return err
		}
		c.terms = append(c.terms, ct)
		for _, reflected := range []bool{false, true} {
			if reflected && !term.reflect {
				continue
			}
			if err := h.addView(&ct, reflected, key); err != nil {
				return err
			}
		}
	}
	return nil
}

// catTerm returns the catalogue partition of term, with lookups[p] and
// tables[p] the lookup and table of its pattern p, each table checked for
// size; a zero-aware table's index is made once, kept in zeros by file.
func (h *TilesHeuristic) catTerm(term tilesTerm, lookups []pdb.TilesLookup, tables []*pdb.Table, zeros map[string]any) (tilesCatTerm, error) {
	ct := tilesCatTerm{term: term, lookups: lookups}
	for p, l := range lookups {
		t := tables[p]
		ct.tables = append(ct.tables, t.Data)
		want := pdb.TilesEntries(h.nc, len(l.Tiles))
		if term.zero {
			z, err := h.catZero(zeros, l, t, term.bits)
			if err != nil {
				return tilesCatTerm{}, err
			}
			if term.bits {
				ct.bits = append(ct.bits, z.(*pdb.TilesZeroBits))
			} else {
				ct.zeros = append(ct.zeros, z.(*pdb.TilesZero))
			}
			want = pdb.TilesZeroEntries(h.rows, h.cols, len(l.Tiles))
		}
		if t.Entries != want || !term.bits && uint64(len(t.Data)) != want {
			return tilesCatTerm{}, fmt.Errorf("the table %s of pattern %v has %d entries, want %d", l.Spec.FileName(),
				term.part.Patterns[p], t.Entries, want)
		}
	}
	return ct, nil
}

// catZero returns the index of zero-aware table t of lookup l, a
// *pdb.TilesZeroBits for a 1-bit table (bits), else a *pdb.TilesZero: made
// once a file, kept in zeros.
func (h *TilesHeuristic) catZero(zeros map[string]any, l pdb.TilesLookup, t *pdb.Table, bits bool) (any, error) {
	f := l.Spec.FileName()
	if z, ok := zeros[f]; ok {
		return z, nil
	}
	var z any
	var err error
	if bits {
		z, err = pdb.NewTilesZeroBits(h.rows, h.cols, l.Tiles, t)
	} else {
		z, err = pdb.NewTilesZero(h.rows, h.cols, l.Tiles, t)
	}
	if err != nil {
		return nil, err
	}
	zeros[f] = z
	return z, nil
}

// addView adds the view of partition ct, on the board or (reflected) on the
// board reflected about the main diagonal: its patterns, pooled with the
// catalogue's others by table file and cell map (key).
func (h *TilesHeuristic) addView(ct *tilesCatTerm, reflected bool, key map[string]int) error {
	c := &h.cat
	transpose := func(x int) int { return x%h.cols*h.cols + x/h.cols }
	v := c.views
	c.views++
	for p, tiles := range ct.term.part.Patterns {
		l := ct.lookups[p]
		// Tile t at cell x of the board is tile T(t) at T(x) on the
		// reflected one: the view maps both by Sym after T.
		var cell [tilesMaxCells]uint8
		for x := range h.nc {
			y := x
			if reflected {
				y = transpose(x)
			}
			cell[x] = l.Sym.Cell[y]
		}
		k := l.Spec.FileName() + "/" + string(cell[:h.nc])
		q, ok := key[k]
		if !ok {
			if c.patterns == tilesMaxCatPatterns {
				return fmt.Errorf("%d patterns in all, at most %d", c.patterns+1, tilesMaxCatPatterns)
			}
			q = c.patterns
			c.patterns++
			key[k] = q
			c.size[q] = uint8(len(tiles))
			c.table[q] = ct.tables[p]
			if ct.zeros != nil {
				c.zero[q] = ct.zeros[p]
			}
			if ct.bits != nil {
				c.bits[q], c.zero[q] = ct.bits[p], ct.bits[p].Layout()
			}
			c.cell[q] = cell
		}
		for _, pt := range tiles {
			t := pt
			if reflected {
				t = transpose(pt)
			}
			s := slices.Index(l.Tiles, int(cell[t]))
			if s < 0 {
				return fmt.Errorf("the table %s of pattern %v has no tile for tile %d", l.Spec.FileName(), tiles, t)
			}
			c.slot[q][t] = uint8(s)
			c.pat[v][t] = uint8(q)
		}
		c.of[v] = append(c.of[v], uint8(q))
	}
	return nil
}

// loadCatalogue sets the kernel's catalogue state for its board.
func (k *tilesKernel) loadCatalogue() {
	c := &k.h.cat
	nc := k.h.nc
	for q := range c.patterns {
		k.cocc[q] = 0
	}
	for x := range nc {
		t := k.cells[x]
		if t == 0 {
			continue
		}
		for v := range c.views {
			q := c.pat[v][t]
			to := c.cell[q][x]
			k.cpos[q][c.slot[q][t]] = to
			k.cslot[q][to] = c.slot[q][t]
			k.cocc[q] |= 1 << to
		}
	}
	for q := range c.patterns {
		k.crank[q] = tilesRank(&k.cpos[q], int(c.size[q]), nc)
	}
	if c.oneBit {
		k.loadCatalogueCosts()
		return
	}
	best := 0
	for v := range c.views {
		sum := 0
		for _, q := range c.of[v] {
			idx := k.crank[q]
			if z := c.zero[q]; z != nil {
				idx = z.IndexOf(idx, k.cpos[q][:c.size[q]], k.cocc[q], c.cell[q][k.blank])
			}
			k.cval[q] = c.table[q][idx]
			sum += int(k.cval[q])
		}
		k.vsum[v] = int32(sum)
		best = max(best, sum)
		k.order[v] = uint8(v)
	}
	k.heur = k.man + 2*best
}

// loadCatalogueCosts is loadCatalogue's end for a catalogue of 1-bit
// tables, whose kernel (dfsCatalogueBits) keeps costs instead of entries:
// cval[q] is pattern q's cost in moves (its tiles' Manhattan distance plus
// twice the entry), recovered exactly from the bits (pdb.TilesZeroBits.Cost,
// a walk down to the goal state); vsum[v] is view v's sum of costs, and h
// the largest, Manhattan distance included. When the costs are known
// (k.known, see tilesKernel) they are taken from there instead of walked.
func (k *tilesKernel) loadCatalogueCosts() {
	c := &k.h.cat
	var moved [tilesMaxCatPatterns]bool // the patterns of the tile moved from the known parent
	if k.knownTile != 0 {
		for v := range c.views {
			moved[c.pat[v][k.knownTile]] = true
		}
	}
	for q := range c.patterns {
		switch {
		case k.known != nil && moved[q]:
			idx := c.bits[q].IndexOf(k.crank[q], k.cpos[q][:c.size[q]], k.cocc[q], c.cell[q][k.blank])
			k.cval[q] = c.bits[q].Next(k.known[q], idx)
		case k.known != nil:
			k.cval[q] = k.known[q]
		default:
			cost, err := c.bits[q].Cost(k.cpos[q][:c.size[q]], c.cell[q][k.blank])
			if err != nil { // cannot happen: the table was checked when it was made (pdb.TilesZeroBitsOf)
				panic(err)
			}
			k.cval[q] = uint8(cost)
		}
	}
	best := 0
	for v := range c.views {
		sum := 0
		for _, q := range c.of[v] {
			sum += int(k.cval[q])
		}
		k.vsum[v] = int32(sum)
		best = max(best, sum)
		k.order[v] = uint8(v)
	}
	k.heur = best
}

// catPruned is dfsCatalogue's bookkeeping for a child pruned at the j-th view
// tried, with f its cost bound: f is a candidate for the next iteration's
// bound, and that view goes first for the next children.
func (k *tilesKernel) catPruned(j, f int) {
	k.nextBound = min(k.nextBound, f)
	v := k.order[j]
	copy(k.order[1:j+1], k.order[:j])
	k.order[0] = v
}

// tilesCatUndo is what catCommit changed, for catUndo: the patterns of the
// moved tile (each once), their entries and (catRankCommit, catRankUndo)
// ranks before the move.
type tilesCatUndo struct {
	touched [tilesMaxViews]uint8
	oldVal  [tilesMaxViews]uint8
	oldRank [tilesMaxViews]uint64
	n       int
}

// catCommit moves tile t from cell to into the blank's cell blank in
// pattern q, one of the tile's, of the kernel's catalogue state: q takes its
// new cells and the entry newv that dfsCatalogue looked up; u notes q and
// its entry before, for catUndo. It and the kernel's other helpers
// (catPruned, catUndo, catCells) are inlined into dfsCatalogue, which then
// makes no call a child but its recursion: catCommit is at the compiler's
// inlining budget (go build -gcflags=-m=2 ./search).
func (k *tilesKernel) catCommit(c *tilesCat, u *tilesCatUndo, q, t uint8, blank, to int) {
	u.touched[u.n], u.oldVal[u.n] = q, k.cval[q]
	u.n++
	k.cval[q] = k.newv[q]
	k.catCells(c, q, t, to, blank)
}

// catUndo reverts catCommit's move of tile t from to into blank (u is what
// it returned): the patterns' entries and cells.
func (k *tilesKernel) catUndo(c *tilesCat, u *tilesCatUndo, t uint8, blank, to int) {
	for j := range u.n {
		q := u.touched[j]
		k.cval[q] = u.oldVal[j]
		k.catCells(c, q, t, blank, to)
	}
}

// catCells moves tile t of pattern q from cell from to cell to (cells of
// the board) in the pattern's table cells, cpos and cocc.
func (k *tilesKernel) catCells(c *tilesCat, q, t uint8, from, to int) {
	cf, ct := c.cell[q][from], c.cell[q][to]
	k.cpos[q][c.slot[q][t]] = ct
	k.cocc[q] ^= 1<<cf | 1<<ct
}

// catRankCommit is catCommit's part for the rank, called just before it
// with the same arguments: pattern q takes the child's rank newr[q] (u
// notes the rank before), and its tile t the slot at the blank's cell. It
// is apart from catCommit, which is at the inlining budget.
func (k *tilesKernel) catRankCommit(c *tilesCat, u *tilesCatUndo, q, t uint8, blank int) {
	u.oldRank[u.n], k.crank[q] = k.crank[q], k.newr[q]
	k.cslot[q][c.cell[q][blank]] = c.slot[q][t]
}

// catRankUndo reverts catRankCommit for every pattern u notes, with tile
// t back at cell to.
func (k *tilesKernel) catRankUndo(c *tilesCat, u *tilesCatUndo, t uint8, to int) {
	for j := range u.n {
		q := u.touched[j]
		k.crank[q] = u.oldRank[j]
		k.cslot[q][c.cell[q][to]] = c.slot[q][t]
	}
}
