package search

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Scoring a sliding-tile heuristic without solving: its distribution over
// uniformly random boards and the number of nodes an IDA* iteration is
// expected to generate with it, after Korf, Reid & Edelkamp (2001), "Time
// complexity of iterative-deepening-A*" (KRE). KRE's prediction for an
// iteration with cost bound d is
//
//	E(d) = sum over i = 0..d of N_i P(d-i)
//
// where N_i is the number of nodes at depth i of the brute-force tree (the
// tree IDA* walks with h = 0, the inverse of the previous move never made)
// and P(x) the fraction of the states of the space with h <= x: the nodes at
// depth i whose f = i + h is at most d. With a consistent heuristic (every
// sliding-tile heuristic here is) those are exactly the nodes the iteration
// expands; the nodes it generates are their children.
//
// On a sliding-tile board the prediction is exact in expectation over a
// uniformly random solvable root, with P taken per blank cell: a fixed walk
// of the blank from cell a to cell b maps the solvable boards with the blank
// at a one to one onto those with the blank at b, so the nodes at depth i
// with the blank at c are uniform over the boards with the blank at c. The
// TilesPrediction's ByCell figures use that; the plain ones use KRE's single
// P. Either way P comes from a sample here, and a small sample misses the
// low tail of h that dominates the sum for strong heuristics: see
// TilesPrediction.Sparse.

// TilesTree is the brute-force search tree of a rows x cols board below a
// root whose blank cell is uniform over the board, as it is on a uniformly
// random board: the tree IDA* walks with h = 0, never making the move that
// undoes the previous one.
type TilesTree struct {
	Rows, Cols int
	// Nodes[i][c] is the expected number of nodes at depth i with the
	// blank at cell c; Children[i][c] the expected number of children
	// those nodes have (Nodes[i+1] summed by the parent's cell).
	Nodes, Children [][]float64
}

// tilesTreeMaxDepth bounds NewTilesTree's depth: far past the longest
// optimal solution of a 5 x 5 board (at most 205 moves), with the counts
// well within float64's range (the 5 x 5 tree grows by about 2.37 a level:
// 1e225 nodes at depth 600).
const tilesTreeMaxDepth = 600

// NewTilesTree returns the brute-force tree of the rows x cols board to
// depth depth (0 <= depth <= 600), by the recurrence over the blank's cell
// and the move that brought it there: a node with the blank at c reached by
// move m has one child a move from c other than the inverse of m. Counts are
// float64: exact below 2^53, about 1e16; deeper ones carry float64's
// relative error of about 1e-16 a step.
func NewTilesTree(rows, cols, depth int) (TilesTree, error) {
	if !tilesBoardOK(rows, cols) {
		return TilesTree{}, fmt.Errorf("%w: no %dx%d board (sides %d or more, at most %d cells)", ErrTilesBoard,
			rows, cols, bitboard.TilesMinSide, bitboard.TilesMaxCells)
	}
	if depth < 0 || depth > tilesTreeMaxDepth {
		return TilesTree{}, fmt.Errorf("tree depth %d: want 0 to %d moves", depth, tilesTreeMaxDepth)
	}
	nc := rows * cols
	const last = bitboard.TilesMoves + 1 // the move that reached a node, or none at the root
	var to [bitboard.TilesMaxCells][bitboard.TilesMoves]int
	for c := range nc {
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			to[c][m] = bitboard.TilesNeighbour(rows, cols, c, m)
		}
	}
	cur := make([][last]float64, nc)
	for c := range nc {
		cur[c][tilesNoMove] = 1 / float64(nc)
	}
	t := TilesTree{Rows: rows, Cols: cols, Nodes: make([][]float64, depth+1), Children: make([][]float64, depth+1)}
	for i := 0; i <= depth; i++ {
		next := make([][last]float64, nc)
		t.Nodes[i] = make([]float64, nc)
		t.Children[i] = make([]float64, nc)
		for c := range nc {
			for prev := range bitboard.TilesMove(last) {
				n := cur[c][prev]
				if n == 0 {
					continue
				}
				t.Nodes[i][c] += n
				for m := range bitboard.TilesMove(bitboard.TilesMoves) {
					if prev != tilesNoMove && m == prev.Inverse() || to[c][m] < 0 {
						continue
					}
					next[to[c][m]][m] += n
					t.Children[i][c] += n
				}
			}
		}
		cur = next
	}
	return t, nil
}

// TilesHistogram is the distribution of a heuristic's values over a sample
// of boards, overall and by the blank's cell.
type TilesHistogram struct {
	Rows, Cols int
	Samples    uint64
	// Counts[v] is the number of boards with h = v; ByCell[c][v] the
	// number of those with the blank at cell c. Both are as long as the
	// largest value seen plus one.
	Counts []uint64
	ByCell [][]uint64
}

// tilesScoreChunk is the number of boards a worker takes at a time.
const tilesScoreChunk = 4096

// Histogram evaluates h on every board of boards (BlankFirst boards of the
// heuristic's size, such as bitboard.RandomTiles draws for the BlankFirst
// goal) with workers goroutines (at least 1) and returns the distribution
// of the values. The result does not depend on workers. It returns an error
// wrapping ErrTilesBoard for a board that is malformed or of another size.
func (h *TilesHeuristic) Histogram(boards []bitboard.Tiles, workers int) (TilesHistogram, error) {
	for i, b := range boards {
		if !b.Valid() || b.Rows() != h.rows || b.Cols() != h.cols {
			return TilesHistogram{}, fmt.Errorf("%w: sample board %d is not a %dx%d board: %v", ErrTilesBoard, i,
				h.rows, h.cols, b)
		}
	}
	workers = max(workers, 1)
	parts := make([]TilesHistogram, workers)
	var next sync.Mutex
	taken := 0
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			k := newTilesKernel(h)
			p := &parts[w]
			p.ByCell = make([][]uint64, h.nc)
			for {
				next.Lock()
				lo := taken
				taken = min(taken+tilesScoreChunk, len(boards))
				hi := taken
				next.Unlock()
				if lo >= hi {
					return
				}
				for _, b := range boards[lo:hi] {
					k.load(b)
					p.add(b.BlankCell(), k.heur, 1)
				}
			}
		}()
	}
	wg.Wait()
	out := TilesHistogram{Rows: h.rows, Cols: h.cols, ByCell: make([][]uint64, h.nc)}
	for _, p := range parts {
		for c, row := range p.ByCell {
			for v, n := range row {
				out.add(c, v, n)
			}
		}
	}
	return out, nil
}

// add counts n boards with the blank at c and h = v.
func (s *TilesHistogram) add(c, v int, n uint64) {
	for len(s.Counts) <= v {
		s.Counts = append(s.Counts, 0)
	}
	for len(s.ByCell[c]) <= v {
		s.ByCell[c] = append(s.ByCell[c], 0)
	}
	s.Counts[v] += n
	s.ByCell[c][v] += n
	s.Samples += n
}

// Mean returns the mean of the values, NaN for an empty sample.
func (s TilesHistogram) Mean() float64 {
	sum := 0.0
	for v, n := range s.Counts {
		sum += float64(v) * float64(n)
	}
	return sum / float64(s.Samples)
}

// Quantile returns the least value v with a fraction of at least q of the
// samples at or below it (0 <= q <= 1; q = 0 gives the least value seen),
// -1 for an empty sample.
func (s TilesHistogram) Quantile(q float64) int {
	need := uint64(math.Ceil(q * float64(s.Samples)))
	var seen uint64
	for v, n := range s.Counts {
		seen += n
		if n > 0 && seen >= max(need, 1) {
			return v
		}
	}
	return -1
}

// tilesCountAtMost returns the number of values at most x in counts.
func tilesCountAtMost(counts []uint64, x int) uint64 {
	var n uint64
	for v := 0; v <= x && v < len(counts); v++ {
		n += counts[v]
	}
	return n
}

// TilesSparseSamples is the number of samples below which an estimate of
// P(x) counts as sparse (TilesPrediction.Sparse): with fewer than 10 boards
// at or below x, the relative error of P(x) is above a third.
const TilesSparseSamples = 10

// TilesPrediction is the expected work of one IDA* iteration with a cost
// bound, for a uniformly random root (see TilesTree and TilesHistogram).
type TilesPrediction struct {
	Bound int
	// Expanded is KRE's sum over i = 0..Bound of N_i P(Bound-i), the nodes
	// whose f is within the bound; Generated the same sum over their
	// children, sum of N_{i+1} P(Bound-i). Both take one P for every node.
	Expanded, Generated float64
	// ExpandedByCell and GeneratedByCell take, for the nodes with the
	// blank at cell c, the P of the sampled boards with the blank at c:
	// exact in expectation over random roots but for sampling error (and
	// for iterations that end at a solution).
	ExpandedByCell, GeneratedByCell float64
	// Sparse is the share of Generated that comes from terms whose P was
	// estimated from fewer than TilesSparseSamples boards (0 to 1). A
	// large share means the sample is too small to see the low values of
	// h that decide the prediction; a term whose P is 0 in the sample adds
	// nothing, so the prediction then errs low.
	Sparse float64
}

// PredictTilesIteration returns the expected work of an IDA* iteration with
// cost bound bound (at least 0) for a uniformly random root of tree's board,
// from the distribution hist of the heuristic over uniformly random boards.
// The tree must reach depth bound+1 (NewTilesTree(rows, cols, bound+1)) and
// be of the histogram's board.
func PredictTilesIteration(tree TilesTree, hist TilesHistogram, bound int) (TilesPrediction, error) {
	if tree.Rows != hist.Rows || tree.Cols != hist.Cols {
		return TilesPrediction{}, fmt.Errorf("a %dx%d tree and a %dx%d histogram: want both of one board", tree.Rows, tree.Cols,
			hist.Rows, hist.Cols)
	}
	if bound < 0 || len(tree.Nodes) < bound+2 {
		return TilesPrediction{}, fmt.Errorf("bound %d: want 0 to %d for a tree of depth %d", bound,
			len(tree.Nodes)-2, len(tree.Nodes)-1)
	}
	if hist.Samples == 0 {
		return TilesPrediction{}, errors.New("a histogram of no sampled boards: want at least one")
	}
	p := TilesPrediction{Bound: bound}
	sparse := 0.0
	for i := 0; i <= bound; i++ {
		x := bound - i
		atMost := tilesCountAtMost(hist.Counts, x)
		frac := float64(atMost) / float64(hist.Samples)
		var nodes, kids float64
		for c := range tree.Nodes[i] {
			nodes += tree.Nodes[i][c]
			kids += tree.Children[i][c]
			if n := hist.cellSamples(c); n > 0 {
				pc := float64(tilesCountAtMost(hist.ByCell[c], x)) / float64(n)
				p.ExpandedByCell += tree.Nodes[i][c] * pc
				p.GeneratedByCell += tree.Children[i][c] * pc
			}
		}
		p.Expanded += nodes * frac
		p.Generated += kids * frac
		if atMost < TilesSparseSamples {
			sparse += kids * frac
		}
	}
	if p.Generated > 0 {
		p.Sparse = sparse / p.Generated
	}
	return p, nil
}

// cellSamples returns the number of samples with the blank at cell c.
func (s TilesHistogram) cellSamples(c int) uint64 {
	var n uint64
	for _, k := range s.ByCell[c] {
		n += k
	}
	return n
}

// TilesMeanOptimal returns the mean optimal solution length, in moves, of
// the uniformly random solvable rows x cols boards where it is known: 21.97
// on 3 x 3 (all 181,440 boards), 52.59 on 4 x 4 (Korf & Schultze 2005, the
// complete breadth-first search of the 15-puzzle) and about 100 on 5 x 5
// (Korf & Felner 2002, estimated), with ok false for the other boards.
func TilesMeanOptimal(rows, cols int) (moves float64, ok bool) {
	switch {
	case rows == tiles8Side && cols == tiles8Side:
		return 21.97, true
	case rows == tiles15Side && cols == tiles15Side:
		return 52.59, true
	case rows == tiles24Side && cols == tiles24Side:
		return 100, true
	}
	return 0, false
}

// TilesMeanManhattan returns the mean Manhattan distance of the uniformly
// random solvable rows x cols boards (blank-first goal, tile k home on cell
// k), a lower bound on their mean optimal length: each tile lies on every
// cell equally often (fixing one tile, a swap of two others pairs the
// solvable boards with the rest), so it is the sum over the tiles of the
// mean distance from the tile's home to a cell.
func TilesMeanManhattan(rows, cols int) float64 {
	n, sum := rows*cols, 0
	for home := 1; home < n; home++ {
		for c := range n {
			sum += max(home/cols-c/cols, c/cols-home/cols) + max(home%cols-c%cols, c%cols-home%cols)
		}
	}
	return float64(sum) / float64(n)
}
