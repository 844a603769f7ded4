package report

import (
	"fmt"
	"strconv"
	"strings"

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
	tables, boards := firstSeen{}, firstSeen{}
	for i, s := range streams {
		name := names[i]
		problems = append(problems, tables.checkTables(name, s)...)
		problems = append(problems, boards.checkBoards(name, s)...)
		if len(s.Configs) == 0 {
			notes = append(notes, fmt.Sprintf("%s: no configuration header (an older output): its shard, limits and completeness are not checked", name))
			continue
		}
		cfg := s.Configs[0]
		for _, c := range s.Configs[1:] {
			c.Inputs = cfg.Inputs // a resumed session may spell the inputs otherwise
			for _, d := range cfg.Diff(&c, "its first session", "a later one") {
				problems = append(problems, fmt.Sprintf("%s: its sessions disagree: %s", name, d))
			}
		}
		where := fmt.Sprintf("%s (shard %s)", name, cfg.Shard)
		shard, err := ParseShard(cfg.Shard)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		if cfg.Command == "solve" { // solve -o writes no summary line
			notes = append(notes, fmt.Sprintf("%s: an output of solve: its completeness is not checked", name))
		} else {
			problems = append(problems, completeness(where, s, shard)...)
		}
		if ref == nil {
			ref = &shardFile{name, cfg}
		} else {
			c := cfg
			c.Heuristics, c.Shard, c.Inputs = ref.cfg.Heuristics, ref.cfg.Shard, ref.cfg.Inputs
			for _, d := range ref.cfg.Diff(&c, ref.name, name) {
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
// interrupted last session (with the runs it finished), or fewer instances
// than it selected.
func completeness(where string, s *record.Stream, shard Shard) []string {
	var out []string
	done := map[key]bool{}
	interrupted := 0 // runs in flight when a signal came
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
	case !last.Complete: // how many instances the shard has is not known: it was not read to the end
		out = append(out, fmt.Sprintf("%s: incomplete: interrupted, holding %d runs finished%s (rerun it with --resume)",
			where, len(s.Runs)-interrupted, trunc))
	case len(done) < last.Instances:
		out = append(out, fmt.Sprintf("%s: incomplete: %d of its %d instances", where, len(done), last.Instances))
	case interrupted > 0 && trunc != "":
		out = append(out, fmt.Sprintf("%s: incomplete%s", where, trunc))
	}
	return out
}

// firstSeen maps a key (a table's name, an instance's number) to its value
// (checksum, board) and the output that gave it first.
type firstSeen map[string][2]string

// check records value for key from the output named name, and returns a
// disagreement with an earlier output, if any, naming what ("instance 5").
func (m firstSeen) check(name, key, what, value string) []string {
	if have, ok := m[key]; !ok {
		m[key] = [2]string{value, name}
	} else if have[0] != value {
		return []string{fmt.Sprintf("%s: %s is %s here, %s in %s", name, what, value, have[0], have[1])}
	}
	return nil
}

// checkTables checks the table checksums of output s against the outputs
// before it.
func (m firstSeen) checkTables(name string, s *record.Stream) []string {
	var out []string
	for _, h := range s.Headers {
		for _, t := range h.Tables {
			out = append(out, m.check(name, t.Name, "the checksum of table "+t.Name, t.Checksum)...)
		}
	}
	return out
}

// checkBoards checks that each instance number of output s names the board
// it names in the outputs before it.
func (m firstSeen) checkBoards(name string, s *record.Stream) []string {
	var out []string
	for _, r := range s.Runs {
		if r.Instance > 0 {
			n := strconv.Itoa(r.Instance)
			out = append(out, m.check(name, n, "instance "+n, strconv.Quote(r.Board))...)
		}
	}
	return out
}
