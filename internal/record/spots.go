package record

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// ErrOtherInputs is returned (wrapped, with the record) when a resumed
// run's inputs are not those of the run it continues: a record there is
// not the board the output holds of it (bench: under its instance number;
// solve: at its input and line).
var ErrOtherInputs = errors.New("the inputs are not those of its run")

// Spot is a board a solve output holds at a line of an input: what a
// resumed solve checks its input against (Prior.Spots).
type Spot struct {
	Line  int
	Board string // as records write it
}

// spotAt is where a candidate Spot's run starts in the part of the
// output read.
type spotAt struct {
	line int
	at   int64
}

// spotPair is the first and last line of an input of which a solve output
// holds a run with a board, and where those runs start.
type spotPair struct{ lo, hi spotAt }

// take makes the run of line starting at byte at of the part read the
// first or last of the pair if it is.
func (s *spotPair) take(line int, at int64) {
	if s.lo.line == 0 || line < s.lo.line {
		s.lo = spotAt{line, at}
	}
	if line > s.hi.line {
		s.hi = spotAt{line, at}
	}
}

// mergeSpots adds the pairs of a part read from byte base on to p's.
func (p *Prior) mergeSpots(q *Prior, base int64) {
	for input, s := range q.spots {
		s.lo.at, s.hi.at = s.lo.at+base, s.hi.at+base
		if have := p.spots[input]; have != nil {
			have.take(s.lo.line, s.lo.at)
			have.take(s.hi.line, s.hi.at)
		} else {
			p.spots[input] = s
		}
	}
}

// readSpots reads from f the boards of the runs that p.spots point at
// (two runs an input), into p.boards.
func (p *Prior) readSpots(f *os.File, path string) error {
	p.boards = map[string][]Spot{}
	for input, s := range p.spots {
		for _, at := range []spotAt{s.lo, s.hi} {
			if k := len(p.boards[input]); at.line == 0 || k > 0 && p.boards[input][k-1].Line == at.line {
				break // no run with a board, or one line
			}
			sc := NewScanner(io.NewSectionReader(f, at.at, 1<<62), path)
			for sc.Scan() && sc.Kind() != KindRun {
			}
			if sc.Err() != nil {
				return sc.Err()
			}
			if sc.Kind() != KindRun || sc.Run().Line != at.line {
				return fmt.Errorf("%s: no run of line %d of %s at byte %d, where its reading found one", path, at.line, input, at.at)
			}
			p.boards[input] = append(p.boards[input], Spot{at.line, sc.Run().Board})
		}
	}
	return nil
}

// Spots returns the boards the output holds at the first and the last
// line of input (as records name it, Input) of which it holds a run with a
// board (one Spot when they are one line), in line order; none for a bench
// output, or an input without such runs. A resumed solve reads its input
// at those lines and compares (CheckSpot): a few strings an input, however
// long the output.
func (p *Prior) Spots(input string) []Spot {
	if p == nil {
		return nil
	}
	return p.boards[input]
}

// Input returns the name the output's records give the i-th input
// (0-based) of its run, as its first header's config lists them; "" when
// it has no config or fewer inputs. A resumed solve's input i is the run's
// input i however spelled (checkInputs): its records keep this name.
func (p *Prior) Input(i int) string {
	if p == nil || p.Config == nil || i >= len(p.Config.Inputs) {
		return ""
	}
	return batch.RecordInput(batch.InputName(p.Config.Inputs[i]))
}

// CheckSpot returns nil when board (as records write it; "" for none: the
// line starts no board) is s's board, read at line s.Line of the input
// messages call where; else an error wrapping ErrOtherInputs and
// ErrOutputFile: "--resume: WHERE:LINE: the board is "B", but "S" in
// FILE: the inputs are not those of its run".
func (p *Prior) CheckSpot(where string, s Spot, board string) error {
	if board == s.Board {
		return nil
	}
	now := "no board starts on the line"
	if board != "" {
		now = fmt.Sprintf("the board is %q", board)
	}
	return resumeError{fmt.Errorf("%s:%d: %s, but %q in %s: %w", where, s.Line, now, s.Board, p.path, ErrOtherInputs)}
}

// checkInputs checks that a resumed solve has as many inputs as the run
// of the file at path (it knows them by position, not by spelling), and
// that no name of its inputs stands for two of that run's.
func (p *Prior) checkInputs(path string, inputs []string) error {
	have := p.Config.Inputs
	if len(have) != len(inputs) {
		return fmt.Errorf("%s was written by another run: inputs: %d (%s) in %s, %d (%s) in this run: a resumed solve reads the inputs of its run, in their order",
			path, len(have), strings.Join(have, " "), path, len(inputs), strings.Join(inputs, " "))
	}
	was := map[string]int{}
	for i, in := range inputs {
		if j, ok := was[in]; ok && have[i] != have[j] {
			return fmt.Errorf("%s was written by another run: inputs %d and %d are both %s in this run, but %s and %s in %s", path, j+1, i+1, in, have[j], have[i], path)
		}
		was[in] = i
	}
	return nil
}
