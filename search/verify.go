package search

// Verdict is what checking someone's answer against its board found.
type Verdict uint8

// Verdicts, in the order summaries list them.
const (
	VerdictOK          Verdict = iota // solves the board, optimal (and, Rotation, the smallest with the right symbol)
	VerdictWrong                      // does not solve the board, has an illegal move, or is malformed
	VerdictSymbol                     // Rotation: solves the board but names the wrong centre symbol
	VerdictNotOptimal                 // solves the board in more moves than the optimum
	VerdictNotSmallest                // Rotation: optimal but not the dictionary-smallest shortest answer
	VerdictNoMoves                    // a length without moves (aoj, bench's records): the optimal one, but nothing shows it solves
	VerdictMissing                    // the answers ended before this board
	VerdictUnsolvable                 // sliding tiles: the board cannot reach the goal; it takes no answer
	VerdictBadBoard                   // the board is malformed; it takes no answer
	VerdictCount       = iota         // number of verdicts
)

// verdictNames are the verdicts' names, as reports print them.
var verdictNames = [VerdictCount]string{"ok", "wrong", "wrong-symbol", "not-optimal", "not-smallest", "no-moves", "missing", "unsolvable", "bad-board"}

func (v Verdict) String() string { return verdictNames[v] }

// Check is the outcome of checking one answer.
type Check struct {
	Verdict Verdict
	Detail  string // why, in words, when the verdict is not ok
	Length  int    // the answer's length in moves, when Lengths
	Optimal int    // the board's optimal length, when Lengths
	Lengths bool   // Length and Optimal are known: the answer was read and the board solved
}
