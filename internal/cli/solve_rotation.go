package cli

import (
	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/verify"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// solveRotationOptions are the flags of "solve rotation".
type solveRotationOptions struct {
	g         *globalOptions
	Format    outputFormat
	Heuristic string
	Strict    bool
	Inputs    []string
	Shard     string
	Instances string
	out       solveOutputFlags
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
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "exact", "heuristic: exact (path table), exact-ida (IDA* with the exact table) or count")
	cmd.Flags().BoolVar(&o.Strict, "strict", false, "stop at the first bad board")
	cmd.Flags().StringVar(&o.Shard, "shard", "", "solve only shard K/N: every N-th board from the K-th (0-based), counted across the inputs")
	cmd.Flags().StringVar(&o.Instances, "instances", "", "solve only these boards, numbered from 1 across the inputs: such as 40,38,25 or 1-10")
	o.out.register(cmd)
	return cmd
}

func runSolveRotation(o *solveRotationOptions) error {
	h, paths, err := rotationHeuristicNamed(o.Heuristic)
	if err != nil {
		return err
	}
	sel, err := parseSelection(o.Shard, o.Instances)
	if err != nil {
		return err
	}
	sout, err := o.out.prepare(&record.Config{Command: "solve", Puzzle: record.PuzzleRotation, Heuristics: []string{o.Heuristic},
		Repeat: 1, Shard: sel.shard.String(), Instances: o.Instances, Inputs: o.Inputs}, &sel)
	if err != nil {
		return err
	}
	newSolver, err := rotationSolverFactory(o.g, h)
	if err != nil {
		return err
	}
	asJSON := o.Format == formatJSON || o.out.Output != ""
	out, err := sout.open(o.g)
	if err != nil {
		return err
	}
	src, pastEnd := shardOf(o.g, o.Inputs, sel, 0, 0)
	err = o.g.runBatch(batch.Config{
		Stdout: out,
		Source: src,
		Reject: func(u *batch.Unit, line int, err error) {
			rejectRecord(u, asJSON, record.PuzzleRotation, o.Heuristic, line, err)
		},
		Inputs: o.Inputs, Split: verify.RotationSplit, EndLine: verify.RotationIsEnd, JSON: asJSON, Strict: o.Strict,
		NewHandler: func() batch.Handler {
			s := newSolver()
			if !paths {
				s.UsePaths(nil)
			}
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

// rotationSolverFactory loads the tables heuristic h needs and returns a
// function that makes solvers sharing them.
func rotationSolverFactory(g *globalOptions, h search.RotationHeuristic) (func() *search.RotationSolver, error) {
	var dist *pdb.Table
	var paths *search.RotationPaths
	if h == search.RotationExact {
		cache, err := g.cache()
		if err != nil {
			return nil, err
		}
		d, p, err := cache.LoadRotation()
		if err != nil {
			return nil, withCode(ExitTable, err)
		}
		dist = d
		if paths, err = search.NewRotationPaths(p); err != nil {
			return nil, withCode(ExitTable, err)
		}
	}
	// Check the tables once, so the factory cannot fail later.
	s, err := search.NewRotationSolver(dist, h)
	if err == nil {
		err = s.UsePaths(paths)
	}
	if err != nil {
		return nil, withCode(ExitTable, err)
	}
	return func() *search.RotationSolver {
		s, _ := search.NewRotationSolver(dist, h)
		s.UsePaths(paths)
		return s
	}, nil
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
func (w *rotationWorker) solveUnit(c *batch.Unit) {
	w.n = 0
	if w.json {
		w.rw.SetInput(recordInput(c.Name))
	}
	w.unit = c
	if err, ok := c.Items.(error); ok { // a bad board, from a shard's source
		w.add(c.Line, 0, err)
		w.unit = nil
		return
	}
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
