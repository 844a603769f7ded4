package report

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/search"
)

// korfRuns reads one of the three bench runs of the first 20 Korf
// instances (manhattan, linear-conflict, pdb555, pdb663+reflect, 20M
// generated nodes at most), measured by bench before the record schema
// and kept as their runs in JSON Lines.
func korfRuns(t testing.TB, k int) []record.Run {
	name := fmt.Sprintf("testdata/korf20-run%d.jsonl", k)
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	s, err := record.ReadStream(f, name)
	if err != nil {
		t.Fatal(err)
	}
	return s.Runs
}

// TestBuildMatchesObvious checks a report of real runs against sums
// computed plainly from the runs.
func TestBuildMatchesObvious(t *testing.T) {
	runs := korfRuns(t, 1)
	rep, err := Build(runs, Options{Baseline: "pdb555"})
	if err != nil {
		t.Fatal(err)
	}
	heurs := []string{"manhattan", "linear-conflict", "pdb555", "pdb663+reflect"}
	// Instances every heuristic solved, found the long way.
	var paired []int
	for line := 2; line <= 21; line++ {
		all := true
		for _, r := range runs {
			if r.Line == line && r.Status != record.StatusSolved {
				all = false
			}
		}
		if all {
			paired = append(paired, line)
		}
	}
	if rep.Instances != 20 || rep.PairedInstances != len(paired) || rep.Baseline != "pdb555" || len(rep.Disagreements) != 0 {
		t.Fatalf("report %+v; paired %v", rep, paired)
	}
	var baseGen float64
	for _, r := range runs {
		if r.Heuristic == "pdb555" && slices.Contains(paired, r.Line) {
			baseGen += float64(r.Generated)
		}
	}
	for h, name := range heurs {
		s := rep.Heuristics[h]
		var solved, limit int
		var allGen, allTime, pGen, pTime, length float64
		for _, r := range runs {
			if r.Heuristic != name {
				continue
			}
			switch r.Status {
			case record.StatusSolved:
				solved++
			case record.StatusLimit:
				limit++
			}
			allGen += float64(r.Generated)
			allTime += float64(r.TimeNS)
			if slices.Contains(paired, r.Line) {
				pGen += float64(r.Generated)
				pTime += float64(r.TimeNS)
				length += float64(r.Length)
			}
		}
		if s.Heuristic != name || s.Solved != solved || s.Censored != limit || s.Errors != 0 || s.Instances != 20 ||
			s.All.Generated.Total != allGen || s.All.TimeNS.Total != allTime || s.All.Generated.Censored != limit ||
			s.All.Generated.Mean != allGen/20 || s.Paired.Generated.Total != pGen || s.Paired.TimeNS.Total != pTime ||
			s.Paired.Generated.Censored != 0 || s.MeanLength != length/float64(len(paired)) || *s.Ratio != pGen/baseGen {
			t.Errorf("%s: %+v; want solved %d limit %d gen %v time %v paired gen %v time %v", name, s, solved, limit, allGen, allTime, pGen, pTime)
		}
	}
	// Known from the published optimal lengths of Korf's instances 1-3
	// (57, 55, 59 moves): every solved run agrees.
	for _, c := range []struct{ line, length int }{{2, 57}, {3, 55}, {4, 59}} {
		for h := range heurs {
			cell := rep.Cells[h][c.line-2]
			if cell.Status == record.StatusSolved && cell.Length != c.length || cell.Status == record.StatusLimit && cell.Bound > c.length {
				t.Errorf("line %d, %s: %+v; optimal %d", c.line, heurs[h], cell, c.length)
			}
		}
	}
}

// TestRepeatsFold folds three real runs of the same instances as repeats.
func TestRepeatsFold(t *testing.T) {
	var runs []record.Run
	times := map[string][]int64{}
	for k := 1; k <= 3; k++ {
		for _, r := range korfRuns(t, k) {
			r.Repeat = k
			runs = append(runs, r)
			id := r.Heuristic + ":" + strconv.Itoa(r.Line)
			times[id] = append(times[id], r.TimeNS)
		}
	}
	rep, err := Build(runs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Repeats != 3 || len(rep.Disagreements) != 0 {
		t.Fatalf("repeats %d, disagreements %v", rep.Repeats, rep.Disagreements)
	}
	for h, s := range rep.Heuristics {
		var spreads []float64
		for b, in := range rep.Boards {
			c := rep.Cells[h][b]
			ts := times[s.Heuristic+":"+strconv.Itoa(in.Line)]
			slices.Sort(ts)
			if c.Repeats != 3 || c.TimeNS != ts[1] || c.MinTimeNS != ts[0] || c.MaxTimeNS != ts[2] {
				t.Fatalf("%s line %d: %+v; times %v", s.Heuristic, in.Line, c, ts)
			}
			spreads = append(spreads, float64(ts[2]-ts[0])/float64(ts[1]))
		}
		slices.Sort(spreads)
		if s.TimeSpread == nil || s.TimeSpread.MedianRel != spreads[9] || s.TimeSpread.MaxRel != spreads[19] {
			t.Errorf("%s: spread %+v, want median %v max %v", s.Heuristic, s.TimeSpread, spreads[9], spreads[19])
		}
	}
	var table bytes.Buffer
	rep.WriteTable(&table)
	if !strings.Contains(table.String(), "time spread") || !strings.Contains(table.String(), "up to 3 runs") {
		t.Errorf("table:\n%s", table.String())
	}
}

// benchTiles solves the 8-puzzle boards of one shard under each heuristic
// and returns what bench writes: a provenance header, the runs and the
// report of them.
func benchTiles(t testing.TB, boards []bitboard.Tiles, heurs []string, sh Shard, lim search.Limits) []byte {
	var head bytes.Buffer
	if err := provenance.WriteJSON(&head, provenance.Collect([]string{"pdbsolve", "bench", "--shard", sh.String()}, time.Now())); err != nil {
		t.Fatal(err)
	}
	out := head.Bytes()
	var runs []record.Run
	for _, name := range heurs {
		h, err := search.LoadTilesHeuristic(nil, 3, 3, name)
		if err != nil {
			t.Fatal(err)
		}
		s := search.NewTilesSolver(h)
		for i, b := range boards {
			if !sh.Has(i) {
				continue
			}
			r := record.Run{Puzzle: record.Puzzle8, Input: "boards.txt", Line: i + 2, Instance: i + 1, Board: b.String(),
				Goal: "blank-first", Heuristic: name}
			moves, st, err := s.Solve(b, bitboard.BlankFirst, lim)
			switch {
			case err == nil:
				r.Status, r.Moves, r.Length = record.StatusSolved, string(moves), len(moves)
			case errors.Is(err, search.ErrLimit):
				r.Status, r.Error = record.StatusLimit, "node limit"
			default:
				r.Status, r.Error = record.StatusError, err.Error()
			}
			r.SetStats(&st, true)
			out = record.AppendRun(out, &r)
			runs = append(runs, r)
		}
	}
	rep, err := Build(runs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var tail bytes.Buffer
	if err := rep.WriteJSON(&tail); err != nil {
		t.Fatal(err)
	}
	out = append(out, tail.Bytes()...)
	if _, err := recordtest.Check(out); err != nil {
		t.Fatal(err)
	}
	return out
}

// withoutTimes zeroes every time in a report.
func withoutTimes(rep *Report) {
	for h := range rep.Heuristics {
		s := &rep.Heuristics[h]
		s.All.TimeNS, s.Paired.TimeNS, s.TimeSpread = Stat{Censored: s.All.TimeNS.Censored}, Stat{}, nil
	}
	for h := range rep.Cells {
		for b := range rep.Cells[h] {
			c := &rep.Cells[h][b]
			c.TimeNS, c.MinTimeNS, c.MaxTimeNS = 0, 0, 0
		}
	}
}

// TestShardsMergeToUnsharded runs real 8-puzzle solves whole and in three
// shards, merges the shards' JSON outputs and compares the reports.
func TestShardsMergeToUnsharded(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var boards []bitboard.Tiles
	for range 40 {
		boards = append(boards, bitboard.RandomTiles(r, 3, 3, bitboard.BlankFirst))
	}
	heurs := []string{"manhattan", "linear-conflict"}
	lim := search.Limits{MaxNodes: 3000} // censors some manhattan runs
	whole, err := record.ReadStream(bytes.NewReader(benchTiles(t, boards, heurs, Shard{0, 1}, lim)), "whole.json")
	if err != nil {
		t.Fatal(err)
	}
	var shards []*record.Stream
	for k := 2; k >= 0; k-- { // in any order
		s, err := record.ReadStream(bytes.NewReader(benchTiles(t, boards, heurs, Shard{k, 3}, lim)), fmt.Sprintf("shard%d.json", k))
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	merged, _, err := Merge(shards...)
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Headers) != 3 || len(merged.Runs) != len(whole.Runs) || merged.Headers[0].Command[3] != "2/3" {
		t.Fatalf("merged %d headers, %d runs; want 3 and %d", len(merged.Headers), len(merged.Runs), len(whole.Runs))
	}
	a, err := Build(whole.Runs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Build(merged.Runs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Heuristics[0].Censored == 0 || a.Heuristics[0].Solved == 0 || a.PairedInstances == 0 {
		t.Fatalf("the test wants both solved and censored runs: %+v", a.Heuristics[0])
	}
	withoutTimes(a)
	withoutTimes(b)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("merged shards differ from the unsharded run:\n%+v\n%+v", a, b)
	}
	var ja, jb bytes.Buffer
	a.WriteJSON(&ja)
	b.WriteJSON(&jb)
	if ja.String() != jb.String() {
		t.Fatalf("JSON differs:\n%s\n%s", ja.String(), jb.String())
	}
	// The same through files, as bench report reads them.
	dir := t.TempDir()
	var names []string
	for k := range 3 {
		name := fmt.Sprintf("%s/shard%d.json", dir, k)
		if err := os.WriteFile(name, benchTiles(t, boards, heurs, Shard{k, 3}, lim), 0o644); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	col := NewCollector()
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		err = col.Read(f, name)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	if p, _ := col.Check(); len(p) > 0 {
		t.Fatalf("the shards are not a whole set: %q", p)
	}
	c, _, _, err := col.Report(Options{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	withoutTimes(c)
	if !reflect.DeepEqual(a, c) {
		t.Fatalf("merged shard files differ from the unsharded run")
	}
	// A shard merged twice counts its runs once, with a note; a run that
	// appears twice with other results is refused.
	twice, notes, err := Merge(shards[0], shards[0])
	if err != nil || len(twice.Runs) != len(shards[0].Runs) || len(notes) != 1 {
		t.Errorf("shard merged twice: %d runs of %d, notes %q, %v", len(twice.Runs), len(shards[0].Runs), notes, err)
	}
	other := *shards[0]
	other.Runs = slices.Clone(other.Runs)
	other.Runs[0].Generated++
	if _, _, err := Merge(shards[0], &other); !errors.Is(err, ErrDuplicate) {
		t.Errorf("duplicate run with other results: %v", err)
	}
}

func TestShardParse(t *testing.T) {
	for in, want := range map[string]Shard{"": {0, 1}, "0/1": {0, 1}, "3/4": {3, 4}} {
		if got, err := ParseShard(in); err != nil || got != want {
			t.Errorf("ParseShard(%q) = %v, %v", in, got, err)
		}
	}
	for _, in := range []string{"4/4", "-1/4", "1/0", "1", "a/b", "1/2/3"} {
		if _, err := ParseShard(in); !errors.Is(err, ErrShard) {
			t.Errorf("ParseShard(%q): %v", in, err)
		}
	}
	// Every instance is in exactly one shard.
	for n := 1; n <= 5; n++ {
		for i := range 50 {
			in := 0
			for k := range n {
				if (Shard{k, n}).Has(i) {
					in++
				}
			}
			if in != 1 {
				t.Fatalf("instance %d is in %d of %d shards", i, in, n)
			}
		}
	}
}

func TestBuildErrors(t *testing.T) {
	runs := korfRuns(t, 1)
	if _, err := Build(nil, Options{}); !errors.Is(err, ErrNoRuns) {
		t.Error(err)
	}
	if _, err := Build(runs, Options{Baseline: "pdb78"}); !errors.Is(err, ErrBaseline) {
		t.Error(err)
	}
	dup := append(slices.Clone(runs), runs[5])
	if _, err := Build(dup, Options{}); !errors.Is(err, ErrDuplicate) {
		t.Error(err)
	}
	mixed := slices.Clone(runs)
	mixed[3].Puzzle = record.Puzzle8
	if _, err := Build(mixed, Options{}); !errors.Is(err, ErrMixed) {
		t.Error(err)
	}
	// A lower bound above a length another heuristic found, and two
	// lengths that differ, are disagreements.
	bad := slices.Clone(runs)
	for i := range bad {
		if bad[i].Line == 2 && bad[i].Heuristic == "manhattan" {
			bad[i].Bound = 58 // instance 1 is 57 moves
		}
		if bad[i].Line == 3 && bad[i].Heuristic == "pdb555" {
			bad[i].Length = 54
		}
	}
	rep, err := Build(bad, Options{})
	if err != nil || len(rep.Disagreements) != 2 {
		t.Fatalf("%v %q", err, rep.Disagreements)
	}
}

// TestWriters checks the three outputs against the report they come from.
func TestWriters(t *testing.T) {
	rep, err := Build(korfRuns(t, 1), Options{Order: []string{"pdb663+reflect", "nonesuch"}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Heuristics[0].Heuristic != "pdb663+reflect" || rep.Baseline != "pdb663+reflect" {
		t.Fatalf("order: %s, baseline %s", rep.Heuristics[0].Heuristic, rep.Baseline)
	}
	var j bytes.Buffer
	if err := rep.WriteJSON(&j); err != nil {
		t.Fatal(err)
	}
	if kinds, err := recordtest.Check(j.Bytes()); err != nil || kinds[0] != "report" {
		t.Fatalf("%v %v", kinds, err)
	}
	var back struct{ Report Report }
	d := json.NewDecoder(&j)
	d.DisallowUnknownFields()
	if err := d.Decode(&back); err != nil {
		t.Fatal(err)
	}
	back.Report.Boards, back.Report.Cells, back.Report.LastRecorded, back.Report.CPURecorded = rep.Boards, rep.Cells, rep.LastRecorded, rep.CPURecorded
	if !reflect.DeepEqual(&back.Report, rep) {
		t.Fatalf("JSON round trip:\n%+v\n%+v", back.Report, *rep)
	}

	var c bytes.Buffer
	if err := rep.WriteCSV(&c); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&c).ReadAll()
	if err != nil || len(rows) != 1+len(rep.Heuristics) {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for h, s := range rep.Heuristics {
		row := map[string]string{}
		for i, k := range rows[0] {
			row[k] = rows[h+1][i]
		}
		gen, _ := strconv.ParseFloat(row["all_generated"], 64)
		pgen, _ := strconv.ParseFloat(row["paired_generated"], 64)
		if row["heuristic"] != s.Heuristic || row["censored"] != strconv.Itoa(s.Censored) || gen != s.All.Generated.Total ||
			pgen != s.Paired.Generated.Total {
			t.Errorf("row %v for %+v", row, s)
		}
	}

	var tb bytes.Buffer
	if err := rep.WriteTable(&tb); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(tb.String(), "\n")
	// Heading, two header rows, one row per heuristic: aligned, so of one width.
	for _, l := range lines[2 : 3+len(rep.Heuristics)] {
		if len(l) != len(lines[2]) {
			t.Errorf("unaligned table:\n%s", tb.String())
			break
		}
	}
	for _, s := range rep.Heuristics {
		row := lines[3+slices.IndexFunc(rep.Heuristics, func(x Summary) bool { return x.Heuristic == s.Heuristic })]
		if (s.Censored > 0) != strings.Contains(row, ">=") || !strings.Contains(row, fint(s.All.Generated.Total)) {
			t.Errorf("row %q for %+v", row, s)
		}
	}
	if !strings.Contains(tb.String(), ">= : ") {
		t.Errorf("no note on >=:\n%s", tb.String())
	}
	var in bytes.Buffer
	if err := rep.writeInstances(&in); err != nil || strings.Count(in.String(), "\n") != 1+80 {
		t.Errorf("%v:\n%s", err, in.String())
	}
}

// TestTableAndCSVTidy: no line of the text table (with the spread column
// of repeats and without) ends in a space, and the CSV's time columns are
// whole nanoseconds, the rounded means and totals, where the means of
// these runs are not whole.
func TestTableAndCSVTidy(t *testing.T) {
	var repeated []record.Run // two runs of each instance: a spread column
	for k := 1; k <= 2; k++ {
		for _, r := range korfRuns(t, k) {
			r.Repeat = k
			repeated = append(repeated, r)
		}
	}
	for _, runs := range [][]record.Run{korfRuns(t, 1), repeated} {
		rep, err := Build(runs, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var tb, cb bytes.Buffer
		if err := rep.WriteTable(&tb); err != nil {
			t.Fatal(err)
		}
		for i, l := range strings.Split(tb.String(), "\n") {
			if strings.HasSuffix(l, " ") {
				t.Errorf("table line %d ends in a space: %q", i+1, l)
			}
		}
		if err := rep.WriteCSV(&cb); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&cb).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		fractions := 0
		for h, s := range rep.Heuristics {
			want := map[string]float64{"all_time_ns": s.All.TimeNS.Total, "all_mean_time_ns": s.All.TimeNS.Mean,
				"paired_time_ns": s.Paired.TimeNS.Total, "paired_mean_time_ns": s.Paired.TimeNS.Mean}
			for i, k := range rows[0] {
				x, ok := want[k]
				if !ok {
					continue
				}
				if x != math.Round(x) {
					fractions++
				}
				if got := rows[h+1][i]; got != strconv.FormatInt(int64(math.Round(x)), 10) {
					t.Errorf("%s %s = %q, want %v rounded to the nanosecond", s.Heuristic, k, got, x)
				}
			}
		}
		if fractions == 0 {
			t.Errorf("no mean time has a fraction of a nanosecond: the test tests nothing")
		}
	}
}

func TestFormats(t *testing.T) {
	for ns, want := range map[float64]string{35: "35ns", 9610: "9.61us", 137.14e6: "137ms", 999.96e6: "1000ms", 6.28e9: "6.28s", 21.34e9: "21.3s"} {
		if got := fns(ns); got != want {
			t.Errorf("fns(%v) = %q, want %q", ns, got, want)
		}
	}
	for x, want := range map[float64]string{0: "0", 999: "999", 1000: "1,000", 324850746: "324,850,746"} {
		if got := fint(x); got != want {
			t.Errorf("fint(%v) = %q, want %q", x, got, want)
		}
	}
}

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 tables", 1: "1 table", 2: "2 tables", 1000: "1000 tables"} {
		if got := Count(n, "table"); got != want {
			t.Errorf("Count(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestProvenanceNotes(t *testing.T) {
	a := record.Provenance{Version: "devel", Commit: "abc", GoVersion: "go1.26.8", CPU: "Xeon", Cores: 2,
		Tables: []record.TableChecksum{{Name: "15puzzle/blank0-12.13.14-md", Checksum: "e2bef30a", Pinned: true}}}
	if n := ProvenanceNotes([]record.Provenance{a, a, a}); n != nil {
		t.Errorf("the same provenance: %q", n)
	}
	b := a
	b.CPU, b.Commit = "EPYC", "def"
	b.Tables = []record.TableChecksum{{Name: "15puzzle/blank0-12.13.14-md", Checksum: "00000000"}}
	n := ProvenanceNotes([]record.Provenance{a, b, a})
	if len(n) != 3 || !strings.Contains(n[0], "devel abc; devel def") || !strings.Contains(n[1], "Xeon; EPYC") ||
		!strings.Contains(n[2], "e2bef30a, 00000000") {
		t.Errorf("%q", n)
	}
}

// TestWrite: each format of Write is made of the writers it names, in
// order: JSON Lines of the schema (header, every run, report), CSV after
// the provenance comments, the table and its instance rows.
func TestWrite(t *testing.T) {
	runs := korfRuns(t, 1)
	rep, err := Build(runs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	prov := record.Provenance{Version: "devel", Commit: "unknown", GoVersion: "go1.26.8", OS: "linux/amd64", CPU: "x", Cores: 2,
		Date: "2026-11-29T23:30:00Z", Command: []string{"pdbsolve", "bench", "report"}, Tables: []record.TableChecksum{}}
	write := func(format string, perInstance bool) string {
		var b bytes.Buffer
		if err := rep.Write(&b, format, perInstance, prov, runs); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	kinds, err := recordtest.Check([]byte(write("json", false)))
	if err != nil || len(kinds) != 2+len(runs) || kinds[0] != "header" || kinds[1] != "run" || kinds[len(kinds)-1] != "report" {
		t.Fatalf("json: %d lines, %v", len(kinds), err)
	}
	var csvProv, table, instances bytes.Buffer
	provenance.WriteCSV(&csvProv, prov)
	rep.WriteTable(&table)
	rep.writeInstances(&instances)
	var want bytes.Buffer
	rep.WriteCSV(&want)
	if got := write("csv", false); got != csvProv.String()+want.String() {
		t.Errorf("csv:\n%s", got)
	}
	want.Reset()
	rep.writeCSVRuns(&want, runs)
	if got := write("csv", true); got != csvProv.String()+want.String() {
		t.Errorf("csv --per-instance:\n%s", got)
	}
	if got := write("table", false); got != table.String() {
		t.Errorf("table:\n%s", got)
	}
	if got := write("table", true); got != table.String()+"\n"+instances.String() {
		t.Errorf("table --per-instance:\n%s", got)
	}
}

// TestMergeOrder: merged runs come in the order of the unsharded run, by
// instance, each instance's runs in the order they came; runs without a
// number by input and line.
func TestMergeOrder(t *testing.T) {
	run := func(instance int, input string, line int, h string) record.Run {
		return record.Run{Puzzle: record.Puzzle8, Input: input, Line: line, Instance: instance, Heuristic: h, Status: record.StatusSolved}
	}
	s1 := &record.Stream{Runs: []record.Run{run(2, "a", 2, "m"), run(2, "a", 2, "lc"), run(0, "b", 9, "m"), run(0, "a", 3, "m")}}
	s0 := &record.Stream{Runs: []record.Run{run(3, "a", 3, "lc"), run(3, "a", 3, "m"), run(1, "a", 1, "m")}}
	m, _, err := Merge(s1, s0)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range m.Runs {
		got = append(got, fmt.Sprintf("%d %s:%d %s", r.Instance, r.Input, r.Line, r.Heuristic))
	}
	want := []string{"0 a:3 m", "0 b:9 m", "1 a:1 m", "2 a:2 m", "2 a:2 lc", "3 a:3 lc", "3 a:3 m"}
	if !slices.Equal(got, want) {
		t.Errorf("merged order %q, want %q", got, want)
	}
}

// TestTextNoMeanH0WithoutRuns: in the text table a heuristic that never ran
// (a bench interrupted before it) shows "-" for its mean h0, not 0.00.
func TestTextNoMeanH0WithoutRuns(t *testing.T) {
	rep := &Report{Baseline: "a", Heuristics: []Summary{{Heuristic: "a", Instances: 1, Solved: 1, MeanH0: 3, All: Columns{Instances: 1}}, {Heuristic: "b"}}}
	var b bytes.Buffer
	if err := rep.Write(&b, "text", false, record.Provenance{}, nil); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); strings.Contains(out, "0.00") || !strings.Contains(out, "3.00") {
		t.Errorf("table:\n%s", out)
	}
}
