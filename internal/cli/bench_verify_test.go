package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/record/recordtest"
	"github.com/pdbsolve/pdbsolve/internal/report"
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

	code, out, _ = run(t, boards, "bench", "rotation", "--heuristic", "exact-ida,count,exact", "--format", "json")
	kinds, err := recordtest.Check([]byte(out))
	if err != nil || code != 0 || len(kinds) != 1+45+1 || kinds[0] != "header" || kinds[46] != "report" {
		t.Fatalf("json: exit %d, %v, kinds %v:\n%s", code, err, kinds, out)
	}
	st, err := record.ReadStream(strings.NewReader(out), "out")
	if err != nil || len(st.Headers) != 1 || len(st.Runs) != 45 {
		t.Fatalf("json stream: %v", err)
	}
	if tables := st.Headers[0].Tables; len(tables) == 0 || !tables[0].Pinned {
		t.Fatalf("provenance lacks the pinned rotation tables: %+v", st.Headers[0])
	}
	// Every heuristic finds the same length on every instance (exact's path
	// table is an independent answer: no search); exact-ida's root h is the
	// length, count's never more; the path table generates no node.
	for i := 0; i < len(st.Runs); i += 3 {
		r := st.Runs[i : i+3]
		if r[0].Length != r[1].Length || r[0].Length != r[2].Length || r[0].Instance != i/3+1 ||
			r[0].H0 != r[0].Length || r[1].H0 > r[0].H0 || r[2].Generated != 0 || r[1].Generated <= r[0].Generated {
			t.Fatalf("runs %d..%d: %+v", i, i+2, r)
		}
	}

	code, out, _ = run(t, boards, "bench", "rotation", "--heuristic", "exact,count", "--max-nodes", "50", "--format", "csv")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var rows []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") {
			rows = append(rows, l)
		}
	}
	if code != ExitOK || !strings.HasPrefix(out, "# pdbsolve: ") || len(rows) != 3 || !strings.HasPrefix(rows[0], "heuristic,instances,solved,censored") {
		t.Fatalf("censored csv: exit %d:\n%s", code, out)
	}
	if strings.Split(rows[2], ",")[3] == "0" {
		t.Fatalf("count with 50 nodes should be censored on some boards:\n%s", out)
	}
	// The summary is printed when runs were censored too, and censored runs
	// are results: exit 0.
	code, out, _ = run(t, boards, "bench", "rotation", "--heuristic", "exact,count", "--max-nodes", "50")
	if code != ExitOK || !strings.Contains(out, "count") || !strings.Contains(out, ">=") {
		t.Fatalf("censored table: exit %d:\n%s", code, out)
	}
}

// TestBenchShardsMerge: the shards of a run, merged by bench report, equal
// the unsharded run in every field but the times, through the CLI.
func TestBenchShardsMerge(t *testing.T) {
	dir := t.TempDir()
	_, boards, _ := run(t, "", "random", "rotation", "-n", "11", "--seed", "9")
	in := filepath.Join(dir, "boards.txt")
	os.WriteFile(in, []byte(boards), 0o644)
	args := []string{"bench", "rotation", "--heuristic", "exact-ida,count", "--format", "json", "--max-nodes", "20000", in}
	code, whole, errs := run(t, "", args...)
	if code != ExitLimit && code != ExitOK {
		t.Fatalf("unsharded: exit %d: %s", code, errs)
	}
	var files []string
	for k := 0; k < 3; k++ {
		_, out, _ := run(t, "", append(args, "--shard", fmt.Sprintf("%d/3", k))...)
		f := filepath.Join(dir, fmt.Sprintf("shard-%d.json", k))
		os.WriteFile(f, []byte(out), 0o644)
		files = append(files, f)
	}
	code2, merged, errs := run(t, "", append([]string{"bench", "report", "--format", "json"}, files...)...)
	if code2 != code {
		t.Fatalf("bench report: exit %d, want the unsharded run's %d: %s", code2, code, errs)
	}
	if _, err := recordtest.Check([]byte(merged)); err != nil {
		t.Fatalf("merged report against the schema: %v", err)
	}
	a, errA := record.ReadStream(strings.NewReader(whole), "whole")
	b, errB := record.ReadStream(strings.NewReader(merged), "merged")
	if errA != nil || errB != nil || len(a.Runs) != 22 || len(b.Runs) != len(a.Runs) {
		t.Fatalf("streams: %v %v, %d and %d runs", errA, errB, len(a.Runs), len(b.Runs))
	}
	for i := range a.Runs {
		x, y := a.Runs[i], b.Runs[i]
		x.TimeNS, y.TimeNS, x.CPUNS, y.CPUNS = 0, 0, record.OptCount{}, record.OptCount{}
		if x != y {
			t.Fatalf("run %d differs:\nwhole  %+v\nmerged %+v", i, x, y)
		}
	}
	ra, rb := reportLine(t, whole), reportLine(t, merged)
	for i := range ra.Heuristics {
		ha, hb := ra.Heuristics[i], rb.Heuristics[i]
		ha.All.TimeNS, hb.All.TimeNS, ha.Paired.TimeNS, hb.Paired.TimeNS = report.Stat{}, report.Stat{}, report.Stat{}, report.Stat{}
		ha.All.CPUNS, hb.All.CPUNS, ha.Paired.CPUNS, hb.Paired.CPUNS = nil, nil, nil, nil
		ja, _ := json.Marshal(ha)
		jb, _ := json.Marshal(hb)
		if string(ja) != string(jb) {
			t.Fatalf("summary %d differs:\nwhole  %+v\nmerged %+v", i, ha, hb)
		}
	}
	if ra.Instances != 11 || rb.Instances != 11 || ra.PairedInstances != rb.PairedInstances {
		t.Fatalf("reports: %+v\n%+v", ra, rb)
	}
}

// reportLine decodes the report line of a bench JSON output.
func reportLine(t *testing.T, out string) report.Report {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var r struct {
		Report report.Report `json:"report"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &r); err != nil {
		t.Fatalf("report line: %v", err)
	}
	return r.Report
}

func TestBenchTiles(t *testing.T) {
	code, out, errs := run(t, readFile(t, "bench-8puzzle.txt"), "bench", "8puzzle", "--heuristic", "manhattan,linear-conflict,exact", "--format", "csv")
	if code != 0 || !strings.Contains(out, "\nexact,3,3,0,0,") || !strings.Contains(out, "# table: 8puzzle/exact ") {
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
	// --repeat 3: three runs an instance and heuristic, the same nodes.
	code, out, errs = run(t, readFile(t, "bench-8puzzle.txt"), "bench", "8puzzle", "--heuristic", "manhattan", "--repeat", "3", "--format", "json")
	st, err := record.ReadStream(strings.NewReader(out), "out")
	if code != 0 || err != nil || len(st.Runs) != 9 || st.Runs[2].Repeat != 3 || st.Runs[0].Generated != st.Runs[2].Generated {
		t.Fatalf("--repeat 3: exit %d %v %s", code, err, errs)
	}
	if r := reportLine(t, out); r.Repeats != 3 || r.Heuristics[0].TimeSpread == nil {
		t.Fatalf("--repeat 3 report: %+v", r)
	}
}

// TestBenchCountsOneInSingular checks that the text heading and notes of a
// bench of one instance under one heuristic count them in the singular.
func TestBenchCountsOneInSingular(t *testing.T) {
	code, out, errs := run(t, readFile(t, "bench-8puzzle.txt"), "bench", "8puzzle", "--heuristic", "manhattan", "--instances", "1")
	if code != ExitOK || !strings.HasPrefix(out, "8puzzle: 1 instance, 1 heuristic\n") ||
		!strings.Contains(out, " on the 1 instance every heuristic solved\n") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
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
			moves = puzzle.RotationNoMoves
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
	wantVerdicts(t, lines, kinds)
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
	f, err := puzzle.Rotation{}.NewSolver(g.cache, puzzle.RotationExact)
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
	// The optimal length alone shows no solution: no-moves, not ok.
	want := []string{search.VerdictOK.String(), search.VerdictNotOptimal.String(), search.VerdictNoMoves.String(), search.VerdictNotOptimal.String()}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != ExitBadInput || len(lines) != 5 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wantVerdicts(t, lines, want)
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
	want := []string{"ok", "unsolvable", "bad-board", "ok"} // the aoj format: the length is the answer
	if code != ExitBadInput || len(lines) != 5 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	wantVerdicts(t, lines, want)
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
	table := filepath.Join(dir, "tables", "rotation-centre8.pdb")
	if code, _, errs := run(t, "", "gen", "rotation", "-o", filepath.Join(dir, "tables")); code != 0 {
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
