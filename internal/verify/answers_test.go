package verify

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/search"
)

// tiles3x3 returns the 8-puzzle.
func tiles3x3(t *testing.T) puzzle.Tiles {
	p, err := puzzle.LookupTiles("8puzzle", nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// readAll reads every pair of r.
func readAll[B, A any](t *testing.T, r *Reader[B, A], err error) []Pair[B, A] {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	var pairs []Pair[B, A]
	err = r.source(1)(func(_ *batch.Unit, p []Pair[B, A]) bool { pairs = append(pairs, p...); return true })
	if err != nil {
		t.Fatal(err)
	}
	return pairs
}

// jsonLine writes one record the way solve's JSON looks, by hand.
func jsonLine(fields map[string]any) string {
	b, _ := json.Marshal(fields)
	return string(b) + "\n"
}

// TestRotationAnswerFormats: random answers written in the judge format
// (with blank lines, CRLF and VT/FF around the fields) and as JSON records
// are read back as the answers written, paired with their boards.
func TestRotationAnswerFormats(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const n = 300
	var boards, judge, js strings.Builder
	want := make([]RotationAnswer, n)
	pads := []string{"", " ", "\t", "\v", "\f", "\r"}
	pad := func() string { return pads[r.IntN(len(pads))] }
	for i := range want {
		boards.WriteString(bitboard.RandomRotation(r).String() + "\n")
		moves := make([]byte, r.IntN(14))
		for k := range moves {
			moves[k] = "ABCDEFGH"[r.IntN(8)]
		}
		sym := 1 + r.IntN(3)
		want[i] = RotationAnswer{Moves: string(moves), Symbol: fmt.Sprint(sym)}
		line := string(moves)
		if len(moves) == 0 {
			line = "No moves needed"
		}
		if r.IntN(4) == 0 {
			judge.WriteString(pad() + "\r\n")
		}
		fmt.Fprintf(&judge, "%s%s%s\r\n%s%d%s\n", pad(), line, pad(), pad(), sym, pad())
		js.WriteString(jsonLine(map[string]any{"puzzle": "rotation", "input": "b", "line": i + 1, "status": "solved",
			"moves": string(moves), "length": len(moves), "symbol": sym}))
	}
	for _, answers := range []string{"\n\n" + judge.String(), " \n" + js.String()} {
		rd, err := NewRotationReader(strings.NewReader(boards.String()), "b", strings.NewReader(answers), "a")
		pairs := readAll(t, rd, err)
		if len(pairs) != n {
			t.Fatalf("%d pairs, want %d", len(pairs), n)
		}
		for i, p := range pairs {
			if p.Answer != want[i] || p.verdict != search.VerdictOK || p.BoardLine != i+1 {
				t.Fatalf("pair %d: %+v, want %+v", i, p, want[i])
			}
		}
		// Lines skipped while telling the format are counted.
		if answers[0] == ' ' && pairs[0].AnswerLine != 2 || answers[0] == '\n' && pairs[0].AnswerLine < 3 {
			t.Fatalf("first answer on line %d", pairs[0].AnswerLine)
		}
	}
	// A bad symbol line is kept as written (VerifyRotation calls it
	// wrong-symbol); a move line without one is malformed.
	rd, err := NewRotationReader(strings.NewReader(solvedBoard+"\n"+solvedBoard+"\n"), "b", strings.NewReader("AB\nx\u00a0\nC\n"), "a")
	pairs := readAll(t, rd, err)
	if pairs[0].Answer != (RotationAnswer{Moves: "AB", Symbol: "x\u00a0"}) || pairs[1].Answer.Moves != "C" || pairs[1].verdict != search.VerdictWrong {
		t.Fatalf("%+v", pairs)
	}
}

// TestTilesAnswerFormats: the text and aoj grammar on hand-written lines,
// and random answers written as text, aoj and JSON read back as written.
func TestTilesAnswerFormats(t *testing.T) {
	for _, c := range []struct {
		line string
		want TilesAnswer
		bad  bool
	}{
		{"4 UDLR", TilesAnswer{Length: 4, Moves: "UDLR", HasMoves: true}, false},
		{"\v4\tUDLR\f", TilesAnswer{Length: 4, Moves: "UDLR", HasMoves: true}, false},
		{"4", TilesAnswer{Length: 4, Moves: "", HasMoves: false}, false},
		{"0", TilesAnswer{Length: 0, Moves: "", HasMoves: true}, false},
		{"3 UXZ", TilesAnswer{Length: 3, Moves: "UXZ", HasMoves: true}, false}, // the letters are the check's to judge
		{"4 UDL", TilesAnswer{}, true},
		{"x", TilesAnswer{}, true},
		{"-1", TilesAnswer{}, true},
		{"3 ABC DEF", TilesAnswer{}, true},
		{"7 UDL RUD", TilesAnswer{}, true}, // three fields, the length of the last two
		{"2\u00a0UD", TilesAnswer{}, true}, // U+00A0 separates nothing
		{"2 UD\u00a0", TilesAnswer{}, true},
	} {
		got, bad := parseTilesAnswer([]byte(strings.Trim(c.line, "\v\t\f ")))
		if got != c.want || (bad != "") != c.bad {
			t.Errorf("%q: %+v %q, want %+v (malformed %v)", c.line, got, bad, c.want, c.bad)
		}
	}

	// One move is one move, not "1 moves".
	if _, bad := parseTilesAnswer([]byte("2 U")); bad != "length 2, but 1 move" {
		t.Errorf("2 U: %q, want length 2, but 1 move", bad)
	}

	r := rand.New(rand.NewPCG(5, 6))
	const n = 200
	var boards, text, aoj, js strings.Builder
	want := make([]TilesAnswer, n)
	for i := range want {
		boards.WriteString("1 2 3 4 5 6 7 8 0\n")
		moves := make([]byte, r.IntN(30))
		for k := range moves {
			moves[k] = "UDLR"[r.IntN(4)]
		}
		want[i] = TilesAnswer{Length: len(moves), Moves: string(moves), HasMoves: true}
		fmt.Fprintf(&text, "%d %s\n", len(moves), moves)
		fmt.Fprintf(&aoj, "%d\n", len(moves))
		rec := map[string]any{"puzzle": "8puzzle", "line": i + 1, "status": "solved", "length": len(moves)}
		if i%2 == 0 {
			rec["moves"] = string(moves)
		}
		js.WriteString(jsonLine(rec))
	}
	always := func(bitboard.Tiles) bool { return true }
	for f, answers := range []string{text.String(), aoj.String(), js.String()} {
		rd, err := NewTilesReader(strings.NewReader(boards.String()), "b", strings.NewReader(answers), "a", tiles3x3(t), always, nil)
		pairs := readAll(t, rd, err)
		if len(pairs) != n {
			t.Fatalf("format %d: %d pairs", f, len(pairs))
		}
		for i, p := range pairs {
			w := want[i]
			if f == 1 || f == 2 && i%2 == 1 { // a bare length
				w.Moves, w.HasMoves = "", w.Length == 0
				w.LengthOnly = f == 1 && w.Length > 0 // the aoj format's lengths are its answers
			}
			if p.Answer != w || p.verdict != search.VerdictOK || p.AnswerLine != i+1 {
				t.Fatalf("format %d, pair %d: %+v, want %+v", f, i, p, w)
			}
		}
	}
}

// TestJSONAnswersByLine: JSON answers go to the boards on the lines they
// name, streamed: a board no record names, or whose record is not solved,
// has no answer; a record of a board that took none is passed over; a
// record of another puzzle is malformed; answers left over count once each.
func TestJSONAnswersByLine(t *testing.T) {
	boards := strings.Repeat(solvedBoard+"\n", 2) + "1 2 3\n" + strings.Repeat(solvedBoard+"\n", 4)
	rec := func(line int, status string) string {
		return jsonLine(map[string]any{"puzzle": "rotation", "line": line, "status": status, "moves": "", "length": 0, "symbol": 2})
	}
	answers := rec(2, "solved") + // board 1 has none
		rec(3, "error") + // the bad board's, passed over
		rec(4, "limit") + // board 4: none
		"\n" + // blank lines are skipped
		jsonLine(map[string]any{"puzzle": "8puzzle", "line": 6, "status": "solved", "moves": "", "length": 0, "symbol": 2}) +
		rec(7, "solved") +
		rec(8, "solved") + rec(9, "unsolvable") + rec(10, "solved") // after the last board: two extra answers
	rd, err := NewRotationReader(strings.NewReader(boards), "b", strings.NewReader(answers), "a")
	pairs := readAll(t, rd, err)
	type want struct {
		board, answer  int
		none, bad, mal bool
	}
	wants := []want{{1, 0, true, false, false}, {2, 1, false, false, false}, {3, 0, false, true, false},
		{4, 3, true, false, false}, {5, 0, true, false, false}, {6, 5, false, false, true}, {7, 6, false, false, false}}
	if len(pairs) != len(wants) {
		t.Fatalf("%d pairs: %+v", len(pairs), pairs)
	}
	for i, w := range wants {
		p := pairs[i]
		if p.BoardLine != w.board || p.AnswerLine != w.answer || (p.verdict == search.VerdictMissing) != w.none ||
			(p.verdict == search.VerdictBadBoard) != w.bad || (p.verdict == search.VerdictWrong) != w.mal {
			t.Errorf("pair %d: %+v, want %+v", i, p, w)
		}
	}
	if pairs[3].detail != "a:3: limit" {
		t.Errorf("board 4: %q", pairs[3].detail)
	}
	if extra, err := rd.Extra(); extra != 2 || err != nil {
		t.Fatalf("extra %d, %v; want 2", extra, err)
	}
}

// TestJSONAnswersOutOfOrder: a record not solved gives way to a later
// solved one of its line (a file a resumed solve continued, a new header
// between), and records out of input order go to the boards they name;
// nothing is missing or extra.
func TestJSONAnswersOutOfOrder(t *testing.T) {
	rec := func(line int, status string) string {
		return jsonLine(map[string]any{"puzzle": "rotation", "line": line, "status": status, "moves": "", "length": 0, "symbol": 2})
	}
	header := jsonLine(map[string]any{"provenance": map[string]any{}, "config": map[string]any{}})
	for _, c := range []struct {
		name, answers string
		want          []int // the answer line of boards 1 to 5
	}{
		{"resumed", rec(1, "solved") + rec(2, "solved") + rec(3, "interrupted") + rec(5, "interrupted") + rec(4, "solved") +
			header + rec(3, "solved") + rec(5, "solved"), []int{1, 2, 7, 5, 8}},
		{"swapped", rec(1, "solved") + rec(3, "solved") + rec(2, "solved") + rec(5, "solved") + rec(4, "solved"),
			[]int{1, 3, 2, 5, 4}},
	} {
		rd, err := NewRotationReader(strings.NewReader(strings.Repeat(solvedBoard+"\n", 5)), "b", strings.NewReader(c.answers), "a")
		pairs := readAll(t, rd, err)
		if len(pairs) != len(c.want) {
			t.Fatalf("%s: %d pairs: %+v", c.name, len(pairs), pairs)
		}
		for i, p := range pairs {
			if p.BoardLine != i+1 || p.AnswerLine != c.want[i] || p.verdict != search.VerdictOK {
				t.Errorf("%s: pair %d: %+v, want answer line %d, no fault", c.name, i, p, c.want[i])
			}
		}
		if extra, err := rd.Extra(); extra != 0 || err != nil {
			t.Errorf("%s: extra %d, %v; want 0", c.name, extra, err)
		}
	}
}

// TestExtraAnswersCountOnce: answers left after the last board count one
// each, a judge answer of two lines once.
func TestExtraAnswersCountOnce(t *testing.T) {
	for _, c := range []struct {
		answers string
		extra   int
	}{
		{"No moves needed\n1\n", 0},
		{"No moves needed\n1\nAB\n2\n", 1},
		{"No moves needed\n1\n\nAB\n2\n\nC\n3\nD\n", 3}, // the last without its symbol line
		{jsonLine(map[string]any{"line": 1, "status": "solved", "moves": "", "length": 0, "symbol": 1}) +
			jsonLine(map[string]any{"line": 2, "status": "solved", "moves": "A", "length": 1, "symbol": 1}) +
			jsonLine(map[string]any{"line": 3, "status": "error", "error": "bad"}) + "{not json\n", 2},
	} {
		rd, err := NewRotationReader(strings.NewReader(solvedBoard+"\n"), "b", strings.NewReader(c.answers), "a")
		if pairs := readAll(t, rd, err); len(pairs) != 1 || pairs[0].AnswerLine != 1 {
			t.Fatalf("%q: %+v", c.answers, pairs)
		}
		if extra, err := rd.Extra(); extra != c.extra || err != nil {
			t.Errorf("%q: extra %d, %v; want %d", c.answers, extra, err, c.extra)
		}
	}
}

// TestRecordWithoutStatusIsWrong: a JSON answer without a status (solve's
// output before the record schema, which verify no longer reads) is a
// wrong answer, not a solved one.
func TestRecordWithoutStatusIsWrong(t *testing.T) {
	answers := jsonLine(map[string]any{"puzzle": "8puzzle", "line": 1, "moves": "", "length": 0})
	rd, err := NewTilesReader(strings.NewReader("1 2 3 4 5 6 7 8 0\n"), "b", strings.NewReader(answers), "a", tiles3x3(t),
		func(bitboard.Tiles) bool { return true }, nil)
	pairs := readAll(t, rd, err)
	if len(pairs) != 1 || pairs[0].AnswerLine != 1 || pairs[0].verdict != search.VerdictWrong || !strings.Contains(pairs[0].detail, `status ""`) {
		t.Fatalf("pairs %+v", pairs)
	}
}

// TestCheckTiles checks every 2x3 board against a breadth-first search
// from the goal: the optimal path is ok, and longer, shorter, cut or
// illegal answers get the verdicts the distances call for.
func TestCheckTiles(t *testing.T) {
	const rows, cols = 2, 3
	goal := bitboard.BlankFirst
	start := bitboard.GoalTiles(rows, cols, goal)
	// path[b] is a shortest move string from b to the goal.
	path := map[bitboard.Tiles]string{start: ""}
	for queue := []bitboard.Tiles{start}; len(queue) > 0; queue = queue[1:] {
		b := queue[0]
		for m := bitboard.TilesMove(0); m < 4; m++ {
			if x, ok := b.Move(m); ok {
				if _, seen := path[x]; !seen {
					// From x, undo m, then follow b's path.
					path[x] = string(m.Inverse().Letter()) + path[b]
					queue = append(queue, x)
				}
			}
		}
	}
	if len(path) != 360 { // 6!/2 boards of the goal's parity
		t.Fatalf("%d boards reached, want 360", len(path))
	}
	h, err := search.LoadTilesHeuristic(nil, rows, cols, search.TilesManhattan)
	if err != nil {
		t.Fatal(err)
	}
	s := search.NewTilesSolver(h)
	check := func(b bitboard.Tiles, a TilesAnswer) search.Verdict {
		c, err := checkTiles(s, b, goal, a, search.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return c.Verdict
	}
	offGoal := bitboard.TilesMove(0)
	for ; offGoal < 4; offGoal++ {
		if _, ok := start.Move(offGoal); ok {
			break
		}
	}
	for b, p := range path {
		n := len(p)
		// The optimal length without moves shows no solution, unless
		// there is none to show (0 moves, "0" in the text formats).
		bareOptimal := search.VerdictNoMoves
		if n == 0 {
			bareOptimal = search.VerdictOK
		}
		cases := []struct {
			a    TilesAnswer
			want search.Verdict
		}{
			{TilesAnswer{Length: n, Moves: p, HasMoves: true}, search.VerdictOK},
			{TilesAnswer{Length: n, Moves: "", HasMoves: n == 0}, bareOptimal},
			{TilesAnswer{Length: n + 1, Moves: "", HasMoves: false}, search.VerdictNotOptimal},
			{TilesAnswer{Length: n, HasMoves: n == 0, LengthOnly: n > 0}, search.VerdictOK}, // the aoj format: the length is the answer
			{TilesAnswer{Length: n + 1, LengthOnly: true}, search.VerdictNotOptimal},
			{TilesAnswer{Length: 1, Moves: "X", HasMoves: true}, search.VerdictWrong},
		}
		for m := bitboard.TilesMove(0); m < 4; m++ {
			if _, ok := b.Move(m); ok { // there and back: legal, two moves too many
				cases = append(cases, struct {
					a    TilesAnswer
					want search.Verdict
				}{TilesAnswer{Length: n + 2, Moves: string(m.Letter()) + string(m.Inverse().Letter()) + p, HasMoves: true}, search.VerdictNotOptimal})
				break
			}
		}
		// One move past the goal: legal, but it ends off the goal.
		cases = append(cases, struct {
			a    TilesAnswer
			want search.Verdict
		}{TilesAnswer{Length: n + 1, Moves: p + string(offGoal.Letter()), HasMoves: true}, search.VerdictWrong})
		if n > 0 {
			cases = append(cases, []struct {
				a    TilesAnswer
				want search.Verdict
			}{
				{TilesAnswer{Length: n - 1, Moves: "", HasMoves: false}, search.VerdictWrong},     // fewer than the optimum
				{TilesAnswer{Length: n - 1, Moves: p[:n-1], HasMoves: true}, search.VerdictWrong}, // does not reach the goal
			}...)
		}
		for _, c := range cases {
			if got := check(b, c.a); got != c.want {
				t.Fatalf("%v (distance %d) answered %+v: %v, want %v", b, n, c.a, got, c.want)
			}
		}
	}
	// A board of the other parity cannot reach the goal.
	odd, _ := bitboard.NewTiles(rows, cols, []int{0, 2, 1, 3, 4, 5})
	if _, ok := path[odd]; ok {
		t.Fatal("a swapped pair reached the goal")
	}
	if got := check(odd, TilesAnswer{}); got != search.VerdictUnsolvable {
		t.Fatalf("%v: %v, want unsolvable", odd, got)
	}
}

// TestAnswersGoal: the goal an answers input names or implies, as solve
// writes its formats: aoj (lengths alone, blank-last) past leading 0
// answers, which alone leave it to the first board (answersZero); text
// (lengths and moves) none; JSON the goal of the first
// record or solve -o header naming one; a line not whole yet decides
// nothing.
func TestAnswersGoal(t *testing.T) {
	cases := []struct {
		head   string
		isJSON bool
		whole  bool
		want   string
	}{
		{"19\n24\n", false, false, "blank-last"},
		{"0\n\n0\n7", false, true, "blank-last"},
		{"0\n\n0\n7", false, false, answersZero},
		{"0\n4 LDRD\n", false, true, ""},
		{"AC\n2\n", false, true, ""},
		{"0\n0\n", false, true, answersZero},
		{"0\n", false, false, answersZero},
		{"\n", false, true, ""},
		{`{"provenance":{},"config":{"command":"solve","goal":"blank-last"}}` + "\n", true, false, "blank-last"},
		{`{"line":1,"status":"error"}` + "\n" + `{"line":2,"goal":"blank-first"}` + "\n", true, false, "blank-first"},
		{`{"line":1,"status":"solved","moves":"AB"}` + "\n", true, true, ""},
	}
	for _, c := range cases {
		if got := answersGoal([]byte(c.head), c.isJSON, c.whole); got != c.want {
			t.Errorf("%q (whole %v): %q, want %q", c.head, c.whole, got, c.want)
		}
	}
}

// TestRecordInput: a record answers the boards of --input when it names
// the same path, the same file by another path, or a path that is no file
// from here with the same base name; or when either is standard input.
func TestRecordInput(t *testing.T) {
	dir := t.TempDir()
	boards, other := filepath.Join(dir, "b.txt"), filepath.Join(dir, "c.txt")
	os.WriteFile(boards, []byte("x"), 0o644)
	os.WriteFile(other, []byte("x"), 0o644)
	for input, want := range map[string]bool{
		"": true, "-": true, boards: true, dir + "/./b.txt": true, "elsewhere/b.txt": true,
		other: false, "elsewhere/c.txt": false,
	} {
		r := recordInput{name: boards}
		if got := r.is(input); got != want || r.is(input) != want {
			t.Errorf("record input %q for boards %s: %v, want %v", input, boards, got, want)
		}
	}
	if r := (recordInput{name: "stdin"}); !r.is(other) {
		t.Errorf("boards on standard input refuse a record of %s", other)
	}
}
