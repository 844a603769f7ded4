package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/internal/verify"
	"github.com/pdbsolve/pdbsolve/search"
)

func TestBenchRotation(t *testing.T) {
	_, boards, _ := run(t, "", "random", "rotation", "-n", "15", "--seed", "4")
	svg := filepath.Join(t.TempDir(), "nodes.svg")
	code, out, errs := run(t, boards, "bench", "rotation", "--heuristic", "exact,exact-ida,count", "--plot", svg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"15 instances", "exact", "exact-ida", "count", "15/15"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "exact-ida") {
		t.Fatalf("plot: %v, %d bytes", err, len(b))
	}

	code, out, _ = run(t, boards, "bench", "rotation", "--heuristic", "exact-ida,count,exact", "--format", "json", "--per-instance")
	var doc struct {
		Instances int             `json:"instances"`
		Summary   []bench.Summary `json:"summary"`
		Rows      []instanceRow   `json:"per_instance"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 {
		t.Fatalf("json: exit %d, %v:\n%s", code, err, out)
	}
	if doc.Instances != 15 || len(doc.Summary) != 3 || len(doc.Rows) != 45 {
		t.Fatalf("json: %d instances, %d summaries, %d rows", doc.Instances, len(doc.Summary), len(doc.Rows))
	}
	ex, ct, pt := doc.Summary[0], doc.Summary[1], doc.Summary[2]
	if ex.Solved != 15 || ct.Solved != 15 || ex.MeanLength != ct.MeanLength || ct.Ratio <= 1 || ex.Ratio != 1 {
		t.Fatalf("summaries: %+v %+v", ex, ct)
	}
	if pt.Solved != 15 || pt.Generated != 0 || pt.MeanLength != ex.MeanLength {
		t.Fatalf("path table: %+v", pt)
	}
	if ex.MeanH0 != ex.MeanLength || ct.MeanH0 > ex.MeanH0 {
		t.Fatalf("mean h0: exact %.2f (length %.2f), count %.2f", ex.MeanH0, ex.MeanLength, ct.MeanH0)
	}
	for i := 0; i < len(doc.Rows); i += 3 {
		r := doc.Rows[i : i+3]
		if r[0].Length != r[1].Length || r[0].Moves != r[2].Moves || r[0].Instance != i/3+1 {
			t.Fatalf("rows %d..%d: %+v", i, i+2, r)
		}
	}

	code, out, _ = run(t, boards, "bench", "rotation", "--heuristic", "exact,count", "--max-nodes", "50", "--format", "csv")
	if code != ExitLimit || !strings.HasPrefix(out, "heuristic,instances,solved,censored") {
		t.Fatalf("censored csv: exit %d:\n%s", code, out)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 3 || strings.Split(lines[2], ",")[3] == "0" {
		t.Fatalf("count with 50 nodes should be censored on some boards:\n%s", out)
	}
}

func TestBenchTiles(t *testing.T) {
	code, out, errs := run(t, readFile(t, "bench-8puzzle.txt"), "bench", "8puzzle", "--heuristic", "manhattan,linear-conflict,exact", "--format", "csv")
	if code != 0 || strings.Count(out, "\n") != 4 || !strings.Contains(out, "exact,3,3,0,0,") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	// A bad tile names the line it is on, not the board's first line.
	if code, _, errs = run(t, "1 2 3\n4 5 6\n7 9 0\n", "bench", "8puzzle", "--heuristic", "manhattan"); code != ExitBadInput || !strings.HasPrefix(errs, "stdin:3: field 8") {
		t.Fatalf("bad tile: exit %d, stderr %q", code, errs)
	}
	// An unsolvable board is an error of every heuristic, and exit status 1.
	code, _, errs = run(t, "8 1 2 0 4 3 7 6 5\n", "bench", "8puzzle", "--heuristic", "manhattan,exact")
	if code != ExitBadInput || strings.Count(errs, "unsolvable") != 2 {
		t.Fatalf("unsolvable board: exit %d, stderr %q", code, errs)
	}
}

// otherOptimal returns a move string of the given length other than best
// that solves b, by trying every string of that length.
func otherOptimal(b bitboard.Rotation, n int, best string) string {
	var try func(prefix string, x bitboard.Rotation) string
	try = func(prefix string, x bitboard.Rotation) string {
		if len(prefix) == n {
			if x.Centre() != 0 && prefix != best {
				return prefix
			}
			return ""
		}
		for m := 0; m < bitboard.RotationMoves; m++ {
			if s := try(prefix+string(bitboard.RotationMoveNames[m]), x.Move(m)); s != "" {
				return s
			}
		}
		return ""
	}
	return try("", b)
}

func TestVerifyRotationCatchesBadAnswers(t *testing.T) {
	// Short boards, so another optimal answer can be found by brute force.
	dist := newTestRotationSolver(t)
	var boards, answers strings.Builder
	kinds := []string{search.VerdictOK.String(), search.VerdictWrong.String(), search.VerdictSymbol.String(), search.VerdictNotOptimal.String(), search.VerdictNotSmallest.String(), search.VerdictWrong.String()}
	b, _ := bitboard.ParseRotation([]byte("1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 3 3 3"))
	boardsOf := []bitboard.Rotation{b.Move(0).Move(2), b.Move(1), b.Move(3).Move(3), b.Move(2), b.Move(0).Move(2).Move(6), b.Move(5)}
	for i, x := range boardsOf {
		res, _ := dist.Solve(x, search.Limits{})
		moves, sym := res.MoveString(), res.Symbol
		switch kinds[i] {
		case search.VerdictWrong.String():
			if i == 1 {
				moves = "A" // does not solve
			} else {
				moves = "AZ" // not a move
			}
		case search.VerdictSymbol.String():
			sym = sym%3 + 1
		case search.VerdictNotOptimal.String():
			moves = "AF" + moves
		case search.VerdictNotSmallest.String():
			moves = otherOptimal(x, res.Len, moves)
			if moves == "" {
				t.Fatalf("%v: no second optimal answer", x)
			}
		}
		if moves == "" {
			moves = verify.RotationNoMoves
		}
		boards.WriteString(x.String() + "\n")
		answers.WriteString(moves + "\n" + string(rune('0'+sym)) + "\n")
	}
	dir := t.TempDir()
	in, sol := filepath.Join(dir, "in.txt"), filepath.Join(dir, "answers.txt")
	os.WriteFile(in, []byte(boards.String()), 0o644)
	os.WriteFile(sol, []byte(answers.String()), 0o644)
	code, out, errs := run(t, "", "verify", "rotation", "--input", in, "--solutions", sol)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitBadInput || len(lines) != len(kinds)+1 {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	for i, k := range kinds {
		f := strings.Fields(lines[i])
		if strings.TrimSuffix(f[2], ":") != k {
			t.Errorf("record %d: %q, want %s", i+1, lines[i], k)
		}
	}
	if !strings.Contains(lines[len(lines)-1], "1 ok, 2 wrong, 1 wrong-symbol, 1 not-optimal, 1 not-smallest") {
		t.Errorf("summary %q", lines[len(lines)-1])
	}
	// The tool's own answers pass.
	_, good, _ := run(t, boards.String(), "solve", "rotation")
	os.WriteFile(sol, []byte(good), 0o644)
	if code, out, _ := run(t, "", "verify", "rotation", "--input", in, "--solutions", sol); code != 0 {
		t.Fatalf("own answers: exit %d:\n%s", code, out)
	}
	// A missing answer is reported.
	os.WriteFile(sol, []byte(good[:strings.LastIndex(strings.TrimSuffix(good, "\n"), "\n")]), 0o644)
	if code, out, _ := run(t, "", "verify", "rotation", "--input", in, "--solutions", sol); code != ExitBadInput || !strings.Contains(out, "wrong: no symbol line") {
		t.Fatalf("short answers: exit %d:\n%s", code, out)
	}
}

func newTestRotationSolver(t *testing.T) *search.RotationSolver {
	g := &globalOptions{Tables: tablesDir, Stderr: os.Stderr}
	f, err := rotationSolverFactory(g, search.RotationExact)
	if err != nil {
		t.Fatal(err)
	}
	return f()
}

func TestVerifyTiles(t *testing.T) {
	dir := t.TempDir()
	in, sol := filepath.Join(dir, "in.txt"), filepath.Join(dir, "answers.txt")
	// The AOJ 8-puzzle sample (blank-last) needs 4 moves.
	os.WriteFile(in, []byte("1 3 0\n4 2 5\n7 8 6\n1 3 0\n4 2 5\n7 8 6\n1 3 0\n4 2 5\n7 8 6\n1 3 0 4 2 5 7 8 6\n"), 0o644)
	code, out, _ := run(t, "", "solve", "8puzzle", "--goal", "blank-last", "--format", "text", in)
	if code != 0 {
		t.Fatalf("solve: %d", code)
	}
	good := strings.Split(strings.TrimSpace(out), "\n")[0]
	os.WriteFile(sol, []byte(good+"\n6 "+strings.Fields(good)[1]+"LR\n4\n5\n"), 0o644)
	code, out, _ = run(t, "", "verify", "8puzzle", "--goal", "blank-last", "--input", in, "--solutions", sol)
	want := []string{search.VerdictOK.String(), search.VerdictNotOptimal.String(), search.VerdictOK.String(), search.VerdictNotOptimal.String()}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitBadInput || len(lines) != 5 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for i, k := range want {
		if f := strings.Fields(lines[i]); strings.TrimSuffix(f[2], ":") != k {
			t.Errorf("record %d: %q, want %s", i+1, lines[i], k)
		}
	}
}

// TestVerifyEveryRecordGetsAVerdict: an unsolvable board and a malformed
// one get verdicts of their own and take no answer; the next answer goes
// to the next board.
func TestVerifyEveryRecordGetsAVerdict(t *testing.T) {
	dir := t.TempDir()
	in, sol := filepath.Join(dir, "in.txt"), filepath.Join(dir, "answers.txt")
	// The AOJ sample (4 moves), the unsolvable board for blank-last
	// (a swapped pair), a bad tile, and the goal (0 moves).
	os.WriteFile(in, []byte("1 3 0 4 2 5 7 8 6\n3 1 0 4 2 5 7 8 6\n1 2 3 4 5 6 7 8 9\n1 2 3 4 5 6 7 8 0\n"), 0o644)
	os.WriteFile(sol, []byte("4\n0\n"), 0o644)
	code, out, _ := run(t, "", "verify", "8puzzle", "--goal", "blank-last", "--input", in, "--solutions", sol)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{"ok", "unsolvable", "bad-board", "ok"}
	if code != ExitBadInput || len(lines) != 5 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for i, k := range want {
		if f := strings.Fields(lines[i]); strings.TrimSuffix(f[2], ":") != k {
			t.Errorf("record %d: %q, want %s", i+1, lines[i], k)
		}
	}
	if !strings.Contains(lines[4], "4 records: 2 ok,") || !strings.Contains(lines[4], "1 unsolvable, 1 bad-board") {
		t.Errorf("summary %q", lines[4])
	}
	// Solve agrees that the board is unsolvable.
	if code, _, errs := run(t, "3 1 0 4 2 5 7 8 6\n", "solve", "8puzzle", "--goal", "blank-last"); code != ExitBadInput || !strings.Contains(errs, "unsolvable") {
		t.Fatalf("solve: exit %d, %q", code, errs)
	}
}

func TestVerifyUsageAndWriteErrors(t *testing.T) {
	if code, _, errs := run(t, "", "verify", "rotation", "--input", "-", "--solutions", "-"); code != ExitUsage || !strings.Contains(errs, "standard input") {
		t.Fatalf("both on stdin: exit %d, %q", code, errs)
	}
	dir := t.TempDir()
	in, sol := filepath.Join(dir, "in.txt"), filepath.Join(dir, "answers.txt")
	os.WriteFile(in, []byte(readFile(t, "rotation-sample.txt")), 0o644)
	os.WriteFile(sol, []byte(readFile(t, "rotation-sample.out")), 0o644)
	table := filepath.Join(dir, "r.pdb")
	if code, _, errs := run(t, "", "gen", "rotation", "-o", table); code != 0 {
		t.Fatalf("gen: %s", errs)
	}
	for _, args := range [][]string{
		{"verify", "rotation", "--input", in, "--solutions", sol},
		{"verify", "rotation", "--format", "json", "--input", in, "--solutions", sol},
		{"info", table},
		{"solve", "rotation", in},
		{"random", "rotation"},
		{"bench", "rotation", "--heuristic", "exact", in},
	} {
		var errb bytes.Buffer
		code := Run(context.Background(), append([]string{"--tables", tablesDir}, args...), strings.NewReader(""), failingWriter{}, &errb)
		if code != ExitIO || !strings.Contains(errb.String(), "disk full") {
			t.Errorf("%v to a full disk: exit %d, stderr %q", args, code, errb.String())
		}
	}
}
