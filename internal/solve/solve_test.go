package solve

import (
	"math/rand/v2"
	"os"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// BenchmarkSolveRotationChunk measures one worker's cost a board: parse,
// solve and format, without the reader and writer. With the parse and solve
// benchmarks of bitboard and search it tells where the time goes. The
// tables are those of $PDBSOLVE_TEST_TABLES, else built in a temporary
// directory.
func BenchmarkSolveRotationChunk(b *testing.B) {
	dir := os.Getenv("PDBSOLVE_TEST_TABLES")
	if dir == "" {
		dir = b.TempDir()
	}
	cache := func() (*pdb.Cache, error) { return &pdb.Cache{Dir: dir}, nil }
	for _, format := range []string{"judge", "json"} {
		b.Run(format, func(b *testing.B) {
			newSolver, err := puzzle.Rotation{}.NewSolver(cache, puzzle.RotationExact)
			if err != nil {
				b.Fatal(err)
			}
			s := newSolver()
			r := rand.New(rand.NewPCG(1, 2))
			// 1M boards in chunks of 4096: more than the caches hold.
			const boards, chunks = 4096, 256
			var data []byte
			for i := 0; i < boards*chunks; i++ {
				data = bitboard.RandomRotation(r).AppendText(data)
				data = append(data, '\n')
			}
			chunkBytes := len(data) / chunks
			var out []byte
			w := &rotationWorker{s: s, o: &Options{Plan: &puzzle.Plan{Name: puzzle.RotationExact}, JSON: format == "json"}}
			if w.o.JSON {
				w.rw = record.NewRotationWriter("exact", false)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i += boards {
				c := &batch.Unit{Name: "bench", Line: 1, Data: data[i/boards%chunks*chunkBytes : (i/boards%chunks+1)*chunkBytes], Out: out[:0]}
				w.solveUnit(c, nil)
				out = c.Out // reused, as the pipeline's pool does
			}
		})
	}
}
