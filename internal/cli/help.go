package cli

import (
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
)

// The help texts several commands share. The detail is in docs/puzzles.md
// (boards and formats), docs/records.md (JSON records, -o files) and
// docs/score.md.

// exitCodeHelp is the exit statuses, ending the root command's help; the
// others' end in exitPointer.
const exitCodeHelp = `Exit status:
  0  every record was handled, or the inputs held none (verify: every answer
     ok; bench, bench report: every run solved or censored)
  1  some records were malformed, unsolvable or wrong (verify, bench), bench
     heuristics disagreed, an --instances number or range was wholly past
     the end of the inputs, --shard took no record, an input starts with a
     board (verify: JSON answers) of another puzzle, or every record taken
     from input files is bad (in these last two cases nothing is solved);
     else the others were handled
  2  bad flags or arguments (also -o onto a non-empty file without --resume,
     --resume onto another run's output, -o onto a file another pdbsolve is
     writing, a file a flag writes that is one of the run's inputs, solve's
     --format but json with -o, info --plot of an automaton, standard input
     named twice)
  3  a table could not be read or built (also one too big for the memory,
     found before any is built), or (gen) written; score without --build:
     tables missing or damaged; tables list: a table damaged (after the list)
  4  an input could not be opened or read, or an output could not be written
     (standard output or a file a flag names)
  5  solve: a board stopped at a node or time limit
  6  bench report: its inputs are not bench's records (empty, not JSON),
     or are an incomplete set (a shard missing or cut short), or disagree
  130, 143  interrupted by SIGINT (Ctrl-C) or SIGTERM; a batch of boards
     first writes what was done, in order (sliding-tile solve and bench: the
     runs in flight too, as interrupted)
  141  standard output was a pipe whose reader has gone (SIGPIPE)
`

// exitPointer ends the help of every command but the root.
const exitPointer = "Exit status: see \"pdbsolve --help\".\n"

// longHelp joins the paragraphs of a command's long help, each ending in a
// newline, with blank lines between them, and exitPointer last, wrapped
// (puzzle.WrapHelp).
func longHelp(paragraphs ...string) string {
	return puzzle.WrapHelp(strings.Join(append(paragraphs, exitPointer), "\n"))
}
