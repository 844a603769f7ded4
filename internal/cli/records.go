package cli

import (
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// recordInput returns the name a record gives the input a unit came from:
// "-" for standard input (which messages call "stdin"), else the file name.
func recordInput(unitName string) string {
	if unitName == batch.InputName("-") {
		return "-"
	}
	return unitName
}

// rejectRecord reports a bad record of u at line: in JSON output an error
// run of the record schema in its place, else a note on stderr naming the
// input and line. Either way the record counts as bad.
func rejectRecord(u *batch.Unit, asJSON bool, puzzle, heuristic string, line int, err error) {
	if !asJSON {
		u.Reject(false, line, plain(err))
		return
	}
	u.Bad++
	u.Out = record.AppendRun(u.Out, &record.Run{Puzzle: puzzle, Input: recordInput(u.Name), Line: line,
		Heuristic: heuristic, Status: record.StatusError, Error: userMessage(err)})
}

// internalPrefixes are the package prefixes some library messages start
// with (or carry after a wrapping "...: "); a user reads none of them.
var internalPrefixes = []string{"bitboard: ", "search: ", "pdb: "}

// userMessage returns err's message without internal package prefixes.
func userMessage(err error) string {
	msg := err.Error()
	for _, p := range internalPrefixes {
		if strings.HasPrefix(msg, p) {
			msg = msg[len(p):]
		}
		msg = strings.ReplaceAll(msg, ": "+p, ": ")
	}
	return msg
}

// plainError is an error whose message a user reads: userMessage of the
// error it wraps, which errors.Is and errors.As still see.
type plainError struct{ err error }

func (e plainError) Error() string { return userMessage(e.err) }
func (e plainError) Unwrap() error { return e.err }

// plain wraps err as a plainError; nil stays nil.
func plain(err error) error {
	if err == nil {
		return nil
	}
	return plainError{err}
}
