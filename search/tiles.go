package search

import (
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// IDA* for the 8- and 15-puzzle.
//
// The kernel keeps the board as one byte a cell plus, for pattern databases,
// the cells of each pattern's tiles on the board and on its transpose. A move
// changes one tile, hence one pattern and one reflected pattern: their
// entries are looked up again and the rest of the sum is kept. The move that
// undoes the previous one is never generated.

// tilesNoMove stands for "no previous move" at the root.
const tilesNoMove = bitboard.TilesMoves

// tilesInfinity is above any bound.
const tilesInfinity = 1 << 30

// Line directions of the linear-conflict heuristic.
const (
	tilesRows     = 0
	tilesCols     = 1
	tilesLineDirs = 2
)

// ErrTileSide is returned when a board's side differs from the heuristic's.
var ErrTileSide = errors.New("search: board side does not match the heuristic")

// ErrTileBoard is returned for a malformed board.
var ErrTileBoard = errors.New("search: invalid sliding-tile board")

// TilesSolver solves sliding-tile boards optimally with IDA*. A solver is used
// by one goroutine at a time; solvers may share a TilesHeuristic.
type TilesSolver struct {
	h *TilesHeuristic

	cells [tilesMaxCells]uint8
	blank int
	nbr   [tilesMaxCells][bitboard.TilesMoves]int8

	pos, rpos [tilesMaxGroups][tilesMaxGroupSize]uint8
	val, rval [tilesMaxGroups]uint8
	sum, rsum int                                // sums of val and rval; for linear-conflict, the Manhattan sum and the conflicts
	lines     [tilesLineDirs][tilesMaxLine]uint8 // linear-conflict: conflicts of each row and column
	heur      int                                // current heuristic value
	man       int                                // pattern databases: the Manhattan sum the entries are stored over
	path      []byte
	st        Stats
	bud       budget
	nextBound int
}

// NewTileSolver returns a solver using heuristic h.
func NewTileSolver(h *TilesHeuristic) *TilesSolver {
	s := &TilesSolver{h: h}
	for c := range h.nc {
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			s.nbr[c][m] = int8(bitboard.TilesNeighbour(h.n, c, m))
		}
	}
	return s
}

// Heuristic returns the solver's heuristic.
func (s *TilesSolver) Heuristic() *TilesHeuristic { return s.h }

// Solve returns an optimal sequence of blank moves, letters U, D, L, R,
// taking board to the goal of convention goal, with the search statistics.
// It returns ErrUnsolvable for a board that cannot reach the goal and
// ErrLimit when lim stops the search first.
func (s *TilesSolver) Solve(board bitboard.Tiles, goal bitboard.Goal, lim Limits) ([]byte, Stats, error) {
	start := time.Now()
	if !board.Valid() {
		return nil, Stats{}, fmt.Errorf("%w: %v", ErrTileBoard, board)
	}
	if board.N() != s.h.n {
		return nil, Stats{}, fmt.Errorf("%w: %dx%d board, %s is for %dx%d", ErrTileSide, board.N(), board.N(), s.h.name, s.h.n, s.h.n)
	}
	if !board.Solvable(goal) {
		return nil, Stats{}, ErrUnsolvable
	}
	s.load(board.Canonical(goal))
	s.st = Stats{RootH: s.heur}
	s.bud = newBudget(lim, start)
	s.path = s.path[:0]
	bound := s.heur
	var err error
	for {
		s.st.Iterations++
		s.st.Bound = bound
		s.nextBound = tilesInfinity
		if s.dfs(0, bound, tilesNoMove) {
			break
		}
		if s.bud.stopped {
			err = ErrLimit
			break
		}
		if s.nextBound == tilesInfinity { // cannot happen on a solvable board
			err = ErrUnsolvable
			break
		}
		bound = s.nextBound
	}
	s.st.Elapsed = time.Since(start)
	if err != nil {
		return nil, s.st, err
	}
	moves := make([]byte, len(s.path))
	for i, b := range s.path {
		m := bitboard.TilesMove(b)
		if goal == bitboard.BlankLast {
			m = m.Mirror()
		}
		moves[i] = m.Letter()
	}
	return moves, s.st, nil
}

// load sets the kernel's state to the BlankFirst board b.
func (s *TilesSolver) load(b bitboard.Tiles) {
	h := s.h
	for c := range h.nc {
		s.cells[c] = uint8(b.At(c))
	}
	s.blank = int(b.Blank)
	s.heur = h.Eval(b)
	switch h.kind {
	case tilesPDB:
		s.man = 0
		for c := range h.nc {
			if t := s.cells[c]; t != 0 {
				s.man += int(h.md[t][c])
				s.pos[h.grp[t]][h.idx[t]] = uint8(c)
				s.rpos[h.rgrp[t]][h.ridx[t]] = h.refl[c]
			}
		}
		s.sum, s.rsum = 0, 0
		for g := range h.groups {
			s.val[g] = h.tables[g][tilesRank(&s.pos[g], h.size[g], h.nc)]
			s.rval[g] = h.tables[g][tilesRank(&s.rpos[g], h.size[g], h.nc)]
			s.sum += int(s.val[g])
			s.rsum += int(s.rval[g])
		}
	case tilesExact:
		for c := range h.nc {
			if t := s.cells[c]; int(t) < h.size[0] {
				s.pos[0][t] = uint8(c)
			}
		}
	case tilesLinearConflict:
		s.sum, s.rsum = 0, 0
		for c := range h.nc {
			if t := s.cells[c]; t != 0 {
				s.sum += int(h.md[t][c])
			}
		}
		for line := range h.n {
			for dir := range tilesLineDirs {
				v := s.lineConflicts(line, dir == tilesCols)
				s.lines[dir][line] = uint8(v)
				s.rsum += v
			}
		}
	case tilesManhattan:
	}
}

// tilesRank is pdb.TilesRank over a fixed array, kept here so the kernel's
// call can be inlined.
func tilesRank(pos *[tilesMaxGroupSize]uint8, k, nc int) uint64 {
	var used uint32
	var r uint64
	for i := range k {
		p := pos[i]
		r = r*uint64(nc-i) + uint64(p) - uint64(bits.OnesCount32(used&(1<<p-1)))
		used |= 1 << p
	}
	return r
}

// lineConflicts returns the linear conflicts of row (vertical false) or
// column (vertical true) number line.
func (s *TilesSolver) lineConflicts(line int, vertical bool) int {
	h := s.h
	n := h.n
	radix := n + 1
	key := 0
	for i := n - 1; i >= 0; i-- {
		var t, d int
		if vertical {
			t = int(s.cells[i*n+line])
			d = n
			if t != 0 && t%n == line {
				d = t / n
			}
		} else {
			t = int(s.cells[line*n+i])
			d = n
			if t != 0 && t/n == line {
				d = t % n
			}
		}
		key = key*radix + d
	}
	return int(h.conflict[key])
}

// tilesUndo records what step changed, for unstep.
type tilesUndo struct {
	blank, to         int   // cells of the blank before and after the move
	tile              uint8 // the tile that moved
	gi, ri            int8  // pattern and reflected pattern of the tile
	oldVal, oldRval   uint8
	oldHeur           int
	oldSum, oldConf   int
	oldLines          [2]uint8 // the two lines' conflicts
	dir, line1, line2 int
}

// step moves the blank by m to cell to and updates the heuristic
// incrementally, recording in u how to undo it.
func (s *TilesSolver) step(m bitboard.TilesMove, to int, u *tilesUndo) {
	h := s.h
	blank := s.blank
	t := s.cells[to]
	s.cells[blank], s.cells[to] = t, 0
	s.blank = to
	u.blank, u.to, u.tile, u.oldHeur = blank, to, t, s.heur
	switch h.kind {
	case tilesPDB:
		// Entries store (cost - Manhattan) / 2 (see pdb.TilesManhattan); the
		// Manhattan sum of the transposed board is the same.
		gi, ri := h.grp[t], h.rgrp[t]
		u.gi, u.ri = gi, ri
		u.oldSum = s.man
		s.man += int(h.md[t][blank]) - int(h.md[t][to])
		s.pos[gi][h.idx[t]] = uint8(blank)
		old := s.val[gi]
		u.oldVal = old
		nv := h.tables[gi][tilesRank(&s.pos[gi], h.size[gi], h.nc)]
		s.val[gi] = nv
		s.sum += int(nv) - int(old)
		v := s.sum
		if h.reflect {
			s.rpos[ri][h.ridx[t]] = h.refl[blank]
			old := s.rval[ri]
			u.oldRval = old
			rv := h.tables[ri][tilesRank(&s.rpos[ri], h.size[ri], h.nc)]
			s.rval[ri] = rv
			s.rsum += int(rv) - int(old)
			v = max(v, s.rsum)
		}
		s.heur = s.man + 2*v
	case tilesExact:
		s.pos[0][0] = uint8(to)
		if int(t) < h.size[0] {
			s.pos[0][t] = uint8(blank)
		}
		s.heur = int(h.tables[0][tilesRank(&s.pos[0], h.size[0], h.nc)])
	case tilesManhattan:
		s.heur += int(h.md[t][blank]) - int(h.md[t][to])
	case tilesLinearConflict:
		// A vertical move changes the tile's row: only the two rows'
		// conflicts change; a horizontal one, only the two columns'.
		u.oldSum, u.oldConf = s.sum, s.rsum
		s.sum += int(h.md[t][blank]) - int(h.md[t][to])
		if m == bitboard.MoveUp || m == bitboard.MoveDown {
			u.dir, u.line1, u.line2 = tilesRows, blank/h.n, to/h.n
		} else {
			u.dir, u.line1, u.line2 = tilesCols, blank%h.n, to%h.n
		}
		u.oldLines = [2]uint8{s.lines[u.dir][u.line1], s.lines[u.dir][u.line2]}
		c1, c2 := s.lineConflicts(u.line1, u.dir == tilesCols), s.lineConflicts(u.line2, u.dir == tilesCols)
		s.lines[u.dir][u.line1], s.lines[u.dir][u.line2] = uint8(c1), uint8(c2)
		s.rsum += c1 + c2 - int(u.oldLines[0]) - int(u.oldLines[1])
		s.heur = s.sum + 2*s.rsum
	}
}

// unstep undoes the step recorded in u.
func (s *TilesSolver) unstep(u *tilesUndo) {
	h := s.h
	t, blank, to := u.tile, u.blank, u.to
	switch h.kind {
	case tilesPDB:
		gi, ri := u.gi, u.ri
		s.man = u.oldSum
		s.pos[gi][h.idx[t]] = uint8(to)
		s.sum += int(u.oldVal) - int(s.val[gi])
		s.val[gi] = u.oldVal
		if h.reflect {
			s.rpos[ri][h.ridx[t]] = h.refl[to]
			s.rsum += int(u.oldRval) - int(s.rval[ri])
			s.rval[ri] = u.oldRval
		}
	case tilesExact:
		s.pos[0][0] = uint8(blank)
		if int(t) < h.size[0] {
			s.pos[0][t] = uint8(to)
		}
	case tilesLinearConflict:
		s.sum, s.rsum = u.oldSum, u.oldConf
		s.lines[u.dir][u.line1], s.lines[u.dir][u.line2] = u.oldLines[0], u.oldLines[1]
	}
	s.heur = u.oldHeur
	s.cells[to], s.cells[blank] = t, 0
	s.blank = blank
}

// dfs searches below the current board at cost g with the heuristic s.heur
// already within bound. prev is the move that led here.
func (s *TilesSolver) dfs(g, bound int, prev bitboard.TilesMove) bool {
	if s.heur == 0 {
		return true
	}
	s.st.Expanded++
	blank := s.blank
	var u tilesUndo
	for m := range bitboard.TilesMove(bitboard.TilesMoves) {
		if prev != tilesNoMove && m == prev.Inverse() {
			continue
		}
		to := int(s.nbr[blank][m])
		if to < 0 {
			continue
		}
		s.st.Generated++
		if s.st.Generated >= s.bud.next && s.bud.check(s.st.Generated) {
			return false
		}
		s.step(m, to, &u)
		if f := g + 1 + s.heur; f <= bound {
			s.path = append(s.path, byte(m))
			if s.dfs(g+1, bound, m) {
				return true
			}
			s.path = s.path[:len(s.path)-1]
		} else if f < s.nextBound {
			s.nextBound = f
		}
		s.unstep(&u)
		if s.bud.stopped {
			return false
		}
	}
	return false
}
