package search

import (
	"errors"
	"fmt"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// Sliding-tile heuristics. Every heuristic is for the BlankFirst goal (tile t
// at cell t); boards for the BlankLast goal are solved through
// bitboard.Tiles.Canonical.

// tilesKind selects the heuristic code in the search kernel.
type tilesKind uint8

const (
	tilesManhattan tilesKind = iota
	tilesLinearConflict
	tilesPDB   // additive disjoint pattern databases, optionally reflected
	tilesExact // the 3 x 3 table of exact distances
)

const (
	tilesMaxCells     = bitboard.TilesMaxCells
	tilesMaxGroups    = 3 // most patterns in a partition
	tilesMaxGroupSize = 8 // most pieces a pattern indexes
	tilesNoGroup      = -1
	tilesReflectSufx  = "+reflect"
	tilesPDBPrefix    = "pdb"
	tilesMaxLine      = bitboard.TilesMaxSide
)

// Heuristic names.
const (
	TilesManhattan      = "manhattan"
	TilesLinearConflict = "linear-conflict"
	TilesExact          = "exact"
)

// ErrTileHeuristic is returned for an unknown heuristic name.
var ErrTileHeuristic = errors.New("search: unknown sliding-tile heuristic")

// TilesHeuristic is a loaded sliding-tile heuristic. It is read-only once
// loaded and may be shared by any number of TilesSolvers.
type TilesHeuristic struct {
	name    string
	n, nc   int
	kind    tilesKind
	reflect bool

	groups  int
	size    [tilesMaxGroups]int    // pieces in each pattern
	tables  [tilesMaxGroups][]byte // each pattern's entries
	members [tilesMaxGroups][tilesMaxGroupSize]int

	// grp[t], idx[t]: the pattern holding tile t and its place there;
	// rgrp[t], ridx[t]: the same for the tile that t becomes on the
	// transposed board, whose cells are refl[c].
	grp, idx, rgrp, ridx [tilesMaxCells]int8
	refl                 [tilesMaxCells]uint8

	md       [tilesMaxCells][tilesMaxCells]uint8 // md[t][c]: Manhattan distance of tile t at cell c
	conflict []uint8                             // linear conflicts of a line, by tilesLineKey
}

// Name returns the name the heuristic was loaded by.
func (h *TilesHeuristic) Name() string { return h.name }

// Side returns the board side the heuristic is for.
func (h *TilesHeuristic) Side() int { return h.n }

// DefaultTileHeuristic returns the default heuristic name for side n:
// "exact" for the 8-puzzle, "pdb663+reflect" for the 15-puzzle.
func DefaultTileHeuristic(n int) string {
	if n == pdb.TilesExactSide {
		return TilesExact
	}
	return "pdb663" + tilesReflectSufx
}

// TilesHeuristicNames lists the heuristic names for side n.
func TilesHeuristicNames(n int) []string {
	names := []string{TilesManhattan, TilesLinearConflict}
	if n == pdb.TilesExactSide {
		names = append(names, TilesExact)
	}
	for _, p := range []string{"44", "555", "663", "78"} {
		if _, err := pdb.TilesPartitionNamed(n, p); err == nil {
			names = append(names, tilesPDBPrefix+p, tilesPDBPrefix+p+tilesReflectSufx)
		}
	}
	return names
}

// LoadTileHeuristic returns the heuristic called name for side n (3 or 4),
// loading its tables through cache, which builds the missing ones. cache may
// be nil for manhattan and linear-conflict.
func LoadTileHeuristic(cache *pdb.Cache, n int, name string) (*TilesHeuristic, error) {
	if n < bitboard.TilesMinSide || n > bitboard.TilesMaxSide {
		return nil, fmt.Errorf("%w: %q for a %dx%d board", ErrTileHeuristic, name, n, n)
	}
	h := newTileHeuristic(n, name)
	base := name
	if strings.HasSuffix(base, tilesReflectSufx) {
		base = strings.TrimSuffix(base, tilesReflectSufx)
		h.reflect = true
	}
	bad := fmt.Errorf("%w: %q for a %dx%d board (have %s)", ErrTileHeuristic, name, n, n,
		strings.Join(TilesHeuristicNames(n), ", "))
	switch {
	case base == TilesManhattan && !h.reflect:
		h.kind = tilesManhattan
		return h, nil
	case base == TilesLinearConflict && !h.reflect:
		h.kind = tilesLinearConflict
		return h, nil
	case base == TilesExact && !h.reflect && n == pdb.TilesExactSide:
		if cache == nil {
			return nil, errors.New("search: the exact table needs a table cache")
		}
		t, err := cache.Load(pdb.TilesExactSpec())
		if err != nil {
			return nil, err
		}
		h.kind = tilesExact
		h.groups = 1
		h.size[0] = pdb.TilesExactKey
		h.tables[0] = t.Data
		return h, nil
	case strings.HasPrefix(base, tilesPDBPrefix):
		part, err := pdb.TilesPartitionNamed(n, strings.TrimPrefix(base, tilesPDBPrefix))
		if err != nil {
			return nil, bad
		}
		if cache == nil {
			return nil, errors.New("search: pattern databases need a table cache")
		}
		tables := make([][]byte, len(part.Groups))
		for i, g := range part.Groups {
			t, err := cache.Load(pdb.TilesPatternSpec(n, part.Name, g))
			if err != nil {
				return nil, err
			}
			tables[i] = t.Data
		}
		if err := h.setPDB(part.Groups, tables); err != nil {
			return nil, err
		}
		return h, nil
	}
	return nil, bad
}

// newTileHeuristic fills in the tables every kind uses.
func newTileHeuristic(n int, name string) *TilesHeuristic {
	h := &TilesHeuristic{name: name, n: n, nc: n * n}
	for c := range h.nc {
		h.refl[c] = uint8(c%n*n + c/n)
	}
	for t := 1; t < h.nc; t++ {
		for c := range h.nc {
			h.md[t][c] = uint8(bitboard.TilesDistance(n, t, c))
		}
	}
	for i := range h.grp {
		h.grp[i], h.rgrp[i] = tilesNoGroup, tilesNoGroup
	}
	h.conflict = tilesConflictTable(n)
	return h
}

// setPDB installs an additive partition and its tables.
func (h *TilesHeuristic) setPDB(groups [][]int, tables [][]byte) error {
	if len(groups) > tilesMaxGroups {
		return fmt.Errorf("search: %d patterns, at most %d", len(groups), tilesMaxGroups)
	}
	h.kind = tilesPDB
	h.groups = len(groups)
	for g, tiles := range groups {
		if len(tiles) > tilesMaxGroupSize || uint64(len(tables[g])) != pdb.TilesEntries(h.nc, len(tiles)) {
			return fmt.Errorf("search: pattern %v does not match its table of %d entries", tiles, len(tables[g]))
		}
		h.size[g] = len(tiles)
		h.tables[g] = tables[g]
		for i, t := range tiles {
			h.members[g][i] = t
			h.grp[t], h.idx[t] = int8(g), int8(i)
		}
	}
	for t := 1; t < h.nc; t++ {
		if h.grp[t] == tilesNoGroup {
			return fmt.Errorf("search: tile %d is in no pattern", t)
		}
	}
	// Tile t at cell c is tile refl[t] at cell refl[c] on the transposed board.
	for t := 1; t < h.nc; t++ {
		rt := h.refl[t]
		h.rgrp[t], h.ridx[t] = h.grp[rt], h.idx[rt]
	}
	return nil
}

// tilesLineKey encodes a line (row or column) of n cells for the conflict
// table: digit i, base n+1, is the goal place within the line of the tile in
// the line's i-th cell when that tile's goal is on this line, else n.
func tilesLineKeyRadix(n int) int { return n + 1 }

// tilesConflictTable returns, for every line key, the fewest tiles that must
// leave the line so that the rest are in goal order: n minus the others minus
// the longest increasing run. Each such tile costs two extra moves beyond its
// Manhattan distance (Hansson, Mayer and Yung 1992).
func tilesConflictTable(n int) []uint8 {
	radix := tilesLineKeyRadix(n)
	size := 1
	for range n {
		size *= radix
	}
	out := make([]uint8, size)
	for key := range size {
		var seq []int
		k := key
		for range n {
			if d := k % radix; d < n {
				seq = append(seq, d)
			}
			k /= radix
		}
		// Longest increasing subsequence, quadratic: lines are short.
		best := 0
		lis := make([]int, len(seq))
		for i := range seq {
			lis[i] = 1
			for j := range i {
				if seq[j] < seq[i] && lis[j]+1 > lis[i] {
					lis[i] = lis[j] + 1
				}
			}
			best = max(best, lis[i])
		}
		out[key] = uint8(len(seq) - best)
	}
	return out
}

// Eval computes the heuristic of a BlankFirst board from scratch, the slow
// obvious way; the solver updates it incrementally instead.
func (h *TilesHeuristic) Eval(b bitboard.Tiles) int {
	n := h.n
	switch h.kind {
	case tilesExact:
		return int(h.tables[0][pdb.TilesExactIndex(b)])
	case tilesPDB:
		v := h.evalPDB(b)
		if h.reflect {
			v = max(v, h.evalPDB(b.Transpose()))
		}
		return v
	}
	sum := 0
	for c := range h.nc {
		if t := b.At(c); t != 0 {
			sum += bitboard.TilesDistance(n, t, c)
		}
	}
	if h.kind == tilesLinearConflict {
		for line := range n {
			var row, col []int
			for i := range n {
				if t := b.At(line*n + i); t != 0 && t/n == line {
					row = append(row, t%n)
				}
				if t := b.At(i*n + line); t != 0 && t%n == line {
					col = append(col, t/n)
				}
			}
			sum += 2 * (tilesRemovals(row) + tilesRemovals(col))
		}
	}
	return sum
}

// tilesRemovals returns the fewest elements to delete from seq to leave it
// increasing, by trying every subset.
func tilesRemovals(seq []int) int {
	best := len(seq)
	for m := range 1 << len(seq) {
		last, ok, kept := -1, true, 0
		for i, v := range seq {
			if m&(1<<i) != 0 {
				if v <= last {
					ok = false
				}
				last = v
				kept++
			}
		}
		if ok {
			best = min(best, len(seq)-kept)
		}
	}
	return best
}

func (h *TilesHeuristic) evalPDB(b bitboard.Tiles) int {
	sum := 0
	for g := range h.groups {
		pos := make([]uint8, h.size[g])
		for i := range pos {
			for c := range h.nc {
				if b.At(c) == h.members[g][i] {
					pos[i] = uint8(c)
				}
			}
		}
		sum += pdb.TilesManhattan(h.n, h.members[g][:h.size[g]], pos) + 2*int(h.tables[g][pdb.TilesRank(pos, h.nc)])
	}
	return sum
}
