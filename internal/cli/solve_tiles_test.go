package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
)

// tilesTestTables is the table directory of the tiles CLI tests:
// $PDBSOLVE_TEST_TABLES when set (shared with the search tests, as .ci/run
// arranges), else this test binary's own temporary one (TestMain); never
// the user's $PDBSOLVE_TABLES.
func tilesTestTables() string {
	if d := os.Getenv("PDBSOLVE_TEST_TABLES"); d != "" {
		return d
	}
	return tablesDir
}

func runTiles(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	args = append([]string{"--tables", tilesTestTables()}, args...)
	code = Run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// TestSolveTilesAOJSamples solves the AOJ samples in their format; the
// 15-puzzle's with pdb663+reflect, not the 4x4 default, whose 7-tile tables
// take about a minute of CPU to build.
func TestSolveTilesAOJSamples(t *testing.T) {
	out, errs, code := runTiles(t, "1 3 0\n4 2 5\n7 8 6\n", "solve", "8puzzle", "--goal", "blank-last", "--format", "aoj")
	if out != "4\n" || code != ExitOK {
		t.Fatalf("8puzzle: %q, %q, exit %d", out, errs, code)
	}
	out, errs, code = runTiles(t, "1 2 3 4\n6 7 8 0\n5 10 11 12\n9 13 14 15\n", "solve", "15puzzle", "--goal", "blank-last", "--format", "aoj",
		"--heuristic", "pdb663+reflect")
	if out != "8\n" || code != ExitOK {
		t.Fatalf("15puzzle: %q, %q, exit %d", out, errs, code)
	}
}

const tilesMixed = `# mixed records
1 3 0 4 2 5 7 8 6

1 2 3
4 5 6
7 0 8
1 2 3 4 5 6 8 7 0
1 2 3 4 5 6 7 8
1 2 3 4 5 6 7 0 8
1 2 3 4 5 6 7 7 0
9 1 2 3 4 5 6 7 8
1 2 3 4 5 6 7 8 0 1
`

func TestSolveTilesBadRecords(t *testing.T) {
	out, errs, code := runTiles(t, tilesMixed, "solve", "8puzzle", "--goal", "blank-last", "--format", "text")
	if out != "4 LDRD\n1 R\n1 R\n" || code != ExitBadInput {
		t.Fatalf("stdout %q, exit %d", out, code)
	}
	want := []string{"stdin:7: ", "unsolvable", "stdin:8: ", "wrong number of tiles: got 8", "stdin:10: ", "duplicate tile",
		"stdin:11: ", "not a tile of the board", "stdin:12: ", "got 10"}
	at := 0
	for _, w := range want {
		i := strings.Index(errs[at:], w)
		if i < 0 {
			t.Fatalf("stderr lacks %q in order:\n%s", w, errs)
		}
		at += i
	}
	out, _, _ = runTiles(t, tilesMixed, "solve", "8puzzle", "--goal", "blank-last", "--format", "json", "-j", "2")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 {
		t.Fatalf("%d JSON lines, want 8:\n%s", len(lines), out)
	}
	wantLines := []int{2, 4, 7, 8, 9, 10, 11, 12}
	for i, l := range lines {
		var rec struct {
			Line   int    `json:"line"`
			Length *int   `json:"length"`
			Error  string `json:"error"`
		}
		if err := json.Unmarshal([]byte(l), &rec); err != nil {
			t.Fatalf("line %q: %v", l, err)
		}
		if rec.Line != wantLines[i] || (rec.Length == nil) == (rec.Error == "") {
			t.Fatalf("record %d: %q", i, l)
		}
	}
}

// TestSolveTilesWorkersKeepOrder solves an input of several 64 KiB chunks,
// with multi-line boards and bad records among them, with 1, 2 and 7
// workers and with the input arriving in random pieces: the output (stdout
// and stderr interleaved) must not change, and every answer must be right.
func TestSolveTilesWorkersKeepOrder(t *testing.T) {
	const boards = 13000
	gen, _, code := runTiles(t, "", "random", "8puzzle", "-n", itoa(boards), "--seed", "7")
	if code != ExitOK || strings.Count(gen, "\n") != boards {
		t.Fatalf("random: exit %d, %d lines", code, strings.Count(gen, "\n"))
	}
	again, _, _ := runTiles(t, "", "random", "8puzzle", "-n", itoa(boards), "--seed", "7")
	if again != gen {
		t.Fatal("same seed, different boards")
	}
	// want lists, per record, the board ("" for a bad one) and the line
	// its answer or error names.
	type record struct {
		board string
		line  int
	}
	var in strings.Builder
	var want []record
	line := 1
	for i, b := range strings.Split(strings.TrimSpace(gen), "\n") {
		switch {
		case i%997 == 13: // too few tiles, closed by the next board
			in.WriteString("1 2 3 4 5 6 7 8\n")
			want = append(want, record{"", line})
			line++
		case i%991 == 7: // a tile out of range, on the third line
			in.WriteString("# bad\n1 2 3\n4 5 6\n\n7 9 0\n")
			want = append(want, record{"", line + 4})
			line += 5
		case i%983 == 5: // unsolvable
			in.WriteString("2 1 3 4 5 6 7 8 0\n")
			want = append(want, record{"", line})
			line++
		}
		if i%3 == 1 { // three lines
			f := strings.Fields(b)
			for r := 0; r < 3; r++ {
				in.WriteString(strings.Join(f[3*r:3*r+3], " ") + "\n")
			}
			want = append(want, record{b, line})
			line += 3
			continue
		}
		in.WriteString(b + "\n")
		want = append(want, record{b, line})
		line++
	}
	input := in.String()
	if len(input) <= 3*batch.ChunkSize {
		t.Fatalf("input of %d bytes fits in 3 chunks", len(input))
	}
	args := []string{"solve", "8puzzle", "--heuristic", "exact"}
	one, code := runTilesPieces(input, nil, append(args, "-j", "1")...)
	if code != ExitBadInput {
		t.Fatalf("-j 1: exit %d", code)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var cuts []int
	for at := 0; at < len(input); at += 1 + rng.IntN(2*batch.ChunkSize/3) {
		cuts = append(cuts, at)
	}
	for _, j := range []string{"2", "7"} {
		for _, c := range [][]int{nil, cuts} {
			if got, code := runTilesPieces(input, c, append(args, "-j", j)...); got != one || code != ExitBadInput {
				t.Fatalf("-j %s, %d pieces: exit %d, output differs from -j 1", j, len(c)+1, code)
			}
		}
	}
	got := strings.Split(strings.TrimSuffix(one, "\n"), "\n")
	if len(got) != len(want) {
		t.Fatalf("%d output lines for %d records", len(got), len(want))
	}
	for i, w := range want {
		l := got[i]
		if w.board == "" {
			if !strings.HasPrefix(l, "stdin:"+itoa(w.line)+": ") {
				t.Fatalf("record %d: %q, want an error at line %d", i, l, w.line)
			}
			continue
		}
		b, _ := bitboard.ParseTiles(strings.Fields(w.board), 3, 3)
		f := strings.Fields(l)
		moves := ""
		if len(f) > 1 {
			moves = f[1]
		}
		end, err := b.Apply(moves)
		if err != nil || !end.IsGoal(bitboard.BlankFirst) || f[0] != itoa(len(moves)) {
			t.Fatalf("record %d (line %d) %q: answer %q", i, w.line, w.board, l)
		}
	}
	// Heuristics agree on the answers (IDA* tries moves in a fixed order).
	first := strings.Join(strings.SplitAfter(gen, "\n")[:300], "")
	ex, _, _ := runTiles(t, first, "solve", "8puzzle", "-j", "2")
	lc, _, _ := runTiles(t, first, "solve", "8puzzle", "-j", "2", "--heuristic", "linear-conflict")
	if ex != lc || strings.Count(ex, "\n") != 300 {
		t.Fatal("exact and linear-conflict answers differ")
	}
	walk, _, _ := runTiles(t, "", "random", "15puzzle", "-n", "3", "--walk", "0", "--goal", "blank-last")
	if walk != strings.Repeat("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n", 3) {
		t.Fatalf("walk 0: %q", walk)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestSolveTilesUsageAndLimits(t *testing.T) {
	if _, errs, code := runTiles(t, "", "solve", "15puzzle", "--heuristic", "pdb99"); code != ExitUsage || !strings.Contains(errs, "pdb99") {
		t.Fatalf("bad heuristic: exit %d, %q", code, errs)
	}
	if _, _, code := runTiles(t, "", "solve", "15puzzle", "--goal", "blank-middle"); code != ExitUsage {
		t.Fatalf("bad goal: exit %d", code)
	}
	korf1 := "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3\n"
	out, errs, code := runTiles(t, korf1, "solve", "15puzzle", "--heuristic", "manhattan", "--max-nodes", "10000")
	if code != ExitLimit || out != "" || !strings.Contains(errs, "stdin:1: ") || !strings.Contains(errs, "limit") {
		t.Fatalf("limit: %q %q exit %d", out, errs, code)
	}
	// In JSON, the error object of a limit carries the search's statistics.
	out, _, code = runTiles(t, "\n"+korf1, "solve", "15puzzle", "--heuristic", "manhattan", "--max-nodes", "10000", "--format", "json")
	if _, err := recordtest.Check([]byte(out)); err != nil {
		t.Fatalf("limit, JSON against the schema: %v", err)
	}
	var rec struct {
		File      string  `json:"input"`
		Status    string  `json:"status"`
		Line      int     `json:"line"`
		Error     string  `json:"error"`
		Generated *uint64 `json:"generated"`
		Bound     *int    `json:"bound"`
	}
	if err := json.Unmarshal([]byte(out), &rec); err != nil || code != ExitLimit || strings.Count(out, "\n") != 1 ||
		rec.File != "-" || rec.Status != "limit" || rec.Line != 2 || !strings.Contains(rec.Error, "limit") ||
		rec.Generated == nil || *rec.Generated < 10000 || rec.Bound == nil {
		t.Fatalf("limit, JSON: %q exit %d (%v)", out, code, err)
	}
}

func TestGenTiles(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	code := Run(context.Background(), []string{"--tables", dir, "gen", "8puzzle"}, strings.NewReader(""), &out, &errb)
	if code != ExitOK || !strings.Contains(errb.String(), "8puzzle/exact") {
		t.Fatalf("gen: exit %d, %q", code, errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "8puzzle-exact.pdb")); err != nil {
		t.Fatal(err)
	}
	if code := Run(context.Background(), []string{"--tables", dir, "gen", "15puzzle", "--pdb", "99"}, strings.NewReader(""), &out, &errb); code != ExitUsage {
		t.Fatalf("gen --pdb 99: exit %d", code)
	}
}

// piecesReader hands out its data in the given pieces, one a Read, the way
// a pipe written in several writes does.
type piecesReader struct{ pieces [][]byte }

func (r *piecesReader) Read(p []byte) (int, error) {
	for len(r.pieces) > 0 && len(r.pieces[0]) == 0 {
		r.pieces = r.pieces[1:]
	}
	if len(r.pieces) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.pieces[0])
	r.pieces[0] = r.pieces[0][n:]
	return n, nil
}

// runTilesPieces runs the CLI with stdin arriving in pieces cut at cuts,
// stdout and stderr going to one buffer so their interleaving shows; the
// lines that announce a table's build are left out (whether one comes
// depends on the tests run before, which share the table cache).
func runTilesPieces(in string, cuts []int, args ...string) (string, int) {
	var pieces [][]byte
	at := 0
	for _, c := range cuts {
		pieces = append(pieces, []byte(in[at:c]))
		at = c
	}
	pieces = append(pieces, []byte(in[at:]))
	var out bytes.Buffer
	args = append([]string{"--tables", tilesTestTables()}, args...)
	code := Run(context.Background(), args, &piecesReader{pieces}, &out, &out)
	building := regexp.MustCompile(`(?m)^pdbsolve: table \S+ is not in the cache; building .*\n`)
	return building.ReplaceAllString(out.String(), ""), code
}

// TestSolveTilesUnicodeSpaceChunking is the NBSP repro of the review: the
// same bytes, arriving in one write or two, must give the same answers.
// Only ASCII white space separates fields, so "1\u00a02" is one bad field.
func TestSolveTilesUnicodeSpaceChunking(t *testing.T) {
	in := "1\xc2\xa02 3 4 5 6 7 8 0\n1\n2 3 4 5 6 7 8 0\n1\n"
	args := []string{"solve", "8puzzle", "--goal", "blank-last", "-j", "1"}
	one, code := runTilesPieces(in, nil, args...)
	want := "stdin:1: field 1: not a tile of the board: got \"1\\u00a02\", want an integer 0..8\n" +
		"stdin:3: 2 3 4 5 6 7 8 0 1 is unsolvable for the blank-last goal\n"
	if one != want || code != ExitBadInput {
		t.Fatalf("one write: exit %d\n%s\nwant\n%s", code, one, want)
	}
	for cut := 0; cut <= len(in); cut++ {
		got, code := runTilesPieces(in, []int{cut}, args...)
		if got != one || code != ExitBadInput {
			t.Fatalf("cut at %d: exit %d\n%s\nwant, as in one write:\n%s", cut, code, got, one)
		}
	}
}

// TestSolveTilesErrorLine: an error about a field names the line the field
// is on; an error about the whole board names the line it starts on.
func TestSolveTilesErrorLine(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1 2 3\n4 5 6\n7 9 0\n", "stdin:3: field 8: "},
		{"1 2 3\n4 5 6\n\n# c\n7 8 8\n", "stdin:5: field 9: "},
		{"1 2 3\n4 x 6\n7 8 0\n", "stdin:2: field 5: "},
		{"\n1 2 3\n4 5 6\n7 0\n", "stdin:2: wrong number"},
		{"1 2 3\n4 5 6\n8 7 0\n", "stdin:1: "},
	} {
		_, errs, code := runTiles(t, c.in, "solve", "8puzzle", "--goal", "blank-last")
		if code != ExitBadInput || !strings.HasPrefix(errs, c.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q, want one error starting %q", c.in, code, errs, c.want)
		}
		out, _, _ := runTiles(t, c.in, "solve", "8puzzle", "--goal", "blank-last", "--format", "json")
		var rec struct {
			Line  int    `json:"line"`
			Error string `json:"error"`
		}
		if err := json.Unmarshal([]byte(out), &rec); err != nil || rec.Error == "" ||
			"stdin:"+itoa(rec.Line)+": " != c.want[:strings.Index(c.want, " ")+1] {
			t.Errorf("%q: JSON %q, want the line of %q", c.in, out, c.want)
		}
	}
}

// TestSplitSameAnswers: with -j 2, --split on, off and auto give the same
// answers and node counts, the first optimal solution in move order: on
// 15-puzzles whose last iterations are big enough to be split (more than a
// million nodes), alone (auto then splits: fewer boards than workers) and
// together, and on 3x3 and 3x4 boards (issue 20, item 5).
func TestSplitSameAnswers(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds of searching")
	}
	for _, c := range []struct {
		args   []string
		boards string
	}{
		{[]string{"15puzzle", "--heuristic", "linear-conflict"}, "15 7 3 2 5 0 11 14 13 4 12 10 1 8 6 9\n" +
			"4 7 13 6 10 5 1 8 11 3 0 2 12 14 15 9\n2 14 8 6 12 3 4 9 11 5 0 1 13 10 7 15\n"},
		{[]string{"15puzzle", "--heuristic", "linear-conflict", "--instances", "2"}, "15 7 3 2 5 0 11 14 13 4 12 10 1 8 6 9\n" +
			"4 7 13 6 10 5 1 8 11 3 0 2 12 14 15 9\n"},
		{[]string{"8puzzle", "--heuristic", "manhattan"}, "4 3 1 5 2 8 6 7 0\n0 1 3 5 7 4 6 2 8\n8 1 4 2 6 7 0 5 3\n"},
		{[]string{"tiles", "--size", "3x4", "--heuristic", "manhattan"}, "7 3 5 1 9 6 2 4 11 10 8 0\n1 6 4 7 8 0 2 3 11 10 5 9\n"},
	} {
		var want string
		for _, split := range []string{"off", "on", "auto"} {
			args := append(append([]string{"-j", "2", "solve"}, c.args...), "--split", split, "--format", "json")
			out, errs, code := runTiles(t, c.boards, args...)
			if code != ExitOK {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			var got []string
			for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
				var r struct {
					Moves               string
					Expanded, Generated uint64
				}
				if err := json.Unmarshal([]byte(l), &r); err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%s %d %d", r.Moves, r.Expanded, r.Generated))
			}
			if split == "off" {
				want = strings.Join(got, "\n")
			} else if g := strings.Join(got, "\n"); g != want {
				t.Errorf("%v: answers\n%s\nwant (--split off)\n%s", args, g, want)
			}
		}
	}
}

// TestSolveHelpGoalDefault: solve --help shows no fixed default for --goal,
// which --format aoj switches to blank-last, and says so in its usage.
func TestSolveHelpGoalDefault(t *testing.T) {
	code, out, _ := run(t, "", "solve", "8puzzle", "--help")
	line := flagHelp(out, "goal")
	if code != ExitOK || strings.Count(line, "default") != 1 || !strings.Contains(line, "blank-last with --format aoj") {
		t.Errorf("solve --help, --goal: exit %d, %q", code, line)
	}
}

// TestUnsolvableWording: solve, bench and verify word an unsolvable board
// alike, in their text and in their JSON records.
func TestUnsolvableWording(t *testing.T) {
	const board = "0 2 1 3 4 5 6 7 8" // two tiles swapped: odd, off the blank-first goal
	const want = board + " is unsolvable for the blank-first goal"
	dir := t.TempDir()
	in, answers := filepath.Join(dir, "in.txt"), filepath.Join(dir, "answers.txt")
	os.WriteFile(in, []byte(board+"\n"), 0o644)
	os.WriteFile(answers, nil, 0o644)
	h := []string{"--heuristic", "manhattan"}
	for _, c := range []struct {
		args   []string
		stderr bool   // the message is on stderr (else standard output)
		field  string // the JSON field holding it, or "" for a text line
	}{
		{[]string{"solve", "8puzzle", in}, true, ""},
		{[]string{"solve", "8puzzle", "--format", "json", in}, false, "error"},
		{[]string{"bench", "8puzzle", in}, true, ""},
		{[]string{"bench", "8puzzle", "--format", "json", in}, false, "error"},
		{[]string{"verify", "8puzzle", "--input", in, "--solutions", answers}, false, ""},
		{[]string{"verify", "8puzzle", "--format", "json", "--input", in, "--solutions", answers}, false, "detail"},
	} {
		code, out, errs := run(t, "", append(c.args, h...)...)
		text := map[bool]string{true: errs, false: out}[c.stderr]
		if c.field != "" {
			text = ""
			for _, line := range strings.Split(out, "\n") {
				var r map[string]any
				if json.Unmarshal([]byte(line), &r) == nil && r[c.field] != nil {
					text = fmt.Sprint(r[c.field])
				}
			}
			if text != want {
				t.Errorf("%v: %s %q, want %q", c.args, c.field, text, want)
			}
		} else if !strings.Contains(text, in+":1") || !strings.Contains(text, want) {
			t.Errorf("%v: exit %d, %q, want a line naming %s:1 and saying %q", c.args, code, text, in, want)
		}
		if code != ExitBadInput {
			t.Errorf("%v: exit %d, want %d", c.args, code, ExitBadInput)
		}
	}
}
