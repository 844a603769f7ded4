// Package score rates sliding-tile heuristics without solving: the values
// of h over a sample of random boards, and the nodes an IDA* iteration is
// expected to expand and generate from a random root (Korf, Reid &
// Edelkamp 2001), with what each heuristic's tables cost; and writes the
// scores as a table or as JSON Lines, each a record.Score (the {"score":
// ...} line of docs/score.md and docs/records.md).
package score

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// cost returns what the tables of specs cost: count, memory once loaded,
// estimated build time and peak memory, and, as puzzle/pattern, those for
// which cached is false.
func cost(specs []pdb.Spec, cached func(pdb.Spec) bool) record.ScoreTables {
	t := record.ScoreTables{Count: len(specs)}
	for _, s := range specs {
		t.Bytes += s.Entries * uint64(s.Width) / 8
		t.BuildNS += s.BuildTime.Nanoseconds()
		t.PeakBytes = max(t.PeakBytes, s.PeakBytes)
		if !cached(s) {
			t.Missing = append(t.Missing, s.ID().String())
		}
	}
	return t
}

// Costs returns what the tables of each heuristic cost (specs[i] the
// tables of heuristics[i]; see cost) and, one a table the cache lacks, in
// the order first needed, a line naming it (puzzle/pattern), the
// heuristics needing it, what is wrong with a damaged one and, when known,
// its build estimate: "NAME (H1, H2): build 1m4s, 230.0 MiB at the peak",
// "NAME (H1), damaged (PROBLEM): build ...". status is pdb.Cache.Status: nil
// for a table cached whole, an error wrapping fs.ErrNotExist for a missing
// one, any other error for a damaged one, which counts as missing.
// estimate, if not nil, is pdb.Cache.Estimate: a missing table's build
// estimate in that cache (shorter when it holds the table's source,
// pdb.Spec.From), else the spec's.
func Costs(heuristics []string, specs [][]pdb.Spec, status func(pdb.Spec) error,
	estimate func(pdb.Spec) (time.Duration, uint64)) (tables []record.ScoreTables, missing []string) {
	if estimate == nil {
		estimate = func(s pdb.Spec) (time.Duration, uint64) { return s.BuildTime, s.PeakBytes }
	}
	var names []string               // table names the cache lacks, each once, in order
	checked := map[string]error{}    // table name -> its status
	needs := map[string][]string{}   // table name -> the heuristics needing it
	estimates := map[string]string{} // table name -> its damage and build estimate
	tables = make([]record.ScoreTables, len(specs))
	for i, list := range specs {
		tables[i] = cost(list, func(s pdb.Spec) bool {
			name := s.ID().String()
			err, seen := checked[name]
			if !seen {
				err = status(s)
				checked[name] = err
				if err != nil {
					names = append(names, name)
					if !errors.Is(err, fs.ErrNotExist) {
						estimates[name] = fmt.Sprintf(", damaged (%v)", err)
					}
					if tm, peak := estimate(s); tm > 0 {
						estimates[name] += fmt.Sprintf(": build %s, %s at the peak", seconds(tm), mib(peak))
					}
				}
			}
			if err == nil {
				return true
			}
			needs[name] = append(needs[name], heuristics[i])
			return false
		})
	}
	for _, name := range names {
		missing = append(missing, fmt.Sprintf("%s (%s)%s", name, strings.Join(needs[name], ", "), estimates[name]))
	}
	return tables, missing
}

// quantiles are the quantiles reported, by name.
var quantiles = []struct {
	Name string
	Q    float64
}{{"min", 0}, {"p1", 0.01}, {"p10", 0.1}, {"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}, {"max", 1}}

// Sample returns n boards drawn uniformly from the rows x cols boards
// solvable for the blank-first goal, those of seed (bitboard.NewTilesRand).
func Sample(rows, cols, n int, seed uint64) []bitboard.Tiles {
	r := bitboard.NewTilesRand(seed)
	boards := make([]bitboard.Tiles, n)
	for i := range boards {
		boards[i] = bitboard.RandomTiles(r, rows, cols, bitboard.BlankFirst)
	}
	return boards
}

// Heuristics scores each heuristic of heurs (tables[i] the cost of
// heurs[i]'s tables) on boards, of the puzzle called puzzle drawn with seed,
// by the values of h and the IDA* iteration of bound depth through tree,
// evaluating h with workers goroutines. The ratio of each is to the first.
func Heuristics(puzzle string, heurs []*search.TilesHeuristic, tables []record.ScoreTables, boards []bitboard.Tiles, seed uint64,
	tree search.TilesTree, depth, workers int) ([]record.Score, error) {
	results := make([]record.Score, len(heurs))
	for i, h := range heurs {
		start := time.Now()
		hist, err := h.Histogram(boards, workers)
		if err != nil {
			return nil, err
		}
		pred, err := search.PredictTilesIteration(tree, hist, depth)
		if err != nil {
			return nil, err
		}
		res := record.Score{Puzzle: puzzle, Heuristic: h.Name(), Samples: hist.Samples, Seed: seed, MeanH: hist.Mean(),
			HCounts: hist.Counts, Quantiles: map[string]int{}, Bound: depth, Tables: tables[i],
			Predicted: record.ScorePrediction{Expanded: pred.Expanded, Generated: pred.Generated,
				ExpandedByCell: pred.ExpandedByCell, GeneratedByCell: pred.GeneratedByCell, Sparse: pred.Sparse},
			TimeNS: time.Since(start).Nanoseconds()}
		for _, q := range quantiles {
			res.Quantiles[q.Name] = hist.Quantile(q.Q)
		}
		if first := results[0].Predicted.Generated; i == 0 || first > 0 {
			ratio := 1.0
			if i > 0 {
				ratio = pred.Generated / first
			}
			res.Ratio = &ratio
		}
		results[i] = res
	}
	return results, nil
}
