package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/verify"
	"github.com/pdbsolve/pdbsolve/search"
)

// solveRotationOptions are the flags of "solve rotation".
type solveRotationOptions struct {
	g         *globalOptions
	Format    outputFormat
	Heuristic string
	Strict    bool
	Inputs    []string
	selectionFlags
	out solveOutputFlags

	sel puzzle.Selection // set by complete
}

func newSolveRotationCmd(g *globalOptions) *cobra.Command {
	o := &solveRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation [FILE|-]...",
		Short: "Solve Rotation Game boards (HDU 1667 / POJ 2286 / UVa 1343)",
		Long: `Solve Rotation Game boards, read as judges' solutions read them: symbols 1-3
separated by white space (ASCII space, tab, CR, LF, VT, FF; any other byte,
a Unicode space's included, belongs to a symbol), 24 of them a board in cell
order wherever the line breaks fall (one board a line is the usual layout).
A lone 0 where a board would start ends an input, on a line of its own or
after a board's last symbol; blank lines are skipped.

Judge output (--format judge) is two lines a board: the shortest, then
dictionary-smallest, move string ("No moves needed" for a solved board) and
the centre's symbol. A bad board gets an error on stderr naming its file and
line, and no output. --format json writes one JSON object a line for every
board, bad ones included, with its statistics.

` + exitCodeHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = inputsOrStdin(args)
			return runSolveRotation(o)
		},
	}
	formatFlag(cmd, &o.Format, formatJudge, formatJudge, formatJSON)
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", puzzle.RotationExact, "heuristic: exact (path table), exact-ida (IDA* with the exact table) or count")
	cmd.Flags().BoolVar(&o.Strict, "strict", false, "stop at the first bad board")
	o.selectionFlags.register(cmd)
	o.out.register(cmd)
	return cmd
}

// complete checks the flags, before any table is read.
func (o *solveRotationOptions) complete() (err error) {
	if err := (puzzle.Rotation{}).CheckHeuristic(o.Heuristic); err != nil {
		return withCode(ExitUsage, err)
	}
	o.sel, err = o.selectionFlags.parse()
	return err
}

func runSolveRotation(o *solveRotationOptions) error {
	if err := o.complete(); err != nil {
		return err
	}
	p := puzzle.Rotation{}
	sout, err := o.out.prepare(&record.Config{Command: "solve", Puzzle: p.RecordName(), Heuristics: []string{o.Heuristic},
		Repeat: 1, Shard: o.sel.Shard.String(), Instances: o.Instances, Inputs: o.Inputs}, &o.sel)
	if err != nil {
		return err
	}
	newSolver, err := p.NewSolver(o.g.cache, o.Heuristic)
	if err != nil {
		return withCode(ExitTable, err)
	}
	paths := p.UsesPaths(o.Heuristic)
	asJSON := o.Format == formatJSON || o.out.Output != ""
	out, err := sout.open(o.g)
	if err != nil {
		return err
	}
	src, pastEnd := selectedSource(o.g, p, o.Inputs, o.sel)
	err = runBatch(o.g, batch.Config[batch.None]{
		Stdout: out,
		Source: src,
		Reject: func(u *batch.Unit, line int, err error) {
			rejectRecord(u, asJSON, p.RecordName(), o.Heuristic, line, err)
		},
		Inputs: o.Inputs, Split: p.Split, EndLine: verify.RotationIsEnd, JSON: asJSON, Strict: o.Strict,
		NewHandler: func() batch.Handler[batch.None] {
			s := newSolver()
			// A table lookup takes less time than a clock read: time only searches.
			s.SetTiming(asJSON && !paths)
			w := &rotationWorker{s: s, heuristic: o.Heuristic, json: asJSON, strict: o.Strict}
			if asJSON {
				w.rw = record.NewRotationWriter(o.Heuristic, !paths)
			}
			return w.solveUnit
		},
	})
	return sout.finish(o.g, pastEnd.status(err), nil, asJSON)
}

// rotationGroup is how many boards a worker parses before it solves them
// together with SolveMany.
const rotationGroup = 256

// rotationWorker solves chunks of Rotation Game boards, one group of
// parsed boards at a time.
type rotationWorker struct {
	s         *search.RotationSolver
	heuristic string // its name, for JSON
	json      bool
	strict    bool
	n         int // boards in the group
	boards    [rotationGroup]bitboard.Rotation
	lines     [rotationGroup]int
	res       [rotationGroup]search.RotationResult
	rw        *record.RotationWriter // the JSON writer
	unit      *batch.Unit            // the unit being solved
}

// solveUnit solves every board of a unit into its output. The unit holds
// whole boards (verify.RotationSplit cuts between boards), so a board left
// incomplete at its end is cut short by the end of the input.
func (w *rotationWorker) solveUnit(c *batch.Unit, _ *batch.None) {
	w.n = 0
	if w.json {
		w.rw.SetInput(recordInput(c.Name))
	}
	w.unit = c
	var r verify.RotationReader
	if r.Scan(c.Data, c.Line, w.add) {
		c.End = true
	} else if !c.Halt {
		r.Finish(w.add)
	}
	w.flush(c)
	w.unit = nil
}

// add takes one board read (or its error) of the current unit.
func (w *rotationWorker) add(line int, b bitboard.Rotation, err error) bool {
	if err == nil {
		w.boards[w.n], w.lines[w.n] = b, line
		if w.n++; w.n == rotationGroup {
			w.flush(w.unit)
		}
		return true
	}
	w.flush(w.unit)
	rejectRecord(w.unit, w.json, record.PuzzleRotation, w.heuristic, line, err)
	if w.strict {
		w.unit.Halt = true
		return false
	}
	return true
}

// flush solves the group and appends the answers in order.
func (w *rotationWorker) flush(c *batch.Unit) {
	w.s.SolveMany(w.boards[:w.n], w.res[:w.n])
	for i := 0; i < w.n; i++ {
		r := &w.res[i]
		if w.json {
			c.Out = w.rw.Append(c.Out, w.lines[i], w.boards[i], r)
			continue
		}
		if r.Len == 0 {
			c.Out = append(c.Out, verify.RotationNoMoves...)
		} else {
			c.Out = append(c.Out, r.Moves[:r.Len]...)
		}
		c.Out = append(c.Out, '\n', byte('0'+r.Symbol), '\n')
	}
	w.n = 0
}
