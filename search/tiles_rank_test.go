package search

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// TestTilesRankDelta follows random walks of the blank on 3 x 3, 4 x 4 and
// 5 x 5 boards, with a random pattern seen directly or transposed (as a
// catalogue's reflected view maps cells), and some jumps of a tile from
// any cell into the blank's: the rank kept by tilesRankDelta and
// tilesRankAdd, as the catalogue kernels keep it, is pdb.TilesRank's from
// scratch after every move.
func TestTilesRankDelta(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, side := range []int{3, 4, 5} {
		nc := side * side
		for trial := range 40 {
			size := 1 + rng.IntN(min(7, nc-1))
			name := fmt.Sprintf("%dx%d/%d/size%d", side, side, trial, size)
			if err := tilesRankWalk(rng, side, size, trial%2 == 1, 400); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
	}
}

// tilesRankWalk walks the blank moves times on a side x side board from a
// random one, keeping the rank of a random pattern of size tiles by
// tilesRankDelta (on the transposed board with transpose), a move in four
// a jump of any tile into the blank's cell; it returns the first
// move whose rank differs from pdb.TilesRank's.
func tilesRankWalk(rng *rand.Rand, side, size int, transpose bool, moves int) error {
	nc := side * side
	cellOf := func(x int) uint8 { // the board's cell x in the pattern's cells
		if transpose {
			return uint8(x%side*side + x/side)
		}
		return uint8(x)
	}
	board := rng.Perm(nc) // board[x] is the tile at cell x, 0 the blank
	slotOf := map[int]int{}
	for s, tile := range rng.Perm(nc - 1)[:size] {
		slotOf[tile+1] = s
	}
	var pos [tilesMaxCells]uint8
	var slot [tilesRankCells]uint8
	var occ uint32
	blank := 0
	for x, tile := range board {
		if s, ok := slotOf[tile]; ok {
			pos[s], slot[cellOf(x)] = cellOf(x), uint8(s)
			occ |= 1 << cellOf(x)
		}
		if tile == 0 {
			blank = x
		}
	}
	w := tilesRankWeights(size, nc)
	r := pdb.TilesRank(pos[:size], nc)
	for move := range moves {
		from, to := -1, blank // the board's cells a tile leaves and enters
		if rng.IntN(4) == 0 {
			if from = rng.IntN(nc); from == blank {
				continue
			}
		} else if from = bitboard.TilesNeighbour(side, side, blank, bitboard.TilesMove(rng.IntN(bitboard.TilesMoves))); from < 0 {
			continue
		}
		board[from], board[to] = 0, board[from]
		blank = from
		s, ok := slotOf[board[to]]
		if !ok {
			continue
		}
		a, b := cellOf(from), cellOf(to)
		r = tilesRankAdd(r, tilesRankDelta(&w, &slot, occ, uint8(s), tilesBetween(a, b)), a, b)
		pos[s], slot[b] = b, uint8(s)
		occ ^= 1<<a | 1<<b
		if want := pdb.TilesRank(pos[:size], nc); r != want {
			return fmt.Errorf("move %d (slot %d from %d to %d, cells %v): rank %d, want %d", move, s, a, b, pos[:size], r, want)
		}
	}
	return nil
}
