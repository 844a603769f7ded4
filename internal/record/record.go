// Package record defines the one JSON Lines record schema that pdbsolve's
// solve, bench, verify, census and score commands write, and its writers
// and readers.
//
// The schema is described for users in docs/records.md and as a JSON Schema
// (draft 2020-12) in docs/record.schema.json. Every line of a JSON output is
// one object, of one of these kinds, told apart by a key only that kind has:
//
//   - a run ("status"): one board solved under one heuristic ([Run]);
//   - a verdict ("verdict"): one answer checked by verify ([Verdict]);
//   - a census ("counts"): boards by optimal length ([Census]);
//   - a provenance header ({"provenance": ...}, [Header]), written first;
//   - a verify summary ({"verify_summary": ...}, [VerifySummary]);
//   - a bench report ({"report": ...}), written last by bench and
//     recomputed by anyone merging runs;
//   - a score ({"score": ...}, [Score]): one heuristic rated by score.
//
// The same quantity has the same name and unit everywhere: nodes are
// "expanded" and "generated" counts, times are integer nanoseconds in fields
// ending in "_ns", lengths and bounds are in moves.
package record

import (
	"encoding/json"
	"strconv"

	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// Status is the outcome of one run.
type Status string

// The statuses of a run.
const (
	// StatusSolved: an optimal solution was found; moves, length, bound
	// (equal to length), h0 and the node counts are set.
	StatusSolved Status = "solved"
	// StatusUnsolvable: the board cannot reach the goal; error says why.
	StatusUnsolvable Status = "unsolvable"
	// StatusLimit: a node or time limit stopped the search; bound is a lower
	// bound on the optimal length, and the node counts are those reached.
	StatusLimit Status = "limit"
	// StatusError: the record could not be read or solved; error says why.
	StatusError Status = "error"
	// StatusInterrupted: SIGINT or SIGTERM ended the process during the
	// search; as for StatusLimit, bound is a lower bound on the optimal
	// length (every smaller bound was searched in full) and the node counts
	// are those of the iterations completed. The run is not done: a resumed
	// run solves it again.
	StatusInterrupted Status = "interrupted"
)

// Valid reports whether s is one of the five statuses.
func (s Status) Valid() bool {
	switch s {
	case StatusSolved, StatusUnsolvable, StatusLimit, StatusError, StatusInterrupted:
		return true
	}
	return false
}

// Puzzle names, as they appear in the "puzzle" field. The sliding-tile
// boards other than 3x3, 4x4 and 5x5 are named "tiles<rows>x<cols>", such as
// "tiles3x4" ([TilesPuzzle]).
const (
	PuzzleRotation = pdb.RotationPuzzle // "rotation"
	Puzzle8        = pdb.Tiles8Puzzle   // "8puzzle"
	Puzzle15       = pdb.Tiles15Puzzle  // "15puzzle"
	Puzzle24       = pdb.Tiles24Puzzle  // "24puzzle"
)

// TilesPuzzle returns the puzzle name of the rows x cols sliding-tile
// board: Puzzle8, Puzzle15, Puzzle24, else "tiles<rows>x<cols>".
func TilesPuzzle(rows, cols int) string { return pdb.TilesPuzzle(rows, cols) }

// TilesShape returns the board shape of a sliding-tile puzzle name, and
// whether name is one (a board bitboard accepts, named as TilesPuzzle
// names it: "tiles3x3" is not a name, "8puzzle" is).
func TilesShape(name string) (rows, cols int, ok bool) { return pdb.TilesShape(name) }

// Run is one board solved (or not) under one heuristic: a line of solve's
// and bench's JSON output. Which fields are written depends on Status (see
// the constants); [AppendRun] writes exactly those, in this order.
type Run struct {
	Puzzle    string `json:"puzzle"`             // PuzzleRotation or a sliding-tile name (TilesPuzzle)
	Input     string `json:"input"`              // the input's name; "-" is standard input
	Line      int    `json:"line"`               // 1-based line the board starts on
	Instance  int    `json:"instance,omitempty"` // bench: 1-based index of the board among all boards of the run (unsharded)
	Repeat    int    `json:"repeat,omitempty"`   // bench --repeat: 1-based repetition; absent for one run
	Board     string `json:"board,omitempty"`    // the board as space-separated cells; absent when it could not be read
	Goal      string `json:"goal,omitempty"`     // sliding tiles: blank-first or blank-last
	Heuristic string `json:"heuristic,omitempty"`
	Status    Status `json:"status"`

	Moves      string `json:"moves"`            // solved: the move letters (Rotation A-H, tiles U D L R); absent when not kept
	Length     int    `json:"length"`           // solved: number of moves
	Symbol     int    `json:"symbol,omitempty"` // Rotation, solved: the centre's symbol, 1-3
	Bound      int    `json:"bound"`            // solved: the length; limit: a lower bound on it
	H0         int    `json:"h0"`               // heuristic value of the board, in moves
	Expanded   uint64 `json:"expanded"`         // nodes whose successors were generated
	Generated  uint64 `json:"generated"`        // successor nodes generated
	Iterations int    `json:"iterations"`       // IDA* iterations (bounds tried)
	// LastExpanded and LastGenerated: solved and limit, the nodes of the
	// last iteration searched (included in Expanded and Generated): the
	// one that found the solution, stopped at its first goal, or the one
	// the limit stopped. Expanded less LastExpanded is what the iterations
	// below it expanded, which does not depend on the move order. Absent
	// (unknown) in records written before they were counted.
	LastExpanded  OptCount `json:"last_expanded,omitzero"`
	LastGenerated OptCount `json:"last_generated,omitzero"`
	TimeNS        int64    `json:"time_ns,omitempty"` // wall time of the solve in ns; absent when not measured
	CPUNS         OptCount `json:"cpu_ns,omitzero"`   // bench: CPU time of the solve in ns (clock_gettime: the solving thread's, the process's under a split search), 0 when below the clock's resolution; unknown (absent) when not measured
	Error         string   `json:"error,omitempty"`   // unsolvable, error, limit: a message for a person
}

// SetError makes r the run of a record that could not be read or solved:
// status error with err's message as it stands, and no board or goal. It
// is the one maker of solve's and bench's record of a bad record.
func (r *Run) SetError(err error) {
	r.Board, r.Goal, r.Status, r.Error = "", "", StatusError, err.Error()
}

// OptCount is a count a record may lack (a run's nodes, or nanoseconds of
// CPU time; a verdict's lengths): Known false means unknown (a record
// written before the count was kept, a figure not measured, a length not
// found), and the field is then absent from the JSON,
// never 0; a known 0 is written as 0.
type OptCount struct {
	N     uint64
	Known bool
}

// KnownCount returns the known count n.
func KnownCount(n uint64) OptCount { return OptCount{n, true} }

// IsZero reports whether c is unknown, for omitzero.
func (c OptCount) IsZero() bool { return !c.Known }

// MarshalJSON writes a known count as an integer, an unknown one as null
// (a field of a run is left out instead: omitzero).
func (c OptCount) MarshalJSON() ([]byte, error) {
	if !c.Known {
		return []byte("null"), nil
	}
	return strconv.AppendUint(nil, c.N, 10), nil
}

// UnmarshalJSON reads an integer as a known count; null leaves c as it is.
func (c *OptCount) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	var n uint64
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*c = KnownCount(n)
	return nil
}

// MarshalJSON writes r as [AppendRun] does, so encoding/json and the fast
// writers agree byte for byte.
func (r Run) MarshalJSON() ([]byte, error) {
	b := AppendRun(nil, &r)
	return b[:len(b)-1], nil // no newline inside a JSON value
}

// Census is the output of "census": how many boards need each optimal
// length.
type Census struct {
	Puzzle  string   `json:"puzzle"`
	Counts  []uint64 `json:"counts"`  // Counts[k]: boards whose optimal length is k moves, k = 0..max
	Total   uint64   `json:"total"`   // sum of counts
	Max     int      `json:"max"`     // the largest optimal length
	AtMax   uint64   `json:"at_max"`  // boards at the largest length
	Orbits  int      `json:"orbits"`  // orbits of 8-cell masks under the board symmetries visited
	Workers int      `json:"workers"` // goroutines that counted
	TimeNS  int64    `json:"time_ns"` // census time in ns, table loading excluded
}

// Verdict is one answer checked by verify.
type Verdict struct {
	Puzzle      string   `json:"puzzle"`
	Input       string   `json:"input"`                  // the boards' input name
	Line        int      `json:"line"`                   // the board's line
	AnswerInput string   `json:"answer_input,omitempty"` // the answers' input name; absent when no answer was taken
	AnswerLine  int      `json:"answer_line,omitempty"`  // the answer's first line; absent when no answer was taken
	Verdict     string   `json:"verdict"`                // a search.Verdict's name: ok, wrong, not-optimal, ...
	Detail      string   `json:"detail,omitempty"`       // why, when not ok
	Length      OptCount `json:"length,omitzero"`        // the answer's length in moves; unknown (absent) when no answer was read or the board was not solved
	Optimal     OptCount `json:"optimal,omitzero"`       // the optimal length in moves; unknown (absent) as Length
}

// VerifySummary counts the verdicts of one verify run; it is written as
// {"verify_summary": {...}} after the verdicts.
type VerifySummary struct {
	Records      int `json:"records"`
	OK           int `json:"ok"`
	Wrong        int `json:"wrong"`
	WrongSymbol  int `json:"wrong_symbol"`
	NotOptimal   int `json:"not_optimal"`
	NotSmallest  int `json:"not_smallest"`
	NoMoves      int `json:"no_moves"` // answers of the optimal length that give no moves
	Missing      int `json:"missing"`
	Unsolvable   int `json:"unsolvable"`    // sliding-tile boards that cannot reach the goal
	ExtraAnswers int `json:"extra_answers"` // answers left over after the last board
	BadBoards    int `json:"bad_boards"`    // boards that could not be read
}

// Add counts n answers of verdict v.
func (s *VerifySummary) Add(v search.Verdict, n int) {
	switch v {
	case search.VerdictOK:
		s.OK += n
	case search.VerdictWrong:
		s.Wrong += n
	case search.VerdictSymbol:
		s.WrongSymbol += n
	case search.VerdictNotOptimal:
		s.NotOptimal += n
	case search.VerdictNotSmallest:
		s.NotSmallest += n
	case search.VerdictNoMoves:
		s.NoMoves += n
	case search.VerdictMissing:
		s.Missing += n
	case search.VerdictUnsolvable:
		s.Unsolvable += n
	case search.VerdictBadBoard:
		s.BadBoards += n
	}
	s.Records += n
}

// TableChecksum names one table a run used and the CRC-32C (Castagnoli) of
// its entries, as 8 lower-case hex digits.
type TableChecksum struct {
	Name     string `json:"name"`     // puzzle/pattern, e.g. "15puzzle/blank0-1.2.4.5.8.9-md"
	Checksum string `json:"checksum"` // CRC-32C of the entries
	Pinned   bool   `json:"pinned"`   // the checksum is the one pinned in the source
}

// Provenance says what made an output: written first, as {"provenance":
// {...}} in JSON Lines and as "# key: value" lines in CSV.
type Provenance struct {
	Version   string          `json:"version"`    // pdbsolve's module version, "devel" when unknown
	Commit    string          `json:"commit"`     // VCS revision, "unknown" when not recorded; "+dirty" when modified
	GoVersion string          `json:"go_version"` // e.g. "go1.26.8"
	OS        string          `json:"os"`         // GOOS/GOARCH
	CPU       string          `json:"cpu"`        // CPU model, "unknown" when not found
	Cores     int             `json:"cores"`      // logical CPUs usable by the process
	Date      string          `json:"date"`       // UTC, RFC 3339
	Command   []string        `json:"command"`    // the command line, program name first
	Tables    []TableChecksum `json:"tables"`     // the tables the run used, by name
}

// Header is the first line of a bench output, and of the output file of
// solve -o. A run resumed with --resume appends a header of its own, with
// the same Config.
type Header struct {
	Provenance Provenance `json:"provenance"`
	Config     *Config    `json:"config,omitempty"` // bench, and solve -o: what the run solves
}

// Config is what a run of bench (or solve -o) solves: everything that must
// agree between the shards of one run, and between a run and its resumed
// continuation.
type Config struct {
	Command    string   `json:"command"`             // "bench" or "solve"
	Puzzle     string   `json:"puzzle"`              // as in runs
	Goal       string   `json:"goal,omitempty"`      // sliding tiles
	Prune      string   `json:"prune,omitempty"`     // sliding tiles: --prune, automaton, automaton16 or inverse
	Order      string   `json:"order,omitempty"`     // sliding tiles: --order falling; absent for fixed, as in older records
	Heuristics []string `json:"heuristics"`          // in the order given
	MaxNodes   uint64   `json:"max_nodes"`           // --max-nodes; 0 for none
	TimeoutNS  int64    `json:"timeout_ns"`          // --timeout; 0 for none
	Repeat     int      `json:"repeat"`              // --repeat; 1 for solve
	Shard      string   `json:"shard"`               // --shard K/N; "0/1" for the whole run
	Instances  string   `json:"instances,omitempty"` // --instances as given; absent for all
	Inputs     []string `json:"inputs"`              // the inputs as named ("-" is standard input)
}

// Summary is the last line of a bench output, {"summary": {...}, "report":
// {...}} (docs/records.md): the counts of the runs of the whole output file,
// earlier sessions included. An interrupted bench writes it too, with
// Complete false.
type Summary struct {
	Complete    bool `json:"complete"`    // every selected instance was run under every heuristic
	Instances   int  `json:"instances"`   // instances selected (this shard, --instances), as far as read
	Runs        int  `json:"runs"`        // runs in the output, this and earlier sessions
	Solved      int  `json:"solved"`      // of them, solved
	Censored    int  `json:"censored"`    // stopped by --max-nodes or --timeout
	Failed      int  `json:"failed"`      // unsolvable or error
	Interrupted int  `json:"interrupted"` // stopped by a signal
}

// Count adds one run's status to s.
func (s *Summary) Count(st Status) {
	s.Runs++
	switch st {
	case StatusSolved:
		s.Solved++
	case StatusLimit:
		s.Censored++
	case StatusInterrupted:
		s.Interrupted++
	default:
		s.Failed++
	}
}

// Add adds the counts of runs of o to s (not Complete nor Instances).
func (s *Summary) Add(o *Summary) {
	s.Runs += o.Runs
	s.Solved += o.Solved
	s.Censored += o.Censored
	s.Failed += o.Failed
	s.Interrupted += o.Interrupted
}
