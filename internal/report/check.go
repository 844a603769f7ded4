package report

import (
	"fmt"

	"github.com/pdbsolve/pdbsolve/internal/record"
)

// CheckSet checks that the outputs named names, read into streams, make one
// whole set to merge: every output of a run (outputs with the same
// heuristics) has the same number of shards N, each shard K of N present
// exactly once and complete (its last summary says so, and it holds as
// many instances as it selected), and every output agrees on the puzzle,
// goal, limits, repeats, instance selection and table checksums; an
// instance number names one board everywhere. It returns the problems, each
// naming the file, shard and field, and notes on what could not be
// checked (outputs without a configuration header, written by an older
// pdbsolve or by solve without -o). A set with no problems is complete.
func CheckSet(names []string, streams []*record.Stream) (problems, notes []string) {
	c := NewCollector()
	for i, s := range streams {
		if err := c.addStream(names[i], s); err != nil {
			return []string{err.Error()}, nil
		}
	}
	return c.Check()
}

// firstSeen maps a key (a table's name, an instance's number) to its value
// (checksum, board) and the output that gave it first.
type firstSeen map[string][2]string

// check records value for key from the output named name, and returns a
// disagreement with an earlier output, if any, naming what ("instance 5").
func (m firstSeen) check(name, key, what, value string) []string {
	if have, ok := m[key]; !ok {
		m[key] = [2]string{value, name}
	} else if have[0] != value {
		return []string{fmt.Sprintf("%s: %s is %s here, %s in %s", name, what, value, have[0], have[1])}
	}
	return nil
}
