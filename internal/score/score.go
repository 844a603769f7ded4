// Package score rates sliding-tile heuristics without solving: the values
// of h over a sample of random boards, and the nodes an IDA* iteration is
// expected to expand and generate from a random root (Korf, Reid &
// Edelkamp 2001), with what each heuristic's tables cost. Its Result is the
// {"score": ...} object of docs/score.md.
package score

import (
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Tables is what a heuristic's tables cost and whether they are there.
type Tables struct {
	Count        int      `json:"count"`                   // table files
	Bytes        uint64   `json:"bytes"`                   // memory once loaded
	BuildSeconds float64  `json:"build_seconds,omitempty"` // estimated build time of all, 2 cores
	PeakBytes    uint64   `json:"peak_build_bytes,omitempty"`
	Missing      []string `json:"missing,omitempty"` // tables not in the cache before the run (built by --build), as puzzle/pattern
}

// Cost returns what the tables of specs cost: count, memory once loaded,
// estimated build time and peak memory, and, as puzzle/pattern, those for
// which cached is false.
func Cost(specs []pdb.Spec, cached func(pdb.Spec) bool) Tables {
	t := Tables{Count: len(specs)}
	for _, s := range specs {
		t.Bytes += s.Entries * uint64(s.Width) / 8
		t.BuildSeconds += s.BuildTime.Seconds()
		t.PeakBytes = max(t.PeakBytes, s.PeakBytes)
		if !cached(s) {
			t.Missing = append(t.Missing, s.Puzzle+"/"+s.Pattern)
		}
	}
	return t
}

// Result is one heuristic's score: the {"score": ...} object of
// docs/score.md.
type Result struct {
	Puzzle    string         `json:"puzzle"`
	Heuristic string         `json:"heuristic"`
	Samples   uint64         `json:"samples"`
	Seed      uint64         `json:"seed"`
	MeanH     float64        `json:"mean_h"`
	HCounts   []uint64       `json:"h_counts"` // h_counts[v]: sampled boards with h = v
	Quantiles map[string]int `json:"h_quantiles"`
	Bound     int            `json:"bound"`
	Predicted Prediction     `json:"predicted"`
	// Ratio is predicted.generated over the first heuristic's.
	Ratio  *float64 `json:"ratio_to_first"`
	Tables Tables   `json:"tables"`
	TimeNS int64    `json:"time_ns"` // evaluating the sample
}

// Prediction is search.TilesPrediction in the record's units.
type Prediction struct {
	Expanded        float64 `json:"expanded"`
	Generated       float64 `json:"generated"`
	ExpandedByCell  float64 `json:"expanded_by_cell"`
	GeneratedByCell float64 `json:"generated_by_cell"`
	Sparse          float64 `json:"sparse"`
}

// Quantiles are the quantiles reported, by name.
var Quantiles = []struct {
	Name string
	Q    float64
}{{"min", 0}, {"p1", 0.01}, {"p10", 0.1}, {"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}, {"max", 1}}

// Heuristics scores each heuristic of heurs (tables[i] the cost of
// heurs[i]'s tables) on boards, of the puzzle called puzzle drawn with seed,
// by the values of h and the IDA* iteration of bound depth through tree,
// evaluating h with workers goroutines. The ratio of each is to the first.
func Heuristics(puzzle string, heurs []*search.TilesHeuristic, tables []Tables, boards []bitboard.Tiles, seed uint64,
	tree search.TilesTree, depth, workers int) ([]Result, error) {
	results := make([]Result, len(heurs))
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
		res := Result{Puzzle: puzzle, Heuristic: h.Name(), Samples: hist.Samples, Seed: seed, MeanH: hist.Mean(),
			HCounts: hist.Counts, Quantiles: map[string]int{}, Bound: depth, Tables: tables[i],
			Predicted: Prediction{Expanded: pred.Expanded, Generated: pred.Generated,
				ExpandedByCell: pred.ExpandedByCell, GeneratedByCell: pred.GeneratedByCell, Sparse: pred.Sparse},
			TimeNS: time.Since(start).Nanoseconds()}
		for _, q := range Quantiles {
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
