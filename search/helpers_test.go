package search

import (
	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// The methods and functions below serve the tests only: Eval is the slow
// obvious oracle the kernels are checked against.

// Exact returns the exact distance of b by the table alone, without search.
// It needs a solver built with RotationExact.
func (s *RotationSolver) Exact(b bitboard.Rotation) int {
	m1, m2, m3 := b.Masks()
	return int(min(s.symbolH(m1), s.symbolH(m2), s.symbolH(m3)))
}

// Add adds o's counts to s.
func (s *Stats) Add(o Stats) {
	s.Expanded += o.Expanded
	s.Generated += o.Generated
	s.Iterations += o.Iterations
	s.Elapsed += o.Elapsed
}

// Partition returns the additive partition of a pattern-database heuristic
// (the zero partition for the others).
func (h *TilesHeuristic) Partition() pdb.TilesPartition { return h.partition }

// Eval computes the heuristic of a BlankFirst board of the heuristic's size
// from scratch, the slow obvious way, from the definitions and the pdb lookup
// contract; the solver updates it incrementally instead.
func (h *TilesHeuristic) Eval(b bitboard.Tiles) int {
	_, v := h.evalSplit(b)
	return v
}

// Depth returns the expected number of nodes at depth i, N_i.
func (t TilesTree) Depth(i int) float64 {
	s := 0.0
	for _, n := range t.Nodes[i] {
		s += n
	}
	return s
}

// AtMost returns the fraction of the samples with h <= x, P(x).
func (s TilesHistogram) AtMost(x int) float64 {
	return float64(tilesCountAtMost(s.Counts, x)) / float64(s.Samples)
}

// evalSplit returns the heuristic of b without the reflected lookup and with
// it (the same value twice for heuristics without one): the kernel prunes on
// the first before it computes the second.
func (h *TilesHeuristic) evalSplit(b bitboard.Tiles) (first, full int) {
	man := 0
	for c := range h.nc {
		if t := b.At(c); t != 0 {
			man += bitboard.TilesDistance(h.cols, t, c)
		}
	}
	switch h.kind {
	case tilesExact:
		v := int(h.tables[0][pdb.TilesExactIndex(b)])
		return v, v
	case tilesPDB:
		first = man + 2*h.evalEntries(b, h.lookups, h.tables[:h.patterns], nil)
		full = first
		if h.reflect {
			full = max(full, man+2*h.evalEntries(b.Transpose(), h.lookups, h.tables[:h.patterns], nil))
		}
		return first, full
	case tilesCatalogue:
		v := man + 2*h.evalCatalogue(b)
		return v, v
	case tilesLinearConflict:
		extra := 0
		for r := range h.rows {
			var seq []uint8
			for col := range h.cols {
				if t := b.At(r*h.cols + col); t != 0 && t/h.cols == r {
					seq = append(seq, uint8(t%h.cols))
				}
			}
			extra += tilesRemovalsSlow(seq)
		}
		for col := range h.cols {
			var seq []uint8
			for r := range h.rows {
				if t := b.At(r*h.cols + col); t != 0 && t%h.cols == col {
					seq = append(seq, uint8(t/h.cols))
				}
			}
			extra += tilesRemovalsSlow(seq)
		}
		return man + 2*extra, man + 2*extra
	}
	return man, man
}

// evalEntries sums the table entries of a partition's patterns on b: for
// pattern p with lookup lookups[p] = l and table tables[p], pos[i] is the
// image under l.Sym of the cell of the tile that l.Sym maps to l.Tiles[i].
// A zero-aware pattern (zeros[p] not nil; zeros may be nil) adds the cells
// of pos and the image of the blank's cell to the index.
func (h *TilesHeuristic) evalEntries(b bitboard.Tiles, lookups []pdb.TilesLookup, tables [][]byte, zeros []*pdb.TilesZero) int {
	var cellOf [tilesMaxCells]int
	for c := range h.nc {
		cellOf[b.At(c)] = c
	}
	sum := 0
	for p, l := range lookups {
		pos := make([]uint8, len(l.Tiles))
		for i, want := range l.Tiles {
			tile := -1
			for x := range h.nc {
				if int(l.Sym.Cell[x]) == want {
					tile = x
				}
			}
			pos[i] = l.Sym.Cell[cellOf[tile]]
		}
		idx := pdb.TilesRank(pos, h.nc)
		if zeros != nil && zeros[p] != nil {
			var occ uint32
			for _, c := range pos {
				occ |= 1 << c
			}
			idx = zeros[p].Index(idx, occ, l.Sym.Cell[b.BlankCell()])
		}
		sum += int(tables[p][idx])
	}
	return sum
}

// tilesRemovalsSlow returns the fewest elements to delete from seq to leave
// it increasing, by trying every subset.
func tilesRemovalsSlow(seq []uint8) int {
	best := len(seq)
	for m := range 1 << len(seq) {
		last, ok, kept := -1, true, 0
		for i, v := range seq {
			if m&(1<<i) != 0 {
				if int(v) <= last {
					ok = false
				}
				last = int(v)
				kept++
			}
		}
		if ok {
			best = min(best, len(seq)-kept)
		}
	}
	return best
}

// evalCatalogue returns max over c's views of the entry sum of b, from
// scratch.
func (h *TilesHeuristic) evalCatalogue(b bitboard.Tiles) int {
	best := 0
	for _, ct := range h.cat.terms {
		view := func(b bitboard.Tiles) int { return h.evalEntries(b, ct.lookups, ct.tables, ct.zeros) }
		if ct.bits != nil {
			view = func(b bitboard.Tiles) int { return h.evalBitEntries(b, ct.lookups, ct.bits) }
		}
		best = max(best, view(b))
		if ct.term.reflect {
			best = max(best, view(b.Transpose()))
		}
	}
	return best
}

// evalBitEntries is evalEntries for a partition of 1-bit zero-aware tables
// (pattern p read through bits[p]): each pattern's entry is its cost from
// the bits (pdb.TilesZeroBits.Cost) less its tiles' Manhattan distance, over
// two.
func (h *TilesHeuristic) evalBitEntries(b bitboard.Tiles, lookups []pdb.TilesLookup, bits []*pdb.TilesZeroBits) int {
	var cellOf [tilesMaxCells]int
	for c := range h.nc {
		cellOf[b.At(c)] = c
	}
	sum := 0
	for p, l := range lookups {
		pos := make([]uint8, len(l.Tiles))
		man := 0
		for i, want := range l.Tiles {
			for x := range h.nc {
				if int(l.Sym.Cell[x]) == want {
					pos[i] = l.Sym.Cell[cellOf[x]]
				}
			}
			man += bitboard.TilesDistance(h.cols, want, int(pos[i]))
		}
		cost, err := bits[p].Cost(pos, l.Sym.Cell[b.BlankCell()])
		if err != nil {
			panic(err)
		}
		sum += (cost - man) / 2
	}
	return sum
}

// tilesPlanTables returns the tables of the heuristic called name on the
// rows x cols board: its plan's (PlanTilesHeuristic, TilesPlan.Tables).
func tilesPlanTables(rows, cols int, name string) ([]pdb.Spec, error) {
	p, err := PlanTilesHeuristic(rows, cols, name)
	if err != nil {
		return nil, err
	}
	return p.Tables(), nil
}
