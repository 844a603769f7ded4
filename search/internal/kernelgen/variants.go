package kernelgen

import "strings"

// Variants are the kernels of package search, one a heuristic kind
// (tilesKernel.search picks one).
var Variants = []Variant{manhattan, pdb, pdbReflect, exact, linearConflict, catalogue, catalogueBits}

// manhattan: the blank's cell and the heuristic travel as arguments; the
// kernel keeps no state but the board.
var manhattan = Variant{
	File: "zkernel_manhattan.go",
	Name: "dfsManhattan",
	Doc: `dfsManhattan is the kernel for the Manhattan distance; the blank's cell
and the heuristic travel as arguments.`,
	Params: ", blank, heur int",
	Args:   ", to, nh",
	Heur:   "heur",
	Child: `
		nh := heur + int(h.mdd[t][to][m])
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
			continue children
		}`,
	ChildHeur: "nh",
}

// directLookup is the start of a pattern-database child: the moved tile's
// Manhattan distance, then its pattern's new entry and the new sum (the
// pattern's position is left changed, for Undo).
const directLookup = `
		man := k.man + int(h.mdd[t][to][m])
		p, sl := h.pat[t], h.slot[t]
		pp := &k.pos[p]
		oldCell := pp[sl]
		pp[sl] = h.tpos[t][blank]
		nv := h.tables[p][tilesRank(pp, h.size[p], h.nc)]
		oldVal := k.val[p]
		sum := k.sum + int(nv) - int(oldVal)`

// pdb: one lookup a child, in the moved tile's pattern.
var pdb = Variant{
	File: "zkernel_pdb.go",
	Name: "dfsPDB",
	Doc: `dfsPDB is the kernel for additive pattern databases without the
reflected lookup.`,
	Heur:    "k.heur",
	Prelude: "blank := k.blank",
	Child: directLookup + `
		nh := man + 2*sum
		if f := g + 1 + nh; f > bound {
			pp[sl] = oldCell
			k.nextBound = min(k.nextBound, f)
			continue children
		}`,
	ChildHeur: "nh",
	Discard: `
		pp[sl] = oldCell`,
	Save: "oldMan, oldSum, oldHeur := k.man, k.sum, k.heur",
	Commit: `
		k.blank, k.man, k.sum, k.heur = to, man, sum, nh
		k.val[p] = nv`,
	Undo: `
		k.blank, k.man, k.sum, k.heur = blank, oldMan, oldSum, oldHeur
		k.val[p] = oldVal
		pp[sl] = oldCell`,
}

// pdbReflect: the direct lookup first, the reflected one only for children
// that it keeps.
var pdbReflect = Variant{
	File: "zkernel_pdbreflect.go",
	Name: "dfsPDBReflect",
	Doc: `dfsPDBReflect is the kernel for additive pattern databases with the
reflected lookup, made only for children the direct lookup keeps.`,
	Heur:    "k.heur",
	Prelude: "blank := k.blank",
	Child: directLookup + `
		if f := g + 1 + man + 2*sum; f > bound {
			pp[sl] = oldCell
			k.nextBound = min(k.nextBound, f)
			continue children
		}
		rp, rsl := h.rpat[t], h.rslot[t]
		rpp := &k.rpos[rp]
		oldRCell := rpp[rsl]
		rpp[rsl] = h.rtpos[t][blank]
		rv := h.tables[rp][tilesRank(rpp, h.size[rp], h.nc)]
		oldRVal := k.rval[rp]
		rsum := k.rsum + int(rv) - int(oldRVal)
		if f := g + 1 + man + 2*rsum; f > bound {
			pp[sl] = oldCell
			rpp[rsl] = oldRCell
			k.nextBound = min(k.nextBound, f)
			continue children
		}`,
	ChildHeur: "man+2*max(sum, rsum)",
	Discard: `
		pp[sl] = oldCell
		rpp[rsl] = oldRCell`,
	Save: "oldMan, oldSum, oldRSum, oldHeur := k.man, k.sum, k.rsum, k.heur",
	Commit: `
		k.blank, k.man, k.sum, k.rsum, k.heur = to, man, sum, rsum, man+2*max(sum, rsum)
		k.val[p], k.rval[rp] = nv, rv`,
	Undo: `
		k.blank, k.man, k.sum, k.rsum, k.heur = blank, oldMan, oldSum, oldRSum, oldHeur
		k.val[p], k.rval[rp] = oldVal, oldRVal
		pp[sl] = oldCell
		rpp[rsl] = oldRCell`,
}

// exact: the 3 x 3 table indexed by the cells of the blank and tiles 1..6,
// whose entry is the heuristic itself.
var exact = Variant{
	File: "zkernel_exact.go",
	Name: "dfsExact",
	Doc: `dfsExact is the kernel for the 3 x 3 table of exact distances, indexed
by the cells of the blank and tiles 1..6.`,
	Heur: "k.heur",
	Prelude: `
	blank := k.blank
	pp := &k.pos[0]`,
	Child: `
		pp[0] = uint8(to)
		if int(t) < h.size[0] {
			pp[t] = uint8(blank)
		}
		nh := int(h.tables[0][tilesRank(pp, h.size[0], h.nc)])
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
			pp[0] = uint8(blank)
			if int(t) < h.size[0] {
				pp[t] = uint8(to)
			}
			continue children
		}`,
	ChildHeur: "nh",
	Discard: `
		pp[0] = uint8(blank)
		if int(t) < h.size[0] {
			pp[t] = uint8(to)
		}`,
	Save:   "oldHeur := k.heur",
	Commit: "k.blank, k.heur = to, nh",
	Undo: `
		k.blank, k.heur = blank, oldHeur
		pp[0] = uint8(blank)
		if int(t) < h.size[0] {
			pp[t] = uint8(to)
		}`,
}

// linearConflict: the child's lines are counted on the child's board, so
// the tile moves before the lookup.
var linearConflict = Variant{
	File: "zkernel_linearconflict.go",
	Name: "dfsLinearConflict",
	Doc: `dfsLinearConflict is the kernel for Manhattan distance plus linear
conflicts. A vertical blank move changes the moved tile's row: only those
two rows' conflicts change; a horizontal one, only the two columns'.`,
	Imports: []string{"github.com/pdbsolve/pdbsolve/bitboard"},
	Heur:    "k.heur",
	Prelude: "blank := k.blank",
	Child: `
		man := k.man + int(h.mdd[t][to][m])
		dir, l1, l2 := tilesCols, blank%h.cols, to%h.cols
		if bitboard.TilesMove(m) == bitboard.MoveUp || bitboard.TilesMove(m) == bitboard.MoveDown {
			dir, l1, l2 = tilesRows, blank/h.cols, to/h.cols
		}
		k.cells[blank], k.cells[to] = t, 0
		o1, o2 := k.lines[dir][l1], k.lines[dir][l2]
		c1, c2 := k.lineConflicts(dir, l1), k.lineConflicts(dir, l2)
		sum := k.sum + c1 + c2 - int(o1) - int(o2)
		nh := man + 2*sum
		if f := g + 1 + nh; f > bound {
			k.nextBound = min(k.nextBound, f)
			k.cells[to], k.cells[blank] = t, 0
			continue children
		}`,
	ChildHeur: "nh",
	Discard: `
		k.cells[to], k.cells[blank] = t, 0`,
	EarlyBoard: true,
	Save:       "oldMan, oldSum, oldHeur := k.man, k.sum, k.heur",
	Commit: `
		k.lines[dir][l1], k.lines[dir][l2] = uint8(c1), uint8(c2)
		k.blank, k.man, k.sum, k.heur = to, man, sum, nh`,
	Undo: `
		k.lines[dir][l1], k.lines[dir][l2] = o1, o2
		k.blank, k.man, k.sum, k.heur = blank, oldMan, oldSum, oldHeur`,
}

// rankMove sets idx, the child's rank of pattern q, from the parent's
// (tilesRankDelta, tilesRankAdd: the tile in slot sl moves from table cell
// old to cb), and keeps it for the commit (newr).
const rankMove = `
				d := tilesRankDelta(&c.weight[c.size[q]], &k.cslot[q], k.cocc[q], sl, tilesBetween(old, cb))
				idx := tilesRankAdd(k.crank[q], d, old, cb)
				k.newr[q] = idx`

// zeroIndex makes idx, a placement's rank, the index of zero-aware table z
// for the blank at old: pdb.TilesZero.IndexOf in its two parts, the first
// (Region) inlined, the second (MinorityIndex) called only when the blank
// is not in the placement's main region, with the tile at cb for it.
const zeroIndex = `
				if free, r := z.Region(k.cocc[q]^(1<<old|1<<cb), old); r != 0 {
					pp[sl] = cb
					idx = z.MinorityIndex(idx, pp[:c.size[q]], free, r)
					pp[sl] = old
				}`

// catalogue: view by view, the moved tile's pattern, pruning at the first
// view over the bound; a pattern shared by views is looked up once a child.
// It keeps each pattern's entry (cval) and each view's sum of entries
// (vsum): h is the Manhattan distance plus twice the largest sum.
var catalogue = catalogueVariant(Variant{
	File: "zkernel_catalogue.go",
	Name: "dfsCatalogue",
	Doc: `dfsCatalogue is the kernel for catalogues. For a child it looks up, view
by view, the moved tile's pattern and prunes at the first view whose sum
exceeds the bound; that view goes first for the next children (it is
likely to prune them too). A pattern shared by several views is looked up
once a child (seen, newv). In a zero-aware pattern the tile leaves its cell
for the blank's and the blank goes to the tile's, in the region of free
cells it was in, so the other patterns' entries stay. A child within the
bound commits every view's sum, and each pattern of the moved tile once.`,
	Child: `
		man := k.man + int(h.mdd[t][to][m])`,
	ChildHeur: "man+2*int(best)",
	Save:      "oldMan, oldHeur := k.man, k.heur",
	Commit:    "k.blank, k.man, k.heur = to, man, man+2*int(best)",
	Undo:      "k.blank, k.man, k.heur = blank, oldMan, oldHeur",
}, rankMove+`
				if z := c.zero[q]; z != nil {`+zeroIndex+`
				}
				nv = c.table[q][idx]`, "man + 2*int(s)")

// catalogueBits: the catalogue kernel for 1-bit zero-aware tables. It keeps
// each pattern's cost in moves (cval: its tiles' Manhattan distance plus
// twice the entry) and each view's sum of costs (vsum), so h is the largest
// sum: a move of one of the pattern's tiles changes its cost by exactly
// one, and the bit of the child's entry says which way (pdb.TilesZeroBits).
var catalogueBits = catalogueVariant(Variant{
	File: "zkernel_cataloguebits.go",
	Name: "dfsCatalogueBits",
	Doc: `dfsCatalogueBits is dfsCatalogue for catalogues of 1-bit zero-aware
tables: it keeps each pattern's cost in moves instead of its entry, and a
child's cost is its parent's plus or minus one, as the child's bit says
(pdb.TilesZeroBits.Next). The zero-aware index is dfsCatalogue's.`,
	ChildHeur: "int(best)",
	Save:      "oldHeur := k.heur",
	Commit:    "k.blank, k.heur = to, int(best)",
	Undo:      "k.blank, k.heur = blank, oldHeur",
}, rankMove+`
				z := c.zero[q]`+zeroIndex+`
				nv = c.bits[q].Next(k.cval[q], idx)`, "int(s)")

// catalogueVariant returns the catalogue kernel v, whose Child, Save,
// Commit and Undo hold what differs between its forms (they may use man,
// best, oldSums, undo), with the rest filled in: lookup sets nv, the
// pattern's new value in the child, from the parent's table cells pp and
// rank, the moved tile (its slot sl) going from cell old to the blank's
// cell cb (pp as it was after); heur is the child's h from a view's new
// sum s.
func catalogueVariant(v Variant, lookup, heur string) Variant {
	v.Imports = []string{"slices"}
	v.Heur = "k.heur"
	v.Prelude = `
	c := &h.cat
	views := c.views
	blank := k.blank`
	v.Child = `
		k.stamp++
		stamp := k.stamp` + v.Child + `
		sums, best, over := [tilesMaxViews]int32{}, int32(0), -1
		for j := range views {
			v := k.order[j]
			q := c.pat[v][t]
			nv := k.newv[q]
			if k.seen[q] != stamp {
				pp := &k.cpos[q]
				sl := c.slot[q][t]
				old, cb := pp[sl], c.cell[q][blank]` + lookup + `
				k.seen[q], k.newv[q] = stamp, nv
			}
			s := k.vsum[v] + int32(nv) - int32(k.cval[q])
			if f := g + 1 + ` + heur + `; f > bound && over < 0 {
				if f >= k.nextBound {
					k.catPruned(j, f)
					continue children
				}
				over = j // the child's f, a candidate for the next bound, needs every view
			}
			sums[v] = s
			best = max(best, s)
		}
		if over >= 0 {
			k.catPruned(over, g+1+` + strings.ReplaceAll(heur, "(s)", "(best)") + `)
			continue children
		}`
	v.Save = `
		undo, oldSums := tilesCatUndo{}, k.vsum
		for v := range views {
			k.vsum[v] = sums[v]
			if q := c.pat[v][t]; !slices.Contains(undo.touched[:undo.n], q) {
				k.catRankCommit(c, &undo, q, t, blank)
				k.catCommit(c, &undo, q, t, blank, to)
			}
		}
		` + v.Save
	v.Undo += `
		k.vsum = oldSums
		k.catRankUndo(c, &undo, t, to)
		k.catUndo(c, &undo, t, blank, to)`
	return v
}
