package report

import (
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// shardStream returns the output of shard k of n of a run of 4 instances
// of 8-puzzle under manhattan, complete, with table t's checksum sum.
func shardStream(k, n int, sum string) *record.Stream {
	s := &record.Stream{
		Headers:   []record.Provenance{{Tables: []record.TableChecksum{{Name: "8puzzle/exact", Checksum: sum}}}},
		Configs:   []record.Config{{Command: "bench", Puzzle: record.Puzzle8, Heuristics: []string{"manhattan"}, Repeat: 1, Shard: Shard{k, n}.String()}},
		Summaries: []record.Summary{{Complete: true}},
	}
	for i := 1; i <= 4; i++ {
		if (i-1)%n == k {
			s.Runs = append(s.Runs, record.Run{Puzzle: record.Puzzle8, Input: "in.txt", Line: i, Instance: i,
				Board: strings.Repeat("1 ", i) + "0", Heuristic: "manhattan", Status: record.StatusSolved})
			s.Summaries[0].Instances++
		}
	}
	return s
}

// TestCheckSetNamesWhatDiffers: each way a set breaks is named once, and
// a whole set has no problem.
func TestCheckSetNamesWhatDiffers(t *testing.T) {
	names := []string{"s0", "s1"}
	if p, n := CheckSet(names, []*record.Stream{shardStream(0, 2, "aa"), shardStream(1, 2, "aa")}); len(p) != 0 || len(n) != 0 {
		t.Fatalf("whole set: %q %q", p, n)
	}
	cases := []struct {
		name   string
		break_ func(s0, s1 *record.Stream)
		want   string
	}{
		{"table", func(s0, s1 *record.Stream) { s1.Headers[0].Tables[0].Checksum = "bb" }, "s1: the checksum of table 8puzzle/exact is bb here, aa in s0"},
		{"board", func(s0, s1 *record.Stream) { s1.Runs[0].Instance = 1 }, "s1: instance 1 is another board here than in s0"},
		{"interrupted", func(s0, s1 *record.Stream) {
			// Its summary counts the instances read before the signal, not
			// the shard's: the message says only the runs it holds.
			s1.Summaries[0].Complete = false
			s1.Summaries[0].Instances = 3
			r := s1.Runs[1]
			r.Heuristic, r.Status = "linear-conflict", record.StatusInterrupted
			s1.Runs = append(s1.Runs, r)
		}, "s1 (shard 1/2): incomplete: interrupted, holding 2 runs finished (rerun it with --resume)"},
		{"all interrupted", func(s0, s1 *record.Stream) {
			// Every run in flight at the signal: as incomplete as a shard
			// that finished some (exit 6 in bench report, as the Slurm test
			// expects of a cancelled shard).
			s1.Summaries[0].Complete = false
			for i := range s1.Runs {
				s1.Runs[i].Status = record.StatusInterrupted
			}
		}, "s1 (shard 1/2): incomplete: interrupted, holding 0 runs finished (rerun it with --resume)"},
		{"short", func(s0, s1 *record.Stream) { s1.Runs = s1.Runs[:1] }, "s1 (shard 1/2): incomplete: 1 of its 2 instances"},
		{"goal", func(s0, s1 *record.Stream) { s1.Configs[0].Goal = "blank-last" }, "--goal: (none) in s0, blank-last in s1"},
		{"repeat", func(s0, s1 *record.Stream) { s1.Configs[0].Repeat = 3 }, "--repeat: 1 in s0, 3 in s1"},
		{"count", func(s0, s1 *record.Stream) { s1.Configs[0].Shard = "1/3" }, "--shard 1/3, but s0 is --shard 0/2"},
	}
	for _, c := range cases {
		s0, s1 := shardStream(0, 2, "aa"), shardStream(1, 2, "aa")
		c.break_(s0, s1)
		p, _ := CheckSet(names, []*record.Stream{s0, s1})
		if !strings.Contains(strings.Join(p, "\n"), c.want) {
			t.Errorf("%s: problems %q, want %q", c.name, p, c.want)
		}
	}
}

// TestCheckSetNamesACutFirstLine: an output whose only line was cut short
// (its run stopped as it began to write) is said to be so, at that line,
// and an output with nothing at all is empty.
func TestCheckSetNamesACutFirstLine(t *testing.T) {
	names := []string{"s0", "cut", "none"}
	p, _ := CheckSet(names, []*record.Stream{shardStream(0, 1, "aa"), {Truncated: 1}, {}})
	got := strings.Join(p, "\n")
	for _, want := range []string{"cut: no whole record: line 1 is cut short", "none: empty: no records"} {
		if !strings.Contains(got, want) {
			t.Errorf("problems %q, want %q", p, want)
		}
	}
	if strings.Contains(got, "cut: empty") {
		t.Errorf("problems %q: the cut output is called empty", p)
	}
}
