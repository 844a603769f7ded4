package search

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// RotationHeuristic selects how a RotationSolver estimates distances.
type RotationHeuristic uint8

const (
	// RotationExact is the pattern database: the minimum over the three
	// symbols of the table entry for that symbol's mask, the exact distance.
	RotationExact RotationHeuristic = iota
	// RotationCount is 8 minus the most frequent symbol's count in the centre.
	RotationCount
)

// rotationMaxDepth bounds the length of a Rotation Game solution; the longest
// optimal solution has 13 moves.
const rotationMaxDepth = 32

// ErrTable is returned when a table does not fit the solver asked for:
// another table than the one the heuristic reads, a path table with an entry
// that is not a path, or a path table for a solver that is not exact.
var ErrTable = errors.New("wrong table")

// RotationResult is an optimal solution of one board.
type RotationResult struct {
	Moves  [rotationMaxDepth]byte // letters A..H; the first Len are used
	Len    int                    // number of moves
	Symbol int                    // the symbol that fills the centre at the end
	Stats
}

// MoveString returns the moves as letters.
func (r *RotationResult) MoveString() string { return string(r.Moves[:r.Len]) }

// RotationSolver solves Rotation Game boards with IDA*. A solver is used by
// one goroutine at a time; solvers may share one table.
type RotationSolver struct {
	table  []byte   // packed 4-bit distances by mask rank; nil for RotationCount
	paths  []uint64 // path table entries by mask rank, or nil (see UsePaths)
	exact  bool
	path   [rotationMaxDepth]byte
	stats  Stats
	budget budget
	next   int // smallest f above the bound seen in this iteration
	solLen int // length of the solution found
	timing bool
}

// NewRotationSolver returns a solver using heuristic h. The exact heuristic
// needs the table built by pdb.BuildRotation; count ignores t, which may be nil.
func NewRotationSolver(t *pdb.Table, h RotationHeuristic) (*RotationSolver, error) {
	s := &RotationSolver{exact: h == RotationExact}
	if s.exact {
		spec := pdb.RotationSpec()
		if t == nil || t.Puzzle != spec.Puzzle || t.Pattern != spec.Pattern || t.Entries != spec.Entries || t.Width != spec.Width {
			return nil, fmt.Errorf("%w: exact heuristic needs the %s/%s table", ErrTable, spec.Puzzle, spec.Pattern)
		}
		s.table = t.Data
	}
	return s, nil
}

// maxPathLen is the longest path a mask can need (its greatest distance).
const maxPathLen = 14

// RotationPaths is the path table (see pdb.RotationPathsSpec) decoded for
// lookups. It is read-only and shared by solvers.
type RotationPaths struct {
	words []uint64
}

// NewRotationPaths checks and decodes a path table.
func NewRotationPaths(t *pdb.Table) (*RotationPaths, error) {
	if t == nil || t.Puzzle != pdb.RotationPuzzle || t.Pattern != pdb.RotationPathsPattern || t.Entries != pdb.RotationEntries || t.Width != 64 {
		return nil, fmt.Errorf("%w: want the %s/%s table", ErrTable, pdb.RotationPuzzle, pdb.RotationPathsPattern)
	}
	w := make([]uint64, t.Entries)
	for i := range w {
		w[i] = binary.LittleEndian.Uint64(t.Data[8*i:])
		// Lengths index the move buffer: refuse any a real table cannot hold.
		if n := w[i] & (1<<pdb.PathLenBits - 1); n > maxPathLen || w[i]>>(pdb.PathLenBits+pdb.PathMoveBits*n) != 0 {
			return nil, fmt.Errorf("%w: path entry %d holds %#x, not a path", ErrTable, i, w[i])
		}
	}
	return &RotationPaths{w}, nil
}

// UsePaths lets an exact solver read answers from the path table instead of
// searching: a board's answer is the smallest among the shortest paths of
// its three symbols' masks, because its shortest solutions are the union of
// theirs. The answers are the same as IDA*'s; no node is generated, so the
// node counts are zero. Nil turns it off.
func (s *RotationSolver) UsePaths(p *RotationPaths) error {
	if p == nil {
		s.paths = nil
		return nil
	}
	if !s.exact {
		return fmt.Errorf("%w: the path table needs the exact heuristic", ErrTable)
	}
	s.paths = p.words
	return nil
}

// SetTiming sets whether Solve reads the clock to fill Stats.Elapsed. It is
// off by default: two clock reads cost more than a whole exact solve.
// A Timeout limit turns it on for that solve.
func (s *RotationSolver) SetTiming(on bool) { s.timing = on }

// symbolH returns the heuristic value of one symbol's mask: its table entry,
// or the number of centre cells it does not fill.
func (s *RotationSolver) symbolH(mask uint32) int8 {
	if s.exact {
		return tableH(s.table, mask)
	}
	return int8(bitboard.RotationCentreLen - bits.OnesCount32(mask&bitboard.RotationCentreMask))
}

// tableH returns the table entry of a mask.
func tableH(t []byte, mask uint32) int8 { return rankH(t, pdb.RankMask(mask)) }

// rankH returns the table entry of a mask rank.
func rankH(t []byte, r uint32) int8 { return int8(t[r>>1] >> ((r & 1) << 2) & 0xf) }

// lowerBounds holds, per symbol, a lower bound on the moves needed to bring
// that symbol's cells onto the centre. A move changes each bound by at most
// one, so a child only needs fresh values for the symbols that can still
// fit in the bound; the others inherit their parent's bound minus one.
type lowerBounds [bitboard.RotationSymbols]int8

func (l *lowerBounds) min() int8 { return min(l[0], l[1], l[2]) }

// Solve returns the shortest, then dictionary-smallest, move sequence that
// solves b, within the limits. It returns ErrLimit if a limit stops it.
func (s *RotationSolver) Solve(b bitboard.Rotation, lim Limits) (RotationResult, error) {
	var start time.Time
	if s.timing || lim.Timeout > 0 {
		start = time.Now()
	}
	if s.paths != nil {
		res := s.lookup(b) // no search: no limit can bite
		if !start.IsZero() {
			res.Elapsed = time.Since(start)
		}
		return res, nil
	}
	s.stats = Stats{}
	s.budget = newBudget(lim, start)
	m1, m2, m3 := b.Masks()
	lb := lowerBounds{s.symbolH(m1), s.symbolH(m2), s.symbolH(m3)}
	h := int(lb.min())
	s.stats.RootH = h
	var res RotationResult
	found := h == 0
	final := b
	s.solLen = 0
	for bound := h; !found; {
		s.stats.Iterations++
		s.stats.Bound = bound
		s.next = rotationMaxDepth + 1
		e0, g0 := s.stats.Expanded, s.stats.Generated
		s.stats.Expanded++
		found = s.dfs(b, 0, bound, -1, lb, &final)
		s.stats.LastExpanded, s.stats.LastGenerated = s.stats.Expanded-e0, s.stats.Generated-g0
		if found || s.budget.stopped {
			break
		}
		if s.next > rotationMaxDepth {
			return res, fmt.Errorf("no solution within %d moves", rotationMaxDepth)
		}
		bound = s.next
	}
	if !start.IsZero() {
		s.stats.Elapsed = time.Since(start)
	}
	res.Stats = s.stats
	if !found {
		return res, ErrLimit
	}
	res.Len = s.solLen
	for i := 0; i < res.Len; i++ {
		res.Moves[i] = bitboard.RotationMoveNames[s.path[i]]
	}
	res.Symbol = final.Centre()
	return res, nil
}

// lookup answers b from the path table.
func (s *RotationSolver) lookup(b bitboard.Rotation) RotationResult {
	m1, m2, m3 := b.Masks()
	return decodePaths(s.paths[pdb.RankMask(m1)], s.paths[pdb.RankMask(m2)], s.paths[pdb.RankMask(m3)])
}

// decodePaths makes a board's answer from its three symbols' path entries:
// the smallest of the shortest.
func decodePaths(p1, p2, p3 uint64) (res RotationResult) {
	const lenMask = 1<<pdb.PathLenBits - 1
	n := min(p1&lenMask, p2&lenMask, p3&lenMask)
	best, sym := uint64(math.MaxUint64), 0
	if p1&lenMask == n {
		best, sym = p1, 1
	}
	if p2&lenMask == n && p2 < best {
		best, sym = p2, 2
	}
	if p3&lenMask == n && p3 < best {
		best, sym = p3, 3
	}
	res.Len = int(n)
	for i := 0; i < res.Len; i++ {
		res.Moves[i] = bitboard.RotationMoveNames[pdb.PathMove(best, i)]
	}
	res.Symbol = sym
	res.RootH, res.Bound = res.Len, res.Len
	return res
}

// manyBlock is how many boards SolveMany ranks before it reads their
// entries: the reads are then independent of each other, so the processor
// overlaps their cache misses (the path table is larger than the L2 cache).
const manyBlock = 64

// SolveMany solves boards[i] into out[i] (out must be as long), with the
// same answers and statistics as Solve with no limits. With the path table
// and no timing it works in blocks, so table reads overlap; otherwise it
// calls Solve on each board.
func (s *RotationSolver) SolveMany(boards []bitboard.Rotation, out []RotationResult) {
	out = out[:len(boards)]
	if s.paths == nil || s.timing {
		for i, b := range boards {
			out[i], _ = s.Solve(b, Limits{})
		}
		return
	}
	var ranks [manyBlock][bitboard.RotationSymbols]uint32
	var entries [manyBlock][bitboard.RotationSymbols]uint64
	for len(boards) > 0 {
		n := min(len(boards), manyBlock)
		for i, b := range boards[:n] {
			m1, m2, m3 := b.Masks()
			ranks[i] = [3]uint32{pdb.RankMask(m1), pdb.RankMask(m2), pdb.RankMask(m3)}
		}
		for i := 0; i < n; i++ {
			r := &ranks[i]
			entries[i] = [3]uint64{s.paths[r[0]], s.paths[r[1]], s.paths[r[2]]}
		}
		for i := 0; i < n; i++ {
			e := &entries[i]
			out[i] = decodePaths(e[0], e[1], e[2])
		}
		boards, out = boards[n:], out[n:]
	}
}

// dfs searches below b, reached in g moves by move last (-1 at the root),
// for a solution of exactly bound moves. On success it leaves the moves in
// s.path and the solved board in *final.
func (s *RotationSolver) dfs(b bitboard.Rotation, g, bound, last int, lb lowerBounds, final *bitboard.Rotation) bool {
	room := int8(bound - g - 1) // the most a child's heuristic may be
	skip := -1
	if last >= 0 {
		skip = bitboard.RotationInverse[last]
	}
	// A symbol whose bound cannot drop to room in one move keeps its
	// parent's bound minus one and costs no lookup.
	live0, live1, live2 := lb[0]-1 <= room, lb[1]-1 <= room, lb[2]-1 <= room
	for m := 0; m < bitboard.RotationMoves; m++ {
		if m == skip {
			continue
		}
		c := b.Move(m)
		s.stats.Generated++
		m1, m2, m3 := c.Masks()
		cl := lowerBounds{lb[0] - 1, lb[1] - 1, lb[2] - 1}
		if live0 {
			cl[0] = s.symbolH(m1)
		}
		if live1 {
			cl[1] = s.symbolH(m2)
		}
		if live2 {
			cl[2] = s.symbolH(m3)
		}
		h := cl.min()
		if h > room {
			s.next = min(s.next, g+1+int(h))
			continue
		}
		s.path[g] = byte(m)
		if h == 0 {
			*final = c
			s.solLen = g + 1
			return true
		}
		if s.stats.Generated >= s.budget.next && s.budget.check(s.stats.Generated) {
			return false
		}
		s.stats.Expanded++
		if s.dfs(c, g+1, bound, m, cl, final) {
			return true
		}
		if s.budget.stopped {
			return false
		}
	}
	return false
}
