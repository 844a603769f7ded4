package record

// Score is one heuristic scored by "pdbsolve score" without solving: h over
// a sample of random boards, and the nodes an IDA* iteration is expected to
// expand and generate from a random root (docs/score.md). It is written as
// {"score": {...}}, one a heuristic, after a provenance header.
type Score struct {
	Puzzle    string   `json:"puzzle"`    // a sliding-tile name (TilesPuzzle)
	Heuristic string   `json:"heuristic"` // its name as given
	Samples   uint64   `json:"samples"`   // boards sampled: those of random PUZZLE -n Samples --seed Seed
	Seed      uint64   `json:"seed"`
	MeanH     float64  `json:"mean_h"`   // mean h over the sample, in moves
	HCounts   []uint64 `json:"h_counts"` // HCounts[v]: sampled boards with h = v moves; up to the largest v
	// Quantiles maps min, p1, p10, p50, p90, p99 and max to the least h
	// with that fraction of the sample at or below it.
	Quantiles map[string]int  `json:"h_quantiles"`
	Bound     int             `json:"bound"` // the cost bound of the iteration predicted, in moves
	Predicted ScorePrediction `json:"predicted"`
	Ratio     *float64        `json:"ratio_to_first"` // Predicted.Generated over the first heuristic's; nil when that is 0
	Tables    ScoreTables     `json:"tables"`
	TimeNS    int64           `json:"time_ns"` // evaluating the sample and the prediction
}

// ScorePrediction is the expected work of one IDA* iteration from a
// uniformly random root (Korf, Reid & Edelkamp 2001), in nodes.
type ScorePrediction struct {
	Expanded        float64 `json:"expanded"`
	Generated       float64 `json:"generated"`
	ExpandedByCell  float64 `json:"expanded_by_cell"`  // with P taken among the sampled boards with the blank on the node's cell
	GeneratedByCell float64 `json:"generated_by_cell"` // the same, generated
	Sparse          float64 `json:"sparse"`            // 0 to 1: the share of Generated resting on fewer than 10 sampled boards
}

// ScoreTables is what a heuristic's tables cost and whether they were in
// the cache.
type ScoreTables struct {
	Count     int      `json:"count"`                      // table files
	Bytes     uint64   `json:"bytes"`                      // memory once loaded
	BuildNS   int64    `json:"build_ns,omitempty"`         // estimated build time of all of them on an idle 2-core machine; absent when unknown
	PeakBytes uint64   `json:"peak_build_bytes,omitempty"` // estimated peak resident memory (RSS) of a process making the largest build; absent when unknown
	Missing   []string `json:"missing,omitempty"`          // the tables not in the cache before the run (built by --build), as puzzle/pattern
}
