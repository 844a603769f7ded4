package search

import (
	"encoding/binary"
	"fmt"
	"strings"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// Automata in the table cache.
//
// An automaton that takes more than about a second to build is kept in the
// table cache as a table file of 64-bit entries (pdb.Table), so the cache's
// machinery serves it as it serves pattern tables: the file's magic, format
// version and CRC-32C, zstd frames, the atomic write, the lock that makes
// concurrent processes build it once, the pinned entry checksum
// (pdb/checksums.go), `tables list`. Its puzzle id names the board, its
// pattern id the depth, the move order and the layout's version, such as
// "prune16-udlr-v1"; the entries are
//
//	0        tag "FSM1" << 32 | layout version << 24 | rows << 16 | cols << 8 | depth
//	1        the move order, a byte a move, << 32 | the number of states
//	2        the number of forbidden strings
//	3 .. 15  the roots, two a word (cell 2i in the low half)
//	16 ..    three a state (tilesPruneList.words): its moves and their
//	         cells, then its next states two a word
//
// and a file is checked entry by entry when read: its header words against
// the automaton asked for, every state's moves against the board (each
// state's cell is found from the roots), every next state in range.

// tilesPruneFileVersion is the version of the file layout, in the pattern
// id and in entry 0.
const tilesPruneFileVersion = 1

// tilesPruneFileTag opens entry 0 of an automaton file: "FSM1".
const tilesPruneFileTag = 0x46534d31

// tilesPruneHeadWords is the number of entries before the states: three
// header words and the roots, two a word.
const tilesPruneHeadWords = 3 + (tilesMaxCells+1)/2

// tilesPruneStateWords is the number of 64-bit entries a state takes.
const tilesPruneStateWords = 3

// tilesPruneKept is an automaton kept in the table cache: its state count
// (pinned: the build is deterministic, and the file's size is checked from
// its header), and estimates of the build's time and peak memory for the
// cache's announcement and its check that the build fits. The entries'
// checksums are pinned in pdb/checksums.go.
type tilesPruneKept struct {
	states    int
	buildTime time.Duration
	peakBytes uint64
}

// tilesPruneKeptAutomata are the automata in pdbsolve's move order that the
// table cache keeps, by board and depth: those that take more than about a
// second of CPU to build (docs/results/2026-12-01-prune-depth.md: 2.3 s,
// 3.5 s and 39 s of CPU on the shared machine; one process building the
// three in turn peaked at 568 MB). Every other automaton is built when first
// asked for (the defaults, TilesPruneFor, in well under a second) and kept
// in memory only.
var tilesPruneKeptAutomata = map[[3]int]tilesPruneKept{
	{4, 4, 16}: {states: 141635, buildTime: 3 * time.Second, peakBytes: 150 << 20},
	{5, 5, 14}: {states: 199608, buildTime: 4 * time.Second, peakBytes: 200 << 20},
	{5, 5, 16}: {states: 925235, buildTime: 40 * time.Second, peakBytes: 600 << 20},
}

// TilesPruneSpec returns the table-cache spec of the automaton of the given
// depth for the rows x cols board in pdbsolve's move order, and false when
// that automaton is not kept in the cache (it is built at start). The
// spec's Build builds it; LoadTilesPrune reads it through a pdb.Source.
func TilesPruneSpec(rows, cols, depth int) (pdb.Spec, bool) {
	kept, ok := tilesPruneKeptAutomata[[3]int{rows, cols, depth}]
	if !ok {
		return pdb.Spec{}, false
	}
	return tilesPruneSpec(tilesPruneKey{rows, cols, depth, tilesMoveOrder}, kept), true
}

// tilesPruneSpec returns the table-cache spec of key's automaton, which
// has kept.states states.
func tilesPruneSpec(key tilesPruneKey, kept tilesPruneKept) pdb.Spec {
	return pdb.Spec{
		Puzzle:    pdb.TilesPuzzle(key.rows, key.cols),
		Pattern:   tilesPrunePatternID(key.depth, key.order),
		Entries:   uint64(tilesPruneHeadWords + tilesPruneStateWords*kept.states),
		Width:     64,
		PeakBytes: kept.peakBytes,
		BuildTime: kept.buildTime,
		Build: func(o *pdb.BuildOptions) (*pdb.Table, error) {
			w, err := o.WorkerCount()
			if err != nil {
				return nil, err
			}
			a, err := tilesPruneCachedOn(key.rows, key.cols, key.depth, key.order, w)
			if err != nil {
				return nil, err
			}
			return a.encode(tilesPrunePatternID(key.depth, key.order))
		},
	}
}

// tilesPrunePatternID returns the pattern id of the automaton file of the
// given depth and move order: "prune16-udlr-v1".
func tilesPrunePatternID(depth int, order [bitboard.TilesMoves]bitboard.TilesMove) string {
	return fmt.Sprintf("prune%d-%s-v%d", depth, strings.ToLower(tilesOrderString(order)), tilesPruneFileVersion)
}

// tilesOrderString returns a move order as the moves' letters, "UDLR"; a
// move out of range is "?".
func tilesOrderString(order [bitboard.TilesMoves]bitboard.TilesMove) string {
	var o strings.Builder
	for _, m := range order {
		if m >= bitboard.TilesMoves {
			o.WriteByte('?')
			continue
		}
		o.WriteByte(m.Letter())
	}
	return o.String()
}

// LoadTilesPrune returns the automaton of the given depth (2 to 32) for the
// rows x cols board in pdbsolve's move order: read from src, or built and
// kept there on first use, when the cache keeps it (TilesPruneSpec), else
// built in memory; either way it is kept for the life of the process. A
// file that fails its checks is reported by src's Load (a pdb.Cache
// rebuilds it); one that passes them but does not describe an automaton of
// this board, depth and order is refused with a *pdb.FormatError.
func LoadTilesPrune(src pdb.Source, rows, cols, depth int) (*TilesPrune, error) {
	spec, ok := TilesPruneSpec(rows, cols, depth)
	if !ok || src == nil {
		return tilesPruneCached(rows, cols, depth, tilesMoveOrder)
	}
	key := tilesPruneKey{rows, cols, depth, tilesMoveOrder}
	tilesPruneMu.Lock()
	a, found := tilesPruneCache[key]
	tilesPruneMu.Unlock()
	if found {
		return a, nil
	}
	a, err := readTilesPrune(src, key, spec)
	if err != nil {
		return nil, err
	}
	tilesPruneMu.Lock()
	defer tilesPruneMu.Unlock()
	if old, ok := tilesPruneCache[key]; ok {
		return old, nil
	}
	tilesPruneCache[key] = a
	return a, nil
}

// LoadTilesPruning returns the automaton of pruning p for the rows x cols
// board in pdbsolve's move order, as LoadTilesPrune does for p's depth: read
// from src when the table cache keeps it (TilesPruneAutomaton16 on 4 x 4 and
// 5 x 5), else built. It returns an error for an unsupported board or
// pruning.
func LoadTilesPruning(src pdb.Source, rows, cols int, p TilesPruning) (*TilesPrune, error) {
	depth := p.Depth()
	if depth == 0 {
		return nil, fmt.Errorf("unknown pruning %v", p)
	}
	return LoadTilesPrune(src, rows, cols, depth)
}

// readTilesPrune returns key's automaton from src (spec its table), checked
// as LoadTilesPrune says.
func readTilesPrune(src pdb.Source, key tilesPruneKey, spec pdb.Spec) (*TilesPrune, error) {
	t, err := src.Load(spec)
	if err != nil {
		return nil, err
	}
	if err := spec.Check(t); err != nil {
		return nil, err
	}
	start := time.Now()
	a, err := decodeTilesPrune(t, key)
	if err != nil {
		return nil, err
	}
	a.elapsed = time.Since(start)
	return a, nil
}

// SetPrune makes the solver search with automaton a (from LoadTilesPrune or
// TilesPruneFor), which must be for the heuristic's board and pdbsolve's
// move order; it returns an error otherwise. The answers are those of every
// other automaton; the node counts are not.
func (s *TilesSolver) SetPrune(a *TilesPrune) error {
	if a.rows != s.h.rows || a.cols != s.h.cols || a.order != tilesMoveOrder {
		return fmt.Errorf("a %dx%d pruning automaton in move order %s for a %dx%d heuristic (order %s)",
			a.rows, a.cols, tilesOrderString(a.order), s.h.rows, s.h.cols, tilesOrderString(tilesMoveOrder))
	}
	s.setPrune(a)
	return nil
}

// encode returns the automaton as the table of pattern id pattern.
func (a *TilesPrune) encode(pattern string) (*pdb.Table, error) {
	n := tilesPruneHeadWords + tilesPruneStateWords*len(a.lists)
	data := make([]byte, 8*n)
	put := func(i int, v uint64) { binary.LittleEndian.PutUint64(data[8*i:], v) }
	put(0, tilesPruneFileTag<<32|tilesPruneFileVersion<<24|uint64(a.rows)<<16|uint64(a.cols)<<8|uint64(a.depth))
	var order uint64
	for i, m := range a.order {
		order |= uint64(m) << (8 * i)
	}
	put(1, order<<32|uint64(len(a.lists)))
	put(2, uint64(a.forbidden))
	for c := range a.rows * a.cols {
		i := 3 + c/2
		put(i, binary.LittleEndian.Uint64(data[8*i:])|uint64(a.roots[c])<<(32*(c%2)))
	}
	for s := range a.lists {
		w := a.lists[s].words()
		for j, v := range w {
			put(tilesPruneHeadWords+tilesPruneStateWords*s+j, v)
		}
	}
	return pdb.NewTable(pdb.TilesPuzzle(a.rows, a.cols), pattern, uint64(n), 64, data)
}

// words packs the list into three words: the first holds n (bits 0-7), the
// moves (a byte each from bit 8) and their cells (five bits each from bit
// 40), the others the next states, two a word.
func (l *tilesPruneList) words() [tilesPruneStateWords]uint64 {
	w0 := uint64(l.n)
	for i := range bitboard.TilesMoves {
		w0 |= uint64(l.m[i])<<(8+8*i) | uint64(l.to[i])<<(40+5*i)
	}
	return [tilesPruneStateWords]uint64{w0, uint64(l.next[0]) | uint64(l.next[1])<<32, uint64(l.next[2]) | uint64(l.next[3])<<32}
}

// decodeTilesPrune returns the automaton that table t holds, checked entry
// by entry against key (board, depth, move order): a *pdb.FormatError
// wrapping pdb.ErrMismatch when it is another automaton, pdb.ErrHeader when
// its states do not describe one (a move off the board or to another cell
// than the board's, a next state out of range, a state with moves reached
// at two cells, a state no root reaches).
func decodeTilesPrune(t *pdb.Table, key tilesPruneKey) (*TilesPrune, error) {
	where := t.Puzzle + "/" + t.Pattern
	bad := func(err error, format string, args ...any) error {
		return &pdb.FormatError{Path: where, Offset: -1, Err: err, Detail: "pruning automaton: " + fmt.Sprintf(format, args...)}
	}
	if t.Width != 64 || t.Entries < tilesPruneHeadWords || (t.Entries-tilesPruneHeadWords)%tilesPruneStateWords != 0 {
		return nil, bad(pdb.ErrHeader, "%d entries of %d bits: want %d words and %d a state", t.Entries, t.Width,
			tilesPruneHeadWords, tilesPruneStateWords)
	}
	get := func(i int) uint64 { return binary.LittleEndian.Uint64(t.Data[8*i:]) }
	h, o := get(0), get(1)
	var order [bitboard.TilesMoves]bitboard.TilesMove
	for i := range order {
		order[i] = bitboard.TilesMove(o >> (32 + 8*i) & 0xff)
	}
	states := int(t.Entries-tilesPruneHeadWords) / tilesPruneStateWords
	want := uint64(tilesPruneFileTag)<<32 | tilesPruneFileVersion<<24 | uint64(key.rows)<<16 | uint64(key.cols)<<8 | uint64(key.depth)
	if h != want || order != key.order || int(o&0xffffffff) != states {
		return nil, bad(pdb.ErrMismatch, "header %016x %016x (move order %s): want the %dx%d automaton of depth %d, order %s, %d states (%016x)",
			h, o, tilesOrderString(order), key.rows, key.cols, key.depth, tilesOrderString(key.order), states, want)
	}
	a := &TilesPrune{rows: key.rows, cols: key.cols, depth: key.depth, order: key.order, lists: make([]tilesPruneList, states)}
	for s := range a.lists {
		l := &a.lists[s]
		i := tilesPruneHeadWords + tilesPruneStateWords*s
		w0, w1, w2 := get(i), get(i+1), get(i+2)
		l.n = uint8(w0)
		for j := range bitboard.TilesMoves {
			l.m[j] = uint8(w0 >> (8 + 8*j))
			l.to[j] = uint8(w0 >> (40 + 5*j) & 31)
		}
		l.next = [bitboard.TilesMoves]uint32{uint32(w1), uint32(w1 >> 32), uint32(w2), uint32(w2 >> 32)}
	}
	nc := key.rows * key.cols
	for c := range nc {
		a.roots[c] = uint32(get(3+c/2) >> (32 * (c % 2)))
	}
	if err := a.checkStates(); err != nil {
		return nil, bad(pdb.ErrHeader, "%v", err)
	}
	a.forbidden = int(get(2))
	a.setLives()
	return a, nil
}

// checkStates checks a decoded automaton: from the roots (root c at cell
// c), every state is reached at one cell (a dead end, with no moves, at one
// or more), and its moves are in a.order,
// legal from that cell, to the cells the board says, and to states in
// range.
func (a *TilesPrune) checkStates() error {
	nc := a.rows * a.cols
	const none = 0xff
	cell := make([]uint8, len(a.lists))
	for i := range cell {
		cell[i] = none
	}
	queue := make([]uint32, 0, len(a.lists))
	visit := func(s uint32, c int) error {
		if int(s) >= len(a.lists) {
			return fmt.Errorf("state %d of %d", s, len(a.lists))
		}
		if cell[s] == none {
			cell[s] = uint8(c)
			queue = append(queue, s)
		} else if int(cell[s]) != c && a.lists[s].n > 0 {
			// A state without moves (every move completes a forbidden
			// string) may stand at several cells.
			return fmt.Errorf("state %d reached with the blank at cells %d and %d", s, cell[s], c)
		}
		return nil
	}
	for c := range nc {
		if err := visit(a.roots[c], c); err != nil {
			return err
		}
	}
	var rank [bitboard.TilesMoves]int
	for i, m := range a.order {
		rank[m] = i
	}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		l := &a.lists[s]
		if l.n > bitboard.TilesMoves {
			return fmt.Errorf("state %d has %d moves", s, l.n)
		}
		for i := range int(l.n) {
			if l.m[i] >= bitboard.TilesMoves || i > 0 && rank[l.m[i]] <= rank[l.m[i-1]] {
				return fmt.Errorf("state %d: moves %v not in the move order %s", s, l.m[:l.n], tilesOrderString(a.order))
			}
		}
		for i := range int(l.n) {
			m := bitboard.TilesMove(l.m[i])
			to := bitboard.TilesNeighbour(a.rows, a.cols, int(cell[s]), m)
			if to < 0 || int(l.to[i]) != to {
				return fmt.Errorf("state %d: move %c from cell %d to cell %d, the board says %d", s, m.Letter(), cell[s], l.to[i], to)
			}
			if err := visit(l.next[i], to); err != nil {
				return err
			}
		}
	}
	if len(queue) != len(a.lists) {
		return fmt.Errorf("%d of %d states reached from the roots", len(queue), len(a.lists))
	}
	return nil
}

// TilesPruneOfTable returns the automaton that table file t holds (as
// pdb.ReadFile reads it): t is one when its puzzle is a sliding-tile board
// and its pattern id starts "prune", as the table cache names automata
// ("prune16-udlr-v1"). ok is false for every other table. The automaton is
// decoded and checked as LoadTilesPrune checks it; an id that names no
// automaton in pdbsolve's move order, or entries that do not describe the
// one it names, is an error (a *pdb.FormatError for the entries).
func TilesPruneOfTable(t *pdb.Table) (a *TilesPrune, ok bool, err error) {
	if !IsTilesPruneID(t.Puzzle, t.Pattern) {
		return nil, false, nil
	}
	rows, cols, _ := pdb.TilesShape(t.Puzzle)
	rest := strings.TrimPrefix(t.Pattern, "prune")
	depth := 0
	for _, c := range []byte(rest) {
		if c < '0' || c > '9' || depth > tilesPruneMaxDepth {
			break
		}
		depth = 10*depth + int(c-'0')
	}
	if want := tilesPrunePatternID(depth, tilesMoveOrder); depth < 2 || depth > tilesPruneMaxDepth || t.Pattern != want {
		return nil, true, fmt.Errorf("%s/%s: not the id of a pruning automaton in pdbsolve's move order (such as %q)",
			t.Puzzle, t.Pattern, tilesPrunePatternID(16, tilesMoveOrder))
	}
	a, err = decodeTilesPrune(t, tilesPruneKey{rows, cols, depth, tilesMoveOrder})
	return a, true, err
}

// IsTilesPruneID reports whether a table of this puzzle and pattern id is
// a move-pruning automaton's file: a sliding-tile board's, with a pattern
// id that starts "prune" (TilesPruneOfTable reads one).
func IsTilesPruneID(puzzle, pattern string) bool {
	_, _, tiles := pdb.TilesShape(puzzle)
	return tiles && strings.HasPrefix(pattern, "prune")
}

// Board returns the automaton's board shape.
func (a *TilesPrune) Board() (rows, cols int) { return a.rows, a.cols }

// Order returns the automaton's move order as the moves' letters, "UDLR".
func (a *TilesPrune) Order() string { return tilesOrderString(a.order) }
