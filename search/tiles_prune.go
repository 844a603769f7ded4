package search

import (
	"fmt"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Move pruning by automaton (Taylor & Korf, "Pruning duplicate nodes in
// depth-first search", AAAI 1993).
//
// A string of blank moves from a start cell is a duplicate when it reaches
// the board that a shorter string from the same cell reaches, or an equally
// long one that comes first in the kernel's move order. A breadth-first
// search over the move strings from every start cell up to a depth D keeps,
// for every board, the first string that reaches it: strings are extended
// in order (the kept ones of a layer are in move order, their children are
// generated in move order), so the first to reach a board is the shortest,
// then first in move order. A string reaching a board already reached is a
// duplicate; the minimal duplicates (no proper substring a duplicate) are
// the forbidden strings. Since the kept strings' substrings are all kept, a
// child of a kept string is a minimal duplicate exactly when it is a
// duplicate and no proper suffix of it is.
//
// Whether a string is legal, and so whether it is a duplicate, depends on
// the cell the blank starts from: a string is a sequence of absolute moves
// (cell, direction). The forbidden strings are compiled into an
// Aho-Corasick automaton whose states each stand for a string ending at a
// known cell: one root a cell (the empty string at that cell) and one state
// per proper prefix of a forbidden string. A state's list holds the moves
// its cell allows that do not complete a forbidden string, in move order,
// with the cells and states they reach; the kernel walks that list instead
// of a move table, so pruning costs no more than a list lookup a node.
//
// No optimal solution is lost, and the first in move order is kept: a path
// holding a forbidden substring is matched by one as short and earlier in
// move order (or shorter) with the substring replaced by the string it
// duplicates, so the first optimal path in move order holds none, and IDA*
// with and without pruning returns the same path.
//
// Some states are moribund (Clausecker, 24puzzle, ida.c): every string of
// some length from them completes a forbidden string, so a node in such a
// state whose subtree must reach deeper than the longest string the
// automaton allows from it holds no goal within the bound. Each list entry
// carries that longest length for the state its move leads to (life). At a
// node with more moves left to the bound than the automaton's longest
// finite life (maxLife), no moribund child can reach the bound, and the
// kernels walk the state's list without those moves (far); nearer the
// bound, a rare node, they walk the whole list and skip a child whose life
// is shorter than the moves left after it. IDA* finds goals only at
// depth equal to the bound, and a path through a cut child to that depth
// would hold a forbidden string. The cut children are neither generated nor
// counted, as the moves the automaton forbids are not, and no path the
// automaton allows to a goal at the bound is cut, so the answers are
// unchanged and the counts never grow. The choice costs a comparison a
// node, not one a child.
//
// At depth 2 the only forbidden strings are a move and its inverse: the
// automaton is the inverse-move pruning of the plain kernel, and that is how
// TilesPruneInverse is searched.

// TilesPruning selects how a TilesSolver prunes the blank's move strings.
type TilesPruning uint8

const (
	// TilesPruneAutomaton prunes every string that holds a duplicate of
	// at most TilesPruneDepth moves (the default).
	TilesPruneAutomaton TilesPruning = iota
	// TilesPruneInverse prunes only the move that undoes the previous one.
	TilesPruneInverse
	// TilesPruneAutomaton16 prunes every string that holds a duplicate of
	// at most tilesPruneDeepDepth (16) moves. On the 24-puzzle it expands
	// about 0.89x the nodes of TilesPruneAutomaton, and with a costly
	// heuristic (a catalogue of many tables) it searches faster too; its
	// automaton is larger (925,235 states, 60 MB on 5 x 5 with its lists
	// without the moves to moribund states) and, on 4 x 4 and 5 x 5, is
	// built once and kept in the table cache (LoadTilesPruning;
	// docs/results/2026-12-02-24puzzle-prune16.md).
	TilesPruneAutomaton16
)

// TilesPruneNames are the names of the prunings, by TilesPruning, as flags
// and records spell them.
var TilesPruneNames = [...]string{TilesPruneAutomaton: "automaton", TilesPruneInverse: "inverse",
	TilesPruneAutomaton16: "automaton16"}

// String returns the pruning's name: "automaton", "inverse" or
// "automaton16".
func (p TilesPruning) String() string {
	if int(p) < len(TilesPruneNames) {
		return TilesPruneNames[p]
	}
	return fmt.Sprintf("TilesPruning(%d)", uint8(p))
}

// TilesPruneDepth is the length of the longest forbidden string of the
// default automaton, TilesPruneAutomaton, on every board: chosen by
// measurement (docs/results/2026-12-01-prune-automaton.md).
const TilesPruneDepth = 12

// tilesPruneInverseDepth is the depth of the automaton that prunes only
// inverse moves.
const tilesPruneInverseDepth = 2

// tilesPruneDeepDepth is the depth of TilesPruneAutomaton16's automaton:
// on the 24-puzzle depth 18 cut 3.5% more nodes than 16 for no less time,
// with a 3.7 GB build (docs/results/2026-12-02-24puzzle-prune16.md).
const tilesPruneDeepDepth = 16

// Depth returns the length of the longest forbidden string of pruning p's
// automaton (2 for TilesPruneInverse), or 0 for an unknown pruning.
func (p TilesPruning) Depth() int {
	switch p {
	case TilesPruneAutomaton:
		return TilesPruneDepth
	case TilesPruneInverse:
		return tilesPruneInverseDepth
	case TilesPruneAutomaton16:
		return tilesPruneDeepDepth
	}
	return 0
}

// tilesPruneMaxDepth is the longest supported depth: strings are packed two
// bits a move in a uint64.
const tilesPruneMaxDepth = 32

// tilesMoveOrder is pdbsolve's move order: up, down, left, right.
var tilesMoveOrder = [bitboard.TilesMoves]bitboard.TilesMove{bitboard.MoveUp, bitboard.MoveDown, bitboard.MoveLeft, bitboard.MoveRight}

// TilesPrune is a move-pruning automaton for one board shape, depth and move
// order. It is read-only once built and shared by any number of solvers.
type TilesPrune struct {
	rows, cols int
	depth      int
	order      [bitboard.TilesMoves]bitboard.TilesMove
	// lists[s] is state s's moves; roots[c] is the state of the empty
	// string with the blank at cell c.
	lists []tilesPruneList
	roots [tilesMaxCells]uint32
	// far[s] is lists[s] without the moves to moribund states (the same
	// slice when there are none), maxLife the longest finite life (-1:
	// none); setLives sets both.
	far       []tilesPruneList
	maxLife   int
	forbidden int // forbidden strings
	elapsed   time.Duration
}

// tilesPruneList is one automaton state's moves in move order: move m[i]
// takes the blank to cell to[i] and the automaton to state next[i], from
// which the automaton allows strings of at most life[i] moves
// (TilesPrune.setLives; tilesPruneUnbounded: of every length). The list is
// 32 bytes: a state never straddles a cache line.
type tilesPruneList struct {
	n    uint8
	m    [bitboard.TilesMoves]uint8
	to   [bitboard.TilesMoves]uint8
	next [bitboard.TilesMoves]uint32
	life [bitboard.TilesMoves]uint8
}

// tilesPruneChildren returns the list of moves to walk from automaton state
// state with left moves to the bound after the child (lists and far are a
// TilesPrune's, maxLife its longest finite life): far's, without the moves
// to moribund states, when no moribund child can reach the bound; else the
// full list, with near set: then a child whose life is shorter than left is
// skipped. The kernels and the split's walk choose by it.
func tilesPruneChildren(lists, far []tilesPruneList, maxLife int, state uint32, left int) (l *tilesPruneList, near bool) {
	if left <= maxLife {
		return &lists[state], true
	}
	return &far[state], false
}

// States returns the number of the automaton's states.
func (a *TilesPrune) States() int { return len(a.lists) }

// Bytes returns the size of the automaton's state table in bytes.
func (a *TilesPrune) Bytes() int {
	n := len(a.lists)
	if a.maxLife >= 0 {
		n += len(a.far)
	}
	return n * int(tilesPruneListBytes)
}

// tilesPruneListBytes is the size of one state's list.
const tilesPruneListBytes = 32

// Forbidden returns the number of forbidden strings, summed over the start
// cells.
func (a *TilesPrune) Forbidden() int { return a.forbidden }

// Depth returns the length of the automaton's longest forbidden string.
func (a *TilesPrune) Depth() int { return a.depth }

// BuildTime returns the time the automaton took to build, or to decode and
// check, for one read from the table cache (LoadTilesPrune).
func (a *TilesPrune) BuildTime() time.Duration { return a.elapsed }

// Pruning returns TilesPruneInverse for an automaton of depth 2,
// TilesPruneAutomaton16 for one of depth 16 and TilesPruneAutomaton
// otherwise.
func (a *TilesPrune) Pruning() TilesPruning {
	if a.depth <= tilesPruneInverseDepth {
		return TilesPruneInverse
	}
	if a.depth == tilesPruneDeepDepth {
		return TilesPruneAutomaton16
	}
	return TilesPruneAutomaton
}

// tilesPruneKey names an automaton in the process-wide cache.
type tilesPruneKey struct {
	rows, cols, depth int
	order             [bitboard.TilesMoves]bitboard.TilesMove
}

var (
	tilesPruneMu    sync.Mutex
	tilesPruneCache = map[tilesPruneKey]*TilesPrune{}
)

// TilesPruneFor returns the automaton of pruning p for the rows x cols board
// in pdbsolve's move order, built on first use (the default, depth
// TilesPruneDepth, takes well under a second on 5 x 5) and kept for the life
// of the process. It returns an error for an unsupported board or pruning.
// LoadTilesPruning reads the automata that the table cache keeps from it
// instead of building them.
func TilesPruneFor(rows, cols int, p TilesPruning) (*TilesPrune, error) {
	depth := p.Depth()
	if depth == 0 {
		return nil, fmt.Errorf("unknown pruning %v", p)
	}
	return tilesPruneCached(rows, cols, depth, tilesMoveOrder)
}

// tilesPruneCached returns the automaton of the given shape, depth and move
// order from the process-wide cache, building it on all cores when missing.
func tilesPruneCached(rows, cols, depth int, order [bitboard.TilesMoves]bitboard.TilesMove) (*TilesPrune, error) {
	return tilesPruneCachedOn(rows, cols, depth, order, runtime.GOMAXPROCS(0))
}

// tilesPruneCachedOn is tilesPruneCached building on the given number of
// workers.
func tilesPruneCachedOn(rows, cols, depth int, order [bitboard.TilesMoves]bitboard.TilesMove, workers int) (*TilesPrune, error) {
	key := tilesPruneKey{rows, cols, depth, order}
	tilesPruneMu.Lock()
	defer tilesPruneMu.Unlock()
	if a, ok := tilesPruneCache[key]; ok {
		return a, nil
	}
	a, err := newTilesPrune(rows, cols, depth, order, workers)
	if err != nil {
		return nil, err
	}
	tilesPruneCache[key] = a
	return a, nil
}

// NewTilesPrune builds the automaton that forbids every minimal duplicate
// string of at most depth moves (2 to 32) on the rows x cols board, the
// blank's moves tried in order (a permutation of the four moves). Its time
// and memory grow about 2.3-fold a move of depth on 5 x 5. It runs on all
// cores.
func NewTilesPrune(rows, cols, depth int, order [bitboard.TilesMoves]bitboard.TilesMove) (*TilesPrune, error) {
	return newTilesPrune(rows, cols, depth, order, runtime.GOMAXPROCS(0))
}

// newTilesPrune is NewTilesPrune on the given number of workers.
func newTilesPrune(rows, cols, depth int, order [bitboard.TilesMoves]bitboard.TilesMove, workers int) (*TilesPrune, error) {
	if !tilesBoardOK(rows, cols) {
		return nil, fmt.Errorf("no %dx%d board (sides %d or more, at most %d cells)", rows, cols,
			bitboard.TilesMinSide, bitboard.TilesMaxCells)
	}
	if depth < tilesPruneInverseDepth || depth > tilesPruneMaxDepth {
		return nil, fmt.Errorf("pruning depth %d: want 2 to %d", depth, tilesPruneMaxDepth)
	}
	var seen [bitboard.TilesMoves]bool
	for _, m := range order {
		if m >= bitboard.TilesMoves || seen[m] {
			return nil, fmt.Errorf("move order %v is not a permutation of the four moves", order)
		}
		seen[m] = true
	}
	start := time.Now()
	a := &TilesPrune{rows: rows, cols: cols, depth: depth, order: order}
	dups := a.duplicates(workers)
	a.compile(dups)
	a.elapsed = time.Since(start)
	return a, nil
}

// tilesMoveString is a string of blank moves from a start cell: move i in
// bits 2i and 2i+1 of moves.
type tilesMoveString struct {
	moves uint64
	n     uint8
	cell  uint8
}

// suffix returns s without its first move, which starts from cell.
func (s tilesMoveString) suffix(cell int) tilesMoveString {
	return tilesMoveString{moves: s.moves >> 2, n: s.n - 1, cell: uint8(cell)}
}

// at returns move i of s.
func (s tilesMoveString) at(i int) bitboard.TilesMove {
	return bitboard.TilesMove(s.moves >> (2 * i) & 3)
}

// tilesPruneNode is a kept string and the board it reaches, cells 0 to 23
// five bits each in board (12 a word: cell 24, the last of a 5 x 5 board, is
// implied by the others), from the start board on which cell x holds x.
type tilesPruneNode struct {
	board [2]uint64
	str   tilesMoveString
	blank uint8
}

// tilesPruneLabelSum is the sum of the labels 0..24 of a 5 x 5 board.
const tilesPruneLabelSum = tilesMaxCells * (tilesMaxCells - 1) / 2

// get returns the label at cell c of the node's board.
func (n *tilesPruneNode) get(c, nc int) uint64 {
	if c == tilesMaxCells-1 {
		s := uint64(0)
		for x := range nc - 1 {
			s += n.get(x, nc)
		}
		return tilesPruneLabelSum - s
	}
	return n.board[c/12] >> (5 * (c % 12)) & 31
}

// set sets the label at cell c of the node's board (cell 24 is implied).
func (n *tilesPruneNode) set(c int, v uint64) {
	if c == tilesMaxCells-1 {
		return
	}
	w, sh := c/12, 5*(c%12)
	n.board[w] = n.board[w]&^(31<<sh) | v<<sh
}

// duplicates returns the children of kept strings of at most a.depth moves
// that are duplicates, from every start cell; the start cells are searched
// on the given number of workers.
func (a *TilesPrune) duplicates(workers int) []tilesMoveString {
	nc := a.rows * a.cols
	out := make([][]tilesMoveString, nc)
	var next sync.Mutex
	cell := 0
	var wg sync.WaitGroup
	for range min(workers, nc) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				c := cell
				cell++
				next.Unlock()
				if c >= nc {
					return
				}
				out[c] = a.duplicatesFrom(c)
			}
		}()
	}
	wg.Wait()
	var all []tilesMoveString
	for _, d := range out {
		all = append(all, d...)
	}
	return all
}

// duplicatesFrom returns the children of kept strings from start cell c
// that are duplicates, by a breadth-first search over boards. The graph of
// boards is bipartite, so a child at depth d+1 can only meet a board of
// depth d-1 or d+1: two layers are kept besides the one being extended.
func (a *TilesPrune) duplicatesFrom(c int) []tilesMoveString {
	nc := a.rows * a.cols
	root := tilesPruneNode{str: tilesMoveString{cell: uint8(c)}, blank: uint8(c)}
	for x := range nc {
		root.set(x, uint64(x))
	}
	var dups []tilesMoveString
	var prevSeen, seen, nextSeen tilesBoardSet
	layer := []tilesPruneNode{root}
	seen.add(root.board)
	for d := 0; d < a.depth; d++ {
		nextSeen.reset(len(layer) * 2)
		var nextLayer []tilesPruneNode
		for i := range layer {
			n := &layer[i]
			blank := int(n.blank)
			for _, m := range a.order {
				to := bitboard.TilesNeighbour(a.rows, a.cols, blank, m)
				// A move and its inverse are a minimal duplicate only as
				// the whole string: found at depth 2, skipped after.
				if to < 0 || d >= 2 && m == n.str.at(d-1).Inverse() {
					continue
				}
				child := *n
				// The blank carries its start cell's label, c.
				child.set(blank, n.get(to, nc))
				child.set(to, uint64(c))
				child.blank = uint8(to)
				child.str.moves |= uint64(m) << (2 * d)
				child.str.n++
				if prevSeen.has(child.board) || !nextSeen.add(child.board) {
					dups = append(dups, child.str)
					continue
				}
				if d+1 < a.depth {
					nextLayer = append(nextLayer, child)
				}
			}
		}
		prevSeen, seen, nextSeen = seen, nextSeen, prevSeen
		layer = nextLayer
	}
	return dups
}

// tilesBoardSet is a set of packed boards (tilesPruneNode.board), open
// addressing with linear probing; the zero board, never a packed board of
// two or more cells, marks an empty slot.
type tilesBoardSet struct {
	slots [][2]uint64
	n     int
	shift uint
}

// reset empties the set and makes room for about n boards.
func (s *tilesBoardSet) reset(n int) {
	size := 16
	for size < 2*n {
		size *= 2
	}
	if cap(s.slots) >= size {
		s.slots = s.slots[:size]
		clear(s.slots)
	} else {
		s.slots = make([][2]uint64, size)
	}
	s.n = 0
	s.shift = uint(64 - bits.TrailingZeros(uint(size)))
}

// slot returns the index of b in the set, or of the empty slot where it
// belongs.
func (s *tilesBoardSet) slot(b [2]uint64) int {
	mask := len(s.slots) - 1
	i := int((b[0]*0x9e3779b97f4a7c15 ^ b[1]*0xc2b2ae3d27d4eb4f) >> s.shift)
	for {
		if v := s.slots[i]; v == b || v == [2]uint64{} {
			return i
		}
		i = (i + 1) & mask
	}
}

// has reports whether b is in the set.
func (s *tilesBoardSet) has(b [2]uint64) bool {
	return s.n > 0 && s.slots[s.slot(b)] == b
}

// add adds b and reports whether it was new.
func (s *tilesBoardSet) add(b [2]uint64) bool {
	if 2*(s.n+1) > len(s.slots) {
		old := s.slots
		s.reset(2 * (s.n + 1))
		for _, v := range old {
			if v != [2]uint64{} {
				s.slots[s.slot(v)] = v
				s.n++
			}
		}
	}
	i := s.slot(b)
	if s.slots[i] == b {
		return false
	}
	s.slots[i] = b
	s.n++
	return true
}

// compile keeps the minimal duplicates among dups (no proper suffix itself
// in dups: its prefixes are kept strings) and builds the automaton that
// forbids them.
func (a *TilesPrune) compile(dups []tilesMoveString) {
	trie := a.minimalTrie(dups)
	goTo := a.ahoCorasick(trie)
	a.setLists(trie, goTo)
	a.minimize()
	a.setLives()
}

// tilesTrieState is a state of compile's trie of forbidden move strings:
// child[m] is the state of its string followed by m (tilesTrieNone: none),
// cell the blank's cell at its end, terminal whether its string is
// forbidden.
type tilesTrieState struct {
	child    [bitboard.TilesMoves]uint32
	cell     uint8
	terminal bool
}

const (
	// tilesTrieNone is a tilesTrieState's child that is none: no child is
	// a root.
	tilesTrieNone = 0
	// tilesTrieForbidden is a move of ahoCorasick's goto function that
	// leaves the board, and setLists's number of a terminal state.
	tilesTrieForbidden = ^uint32(0)
)

// minimalTrie keeps the minimal duplicates among dups, counting them in
// a.forbidden, and returns their trie: state c < rows*cols is the root of
// cell c (the blank's cell where a string starts).
func (a *TilesPrune) minimalTrie(dups []tilesMoveString) []tilesTrieState {
	nc := a.rows * a.cols
	// A duplicate is minimal when no proper suffix is a duplicate, that is
	// when none is a minimal one: shortest first, each is checked against
	// the minimal ones found before it.
	slices.SortStableFunc(dups, func(x, y tilesMoveString) int { return int(x.n) - int(y.n) })
	minimal := make(map[tilesMoveString]struct{})
	trie := make([]tilesTrieState, nc)
	for c := range nc {
		trie[c].cell = uint8(c)
	}
	for _, s := range dups {
		if !a.minimal(s, minimal) {
			continue
		}
		minimal[s] = struct{}{}
		a.forbidden++
		st, cell := uint32(s.cell), int(s.cell)
		for i := range int(s.n) {
			m := s.at(i)
			cell = bitboard.TilesNeighbour(a.rows, a.cols, cell, m)
			if trie[st].child[m] == tilesTrieNone {
				trie[st].child[m] = uint32(len(trie))
				trie = append(trie, tilesTrieState{cell: uint8(cell)})
			}
			st = trie[st].child[m]
		}
		trie[st].terminal = true
	}
	return trie
}

// ahoCorasick returns the goto function of the automaton matching trie's
// strings: goTo[s][m] is the state after move m from state s
// (tilesTrieForbidden for a move off the board).
//
// Aho-Corasick, breadth first from the roots: the failure of a state
// is the state of its longest proper suffix in the trie, and a move
// with no child goes where the failure's move goes. A root's failure
// is itself, and a root's move with no child goes to the root of the
// cell reached. No proper prefix of a forbidden string holds one, so
// no failure is terminal and the terminal states are the only matches.
func (a *TilesPrune) ahoCorasick(trie []tilesTrieState) [][bitboard.TilesMoves]uint32 {
	nc := a.rows * a.cols
	goTo := make([][bitboard.TilesMoves]uint32, len(trie))
	fail := make([]uint32, len(trie))
	queue := make([]uint32, 0, len(trie))
	for c := range nc {
		queue = append(queue, uint32(c))
	}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			to := bitboard.TilesNeighbour(a.rows, a.cols, int(trie[s].cell), m)
			if to < 0 {
				goTo[s][m] = tilesTrieForbidden
				continue
			}
			ch := trie[s].child[m]
			if ch == tilesTrieNone {
				if s < uint32(nc) {
					goTo[s][m] = uint32(to)
				} else {
					goTo[s][m] = goTo[fail[s]][m]
				}
				continue
			}
			goTo[s][m] = ch
			if s < uint32(nc) {
				fail[ch] = uint32(to)
			} else {
				fail[ch] = goTo[fail[s]][m]
			}
			queue = append(queue, ch)
		}
	}
	return goTo
}

// setLists numbers the states of trie that are not matches and gives each
// its list of moves in a.order (those that lead by goTo to a state that is
// not a match), and sets the roots.
func (a *TilesPrune) setLists(trie []tilesTrieState, goTo [][bitboard.TilesMoves]uint32) {
	id := make([]uint32, len(trie))
	n := uint32(0)
	for s := range trie {
		if trie[s].terminal {
			id[s] = tilesTrieForbidden
			continue
		}
		id[s] = n
		n++
	}
	a.lists = make([]tilesPruneList, n)
	for s := range trie {
		if trie[s].terminal {
			continue
		}
		l := &a.lists[id[s]]
		for _, m := range a.order {
			g := goTo[s][m]
			if g == tilesTrieForbidden || trie[g].terminal {
				continue
			}
			l.m[l.n] = uint8(m)
			l.to[l.n] = uint8(bitboard.TilesNeighbour(a.rows, a.cols, int(trie[s].cell), m))
			l.next[l.n] = id[g]
			l.n++
		}
	}
	for c := range a.rows * a.cols {
		a.roots[c] = id[c]
	}
}

// minimize merges the states that accept the same strings (Moore's
// partition refinement): states start in one class, and a class is split by
// the states' cells and moves and the classes their moves lead to until no
// class splits. The automaton then has one state a class; it forbids the
// same strings. A round numbers the classes in the order of their first
// state through an open-addressing table of one state a class (no map), so
// it needs 12 bytes a state.
func (a *TilesPrune) minimize() {
	n := len(a.lists)
	class := make([]uint32, n)
	next := make([]uint32, n)
	size := 16
	for size < 2*n {
		size *= 2
	}
	table := make([]uint32, size) // a class's first state + 1; 0: empty
	mask := uint64(size - 1)
	classes := 0
	for {
		clear(table)
		count := uint32(0)
		for s := range a.lists {
			for i := a.signature(class, s) & mask; ; i = (i + 1) & mask {
				r := table[i]
				if r == 0 {
					table[i] = uint32(s) + 1
					next[s] = count
					count++
					break
				}
				if a.sameClass(class, int(r-1), s) {
					next[s] = next[r-1]
					break
				}
			}
		}
		class, next = next, class
		if int(count) == classes {
			break
		}
		classes = int(count)
	}
	lists := make([]tilesPruneList, classes)
	for s := range a.lists {
		l := a.lists[s]
		for i := range int(l.n) {
			l.next[i] = class[l.next[i]]
		}
		lists[class[s]] = l
	}
	a.lists = lists
	for c := range a.rows * a.cols {
		a.roots[c] = class[a.roots[c]]
	}
}

// tilesPruneUnbounded is the life (tilesPruneList.life) of a state from
// which the automaton allows strings of every length, and of one whose
// longest allowed string is this long or longer: it is never a finite life
// (maxLife), and a kernel checks a child's life only at nodes with at most
// maxLife moves left, so such a state is never cut.
const tilesPruneUnbounded = math.MaxUint8

// setLives sets each list's lives (and far and maxLife from them): for the
// state each move leads to, the length of the longest string the automaton
// allows from it (0 for a dead end, a state whose every move completes a
// forbidden string). The lengths
// follow backwards from the dead ends, one state at a time once all of its
// moves lead to states of known length (Kahn's order over the reversed
// moves); the states never reached so lead to a cycle, whose strings are
// unbounded.
func (a *TilesPrune) setLives() {
	n := len(a.lists)
	// pred[start[s]:start[s+1]] are the states with a move to s, once a move.
	start := make([]uint32, n+1)
	for s := range a.lists {
		l := &a.lists[s]
		for i := range int(l.n) {
			start[l.next[i]+1]++
		}
	}
	for s := range n {
		start[s+1] += start[s]
	}
	pred := make([]uint32, start[n])
	fill := slices.Clone(start[:n])
	for s := range a.lists {
		l := &a.lists[s]
		for i := range int(l.n) {
			pred[fill[l.next[i]]] = uint32(s)
			fill[l.next[i]]++
		}
	}
	life := make([]int, n)
	left := make([]uint8, n) // moves whose state's life is not known yet
	queue := make([]uint32, 0, n)
	for s := range a.lists {
		if left[s] = a.lists[s].n; left[s] == 0 {
			queue = append(queue, uint32(s))
		}
	}
	for qi := 0; qi < len(queue); qi++ {
		s := queue[qi]
		for _, p := range pred[start[s]:start[s+1]] {
			life[p] = max(life[p], life[s]+1)
			if left[p]--; left[p] == 0 {
				queue = append(queue, p)
			}
		}
	}
	for s := range life {
		if left[s] != 0 || life[s] > tilesPruneUnbounded {
			life[s] = tilesPruneUnbounded
		}
	}
	a.maxLife = -1
	for s := range a.lists {
		l := &a.lists[s]
		for i := range int(l.n) {
			l.life[i] = uint8(life[l.next[i]])
			if l.life[i] != tilesPruneUnbounded {
				a.maxLife = max(a.maxLife, int(l.life[i]))
			}
		}
	}
	a.far = a.lists
	if a.maxLife < 0 {
		return
	}
	a.far = make([]tilesPruneList, len(a.lists))
	for s, l := range a.lists {
		f := &a.far[s]
		for i := range int(l.n) {
			if l.life[i] == tilesPruneUnbounded {
				f.m[f.n], f.to[f.n], f.next[f.n], f.life[f.n] = l.m[i], l.to[i], l.next[i], l.life[i]
				f.n++
			}
		}
	}
}

// signature hashes what minimize compares of state s: its class, its moves
// and their cells, and the classes they lead to.
func (a *TilesPrune) signature(class []uint32, s int) uint64 {
	l := &a.lists[s]
	h := uint64(class[s])*0x9e3779b97f4a7c15 ^ uint64(l.n)
	for i := range int(l.n) {
		h = (h^uint64(l.m[i])<<8^uint64(l.to[i])<<16^uint64(class[l.next[i]])<<24)*0xc2b2ae3d27d4eb4f + uint64(i)
	}
	return h ^ h>>29
}

// sameClass reports whether states r and s stay in one class: the same
// class, moves, cells and classes of their next states.
func (a *TilesPrune) sameClass(class []uint32, r, s int) bool {
	lr, ls := &a.lists[r], &a.lists[s]
	if class[r] != class[s] || lr.n != ls.n || lr.m != ls.m || lr.to != ls.to {
		return false
	}
	for i := range int(lr.n) {
		if class[lr.next[i]] != class[ls.next[i]] {
			return false
		}
	}
	return true
}

// minimal reports whether no proper suffix of the duplicate s is in
// shorter, the minimal duplicates shorter than s: a proper substring that is
// a duplicate would be a suffix, since s's prefixes are kept strings and so
// are their substrings, and a suffix that is a duplicate ends with a
// minimal one.
func (a *TilesPrune) minimal(s tilesMoveString, shorter map[tilesMoveString]struct{}) bool {
	cell := int(s.cell)
	for s.n > 1 {
		cell = bitboard.TilesNeighbour(a.rows, a.cols, cell, s.at(0))
		s = s.suffix(cell)
		if _, ok := shorter[s]; ok {
			return false
		}
	}
	return true
}
