// Package report turns benchmark run records (docs/records.md) into a
// comparison of heuristics: pure functions from runs to a [Report], and
// writers of it as an aligned table, CSV or a JSON Lines record.
//
// Per heuristic it counts the instances solved, censored (stopped at a node
// or time limit) and in error, and gives node and time columns twice:
//
//   - over all instances, a censored run counted at the nodes and time it
//     had reached when stopped (a lower bound on what solving would take),
//     with the number of such runs beside the figures (a table marks those
//     sums ">=");
//   - over the paired instances, those every heuristic solved, with the
//     ratio of generated nodes to a baseline heuristic's on the same set.
//
// Runs repeated with bench --repeat are folded per instance: the median
// time, and the relative spread (max-min)/median of the repeats. Runs from
// several files (the shards of one run, or earlier runs) are merged by
// [Merge] first; an instance is known by its input name and line.
package report

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// Stat is a node or time column over a set of instances: its total, its
// mean over the instances counted, and how many of them were censored runs
// counted at the value they reached.
type Stat struct {
	Total    float64 `json:"total"`
	Mean     float64 `json:"mean"`
	Censored int     `json:"censored"`
}

func (s *Stat) add(x float64, censored bool) {
	s.Total += x
	if censored {
		s.Censored++
	}
}

// Columns are the node and time columns of one heuristic over a set of
// instances; times are in nanoseconds.
type Columns struct {
	Instances int  `json:"instances"`
	Expanded  Stat `json:"expanded"`
	Generated Stat `json:"generated"`
	TimeNS    Stat `json:"time_ns"`
}

func (c *Columns) add(x *Cell) {
	censored := x.Status == record.StatusLimit
	c.Instances++
	c.Expanded.add(float64(x.Expanded), censored)
	c.Generated.add(float64(x.Generated), censored)
	c.TimeNS.add(float64(x.TimeNS), censored)
}

func (c *Columns) finish() {
	if c.Instances > 0 {
		n := float64(c.Instances)
		c.Expanded.Mean, c.Generated.Mean, c.TimeNS.Mean = c.Expanded.Total/n, c.Generated.Total/n, c.TimeNS.Total/n
	}
}

// Spread sums up how much repeated times of one heuristic vary: over its
// instances run more than once, the median and the largest relative spread
// (max-min)/median of an instance's times.
type Spread struct {
	MedianRel float64 `json:"median_rel"`
	MaxRel    float64 `json:"max_rel"`
}

// Summary is one heuristic's line of a report.
type Summary struct {
	Heuristic  string   `json:"heuristic"`
	Instances  int      `json:"instances"`
	Solved     int      `json:"solved"`
	Censored   int      `json:"censored"` // stopped at a node or time limit
	Errors     int      `json:"errors"`   // errors and unsolvable boards
	MeanH0     float64  `json:"mean_h0"`
	MeanLength float64  `json:"mean_length"` // over the paired instances
	All        Columns  `json:"all"`         // solved and censored runs
	Paired     Columns  `json:"paired"`      // the instances every heuristic solved
	Ratio      *float64 `json:"ratio_to_baseline"`
	TimeSpread *Spread  `json:"time_spread,omitempty"` // with repeated runs
}

// Instance is one board of the comparison.
type Instance struct {
	Input string // input name
	Line  int    // line the board starts on
	Index int    // 1-based index in the unsharded run, 0 when not recorded
	Board string
}

// Cell is one instance under one heuristic: its repeats folded into one.
type Cell struct {
	Status      record.Status // solved only if every repeat solved; else the worst: error, unsolvable, limit
	Length      int
	Bound       int
	H0          int
	Expanded    uint64
	Generated   uint64
	TimeNS      int64 // the median of the repeats' times (the lower median of an even count)
	MinTimeNS   int64
	MaxTimeNS   int64
	Repeats     int    // runs folded into the cell; 0 when the heuristic did not run the instance
	Error       string // of the first repeat that failed
	NodesDiffer bool   // repeats that solved reported different node counts
}

// Report is the comparison of heuristics over instances.
type Report struct {
	Puzzle          string    `json:"puzzle"`
	Instances       int       `json:"instances"`
	Repeats         int       `json:"repeats,omitempty"` // the most runs of one instance under one heuristic, when above 1
	Baseline        string    `json:"baseline"`
	PairedInstances int       `json:"paired_instances"`
	Disagreements   []string  `json:"disagreements,omitempty"`
	Heuristics      []Summary `json:"heuristics"`

	// Boards and Cells[h][i] (heuristic h, instance i) are the folded
	// runs; they are not part of the JSON record, which runs carry.
	Boards []Instance `json:"-"`
	Cells  [][]Cell   `json:"-"`
}

// Options shape a report.
type Options struct {
	// Baseline is the heuristic the node ratio is taken against; "" for
	// the first.
	Baseline string
	// Order lists the heuristics in the order to show them; nil for the
	// order of their first runs. Heuristics not listed follow, in that
	// order.
	Order []string
}

// Errors of Build and Merge.
var (
	// ErrNoRuns is returned when there are no runs to compare.
	ErrNoRuns = errors.New("no runs to compare")
	// ErrMixed is returned when runs of different puzzles are compared.
	ErrMixed = errors.New("runs of different puzzles")
	// ErrBaseline is returned when the baseline heuristic has no runs.
	ErrBaseline = errors.New("baseline heuristic not among the runs")
	// ErrDuplicate is returned when two runs claim the same instance,
	// heuristic and repeat.
	ErrDuplicate = errors.New("the same run appears twice")
)

// key identifies an instance.
type key struct {
	input string
	line  int
}

// Build compares the heuristics of runs. Runs need not be in order; every
// run must be of one puzzle, and no two may share input, line, heuristic
// and repeat.
func Build(runs []record.Run, o Options) (*Report, error) {
	if len(runs) == 0 {
		return nil, ErrNoRuns
	}
	rep := &Report{Puzzle: runs[0].Puzzle}
	inputOrder := map[string]int{}
	instIndex := map[key]int{}
	heurIndex := map[string]int{}
	var heurs []string
	for i := range runs {
		r := &runs[i]
		if r.Puzzle != rep.Puzzle {
			return nil, fmt.Errorf("%w: %s and %s (%s line %d)", ErrMixed, rep.Puzzle, r.Puzzle, r.Input, r.Line)
		}
		if _, ok := inputOrder[r.Input]; !ok {
			inputOrder[r.Input] = len(inputOrder)
		}
		k := key{r.Input, r.Line}
		if _, ok := instIndex[k]; !ok {
			instIndex[k] = len(rep.Boards)
			rep.Boards = append(rep.Boards, Instance{Input: r.Input, Line: r.Line, Index: r.Instance, Board: r.Board})
		}
		if _, ok := heurIndex[r.Heuristic]; !ok {
			heurIndex[r.Heuristic] = len(heurs)
			heurs = append(heurs, r.Heuristic)
		}
	}
	// Instances in the order of the unsharded run when it is recorded,
	// else by input and line.
	slices.SortStableFunc(rep.Boards, func(a, b Instance) int {
		if a.Index != 0 && b.Index != 0 && a.Index != b.Index {
			return cmp.Compare(a.Index, b.Index)
		}
		if c := cmp.Compare(inputOrder[a.Input], inputOrder[b.Input]); c != 0 {
			return c
		}
		return cmp.Compare(a.Line, b.Line)
	})
	for i, b := range rep.Boards {
		instIndex[key{b.Input, b.Line}] = i
	}
	heurs = orderHeuristics(heurs, o.Order)
	for h, name := range heurs {
		heurIndex[name] = h
	}
	rep.Baseline = heurs[0]
	if o.Baseline != "" {
		if _, ok := heurIndex[o.Baseline]; !ok {
			return nil, fmt.Errorf("%w: %q (have %s)", ErrBaseline, o.Baseline, strings.Join(heurs, ", "))
		}
		rep.Baseline = o.Baseline
	}

	// Group the repeats of each cell, checking for duplicates.
	groups := make([][][]*record.Run, len(heurs))
	for h := range groups {
		groups[h] = make([][]*record.Run, len(rep.Boards))
	}
	for i := range runs {
		r := &runs[i]
		h, b := heurIndex[r.Heuristic], instIndex[key{r.Input, r.Line}]
		for _, o := range groups[h][b] {
			if o.Repeat == r.Repeat {
				return nil, fmt.Errorf("%w: %s line %d under %q, repeat %d", ErrDuplicate, r.Input, r.Line, r.Heuristic, r.Repeat)
			}
		}
		groups[h][b] = append(groups[h][b], r)
	}
	rep.Instances = len(rep.Boards)
	rep.Cells = make([][]Cell, len(heurs))
	for h := range heurs {
		rep.Cells[h] = make([]Cell, len(rep.Boards))
		for b, g := range groups[h] {
			rep.Cells[h][b] = fold(g)
			rep.Repeats = max(rep.Repeats, len(g))
		}
	}
	if rep.Repeats <= 1 {
		rep.Repeats = 0
	}
	rep.summarize(heurs)
	return rep, nil
}

// orderHeuristics puts the names listed in order first, in that order.
func orderHeuristics(names, order []string) []string {
	var out []string
	for _, o := range order {
		if slices.Contains(names, o) && !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

// severity orders statuses from best to worst for folding repeats.
func severity(s record.Status) int {
	switch s {
	case record.StatusSolved:
		return 0
	case record.StatusLimit:
		return 1
	case record.StatusUnsolvable:
		return 2
	}
	return 3
}

// fold folds the repeats of one instance under one heuristic.
func fold(g []*record.Run) Cell {
	if len(g) == 0 {
		return Cell{}
	}
	c := Cell{Repeats: len(g), Status: g[0].Status}
	for _, r := range g {
		if severity(r.Status) > severity(c.Status) {
			c.Status = r.Status
		}
		if r.Status != record.StatusSolved && c.Error == "" {
			c.Error = r.Error
		}
	}
	// The figures are those of the median-time repeat of the folded status.
	var same []*record.Run
	for _, r := range g {
		if r.Status == c.Status {
			same = append(same, r)
		}
	}
	slices.SortStableFunc(same, func(a, b *record.Run) int { return cmp.Compare(a.TimeNS, b.TimeNS) })
	m := same[(len(same)-1)/2]
	c.Length, c.Bound, c.H0, c.Expanded, c.Generated, c.TimeNS = m.Length, m.Bound, m.H0, m.Expanded, m.Generated, m.TimeNS
	c.MinTimeNS, c.MaxTimeNS = same[0].TimeNS, same[len(same)-1].TimeNS
	for _, r := range same {
		if c.Status == record.StatusSolved && (r.Generated != m.Generated || r.Expanded != m.Expanded || r.Length != m.Length) {
			c.NodesDiffer = true
		}
	}
	return c
}

// Spread returns the relative spread (max-min)/median of c's times, 0
// when it has no time.
func (c *Cell) Spread() float64 {
	if c.TimeNS <= 0 {
		return 0
	}
	return float64(c.MaxTimeNS-c.MinTimeNS) / float64(c.TimeNS)
}

func (rep *Report) summarize(heurs []string) {
	paired := make([]bool, len(rep.Boards))
	for b := range rep.Boards {
		paired[b] = true
		for h := range heurs {
			paired[b] = paired[b] && rep.Cells[h][b].Status == record.StatusSolved && rep.Cells[h][b].Repeats > 0
		}
		if paired[b] {
			rep.PairedInstances++
		}
	}
	base := slices.Index(heurs, rep.Baseline)
	rep.Heuristics = make([]Summary, len(heurs))
	for h, name := range heurs {
		s := &rep.Heuristics[h]
		s.Heuristic = name
		var h0, length float64
		var h0n int
		var spreads []float64
		for b := range rep.Boards {
			c := &rep.Cells[h][b]
			if c.Repeats == 0 {
				continue
			}
			s.Instances++
			switch c.Status {
			case record.StatusSolved:
				s.Solved++
			case record.StatusLimit:
				s.Censored++
			default:
				s.Errors++
				continue
			}
			s.All.add(c)
			h0 += float64(c.H0)
			h0n++
			if c.Repeats > 1 {
				spreads = append(spreads, c.Spread())
			}
			if paired[b] {
				s.Paired.add(c)
				length += float64(c.Length)
			}
		}
		s.All.finish()
		s.Paired.finish()
		if h0n > 0 {
			s.MeanH0 = h0 / float64(h0n)
		}
		if s.Paired.Instances > 0 {
			s.MeanLength = length / float64(s.Paired.Instances)
		}
		if len(spreads) > 0 {
			slices.Sort(spreads)
			s.TimeSpread = &Spread{MedianRel: spreads[(len(spreads)-1)/2], MaxRel: spreads[len(spreads)-1]}
		}
	}
	if b := rep.Heuristics[base].Paired.Generated.Total; b > 0 {
		for h := range rep.Heuristics {
			r := rep.Heuristics[h].Paired.Generated.Total / b
			rep.Heuristics[h].Ratio = &r
		}
	}
	rep.Disagreements = disagreements(rep, heurs)
}

// disagreements lists the instances where two heuristics found different
// optimal lengths, or a censored run's lower bound exceeds a length found.
func disagreements(rep *Report, heurs []string) []string {
	var out []string
	for b, in := range rep.Boards {
		length, by := -1, ""
		for h := range heurs {
			c := &rep.Cells[h][b]
			if c.Repeats > 0 && c.Status == record.StatusSolved {
				if length < 0 {
					length, by = c.Length, heurs[h]
				} else if c.Length != length {
					out = append(out, fmt.Sprintf("%s line %d: %s finds length %d, %s finds %d", in.Input, in.Line, by, length, heurs[h], c.Length))
				}
			}
			if c.NodesDiffer {
				out = append(out, fmt.Sprintf("%s line %d: the repeats of %s report different lengths or node counts", in.Input, in.Line, heurs[h]))
			}
		}
		if length < 0 {
			continue
		}
		for h := range heurs {
			c := &rep.Cells[h][b]
			if c.Repeats > 0 && c.Status == record.StatusLimit && c.Bound > length {
				out = append(out, fmt.Sprintf("%s line %d: %s stopped at lower bound %d, above the length %d %s finds", in.Input, in.Line, heurs[h], c.Bound, length, by))
			}
		}
	}
	return out
}

// Shard is the part K of N of a run split across machines: the instances
// whose 0-based index i has i mod N = K.
type Shard struct{ K, N int }

// ErrShard is returned by ParseShard when the shard is not K/N with 0 <= K < N.
var ErrShard = errors.New("want --shard K/N with 0 <= K < N, such as 0/4")

// ParseShard reads "K/N"; "" is the whole run, 0/1.
func ParseShard(s string) (Shard, error) {
	if s == "" {
		return Shard{0, 1}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 0 || k >= n {
		return Shard{}, fmt.Errorf("--shard %q: %w", s, ErrShard)
	}
	return Shard{k, n}, nil
}

// Has reports whether the instance of 0-based index i belongs to the shard.
func (s Shard) Has(i int) bool { return s.N <= 1 || i%s.N == s.K }

// String returns "K/N".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.K, s.N) }

// Merge joins the runs and provenance headers of several streams (the
// shards of one run, or earlier runs of other heuristics) into one, checking
// that they are of one puzzle and that no run appears twice.
func Merge(streams ...*record.Stream) (*record.Stream, error) {
	out := &record.Stream{}
	type id struct {
		key
		heuristic string
		repeat    int
	}
	seen := map[id]bool{}
	for _, s := range streams {
		out.Headers = append(out.Headers, s.Headers...)
		for _, r := range s.Runs {
			if len(out.Runs) > 0 && r.Puzzle != out.Runs[0].Puzzle {
				return nil, fmt.Errorf("%w: %s and %s (%s line %d)", ErrMixed, out.Runs[0].Puzzle, r.Puzzle, r.Input, r.Line)
			}
			k := id{key{r.Input, r.Line}, r.Heuristic, r.Repeat}
			if seen[k] {
				return nil, fmt.Errorf("%w: %s line %d under %q, repeat %d", ErrDuplicate, r.Input, r.Line, r.Heuristic, r.Repeat)
			}
			seen[k] = true
			out.Runs = append(out.Runs, r)
		}
	}
	if len(out.Runs) == 0 {
		return nil, ErrNoRuns
	}
	return out, nil
}

// MergeFiles reads the JSON outputs named (see record.ReadStream) and
// merges them as Merge does. Errors name the file, and the line within it.
func MergeFiles(names ...string) (*record.Stream, error) {
	var streams []*record.Stream
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		s, err := record.ReadStream(f, name)
		f.Close()
		if err != nil {
			return nil, err
		}
		streams = append(streams, s)
	}
	return Merge(streams...)
}

// ProvenanceNotes says how the provenance headers of merged outputs differ
// in ways that matter to a comparison: more than one pdbsolve commit or
// version, Go version, CPU model or core count (times are then not
// comparable), or one table name with different checksums (node counts are
// then not comparable). It returns nil when they agree.
func ProvenanceNotes(headers []record.Provenance) []string {
	var notes []string
	differ := func(what string, get func(p *record.Provenance) string) {
		var seen []string
		for i := range headers {
			if v := get(&headers[i]); !slices.Contains(seen, v) {
				seen = append(seen, v)
			}
		}
		if len(seen) > 1 {
			notes = append(notes, fmt.Sprintf("the outputs come from %d %s: %s", len(seen), what, strings.Join(seen, "; ")))
		}
	}
	differ("pdbsolve builds", func(p *record.Provenance) string { return p.Version + " " + p.Commit })
	differ("Go versions", func(p *record.Provenance) string { return p.GoVersion })
	differ("CPU models (times are not comparable)", func(p *record.Provenance) string { return p.CPU })
	differ("core counts", func(p *record.Provenance) string { return strconv.Itoa(p.Cores) })
	sums := map[string][]string{}
	var names []string
	for _, h := range headers {
		for _, t := range h.Tables {
			if !slices.Contains(sums[t.Name], t.Checksum) {
				if len(sums[t.Name]) == 0 {
					names = append(names, t.Name)
				}
				sums[t.Name] = append(sums[t.Name], t.Checksum)
			}
		}
	}
	for _, n := range names {
		if len(sums[n]) > 1 {
			notes = append(notes, fmt.Sprintf("table %s has %d checksums across the outputs: %s (node counts are not comparable)",
				n, len(sums[n]), strings.Join(sums[n], ", ")))
		}
	}
	return notes
}
