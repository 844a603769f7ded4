package record

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestReadPriorInParts: a solve output read in parts by several goroutines
// (parts of a few hundred bytes here) gives the Prior read in one pass:
// the same lines answered, counts, size, unfinished last line; and an
// error in a later part names the line the one pass names.
func TestReadPriorInParts(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"in.txt"}}
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	for session := range 3 {
		b.Write(append(headerLine(t, cfg), '\n'))
		for line := 1; line <= 400; line++ {
			r := Run{Puzzle: PuzzleRotation, Input: fmt.Sprintf("in%d.txt", line%2), Line: line, Heuristic: "exact", Status: StatusSolved,
				Moves: "AB", Length: 2, Board: "1 2 3"}
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
