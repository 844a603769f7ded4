package record

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// TestReadPriorInParts: a solve output read in parts by several goroutines
// (parts of a few hundred bytes here) gives the Prior read in one pass:
// the same lines answered, counts, size, unfinished last line; and an
// error in a later part names the line the one pass names; and the boards
// of each input's first and last line answered (Spots).
func TestReadPriorInParts(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"in.txt"}}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	first, last := map[string]int{}, map[string]int{}
	for session := range 3 {
		b.Write(append(headerLine(t, cfg), '\n'))
		for line := 1; line <= 400; line++ {
			r := Run{Puzzle: PuzzleRotation, Input: fmt.Sprintf("in%d.txt", line%2), Line: line, Heuristic: "exact", Status: StatusSolved,
				Moves: "AB", Length: 2, Board: fmt.Sprintf("board of line %d", line)}
			switch rng.IntN(10) {
			case 0:
				continue
			case 1:
				r.Status, r.Moves, r.Length, r.Error = StatusLimit, "", 0, "node limit"
			case 2:
				r.Status, r.Moves, r.Length = StatusInterrupted, "", 0
			}
			if rng.IntN(3) == session {
				b.Write(AppendRun(nil, &r))
				if r.Status != StatusInterrupted && (first[r.Input] == 0 || line < first[r.Input]) {
					first[r.Input] = line
				}
				if r.Status != StatusInterrupted {
					last[r.Input] = max(last[r.Input], line)
				}
			}
		}
	}
	whole := b.String() + `{"puzzle":"rotation","in`
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	os.WriteFile(path, []byte(whole), 0o644)
	defer func(n int64) { partBytes = n }(partBytes)
	read := func(n int64) *Prior {
		partBytes = n
		p, err := ReadPrior(path, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	one, parts := read(1<<40), read(300)
	if one.Size != parts.Size || one.Truncated != parts.Truncated || one.Done != parts.Done || len(one.Headers) != len(parts.Headers) ||
		!reflect.DeepEqual(one.Config, parts.Config) || one.Truncated == 0 {
		t.Fatalf("in parts: size %d, truncated %d, %+v, %d headers; in one pass %d, %d, %+v, %d",
			parts.Size, parts.Truncated, parts.Done, len(parts.Headers), one.Size, one.Truncated, one.Done, len(one.Headers))
	}
	a, b2 := one.Answered(), parts.Answered()
	for line := 0; line <= 401; line++ {
		for _, in := range []string{"in0.txt", "in1.txt"} {
			if a(in, line) != b2(in, line) {
				t.Fatalf("%s line %d: answered %v in one pass, %v in parts", in, line, a(in, line), b2(in, line))
			}
		}
	}
	for _, in := range []string{"in0.txt", "in1.txt"} {
		want := []Spot{{first[in], fmt.Sprintf("board of line %d", first[in])}, {last[in], fmt.Sprintf("board of line %d", last[in])}}
		if !reflect.DeepEqual(one.Spots(in), want) || !reflect.DeepEqual(parts.Spots(in), want) {
			t.Fatalf("%s: spots %v in one pass, %v in parts; want %v", in, one.Spots(in), parts.Spots(in), want)
		}
	}
	lines := strings.SplitAfter(whole, "\n")
	lines[len(lines)*3/4] = "{\"puzzle\":\"rotation\",\"status\":\"nonsense\",\"line\":1}\n"
	os.WriteFile(path, []byte(strings.Join(lines, "")), 0o644)
	partBytes = 1 << 40
	_, err1 := ReadPrior(path, cfg)
	partBytes = 300
	_, err2 := ReadPrior(path, cfg)
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Fatalf("a bad line: %v in one pass, %v in parts", err1, err2)
	}
}

func headerLine(t *testing.T, cfg *Config) []byte {
	b, err := json.Marshal(&Header{Config: cfg})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestLineSetHasAll: hasAll agrees with has line by line on random sets
// and ranges across words and chunks.
func TestLineSetHasAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		s := &lineSet{}
		base := rng.IntN(3 * lineChunk)
		n := rng.IntN(600)
		for line := base; line < base+n; line++ {
			if rng.IntN(300) > 0 {
				s.add(line)
			}
		}
		for range 50 {
			first := base - 70 + rng.IntN(n+140)
			last := first + rng.IntN(200)
			want := first >= 0
			for line := first; line <= last && want; line++ {
				want = s.has(line)
			}
			if got := s.hasAll(first, last); got != want {
				t.Fatalf("trial %d: hasAll(%d, %d) = %v, want %v", trial, first, last, got, want)
			}
		}
	}
	var empty *lineSet
	if empty.hasAll(1, 1) || (&lineSet{}).hasAll(5, 4) {
		t.Fatal("an empty set or range holds lines")
	}
}

// TestReadPriorDropsLastLine: of a Rotation solve output, the runs of the
// last line answered (here many, over several parts, a session's header
// among them and one after them) are left out, read in one pass and in
// parts: the size ends before the line holding the first of them, the
// line is not answered, its runs are not counted, the headers after its
// start are gone. Not so when an interrupted run ends the file, nor of a
// sliding-tile output (one board a line).
func TestReadPriorDropsLastLine(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"in.txt"}}
	run := func(line int, st Status) []byte {
		r := Run{Puzzle: cfg.Puzzle, Input: "in.txt", Line: line, Heuristic: "exact", Status: st, Board: "1 2 3"}
		if st == StatusSolved {
			r.Moves, r.Length = "AB", 2
		}
		return AppendRun(nil, &r)
	}
	build := func(last Status) (data []byte, keep int) {
		data = append(headerLine(t, cfg), '\n')
		for line := 1; line <= 20; line++ {
			data = append(data, run(line, StatusSolved)...)
		}
		keep = len(data)
		for k := range 30 {
			if k == 10 {
				data = append(append(data, headerLine(t, cfg)...), '\n')
			}
			data = append(data, run(21, StatusSolved)...)
		}
		data = append(append(data, headerLine(t, cfg)...), '\n')
		if last != "" {
			data = append(data, run(22, last)...)
		}
		return data, keep
	}
	path := filepath.Join(t.TempDir(), "out.jsonl")
	defer func(n int64) { partBytes = n }(partBytes)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8)) // parts of 300 bytes: 8 of them
	for _, c := range []struct {
		puzzle string
		last   Status
	}{{PuzzleRotation, ""}, {PuzzleRotation, StatusInterrupted}, {"15puzzle", ""}} {
		cfg.Puzzle = c.puzzle
		data, keep := build(c.last)
		os.WriteFile(path, data, 0o644)
		for _, parts := range []int64{1 << 40, 300} {
			partBytes = parts
			p, err := ReadPrior(path, cfg)
			if err != nil {
				t.Fatal(err)
			}
			drop := c.puzzle == PuzzleRotation && c.last == ""
			wantSize, wantRuns, wantHeaders := int64(keep), 20, 1
			if !drop {
				wantSize, wantRuns, wantHeaders = int64(len(data)), 50, 3
			}
			answered := p.Answered()
			if p.Size != wantSize || p.Done.Runs != wantRuns || len(p.Headers) != wantHeaders || !answered("in.txt", 20) ||
				answered("in.txt", 21) == drop || answered("in.txt", 22) {
				t.Fatalf("%s, last %q, parts of %d bytes: size %d, %d runs, %d headers, line 21 answered %v; want %d, %d, %d, %v",
					c.puzzle, c.last, parts, p.Size, p.Done.Runs, len(p.Headers), answered("in.txt", 21), wantSize, wantRuns, wantHeaders, !drop)
			}
		}
	}
}

// TestReadPriorInputsByPosition: a solve resumed knows its inputs by
// position: another spelling of each is taken (Input names them as the
// file does), another number of inputs, or one name for two of the file's
// inputs, is refused; a bench output takes other inputs (its instances
// are known by number).
func TestReadPriorInputsByPosition(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: Puzzle8, Heuristics: []string{"manhattan"}, Repeat: 1, Shard: "0/1", Inputs: []string{"a.txt", "b.txt"}}
	path := filepath.Join(t.TempDir(), "out.jsonl")
	for _, c := range []struct {
		command string
		inputs  []string
		err     string
	}{
		{"solve", []string{"./a.txt", "/x/b.txt"}, ""},
		{"solve", []string{"a.txt"}, "inputs: 2 (a.txt b.txt) in " + path + ", 1 (a.txt) in this run"},
		{"solve", []string{"c.txt", "c.txt"}, "inputs 1 and 2 are both c.txt in this run, but a.txt and b.txt in " + path},
		{"bench", []string{"c.txt"}, ""},
	} {
		file := *cfg
		file.Command = c.command
		os.WriteFile(path, append(headerLine(t, &file), '\n'), 0o644)
		now := file
		now.Inputs = c.inputs
		p, err := ReadPrior(path, &now)
		if c.err == "" && (err != nil || p.Input(1) != "b.txt") || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Fatalf("%s %v: %v; want error %q", c.command, c.inputs, err, c.err)
		}
	}
}
