package report

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// CheckSet checks that the outputs named names, read into streams, make one
// whole set to merge: every output of a run (outputs with the same
// heuristics) has the same number of shards N, each shard K of N present
// exactly once and complete (its last summary says so, and it holds as
// many instances as it selected), and every output agrees on the puzzle,
// goal, limits, repeats, instance selection and table checksums; an
// instance number names one board everywhere. It returns the problems, each
// naming the file, shard and field, and notes on what could not be
// checked (outputs without a configuration header, written by an older
// pdbsolve or by solve without -o). A set with no problems is complete.
func CheckSet(names []string, streams []*record.Stream) (problems, notes []string) {
	type shardFile struct {
		name string
		cfg  record.Config
	}
	var ref *shardFile
	groups := map[string][]shardFile{}
	var groupOrder []string
	tables := map[string]string{}    // table name -> checksum
	tableFrom := map[string]string{} // table name -> file
	boards := map[int]string{}       // instance -> board
	boardFrom := map[int]string{}
	for i, s := range streams {
		name := names[i]
		for _, h := range s.Headers {
			for _, t := range h.Tables {
				if c, ok := tables[t.Name]; ok && c != t.Checksum {
					problems = append(problems, fmt.Sprintf("%s: table %s has checksum %s, %s's has %s", name, t.Name, t.Checksum, tableFrom[t.Name], c))
				} else if !ok {
					tables[t.Name], tableFrom[t.Name] = t.Checksum, name
				}
			}
		}
		for _, r := range s.Runs {
			if r.Instance <= 0 {
				continue
			}
			if b, ok := boards[r.Instance]; ok && b != r.Board {
				problems = append(problems, fmt.Sprintf("%s: instance %d is board %q, in %s it is %q", name, r.Instance, r.Board, boardFrom[r.Instance], b))
			} else if !ok {
				boards[r.Instance], boardFrom[r.Instance] = r.Board, name
			}
		}
		if len(s.Configs) == 0 {
			notes = append(notes, fmt.Sprintf("%s: no configuration header (an older output): its shard, limits and completeness are not checked", name))
			continue
		}
		cfg := s.Configs[0]
		for _, c := range s.Configs[1:] {
			for _, d := range ConfigDiff(&cfg, &c, "its first session", "a later one") {
				problems = append(problems, fmt.Sprintf("%s: its sessions disagree: %s", name, d))
			}
		}
		where := fmt.Sprintf("%s (shard %s)", name, cfg.Shard)
		shard, err := ParseShard(cfg.Shard)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: shard %q: %v", name, cfg.Shard, err))
			continue
		}
		problems = append(problems, completeness(where, s, shard)...)
		if ref == nil {
			ref = &shardFile{name, cfg}
		} else {
			c := cfg
			c.Heuristics, c.Shard, c.Inputs = ref.cfg.Heuristics, ref.cfg.Shard, ref.cfg.Inputs
			for _, d := range ConfigDiff(&ref.cfg, &c, ref.name, name) {
				problems = append(problems, fmt.Sprintf("%s: %s", where, d))
			}
		}
		g := strings.Join(cfg.Heuristics, ",")
		if _, ok := groups[g]; !ok {
			groupOrder = append(groupOrder, g)
		}
		groups[g] = append(groups[g], shardFile{name, cfg})
	}
	for _, g := range groupOrder {
		files := groups[g]
		first, _ := ParseShard(files[0].cfg.Shard)
		byK := make([][]string, first.N)
		for _, f := range files {
			sh, _ := ParseShard(f.cfg.Shard)
			if sh.N != first.N {
				problems = append(problems, fmt.Sprintf("%s: --shard %s, but %s is --shard %s: one run has one shard count",
					f.name, f.cfg.Shard, files[0].name, files[0].cfg.Shard))
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
	}
	return problems, notes
}

// completeness lists how the output s of shard is not complete: no
// summary (a killed writer, with the unfinished line it left), an
// interrupted last session, or fewer instances than it selected.
func completeness(where string, s *record.Stream, shard Shard) []string {
	var out []string
	done := map[key]bool{}
	interrupted := 0
	for i := range s.Runs {
		r := &s.Runs[i]
		done[keyOf(r)] = true
		if r.Status == record.StatusInterrupted {
			interrupted++
		}
		if r.Instance > 0 && !shard.Has(r.Instance-1) {
			out = append(out, fmt.Sprintf("%s: instance %d does not belong to shard %s", where, r.Instance, shard))
		}
	}
	trunc := ""
	if s.Truncated > 0 {
		trunc = fmt.Sprintf("; line %d is unfinished (its writer was killed)", s.Truncated)
	}
	if len(s.Summaries) == 0 {
		return append(out, fmt.Sprintf("%s: incomplete: no summary line, %d instances%s", where, len(done), trunc))
	}
	last := s.Summaries[len(s.Summaries)-1]
	switch {
	case !last.Complete:
		out = append(out, fmt.Sprintf("%s: incomplete: interrupted with %d of its %d instances run%s (rerun it with --resume)",
			where, len(done), last.Instances, trunc))
	case len(done) < last.Instances:
		out = append(out, fmt.Sprintf("%s: incomplete: %d of its %d instances", where, len(done), last.Instances))
	case interrupted > 0 && trunc != "":
		out = append(out, fmt.Sprintf("%s: incomplete%s", where, trunc))
	}
	return out
}

// ConfigDiff lists the fields in which b differs from a, each as "FLAG:
// A in aName, B in bName" (FLAG the command-line flag that sets the field).
func ConfigDiff(a, b *record.Config, aName, bName string) []string {
	var out []string
	diff := func(flag, x, y string) {
		if x != y {
			out = append(out, fmt.Sprintf("%s: %s in %s, %s in %s", flag, x, aName, y, bName))
		}
	}
	diff("command", a.Command, b.Command)
	diff("puzzle", a.Puzzle, b.Puzzle)
	diff("--goal", a.Goal, b.Goal)
	diff("--heuristic", strings.Join(a.Heuristics, ","), strings.Join(b.Heuristics, ","))
	diff("--max-nodes", strconv.FormatUint(a.MaxNodes, 10), strconv.FormatUint(b.MaxNodes, 10))
	diff("--timeout", fmtNS(a.TimeoutNS), fmtNS(b.TimeoutNS))
	diff("--repeat", strconv.Itoa(a.Repeat), strconv.Itoa(b.Repeat))
	diff("--shard", a.Shard, b.Shard)
	diff("--instances", orAll(a.Instances), orAll(b.Instances))
	if !slices.Equal(a.Inputs, b.Inputs) {
		out = append(out, fmt.Sprintf("inputs: %s in %s, %s in %s", strings.Join(a.Inputs, " "), aName, strings.Join(b.Inputs, " "), bName))
	}
	return out
}

func fmtNS(ns int64) string {
	if ns == 0 {
		return "0 (none)"
	}
	return fmt.Sprint(timeDuration(ns))
}

func orAll(s string) string {
	if s == "" {
		return "(all)"
	}
	return s
}

// timeDuration converts nanoseconds to a time.Duration for printing.
func timeDuration(ns int64) time.Duration { return time.Duration(ns) }
