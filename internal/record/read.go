package record

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrRecord is returned (wrapped, with the input's name and line) when a
// JSON value is not a record of the schema.
var ErrRecord = errors.New("not a pdbsolve record")

// isSpace reports whether c is ASCII white space, the only white space any
// pdbsolve reader accepts between fields.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// trimSpace trims ASCII white space from both ends of b.
func trimSpace(b []byte) []byte {
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// fields splits s at runs of ASCII white space.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) })
}

// Stream is what a JSON output holds: its provenance headers and its runs,
// in input order. Verdicts, census records and reports are skipped.
type Stream struct {
	Headers []Provenance
	Runs    []Run
	// Configs holds the configuration of each header that has one, in
	// order (one a session: a resumed run appends a header).
	Configs []Config
	// Summaries holds each bench summary line, in order; the last says
	// whether the output is complete.
	Summaries []Summary
	// Truncated is the line of an unfinished last line that was dropped
	// (its writer was killed mid-line), 0 when there is none.
	Truncated int
	// Size is the length in bytes of the data read, without a dropped
	// unfinished last line: where a resumed writer appends.
	Size int64
}

// ReadStream reads every JSON value of r (JSON Lines, or values spread over
// several lines) named name. Runs are kept, with their status checked;
// provenance headers are kept; reports, verdicts, verify summaries and
// census records are skipped. It also reads the single JSON document that
// bench wrote before this schema ({"puzzle": ..., "per_instance": [...]},
// "seconds" and status "censored"), converting its rows to runs.
// Errors name the input and the line where the bad value starts. A last
// line without a newline that is not a JSON value (a writer killed in the
// middle of it) is dropped and its line kept in Stream.Truncated.
func ReadStream(r io.Reader, name string) (*Stream, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	s := &Stream{}
	if i := bytes.LastIndexByte(data, '\n'); i < len(data)-1 && len(trimSpace(data[i+1:])) > 0 && !json.Valid(data[i+1:]) {
		s.Truncated = 1 + bytes.Count(data[:i+1], []byte{'\n'})
		data = data[:i+1]
	}
	s.Size = int64(len(data))
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	for {
		start := d.InputOffset()
		var raw json.RawMessage
		err := d.Decode(&raw)
		if err == io.EOF {
			return s, nil
		}
		line := lineAt(data, int(start))
		var obj map[string]json.RawMessage
		if err == nil {
			err = json.Unmarshal(raw, &obj)
		}
		if err != nil {
			return nil, fmt.Errorf("%s:%d: not a JSON object: %v", name, line, err)
		}
		if err := s.add(raw, obj, name, line); err != nil {
			return nil, err
		}
	}
}

// lineAt returns the 1-based line of the first non-space byte at or after
// offset off.
func lineAt(data []byte, off int) int {
	for off < len(data) && isSpace(data[off]) {
		off++
	}
	return 1 + bytes.Count(data[:off], []byte{'\n'})
}

// legacyRow is a per-instance row of bench's JSON before this schema.
type legacyRow struct {
	Instance  int     `json:"instance"`
	Where     string  `json:"where"` // file:line
	Heuristic string  `json:"heuristic"`
	Status    string  `json:"status"` // solved, censored, error
	Length    int     `json:"length"`
	Bound     int     `json:"bound"`
	H0        int     `json:"h0"`
	Expanded  uint64  `json:"expanded"`
	Generated uint64  `json:"generated"`
	Seconds   float64 `json:"seconds"`
	Moves     string  `json:"moves"`
	Error     string  `json:"error"`
}

func (s *Stream) add(raw json.RawMessage, obj map[string]json.RawMessage, name string, line int) error {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%s:%d: %w: %s", name, line, ErrRecord, fmt.Sprintf(format, a...))
	}
	switch {
	case obj["status"] != nil && obj["where"] == nil:
		var r Run
		d := json.NewDecoder(bytes.NewReader(raw))
		d.DisallowUnknownFields()
		if err := d.Decode(&r); err != nil {
			return bad("a run: %v", err)
		}
		if err := r.Check(); err != nil {
			return bad("%v", err)
		}
		s.Runs = append(s.Runs, r)
	case obj["provenance"] != nil:
		var h Header
		if err := json.Unmarshal(raw, &h); err != nil {
			return bad("a provenance header: %v", err)
		}
		s.Headers = append(s.Headers, h.Provenance)
		if h.Config != nil {
			s.Configs = append(s.Configs, *h.Config)
		}
	case obj["summary"] != nil && obj["report"] != nil:
		var sum Summary
		if err := json.Unmarshal(obj["summary"], &sum); err != nil {
			return bad("a bench summary: %v", err)
		}
		s.Summaries = append(s.Summaries, sum)
	case obj["per_instance"] != nil:
		var puzzle string
		var rows []legacyRow
		if err := json.Unmarshal(obj["puzzle"], &puzzle); err != nil {
			return bad("an old bench document without a puzzle: %v", err)
		}
		if err := json.Unmarshal(obj["per_instance"], &rows); err != nil {
			return bad("an old bench document: %v", err)
		}
		for _, x := range rows {
			r, err := x.run(puzzle)
			if err != nil {
				return bad("an old bench row: %v", err)
			}
			s.Runs = append(s.Runs, r)
		}
	case obj["summary"] != nil && obj["puzzle"] != nil:
		return bad("an old bench document without per-instance rows: run bench with --per-instance to merge it")
	case obj["report"] != nil, obj["verdict"] != nil, obj["verify_summary"] != nil, obj["counts"] != nil:
		// not runs
	default:
		keys := make([]string, 0, len(obj))
		for k := range obj {
			keys = append(keys, k)
		}
		return bad("an object with keys %v", keys)
	}
	return nil
}

func (x legacyRow) run(puzzle string) (Run, error) {
	i := strings.LastIndexByte(x.Where, ':')
	line, err := strconv.Atoi(x.Where[i+1:])
	if i < 0 || err != nil {
		return Run{}, fmt.Errorf("where %q is not FILE:LINE", x.Where)
	}
	r := Run{Puzzle: puzzle, Input: x.Where[:i], Line: line, Instance: x.Instance, Heuristic: x.Heuristic,
		Bound: x.Bound, H0: x.H0, Expanded: x.Expanded, Generated: x.Generated,
		TimeNS: int64(x.Seconds*1e9 + 0.5), Error: x.Error}
	switch x.Status {
	case "solved":
		r.Status, r.Length, r.Moves = StatusSolved, x.Length, x.Moves
	case "censored":
		r.Status = StatusLimit
	case "error":
		r.Status = StatusError
	default:
		return Run{}, fmt.Errorf("status %q", x.Status)
	}
	return r, nil
}

// Check reports the first way r breaks the schema's rules that a JSON
// Schema cannot say as plainly: a known status, a positive line, a
// non-negative length and bound, moves (when kept) as many as the length,
// and an error message on unsolvable and error runs.
func (r *Run) Check() error {
	switch {
	case !r.Status.Valid():
		return fmt.Errorf("status %q is none of solved, unsolvable, limit, error, interrupted", r.Status)
	case r.Line < 1:
		return fmt.Errorf("line %d: want a line number from 1", r.Line)
	case r.Length < 0 || r.Bound < 0:
		return fmt.Errorf("negative length %d or bound %d", r.Length, r.Bound)
	case r.Status == StatusSolved && r.Moves != "" && len(r.Moves) != r.Length:
		return fmt.Errorf("length %d but %d moves", r.Length, len(r.Moves))
	case (r.Status == StatusError || r.Status == StatusUnsolvable) && r.Error == "":
		return fmt.Errorf("status %s without an error message", r.Status)
	}
	return nil
}

// Solution is one answer read by [ReadSolutions].
type Solution struct {
	Input string // the answers' input name
	Line  int    // the answer's first line

	// BoardInput and BoardLine name the board a JSON answer says it
	// answers; empty and 0 for the plain formats, which answer in order.
	BoardInput string
	BoardLine  int

	// Status is StatusSolved for a plain answer; a JSON record of another
	// status answers nothing (solve's plain formats print nothing for it).
	Status   Status
	Moves    string // the move letters ("" for "No moves needed")
	HasMoves bool   // false for the aoj format's bare length
	Length   int    // the claimed length in moves
	Symbol   string // Rotation: the symbol line as written ("" if none)

	// Malformed says why the answer could not be read, in plain words;
	// such an answer still takes its board's turn (verify calls it wrong).
	Malformed string
}

// skipLine marks a JSON line of an output file that answers no board (a
// header or a summary); ReadSolutions leaves it out.
const skipLine = "\x00skip"

// rotationNoMoves is the judge's answer for a board already solved.
const rotationNoMoves = "No moves needed"

// ReadSolutions reads answers for puzzle from data, the content of the
// input named name, in any format solve writes: JSON Lines (when the first
// non-blank byte is '{'; today's records, and the older ones with "file"
// for "input"), for the Rotation Game the judge format (a move line or "No
// moves needed", then a symbol line), for the sliding tiles the text format
// ("LENGTH MOVES") and the aoj format ("LENGTH"). Blank lines are skipped;
// white space is ASCII white space. A malformed answer is returned with
// Malformed set, not as an error: the error is only for an unknown puzzle.
func ReadSolutions(data []byte, name, puzzle string) ([]Solution, error) {
	rotation := puzzle == PuzzleRotation
	if !KnownPuzzle(puzzle) {
		return nil, fmt.Errorf("puzzle %q: want %s, %s, %s, %s or tiles<rows>x<cols>", puzzle, PuzzleRotation, Puzzle8, Puzzle15, Puzzle24)
	}
	asJSON := len(trimSpace(data)) > 0 && trimSpace(data)[0] == '{'
	var out []Solution
	var pending *Solution // Rotation judge format: a move line awaiting its symbol line
	ln := 0
	for len(data) > 0 {
		ln++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		text = trimSpace(text)
		if len(text) == 0 {
			continue
		}
		switch {
		case asJSON:
			if sol := jsonSolution(text, name, ln); sol.Malformed != skipLine {
				out = append(out, sol)
			}
		case rotation && pending != nil:
			pending.Symbol = string(text)
			out = append(out, *pending)
			pending = nil
		case rotation:
			s := Solution{Input: name, Line: ln, Status: StatusSolved, Moves: string(text), HasMoves: true}
			if s.Moves == rotationNoMoves {
				s.Moves = ""
			}
			s.Length = len(s.Moves)
			pending = &s
		default:
			out = append(out, tilesSolution(string(text), name, ln))
		}
	}
	if pending != nil {
		pending.Malformed = "no symbol line after the moves"
		out = append(out, *pending)
	}
	return out, nil
}

// tilesSolution reads "LENGTH" or "LENGTH MOVES".
func tilesSolution(text, name string, line int) Solution {
	s := Solution{Input: name, Line: line, Status: StatusSolved}
	f := fields(text)
	n, err := strconv.Atoi(f[0])
	switch {
	case err != nil || n < 0 || len(f) > 2:
		s.Malformed = fmt.Sprintf("%q is not LENGTH or LENGTH MOVES", text)
	case len(f) == 2 && len(f[1]) != n:
		s.Length = n
		s.Malformed = fmt.Sprintf("length %d, but %d moves", n, len(f[1]))
	default:
		s.Length = n
		if len(f) == 2 {
			s.Moves, s.HasMoves = f[1], true
		} else {
			s.HasMoves = n == 0
		}
	}
	return s
}

// jsonSolution reads one JSON Lines record of solve.
func jsonSolution(text []byte, name string, line int) Solution {
	s := Solution{Input: name, Line: line}
	var r struct {
		Run
		File   *string `json:"file"`   // before this schema: the input's name
		Symbol *int    `json:"symbol"` // absent for the sliding tiles
	}
	if err := json.Unmarshal(text, &r); err != nil {
		s.Malformed = fmt.Sprintf("not a JSON record: %v", err)
		return s
	}
	if r.Status == "" && r.File == nil && r.Error == "" && r.Input == "" {
		var other map[string]json.RawMessage
		json.Unmarshal(text, &other)
		if other["provenance"] != nil || other["report"] != nil {
			s.Malformed = skipLine // a header or summary: no answer
			return s
		}
	}
	s.BoardInput, s.BoardLine = r.Input, r.Line
	if r.File != nil {
		s.BoardInput = *r.File
	}
	s.Status = r.Status
	if s.Status == "" { // before this schema: an error object, or a solution
		s.Status = StatusSolved
		if r.Error != "" {
			s.Status = StatusError
		}
	}
	if !s.Status.Valid() {
		s.Malformed = fmt.Sprintf("status %q is none of solved, unsolvable, limit, error, interrupted", r.Status)
		return s
	}
	if s.Status != StatusSolved {
		return s
	}
	var moves struct {
		Moves *string `json:"moves"`
	}
	json.Unmarshal(text, &moves)
	s.Moves, s.HasMoves, s.Length = r.Moves, moves.Moves != nil, r.Length
	if s.HasMoves && len(r.Moves) != r.Length {
		s.Malformed = fmt.Sprintf("length %d, but %d moves", r.Length, len(r.Moves))
	}
	if r.Symbol != nil {
		s.Symbol = strconv.Itoa(*r.Symbol)
	}
	return s
}
