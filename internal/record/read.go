package record

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ErrRecord is returned (wrapped, with the input's name and line) when a
// JSON value is not a record of the schema.
var ErrRecord = errors.New("not a pdbsolve record")

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
// several lines) named name, with a [Scanner]. Runs are kept, with their
// status checked; provenance headers are kept; reports, verdicts, verify
// summaries and census records are skipped. It also reads the single JSON
// document that bench wrote before this schema ({"puzzle": ...,
// "per_instance": [...]}, "seconds" and status "censored"), converting its
// rows to runs. Errors name the input and the line where the bad value
// starts. A last line without a newline that is not a JSON value (a writer
// killed in the middle of it) is dropped and its line kept in
// Stream.Truncated. ReadStream holds every run: readers of outputs of any
// size use a Scanner.
func ReadStream(r io.Reader, name string) (*Stream, error) {
	s := &Stream{}
	sc := NewScanner(r, name)
	for sc.Scan() {
		switch sc.Kind() {
		case KindRun:
			s.Runs = append(s.Runs, *sc.Run())
		case KindHeader:
			h := sc.Header()
			s.Headers = append(s.Headers, h.Provenance)
			if h.Config != nil {
				s.Configs = append(s.Configs, *h.Config)
			}
		case KindSummary:
			s.Summaries = append(s.Summaries, *sc.Summary())
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	s.Truncated, s.Size = sc.Truncated(), sc.Size()
	return s, nil
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
