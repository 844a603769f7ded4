package pdb

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Puzzle ids of the sliding-tile tables.
const (
	Tiles8Puzzle  = "8puzzle"
	Tiles15Puzzle = "15puzzle"
	// TilesExactPattern is the pattern id of the 3 x 3 table of exact distances.
	TilesExactPattern = "exact"
	// TilesWidth is the entry width of every sliding-tile table.
	TilesWidth = 8
	// tilesEncodingSuffix names the entry encoding in pattern ids.
	tilesEncodingSuffix = "-md"
	// tilesUnset marks an entry the search has not reached yet.
	tilesUnset = 0xff
)

// TilesPartition is a set of disjoint tile patterns covering every tile of a
// board, whose table values add up to an admissible heuristic. All tables are
// for the BlankFirst goal (tile t at cell t).
type TilesPartition struct {
	Name   string  // "555", "663" or "78"
	Side   int     // board side
	Groups [][]int // the tiles of each pattern, ascending
}

// The standard 4 x 4 partitions, for the BlankFirst goal:
//
//	555          663          78
//	. a a b      . a a b      . a a a
//	a a b b      a a b b      a a a a
//	a c b b      a a b b      b b b b
//	c c c c      c c c b      b b b b
//
// and, for tests of the additive machinery on a space small enough to search
// exhaustively, "44" on 3 x 3: tiles 1-4 and 5-8.
var tilesPartitions = []TilesPartition{
	{Name: "44", Side: 3, Groups: [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
	{Name: "555", Side: 4, Groups: [][]int{{1, 2, 4, 5, 8}, {3, 6, 7, 10, 11}, {9, 12, 13, 14, 15}}},
	{Name: "663", Side: 4, Groups: [][]int{{1, 2, 4, 5, 8, 9}, {3, 6, 7, 10, 11, 15}, {12, 13, 14}}},
	{Name: "78", Side: 4, Groups: [][]int{{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}},
}

// TilesPartitionNames lists the partitions TilesPartitionNamed knows.
func TilesPartitionNames() []string {
	var out []string
	for _, p := range tilesPartitions {
		out = append(out, fmt.Sprintf("%s (%dx%d)", p.Name, p.Side, p.Side))
	}
	return out
}

// TilesPartitionNamed returns the standard partition called name for side n.
func TilesPartitionNamed(n int, name string) (TilesPartition, error) {
	for _, p := range tilesPartitions {
		if p.Side == n && p.Name == name {
			return p, nil
		}
	}
	return TilesPartition{}, fmt.Errorf("pdb: no %dx%d tile partition %q (have %s)", n, n, name,
		strings.Join(TilesPartitionNames(), ", "))
}

// TilesPuzzle returns the puzzle id of side n: "8puzzle" or "15puzzle".
func TilesPuzzle(n int) string {
	if n == 3 {
		return Tiles8Puzzle
	}
	return Tiles15Puzzle
}

// TilesPatternID names the table of a pattern: the partition's name, the
// tiles and the entry encoding ("md": cost over Manhattan distance, halved),
// such as "78-1.2.3.4.5.6.7-md", so that a file never serves another pattern.
func TilesPatternID(partition string, tiles []int) string {
	var sb strings.Builder
	sb.WriteString(partition)
	for i, t := range tiles {
		if i == 0 {
			sb.WriteByte('-')
		} else {
			sb.WriteByte('.')
		}
		sb.WriteString(strconv.Itoa(t))
	}
	sb.WriteString(tilesEncodingSuffix)
	return sb.String()
}

// TilesPatternSpec describes the additive table of one pattern of partition
// name on the n x n board: TilesEntries(n*n, len(tiles)) entries of 8 bits;
// entry TilesRank(cells of tiles) encodes the fewest moves of pattern tiles
// needed to bring them home, less their Manhattan distance, halved (see
// BuildTilePattern and TilesManhattan).
func TilesPatternSpec(n int, partition string, tiles []int) Spec {
	tiles = append([]int(nil), tiles...)
	puzzle, id := TilesPuzzle(n), TilesPatternID(partition, tiles)
	return Spec{Puzzle: puzzle, Pattern: id, Entries: TilesEntries(n*n, len(tiles)), Width: TilesWidth,
		Build: func(progress func(Progress)) (*Table, error) {
			data, err := BuildTilePattern(n, tiles, progress)
			if err != nil {
				return nil, err
			}
			return NewTable(puzzle, id, uint64(len(data)), TilesWidth, data)
		}}
}

// TilesExactSide is the side of the board with an exact table.
const TilesExactSide = 3

// TilesExactEntries is the number of solvable 3 x 3 boards, 9!/2.
const TilesExactEntries = 181440

// TilesExactSpec describes the table of exact distances to the BlankFirst goal
// of every solvable 3 x 3 board, indexed by TilesExactIndex.
func TilesExactSpec() Spec {
	return Spec{Puzzle: Tiles8Puzzle, Pattern: TilesExactPattern, Entries: TilesExactEntries, Width: TilesWidth,
		Build: func(progress func(Progress)) (*Table, error) {
			data, err := BuildTileExact(progress)
			if err != nil {
				return nil, err
			}
			return NewTable(Tiles8Puzzle, TilesExactPattern, uint64(len(data)), TilesWidth, data)
		}}
}

// TilesExactKey is the number of pieces whose cells index the exact table: the
// blank and tiles 1..6. The cells of tiles 7 and 8 are the two left over, in
// the one order of the two that is solvable (the orders differ by a swap).
const TilesExactKey = 7

// TilesExactIndex returns the index of a solvable 3 x 3 board in the exact table.
func TilesExactIndex(b bitboard.Tiles) uint64 {
	var pos [TilesExactKey]uint8
	for c := range TilesExactSide * TilesExactSide {
		if v := b.At(c); v < TilesExactKey {
			pos[v] = uint8(c)
		}
	}
	return TilesRank(pos[:], TilesExactSide*TilesExactSide)
}
