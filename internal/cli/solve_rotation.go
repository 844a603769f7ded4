package cli

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
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
	h, paths, err := parseRotationName(o.Heuristic)
	if err != nil {
		return err
	}
	newSolver, err := rotationSolverFactory(o.g, h)
	if err != nil {
		return err
	}
	json := o.Format == "json"
	b := &batch{
		inputs: o.Inputs, stdin: o.g.Stdin, stdout: o.g.Stdout, stderr: o.g.Stderr,
		workers: o.g.workers(), split: splitLines,
		newWorker: func() func(*chunk) {
			s := newSolver()
			if !paths {
				s.UsePaths(nil)
			}
			s.SetTiming(json)
			return func(c *chunk) { solveRotationChunk(c, s, json, o.Strict) }
		},
	}
	return b.run().err()
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

// isTerminator reports whether a line is the judge's end-of-input "0".
func isTerminator(line []byte) bool {
	return len(bytes.TrimSpace(line)) == 1 && bytes.TrimSpace(line)[0] == '0'
}

const noMoves = "No moves needed"

// solveRotationChunk solves every board of a chunk into its output.
func solveRotationChunk(c *chunk, s *search.RotationSolver, asJSON, strict bool) {
	data := c.data
	ln := c.line - 1
	var name []byte
	if asJSON {
		name, _ = json.Marshal(c.name)
	}
	for len(data) > 0 {
		ln++
		var text []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			text, data = data[:i], data[i+1:]
		} else {
			text, data = data, nil
		}
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		b, err := bitboard.ParseRotation(text)
		if err != nil {
			if isTerminator(text) {
				c.end = true
				return
			}
			if asJSON {
				c.bad++
				c.out = appendJSONError(c.out, name, ln, err)
			} else {
				c.fail(ln, err)
			}
			if strict {
				c.halt = true
				return
			}
			continue
		}
		res, err := s.Solve(b, search.Limits{})
		if err != nil { // no limits are set, so this cannot happen on a valid board
			c.fail(ln, err)
			continue
		}
		if asJSON {
			c.out = appendRotationJSON(c.out, name, ln, b, &res, s)
			continue
		}
		if res.Len == 0 {
			c.out = append(c.out, noMoves...)
		} else {
			c.out = append(c.out, res.Moves[:res.Len]...)
		}
		c.out = append(c.out, '\n', byte('0'+res.Symbol), '\n')
	}
}

func appendJSONError(dst, name []byte, line int, err error) []byte {
	dst = append(dst, `{"file":`...)
	dst = append(dst, name...)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(line), 10)
	msg, _ := json.Marshal(err.Error())
	dst = append(dst, `,"error":`...)
	dst = append(dst, msg...)
	return append(dst, "}\n"...)
}

func appendRotationJSON(dst, name []byte, line int, b bitboard.Rotation, r *search.RotationResult, s *search.RotationSolver) []byte {
	dst = append(dst, `{"file":`...)
	dst = append(dst, name...)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(line), 10)
	dst = append(dst, `,"board":"`...)
	dst = b.AppendText(dst)
	dst = append(dst, `","moves":"`...)
	dst = append(dst, r.Moves[:r.Len]...)
	dst = append(dst, `","length":`...)
	dst = strconv.AppendInt(dst, int64(r.Len), 10)
	dst = append(dst, `,"symbol":`...)
	dst = strconv.AppendInt(dst, int64(r.Symbol), 10)
	dst = append(dst, `,"heuristic":"`...)
	dst = append(dst, s.Heuristic().String()...)
	dst = append(dst, `","h0":`...)
	dst = strconv.AppendInt(dst, int64(r.RootH), 10)
	dst = append(dst, `,"nodes":`...)
	dst = strconv.AppendUint(dst, r.Generated, 10)
	dst = append(dst, `,"expanded":`...)
	dst = strconv.AppendUint(dst, r.Expanded, 10)
	dst = append(dst, `,"generated":`...)
	dst = strconv.AppendUint(dst, r.Generated, 10)
	dst = append(dst, `,"iterations":`...)
	dst = strconv.AppendInt(dst, int64(r.Iterations), 10)
	dst = append(dst, `,"time_ns":`...)
	dst = strconv.AppendInt(dst, r.Elapsed.Nanoseconds(), 10)
	return append(dst, "}\n"...)
}
