package search_test

import (
	"fmt"
	"log"
	"os"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Example solves the first of Korf's 100 15-puzzles (published optimal
// length 57) with the 5-5-5 pattern databases and their reflection, built
// on first use into a table cache directory (here a temporary one; pass
// pdb.DefaultDir() to share the command's cache).
func Example() {
	dir, err := os.MkdirTemp("", "pdbsolve-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	board, err := bitboard.ParseTiles(strings.Fields("14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"), 4, 4)
	if err != nil {
		log.Fatal(err)
	}
	h, err := search.LoadTilesHeuristic(&pdb.Cache{Dir: dir}, 4, 4, "pdb555+reflect")
	if err != nil {
		log.Fatal(err)
	}
	moves, stats, err := search.NewTilesSolver(h).Solve(board, bitboard.BlankFirst, search.Limits{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("optimal length", len(moves), "initial h", stats.RootH)
	// Output: optimal length 57 initial h 47
}
