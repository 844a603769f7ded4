package report

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// Collector reads bench outputs (the shards of one run, runs of other
// heuristics on the same instances, solve -o outputs) one run at a time
// and keeps of each run only what the comparison needs: a fixed-size entry
// of 88 bytes (numbers, and hashes of the board and of the fields
// that tell two runs apart), not the run. Check then checks the set as
// CheckSet does, and Report merges the runs as Merge does and builds the
// report. Only KeepRuns keeps the runs themselves, for outputs that write
// them (JSON, per-instance CSV). Every output is read before Check and
// Report.
type Collector struct {
	// KeepRuns keeps every run, for Report to return them merged.
	KeepRuns bool

	seed     maphash.Seed
	files    []*outFile
	headers  []record.Provenance
	tables   firstSeen
	inputs   []string
	inputIdx map[string]uint32
	heurs    []string
	heurIdx  map[string]uint16
	puzzle   string
	mixed    error        // ErrMixed, with the first run of another puzzle
	entries  entryList    // a run each, in the order read until prepare sorts them
	runs     []record.Run // KeepRuns: every run, by entry.seq
	sorted   bool
	dups     int          // runs kept once, found twice with the same results
	dupErr   error        // ErrDuplicate
	again    []string     // notes: outputs named more than once, read once
	rows     *RowSettings // set by relabel when the outputs' settings differ
}

// chunkSize is the number of entries in a chunk (5.5 MiB).
const chunkSize = 1 << 16

// entry is one run as a Collector keeps it.
type entry struct {
	expanded, generated uint64
	lastExpanded        uint64 // of the last iteration, when lastKnown
	timeNS              int64
	cpuNS               uint64 // when cpuKnown
	same                uint64 // hash of every field but the time, input and line
	board               uint64 // hash of the board
	seq                 uint32 // the run's place among every run read
	instance            int32
	line                int32
	input               uint32
	heur                uint16
	repeat              uint16
	file                uint16
	status              uint8
	dropped             bool // a duplicate
	lastKnown           bool // the run records its last iteration: lastExpanded
	cpuKnown            bool // the run records its CPU time: cpuNS
	length, bound, h0   int16
}

// statuses numbers the statuses in entries.
var statuses = []record.Status{record.StatusSolved, record.StatusUnsolvable, record.StatusLimit, record.StatusError,
	record.StatusInterrupted}

// outFile is what a Collector keeps of one output.
type outFile struct {
	name        string
	configs     []record.Config
	summaries   int
	last        record.Summary // the last summary line
	truncated   int
	values      int // values read: runs, headers, summaries
	runs        int
	interrupted int
	keys        int // instances (distinct keys) among its runs
	shard       *Shard
	label       string   // its rows' label after the heuristic (settingsLabel), set by prepare
	problems    []string // tables, shard membership, boards
}

// NewCollector returns an empty Collector.
func NewCollector() *Collector {
	return &Collector{seed: maphash.MakeSeed(), tables: firstSeen{}, inputIdx: map[string]uint32{}, heurIdx: map[string]uint16{}}
}

// ReadFiles reads the output files names in turn ("-" for stdin) as
// ReadFile does, once every file but stdin is found to exist: a missing
// one is reported before any is read. A file named again (the same path, or
// another path to the same file; "-" again), most likely by a shell
// pattern that matched it twice, is read once, and Check notes it. An error
// opening or reading a file is an *fs.PathError; any other is a bad
// record's (Read).
func (c *Collector) ReadFiles(names []string, stdin io.Reader) error {
	infos := make([]os.FileInfo, len(names))
	for i, name := range names {
		if name == "-" {
			continue
		}
		var err error
		if infos[i], err = os.Stat(name); err != nil {
			return err
		}
	}
	for i, name := range names {
		if j := firstNaming(names, infos, i); j < i {
			c.again = append(c.again, namedAgain(names[j], name))
			continue
		}
		if err := c.ReadFile(name, stdin); err != nil {
			return err
		}
	}
	return nil
}

// firstNaming returns the index of the first of names that names the
// same output as names[i] (i itself when none before it does): "-" both,
// or the same file (os.SameFile of their infos, nil for "-").
func firstNaming(names []string, infos []os.FileInfo, i int) int {
	for j := range i {
		if names[j] == "-" && names[i] == "-" || infos[j] != nil && infos[i] != nil && os.SameFile(infos[j], infos[i]) {
			return j
		}
	}
	return i
}

// namedAgain is the note on the output first, named again as name.
func namedAgain(first, name string) string {
	if name == first {
		return fmt.Sprintf("%s is named more than once: read once", first)
	}
	return fmt.Sprintf("%s is named again as %s, the same file: read once", first, name)
}

// ReadFile reads the output file name ("-" for stdin) as Read does; an
// error opening or reading it is an *fs.PathError.
func (c *Collector) ReadFile(name string, stdin io.Reader) error {
	if name == "-" {
		return c.Read(stdin, name)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return c.Read(f, name)
}

// Read reads the output r, named name, with a record.Scanner; an error is
// the Scanner's.
func (c *Collector) Read(r io.Reader, name string) error {
	f := c.begin(name)
	sc := record.NewScanner(r, name)
	for sc.Scan() {
		switch sc.Kind() {
		case record.KindRun:
			if err := c.addRun(f, sc.Run()); err != nil {
				return fmt.Errorf("%s:%d: %w", name, sc.Line(), err)
			}
		case record.KindHeader:
			c.addHeader(f, sc.Header())
		case record.KindSummary:
			f.values++
			f.summaries++
			f.last = *sc.Summary()
		}
	}
	f.truncated = sc.Truncated()
	return sc.Err()
}

// begin starts the output named name.
func (c *Collector) begin(name string) *outFile {
	f := &outFile{name: name}
	c.files = append(c.files, f)
	return f
}

// addHeader takes a provenance header of f.
func (c *Collector) addHeader(f *outFile, h *record.Header) {
	f.values++
	c.headers = append(c.headers, h.Provenance)
	for _, t := range h.Provenance.Tables {
		f.problems = append(f.problems, c.tables.check(f.name, t.Name, "the checksum of table "+t.Name, t.Checksum)...)
	}
	if h.Config != nil {
		f.addConfig(h.Config)
	}
}

// addConfig takes the configuration of a session of f.
func (f *outFile) addConfig(cfg *record.Config) {
	f.configs = append(f.configs, *cfg)
	if len(f.configs) == 1 && cfg.Command != "solve" {
		if sh, err := ParseShard(cfg.Shard); err == nil {
			f.shard = &sh
		}
	}
}

// addRun takes a run of f; an error is a run too large to keep (a number
// past the entry's fields).
func (c *Collector) addRun(f *outFile, r *record.Run) error {
	f.values++
	f.runs++
	if r.Status == record.StatusInterrupted {
		f.interrupted++
	}
	if c.puzzle == "" {
		c.puzzle = r.Puzzle
	} else if r.Puzzle != c.puzzle && c.mixed == nil {
		c.mixed = fmt.Errorf("%w: %s and %s (%s line %d)", ErrMixed, c.puzzle, r.Puzzle, r.Input, r.Line)
	}
	if f.shard != nil && r.Instance > 0 && !f.shard.Has(r.Instance-1) {
		f.problems = append(f.problems, fmt.Sprintf("%s (shard %s): instance %d does not belong to shard %s",
			f.name, f.configs[0].Shard, r.Instance, f.shard))
	}
	const most = 1<<15 - 1
	if r.Instance > 1<<31-1 || r.Line > 1<<31-1 || r.Repeat > 1<<16-1 || r.Length > most || r.Bound > most || r.H0 > most ||
		r.H0 < -most || c.entries.n >= 1<<32-1 {
		return fmt.Errorf("a run past the sizes bench report takes (instance, line, repeat, length, bound or h0)")
	}
	e := entry{expanded: r.Expanded, generated: r.Generated, timeNS: r.TimeNS, cpuNS: r.CPUNS.N, cpuKnown: r.CPUNS.Known, same: c.sameHash(r), board: c.hash(r.Board),
		seq: uint32(c.entries.n), instance: int32(r.Instance), line: int32(r.Line), input: intern(c.inputIdx, &c.inputs, r.Input),
		heur: intern(c.heurIdx, &c.heurs, r.Heuristic), repeat: uint16(r.Repeat), file: uint16(len(c.files) - 1),
		status: uint8(slices.Index(statuses, r.Status)), length: int16(r.Length), bound: int16(r.Bound), h0: int16(r.H0),
		lastKnown: r.LastExpanded.Known, lastExpanded: r.LastExpanded.N}
	c.entries.add(e)
	if c.KeepRuns {
		c.runs = append(c.runs, *r)
	}
	return nil
}

// intern returns name's number in names (by idx), adding it when new.
func intern[T uint16 | uint32](idx map[string]T, names *[]string, name string) T {
	i, ok := idx[name]
	if !ok {
		i = T(len(*names))
		idx[name] = i
		*names = append(*names, name)
	}
	return i
}

func (c *Collector) hash(s string) uint64 { return maphash.String(c.seed, s) }

// sameHash hashes every field of r but its time, input and line: two runs
// with the same hash are the same run (sameRun).
func (c *Collector) sameHash(r *record.Run) uint64 {
	var h maphash.Hash
	h.SetSeed(c.seed)
	for _, s := range []string{r.Puzzle, r.Board, r.Goal, r.Heuristic, string(r.Status), r.Moves, r.Error} {
		h.WriteString(s)
		h.WriteByte(0)
	}
	var b [8 * 11]byte
	for i, n := range []uint64{uint64(r.Instance), uint64(r.Repeat), uint64(r.Length), uint64(r.Symbol), uint64(r.Bound),
		uint64(r.H0), r.Expanded, r.Generated, uint64(r.Iterations), r.LastExpanded.N, r.LastGenerated.N} {
		binary.LittleEndian.PutUint64(b[8*i:], n)
	}
	h.Write(b[:])
	h.Write([]byte{boolByte(r.LastExpanded.Known), boolByte(r.LastGenerated.Known)})
	return h.Sum64()
}

// boolByte returns b as a byte for a hash: 1 for true, 0 for false.
func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// idCompare orders entries by run: instance, then board (instances) or
// input and line (runs without one), heuristic, repeat, and the order read.
func idCompare(a, b *entry) int {
	if x := cmp.Compare(a.instance, b.instance); x != 0 {
		return x
	}
	if a.instance > 0 {
		if x := cmp.Compare(a.board, b.board); x != 0 {
			return x
		}
	} else {
		if x := cmp.Compare(a.input, b.input); x != 0 {
			return x
		}
		if x := cmp.Compare(a.line, b.line); x != 0 {
			return x
		}
	}
	if x := cmp.Compare(a.heur, b.heur); x != 0 {
		return x
	}
	if x := cmp.Compare(a.repeat, b.repeat); x != 0 {
		return x
	}
	return cmp.Compare(a.seq, b.seq)
}

// sameKey reports whether a and b are runs of one instance (keyOf).
func sameKey(a, b *entry) bool {
	if a.instance != b.instance {
		return false
	}
	if a.instance > 0 {
		return a.board == b.board
	}
	return a.input == b.input && a.line == b.line
}

// prepare sorts the entries by run, then walks them once: it counts each
// output's instances, finds instance numbers naming two boards, and drops
// duplicates as Merge does.
func (c *Collector) prepare() {
	if c.sorted {
		return
	}
	c.sorted = true
	c.relabel()
	c.entries.sort(idCompare)
	var files []uint16
	c.entries.groups(sameKey, func(g []entry) {
		files = files[:0]
		for _, e := range g {
			if !slices.Contains(files, e.file) {
				files = append(files, e.file)
				c.files[e.file].keys++
			}
		}
		c.dedupe(g)
	})
	c.entries.groups(func(a, b *entry) bool { return a.instance == b.instance }, c.checkBoards)
}

// dedupe drops the duplicates among the entries of one instance, sorted
// by heuristic, repeat and order read: an interrupted run gives way to the
// same run finished, which takes its place; runs alike but for time and
// input are counted in dups; runs that differ otherwise are ErrDuplicate.
func (c *Collector) dedupe(es []entry) {
	for i := 0; i < len(es); {
		j := i + 1
		for j < len(es) && es[j].heur == es[i].heur && es[j].repeat == es[i].repeat {
			j++
		}
		kept := &es[i]
		for k := i + 1; k < j; k++ {
			r := &es[k]
			r.dropped = true
			switch {
			case statuses[r.status] == record.StatusInterrupted:
				// the earlier run stands
			case statuses[kept.status] == record.StatusInterrupted:
				seq := kept.seq
				*kept = *r
				kept.seq, kept.dropped = seq, false
				if c.KeepRuns {
					c.runs[seq] = c.runs[r.seq]
				}
			case kept.same == r.same:
				c.dups++
			case c.dupErr == nil:
				c.dupErr = fmt.Errorf("%w, with different results: %s line %d under %q, repeat %d",
					ErrDuplicate, c.inputs[r.input], r.line, c.heurs[r.heur], r.repeat)
			}
		}
		i = j
	}
}

// checkBoards notes each output that gives the instance number of es (the
// runs of one instance number) another board than the first output that
// gave it.
func (c *Collector) checkBoards(es []entry) {
	if es[0].instance <= 0 || es[0].board == es[len(es)-1].board {
		return
	}
	first := slices.MinFunc(es, func(a, b entry) int { return cmp.Compare(a.seq, b.seq) })
	var named []uint16
	for _, e := range es {
		if e.board != first.board && !slices.Contains(named, e.file) {
			named = append(named, e.file)
			f := c.files[e.file]
			f.problems = append(f.problems, fmt.Sprintf("%s: instance %d is another board here than in %s",
				f.name, e.instance, c.files[first.file].name))
		}
	}
}

// Check checks the set of outputs read, as CheckSet does.
func (c *Collector) Check() (problems, notes []string) {
	c.prepare()
	notes = slices.Clone(c.again)
	var ref *outFile
	groups := map[string][]*outFile{}
	var groupOrder []string
	for _, f := range c.files {
		problems = append(problems, f.problems...)
		if f.values == 0 && f.truncated > 0 {
			problems = append(problems, fmt.Sprintf("%s: no whole record: line %d is cut short (a run stopped as it began writing?)", f.name, f.truncated))
			continue
		}
		if f.values == 0 {
			problems = append(problems, fmt.Sprintf("%s: empty: no records (not an output of bench)", f.name))
			continue
		}
		if len(f.configs) == 0 {
			notes = append(notes, fmt.Sprintf("%s: no configuration header (an older output): its shard, limits and completeness are not checked", f.name))
			continue
		}
		p, ok := f.checkConfig(ref)
		problems = append(problems, p...)
		if !ok {
			continue
		}
		if f.configs[0].Command == "solve" { // solve -o writes no summary line
			notes = append(notes, fmt.Sprintf("%s: an output of solve: its completeness is not checked", f.name))
		}
		if ref == nil {
			ref = f
		}
		g := strings.Join(f.configs[0].Heuristics, ",") + f.label
		if _, ok := groups[g]; !ok {
			groupOrder = append(groupOrder, g)
		}
		groups[g] = append(groups[g], f)
	}
	for _, g := range groupOrder {
		problems = append(problems, checkShards(g, groups[g])...)
	}
	return problems, notes
}

// checkConfig checks f's sessions against each other, its shard, its
// completeness and its configuration against ref's (nil for the first
// output); ok is false when its shard cannot be read.
func (f *outFile) checkConfig(ref *outFile) (problems []string, ok bool) {
	cfg := f.configs[0]
	for _, c := range f.configs[1:] {
		c.Inputs = cfg.Inputs // a resumed session may spell the inputs otherwise
		for _, d := range cfg.Diff(&c, "its first session", "a later one") {
			problems = append(problems, fmt.Sprintf("%s: its sessions disagree: %s", f.name, d))
		}
	}
	where := fmt.Sprintf("%s (shard %s)", f.name, cfg.Shard)
	if _, err := ParseShard(cfg.Shard); err != nil {
		return append(problems, fmt.Sprintf("%s: %v", f.name, err)), false
	}
	if cfg.Command != "solve" {
		problems = append(problems, f.completeness(where)...)
	}
	if ref != nil {
		c := cfg
		c.Heuristics, c.Shard, c.Inputs = ref.configs[0].Heuristics, ref.configs[0].Shard, ref.configs[0].Inputs
		c.Prune, c.Order = ref.configs[0].Prune, ref.configs[0].Order // runs of other settings: other rows (relabel)
		for _, d := range ref.configs[0].Diff(&c, ref.name, f.name) {
			problems = append(problems, fmt.Sprintf("%s: %s", where, d))
		}
	}
	return problems, true
}

// completeness lists how output f is not complete: no summary (a killed
// writer, with the unfinished line it left), an interrupted last session
// (with the runs it finished), or fewer instances than it selected.
func (f *outFile) completeness(where string) []string {
	trunc := ""
	if f.truncated > 0 {
		trunc = fmt.Sprintf("; line %d is unfinished (its writer was killed)", f.truncated)
	}
	switch {
	case f.summaries == 0:
		return []string{fmt.Sprintf("%s: incomplete: no summary line, %s%s", where, Count(f.keys, "instance"), trunc)}
	case !f.last.Complete: // how many instances the shard has is not known: it was not read to the end
		return []string{fmt.Sprintf("%s: incomplete: interrupted, holding %s finished%s (rerun it with --resume)",
			where, Count(f.runs-f.interrupted, "run"), trunc)}
	case f.keys < f.last.Instances:
		return []string{fmt.Sprintf("%s: incomplete: %d of its %s", where, f.keys, Count(f.last.Instances, "instance"))}
	case f.interrupted > 0 && trunc != "":
		return []string{fmt.Sprintf("%s: incomplete%s", where, trunc)}
	}
	return nil
}

// checkShards checks that the outputs of the run of heuristics g hold
// each shard K of N once.
func checkShards(g string, files []*outFile) []string {
	var problems []string
	first, _ := ParseShard(files[0].configs[0].Shard)
	byK := make([][]string, first.N)
	for _, f := range files {
		sh, _ := ParseShard(f.configs[0].Shard)
		if sh.N != first.N {
			problems = append(problems, fmt.Sprintf("%s: --shard %s, but %s is --shard %s: one run has one shard count",
				f.name, f.configs[0].Shard, files[0].name, files[0].configs[0].Shard))
			continue
		}
		byK[sh.K] = append(byK[sh.K], f.name)
	}
	for k, fs := range byK {
		switch {
		case len(fs) == 0:
			problems = append(problems, fmt.Sprintf("shard %d/%d of the run of %s is missing", k, first.N, g))
		case len(fs) > 1:
			problems = append(problems, fmt.Sprintf("shard %d/%d of the run of %s is given %d times: %s", k, first.N, g, len(fs), strings.Join(fs, ", ")))
		}
	}
	return problems
}

// Headers returns the provenance headers read, in order.
func (c *Collector) Headers() []record.Provenance { return c.headers }

// Report merges the runs read as Merge does (in the order of the unsharded
// run, each run once) and builds their report with o (Build); with
// KeepRuns it also returns the runs merged. notes count the runs found
// twice with the same results. Errors are Merge's and Build's. The
// Collector is done after Report.
func (c *Collector) Report(o Options) (rep *Report, runs []record.Run, notes []string, err error) {
	notes, err = c.merge()
	if err != nil {
		return nil, nil, nil, err
	}
	var heurs []string
	for i := range c.entries.n {
		if h := c.heurs[c.entries.at(i).heur]; !slices.Contains(heurs, h) {
			heurs = append(heurs, h)
		}
	}
	b, err := NewBuilder(c.puzzle, orderHeuristics(heurs, o.Order), o)
	if err != nil {
		return nil, nil, nil, err
	}
	c.build(b)
	rep = b.Report()
	rep.Settings = c.rows
	return rep, c.keptRuns(), notes, nil
}

// merge drops the duplicates and sorts the entries kept in the order of
// the unsharded run: by instance number, then input name and line, then
// the order read (of the first of duplicates).
func (c *Collector) merge() (notes []string, err error) {
	c.prepare()
	switch {
	case c.mixed != nil:
		return nil, c.mixed
	case c.dupErr != nil:
		return nil, c.dupErr
	}
	rank := make([]int, len(c.inputs)) // input index to its place in name order
	order := make([]int, len(c.inputs))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return strings.Compare(c.inputs[a], c.inputs[b]) })
	for r, i := range order {
		rank[i] = r
	}
	c.entries.compact()
	if c.entries.n == 0 {
		return nil, ErrNoRuns
	}
	c.entries.sort(func(a, b *entry) int {
		if x := cmp.Compare(a.instance, b.instance); x != 0 {
			return x
		}
		if x := cmp.Compare(rank[a.input], rank[b.input]); x != 0 {
			return x
		}
		if x := cmp.Compare(a.line, b.line); x != 0 {
			return x
		}
		return cmp.Compare(a.seq, b.seq)
	})
	if c.dups > 0 {
		notes = append(notes, fmt.Sprintf("%s found twice with the same results (a resumed or repeated shard); each is counted once",
			Count(c.dups, "run")))
	}
	return notes, nil
}

// keptRuns returns the runs kept, in order, with KeepRuns; else nil.
func (c *Collector) keptRuns() []record.Run {
	if !c.KeepRuns {
		return nil
	}
	runs := make([]record.Run, c.entries.n)
	for i := range runs {
		e := c.entries.at(i)
		runs[i] = c.runs[e.seq]
		runs[i].Heuristic = c.heurs[e.heur] // its row's label
	}
	return runs
}

// addStream takes the output s, named name, as Read would have read it.
func (c *Collector) addStream(name string, s *record.Stream) error {
	f := c.begin(name)
	for i := range s.Headers {
		h := record.Header{Provenance: s.Headers[i]}
		if i < len(s.Configs) {
			h.Config = &s.Configs[i]
		}
		c.addHeader(f, &h)
	}
	for i := len(s.Headers); i < len(s.Configs); i++ {
		f.addConfig(&s.Configs[i])
	}
	for i := range s.Runs {
		if err := c.addRun(f, &s.Runs[i]); err != nil {
			return err
		}
	}
	for _, sum := range s.Summaries {
		f.values++
		f.summaries++
		f.last = sum
	}
	f.truncated = s.Truncated
	return nil
}

// build adds the instances kept, in order, to b: the runs of one key
// (keyOf) together, keys in the order of their first run.
func (c *Collector) build(b *Builder) {
	var group []entry
	var runs []record.Run
	var ptrs []*record.Run
	var boards []uint64
	c.entries.groups(func(a, b *entry) bool {
		return a.instance == b.instance && (a.instance > 0 || a.input == b.input && a.line == b.line)
	}, func(es []entry) {
		// Instance numbers naming two boards are two keys, in the order of
		// their first runs.
		boards = boards[:0]
		for _, e := range es {
			if !slices.Contains(boards, e.board) {
				boards = append(boards, e.board)
			}
		}
		for _, board := range boards {
			group = group[:0]
			for _, e := range es {
				if es[0].instance == 0 || e.board == board {
					group = append(group, e)
				}
			}
			runs, ptrs = runs[:0], ptrs[:0]
			for k := range group {
				runs = append(runs, c.run(&group[k]))
			}
			for k := range runs {
				ptrs = append(ptrs, &runs[k])
			}
			b.Add(ptrs)
			if es[0].instance == 0 {
				break
			}
		}
	})
}

// run returns the run of e, with what a report reads of it.
func (c *Collector) run(e *entry) record.Run {
	return record.Run{Puzzle: c.puzzle, Input: c.inputs[e.input], Line: int(e.line), Instance: int(e.instance),
		Repeat: int(e.repeat), Heuristic: c.heurs[e.heur], Status: statuses[e.status], Length: int(e.length),
		Bound: int(e.bound), H0: int(e.h0), Expanded: e.expanded, Generated: e.generated, TimeNS: e.timeNS, CPUNS: record.OptCount{N: e.cpuNS, Known: e.cpuKnown},
		LastExpanded: record.OptCount{N: e.lastExpanded, Known: e.lastKnown}}
}

// entryList is a Collector's entries, in chunks of chunkSize that are
// never copied as the list grows, sorted in place.
type entryList struct {
	chunks [][]entry
	n      int
	cmp    func(a, b *entry) int // the order of sort
}

func (l *entryList) at(i int) *entry { return &l.chunks[i/chunkSize][i%chunkSize] }

func (l *entryList) add(e entry) {
	if l.n%chunkSize == 0 && l.n/chunkSize == len(l.chunks) {
		l.chunks = append(l.chunks, make([]entry, chunkSize))
	}
	*l.at(l.n) = e
	l.n++
}

// sort sorts the list by cmp.
func (l *entryList) sort(cmp func(a, b *entry) int) {
	l.cmp = cmp
	sort.Sort(l)
}

func (l *entryList) Len() int           { return l.n }
func (l *entryList) Less(i, j int) bool { return l.cmp(l.at(i), l.at(j)) < 0 }
func (l *entryList) Swap(i, j int)      { a, b := l.at(i), l.at(j); *a, *b = *b, *a }

// groups calls f with each run of consecutive entries that are same as the
// first of them, copied: what f changes in them is written back.
func (l *entryList) groups(same func(a, b *entry) bool, f func([]entry)) {
	var g []entry
	for i := 0; i < l.n; {
		g = append(g[:0], *l.at(i))
		j := i + 1
		for j < l.n && same(l.at(i), l.at(j)) {
			g = append(g, *l.at(j))
			j++
		}
		f(g)
		for k := range g {
			*l.at(i + k) = g[k]
		}
		i = j
	}
}

// compact removes the dropped entries, keeping the others in order.
func (l *entryList) compact() {
	w := 0
	for i := range l.n {
		if e := l.at(i); !e.dropped {
			*l.at(w) = *e
			w++
		}
	}
	l.n = w
	l.chunks = l.chunks[:(w+chunkSize-1)/chunkSize]
}

// settings are the search settings of an output that make its runs other
// rows than another's of the same heuristics: --prune and --order.
func settings(f *outFile) [2]string {
	if len(f.configs) == 0 {
		return [2]string{}
	}
	cfg := &f.configs[0]
	return [2]string{cmp.Or(cfg.Prune, "unrecorded"), cmp.Or(cfg.Order, "fixed")} // absent order: fixed
}

// relabel makes the runs of outputs whose settings differ (--prune,
// --order) other rows: each output's label names the settings that differ
// among the outputs, "pdb555 (order falling)", and c.heurs becomes the
// rows' labels, in the order of their first runs. An output without a
// configuration takes the first configured output's settings. With one
// setting of each, the rows are the heuristics as named; else c.rows
// counts what they are.
func (c *Collector) relabel() {
	var first *[2]string
	var seen [2][]string
	sets := make([][2]string, len(c.files))
	for i, f := range c.files {
		if len(f.configs) == 0 {
			continue
		}
		sets[i] = settings(f)
		if first == nil {
			first = &sets[i]
		}
		for k, v := range sets[i] {
			if !slices.Contains(seen[k], v) {
				seen[k] = append(seen[k], v)
			}
		}
	}
	names := [2]string{"prune", "order"}
	var differ []int // the settings whose values differ among the outputs
	for k := range seen {
		if len(seen[k]) > 1 {
			differ = append(differ, k)
		}
	}
	if len(differ) > 0 {
		c.rows = &RowSettings{}
		for _, k := range differ {
			c.rows.Flags = append(c.rows.Flags, "--"+names[k])
		}
	}
	for i, f := range c.files {
		if len(f.configs) == 0 && first != nil {
			sets[i] = *first
		}
		var parts []string
		for _, k := range differ {
			parts = append(parts, names[k]+" "+sets[i][k])
		}
		if len(parts) > 0 {
			f.label = " (" + strings.Join(parts, ", ") + ")"
		}
	}
	c.heurs = c.rowLabels()
}

// rowLabels maps each run to its row (the heuristic followed by its
// output's label) and returns the rows' labels, in the order of their
// first runs; with c.rows, it counts the heuristics and settings among
// the rows.
func (c *Collector) rowLabels() []string {
	// Each output's heuristics map to their rows once, not once a run.
	heurs, idx := []string(nil), map[string]uint16{}
	var bases, labels []string
	// rows[file][heuristic] is the row, or -1 before it is known; the rows
	// are numbered in the order the runs were read.
	rows := make([][]int32, len(c.files))
	for i := range c.entries.n {
		e := c.entries.at(i)
		if rows[e.file] == nil {
			rows[e.file] = slices.Repeat([]int32{-1}, len(c.heurs))
		}
		r := &rows[e.file][e.heur]
		if *r < 0 {
			base, label := c.heurs[e.heur], c.files[e.file].label
			*r = int32(intern(idx, &heurs, base+label))
			if !slices.Contains(bases, base) {
				bases = append(bases, base)
			}
			if !slices.Contains(labels, label) {
				labels = append(labels, label)
			}
		}
		e.heur = uint16(*r)
	}
	if c.rows != nil {
		c.rows.Heuristics, c.rows.Settings = len(bases), len(labels)
	}
	return heurs
}
