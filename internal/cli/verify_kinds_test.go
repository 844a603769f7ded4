package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVerifyPassesOverBenchSummary: a bench -o file is an answers input
// whose summary line (its last) answers no board: with the shard's runs
// paired by line, the boards of the other shard are missing, not wrong,
// and nothing is extra. Its runs keep no moves: no-moves, not ok.
func TestVerifyPassesOverBenchSummary(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "s0.jsonl")
	os.WriteFile(boards, []byte("1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n1 2 0 3 4 5 6 7 8\n"), 0o644)
	if code, _, errs := run(t, "", "bench", "8puzzle", "--heuristic", "manhattan", "--shard", "0/2", "-o", answers, boards); code != ExitOK {
		t.Fatalf("bench: exit %d: %s", code, errs)
	}
	if data := readPath(t, answers); !strings.Contains(data, "\n"+`{"summary":`) {
		t.Fatalf("bench -o wrote no summary line:\n%s", data)
	}
	code, out, errs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers, "--instances", "1-4")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"no-moves", "missing", "no-moves", "missing"}
	if code != ExitBadInput || len(lines) != 5 || !strings.Contains(lines[4], "4 records: 0 ok, 0 wrong,") ||
		!strings.Contains(lines[4], " 2 no-moves, 2 missing,") ||
		!strings.HasSuffix(lines[4], " 0 extra answers") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	wantVerdicts(t, lines, want)
}

// wantVerdicts checks that the text verdict lines begin with the verdicts
// want, in order (the third field, "VERDICT" or "VERDICT:").
func wantVerdicts(t *testing.T, lines, want []string) {
	t.Helper()
	for i, k := range want {
		if f := strings.Fields(lines[i]); len(f) < 3 || strings.TrimSuffix(f[2], ":") != k {
			t.Errorf("record %d: %q, want %s", i+1, lines[i], k)
		}
	}
}

// TestVerifyRefusesAnswersOfAnotherPuzzle: JSON answers whose header or
// first run names another puzzle are refused before any verdict, with
// exit status 1, from a file or standard input.
func TestVerifyRefusesAnswersOfAnotherPuzzle(t *testing.T) {
	dir := t.TempDir()
	boards15, boards8 := filepath.Join(dir, "15.txt"), filepath.Join(dir, "8.txt")
	withHeader, runsOnly := filepath.Join(dir, "h.jsonl"), filepath.Join(dir, "r.jsonl")
	os.WriteFile(boards15, []byte("1 0 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n4 1 2 3 0 5 6 7 8 9 10 11 12 13 14 15\n"), 0o644)
	os.WriteFile(boards8, []byte("1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n"), 0o644)
	if code, _, errs := run(t, "", "solve", "15puzzle", "--heuristic", "manhattan", "-o", withHeader, boards15); code != ExitOK {
		t.Fatalf("solve -o: exit %d: %s", code, errs)
	}
	code, out, errs := run(t, "", "solve", "15puzzle", "--heuristic", "manhattan", "--format", "json", boards15)
	if code != ExitOK {
		t.Fatalf("solve: exit %d: %s", code, errs)
	}
	os.WriteFile(runsOnly, []byte(out), 0o644)
	for _, c := range []struct{ name, solutions, stdin, where string }{
		{"header", withHeader, "", "h.jsonl:1: "},
		{"runs", runsOnly, "", "r.jsonl:1: "},
		{"stdin", "-", out, "stdin:1: "},
	} {
		code, out, errs := run(t, c.stdin, "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards8, "--solutions", c.solutions)
		if code != ExitBadInput || out != "" ||
			!strings.Contains(errs, c.where+"the answers are of another puzzle: the 15puzzle, not the 8puzzle") {
			t.Errorf("%s: exit %d, stderr %q:\n%s", c.name, code, errs, out)
		}
	}
	// The 15-puzzle's own answers are fine.
	if code, out, errs := run(t, "", "verify", "15puzzle", "--heuristic", "manhattan", "--input", boards15, "--solutions", withHeader); code != ExitOK {
		t.Errorf("15puzzle: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestVerifyVerdictLengthsWhenKnown: a JSON verdict has "length" and
// "optimal" when the answer was read and the board solved (0 for a board
// at the goal), and neither for a bad or unsolvable board or a missing
// answer; the text verdict of a bad board names its line once.
func TestVerifyVerdictLengthsWhenKnown(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt")
	// At the goal, one move from it, a bad tile, unsolvable (a swapped
	// pair), and one without an answer left.
	os.WriteFile(boards, []byte("0 1 2 3 4 5 6 7 8\n1 0 2 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 9\n0 2 1 3 4 5 6 7 8\n1 0 2 3 4 5 6 7 8\n"), 0o644)
	os.WriteFile(answers, []byte("0\n1 L\n"), 0o644)
	code, out, errs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--format", "json", "--input", boards, "--solutions", answers)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitBadInput || len(lines) != 6 {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	for i, want := range []struct {
		verdict         string
		length, optimal string // "" for absent
	}{{"ok", "0", "0"}, {"ok", "1", "1"}, {"bad-board", "", ""}, {"unsolvable", "", ""}, {"missing", "", ""}} {
		var v map[string]json.RawMessage
		if err := json.Unmarshal([]byte(lines[i]), &v); err != nil {
			t.Fatal(err)
		}
		if string(v["verdict"]) != `"`+want.verdict+`"` || string(v["length"]) != want.length || string(v["optimal"]) != want.optimal {
			t.Errorf("verdict %d: %s, want %s, length %q, optimal %q", i+1, lines[i], want.verdict, want.length, want.optimal)
		}
	}
	_, out, _ = run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers)
	if want := "b.txt:3 - bad-board: field 9: "; !strings.Contains(out, want) {
		t.Errorf("text: want %q in\n%s", want, out)
	}
}

// TestVerifyAnswersWithoutMoves: an answer that gives a length but no
// moves proves nothing about solving, so it is never ok (exit 1), even at
// the optimal length: a text line "LENGTH" among "LENGTH MOVES" lines,
// named by its file and line; a solve -o file with its moves deleted; the
// runs of bench, which keeps no moves, for sliding tiles and the Rotation
// Game. The same answers with their moves are ok.
func TestVerifyAnswersWithoutMoves(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		writeFileT(t, filepath.Join(dir, name), text)
		return filepath.Join(dir, name)
	}
	// 1, 1 and 2 moves from the blank-first goal: the blank moves L; U; U then L.
	boards := write("b.txt", "1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n")
	verify := func(puzzle, boards, answers string, more ...string) (int, []string) {
		args := append([]string{"verify", puzzle, "--input", boards, "--solutions", answers}, more...)
		if puzzle == "8puzzle" {
			args = append(args, "--heuristic", "manhattan")
		}
		code, out, errs := run(t, "", args...)
		if errs != "" && !strings.Contains(errs, "is not in the cache") {
			t.Errorf("%s: stderr %q", answers, errs)
		}
		return code, strings.Split(strings.TrimSpace(out), "\n")
	}
	text := write("a.txt", "1 L\n1 U\n2 UL\n")
	if code, lines := verify("8puzzle", boards, text); code != ExitOK || !strings.HasPrefix(lines[3], "3 records: 3 ok,") {
		t.Errorf("text answers with moves: exit %d: %q", code, lines)
	}
	text = write("a.txt", "1 L\n1\n2 UL\n")
	code, lines := verify("8puzzle", boards, text)
	if code != ExitBadInput || len(lines) != 4 || !strings.HasPrefix(lines[1], boards+":2 "+text+":2 no-moves: ") ||
		!strings.HasPrefix(lines[3], "3 records: 2 ok,") || !strings.Contains(lines[3], " 1 no-moves,") {
		t.Errorf("a length alone: exit %d: %q", code, lines)
	}
	wantVerdicts(t, lines, []string{"ok", "no-moves", "ok"})

	// solve -o's file, then the same with "moves" deleted from every run.
	solved := filepath.Join(dir, "s.jsonl")
	if code, _, errs := run(t, "", "solve", "8puzzle", "--heuristic", "manhattan", "-o", solved, boards); code != ExitOK {
		t.Fatalf("solve -o: exit %d: %s", code, errs)
	}
	if code, lines := verify("8puzzle", boards, solved); code != ExitOK || !strings.HasPrefix(lines[3], "3 records: 3 ok,") {
		t.Errorf("solve -o: exit %d: %q", code, lines)
	}
	var stripped strings.Builder
	for _, l := range strings.SplitAfter(readPath(t, solved), "\n") {
		var v map[string]json.RawMessage
		if json.Unmarshal([]byte(l), &v) == nil && v["status"] != nil {
			delete(v, "moves")
			b, _ := json.Marshal(v)
			l = string(b) + "\n"
		}
		stripped.WriteString(l)
	}
	if strings.Contains(stripped.String(), `"moves"`) || strings.Count(stripped.String(), `"status":"solved"`) != 3 {
		t.Fatalf("moves not deleted:\n%s", stripped.String())
	}
	noMoves := write("n.jsonl", stripped.String())
	code, lines = verify("8puzzle", boards, noMoves)
	if code != ExitBadInput || len(lines) != 4 || !strings.HasPrefix(lines[3], "3 records: 0 ok,") || !strings.Contains(lines[3], " 3 no-moves,") {
		t.Errorf("solve -o without moves: exit %d: %q", code, lines)
	}
	wantVerdicts(t, lines, []string{"no-moves", "no-moves", "no-moves"})
	_, jsonOut, _ := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", noMoves, "--format", "json")
	if !strings.Contains(jsonOut, `"verdict":"no-moves",`) || !strings.Contains(jsonOut, `"length":2,"optimal":2}`) ||
		!strings.Contains(jsonOut, `"no_moves":3,`) {
		t.Errorf("--format json: the length and the optimum are reported, the verdict no-moves:\n%s", jsonOut)
	}

	// bench's runs: the 8-puzzle boards, and the Rotation Game's judge
	// sample (answers AC and DDHH: 2 and 4 moves).
	bench8, benchRot := filepath.Join(dir, "bench8.jsonl"), filepath.Join(dir, "benchr.jsonl")
	rotation := filepath.Join("testdata", "rotation-sample.txt")
	for _, c := range []struct{ puzzle, heuristic, boards, out string }{
		{"8puzzle", "manhattan", boards, bench8}, {"rotation", "exact", rotation, benchRot},
	} {
		if code, _, errs := run(t, "", "bench", c.puzzle, "--heuristic", c.heuristic, "-o", c.out, c.boards); code != ExitOK {
			t.Fatalf("bench %s: exit %d: %s", c.puzzle, code, errs)
		}
	}
	if code, lines := verify("8puzzle", boards, bench8); code != ExitBadInput || len(lines) != 4 || !strings.Contains(lines[3], " 3 no-moves,") {
		t.Errorf("bench 8puzzle: exit %d: %q", code, lines)
	} else {
		wantVerdicts(t, lines, []string{"no-moves", "no-moves", "no-moves"})
	}
	if code, lines := verify("rotation", rotation, benchRot); code != ExitBadInput || len(lines) != 3 ||
		!strings.HasPrefix(lines[2], "2 records: 0 ok,") || !strings.Contains(lines[2], " 2 no-moves,") {
		t.Errorf("bench rotation: exit %d: %q", code, lines)
	} else {
		wantVerdicts(t, lines, []string{"no-moves", "no-moves"})
	}
}
