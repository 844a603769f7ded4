package verify

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/search"
)

// Output says how a verify batch writes its verdicts: one a pair, in input
// order, "BOARD ANSWER VERDICT[: DETAIL]" with BOARD and ANSWER as NAME:LINE
// (ANSWER "-" when the board took none), or with JSON a record.Verdict a
// line.
type Output struct {
	Puzzle  string // the puzzle's name in records
	Answers string // the answers' input as messages name it ("stdin" for "-")
	JSON    bool
}

// Tally counts the verdicts of a verify batch.
type Tally struct {
	Records int                      // records checked
	Counts  [search.VerdictCount]int // records by verdict
	Extra   int                      // answers left after the last board's (Reader.Extra)
}

// OK reports whether every record is ok and no answer is left over.
func (t *Tally) OK() bool { return t.Counts[search.VerdictOK] == t.Records && t.Extra == 0 }

// Items are the items of a unit of a verify batch: its pairs and the
// counts of their verdicts.
type Items[B, A any] struct {
	Pairs  []Pair[B, A]
	counts [search.VerdictCount]int
}

// Batch returns the batch.Config that checks the pairs r reads, a unit of
// them at a time, with a checker of newCheck's a worker, writes the verdicts
// as out says and counts them in t: its Source, NewHandler and Collect.
func (r *Reader[B, A]) Batch(newCheck func() func(*Pair[B, A]) search.Check, out *Output, t *Tally) batch.Config[Items[B, A]] {
	source := r.source(r.perUnit)
	return batch.Config[Items[B, A]]{
		Source: func(send func(*batch.Unit, Items[B, A]) bool) error {
			return source(func(u *batch.Unit, pairs []Pair[B, A]) bool { return send(u, Items[B, A]{Pairs: pairs}) })
		},
		NewHandler: func() batch.Handler[Items[B, A]] {
			check := newCheck()
			return func(u *batch.Unit, items *Items[B, A]) { appendVerdicts(u, items, out, check) }
		},
		Collect: func(_ *batch.Unit, items *Items[B, A]) {
			for v, n := range items.counts {
				t.Counts[v] += n
				t.Records += n
			}
		},
	}
}

// appendVerdicts checks the pairs of a unit with check and appends a
// verdict a pair.
func appendVerdicts[B, A any](u *batch.Unit, items *Items[B, A], o *Output, check func(*Pair[B, A]) search.Check) {
	for i := range items.Pairs {
		p := &items.Pairs[i]
		c := p.check(check)
		items.counts[c.Verdict]++
		if o.JSON {
			r := record.Verdict{Puzzle: o.Puzzle, Input: batch.RecordInput(u.Name), Line: p.BoardLine,
				Verdict: c.Verdict.String(), Detail: c.Detail}
			if c.Lengths {
				r.Length, r.Optimal = record.KnownCount(uint64(c.Length)), record.KnownCount(uint64(c.Optimal))
			}
			if p.AnswerLine > 0 {
				r.AnswerInput, r.AnswerLine = batch.RecordInput(o.Answers), p.AnswerLine
			}
			b, _ := json.Marshal(&r)
			u.Out = append(append(u.Out, b...), '\n')
			continue
		}
		u.Out = append(append(u.Out, u.Name...), ':')
		u.Out = append(strconv.AppendInt(u.Out, int64(p.BoardLine), 10), ' ')
		if p.AnswerLine > 0 {
			u.Out = append(append(u.Out, o.Answers...), ':')
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

// WriteSummary writes the summary line that follows the verdicts: as JSON
// {"verify_summary": {...}} (record.VerifySummary), else "N records: ...,
// E extra answers".
func (t *Tally) WriteSummary(w io.Writer, asJSON bool) error {
	if asJSON {
		var sum record.VerifySummary
		for v, n := range t.Counts {
			sum.Add(search.Verdict(v), n)
		}
		sum.ExtraAnswers = t.Extra
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
	fmt.Fprintf(&b, "%s:", report.Count(t.Records, "record"))
	for v, n := range t.Counts {
		fmt.Fprintf(&b, " %d %s,", n, search.Verdict(v))
	}
	fmt.Fprintf(&b, " %s\n", report.Count(t.Extra, "extra answer"))
	_, err := io.WriteString(w, b.String())
	return err
}

// RotationChecks returns a maker of checkers of Rotation Game pairs, each
// with a solver of newSolver's (search.RotationSolver.VerifyRotation); a
// bare length is only checked against the optimal length (judgeLength).
func RotationChecks(newSolver func() *search.RotationSolver) func() func(*Pair[bitboard.Rotation, RotationAnswer]) search.Check {
	return func() func(*Pair[bitboard.Rotation, RotationAnswer]) search.Check {
		s := newSolver()
		return func(p *Pair[bitboard.Rotation, RotationAnswer]) search.Check {
			if !p.Answer.Bare {
				return s.VerifyRotation(p.Board, p.Answer.Moves, p.Answer.Symbol)
			}
			best, _ := s.Solve(p.Board, search.Limits{})
			c := search.Check{Length: p.Answer.Length, Optimal: best.Len, Lengths: true}
			judgeLength(&c, false)
			return c
		}
	}
}

// TilesChecks returns a maker of checkers of sliding-tile pairs for goal
// (checkTiles, without limits), each with a solver of heuristic h searching
// on workers goroutines with pruning automaton prune; a search error is the verdict
// wrong.
func TilesChecks(h *search.TilesHeuristic, workers int, goal bitboard.Goal, prune *search.TilesPrune) func() func(*Pair[bitboard.Tiles, TilesAnswer]) search.Check {
	return func() func(*Pair[bitboard.Tiles, TilesAnswer]) search.Check {
		s := search.NewTilesSolver(h)
		s.SetWorkers(workers)
		s.SetPrune(prune) // cannot fail: the automaton is for h's board
		return func(p *Pair[bitboard.Tiles, TilesAnswer]) search.Check {
			c, err := checkTiles(s, p.Board, goal, p.Answer, search.Limits{})
			if err != nil {
				return search.Check{Verdict: search.VerdictWrong, Detail: err.Error()}
			}
			return c
		}
	}
}
