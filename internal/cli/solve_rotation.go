package cli

import (
	"bytes"

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
	Format    string
	Heuristic string
	Strict    bool
	Inputs    []string
}

func newSolveRotationCmd(g *globalOptions) *cobra.Command {
	o := &solveRotationOptions{g: g}
	cmd := &cobra.Command{
		Use:   "rotation [FILE|-]...",
		Short: "Solve Rotation Game boards (HDU 1667 / POJ 2286 / UVa 1343)",
		Long: `Solve Rotation Game boards: 24 symbols 1-3 a line, in cell order. A line
holding a single 0 ends an input; blank lines are skipped.

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
	cmd.Flags().StringVar(&o.Format, "format", "judge", "output format: judge or json")
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "exact", "heuristic: exact (path table), exact-ida (IDA* with the exact table) or count")
	cmd.Flags().BoolVar(&o.Strict, "strict", false, "stop at the first bad board")
	return cmd
}

func runSolveRotation(o *solveRotationOptions) error {
	if o.Format != "judge" && o.Format != "json" {
		return usageError("--format %q: want judge or json", o.Format)
	}
	h, paths, err := rotationHeuristicNamed(o.Heuristic)
	if err != nil {
		return err
	}
	newSolver, err := rotationSolverFactory(o.g, h)
	if err != nil {
		return err
	}
	asJSON := o.Format == "json"
	return o.g.runBatch(batch.Config{
		Inputs: o.Inputs, EndLine: rotationIsEnd, JSON: asJSON, Strict: o.Strict,
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

// rotationIsEnd reports whether a line is the judge's end-of-input "0".
func rotationIsEnd(line []byte) bool {
	return len(bytes.TrimSpace(line)) == 1 && bytes.TrimSpace(line)[0] == '0'
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
}

// solveUnit solves every board of a unit into its output.
func (w *rotationWorker) solveUnit(c *batch.Unit) {
	w.n = 0
	if w.json {
		w.rw.SetInput(recordInput(c.Name))
	}
	data := c.Data
	ln := c.Line - 1
	for len(data) > 0 {
		ln++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		b, err := bitboard.ParseRotation(text)
		if err == nil {
			w.boards[w.n], w.lines[w.n] = b, ln
			if w.n++; w.n == rotationGroup {
				w.flush(c)
			}
			continue
		}
		if batch.IsBlank(text) {
			continue
		}
		w.flush(c)
		if rotationIsEnd(text) {
			c.End = true
			return
		}
		rejectRecord(c, w.json, record.PuzzleRotation, w.heuristic, ln, err)
		if w.strict {
			c.Halt = true
			return
		}
	}
	w.flush(c)
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
