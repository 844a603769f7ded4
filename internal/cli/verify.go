package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
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
	Size      sizeFlag
	Split     puzzle.SplitMode

	puzzle puzzle.Puzzle // set by complete
}

func newVerifyCmd(g *globalOptions) *cobra.Command {
	o := &verifyOptions{g: g}
	cmd := &cobra.Command{
		Use:   "verify PUZZLE --input BOARDS --solutions ANSWERS",
		Short: "Check someone's answers: do they solve, are they optimal",
		Long: `Replay each answer on its board and report, per record, whether it solves the
board and whether it is optimal (by the tables). For the Rotation Game also
whether it is the dictionary-smallest of the shortest move strings and whether
the symbol line is right.

PUZZLE is rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS.
BOARDS is read as solve reads it; ANSWERS is what solve prints: for rotation
the judge format (a move line, or "No moves needed", then a symbol line), for
the sliding-tile puzzles the text format ("LENGTH MOVES") or the aoj format
("LENGTH", which can only be checked for optimality), or for any puzzle
solve's --format json (JSON Lines in the record schema, docs/records.md),
whose records are matched to the boards by the line they name, in input order
(a board no solved record names is missing). A bad or unsolvable board takes
no answer, as with solve. Answers left after the last board are counted as
extra answers, one an answer. Both inputs are read once, in step;
at most one of them can be standard input (-). -j sets the workers.

Each record gets one line (a JSON verdict with --format json), in input order: its board's file and line, the
answer's line (- when it takes none), and a verdict: ok, wrong (does not solve, illegal move,
malformed), wrong-symbol, not-optimal, not-smallest, missing, unsolvable
(the board cannot reach the goal) or bad-board (malformed); then a summary.
The exit status is 1 if any record is not ok.

` + exitCodeHelp,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle = args[0]
			return runVerify(o)
		},
	}
	cmd.Flags().StringVar(&o.Input, "input", "", "file of boards (- for standard input)")
	cmd.Flags().StringVar(&o.Solutions, "solutions", "", "file of answers (- for standard input)")
	goalFlag(cmd, &o.Goal, "sliding-tile goal: blank-first or blank-last")
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic used to find optimal lengths (default: the solve default)")
	formatFlag(cmd, &o.Format, formatText, formatText, formatJSON)
	cmd.Flags().Var(&o.Size, "size", "with tiles: "+tilesSizeHelp)
	splitFlag(cmd, &o.Split, "sliding tiles: all workers on one board at a time: auto, on or off")
	cmd.MarkFlagRequired("input")
	cmd.MarkFlagRequired("solutions")
	return cmd
}

// verdictCounts counts records by verdict.
type verdictCounts [search.VerdictCount]int

// verifyItems are the items of a verify unit: its pairs, and what the
// handler made of them for the writer.
type verifyItems[B, A any] struct {
	pairs  []verify.Pair[B, A]
	counts verdictCounts
}

// complete checks the flags of verify, before any table is read or input
// opened, and sets the puzzle and the heuristic (the solve default when none
// is named).
func (o *verifyOptions) complete() (err error) {
	if o.Input == "-" && o.Solutions == "-" {
		return usageError("--input - and --solutions -: only one of them can be standard input")
	}
	if o.puzzle, err = lookupPuzzle(o.Puzzle, o.Size.size); err != nil {
		return err
	}
	if o.Heuristic == "" {
		o.Heuristic = o.puzzle.DefaultHeuristic()
	}
	if err := o.puzzle.CheckHeuristic(o.Heuristic); err != nil {
		return withCode(ExitUsage, err)
	}
	return nil
}

func runVerify(o *verifyOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	return puzzle.Dispatch(o.puzzle, func(p puzzle.Rotation) error { return verifyRotation(o, p) },
		func(p puzzle.Tiles) error { return verifyTiles(o, p) })
}

// verifyRotation verifies Rotation Game answers with the exact tables.
func verifyRotation(o *verifyOptions, p puzzle.Rotation) error {
	// The solver factory first: a bad table is reported before any input is opened.
	newSolver, err := p.NewSolver(o.g.cache, puzzle.RotationExact)
	if err != nil {
		return withCode(ExitTable, err)
	}
	return verifyInputs(o, func(boards, answers io.Reader) (*verify.Reader[bitboard.Rotation, verify.RotationAnswer], error) {
		return verify.NewRotationReader(boards, batch.InputName(o.Input), answers, batch.InputName(o.Solutions))
	}, verify.RotationPairsPerUnit, 0, func() func(*verify.Pair[bitboard.Rotation, verify.RotationAnswer]) search.Check {
		s := newSolver()
		return func(p *verify.Pair[bitboard.Rotation, verify.RotationAnswer]) search.Check {
			return s.VerifyRotation(p.Board, p.Answer.Moves, p.Answer.Symbol)
		}
	})
}

// verifyTiles verifies sliding-tile answers with the heuristic named.
func verifyTiles(o *verifyOptions, p puzzle.Tiles) error {
	h, err := p.Heuristic(o.g.cache, o.Heuristic)
	if err != nil {
		return withCode(ExitTable, err)
	}
	inner, workers := 1, 0
	if p.SplitSearch(o.Split) {
		inner, workers = o.g.workers(), 1
	}
	goal := o.Goal
	return verifyInputs(o, func(boards, answers io.Reader) (*verify.Reader[bitboard.Tiles, verify.TilesAnswer], error) {
		return verify.NewTilesReader(boards, batch.InputName(o.Input), answers, batch.InputName(o.Solutions), p.Rows(), p.Cols(),
			p.Parse, func(b bitboard.Tiles) bool { return b.Solvable(goal) })
	}, verify.TilesPairsPerUnit, workers, func() func(*verify.Pair[bitboard.Tiles, verify.TilesAnswer]) search.Check {
		s := search.NewTilesSolver(h)
		s.SetWorkers(inner)
		return func(p *verify.Pair[bitboard.Tiles, verify.TilesAnswer]) search.Check {
			c, err := verify.CheckTiles(s, p.Board, goal, p.Answer, search.Limits{})
			if err != nil {
				return search.Check{Verdict: search.VerdictWrong, Detail: err.Error()}
			}
			return c
		}
	})
}

// verifyInputs opens the boards and the answers, reads them in step with
// the reader newReader makes, perUnit pairs a unit, checks each pair on
// workers workers (0: all cores) with a checker of newCheck's, and writes
// the verdicts and the summary.
func verifyInputs[B, A any](o *verifyOptions, newReader func(boards, answers io.Reader) (*verify.Reader[B, A], error),
	perUnit, workers int, newCheck func() func(*verify.Pair[B, A]) search.Check) error {
	boards, closeBoards, err := o.g.open(o.Input)
	if err != nil {
		return err
	}
	defer closeBoards()
	answers, closeAnswers, err := o.g.open(o.Solutions)
	if err != nil {
		return err
	}
	defer closeAnswers()
	r, err := newReader(boards, answers)
	if err != nil {
		return withCode(ExitIO, err)
	}
	var counts verdictCounts
	records := 0
	source := r.Source(perUnit)
	berr := runBatch(o.g, batch.Config[verifyItems[B, A]]{
		Workers: workers,
		Source: func(send func(*batch.Unit, verifyItems[B, A]) bool) error {
			return source(func(u *batch.Unit, pairs []verify.Pair[B, A]) bool {
				return send(u, verifyItems[B, A]{pairs: pairs})
			})
		},
		NewHandler: func() batch.Handler[verifyItems[B, A]] {
			check := newCheck()
			return func(u *batch.Unit, items *verifyItems[B, A]) { verifyUnit(u, items, o, check) }
		},
		Collect: func(_ *batch.Unit, items *verifyItems[B, A]) {
			for v, n := range items.counts {
				counts[v] += n
				records += n
			}
		},
	})
	if berr != nil && !isSilent(berr, ExitBadInput) {
		return berr // interrupted, or an input or output error
	}
	extra, err := r.Extra()
	if err != nil {
		return withCode(ExitIO, err)
	}
	if err := writeVerifySummary(o.g.Stdout, o.Format == formatJSON, records, &counts, extra); err != nil {
		return withCode(ExitIO, fmt.Errorf("writing output: %w", err))
	}
	if counts[search.VerdictOK] != records || extra > 0 {
		return withCode(ExitBadInput, errSilent)
	}
	return nil
}

// verifyUnit checks the pairs of a unit with check and writes a verdict a
// pair.
func verifyUnit[B, A any](u *batch.Unit, items *verifyItems[B, A], o *verifyOptions, check func(*verify.Pair[B, A]) search.Check) {
	answers := batch.InputName(o.Solutions)
	for i := range items.pairs {
		p := &items.pairs[i]
		c := p.Check(check)
		c.Detail = userMessage(errors.New(c.Detail))
		items.counts[c.Verdict]++
		if o.Format == formatJSON {
			r := record.Verdict{Puzzle: o.puzzle.RecordName(), Input: recordInput(u.Name), Line: p.BoardLine,
				Verdict: c.Verdict.String(), Detail: c.Detail, Length: c.Length, Optimal: c.Optimal}
			if p.AnswerLine > 0 {
				r.AnswerInput, r.AnswerLine = recordInput(answers), p.AnswerLine
			}
			b, _ := json.Marshal(&r)
			u.Out = append(append(u.Out, b...), '\n')
			continue
		}
		// BOARD ANSWER VERDICT[: DETAIL], ANSWER "-" when none was taken.
		u.Out = append(append(u.Out, u.Name...), ':')
		u.Out = append(strconv.AppendInt(u.Out, int64(p.BoardLine), 10), ' ')
		if p.AnswerLine > 0 {
			u.Out = append(append(u.Out, answers...), ':')
			u.Out = strconv.AppendInt(u.Out, int64(p.AnswerLine), 10)
		} else {
			u.Out = append(u.Out, '-')
		}
		u.Out = append(append(u.Out, ' '), c.Verdict.String()...)
		if c.Detail != "" {
			u.Out = append(append(u.Out, ": "...), c.Detail...)
		}
		u.Out = append(u.Out, '\n')
	}
}

// writeVerifySummary writes the summary after the verdicts.
func writeVerifySummary(w io.Writer, asJSON bool, records int, counts *verdictCounts, extra int) error {
	if asJSON {
		var sum record.VerifySummary
		for v, n := range counts {
			for k := 0; k < n; k++ {
				sum.Add(search.Verdict(v).String())
			}
		}
		sum.ExtraAnswers = extra
		b, err := json.Marshal(struct {
			S record.VerifySummary `json:"verify_summary"`
		}{sum})
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d records:", records)
	for v, n := range counts {
		fmt.Fprintf(&b, " %d %s,", n, search.Verdict(v))
	}
	fmt.Fprintf(&b, " %d extra answers\n", extra)
	_, err := io.WriteString(w, b.String())
	return err
}
