package record

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// jsonString encodes s as encoding/json does with HTML escaping off: the
// oracle for appendString.
func jsonString(t testing.TB, s string) []byte {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(s); err != nil {
		t.Fatal(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte{'\n'})
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	cases := []string{"", "plain", `a"b\c`, "tab\tnl\ncr\r", "\x00\x01\x1f\x7f", "caf\u00e9 \u2028 \u2029 \U0001F600",
		"bad \xff utf8 \xc3", "<&>", "\u00a00", "data/korf100.txt"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		if got, want := appendString(nil, s), jsonString(t, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, encoding/json %s", s, got, want)
		}
	}
}

// written returns r with only the fields AppendRun writes for its status.
func written(r Run) Run {
	w := Run{Puzzle: r.Puzzle, Input: r.Input, Line: r.Line, Instance: r.Instance, Repeat: r.Repeat, Board: r.Board,
		Goal: r.Goal, Heuristic: r.Heuristic, Status: r.Status}
	switch r.Status {
	case StatusSolved:
		w.Moves, w.Length, w.Symbol = r.Moves, r.Length, r.Symbol
		if r.Length > 0 && r.Moves == "" {
			w.Moves = "" // not kept: not written
		}
		fallthrough
	case StatusLimit:
		w.Bound, w.H0, w.Expanded, w.Generated, w.Iterations = r.Bound, r.H0, r.Expanded, r.Generated, r.Iterations
		w.LastExpanded, w.LastGenerated = r.LastExpanded, r.LastGenerated
		w.TimeNS = max(r.TimeNS, 0)
		if r.Status == StatusLimit {
			w.Error = r.Error
		}
	default:
		w.Error = r.Error
	}
	return w
}

func TestAppendRunRoundTrips(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	statuses := []Status{StatusSolved, StatusUnsolvable, StatusLimit, StatusError}
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	count := func() OptCount { // unknown in older records
		if r.IntN(3) == 0 {
			return OptCount{}
		}
		return KnownCount(r.Uint64N(1 << r.IntN(64)))
	}
	for range 5000 {
		in := Run{Puzzle: pick(PuzzleRotation, Puzzle8, Puzzle15), Input: pick("-", "a b.txt", "x\"\\\n\xff"),
			Line: 1 + r.IntN(1e6), Instance: r.IntN(3), Repeat: r.IntN(3), Board: pick("", "1 2 3"),
			Goal: pick("", "blank-last"), Heuristic: pick("", "pdb663+reflect"), Status: statuses[r.IntN(4)],
			Moves: pick("", "UDLR", "ABC"), Length: r.IntN(80), Symbol: r.IntN(4), Bound: r.IntN(80), H0: r.IntN(80),
			Expanded: r.Uint64(), Generated: r.Uint64(), Iterations: r.IntN(30), LastExpanded: count(), LastGenerated: count(),
			TimeNS: r.Int64N(3) - 1,
			Error:  pick("", "line 3: tile 16 out of range", "\t<&>")}
		line := AppendRun(nil, &in)
		if !bytes.HasSuffix(line, []byte("}\n")) || bytes.Count(line, []byte{'\n'}) != 1 {
			t.Fatalf("%q: not one line", line)
		}
		var out Run
		if err := json.Unmarshal(line, &out); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		want := written(in)
		want.Input = strings.ToValidUTF8(want.Input, "\ufffd")
		if !reflect.DeepEqual(out, want) {
			t.Fatalf("%s decodes to\n%+v, want\n%+v", line, out, want)
		}
		// encoding/json goes through MarshalJSON: the same bytes, once
		// its HTML escaping is off.
		var m bytes.Buffer
		e := json.NewEncoder(&m)
		e.SetEscapeHTML(false)
		if err := e.Encode(in); err != nil || !bytes.Equal(m.Bytes(), line) {
			t.Fatalf("encoding/json = %s, %v; AppendRun %s", m.Bytes(), err, line)
		}
	}
}

var (
	rotationOnce   sync.Once
	rotationPaths  *search.RotationPaths
	rotationDist   *pdb.Table
	rotationSetErr error
)

// rotationSolvers returns an exact-table solver with the path table, one
// doing IDA* with the exact table, and one with the count heuristic.
func rotationSolvers(t testing.TB) (paths, ida, count *search.RotationSolver) {
	rotationOnce.Do(func() {
		if rotationDist, rotationSetErr = pdb.BuildRotation(nil); rotationSetErr != nil {
			return
		}
		var p *pdb.Table
		if p, rotationSetErr = pdb.BuildRotationPaths(rotationDist); rotationSetErr != nil {
			return
		}
		rotationPaths, rotationSetErr = search.NewRotationPaths(p)
	})
	if rotationSetErr != nil {
		t.Fatal(rotationSetErr)
	}
	var err error
	if paths, err = search.NewRotationSolver(rotationDist, search.RotationExact); err == nil {
		err = paths.UsePaths(rotationPaths)
	}
	if err == nil {
		ida, err = search.NewRotationSolver(rotationDist, search.RotationExact)
	}
	if err == nil {
		count, err = search.NewRotationSolver(nil, search.RotationCount)
	}
	if err != nil {
		t.Fatal(err)
	}
	ida.SetTiming(true)
	return paths, ida, count
}

// rotationRun is the obvious Run of a Rotation solve.
func rotationRun(input string, line int, b bitboard.Rotation, heuristic string, res *search.RotationResult, timed bool) Run {
	r := Run{Puzzle: PuzzleRotation, Input: input, Line: line, Board: b.String(), Heuristic: heuristic,
		Status: StatusSolved, Moves: res.MoveString(), Length: res.Len, Symbol: res.Symbol}
	r.SetStats(&res.Stats, timed)
	return r
}

// rotationRecords solves random boards three ways and writes them with the
// fast writer; it checks each line against AppendRun of the obvious Run.
func rotationRecords(t testing.TB, n int) []byte {
	paths, ida, count := rotationSolvers(t)
	var out []byte
	for k, s := range []*search.RotationSolver{paths, ida, count} {
		r := rand.New(rand.NewPCG(5, 6)) // the same boards for each
		name := []string{"exact", "exact-ida", "count"}[k]
		w := NewRotationWriter(name, k > 0)
		w.SetInput("boards \"1\".txt")
		for i := range n {
			b := bitboard.RandomRotation(r)
			if k == 2 && i > 3 {
				break // the count heuristic is slow
			}
			res, err := s.Solve(b, search.Limits{})
			if err != nil {
				t.Fatal(err)
			}
			end, err := b.Apply(res.MoveString())
			if err != nil || end.Centre() != res.Symbol {
				t.Fatalf("%v: moves %q do not fill the centre with %d", b, res.MoveString(), res.Symbol)
			}
			fast := w.Append(nil, i+1, b, &res)
			want := rotationRun("boards \"1\".txt", i+1, b, name, &res, k > 0)
			if slow := AppendRun(nil, &want); !bytes.Equal(fast, slow) {
				t.Fatalf("RotationWriter\n%s AppendRun\n%s", fast, slow)
			}
			out = append(out, fast...)
		}
	}
	return out
}

func TestRotationWriterMatchesAppendRun(t *testing.T) {
	out := rotationRecords(t, 500)
	// And the lines decode into what was solved: the exact and exact-ida
	// lengths agree board by board.
	lines := bytes.Split(bytes.TrimSpace(out), []byte{'\n'})
	var runs []Run
	for _, l := range lines {
		var r Run
		if err := json.Unmarshal(l, &r); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	for i := range 500 {
		a, b := runs[i], runs[500+i]
		if a.Board != b.Board || a.Length != b.Length || a.Moves != b.Moves {
			t.Fatalf("exact %+v and exact-ida %+v differ", a, b)
		}
		if a.Expanded != 0 || a.TimeNS != 0 || b.Generated == 0 || b.TimeNS <= 0 {
			t.Fatalf("exact should have no nodes and no time, exact-ida both: %+v %+v", a, b)
		}
	}
}

func TestRotationWriterDoesNotAllocate(t *testing.T) {
	paths, _, _ := rotationSolvers(t)
	b := bitboard.RandomRotation(rand.New(rand.NewPCG(7, 8)))
	res, _ := paths.Solve(b, search.Limits{})
	w := NewRotationWriter("exact", false)
	w.SetInput("-")
	buf := make([]byte, 0, 1024)
	if n := testing.AllocsPerRun(1000, func() { buf = w.Append(buf[:0], 12, b, &res) }); n != 0 {
		t.Fatalf("%v allocations a record", n)
	}
}

// tilesRecords solves 8-puzzle boards with Manhattan distance and writes
// one run of every status with AppendRun, as solve and bench would.
func tilesRecords(t testing.TB) []byte {
	h, err := search.LoadTilesHeuristic(nil, 3, 3, "manhattan")
	if err != nil {
		t.Fatal(err)
	}
	s := search.NewTilesSolver(h)
	r := rand.New(rand.NewPCG(9, 10))
	var out []byte
	goal := bitboard.BlankLast
	add := func(line int, b bitboard.Tiles, lim search.Limits) {
		run := Run{Puzzle: Puzzle8, Input: "eight.txt", Line: line, Instance: line, Board: b.String(), Goal: goal.String(),
			Heuristic: h.Name()}
		moves, st, err := s.Solve(b, goal, lim)
		switch {
		case err == nil:
			run.Status, run.Moves, run.Length = StatusSolved, string(moves), len(moves)
			end, _ := b.Apply(run.Moves)
			if !end.IsGoal(goal) {
				t.Fatalf("%v: %s does not solve it", b, moves)
			}
		case errors.Is(err, search.ErrLimit):
			run.Status, run.Error = StatusLimit, "node limit reached"
		case errors.Is(err, search.ErrUnsolvable):
			run.Status, run.Error = StatusUnsolvable, "the board cannot reach the blank-last goal"
		default:
			t.Fatal(err)
		}
		if run.Status != StatusUnsolvable {
			run.SetStats(&st, true)
		}
		out = AppendRun(out, &run)
	}
	for i := range 40 {
		add(i+1, bitboard.RandomTiles(r, 3, 3, goal), search.Limits{})
	}
	add(41, bitboard.RandomTiles(r, 3, 3, goal), search.Limits{MaxNodes: 5})
	add(42, bitboard.RandomTiles(r, 3, 3, bitboard.BlankFirst).Transpose(), search.Limits{}) // may be either
	odd, err := bitboard.ParseTiles(strings.Fields("2 1 3 4 5 6 7 8 0"), 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	add(43, odd, search.Limits{})
	_, perr := bitboard.ParseTiles(strings.Fields("1 2 3 4 5 6 7 8 9"), 3, 3)
	out = AppendRun(out, &Run{Puzzle: Puzzle8, Input: "eight.txt", Line: 44, Status: StatusError, Error: "line 44: " + perr.Error()})
	bad := Run{Puzzle: Puzzle8, Input: "eight.txt", Line: 45, Instance: 45, Goal: goal.String(), Heuristic: h.Name()}
	bad.SetError(perr) // bench's run of a record that is not a board
	return AppendRun(out, &bad)
}

// TestRecordsDecodeIntoTypes decodes every writer's records with
// encoding/json, unknown fields refused. (The schema check is in
// recordtest's test, which this package's tests cannot import.)
func TestRecordsDecodeIntoTypes(t *testing.T) {
	data := append(tilesRecords(t), rotationRecords(t, 20)...)
	seen := map[Status]int{}
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte{'\n'}) {
		d := json.NewDecoder(bytes.NewReader(l))
		d.DisallowUnknownFields()
		var r Run
		if err := d.Decode(&r); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if err := r.Check(); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		seen[r.Status]++
	}
	for _, s := range []Status{StatusSolved, StatusUnsolvable, StatusLimit, StatusError} {
		if seen[s] == 0 {
			t.Errorf("no %s record written", s)
		}
	}
}

// TestReadStreamRefusesOldDocuments: the single document bench wrote before
// the record schema is refused with a message that says so, not read as
// runs nor skipped; an unknown field of a run is an error at its line.
func TestReadStreamRefusesOldDocuments(t *testing.T) {
	for _, doc := range []string{
		`{"puzzle":"8puzzle","summary":[]}`,
		`{"puzzle":"15puzzle","per_instance":[{"instance":1,"where":"k.txt:2","heuristic":"manhattan","status":"censored","seconds":1.5}],"summary":[]}`,
	} {
		_, err := ReadStream(strings.NewReader("\n"+doc+"\n"), "old.json")
		if !errors.Is(err, ErrRecord) || !strings.HasPrefix(err.Error(), "old.json:2:") || !strings.Contains(err.Error(), "before the record schema") {
			t.Errorf("%s: %v", doc, err)
		}
	}
	if _, err := ReadStream(strings.NewReader("\n\n{\"status\":\"solved\",\"bogus\":1}"), "x"); !errors.Is(err, ErrRecord) ||
		!strings.HasPrefix(err.Error(), "x:3:") {
		t.Errorf("unknown field: %v", err)
	}
}

// BenchmarkRotationRecord compares the fast writer with encoding/json over
// the same record (a Run of the same fields, by reflection).
func BenchmarkRotationRecord(b *testing.B) {
	paths, _, _ := rotationSolvers(b)
	board := bitboard.RandomRotation(rand.New(rand.NewPCG(13, 14)))
	res, _ := paths.Solve(board, search.Limits{})
	b.Run("writer", func(b *testing.B) {
		w := NewRotationWriter("exact", false)
		w.SetInput("boards.txt")
		buf := make([]byte, 0, 512)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			buf = w.Append(buf[:0], i, board, &res)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		type plainRun Run // no MarshalJSON: encoding/json's reflection
		var buf bytes.Buffer
		e := json.NewEncoder(&buf)
		b.ReportAllocs()
		for i := 0; b.Loop(); i++ {
			buf.Reset()
			r := plainRun{Puzzle: PuzzleRotation, Input: "boards.txt", Line: i, Board: board.String(), Heuristic: "exact",
				Status: StatusSolved, Moves: res.MoveString(), Length: res.Len, Symbol: res.Symbol}
			e.Encode(&r)
		}
	})
}

// TestWriteCSVMatchesJSON writes the same runs as CSV and as JSON and
// compares them cell by cell with the JSON fields.
func TestWriteCSVMatchesJSON(t *testing.T) {
	data := append(tilesRecords(t), rotationRecords(t, 5)...)
	// a run stopped by a signal carries its search's figures as a limit's
	data = append(data, `{"puzzle":"8puzzle","input":"eight.txt","line":99,"instance":99,"board":"1 2 3 4 5 6 7 0 8","goal":"blank-last","heuristic":"manhattan","status":"interrupted","bound":21,"h0":1,"expanded":500,"generated":800,"iterations":4,"last_expanded":300,"last_generated":450,"time_ns":12345,"cpu_ns":0,"error":"interrupted"}`+"\n"...)
	var runs []Run
	var objs []map[string]any
	for _, l := range bytes.Split(bytes.TrimSpace(data), []byte{'\n'}) {
		var r Run
		var m map[string]any
		if json.Unmarshal(l, &r) != nil || json.Unmarshal(l, &m) != nil {
			t.Fatal(string(l))
		}
		runs, objs = append(runs, r), append(objs, m)
	}
	var b bytes.Buffer
	if err := WriteCSV(&b, runs); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 1+len(runs) || !reflect.DeepEqual(rows[0], csvHeader) {
		t.Fatalf("%d rows, %v", len(rows), err)
	}
	for i, m := range objs {
		for k, name := range csvHeader {
			v, ok := m[name]
			want := ""
			if ok {
				want = strings.TrimSuffix(strings.TrimPrefix(string(must(json.Marshal(v))), `"`), `"`)
			}
			if name == "moves" && !ok && runs[i].Status == StatusSolved {
				want = "" // not kept
			}
			if rows[i+1][k] != want && !(name == "board" || name == "input" || name == "error") {
				t.Fatalf("run %d column %s: %q, JSON %q", i, name, rows[i+1][k], want)
			}
			if (name == "board" || name == "input" || name == "error") && ok && rows[i+1][k] != v.(string) {
				t.Fatalf("run %d column %s: %q, JSON %q", i, name, rows[i+1][k], v)
			}
		}
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// TestScannerNamesWhatIsNotAnObject: a line that is valid JSON but no
// object is named by its kind, in words, not by encoding/json's Go types.
func TestScannerNamesWhatIsNotAnObject(t *testing.T) {
	for in, kind := range map[string]string{"8 1 3\n": "a number", "[1]\n": "an array", "\"x\"\n": "a string", "null\n": "null", "true\n": "true or false"} {
		sc := NewScanner(strings.NewReader(in), "f")
		for sc.Scan() {
		}
		err := sc.Err()
		if err == nil || !strings.Contains(err.Error(), "f:1: not a JSON object: it is "+kind) || strings.Contains(err.Error(), "Go value") {
			t.Errorf("%q: %v, want f:1 naming %s", in, err, kind)
		}
	}
}
