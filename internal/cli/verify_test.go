package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestVerifyCountsExtraAnswersOnce: answers left after the last board are
// counted one an answer, a Rotation judge answer of two lines once.
func TestVerifyCountsExtraAnswersOnce(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt")
	os.WriteFile(boards, []byte(readFile(t, "rotation-sample.txt")), 0o644)
	// The sample's two answers, then three more (six lines).
	os.WriteFile(answers, []byte(readFile(t, "rotation-sample.out")+"AC\n2\n\nDDHH\n2\nA\n1\n"), 0o644)
	code, out, errs := run(t, "", "verify", "rotation", "--input", boards, "--solutions", answers)
	if code != ExitBadInput || !strings.Contains(out, "2 records: 2 ok,") || !strings.HasSuffix(out, ", 3 extra answers\n") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	code, out, _ = run(t, "", "verify", "rotation", "--input", boards, "--solutions", answers, "--format", "json")
	if code != ExitBadInput || !strings.Contains(out, `"extra_answers":3`) {
		t.Fatalf("json: exit %d:\n%s", code, out)
	}
}

// TestVerifyJSONAnswersByLine: solve's JSON records go to the boards on the
// lines they name: with the record of the second board dropped (as from a
// shard), that board alone is missing and the third is ok.
func TestVerifyJSONAnswersByLine(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.jsonl")
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n" // the judge sample's first, answer AC 2
	os.WriteFile(boards, []byte(strings.Repeat(board, 3)), 0o644)
	rec := func(line int) string {
		return fmt.Sprintf(`{"puzzle":"rotation","input":%q,"line":%d,"heuristic":"exact","status":"solved","moves":"AC","length":2,"symbol":2}`+"\n", boards, line)
	}
	os.WriteFile(answers, []byte(rec(1)+rec(3)), 0o644)
	code, out, errs := run(t, "", "verify", "rotation", "--input", boards, "--solutions", answers)
	want := boards + ":1 " + answers + ":1 ok\n" + boards + ":2 - missing: no answer names line 2 (" + answers + ":2 names line 3)\n" +
		boards + ":3 " + answers + ":2 ok\n"
	if code != ExitBadInput || !strings.HasPrefix(out, want) || !strings.Contains(out, "1 missing") {
		t.Fatalf("exit %d, stderr %q:\n%s\nwant it to start\n%s", code, errs, out, want)
	}
}

// lineWriter passes each write's bytes to lines, a channel, so that a test
// can wait for output.
type lineWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	lines chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(p)
	for {
		i := bytes.IndexByte(w.buf.Bytes(), '\n')
		if i < 0 {
			return len(p), nil
		}
		w.lines <- string(w.buf.Next(i + 1))
	}
}

// TestVerifyStreamsJSONAnswers: JSON answers are read as they come: the
// first board's verdict is written before the second answer is sent, which
// a reader of the whole answers input first would never do.
func TestVerifyStreamsJSONAnswers(t *testing.T) {
	dir := t.TempDir()
	boards := filepath.Join(dir, "b.txt")
	os.WriteFile(boards, []byte("1 3 0 4 2 5 7 8 6\n1 2 3 4 5 6 7 8 0\n"), 0o644) // AOJ's sample (4 moves), the goal
	pr, pw := io.Pipe()
	out := &lineWriter{lines: make(chan string, 16)}
	done := make(chan int, 1)
	go func() {
		var errs bytes.Buffer
		done <- Run(context.Background(), []string{"verify", "8puzzle", "--goal", "blank-last", "--heuristic", "manhattan",
			"--input", boards, "--solutions", "-"}, pr, out, &errs)
	}()
	fmt.Fprintln(pw, `{"puzzle":"8puzzle","line":1,"status":"solved","moves":"LDRD","length":4}`)
	select {
	case l := <-out.lines:
		if !strings.HasPrefix(l, boards+":1 stdin:1 ok") {
			t.Fatalf("first verdict %q", l)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no verdict for the first board while the answers input is open")
	}
	fmt.Fprintln(pw, `{"puzzle":"8puzzle","line":2,"status":"solved","moves":"","length":0}`)
	pw.Close()
	if code := <-done; code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	if l := <-out.lines; !strings.HasPrefix(l, boards+":2 stdin:2 ok") {
		t.Fatalf("second verdict %q", l)
	}
}

// TestVerifyReadsSolveOutputFile: the file solve -o writes (a header line,
// the records, a summary line) is an answers input: every board is ok and
// the header and summary count as no answer.
func TestVerifyReadsSolveOutputFile(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.jsonl")
	// Three 8-puzzle boards a few moves from the blank-first goal.
	os.WriteFile(boards, []byte("1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n"), 0o644)
	if code, _, errs := run(t, "", "solve", "8puzzle", "--heuristic", "manhattan", "-o", answers, boards); code != ExitOK {
		t.Fatalf("solve -o: exit %d: %s", code, errs)
	}
	data := readPath(t, answers)
	if !strings.HasPrefix(data, `{"provenance"`) {
		t.Fatalf("solve -o wrote no header first:\n%s", data)
	}
	code, out, errs := run(t, "", "verify", "8puzzle", "--input", boards, "--solutions", answers)
	if code != ExitOK || !strings.Contains(out, "3 records: 3 ok") || !strings.Contains(out, ", 0 extra answers") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
}

func readPath(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestVerifyReadsTheGoalOfTheAnswers: verify checks answers for the goal
// solve wrote them for unless --goal is given: blank-last for the aoj
// format (AOJ ALDS1_13_B's sample, 1 3 0 / 4 2 5 / 7 8 6, takes 4 moves to
// 1 2 3 / 4 5 6 / 7 8 0, its published answer; the goal board first, whose
// answer 0 says nothing of the format), and the goal of JSON records; a
// record of another goal than --goal's, or of another input, is wrong and
// named by its line.
func TestVerifyReadsTheGoalOfTheAnswers(t *testing.T) {
	dir := t.TempDir()
	boards, aoj, js := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "a.jsonl")
	os.WriteFile(boards, []byte("1 2 3 4 5 6 7 8 0\n1 3 0 4 2 5 7 8 6\n"), 0o644)
	os.WriteFile(aoj, []byte("0\n4\n"), 0o644)
	rec := func(line int, input, moves string) string {
		return fmt.Sprintf(`{"puzzle":"8puzzle","input":%q,"line":%d,"goal":"blank-last","status":"solved","moves":%q,"length":%d}`+"\n",
			input, line, moves, len(moves))
	}
	os.WriteFile(js, []byte(rec(1, boards, "")+rec(2, boards, "LDRD")), 0o644)
	verify := func(answers string, more ...string) (int, string) {
		args := append([]string{"verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers}, more...)
		code, out, errs := run(t, "", args...)
		return code, out + errs
	}
	for _, answers := range []string{aoj, js} { // in the aoj format the length is the answer
		if code, out := verify(answers); code != ExitOK || !strings.Contains(out, "2 records: 2 ok") {
			t.Errorf("%s without --goal: exit %d:\n%s", answers, code, out)
		}
	}
	if code, out := verify(aoj, "--goal", "blank-first"); code != ExitBadInput || !strings.Contains(out, "2 records: 0 ok,") {
		t.Errorf("aoj answers with --goal blank-first: exit %d:\n%s", code, out)
	}
	code, out := verify(js, "--goal", "blank-first")
	if want := js + ":2 wrong: a record for goal blank-last"; code != ExitBadInput || !strings.Contains(out, want) {
		t.Errorf("JSON answers with --goal blank-first: exit %d, want %q:\n%s", code, want, out)
	}
	os.WriteFile(js, []byte(rec(1, boards, "")+rec(2, "other.txt", "LDRD")), 0o644)
	code, out = verify(js)
	if want := js + ":2 wrong: a record of input other.txt, not of " + boards; code != ExitBadInput || !strings.Contains(out, want) ||
		!strings.Contains(out, "1 ok") {
		t.Errorf("a record of another input: exit %d, want %q:\n%s", code, want, out)
	}
}

// TestVerifySelection: verify takes --instances and --shard as solve
// does: the boards taken, numbered from 1, paired in order with answers
// in the plain formats and by line with JSON records (those of other
// boards passed over, not extra); a number past the end is named and
// exits 1, a bad value is a usage error. Each board is a known number of
// moves from the blank-first goal (1, 1, 2, 0).
func TestVerifySelection(t *testing.T) {
	dir := t.TempDir()
	boards, plain, js := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "a.jsonl")
	os.WriteFile(boards, []byte("1 0 2 3 4 5 6 7 8\n3 1 2 0 4 5 6 7 8\n1 4 2 3 0 5 6 7 8\n0 1 2 3 4 5 6 7 8\n"), 0o644)
	os.WriteFile(plain, []byte("1 U\n0\n"), 0o644) // boards 2 and 4
	var records strings.Builder
	for i, moves := range []string{"L", "U", "UL", ""} {
		fmt.Fprintf(&records, `{"puzzle":"8puzzle","input":%q,"line":%d,"goal":"blank-first","status":"solved","moves":%q,"length":%d}`+"\n",
			boards, i+1, moves, len(moves))
	}
	os.WriteFile(js, []byte(records.String()), 0o644)
	verify := func(answers string, sel ...string) (int, string, string) {
		return run(t, "", append([]string{"verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers}, sel...)...)
	}
	for _, c := range []struct {
		answers string
		sel     []string
		lines   []int
	}{
		{plain, []string{"--instances", "4,2"}, []int{2, 4}},
		{plain, []string{"--shard", "1/2"}, []int{2, 4}},
		{js, []string{"--shard", "0/2"}, []int{1, 3}},
		{js, []string{"--instances", "2-3", "--shard", "1/2"}, []int{2}},
	} {
		code, out, errs := verify(c.answers, c.sel...)
		want := fmt.Sprintf("%d records: %d ok,", len(c.lines), len(c.lines))
		if len(c.lines) == 1 {
			want = "1 record: 1 ok,"
		}
		for _, line := range c.lines {
			if !strings.Contains(out, fmt.Sprintf("%s:%d ", boards, line)) {
				t.Errorf("%v: no verdict on line %d", c.sel, line)
			}
		}
		if code != ExitOK || !strings.Contains(out, want) || !strings.HasSuffix(out, " 0 extra answers\n") {
			t.Errorf("%s %v: exit %d, stderr %q:\n%s", c.answers, c.sel, code, errs, out)
		}
	}
	if code, out, errs := verify(plain, "--instances", "2,4,9"); code != ExitBadInput || !strings.Contains(errs, "match nothing: 9") ||
		!strings.Contains(out, "2 records: 2 ok,") {
		t.Errorf("--instances past the end: exit %d, stderr %q:\n%s", code, errs, out)
	}
	if code, _, errs := verify(plain, "--shard", "2/2"); code != ExitUsage || !strings.Contains(errs, "--shard") {
		t.Errorf("a bad --shard: exit %d, stderr %q", code, errs)
	}
}

// TestVerifyAcceptsSolvedBoards: verify accepts what solve writes, in every
// format, when every board is at solve's goal and every answer is a bare 0
// (text writes "0" for a board at its goal too): the goal board of the aoj
// format (blank-last), and of the text format's default (blank-first).
func TestVerifyAcceptsSolvedBoards(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ board, format string }{
		{"1 2 3\n4 5 6\n7 8 0\n", "aoj"}, {"1 2 3\n4 5 6\n7 8 0\n", "json"},
		{"0 1 2\n3 4 5\n6 7 8\n", "text"}, {"0 1 2\n3 4 5\n6 7 8\n", "json"},
		{"1 2 3\n4 5 6\n7 8 0\n1 2 3 4 5 6 7 8 0\n", "aoj"}, {"0 1 2 3 4 5 6 7 8\n0 1 2 3 4 5 6 7 8\n", "text"},
	} {
		boards, answers := filepath.Join(dir, "in.txt"), filepath.Join(dir, "ans.txt")
		os.WriteFile(boards, []byte(c.board), 0o644)
		code, out, errs := run(t, "", "solve", "8puzzle", "--heuristic", "manhattan", "--format", c.format, boards)
		if code != ExitOK {
			t.Fatalf("solve %q --format %s: exit %d, %s", c.board, c.format, code, errs)
		}
		os.WriteFile(answers, []byte(out), 0o644)
		code, vout, verrs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers)
		if code != ExitOK {
			t.Errorf("%q --format %s, answers %q: verify exit %d:\n%s%s", c.board, c.format, out, code, vout, verrs)
		}
	}
}

// TestVerifyZeroGoalFollowsSelection: when every answer is a bare 0, the
// goal is that of the first board the selection takes, not the input's
// first board: each input starts with a board at the other goal, which
// --instances or --shard skips.
func TestVerifyZeroGoalFollowsSelection(t *testing.T) {
	dir := t.TempDir()
	first, last := "0 1 2 3 4 5 6 7 8\n", "1 2 3 4 5 6 7 8 0\n"
	for _, c := range []struct{ boards, format, sel string }{
		{first + last, "aoj", "--instances=2"}, {first + last, "aoj", "--shard=1/2"},
		{last + first, "text", "--instances=2"}, {last + first, "text", "--shard=1/2"},
	} {
		boards, answers := filepath.Join(dir, "in.txt"), filepath.Join(dir, "ans.txt")
		os.WriteFile(boards, []byte(c.boards), 0o644)
		os.WriteFile(answers, []byte("0\n"), 0o644) // the taken board is at the goal of solve --format c.format
		code, vout, verrs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", boards, "--solutions", answers, c.sel)
		if code != ExitOK || !strings.Contains(vout, "1 record: 1 ok") {
			t.Errorf("%q %s, answer 0: verify exit %d:\n%s%s", c.boards, c.sel, code, vout, verrs)
		}
	}
}

// TestVerifyOpenErrorsNameTheFlag: an --input or --solutions that cannot be
// opened exits 4 with an error naming its flag, as -o's does.
func TestVerifyOpenErrorsNameTheFlag(t *testing.T) {
	dir := t.TempDir()
	good, missing := filepath.Join(dir, "b.txt"), filepath.Join(dir, "nosuch")
	os.WriteFile(good, []byte("1 2 3 4 5 6 7 8 0\n"), 0o644)
	for _, c := range [][2]string{{missing, good}, {good, missing}} {
		code, _, errs := run(t, "", "verify", "8puzzle", "--heuristic", "manhattan", "--input", c[0], "--solutions", c[1])
		flag := map[bool]string{true: "--input: ", false: "--solutions: "}[c[0] == missing]
		if code != ExitIO || !strings.Contains(errs, "pdbsolve: "+flag) || !strings.Contains(errs, missing) {
			t.Errorf("--input %s --solutions %s: exit %d, stderr %q; want exit %d naming %q", c[0], c[1], code, errs, ExitIO, flag)
		}
	}
}

// TestVerifyHelpGoalDefault: verify --help shows no fixed default for
// --goal, whose default comes from the answers, and says where it comes from.
func TestVerifyHelpGoalDefault(t *testing.T) {
	code, out, _ := run(t, "", "verify", "8puzzle", "--help")
	line := flagHelp(out, "goal")
	if code != ExitOK || strings.Contains(line, "(default blank-first)") || !strings.Contains(line, "the answers'") {
		t.Errorf("verify --help, --goal: exit %d, %q", code, line)
	}
}

// TestVerifyRotationTakesTheHeuristic: verify rotation searches with the
// heuristic --heuristic names, as verify does for tiles: count needs no
// table, so none is built, and its verdicts are the exact tables'.
func TestVerifyRotationTakesTheHeuristic(t *testing.T) {
	dir := t.TempDir()
	boards, answers := filepath.Join(dir, "b.txt"), filepath.Join(dir, "a.txt")
	os.WriteFile(boards, []byte(readFile(t, "rotation-sample.txt")), 0o644)
	os.WriteFile(answers, []byte(readFile(t, "rotation-sample.out")), 0o644)
	tables := t.TempDir()
	for _, h := range []string{"count", "exact"} {
		code, out, errs := run(t, "", "--tables", tables, "--write-tables", "never", "verify", "rotation", "--heuristic", h,
			"--input", boards, "--solutions", answers)
		if built := strings.Contains(errs, "rotation/centre8"); code != 0 || !strings.Contains(out, "2 records: 2 ok,") || built != (h == "exact") {
			t.Fatalf("--heuristic %s: exit %d, table built %v, stderr %q:\n%s", h, code, built, errs, out)
		}
	}
}

// TestVerifyPrecheckLoadsNoTable: verify makes solve's checks of the boards
// before any table is loaded or built (the table directory stays empty): a
// first record that is a board of another puzzle, from a file or standard
// input, exits 1 with solve's error naming the input and the line; boards
// input files whose every record taken is bad still get one bad-board
// verdict a record, in input order, with the summary and exit status 1;
// a table too big to build exits 3; inputs that cannot be opened exit 4
// naming their flag.
func TestVerifyPrecheckLoadsNoTable(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(text), 0o644)
		return path
	}
	const one15 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"
	b15 := write("b15.txt", "# a 15-puzzle board\n"+one15+"1 2 3 4 5 6 7 8 0\n")
	bad := write("bad.txt", "1 2 3 x 5 6 7 8 0\n\n1 2 3 4 5 6 7 8 8\n# end\n")
	mixed := write("mixed.txt", "1 2 3 4 5 6 7 8 0\n1 2 3 x 5 6 7 8 0\n1 2 3 4 5 6 7 8 8\n")
	badRotation := write("bad-rotation.txt", "1 2 3\n1 1 1 1 1 1 2 2 2 1 1 2 2 3 3 2 2 2 3 3 3 4 3 3\n")
	b24 := write("b24.txt", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 0\n")
	answers, missing := write("answers.txt", "0\n"), filepath.Join(dir, "nosuch.txt")
	const wrongPuzzle = ":2: the first record is not a board of this puzzle: wrong number of tiles: got 16, want 9"
	for _, c := range []struct {
		stdin string
		args  []string
		code  int
		out   []string // the verdicts' records and verdicts, then the summary's start
		err   string   // stderr's start
	}{
		{"", []string{"8puzzle", "--input", b15}, ExitBadInput, nil, "pdbsolve: " + b15 + wrongPuzzle},
		{"#\n" + one15, []string{"8puzzle", "--input", "-"}, ExitBadInput, nil, "pdbsolve: stdin" + wrongPuzzle},
		{"", []string{"8puzzle", "--input", bad}, ExitBadInput, []string{bad + ":1 - bad-board:", bad + ":3 - bad-board:", "2 records: 0 ok,"}, ""},
		{"", []string{"8puzzle", "--input", mixed, "--instances", "3,2"}, ExitBadInput, []string{mixed + ":2 - bad-board:", mixed + ":3 - bad-board:", "2 records: 0 ok,"}, ""},
		{"", []string{"rotation", "--input", badRotation}, ExitBadInput, []string{badRotation + ":1 - bad-board:", badRotation + ":2 - bad-board:", "2 records: 0 ok,"}, ""},
		{"", []string{"24puzzle", "--heuristic", "pdb:1-3/4-24", "--input", b24}, ExitTable, nil, "pdbsolve: building table 24puzzle/blank0-1.2.3.4.6."}, // the small table not built first
		{"", []string{"8puzzle", "--input", missing}, ExitIO, nil, "pdbsolve: --input: open " + missing},
		{"", []string{"8puzzle", "--input", mixed, "--solutions", missing}, ExitIO, nil, "pdbsolve: --solutions: open " + missing},
	} {
		tables := t.TempDir()
		var out, errb bytes.Buffer
		args := append([]string{"--tables", tables, "verify", "--solutions", answers}, c.args...) // a later --solutions wins
		code := Run(context.Background(), args, strings.NewReader(c.stdin), &out, &errb)
		lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		ok := code == c.code && strings.HasPrefix(errb.String(), c.err) && (len(c.out) == 0) == (out.Len() == 0)
		for i, want := range c.out {
			ok = ok && len(lines) == len(c.out) && strings.HasPrefix(lines[i], want)
		}
		if !ok {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr %q...", c.args, code, out.String(), errb.String(), c.code, c.out, c.err)
		}
		if entries, _ := os.ReadDir(tables); len(entries) > 0 {
			t.Errorf("%v: %d entries in the table directory (%s...), want none", c.args, len(entries), entries[0].Name())
		}
	}
}
