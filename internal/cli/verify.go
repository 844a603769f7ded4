package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/verify"
	"github.com/pdbsolve/pdbsolve/search"
)

// verifyOptions are the flags of "verify".
type verifyOptions struct {
	g         *globalOptions
	Puzzle    string
	Input     string
	Solutions string
	Goal      bitboard.Goal
	Heuristic string
	Format    outputFormat
	Size      puzzle.SizeValue
	Split     puzzle.SplitMode
	Prune     search.TilesPruning
	selectionFlags

	goalGiven bool             // --goal given, not the default
	sel       puzzle.Selection // set by complete
	puzzle    puzzle.Puzzle    // set by complete
	plan      *puzzle.Plan     // set by complete
}

func newVerifyCmd(g *globalOptions) *cobra.Command {
	o := &verifyOptions{g: g}
	cmd := &cobra.Command{
		Use:   "verify PUZZLE --input BOARDS --solutions ANSWERS",
		Short: "Check someone's answers: do they solve, are they optimal",
		Long: longHelp(`Replay each answer on its board and report whether it solves the board and is
optimal (by the tables); for the Rotation Game also whether it is the
dictionary-smallest shortest move string and the symbol line is right.

PUZZLE is `+puzzle.WantList()+`.
BOARDS is read as solve reads it; ANSWERS is what solve prints: --format
judge, text ("LENGTH MOVES", checked for blank-first), aoj ("LENGTH": its
length against the optimum; for blank-last, as in solve) or json (runs, by the line and
for the goal they name; a run of another input or goal on a board's line
is wrong; answers of another puzzle are refused, exit status 1). --goal gives
the goal to check any of them for instead. A bad or unsolvable board takes no
answer; each answer after the last board counts as extra; at most one input can be standard input (-).

One line a record, in input order (a JSON verdict with --format json): the
board's file and line, the answer's line (- for none) and a verdict: ok,
wrong (does not solve, illegal move, malformed), wrong-symbol, not-optimal,
not-smallest, no-moves (the optimal length without moves outside the aoj
format, as bench's runs), missing, unsolvable or bad-board; then a summary. Exit status 1 if any record is not ok.
`, verify.SelectionHelp),
		Args: cobra.MatchAll(puzzleArg, cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle, o.goalGiven = args[0], cmd.Flags().Changed("goal")
			return runVerify(o)
		},
	}
	cmd.Flags().StringVar(&o.Input, "input", "", "file of boards (- for standard input)")
	cmd.Flags().StringVar(&o.Solutions, "solutions", "", "file of answers (- for standard input)")
	goalFlag(cmd, &o.Goal, "sliding-tile goal: blank-first or blank-last (default: the answers' goal, aoj's blank-last, else blank-first)")
	cmd.Flags().Lookup("goal").DefValue = "" // the default shown is the usage's
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic used to find optimal lengths (default: the solve default)")
	formatFlag(cmd, &o.Format, formatText, formatText, formatJSON)
	cmd.Flags().Var(&o.Size, "size", "with tiles: "+puzzle.TilesSizeHelp)
	splitFlag(cmd, &o.Split, "sliding tiles: all workers on one board at a time: auto, on or off")
	pruneFlag(cmd, &o.Prune)
	o.selectionFlags.register(cmd)
	cmd.MarkFlagRequired("input")
	cmd.MarkFlagRequired("solutions")
	return cmd
}

// complete checks the flags of verify, before any table is read or input
// opened, and sets the puzzle and the heuristic (the solve default when none
// is named).
func (o *verifyOptions) complete() (err error) {
	if o.Input == "-" && o.Solutions == "-" {
		return usageError("--input - and --solutions -: only one of them can be standard input")
	}
	if o.sel, err = o.selectionFlags.parse(); err != nil {
		return err
	}
	if o.puzzle, _, err = puzzle.Lookup(o.Puzzle, o.Size.Size); err != nil {
		return withCode(ExitUsage, err)
	}
	o.plan, err = puzzle.HeuristicOrDefault(o.puzzle, o.Heuristic)
	return withCode(ExitUsage, err)
}

func runVerify(o *verifyOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	vo := &verify.Options{Plan: o.plan, Goal: o.Goal, GoalGiven: o.goalGiven, Split: o.Split, Prune: o.Prune, Workers: o.g.workers(), Sel: &o.sel}
	if err := verify.Precheck(o.puzzle, o.g.open, o.g.cache, vo, o.Input, o.Solutions); err != nil {
		return precheckError(err) // before any table: nothing to verify, a bad input or a table too big
	}
	return puzzle.Dispatch(o.puzzle, func(p puzzle.Rotation) error {
		v, err := verify.NewRotation(p, o.g.cache, vo)
		return verifyInputs(o, v, err)
	}, func(p puzzle.Tiles) error {
		v, err := verify.NewTiles(p, o.g.cache, vo)
		return verifyInputs(o, v, err)
	})
}

// verifyInputs opens the boards and the answers, reads them in step with
// v's reader, checks each pair with v's checks, and writes the verdicts and
// the summary; err is the error of making v.
func verifyInputs[B, A any](o *verifyOptions, v *verify.Verifier[B, A], err error) error {
	if err != nil {
		return withCode(ExitTable, err)
	}
	r, closeInputs, err := v.Open(o.g.open, o.Input, o.Solutions)
	if err != nil {
		return withCode(ExitIO, err)
	}
	defer closeInputs()
	var t verify.Tally
	asJSON := o.Format == formatJSON
	cfg := r.Batch(v.Checks, &verify.Output{Puzzle: o.puzzle.RecordName(), Answers: batch.InputName(o.Solutions),
		JSON: asJSON}, &t)
	cfg.Workers = v.Workers
	if err := runBatch(o.g, cfg); err != nil && !isSilent(err, ExitBadInput) {
		return err // interrupted, or an input or output error
	}
	unmatched := o.sel.Warn(o.g.Stderr, r.Records()) // --instances or --shard matching no record
	if t.Extra, err = r.Extra(); err != nil {
		return withCode(ExitIO, err)
	}
	if err := t.WriteSummary(o.g.Stdout, asJSON); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	if !t.OK() || unmatched {
		return withCode(ExitBadInput, errSilent)
	}
	return nil
}
