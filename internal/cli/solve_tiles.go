package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// The sliding-tile puzzles, by command name and side.
var tilesPuzzles = []struct {
	name string
	n    int
}{{"8puzzle", 3}, {"15puzzle", 4}}

func init() {
	for _, p := range tilesPuzzles {
		n, name := p.n, p.name
		solvePuzzles = append(solvePuzzles, func(g *globalOptions) *cobra.Command { return newSolveTilesCmd(g, name, n) })
		genPuzzles = append(genPuzzles, func(g *globalOptions) *cobra.Command { return newGenTilesCmd(g, name, n) })
		randomPuzzles = append(randomPuzzles, func(g *globalOptions) *cobra.Command { return newRandomTilesCmd(g, name, n) })
	}
}

// solveTilesOptions are the flags of "solve 8puzzle" and "solve 15puzzle".
type solveTilesOptions struct {
	g         *globalOptions
	n         int
	Format    string
	Heuristic string
	Goal      string
	MaxNodes  uint64
	Timeout   time.Duration
	Inputs    []string
}

func newSolveTilesCmd(g *globalOptions, name string, n int) *cobra.Command {
	o := &solveTilesOptions{g: g, n: n}
	size := n * n
	cmd := &cobra.Command{
		Use:   name + " [FILE|-]...",
		Short: fmt.Sprintf("Solve %dx%d sliding-tile boards (AOJ ALDS1_13_%s)", n, n, map[int]string{3: "B", 4: "C"}[n]),
		Long: fmt.Sprintf(`Solve %dx%d sliding-tile boards optimally with IDA*. A board is %d integers,
row by row, 0 for the blank; line breaks do not matter (a board may be one
line or %d lines), blank lines and lines starting with # are skipped.
Moves are named by the direction the blank moves: U, D, L, R.

--goal blank-first: 0 1 2 ... (Korf's instances); blank-last: 1 2 ... 0 (AOJ).
--format aoj prints the number of moves, text the number, a space and the
moves, json one object a line with the statistics (bad boards included).
Fields are separated by ASCII white space only (a non-ASCII space such as
U+00A0 makes a bad tile). A malformed or unsolvable board gets an error
naming its file and the line of the bad field, or the line the board starts
on when the board as a whole is wrong; the batch goes on, and answers keep
the input order.

Heuristics: %s.

`, n, n, size, n, strings.Join(search.TilesHeuristicNames(n, n), ", ")) + exitCodeHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Inputs = inputsOrStdin(args)
			return runSolveTiles(o)
		},
	}
	cmd.Flags().StringVar(&o.Format, "format", "text", "output format: aoj, text or json")
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", search.DefaultTilesHeuristic(n, n), "heuristic (see above)")
	cmd.Flags().StringVar(&o.Goal, "goal", bitboard.BlankFirst.String(), "goal convention: blank-first or blank-last")
	cmd.Flags().Uint64Var(&o.MaxNodes, "max-nodes", 0, "give up on a board after this many generated nodes (0: no limit)")
	cmd.Flags().DurationVar(&o.Timeout, "timeout", 0, "give up on a board after this long (0: no limit)")
	return cmd
}

func runSolveTiles(o *solveTilesOptions) error {
	if o.Format != "aoj" && o.Format != "text" && o.Format != "json" {
		return usageError("--format %q: want aoj, text or json", o.Format)
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	h, err := loadTileHeuristic(o.g, o.n, o.Heuristic)
	if err != nil {
		return err
	}
	size := o.n * o.n
	lim := search.Limits{MaxNodes: o.MaxNodes, Timeout: o.Timeout}
	b := &batch{
		inputs: o.Inputs, stdin: o.g.Stdin, stdout: o.g.Stdout, stderr: o.g.Stderr,
		workers: o.g.workers(), asJSON: o.Format == "json",
		split: func(data []byte, atEOF bool) int {
			return tilesScan(data, 1, size, atEOF, nil)
		},
		newWorker: func() func(*chunk) {
			s := search.NewTilesSolver(h)
			return func(c *chunk) { solveTilesChunk(c, s, o, goal, lim) }
		},
	}
	return b.run().err()
}

// loadTileHeuristic loads a heuristic by name, telling a bad name (usage)
// from a table problem.
func loadTileHeuristic(g *globalOptions, n int, name string) (*search.TilesHeuristic, error) {
	probe, err := search.LoadTilesHeuristic(nil, n, n, name)
	if err == nil {
		return probe, nil // needs no tables
	}
	if errors.Is(err, search.ErrTilesHeuristic) {
		return nil, withCode(ExitUsage, err)
	}
	cache, err := g.cache()
	if err != nil {
		return nil, err
	}
	h, err := search.LoadTilesHeuristic(cache, n, n, name)
	if err != nil {
		return nil, withCode(ExitTable, err)
	}
	return h, nil
}

// tilesScan groups the lines of data into boards of size integers and calls
// emit (when not nil) with the line each starts on and its fields; see
// tilesScanLines.
func tilesScan(data []byte, line, size int, atEOF bool, emit func(line int, fields []string)) int {
	if emit == nil {
		return tilesScanLines(data, line, size, atEOF, nil)
	}
	return tilesScanLines(data, line, size, atEOF, func(line int, fields []string, _ []int) { emit(line, fields) })
}

// fieldLine returns the line an error is about: the line of the field a
// *bitboard.ParseError names, else the record's first line.
func fieldLine(err error, line int, lines []int) int {
	var pe *bitboard.ParseError
	if errors.As(err, &pe) && pe.Field > 0 && pe.Field <= len(lines) {
		return lines[pe.Field-1]
	}
	return line
}

// tilesScanLines groups the lines of data into boards of size integers and
// calls emit (when not nil) with the line each starts on, its fields and the
// line of each field; emit must not keep the slices. A board ends at the end of
// the line that completes it; a line that would overfill an open board
// closes that board short (an error when parsed) and starts the next, so one
// bad line spoils no other board. Blank and # lines are skipped. It
// returns the offset just after the last line at which no board is open (all
// of data when atEOF), where a chunk may end.
//
// Fields are split by tilesField alone, with or without emit, so the
// reader's cuts and the workers' parse agree on where every board ends
// whatever the chunk boundaries.
func tilesScanLines(data []byte, line, size int, atEOF bool, emit func(line int, fields []string, lines []int)) int {
	var fields []string
	var lines []int
	start, cut := 0, 0
	count := 0
	flush := func() {
		if emit != nil {
			emit(start, fields, lines)
		}
		fields, lines, count = fields[:0], lines[:0], 0
	}
	for pos := 0; pos < len(data); line++ {
		end := bytes.IndexByte(data[pos:], '\n')
		next := 0
		if end < 0 {
			if !atEOF {
				break
			}
			end, next = len(data), len(data)
		} else {
			end += pos
			next = end + 1
		}
		text := data[pos:end]
		pos = next
		first, _ := tilesField(text, 0)
		if first == len(text) || text[first] == '#' {
			if count == 0 {
				cut = next
			}
			continue
		}
		n := 0
		for i := 0; ; n++ {
			s, e := tilesField(text, i)
			if s == e {
				break
			}
			i = e
		}
		if count > 0 && count+n > size {
			flush()
		}
		if count == 0 {
			start = line
		}
		if emit != nil {
			for i := 0; ; {
				s, e := tilesField(text, i)
				if s == e {
					break
				}
				fields = append(fields, string(text[s:e]))
				lines = append(lines, line)
				i = e
			}
		}
		count += n
		if count >= size {
			flush()
			cut = next
		}
	}
	if atEOF {
		if count > 0 {
			flush()
		}
		return len(data)
	}
	return cut
}

// tilesField returns the bounds of the first field of text at or after
// offset i, or len(text) twice when there is none. Fields are separated by
// ASCII white space only, the set bitboard.ParseRotation uses (space, \t,
// \r, \v, \f; lines are already split at \n): any other byte, a non-ASCII
// space such as U+00A0 included, is part of a field, which then is a bad
// tile value.
func tilesField(text []byte, i int) (start, end int) {
	for i < len(text) && tilesSpace(text[i]) {
		i++
	}
	start = i
	for i < len(text) && !tilesSpace(text[i]) {
		i++
	}
	return start, i
}

func tilesSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f' || c == '\n'
}

// solveTilesChunk solves every board of a chunk into its output.
func solveTilesChunk(c *chunk, s *search.TilesSolver, o *solveTilesOptions, goal bitboard.Goal, lim search.Limits) {
	asJSON := o.Format == "json"
	var name []byte
	if asJSON {
		name, _ = json.Marshal(c.name)
	}
	tilesScanLines(c.data, c.line, o.n*o.n, true, func(line int, fields []string, lines []int) {
		b, err := bitboard.ParseTiles(fields, o.n, o.n)
		if err != nil {
			line = fieldLine(err, line, lines)
			c.reject(asJSON, name, line, err)
			return
		}
		moves, st, err := s.Solve(b, goal, lim)
		switch {
		case errors.Is(err, search.ErrLimit):
			err = fmt.Errorf("%v: %w after %d nodes, bound %d", b, err, st.Generated, st.Bound)
			c.limit++
			if asJSON {
				c.out = tilesAppendLimitError(c.out, name, line, err, &st)
			} else {
				c.warn(line, err)
			}
			return
		case errors.Is(err, search.ErrUnsolvable):
			err = fmt.Errorf("%v: %w for the %v goal", b, err, goal)
			fallthrough
		case err != nil:
			c.reject(asJSON, name, line, err)
			return
		}
		switch o.Format {
		case "aoj":
			c.out = strconv.AppendInt(c.out, int64(len(moves)), 10)
		case "text":
			c.out = strconv.AppendInt(c.out, int64(len(moves)), 10)
			if len(moves) > 0 {
				c.out = append(c.out, ' ')
				c.out = append(c.out, moves...)
			}
		case "json":
			c.out = tilesAppendJSON(c.out, name, line, b, goal, s.Heuristic().Name(), moves, &st)
			return
		}
		c.out = append(c.out, '\n')
	})
}

func tilesAppendStats(dst []byte, st *search.Stats) []byte {
	dst = append(dst, `,"h0":`...)
	dst = strconv.AppendInt(dst, int64(st.RootH), 10)
	dst = append(dst, `,"expanded":`...)
	dst = strconv.AppendUint(dst, st.Expanded, 10)
	dst = append(dst, `,"generated":`...)
	dst = strconv.AppendUint(dst, st.Generated, 10)
	dst = append(dst, `,"iterations":`...)
	dst = strconv.AppendInt(dst, int64(st.Iterations), 10)
	dst = append(dst, `,"bound":`...)
	dst = strconv.AppendInt(dst, int64(st.Bound), 10)
	dst = append(dst, `,"time_ns":`...)
	return strconv.AppendInt(dst, st.Elapsed.Nanoseconds(), 10)
}

// tilesAppendLimitError appends the error object of appendJSONError (the
// one rotation writes) with the statistics of the search a limit stopped
// added before its closing brace.
func tilesAppendLimitError(dst, name []byte, line int, err error, st *search.Stats) []byte {
	dst = bytes.TrimSuffix(appendJSONError(dst, name, line, err), []byte("}\n"))
	dst = tilesAppendStats(dst, st)
	return append(dst, "}\n"...)
}

func tilesAppendJSON(dst, name []byte, line int, b bitboard.Tiles, goal bitboard.Goal, heuristic string, moves []byte, st *search.Stats) []byte {
	dst = append(dst, `{"file":`...)
	dst = append(dst, name...)
	dst = append(dst, `,"line":`...)
	dst = strconv.AppendInt(dst, int64(line), 10)
	dst = append(dst, `,"board":"`...)
	dst = append(dst, b.String()...)
	dst = append(dst, `","goal":"`...)
	dst = append(dst, goal.String()...)
	dst = append(dst, `","heuristic":"`...)
	dst = append(dst, heuristic...)
	dst = append(dst, `","moves":"`...)
	dst = append(dst, moves...)
	dst = append(dst, `","length":`...)
	dst = strconv.AppendInt(dst, int64(len(moves)), 10)
	dst = tilesAppendStats(dst, st)
	return append(dst, "}\n"...)
}
