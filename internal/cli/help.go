package cli

import "strings"

// The help texts several commands share. The detail is in docs/puzzles.md
// (boards and formats), docs/records.md (JSON records, -o files) and
// docs/score.md.

// exitCodeHelp is the exit statuses, ending every command's help.
const exitCodeHelp = `Exit status:
  0  every record was handled (bench: every run solved or censored)
  1  some records were malformed, unsolvable or wrong (verify, bench), bench
     heuristics disagreed, an --instances number or range was wholly past
     the end of the inputs or --shard took no record; the others were handled
  2  bad flags or arguments (also -o onto a non-empty file without --resume,
     --resume onto another run's output)
  3  a table could not be read or built, or (gen) written; score without
     --build: tables missing
  4  an input could not be read or the output could not be written
  5  solve: a board stopped at a node or time limit
  6  bench report: its inputs are missing, incomplete or disagree
  130, 143  interrupted by SIGINT (Ctrl-C) or SIGTERM, after writing what was
     done, in order
  141  standard output was a pipe whose reader has gone (SIGPIPE)
`

// selectionHelp is the help of --instances and --shard (solve, bench).
const selectionHelp = `--instances 40,38,25 (ranges such as 1-10 allowed) takes only those records,
numbered from 1 across the inputs (bad records count); --shard K/N every
N-th from the K-th (0-based); with both, a record must be in both. Records
are picked as they are read: memory stays flat. A number or range wholly
past the end of the inputs, or a shard that takes no record, is named on
stderr and makes the exit status 1.
`

// outputHelp is the help of -o and --resume (solve, bench).
const outputHelp = `-o FILE writes the records to FILE as JSON Lines as each completes (tail -f
follows it), after a header line of provenance and configuration
(docs/records.md). --resume -o FILE continues FILE: it checks FILE was
written with the same puzzle, goal, heuristics, limits, --repeat, --shard,
--instances and tables (a difference is a usage error naming it), drops an
unfinished last line, skips what is done (interrupted runs are run again)
and appends the rest; a missing or empty FILE starts the run. Without
--resume a non-empty FILE is a usage error.
`

// interruptHelp is the help of SIGINT and SIGTERM during a run (solve, bench).
const interruptHelp = `SIGINT or SIGTERM (Ctrl-C, scancel, a time limit) stops the run: what is done
is written, the runs in flight with status "interrupted" and the bound they
reached, a lower bound (in the plain formats on stderr), and the exit status
is 130 or 143.
`

// progressHelp is the help of the progress on stderr (solve, bench).
const progressHelp = `Progress goes to stderr: on a terminal one line, redrawn; elsewhere (a batch
system's log) a line with a UTC time stamp at most once a minute a worker;
--progress writes a line after each sliding-tile IDA* iteration (bound,
nodes, nodes per second, elapsed).
`

// longHelp joins the paragraphs of a command's long help, each ending in a
// newline, with blank lines between them, and the exit statuses last.
func longHelp(paragraphs ...string) string {
	return strings.Join(append(paragraphs, exitCodeHelp), "\n")
}
