package cli

import (
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
		u.Reject(false, line, err)
		return
	}
	u.Bad++
	u.Out = record.AppendRun(u.Out, &record.Run{Puzzle: puzzle, Input: recordInput(u.Name), Line: line,
		Heuristic: heuristic, Status: record.StatusError, Error: err.Error()})
}

// plain returns err. Library messages carry no package prefix, so there is
// nothing left to strip; plain is kept only until the call sites in the
// files of other commands go.
func plain(err error) error { return err }

// userMessage returns err's message. Like plain, it is kept only until the
// call sites in the files of other commands go.
func userMessage(err error) string { return err.Error() }
