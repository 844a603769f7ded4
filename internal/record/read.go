package record

import (
	"errors"
	"fmt"
	"io"
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
// summaries and census records are skipped. Errors name the input and the line where the bad value
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
		return fmt.Errorf("length %d but moves %q", r.Length, r.Moves)
	case (r.Status == StatusError || r.Status == StatusUnsolvable) && r.Error == "":
		return fmt.Errorf("status %s without an error message", r.Status)
	}
	return nil
}
