package pdb

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Zero-aware sliding-tile pattern databases (Clausecker & Reinefeld, SoCS
// 2021).
//
// A placement of a pattern's k tiles splits the free cells (those holding no
// pattern tile: the blank and the other tiles) into connected regions
// (4-neighbour). A zero-aware table keeps one entry for each placement and
// each of its regions: the fewest moves of pattern tiles (other tiles move
// for free) that bring the pattern's tiles home and the blank to its goal
// cell 0, from the placement with the blank anywhere in that region (every
// cell of a region has the same cost: the blank moves within it for free).
// The plain TilesBlankHome table of the pattern is the least entry over
// each placement's regions. The search that builds it is the plain one
// (BuildTilesPattern), which already reaches every (placement, region)
// state; the zero-aware build keeps each state's cost instead of each
// placement's least. Entries are encoded as the plain ones: (cost -
// Manhattan distance of the pattern's tiles) / 2.
//
// Layout. With E = TilesEntries(rows*cols, k) placements, entry r < E is
// that of placement r (TilesRank of its tiles' cells in table order) with
// the blank in the placement's main region: the one with the most cells,
// and of those the one holding the lowest cell. The other regions of a
// placement, ordered by their lowest cell, have the entries E + before(r) +
// 0, 1, ..., where before(r) is the number of such extra regions of all
// placements ranked below r, so the table has TilesZeroEntries(rows, cols,
// k) = E + X entries with no gaps (X extra regions in all). For a 6-tile
// pattern on 5 x 5 that is 1.4195 E (the SoCS paper's 1.42); on 4 x 4 it
// is 1.67 E for 5 tiles, 2.05 E for 6, 2.43 E for 7 and 2.75 E for 8,
// where the walls and a pattern of half the board split the free cells
// more often. The blank is seldom outside the main region: on 5 x 5, for
// the patterns of 6-6-6-6, on 4-9% of the boards of random walks of 20 to
// 100 moves from the goal (against 7-26% outside the region of the lowest
// free cell), and Index knows the main region without filling the others
// as soon as its flood fill from the blank passes half the free cells.
//
// before(r) is computed from the placement's cells, never stored: because
// the number of regions depends only on the set of cells, the extra regions
// of all placements that share a prefix of their tiles' cells depend only
// on the prefix's set. So before(r) = sum over i < k of B_i(S_i, c_i),
// where c_i is the cell of tile i, S_i the set of the cells of tiles
// 0..i-1, and B_i(S, c) the extra regions of all placements whose first i
// tiles take the cells of S (in any fixed order) and whose tile i is on a
// free cell below c. B_i is a table over the i-subsets of the board's cells
// (by their colexicographic rank) and the cells, of 32 bits an entry, 16
// for B_{k-2}; B_{k-1}(S, c) is a count of the cells below c in a few masks
// a subset (the cells c' with which S has more than 1, 2, ... regions):
// 1.7 MB for k = 6 on 5 x 5 (6.8 MB as 32-bit tables), shared by every
// table of that shape and size (tilesZeroLayoutOf).

const (
	// TilesZeroWord starts the pattern id of every zero-aware table:
	// "zero0-1.2.5.6.7.12-md-v2" (the blank's goal is cell 0).
	TilesZeroWord = "zero0"
	// tilesZeroSuffix ends the pattern id of every zero-aware table: the
	// entry encoding of the plain tables ("md") and the layout's version.
	// Version 2 puts the main region of a placement at its rank; the
	// tables of a draft that put there the region of the lowest free cell
	// had no version.
	tilesZeroSuffix = tilesEncodingSuffix + "-v2"
	// tilesZeroMaxEntries is the most entries a zero-aware table may have:
	// before(r) and the layout's tables are 32-bit.
	tilesZeroMaxEntries = math.MaxUint32
)

// tilesZeroPatternID names the zero-aware table of a pattern: TilesZeroWord,
// the tiles in index order, the entry encoding and the layout's version,
// such as "zero0-1.2.5.6.7.12-md-v2".
func tilesZeroPatternID(tiles []int) string {
	return tilesPatternID(TilesZeroWord, tiles, tilesZeroSuffix)
}

// TilesZeroEntries returns the number of entries of a zero-aware table of k
// tiles on the rows x cols board: one for each placement and each connected
// region of its free cells (see the layout above). It returns 0 when the
// board or k is out of range (as tilesCheckPattern says) or the table would
// have more than 2^32-1 entries.
func TilesZeroEntries(rows, cols, k int) uint64 {
	l := tilesZeroLayoutOf(rows, cols, k)
	if l == nil {
		return 0
	}
	return l.entries + l.extra
}

// tilesZeroPatternSpec describes the zero-aware table of the pattern tiles
// (in index order) on the rows x cols board: TilesZeroEntries(rows, cols,
// len(tiles)) entries of 8 bits in the layout above, each the fewest moves
// of pattern tiles that bring them home with the blank at cell 0 from a
// placement with the blank in one region, less the tiles' Manhattan
// distance, halved. NewTilesZero turns the loaded table into an index.
// Most callers want TilesZeroPatternLookup, which shares one table among
// symmetric patterns where that is exact.
func tilesZeroPatternSpec(rows, cols int, tiles []int) Spec {
	tiles = slices.Clone(tiles)
	puzzle, id := TilesPuzzle(rows, cols), tilesZeroPatternID(tiles)
	entries := TilesZeroEntries(rows, cols, len(tiles))
	return Spec{Puzzle: puzzle, Pattern: id, Entries: entries, Width: TilesWidth,
		PeakBytes: processPeak(tilesZeroBuildBytes(rows, cols, len(tiles))),
		BuildTime: time.Duration(tilesZeroBuildSeconds(rows, cols, len(tiles)) * float64(time.Second)),
		Build: func(o *BuildOptions) (*Table, error) {
			w, err := o.WorkerCount()
			if err != nil {
				return nil, err
			}
			data, err := buildTilesZeroPattern(rows, cols, tiles, w, o.progress())
			if err != nil {
				return nil, err
			}
			return newTable(puzzle, id, uint64(len(data)), TilesWidth, data, w)
		}}
}

// TilesZeroPatternLookup returns how to look up the zero-aware table of the
// pattern tiles (any order) of the rows x cols board, with the meaning of
// TilesPatternLookup: the table's pattern and the board symmetry that maps
// the caller's pattern onto it. The tables are shared as tilesShare shares
// the TilesBlankHome ones, which is exact here too: a table serves a
// symmetric image of its pattern only where the symmetry fixes cell 0, or
// the pattern at home leaves its free cells one connected region (then the
// blank reaches cell 0 at no cost from wherever it ends). Regions map onto
// regions under the symmetry; the table's Index takes the occupied cells and
// the blank in table coordinates. Errors wrap ErrTilesPattern.
func TilesZeroPatternLookup(rows, cols int, tiles []int) (TilesLookup, error) {
	if _, err := tilesZeroCheck(rows, cols, tiles); err != nil {
		return TilesLookup{}, err
	}
	tableTiles, sym := tilesShare(rows, cols, TilesBlankHome, tiles)
	return TilesLookup{Spec: tilesZeroPatternSpec(rows, cols, tableTiles), Tiles: tableTiles, Sym: sym}, nil
}

// tilesZeroBuildBytes returns the memory, in bytes, that building the
// zero-aware table of a k-tile pattern on a rows x cols board allocates
// (tilesZeroBuild): the one-byte entries, two bitmaps of one bit an entry,
// before() of each block of placements (4 bytes a placement of k-1 tiles),
// the regions of each k-subset of cells (about 5 nc + 12 bytes a subset)
// and the layout; 0 when the board or k is out of range. That is 278 MB
// for a 6-tile 5 x 5 pattern (1.53 bytes an entry; the search by cells
// took 1.71 GB) and 5.67 GB for a 7-tile one (1.39 bytes an entry; 33 GB
// before).
func tilesZeroBuildBytes(rows, cols, k int) uint64 {
	l := tilesZeroLayoutOf(rows, cols, k)
	if l == nil {
		return 0
	}
	nc := uint64(rows * cols)
	total := l.entries + l.extra
	subsets := uint64(l.binom[nc][k])
	return total + 2*8*((total+63)/64) + 4*TilesEntries(int(nc), k-1) + subsets*(5*nc+12) + l.layoutBytes()
}

// tilesZeroBuildSeconds returns a rough estimate of the wall-clock seconds
// that building the zero-aware table of a k-tile pattern on a rows x cols
// board takes on an otherwise idle 2-core machine: the plain build's
// (tilesBuildSeconds; both searches expand every (placement, region) state)
// times tilesZeroBuildFactor.
func tilesZeroBuildSeconds(rows, cols, k int) float64 {
	return tilesBuildSeconds(rows, cols, k) * tilesZeroBuildFactor
}

// tilesZeroBuildFactor is the wall time of a zero-aware build over the
// plain build's estimate (tilesBuildSeconds) on two idle cores. Measured:
// the 7-tile 5 x 5 table of {1, 2, 5, 6, 7, 10, 11}, 848 s with its write,
// 1.25 (docs/results/2026-12-02-24puzzle-zero7-build.md); gen 24puzzle's
// eight 6-tile 1-bit tables, 328.8 s, 41.1 s each, of which the packing
// is tilesZeroBitsPassFactor, 1.09
// (docs/results/2026-12-02-24puzzle-default-cr0145-bits-ten.md). 1.17 is
// within 7% of both. On 4 x 4 the CPU ratio was 1.23-1.24 for 6 tiles
// (docs/results/2026-12-01-tiles-zero-tables.md).
const tilesZeroBuildFactor = 1.17

// tilesZeroCheck returns the layout of the zero-aware table of the pattern
// tiles on the rows x cols board, or an error wrapping ErrTilesPattern when
// the board or the pattern is not one the builder takes or the table would
// be too big for the layout.
func tilesZeroCheck(rows, cols int, tiles []int) (*tilesZeroLayout, error) {
	if !bitboard.TilesSizeOK(rows, cols) {
		return nil, fmt.Errorf("%w: %dx%d is not a supported board", ErrTilesPattern, rows, cols)
	}
	if err := tilesCheckPattern(rows, cols, tiles); err != nil {
		return nil, err
	}
	l := tilesZeroLayoutOf(rows, cols, len(tiles))
	if l == nil {
		return nil, fmt.Errorf("%w: a zero-aware table of %d tiles on %dx%d would have more than %d entries",
			ErrTilesPattern, len(tiles), rows, cols, uint64(tilesZeroMaxEntries))
	}
	return l, nil
}

// TilesZero indexes one loaded zero-aware table: Index maps a placement,
// its occupied cells and the blank's cell to the entry of the blank's
// region. It is safe for concurrent use.
type TilesZero struct {
	layout *tilesZeroLayout
	data   []byte        // the table's entries
	geo    tilesGeometry // layout.geo, for the fast path
}

// NewTilesZero checks that t is the zero-aware table of the pattern tiles
// (in index order) on the rows x cols board, as the Spec of its lookup names
// it (puzzle, pattern id, entry count and width), and returns its index.
// Errors wrap ErrTilesPattern for a bad pattern and ErrMismatch for a table
// that is not the pattern's, such as one whose overflow section (the
// entries of the regions past the first) has the wrong length.
func NewTilesZero(rows, cols int, tiles []int, t *Table) (*TilesZero, error) {
	l, err := tilesZeroCheck(rows, cols, tiles)
	if err != nil {
		return nil, err
	}
	puzzle, id, want := TilesPuzzle(rows, cols), tilesZeroPatternID(tiles), l.entries+l.extra
	if t.Puzzle != puzzle || t.Pattern != id || t.Width != TilesWidth || t.Entries != want || uint64(len(t.Data)) != want {
		return nil, &FormatError{Offset: noOffset, Err: ErrMismatch, Detail: fmt.Sprintf(
			"zero-aware table: it holds %s/%s with %d entries of %d bits (%d bytes), want %s/%s with %d of %d: %d placements and %d more regions",
			t.Puzzle, t.Pattern, t.Entries, t.Width, len(t.Data), puzzle, id, want, TilesWidth, l.entries, l.extra)}
	}
	if len(t.Counts) > tilesUnset {
		return nil, &FormatError{Offset: noOffset, Err: ErrMismatch, Detail: fmt.Sprintf(
			"zero-aware table %s/%s has an entry of %d, want at most %d", puzzle, id, len(t.Counts)-1, tilesUnset-1)}
	}
	return &TilesZero{layout: l, data: t.Data, geo: l.geo}, nil
}

// Index returns the index in the table's data of the entry of the placement
// of rank rank (TilesRank of the pattern tiles' cells in table order) with
// the blank at cell blank; occupied is the mask of the pattern tiles' cells
// (bit c set: a pattern tile on cell c), and both are in table coordinates.
// The entry is rank itself when the blank is in the main region (above),
// known as soon as the flood fill from the blank holds more than half the
// free cells; otherwise the regions below the blank's are filled too, and
// of the others as much as shows which one is the main one, and the entry
// may be in the overflow section. Index does not check its arguments: they must
// describe one placement, the blank on a free cell.
func (z *TilesZero) Index(rank uint64, occupied uint32, blank uint8) uint64 {
	free, r := z.Region(occupied, blank)
	if r == 0 {
		return rank
	}
	return z.MinorityIndex(rank, nil, free, r)
}

// IndexOf is Index for a caller that holds the placement's cells: pos[i]
// is the cell of the table's tile i (table coordinates), so that an entry
// in the overflow section needs no unranking. The arguments are Index's,
// and pos must be the placement of rank rank.
func (z *TilesZero) IndexOf(rank uint64, pos []uint8, occupied uint32, blank uint8) uint64 {
	free, r := z.Region(occupied, blank)
	if r == 0 {
		return rank
	}
	return z.MinorityIndex(rank, pos, free, r)
}

// Region returns the free cells of the placement whose pattern tiles take
// occupied, and the blank's region among them when it holds no more than
// half of them; r is 0 when the blank is in the main region. It and
// MinorityIndex are IndexOf in two parts, for a caller that inlines the
// common case (the search's kernels: Region is within the compiler's
// inlining budget, IndexOf is not): when r is 0 the index is the rank,
// else MinorityIndex(rank, pos, free, r). The arguments are IndexOf's.
func (z *TilesZero) Region(occupied uint32, blank uint8) (free, r uint32) {
	g := &z.geo
	free = g.full &^ occupied
	half := bits.OnesCount32(free) >> 1
	r = uint32(1) << blank
	for {
		// grow's step written out: the call would put Region (cost 78)
		// over the inlining budget the kernels need
		x := (r | r<<1&g.notFirstCol | r>>1&g.notLastCol | r<<g.cols | r>>g.cols) & free
		if bits.OnesCount32(x) > half {
			return free, 0
		}
		if x == r {
			return free, r
		}
		r = x
	}
}

// MinorityIndex returns the index of the entry of region r, no more than
// half the free cells free (as Region returns them, r not 0), of the
// placement of rank rank, whose cells are pos (unranked here when pos is
// nil).
func (z *TilesZero) MinorityIndex(rank uint64, pos []uint8, free, r uint32) uint64 {
	l := z.layout
	slot := l.slot(free, r)
	if slot == 0 {
		return rank
	}
	if pos == nil {
		var cells [tilesMaxPieces]uint8
		TilesUnrank(rank, l.geo.nc, cells[:l.k])
		pos = cells[:l.k]
	}
	return l.entries + l.before(pos) + uint64(slot) - 1
}

// tilesZeroLayout is the layout of the zero-aware tables of k tiles on one
// board shape (see the comment at the top of the file).
type tilesZeroLayout struct {
	// The fields Index reads come first, a few cache lines together.
	k       int
	masks   int    // the most extra regions of a placement (lastMask)
	entries uint64 // placements, E
	// below holds B_i(S, c) at offset[i] + colex(S)*nc + c for i < k-2.
	below []uint32
	// below16 holds B_{k-2}(S, c) at colex(S)*nc + c (k >= 2): at most
	// nc*nc*(nc-1) < 2^16, as each of the at most nc*nc placements of the
	// last two tiles has fewer than nc extra regions.
	below16 []uint16
	// lastMask holds B_{k-1} as masks: lastMask[colex(S)*masks + j] is the
	// cells c free of S such that the placement S+c has more than j + 1
	// regions, so B_{k-1}(S, c) is the sum over j of the count of its
	// cells below c.
	lastMask []uint32
	// colexTab holds colex's contributions of each byte (newColexTab).
	colexTab []uint32
	// head holds the sum of B_i over the first heads = min(3, k-2) cells
	// c_0, c_1, ... of a placement at c_0*nc^(heads-1) + c_1*nc^(heads-2)
	// + ...: one read for those levels, and no colex.
	head   []uint32
	heads  int
	geo    tilesGeometry
	offset [tilesMaxPieces]uint32
	extra  uint64 // regions past each placement's first, over all placements, X
	// binom[n][j] is C(n, j), for colexicographic ranks of subsets.
	binom [bitboard.TilesMaxCells + 1][tilesMaxPieces + 1]uint32
	// blockExtra[colex(S)] for the (k-1)-subsets S: the extra regions of
	// all placements whose first k-1 tiles take S in one order (a block of
	// the in-place build, tilesZeroBuild).
	blockExtra []uint32
}

// tilesZeroLayouts holds the layouts built so far, by shape and k.
var tilesZeroLayouts struct {
	sync.Mutex
	m map[[3]int]*tilesZeroLayout
}

// tilesZeroLayoutOf returns the layout of the zero-aware tables of k tiles
// on the rows x cols board, computed once; nil when the board or k is out
// of range or the table would have more than tilesZeroMaxEntries entries.
func tilesZeroLayoutOf(rows, cols, k int) *tilesZeroLayout {
	if !bitboard.TilesSizeOK(rows, cols) || k < 1 || k > rows*cols-tilesMinFree {
		return nil
	}
	key := [3]int{rows, cols, k}
	tilesZeroLayouts.Lock()
	defer tilesZeroLayouts.Unlock()
	if l, ok := tilesZeroLayouts.m[key]; ok {
		return l
	}
	l := newTilesZeroLayout(rows, cols, k)
	if tilesZeroLayouts.m == nil {
		tilesZeroLayouts.m = map[[3]int]*tilesZeroLayout{}
	}
	tilesZeroLayouts.m[key] = l
	return l
}

// newTilesZeroLayout computes the layout: the extra regions of every
// k-subset of cells, and from them, level by level, the tables B_i.
func newTilesZeroLayout(rows, cols, k int) *tilesZeroLayout {
	nc := rows * cols
	l := &tilesZeroLayout{geo: newTilesGeometry(rows, cols), k: k, entries: TilesEntries(nc, k)}
	if l.entries > tilesZeroMaxEntries {
		return nil
	}
	for n := range nc + 1 {
		l.binom[n][0] = 1
		for j := 1; j <= min(n, tilesMaxPieces); j++ {
			v := uint64(l.binom[n-1][j-1])
			if j <= n-1 {
				v += uint64(l.binom[n-1][j])
			}
			l.binom[n][j] = uint32(v)
		}
	}
	l.newColexTab()
	// total[j][colex(S)] for the j-subsets S: the extra regions of all
	// placements whose first j tiles take S (in one order), the others
	// anywhere. For j = k it is the subset's own regions less one.
	total := make([][]uint64, k+1)
	total[k] = make([]uint64, l.binom[nc][k])
	tilesSubsetsOf(nc, k, func(i uint32, s uint32) {
		total[k][i] = uint64(l.regions(l.geo.full&^s) - 1)
	})
	for j := k - 1; j >= 0; j-- {
		total[j] = make([]uint64, l.binom[nc][j])
		tilesSubsetsOf(nc, j, func(i uint32, s uint32) {
			var sum uint64
			for c := range nc {
				if s&(1<<c) == 0 {
					sum += total[j+1][l.colex(s|1<<c)]
				}
			}
			total[j][i] = sum
		})
	}
	l.extra = total[0][0]
	l.blockExtra = make([]uint32, len(total[k-1]))
	for i, x := range total[k-1] {
		l.blockExtra[i] = uint32(x)
	}
	if l.entries+l.extra > tilesZeroMaxEntries {
		return nil
	}
	l.fillBelow(total)
	l.fillHead()
	return l
}

// fillHead fills head from below.
func (l *tilesZeroLayout) fillHead() {
	nc := l.geo.nc
	l.heads = max(0, min(3, l.k-2))
	size := 1
	for range l.heads {
		size *= nc
	}
	l.head = make([]uint32, size)
	var pos [3]uint8
	for idx := range size {
		used, x := uint32(0), idx
		for i := l.heads - 1; i >= 0; i-- {
			pos[i], x = uint8(x%nc), x/nc
			used |= 1 << pos[i]
		}
		if bits.OnesCount32(used) == l.heads {
			l.head[idx] = uint32(l.before(pos[:l.heads]))
		}
	}
}

// fillBelow fills the tables of B_i from total[j][colex(S)], the extra
// regions of all placements whose first j tiles take S (in one order).
func (l *tilesZeroLayout) fillBelow(total [][]uint64) {
	nc, k := l.geo.nc, l.k
	size := uint32(0)
	for i := range k - 2 {
		l.offset[i] = size
		size += l.binom[nc][i] * uint32(nc)
	}
	l.below = make([]uint32, size)
	if k >= 2 {
		l.below16 = make([]uint16, l.binom[nc][k-2]*uint32(nc))
	}
	for _, x := range total[k] {
		l.masks = max(l.masks, int(x))
	}
	l.lastMask = make([]uint32, int(l.binom[nc][k-1])*l.masks)
	for i := range k {
		tilesSubsetsOf(nc, i, func(ci uint32, s uint32) {
			var sum uint64
			for c := range nc {
				switch {
				case i < k-2:
					l.below[l.offset[i]+ci*uint32(nc)+uint32(c)] = uint32(sum)
				case i == k-2:
					l.below16[ci*uint32(nc)+uint32(c)] = uint16(sum)
				}
				if s&(1<<c) == 0 {
					x := total[i+1][l.colex(s|1<<c)]
					sum += x
					if i == k-1 {
						for j := range int(x) {
							l.lastMask[int(ci)*l.masks+j] |= 1 << c
						}
					}
				}
			}
		})
	}
}

// layoutBytes returns the bytes of the layout's tables of B_i.
func (l *tilesZeroLayout) layoutBytes() uint64 {
	return 4*uint64(len(l.below)+len(l.head)) + 2*uint64(len(l.below16)) + 4*uint64(len(l.lastMask))
}

// tilesSubsetsOf calls f with each j-subset of nc cells, as a mask, and its
// colexicographic rank, in rank order (the masks' numeric order).
func tilesSubsetsOf(nc, j int, f func(rank uint32, s uint32)) {
	if j == 0 {
		f(0, 0)
		return
	}
	limit := uint64(1) << nc
	rank := uint32(0)
	for s := uint64(1)<<j - 1; s < limit; rank++ {
		f(rank, uint32(s))
		// Gosper's hack: the next larger number with j bits set.
		c := s & -s
		r := s + c
		s = ((r^s)>>2)/c | r
	}
}

// colex returns the colexicographic rank of the subset s (of at most k
// cells: more index past the table) among the subsets of its size: the sum over its cells c_0 < c_1 <
// ... of C(c_j, j+1), a byte of s at a time (as RankMask ranks the Rotation
// Game's masks).
func (l *tilesZeroLayout) colex(s uint32) uint32 {
	t, row := l.colexTab, 256*(l.k+1)
	n1 := bits.OnesCount32(s & 0xff)
	n2 := bits.OnesCount32(s & 0xffff)
	n3 := bits.OnesCount32(s & 0xffffff)
	return t[uint8(s)] + t[row+n1*256+int(uint8(s>>8))] + t[2*row+n2*256+int(uint8(s>>16))] + t[3*row+n3*256+int(uint8(s>>24))]
}

// newColexTab fills colexTab: entry (i*(k+1)+j)*256+v is what byte i of a
// subset contributes to its rank when it holds v and the lower bytes hold
// j cells: the sum of C(c, x+1) over the cells c of v, the x-th cell of
// the subset (only for x < k).
func (l *tilesZeroLayout) newColexTab() {
	k := l.k
	l.colexTab = make([]uint32, 4*(k+1)*256)
	for i := range 4 {
		for j := 0; j <= k; j++ {
			for v := range 256 {
				var r uint32
				x := j
				for b := range 8 {
					if v>>b&1 == 1 {
						if c := 8*i + b; x < k && c <= bitboard.TilesMaxCells {
							r += l.binom[c][x+1]
						}
						x++
					}
				}
				l.colexTab[(i*(k+1)+j)*256+v] = r
			}
		}
	}
}

// regions returns the number of connected regions of the cells of free.
func (l *tilesZeroLayout) regions(free uint32) int {
	n := 0
	for free != 0 {
		free &^= l.geo.region(free&-free, free)
		n++
	}
	return n
}

// regionsOf returns the connected regions of the free cells free, by
// their lowest cells (regions[:n]), and which of them is the main one
// (the most cells, then the lowest cell).
func (l *tilesZeroLayout) regionsOf(free uint32) (regions [bitboard.TilesMaxCells]uint32, n, main int) {
	most := 0
	for rest := free; rest != 0; n++ {
		x := l.geo.region(rest&-rest, free)
		rest &^= x
		regions[n] = x
		if c := bits.OnesCount32(x); c > most {
			main, most = n, c
		}
	}
	return regions, n, main
}

// slot returns the slot of region r among the regions of the free cells
// free: 0 for the main region (the most cells, then the lowest cell), else
// 1 + the number of other regions but the main one with a lower lowest
// cell. It fills only the regions below r's lowest cell, and of the others
// only as much as shows whether one has more cells than r and those.
func (l *tilesZeroLayout) slot(free, r uint32) int {
	g := &l.geo
	rest := free &^ r
	lower := rest & (r&-r - 1)
	n, most := 0, 0 // the regions with a cell in lower; the most cells of one
	for lower != 0 {
		x := g.region(lower&-lower, free)
		lower &^= x
		rest &^= x
		n++
		most = max(most, bits.OnesCount32(x))
	}
	nr := bits.OnesCount32(r)
	switch {
	case g.holdsMore(rest, max(most, nr)):
		return n + 1 // the main region is above r
	case most >= nr:
		return n // it is below r
	}
	return 0
}

// holdsMore reports whether a region of rest, a union of regions of the
// free cells, has more than m cells.
func (g *tilesGeometry) holdsMore(rest uint32, m int) bool {
	for bits.OnesCount32(rest) > m {
		r := rest & -rest
		for {
			x := g.grow(r, rest)
			if bits.OnesCount32(x) > m {
				return true
			}
			if x == r {
				break
			}
			r = x
		}
		rest &^= r
	}
	return false
}

// before returns the number of regions past the first of all placements
// ranked below the placement pos of k cells, or, for k-1 cells, the sum of
// B_i over its cells (that of the placements ranked below the first with
// the prefix pos).
func (l *tilesZeroLayout) before(pos []uint8) uint64 {
	nc, k := uint32(l.geo.nc), l.k
	var s uint32
	var sum uint64
	i := 0
	if len(pos) > l.heads && l.head != nil {
		idx := uint32(0)
		for ; i < l.heads; i++ {
			idx = idx*nc + uint32(pos[i])
			s |= 1 << pos[i]
		}
		sum = uint64(l.head[idx])
	}
	for ; i < min(len(pos), k-2); i++ {
		sum += uint64(l.below[l.offset[i]+l.colex(s)*nc+uint32(pos[i])])
		s |= 1 << pos[i]
	}
	if i < len(pos) && i == k-2 {
		sum += uint64(l.below16[l.colex(s)*nc+uint32(pos[i])])
		s |= 1 << pos[i]
		i++
	}
	if i < len(pos) && i == k-1 {
		sum += l.lastBelow(s, pos[i])
	}
	return sum
}

// lastBelow returns B_{k-1}(s, c): the extra regions of the placements of
// the k-1 cells s and one free cell below c.
func (l *tilesZeroLayout) lastBelow(s uint32, c uint8) uint64 {
	m := l.lastMask[int(l.colex(s))*l.masks:][:l.masks]
	var sum int
	for _, x := range m {
		sum += bits.OnesCount32(x & (1<<c - 1))
	}
	return uint64(sum)
}

// index returns the index of the entry of region r of the placement pos
// of rank p with free cells free.
func (l *tilesZeroLayout) index(p uint64, pos []uint8, free, r uint32) uint64 {
	if bits.OnesCount32(r) > bits.OnesCount32(free)>>1 {
		return p
	}
	slot := l.slot(free, r)
	if slot == 0 {
		return p
	}
	return l.entries + l.before(pos) + uint64(slot) - 1
}
