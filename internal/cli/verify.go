package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/search"
)

// verifyOptions are the flags of "verify".
type verifyOptions struct {
	g         *globalOptions
	Puzzle    string
	Input     string
	Solutions string
	Goal      string
	Heuristic string
	Format    string
}

func init() {
	extraCommands = append(extraCommands, newVerifyCmd)
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

BOARDS is read as solve reads it; ANSWERS is what solve prints: for rotation
the judge format (a move line, or "No moves needed", then a symbol line), for
the sliding-tile puzzles the text format ("LENGTH MOVES") or the aoj format
("LENGTH", which can only be checked for optimality). A bad or unsolvable
board takes no answer, as with solve.

Each record gets one line: its board's file and line, the answer's line, and
a verdict: ok, wrong (does not solve, illegal move, malformed), wrong-symbol,
not-optimal, not-smallest or missing; then a summary. The exit status is 1 if
any record is not ok.

` + exitCodeHelp,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Puzzle = args[0]
			return runVerify(o)
		},
	}
	cmd.Flags().StringVar(&o.Input, "input", "", "file of boards (- for standard input)")
	cmd.Flags().StringVar(&o.Solutions, "solutions", "", "file of answers")
	cmd.Flags().StringVar(&o.Goal, "goal", bitboard.BlankFirst.String(), "sliding-tile goal: blank-first or blank-last")
	cmd.Flags().StringVar(&o.Heuristic, "heuristic", "", "heuristic used to find optimal lengths (default: the solve default)")
	cmd.Flags().StringVar(&o.Format, "format", "text", "output format: text or json")
	cmd.MarkFlagRequired("input")
	cmd.MarkFlagRequired("solutions")
	return cmd
}

// Verdicts of verify.
const (
	verdictOK          = "ok"
	verdictWrong       = "wrong"
	verdictSymbol      = "wrong-symbol"
	verdictNotOptimal  = "not-optimal"
	verdictNotSmallest = "not-smallest"
	verdictMissing     = "missing"
)

var verdictOrder = []string{verdictOK, verdictWrong, verdictSymbol, verdictNotOptimal, verdictNotSmallest, verdictMissing}

// verdict is the check of one answer.
type verdict struct {
	Board   string `json:"board"`  // file:line of the board
	Answer  string `json:"answer"` // file:line of the answer, "" if missing
	Verdict string `json:"verdict"`
	Detail  string `json:"detail,omitempty"`
	Length  int    `json:"length"`  // answer's length
	Optimal int    `json:"optimal"` // optimal length
}

// answerLines hands out the non-blank lines of the answers file.
type answerLines struct {
	name  string
	lines [][]byte
	nums  []int
	next  int
}

func newAnswerLines(name string, data []byte) *answerLines {
	a := &answerLines{name: inputName(name)}
	c := &chunk{line: 1, data: data}
	c.lines(func(ln int, text []byte) bool {
		if !isBlank(text) {
			a.lines = append(a.lines, bytes.TrimSpace(text))
			a.nums = append(a.nums, ln)
		}
		return true
	})
	return a
}

// take returns the next line and its position, or ok false at the end.
func (a *answerLines) take() (text string, where string, ok bool) {
	if a.next >= len(a.lines) {
		return "", "", false
	}
	a.next++
	return string(a.lines[a.next-1]), fmt.Sprintf("%s:%d", a.name, a.nums[a.next-1]), true
}

func runVerify(o *verifyOptions) error {
	if o.Format != "text" && o.Format != "json" {
		return usageError("--format %q: want text or json", o.Format)
	}
	side, err := puzzleSide(o.Puzzle)
	if err != nil {
		return err
	}
	goal, err := bitboard.ParseGoal(o.Goal)
	if err != nil {
		return withCode(ExitUsage, err)
	}
	insts, bad, err := loadInstances(o.g, side, []string{o.Input})
	if err != nil {
		return err
	}
	data, err := readAll(o.g, o.Solutions)
	if err != nil {
		return withCode(ExitIO, err)
	}
	answers := newAnswerLines(o.Solutions, data)
	var verdicts []verdict
	if side == 0 {
		verdicts, err = verifyRotation(o, insts, answers)
	} else {
		verdicts, err = verifyTiles(o, side, goal, insts, answers)
	}
	if err != nil {
		return err
	}
	extra := len(answers.lines) - answers.next
	return writeVerdicts(o, verdicts, extra, bad)
}

func verifyRotation(o *verifyOptions, insts []instance, answers *answerLines) ([]verdict, error) {
	newSolver, err := rotationSolverFactory(o.g, search.RotationExact)
	if err != nil {
		return nil, err
	}
	s := newSolver()
	var out []verdict
	for i := range insts {
		in := &insts[i]
		v := verdict{Board: in.where()}
		best, _ := s.Solve(in.rot, search.Limits{})
		v.Optimal = best.Len
		moves, where, ok := answers.take()
		sym, _, ok2 := answers.take()
		v.Answer = where
		switch {
		case !ok:
			v.Verdict, v.Detail = verdictMissing, "no answer left"
			out = append(out, v)
			continue
		case !ok2:
			v.Verdict, v.Detail = verdictWrong, "no symbol line after the moves"
			out = append(out, v)
			continue
		}
		if moves == noMoves {
			moves = ""
		}
		v.Length = len(moves)
		end, err := in.rot.Apply(moves)
		switch {
		case err != nil:
			v.Verdict, v.Detail = verdictWrong, err.Error()
		case end.Centre() == 0:
			v.Verdict, v.Detail = verdictWrong, "the moves do not fill the centre with one symbol"
		case sym != strconv.Itoa(end.Centre()):
			v.Verdict, v.Detail = verdictSymbol, fmt.Sprintf("symbol line %q, the centre holds %d", sym, end.Centre())
		case len(moves) > best.Len:
			v.Verdict, v.Detail = verdictNotOptimal, fmt.Sprintf("%d moves, optimal %d", len(moves), best.Len)
		case moves != best.MoveString():
			v.Verdict, v.Detail = verdictNotSmallest, fmt.Sprintf("%q, the smallest is %q", moves, best.MoveString())
		default:
			v.Verdict = verdictOK
		}
		out = append(out, v)
	}
	return out, nil
}

func verifyTiles(o *verifyOptions, side int, goal bitboard.Goal, insts []instance, answers *answerLines) ([]verdict, error) {
	name := o.Heuristic
	if name == "" {
		name = search.DefaultTilesHeuristic(side, side)
	}
	h, err := loadTileHeuristic(o.g, side, name)
	if err != nil {
		return nil, err
	}
	s := search.NewTilesSolver(h)
	var out []verdict
	for i := range insts {
		in := &insts[i]
		if !in.tiles.Solvable(goal) {
			continue // solve prints no answer for it
		}
		v := verdict{Board: in.where()}
		best, _, err := s.Solve(in.tiles, goal, search.Limits{})
		if err != nil {
			return nil, withCode(ExitBadInput, fmt.Errorf("%s: %v", in.where(), err))
		}
		v.Optimal = len(best)
		text, where, ok := answers.take()
		v.Answer = where
		if !ok {
			v.Verdict, v.Detail = verdictMissing, "no answer left"
			out = append(out, v)
			continue
		}
		fields := strings.Fields(text)
		n, err := strconv.Atoi(fields[0])
		switch {
		case err != nil || n < 0 || len(fields) > 2:
			v.Verdict, v.Detail = verdictWrong, fmt.Sprintf("%q is not LENGTH or LENGTH MOVES", text)
		case len(fields) == 2 && len(fields[1]) != n:
			v.Length = n
			v.Verdict, v.Detail = verdictWrong, fmt.Sprintf("length %d, but %d moves", n, len(fields[1]))
		default:
			v.Length = n
			if len(fields) == 2 || n == 0 {
				moves := ""
				if len(fields) == 2 {
					moves = fields[1]
				}
				end, err := in.tiles.Apply(moves)
				if err != nil {
					v.Verdict, v.Detail = verdictWrong, err.Error()
					break
				}
				if !end.IsGoal(goal) {
					v.Verdict, v.Detail = verdictWrong, "the moves do not reach the goal"
					break
				}
			}
			switch {
			case n > len(best):
				v.Verdict, v.Detail = verdictNotOptimal, fmt.Sprintf("%d moves, optimal %d", n, len(best))
			case n < len(best):
				// Only a bare length can claim fewer moves than the optimum.
				v.Verdict, v.Detail = verdictWrong, fmt.Sprintf("%d moves claimed, optimal %d", n, len(best))
			default:
				v.Verdict = verdictOK
			}
		}
		out = append(out, v)
	}
	return out, nil
}

func writeVerdicts(o *verifyOptions, vs []verdict, extra, bad int) error {
	counts := map[string]int{}
	for _, v := range vs {
		counts[v.Verdict]++
	}
	w := o.g.Stdout
	if o.Format == "json" {
		e := json.NewEncoder(w)
		for _, v := range vs {
			if err := e.Encode(v); err != nil {
				return withCode(ExitIO, err)
			}
		}
		sum := map[string]int{"records": len(vs), "extra_answers": extra, "bad_boards": bad}
		for _, k := range verdictOrder {
			sum[k] = counts[k]
		}
		if err := e.Encode(map[string]map[string]int{"summary": sum}); err != nil {
			return withCode(ExitIO, err)
		}
	} else {
		for _, v := range vs {
			line := v.Board + " " + v.Answer + " " + v.Verdict
			if v.Detail != "" {
				line += ": " + v.Detail
			}
			fmt.Fprintln(w, line)
		}
		writeVerifySummary(w, len(vs), counts, extra, bad)
	}
	if counts[verdictOK] != len(vs) || extra > 0 || bad > 0 {
		return withCode(ExitBadInput, errSilent)
	}
	return nil
}

func writeVerifySummary(w io.Writer, n int, counts map[string]int, extra, bad int) {
	fmt.Fprintf(w, "%d records:", n)
	for _, k := range verdictOrder {
		fmt.Fprintf(w, " %d %s,", counts[k], k)
	}
	fmt.Fprintf(w, " %d extra answers, %d bad boards\n", extra, bad)
}
