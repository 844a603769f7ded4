// Package report turns benchmark run records (docs/records.md) into a
// comparison of heuristics: pure functions from runs to a [Report], and
// writers of it as an aligned table, CSV or a JSON Lines record, alone or,
// by [Report.Write], after the provenance and with the runs.
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
//
// Beside the reports on runs are those on tables (tables.go): a table's
// description ([WriteTableInfo]), the listing of a cache directory
// ([WriteTableList]) and the Rotation Game census ([WriteCensusText]).
package report

import (
	"cmp"
	"errors"
	"fmt"
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
	// CPUNS is the solves' CPU time; nil when a run counted does not
	// record it (Cell.CPU).
	CPUNS *Stat `json:"cpu_ns,omitempty"`
	// ExpandedBeforeLast is the nodes expanded below each run's last
	// iteration (Expanded less the run's LastExpanded): the iterations
	// searched in full, which do not depend on the move order. Nil when a
	// run counted does not record its last iteration (an older record).
	ExpandedBeforeLast *Stat `json:"expanded_before_last,omitempty"`
}

// unknown says which of a Columns' optional figures have counted a run
// whose record lacks the value: the figure is then unknown (nil) for good.
type unknown struct{ cpu, beforeLast bool }

// add adds the figures of x, a solved or censored cell, to c; u notes the
// optional figures x's record lacks (addKnown).
func (c *Columns) add(x *Cell, u *unknown) {
	censored := x.Status == record.StatusLimit || x.Status == record.StatusInterrupted
	c.Instances++
	c.Expanded.add(float64(x.Expanded), censored)
	c.Generated.add(float64(x.Generated), censored)
	c.TimeNS.add(float64(x.TimeNS), censored)
	cpu, ok := x.CPU()
	c.CPUNS = addKnown(c.CPUNS, float64(cpu), ok, censored, &u.cpu)
	before, ok := x.ExpandedBeforeLast()
	c.ExpandedBeforeLast = addKnown(c.ExpandedBeforeLast, float64(before), ok, censored, &u.beforeLast)
}

// addKnown adds x to the optional figure s, when known, and returns s;
// once a run counted lacks the value (*unknown set), the figure is
// unknown: nil, never a sum of the runs that have it.
func addKnown(s *Stat, x float64, known, censored bool, unknown *bool) *Stat {
	if !known {
		*unknown = true
	}
	if *unknown {
		return nil
	}
	if s == nil {
		s = &Stat{}
	}
	s.add(x, censored)
	return s
}

func (c *Columns) finish() {
	if c.Instances > 0 {
		n := float64(c.Instances)
		c.Expanded.Mean, c.Generated.Mean, c.TimeNS.Mean = c.Expanded.Total/n, c.Generated.Total/n, c.TimeNS.Total/n
		if c.CPUNS != nil {
			c.CPUNS.Mean = c.CPUNS.Total / n
		}
		if c.ExpandedBeforeLast != nil {
			c.ExpandedBeforeLast.Mean = c.ExpandedBeforeLast.Total / n
		}
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
	Heuristic   string   `json:"heuristic"`
	Instances   int      `json:"instances"`
	Solved      int      `json:"solved"`
	Censored    int      `json:"censored"`              // stopped at a node or time limit
	Interrupted int      `json:"interrupted,omitempty"` // stopped by a signal, counted as censored runs are
	Errors      int      `json:"errors"`                // errors and unsolvable boards
	MeanH0      float64  `json:"mean_h0"`
	MeanLength  float64  `json:"mean_length"` // over the paired instances
	All         Columns  `json:"all"`         // solved and censored runs
	Paired      Columns  `json:"paired"`      // the instances every heuristic solved
	Ratio       *float64 `json:"ratio_to_baseline"`
	TimeSpread  *Spread  `json:"time_spread,omitempty"` // with repeated runs
}

// Instance is one board of the comparison.
type Instance struct {
	Input string // input name
	Line  int    // line the board starts on
	Index int    // 1-based index in the unsharded run, 0 when not recorded
}

// Cell is one instance under one heuristic: its repeats folded into one.
type Cell struct {
	Status    record.Status // solved only if every repeat solved; else the worst: error, unsolvable, limit
	Length    int
	Bound     int
	H0        int
	Expanded  uint64
	Generated uint64
	// LastExpanded is the nodes expanded by the last iteration, of the
	// repeat the cell's figures are from; unknown in older records.
	LastExpanded record.OptCount
	TimeNS       int64           // the wall time of the median repeat (the lower median of an even count) by wall or CPU time (Options.CPU)
	CPUNS        record.OptCount // the CPU time of that repeat, when recorded (CPU)
	MinTimeNS    int64           // the least and greatest of the repeats' wall times, or CPU times with Options.CPU
	MaxTimeNS    int64
	Repeats      int  // runs folded into the cell; 0 when the heuristic did not run the instance
	NodesDiffer  bool // repeats that solved reported different node counts
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
	// Time is "cpu" when the median of repeated runs and the time spread
	// are taken on CPU time (bench --time cpu); absent for wall time.
	Time string `json:"time,omitempty"`

	// Boards and Cells[h][i] (heuristic h, instance i) are the folded
	// runs; they are not part of the JSON record, which runs carry.
	Boards []Instance `json:"-"`
	Cells  [][]Cell   `json:"-"`
	// LastRecorded says whether a run records its last iteration: the
	// tables then show what the runs expanded below it, "-" where a run
	// does not. Not part of the JSON record, whose columns say it.
	LastRecorded bool `json:"-"`
	// Settings, when bench report read outputs run under more than one
	// search setting (Collector), says what the rows are: each a
	// heuristic under one setting, labelled with it. Nil when each row is
	// a heuristic. Not part of the JSON record, whose rows' names say it.
	Settings *RowSettings `json:"-"`
	// CPURecorded says whether a run records its CPU time: the tables
	// then show it, "-" where a run does not (Cell.CPU). Not part of the
	// JSON record, whose columns say it.
	CPURecorded bool `json:"-"`
}

// RowSettings counts what a report's rows are when they are heuristics
// under other search settings: bench report over outputs that differ in
// --prune or --order (docs/records.md).
type RowSettings struct {
	Heuristics int      // the heuristics among the rows
	Settings   int      // the settings among the rows: combinations of the Flags' values
	Flags      []string // the flags whose values differ among the outputs: "--prune", "--order"
}

// TimeBasis is the time repeated runs are folded on: TimeWall or TimeCPU
// (Options.CPU); bench's --time.
type TimeBasis uint8

// The time bases.
const (
	TimeWall TimeBasis = iota // wall time
	TimeCPU                   // the solve's CPU time
)

// String returns "wall" or "cpu".
func (t TimeBasis) String() string { return [...]string{"wall", "cpu"}[t] }

// Options shape a report.
type Options struct {
	// Baseline is the heuristic the node ratio is taken against; "" for
	// the first.
	Baseline string
	// Order lists the heuristics in the order to show them; nil for the
	// order of their first runs. Heuristics not listed follow, in that
	// order.
	Order []string
	// Keep keeps the folded cells of every instance in Report.Boards and
	// Report.Cells (for per-instance rows and plots); Build always does.
	Keep bool
	// CPU takes the median of repeated runs, and the time spread, on the
	// CPU time of the solves rather than wall time (--time cpu).
	CPU bool
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

// key identifies an instance: by its number in the whole run and its board
// when the run records them (bench), so two spellings of one input's path
// name one instance; else by its input and line.
type key struct {
	input    string
	line     int
	instance int
	board    string
}

func keyOf(r *record.Run) key {
	if r.Instance > 0 {
		return key{instance: r.Instance, board: r.Board}
	}
	return key{input: r.Input, line: r.Line}
}

// Build compares the heuristics of runs. Runs need not be in order; every
// run must be of one puzzle, and no two may share instance, heuristic and
// repeat (an instance is its number and board when runs record them, else
// its input and line). The report keeps Boards and Cells.
func Build(runs []record.Run, o Options) (*Report, error) {
	if len(runs) == 0 {
		return nil, ErrNoRuns
	}
	var heurs []string
	groups := map[key][]*record.Run{}
	var order []key
	for i := range runs {
		r := &runs[i]
		if r.Puzzle != runs[0].Puzzle {
			return nil, fmt.Errorf("%w: %s and %s (%s line %d)", ErrMixed, runs[0].Puzzle, r.Puzzle, r.Input, r.Line)
		}
		if !slices.Contains(heurs, r.Heuristic) {
			heurs = append(heurs, r.Heuristic)
		}
		k := keyOf(r)
		if _, ok := groups[k]; !ok {
			order = append(order, k)
		}
		for _, o := range groups[k] {
			if o.Heuristic == r.Heuristic && o.Repeat == r.Repeat {
				return nil, fmt.Errorf("%w: %s line %d under %q, repeat %d", ErrDuplicate, r.Input, r.Line, r.Heuristic, r.Repeat)
			}
		}
		groups[k] = append(groups[k], r)
	}
	o.Keep = true
	b, err := NewBuilder(runs[0].Puzzle, orderHeuristics(heurs, o.Order), o)
	if err != nil {
		return nil, err
	}
	for _, k := range order {
		b.Add(groups[k])
	}
	return b.Report(), nil
}

// Builder builds a report one instance at a time, keeping only the sums
// the summary needs (and, with Options.Keep, the folded cells), so a
// benchmark of any length is summed up in bounded memory.
type Builder struct {
	rep        *Report
	heurs      []string
	index      map[string]int
	keep       bool
	cpu        bool // Options.CPU
	inputOrder map[string]int
	h0, length []float64 // per heuristic: sums of h0 and of paired lengths
	h0n        []int
	spreads    [][]float64 // per heuristic: the spreads of repeated instances
	// unknown[h] says which optional figures of heuristic h's all (0) and
	// paired (1) columns count a run that lacks them.
	unknown [][2]unknown
	cells   []Cell
	groups  [][]*record.Run
}

// NewBuilder returns a Builder of a report on puzzle comparing heuristics,
// in that order; o.Baseline must be one of them (or "" for the first).
func NewBuilder(puzzle string, heuristics []string, o Options) (*Builder, error) {
	if len(heuristics) == 0 {
		return nil, ErrNoRuns
	}
	b := &Builder{rep: &Report{Puzzle: puzzle, Baseline: heuristics[0]}, heurs: heuristics, index: map[string]int{},
		keep: o.Keep, cpu: o.CPU, inputOrder: map[string]int{}}
	if o.CPU {
		b.rep.Time = "cpu"
	}
	for h, name := range heuristics {
		b.index[name] = h
	}
	if o.Baseline != "" {
		if _, ok := b.index[o.Baseline]; !ok {
			return nil, fmt.Errorf("%w: %q (have %s)", ErrBaseline, o.Baseline, strings.Join(heuristics, ", "))
		}
		b.rep.Baseline = o.Baseline
	}
	n := len(heuristics)
	b.h0, b.length, b.h0n, b.spreads = make([]float64, n), make([]float64, n), make([]int, n), make([][]float64, n)
	b.cells, b.groups, b.unknown = make([]Cell, n), make([][]*record.Run, n), make([][2]unknown, n)
	b.rep.Heuristics = make([]Summary, n)
	for h, name := range heuristics {
		b.rep.Heuristics[h].Heuristic = name
	}
	if b.keep {
		b.rep.Cells = make([][]Cell, n)
	}
	return b, nil
}

// Add adds one instance: its runs under every heuristic and repeat (all of
// one instance; a heuristic without runs did not run it). Runs of
// heuristics the Builder does not compare are ignored.
func (b *Builder) Add(runs []*record.Run) {
	if len(runs) == 0 {
		return
	}
	rep := b.rep
	for h := range b.groups {
		b.groups[h] = b.groups[h][:0]
	}
	for _, r := range runs {
		if h, ok := b.index[r.Heuristic]; ok {
			b.groups[h] = append(b.groups[h], r)
		}
	}
	paired := true
	for h, g := range b.groups {
		b.cells[h] = fold(g, b.cpu)
		rep.Repeats = max(rep.Repeats, len(g))
		paired = paired && b.cells[h].Status == record.StatusSolved && b.cells[h].Repeats > 0
	}
	first := runs[0]
	in := Instance{Input: first.Input, Line: first.Line, Index: first.Instance}
	rep.Instances++
	if paired {
		rep.PairedInstances++
	}
	for h := range b.heurs {
		c := &b.cells[h]
		s := &rep.Heuristics[h]
		if c.Repeats == 0 {
			continue
		}
		s.Instances++
		switch c.Status {
		case record.StatusSolved:
			s.Solved++
		case record.StatusLimit:
			s.Censored++
		case record.StatusInterrupted:
			s.Interrupted++
		default:
			s.Errors++
			continue
		}
		s.All.add(c, &b.unknown[h][0])
		_, cpu := c.CPU()
		rep.LastRecorded, rep.CPURecorded = rep.LastRecorded || c.LastExpanded.Known, rep.CPURecorded || cpu
		b.h0[h] += float64(c.H0)
		b.h0n[h]++
		if c.Repeats > 1 {
			b.spreads[h] = append(b.spreads[h], c.spread(b.cpu))
		}
		if paired {
			s.Paired.add(c, &b.unknown[h][1])
			b.length[h] += float64(c.Length)
		}
	}
	rep.Disagreements = append(rep.Disagreements, disagreements(in, b.heurs, b.cells)...)
	if b.keep {
		if _, ok := b.inputOrder[in.Input]; !ok {
			b.inputOrder[in.Input] = len(b.inputOrder)
		}
		rep.Boards = append(rep.Boards, in)
		for h := range b.heurs {
			rep.Cells[h] = append(rep.Cells[h], b.cells[h])
		}
	}
}

// Report finishes the means and ratios and returns the report; the
// Builder is not used after.
func (b *Builder) Report() *Report {
	rep := b.rep
	if rep.Repeats <= 1 {
		rep.Repeats = 0
	}
	for h := range b.heurs {
		s := &rep.Heuristics[h]
		s.All.finish()
		s.Paired.finish()
		if b.h0n[h] > 0 {
			s.MeanH0 = b.h0[h] / float64(b.h0n[h])
		}
		if s.Paired.Instances > 0 {
			s.MeanLength = b.length[h] / float64(s.Paired.Instances)
		}
		if sp := b.spreads[h]; len(sp) > 0 {
			slices.Sort(sp)
			s.TimeSpread = &Spread{MedianRel: sp[(len(sp)-1)/2], MaxRel: sp[len(sp)-1]}
		}
	}
	base := slices.Index(b.heurs, rep.Baseline)
	if g := rep.Heuristics[base].Paired.Generated.Total; g > 0 {
		for h := range rep.Heuristics {
			r := rep.Heuristics[h].Paired.Generated.Total / g
			rep.Heuristics[h].Ratio = &r
		}
	}
	if b.keep {
		// Instances in the order of the unsharded run when it is recorded,
		// else by input and line.
		perm := make([]int, len(rep.Boards))
		for i := range perm {
			perm[i] = i
		}
		slices.SortStableFunc(perm, func(i, j int) int {
			a, c := rep.Boards[i], rep.Boards[j]
			if a.Index != 0 && c.Index != 0 && a.Index != c.Index {
				return cmp.Compare(a.Index, c.Index)
			}
			if x := cmp.Compare(b.inputOrder[a.Input], b.inputOrder[c.Input]); x != 0 {
				return x
			}
			return cmp.Compare(a.Line, c.Line)
		})
		boards := make([]Instance, len(perm))
		for i, p := range perm {
			boards[i] = rep.Boards[p]
		}
		rep.Boards = boards
		for h := range rep.Cells {
			cells := make([]Cell, len(perm))
			for i, p := range perm {
				cells[i] = rep.Cells[h][p]
			}
			rep.Cells[h] = cells
		}
	}
	return rep
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
	case record.StatusInterrupted:
		return 2
	case record.StatusUnsolvable:
		return 3
	}
	return 4
}

// fold folds the repeats of one instance under one heuristic: the figures
// of the median repeat by wall time or, with cpu, by CPU time.
func fold(g []*record.Run, cpu bool) Cell {
	if len(g) == 0 {
		return Cell{}
	}
	c := Cell{Repeats: len(g), Status: g[0].Status}
	for _, r := range g {
		if severity(r.Status) > severity(c.Status) {
			c.Status = r.Status
		}
	}
	// The figures are those of the median-time repeat of the folded status.
	var same []*record.Run
	for _, r := range g {
		if r.Status == c.Status {
			same = append(same, r)
		}
	}
	time := func(r *record.Run) int64 { return r.TimeNS }
	if cpu {
		time = func(r *record.Run) int64 { return int64(r.CPUNS.N) }
	}
	slices.SortStableFunc(same, func(a, b *record.Run) int { return cmp.Compare(time(a), time(b)) })
	m := same[(len(same)-1)/2]
	c.Length, c.Bound, c.H0, c.Expanded, c.Generated, c.TimeNS = m.Length, m.Bound, m.H0, m.Expanded, m.Generated, m.TimeNS
	c.CPUNS, c.LastExpanded = m.CPUNS, m.LastExpanded
	c.MinTimeNS, c.MaxTimeNS = time(same[0]), time(same[len(same)-1])
	for _, r := range same {
		if c.Status == record.StatusSolved && (r.Generated != m.Generated || r.Expanded != m.Expanded || r.Length != m.Length) {
			c.NodesDiffer = true
		}
	}
	return c
}

// ExpandedBeforeLast returns the nodes c expanded below its last
// iteration, and whether that is known: the run records its last
// iteration (and it is not more than the whole).
func (c *Cell) ExpandedBeforeLast() (uint64, bool) {
	if !c.LastExpanded.Known || c.LastExpanded.N > c.Expanded {
		return 0, false
	}
	return c.Expanded - c.LastExpanded.N, true
}

// Searched reports whether c's record carries the figures of a search
// (h0, node counts, time): a run solved or stopped at a limit or by a
// signal, not an unsolvable or bad board, whose record has none.
func (c *Cell) Searched() bool {
	return c.Status == record.StatusSolved || c.Status == record.StatusLimit || c.Status == record.StatusInterrupted
}

// CPU returns the CPU time of c's run, and whether its record carries it
// (cpu_ns: absent in older records, in solve's, on systems without a
// thread's CPU clock, and where Searched is false; 0 when the solve took
// less than the clock's resolution).
func (c *Cell) CPU() (int64, bool) {
	if !c.Searched() || !c.CPUNS.Known {
		return 0, false
	}
	return int64(c.CPUNS.N), true
}

// spread returns the relative spread (max-min)/median of c's wall times
// or, with cpu, CPU times; 0 when it has no time.
func (c *Cell) spread(cpu bool) float64 {
	median := c.TimeNS
	if cpu {
		median = int64(c.CPUNS.N)
	}
	if median <= 0 {
		return 0
	}
	return float64(c.MaxTimeNS-c.MinTimeNS) / float64(median)
}

// disagreements lists how the heuristics' cells of instance in disagree:
// two heuristics finding different optimal lengths, repeats with different
// counts, or a censored or interrupted run's lower bound above a length
// found.
func disagreements(in Instance, heurs []string, cells []Cell) []string {
	var out []string
	where := fmt.Sprintf("%s line %d", in.Input, in.Line)
	if in.Index > 0 {
		where = fmt.Sprintf("instance %d (%s line %d)", in.Index, in.Input, in.Line)
	}
	length, by := -1, ""
	for h := range heurs {
		c := &cells[h]
		if c.Repeats > 0 && c.Status == record.StatusSolved {
			if length < 0 {
				length, by = c.Length, heurs[h]
			} else if c.Length != length {
				out = append(out, fmt.Sprintf("%s: %s finds length %d, %s finds %d", where, by, length, heurs[h], c.Length))
			}
		}
		if c.NodesDiffer {
			out = append(out, fmt.Sprintf("%s: the repeats of %s report different lengths or node counts", where, heurs[h]))
		}
	}
	if length < 0 {
		return out
	}
	for h := range heurs {
		c := &cells[h]
		if c.Repeats > 0 && (c.Status == record.StatusLimit || c.Status == record.StatusInterrupted) && c.Bound > length {
			out = append(out, fmt.Sprintf("%s: %s stopped at lower bound %d, above the length %d %s finds", where, heurs[h], c.Bound, length, by))
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
// that they are of one puzzle, with the runs in the order of the unsharded
// run: by instance number (then input and line, for runs without one), each
// instance's runs in the order they came. A run that appears twice (same
// instance, heuristic and repeat) is kept once: an interrupted run gives way
// to the same run finished; two runs equal in every field but their time
// and input spelling are kept once and counted in the notes returned; runs
// that differ otherwise are ErrDuplicate.
func Merge(streams ...*record.Stream) (*record.Stream, []string, error) {
	c := NewCollector()
	c.KeepRuns = true
	out := &record.Stream{}
	for i, s := range streams {
		if err := c.addStream(fmt.Sprint(i), s); err != nil {
			return nil, nil, err
		}
		out.Headers = append(out.Headers, s.Headers...)
		out.Configs = append(out.Configs, s.Configs...)
	}
	notes, err := c.merge()
	if err != nil {
		return nil, nil, err
	}
	out.Runs = c.keptRuns()
	return out, notes, nil
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
