package record

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// fullRun decodes line as the Scanner does without Brief (the fast path
// for every field, else encoding/json), run checked: the oracle for
// briefRun.
func fullRun(line []byte) (Run, error) {
	sc := NewScanner(bytes.NewReader(append(append([]byte(nil), line...), '\n')), "x")
	if !sc.Scan() {
		if sc.Err() == nil {
			return Run{}, fmt.Errorf("no value")
		}
		return Run{}, sc.Err()
	}
	if sc.Kind() != KindRun || sc.Scan() {
		return Run{}, fmt.Errorf("not one run")
	}
	return *sc.Run(), sc.Err()
}

// repeatedKey reports whether the object line gives a key twice as
// encoding/json matches them (case and Unicode folding), or is not one
// JSON object: briefRun takes the first of a key given twice, encoding/json
// the last.
func repeatedKey(line []byte) bool {
	d := json.NewDecoder(bytes.NewReader(line))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return true
	}
	var keys []string
	for d.More() {
		t, err := d.Token()
		k, ok := t.(string)
		if err != nil || !ok {
			return true
		}
		for _, o := range keys {
			if strings.EqualFold(o, k) {
				return true
			}
		}
		keys = append(keys, k)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return true
		}
	}
	return false
}

// checkBrief checks briefRun on one line against the full decoding: a
// line it takes, the full decoding takes with the same input, line and
// status (a key given twice aside); and when the line is valid JSON,
// encoding/json reads the same three fields from it whatever the others
// hold. It returns whether briefRun took the line.
func checkBrief(t *testing.T, line []byte) bool {
	t.Helper()
	body := bitboard.TrimSpace(line)
	if len(body) == 0 || body[0] != '{' {
		return false
	}
	s := &Scanner{Brief: true}
	if !s.briefRun(body) {
		return false
	}
	if repeatedKey(body) {
		return true
	}
	got := s.run
	if want, err := fullRun(body); err == nil {
		if got.Input != want.Input || got.Line != want.Line || got.Status != want.Status {
			t.Fatalf("%q: briefRun %q line %d %s; full decoding %q line %d %s",
				body, got.Input, got.Line, got.Status, want.Input, want.Line, want.Status)
		}
	}
	var lenient struct {
		Input  string
		Line   int
		Status Status
	}
	if json.Unmarshal(body, &lenient) == nil &&
		(lenient.Input != got.Input || lenient.Line != got.Line || lenient.Status != got.Status) {
		t.Fatalf("%q: briefRun %q line %d %s; encoding/json %+v", body, got.Input, got.Line, got.Status, lenient)
	}
	return true
}

// TestBriefRunAgreesWithDecoder: on the runs pdbsolve writes (AppendRun
// and RotationWriter), with names and messages holding the field names,
// quotes (escaped), other escapes and non-ASCII text, briefRun takes every
// line whose input is plain ASCII and reads what the full decoding reads;
// the others it leaves to the full decoding.
func TestBriefRunAgreesWithDecoder(t *testing.T) {
	inputs := []string{"boards.txt", "-", "dir/a b.txt", "status", `"status":"solved"`, `we"ird`, "tab\tname", "caf\u00e9", `line":7,"x`}
	texts := []string{"", "node limit", `field ,"status":"solved" in it`, `,"line":99,"input":"z"`, `a "quoted" one`, "back\\slash",
		"{nested}", `status":"`}
	statuses := []Status{StatusSolved, StatusUnsolvable, StatusLimit, StatusError, StatusInterrupted}
	rng := rand.New(rand.NewPCG(5, 6))
	taken := 0
	for i := range 3000 {
		in := inputs[rng.IntN(len(inputs))]
		r := Run{Puzzle: []string{PuzzleRotation, "15puzzle", `status"`}[rng.IntN(3)], Input: in, Line: 1 + rng.IntN(100000),
			Board: texts[rng.IntN(len(texts))], Heuristic: texts[rng.IntN(len(texts))], Status: statuses[rng.IntN(len(statuses))],
			Error: texts[1+rng.IntN(len(texts)-1)], Instance: rng.IntN(3), Bound: rng.IntN(40), Expanded: rng.Uint64N(1 << 40),
			TimeNS: rng.Int64N(1 << 40), CPUNS: OptCount{uint64(rng.IntN(3)), rng.IntN(2) == 0}}
		if r.Status == StatusSolved {
			r.Length = rng.IntN(30)
			if rng.IntN(4) > 0 {
				r.Moves = strings.Repeat("A", r.Length)
			}
		}
		line := AppendRun(nil, &r)
		if checkBrief(t, line) {
			taken++
		} else if plain := !strings.ContainsAny(in, "\"\t\u00e9") && !strings.ContainsAny(r.Puzzle, `"`) &&
			!bytes.Contains(line[1:], []byte{'{'}); plain {
			t.Fatalf("run %d: briefRun declined %q", i, line)
		}
	}
	w := NewRotationWriter("exact", true)
	w.SetInput("boards.txt")
	for line := 1; line < 200; line++ {
		res := search.RotationResult{Len: line % 12, Symbol: 1 + line%3}
		copy(res.Moves[:], "ABCDEFGHABCDEFGH")
		b := w.Append(nil, line, bitboard.Rotation(uint64(line)*0x9e3779b97f4a7c15), &res)
		if !checkBrief(t, b) {
			t.Fatalf("briefRun declined %q", b)
		}
		taken++
	}
	if taken < 500 {
		t.Fatalf("briefRun took only %d lines", taken)
	}
}

// TestBriefRunDeclines: lines the full decoding refuses for what briefRun
// reads, or reads otherwise than briefRun would, are left to it.
func TestBriefRunDeclines(t *testing.T) {
	good := `{"puzzle":"rotation","input":"a","line":3,"board":"1 2","heuristic":"exact","status":"solved","moves":"AB","length":2,"bound":2}`
	if s := (&Scanner{Brief: true}); !s.briefRun([]byte(good)) {
		t.Fatalf("briefRun declined %s", good)
	}
	for _, line := range []string{
		strings.Replace(good, `"solved"`, `"nonsense"`, 1),                // no such status
		strings.Replace(good, `"line":3`, `"line":0`, 1),                  // lines count from 1
		strings.Replace(good, `"line":3`, `"line":-3`, 1),                 // negative
		strings.Replace(good, `"line":3`, `"line":03`, 1),                 // a leading zero is not JSON
		strings.Replace(good, `"line":3`, `"line":3.5`, 1),                // not a whole number
		strings.Replace(good, `"length":2`, `"length":3`, 1),              // moves and length disagree
		strings.Replace(good, `"status":"solved"`, `"state":"solved"`, 1), // no status
		strings.Replace(good, `"input":"a"`, `"input":"a\"b"`, 1),         // an escape in the input
		strings.Replace(good, `"input":"a"`, `"input":"a\u0000"`, 1),      // likewise
		strings.Replace(good, `"1 2"`, "\"1 \x00\x00\x00 2\"", 1),         // zeros of a crash
		strings.Replace(good, `"bound":2`, `"bound":{"status":"limit"}`, 1),
		strings.Replace(good, `"board":"1 2"`, `"board":"x\",\"status\":\"limit"`, 1) + "x", // torn after a quoted status
		`{"puzzle":"rotation","input":"a","line":3,"status":"error","error":""}`,            // an error without its message
		`{"puzzle":"rotation","input":"a","line":3,"status":"unsolvable","length":1}`,       // likewise
		`{"puzzle":"rotation","input":"a","line":3,"status":"solved","length":-2}`,          // a negative length
		good[:len(good)-1], // torn: no closing brace
		good + " " + strings.Replace(good, `"line":3`, `"line":4`, 1), // two runs on one line
		`{"input":"a","puzzle":"rotation","line":3,"status":"limit"}`, // not in pdbsolve's order
	} {
		s := &Scanner{Brief: true}
		if s.briefRun([]byte(line)) {
			t.Errorf("briefRun took %s", line)
		}
	}
	// Field names and quotes inside strings do not mislead it.
	for _, line := range []string{
		`{"puzzle":"rotation","input":"a","line":3,"board":"status","heuristic":"\"status\":\"solved\"","status":"limit"}`,
		`{"puzzle":"rotation","input":"line","line":3,"board":"x\",\"status\":\"solved","status":"interrupted","error":"a \"b\""}`,
		`{"puzzle":"rotation","input":"status","line":3,"status":"error","error":",\"status\":\"solved\""}`,
	} {
		if !checkBrief(t, []byte(line)) {
			t.Errorf("briefRun declined %s", line)
		}
	}
}

// TestReadPriorBriefMatchesFull: a solve output with plain runs, runs the
// brief scan leaves to the full decoding (escapes, other key orders), a
// second session's header and a last line torn at every byte reads as the
// runs the full decoding reads: the same lines answered, counts, size and
// dropped line (the runs of the last line left out, as Prior says).
func TestReadPriorBriefMatchesFull(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"in.txt"}}
	var b bytes.Buffer
	b.Write(append(headerLine(t, cfg), '\n'))
	for line := 1; line <= 150; line++ {
		r := Run{Puzzle: PuzzleRotation, Input: []string{"in.txt", `i"n.txt`}[line%2], Line: line, Board: "1 2", Heuristic: "exact",
			Status: StatusSolved, Moves: "ABC", Length: 3}
		switch line % 7 {
		case 0:
			continue
		case 1:
			r.Status, r.Moves, r.Length, r.Error = StatusError, "", 0, `bad "status":"solved"`
		case 2:
			r.Status, r.Moves, r.Length = StatusInterrupted, "", 0
		}
		if line%25 == 0 {
			fmt.Fprintf(&b, "{\"status\":%q,\"line\":%d,\"input\":%q,\"puzzle\":\"rotation\"}\n", StatusLimit, line, r.Input)
			continue
		}
		if line == 75 {
			b.Write(append(headerLine(t, cfg), '\n'))
		}
		b.Write(AppendRun(nil, &r))
	}
	last := AppendRun(nil, &Run{Puzzle: PuzzleRotation, Input: "in.txt", Line: 400, Status: StatusLimit, Bound: 12})
	dir := t.TempDir()
	path := filepath.Join(dir, "out.jsonl")
	for cut := 1; cut <= len(last); cut++ {
		data := append(append([]byte(nil), b.Bytes()...), last[:cut]...)
		os.WriteFile(path, data, 0o644)
		p, err := ReadPrior(path, cfg)
		if err != nil {
			t.Fatal(err)
		}
		// The oracle: every run through the full decoding, but the runs of
		// the last line (the last run is not interrupted: all of them are
		// one line's), which a resumed run solves again: the file is cut
		// before the line holding the first of them.
		runs, k, want, done, sc := fullPriorRuns(data, path)
		if sc.Err() != nil {
			t.Fatal(sc.Err())
		}
		size, noNewline := sc.Size(), sc.MissingNewline()
		if k < len(runs) {
			size, noNewline = int64(len(data)), false
			if n := runs[k].valLine - 1; n <= bytes.Count(data, []byte{'\n'}) {
				size = int64(len(data) - len(bytes.SplitAfterN(data, []byte{'\n'}, n+1)[n]))
			}
		}
		if p.Done != done || p.Size != size || p.Truncated != sc.Truncated() || p.MissingNewline != noNewline {
			t.Fatalf("cut %d: %+v size %d truncated %d; full decoding %+v %d %d", cut, p.Done, p.Size, p.Truncated, done, size, sc.Truncated())
		}
		if whole := cut == len(last)-1 || cut == len(last); whole != (p.Truncated == 0) {
			t.Fatalf("cut %d of %d: truncated line %d", cut, len(last), p.Truncated)
		}
		answered := p.Answered()
		for _, in := range []string{"in.txt", `i"n.txt`} {
			for line := 0; line <= 401; line++ {
				if answered(in, line) != want[in][line] {
					t.Fatalf("cut %d: %s line %d answered %v", cut, in, line, answered(in, line))
				}
			}
		}
	}
}

// scanned is what a Scanner returns for one value, and where it is then.
type scanned struct {
	kind               Kind
	valLine, lines     int
	size               int64
	input              string
	line               int
	status             Status
	headerCommand      string
	truncated, noNewln bool
}

// scanAll reads data through a Scanner with a read buffer of size bytes
// (Brief from the start when brief) and returns every value, the error
// and the end state.
func scanAll(data []byte, size int, brief bool) ([]scanned, string) {
	sc := newScannerSize(bytes.NewReader(data), "f", size)
	sc.Brief = brief
	var out []scanned
	for sc.Scan() {
		v := scanned{kind: sc.Kind(), valLine: sc.Line(), lines: sc.Lines(), size: sc.Size()}
		switch sc.Kind() {
		case KindRun:
			v.input, v.line, v.status = sc.Run().Input, sc.Run().Line, sc.Run().Status
		case KindHeader:
			if c := sc.Header().Config; c != nil {
				v.headerCommand = c.Command
			}
		}
		out = append(out, v)
	}
	err := ""
	if sc.Err() != nil {
		err = sc.Err().Error()
	}
	return out, fmt.Sprintf("%s; lines %d size %d truncated %d no newline %v", err, sc.Lines(), sc.Size(), sc.Truncated(), sc.MissingNewline())
}

// briefStream returns a solve output of Rotation runs as pdbsolve writes
// them (RotationWriter, AppendRun), n lines of boards, with what a resumed
// run meets in one: lines of several boards, interrupted runs in the
// middle, a second session's header, a switch to another input and back,
// runs the brief scan leaves to the full decoding (an escaped input,
// another key order, CRLF, spaces, a blank line, a value spread over
// lines) and an error run.
func briefStream(t *testing.T, n int, rng *rand.Rand) []byte {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"a.txt"}}
	out := append(headerLine(t, cfg), '\n')
	w := NewRotationWriter("exact", rng.IntN(2) == 0)
	for line := 1; line <= n; line++ {
		in := "a.txt"
		switch {
		case line%997 >= 990:
			in = "b.txt" // as long as a.txt: only its bytes tell them apart
		case line%1009 >= 1005:
			in = "dir/c.txt"
		}
		w.SetInput(in)
		res := search.RotationResult{Len: rng.IntN(16), Symbol: 1 + rng.IntN(3)}
		copy(res.Moves[:], "ABCDEFGHABCDEFGH")
		b := bitboard.Rotation(rng.Uint64())
		switch k := rng.IntN(400); {
		case k == 0:
			out = append(out, headerLine(t, cfg)...)
			out = append(out, '\n')
		case k == 1:
			out = AppendRun(out, &Run{Puzzle: PuzzleRotation, Input: in, Line: line, Status: StatusInterrupted, Bound: 9, Error: "interrupted"})
			continue
		case k == 2:
			out = AppendRun(out, &Run{Puzzle: PuzzleRotation, Input: `we"ird`, Line: line, Status: StatusSolved, Length: 0})
			continue
		case k == 3:
			out = fmt.Appendf(out, "{\"status\":\"limit\",\"line\":%d,\"input\":%q,\"puzzle\":\"rotation\"}\n", line, in)
			continue
		case k == 4:
			out = append(bytes.TrimSuffix(w.Append(out, line, b, &res), []byte{'\n'}), "\r\n"...)
			continue
		case k == 5:
			out = append(append(out, "  "...), w.Append(nil, line, b, &res)...)
			continue
		case k == 6:
			out = append(out, "\n"...)
		case k == 7:
			out = fmt.Appendf(out, "{\"puzzle\":\"rotation\",\n \"input\":%q,\n \"line\":%d,\n \"status\":\"solved\", \"length\":0}\n", in, line)
			continue
		case k == 8:
			out = AppendRun(out, &Run{Puzzle: PuzzleRotation, Input: in, Line: line, Status: StatusError, Error: "bad board"})
			continue
		case k == 9: // the input of the line before it, the status's key in another spelling
			out = fmt.Appendf(out, "{\"puzzle\":\"rotation\",\"input\":\"%s\",\"line\":%d,\"status\": \"solved\",\"length\":0}\n", []string{"b.txt", "a.txt"}[line%2], line)
			continue
		case k < 40: // a line of several boards
			for range 1 + rng.IntN(4) {
				out = w.Append(out, line, bitboard.Rotation(rng.Uint64()), &res)
			}
			continue
		}
		out = w.Append(out, line, b, &res)
	}
	return out
}

// TestBriefScanMatchesFull: the Scanner with Brief, runs read straight
// from its read buffer (briefNext), returns what it returns line by line
// (every line through readLine and briefRun or the full decoding), which
// on a stream the full decoding reads whole is what the full decoding
// returns: the same values at the same lines and offsets, the same input,
// line and status of each run, and the same error and end. The streams
// are solve outputs with interrupted runs in the middle, shared lines and
// lines left to the full decoding; whole, torn at the end, without a last
// newline, with zeros (a block, in a line, in a board) or a nested object;
// read through buffers of many sizes (lines across their ends).
func TestBriefScanMatchesFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 2))
	base := briefStream(t, 3000, rng)
	last := bytes.LastIndexByte(base[:len(base)-1], '\n') + 1
	mid := bytes.IndexByte(base[len(base)/2:], '\n') + len(base)/2 + 1
	late := len(base) - len(bytes.Join(bytes.SplitAfter(base, []byte{'\n'})[bytes.Count(base, []byte{'\n'})-40:], nil)) // 40 lines before the end
	nested := `{"puzzle":"rotation","input":"a.txt","line":5,"status":"limit","bound":{"x":1}}` + "\n"
	zeroed := slices.Clone(base) // zeros in the board of a run pdbsolve wrote, the rest of its line whole
	k := mid + bytes.Index(base[mid:], []byte(`"board":"`)) + len(`"board":"`)
	copy(zeroed[k:k+10], make([]byte, 10))
	variants := map[string][]byte{
		"zeros board": zeroed,
		"whole":       base,
		"no newline":  base[:len(base)-1],
		"torn":        base[:last+(len(base)-last)/2],
		"torn brace":  base[:len(base)-2],
		"zeros":       slices.Concat(base[:late], make([]byte, 700), base[late:]), // the rest is read as one value: keep it short
		"zeros line":  slices.Concat(base[:late], base[late:late+20], make([]byte, 30), []byte("\n"), base[late:]),
		"nested":      slices.Concat(base[:mid], []byte(nested), base[mid:]),
	}
	for name, data := range variants {
		// The oracles: the full decoding, and Brief through a buffer of
		// 16 bytes, which holds no whole run (every line goes through
		// readLine, briefRun and fastRun one by one): the two agree
		// when the full decoding reads the whole stream (the brief ways
		// take some lines it refuses: a string's bytes not checked).
		full, fullEnd := scanAll(data, scanBufSize, false)
		want, wantEnd := scanAll(data, 16, true)
		if name == "whole" && (len(full) < 3000 || fullEnd != fmt.Sprintf("; lines %d size %d truncated 0 no newline false", bytes.Count(data, []byte{'\n'}), len(data))) {
			t.Fatalf("the full decoding read %d values; %s", len(full), fullEnd)
		}
		if fullEnd[0] == ';' && (wantEnd != fullEnd || !slices.Equal(want, full)) {
			t.Fatalf("%s: line by line, Brief read %d values, %s; the full decoding %d, %s", name, len(want), wantEnd, len(full), fullEnd)
		}
		for _, size := range []int{97, 300, 1000, 4096, scanBufSize} {
			got, gotEnd := scanAll(data, size, true)
			if gotEnd != wantEnd {
				t.Fatalf("%s, buffer %d: %s; line by line %s", name, size, gotEnd, wantEnd)
			}
			if len(got) != len(want) {
				t.Fatalf("%s, buffer %d: %d values; line by line %d", name, size, len(got), len(want))
			}
			for k := range got {
				if got[k] != want[k] {
					t.Fatalf("%s, buffer %d, value %d: %+v; line by line %+v", name, size, k, got[k], want[k])
				}
			}
		}
	}
}

// TestReadPriorBlockScanMatchesFull: ReadPrior of a solve output as
// briefStream writes it (interrupted runs in the middle, shared lines,
// sessions, switched inputs, lines left to the full decoding), in one pass
// and in parts of 40 KiB on 8 goroutines, holds what the full decoding of
// every run gives: the lines answered by input (interrupted runs not
// answered), the counts, and the size cut before the last line's runs,
// which a resumed run solves again.
func TestReadPriorBlockScanMatchesFull(t *testing.T) {
	cfg := &Config{Command: "solve", Puzzle: PuzzleRotation, Heuristics: []string{"exact"}, Repeat: 1, Shard: "0/1", Inputs: []string{"a.txt"}}
	data := briefStream(t, 3000, rand.New(rand.NewPCG(7, 8)))
	path := filepath.Join(t.TempDir(), "out.jsonl")
	os.WriteFile(path, data, 0o644)
	// The oracle: every run decoded in full, the last line's runs left out.
	runs, k, want, done, sc := fullPriorRuns(data, path)
	if sc.Err() != nil || len(runs) < 3000 {
		t.Fatalf("%d runs; %v", len(runs), sc.Err())
	}
	n := runs[k].valLine - 1 // the lines kept
	wantSize := int64(len(data) - len(bytes.SplitAfterN(data, []byte{'\n'}, n+1)[n]))
	defer func(n int64) { partBytes = n }(partBytes)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8))
	for _, parts := range []int64{1 << 40, 40 << 10} {
		partBytes = parts
		p, err := ReadPrior(path, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if p.Done != done || p.Size != wantSize || p.Truncated != 0 {
			t.Fatalf("parts of %d bytes: %+v, size %d, truncated %d; full decoding %+v, size %d", parts, p.Done, p.Size, p.Truncated, done, wantSize)
		}
		answered := p.Answered()
		for _, in := range []string{"a.txt", "b.txt", "dir/c.txt", `we"ird`} {
			for line := 0; line <= 3001; line++ {
				if answered(in, line) != want[in][line] {
					t.Fatalf("parts of %d bytes: %s line %d answered %v", parts, in, line, answered(in, line))
				}
			}
		}
	}
}

// TestScannerValueOverManyLines: a value spread over many lines is read in
// one pass. It is a run with 200,000 line breaks inside its braces (valid
// JSON), then a run on one line, then a value left open to the end of the
// input; the line numbers are counted independently here. Looking for the
// end of a value from its start again at each new line took minutes on
// this input (seconds at 20,000 lines).
func TestScannerValueOverManyLines(t *testing.T) {
	const gap = 200000
	run := `"puzzle":"rotation","input":"b.txt","line":%d,"board":"2 2 2 3 3 2 3 2 3 3 1 1 3 1 2 2 1 1 3 3 1 1 1 2",` +
		`"heuristic":"exact","status":"solved","moves":"BDBBDFCFG","length":9,"symbol":2,"bound":9,"h0":9,"expanded":0,"generated":0,"iterations":0`
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n%s"+strings.Repeat("\n", gap)+"}\n", fmt.Sprintf(run, 1))
	fmt.Fprintf(&b, "{%s}\n", fmt.Sprintf(run, 2))
	b.WriteString("{\"puzzle\":\"rotation\",\"x\":[" + strings.Repeat("1,\n", gap))
	start := time.Now()
	sc := NewScanner(&b, "f")
	var lines []int
	for sc.Scan() {
		lines = append(lines, sc.Line())
	}
	if took := time.Since(start); took > 20*time.Second {
		t.Errorf("scanning took %v: not one pass", took)
	}
	if want := []int{1, gap + 3}; !slices.Equal(lines, want) {
		t.Errorf("runs at lines %v, want %v", lines, want)
	}
	if err := sc.Err(); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("f:%d:", gap+4)) {
		t.Errorf("error %v, want one at line %d (the value left open)", err, gap+4)
	}
}

// scannedRun is a run decoded in full and the line its value starts on.
type scannedRun struct {
	r       Run
	valLine int
}

// fullPriorRuns is the oracle of ReadPrior: every run of data decoded in
// full; k, how many of them come before the runs of the last line (the
// last run not interrupted: the line a resumed run solves again, the file
// cut before its first run); the lines of those k answered (not
// interrupted) by input, and their count; the scanner at its end (Err,
// Size).
func fullPriorRuns(data []byte, path string) (runs []scannedRun, k int, want map[string]map[int]bool, done Summary, sc *Scanner) {
	sc = NewScanner(bytes.NewReader(data), path)
	for sc.Scan() {
		if sc.Kind() == KindRun {
			runs = append(runs, scannedRun{*sc.Run(), sc.Line()})
		}
	}
	k = len(runs)
	for k > 0 && runs[k-1].r.Status != StatusInterrupted && runs[k-1].r.Input == runs[len(runs)-1].r.Input && runs[k-1].r.Line == runs[len(runs)-1].r.Line {
		k--
	}
	want = map[string]map[int]bool{}
	for _, x := range runs[:k] {
		if r := x.r; r.Status != StatusInterrupted {
			done.Count(r.Status)
			if want[r.Input] == nil {
				want[r.Input] = map[int]bool{}
			}
			want[r.Input][r.Line] = true
		}
	}
	return runs, k, want, done, sc
}
