package solve

import (
	"io"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// Resume readies o and rc, the configuration of a solve of p over the
// records of rc.Inputs that sel takes, to continue prior, the run the
// output file holds (nil, or one without a configuration: nothing to
// continue). The run's i-th input is the prior run's i-th, however
// spelled (record.ReadPrior has checked they are as many): its records
// name it as the prior run's did, and rc.Inputs becomes the prior run's
// spelling, so one file names each input one way (messages keep this
// run's). Before anything is solved it reads each input up to the last
// line answered and checks the boards at the first and last lines
// answered (record.Prior.Spots): an error wrapping record.ErrOtherInputs
// and record.ErrOutputFile names the first that differs; any other error
// is an input's that cannot be read. Standard input, which cannot be read
// twice, is read ahead so from *stdin (once, for its first "-"), which
// then becomes a reader of the same bytes: those read ahead, kept
// (readAhead), then the rest. Then o skips the records answered
// (skipAnswered).
func Resume[B any](p puzzle.Family[B], open puzzle.Opener, stdin *io.Reader, o *Options, prior *record.Prior, sel *puzzle.Selection, rc *record.Config) error {
	if prior == nil || prior.Config == nil {
		return nil
	}
	o.names = map[string]string{}
	stdinRead := false
	for i, in := range rc.Inputs {
		name := prior.Input(i)
		o.names[batch.InputName(in)] = name
		spots := prior.Spots(name)
		if len(spots) == 0 || in == "-" && stdinRead {
			continue
		}
		from := open
		if in == "-" {
			var ahead readAhead
			r := io.TeeReader(*stdin, &ahead)
			from = func(string) (io.Reader, func(), error) { return r, func() {}, nil }
			defer func() { *stdin = ahead.then(*stdin) }() // read on after the bytes read ahead, whatever the check found
			stdinRead = true
		}
		if err := checkSpots(p, from, in, prior, spots); err != nil {
			return err
		}
	}
	rc.Inputs = append([]string(nil), prior.Config.Inputs...)
	o.skipAnswered(prior, sel)
	return nil
}

// checkSpots reads input in of p (open's) up to the last of spots, the
// boards prior holds of it, and compares (record.Prior.CheckSpot).
func checkSpots[B any](p puzzle.Family[B], open puzzle.Opener, in string, prior *record.Prior, spots []record.Spot) error {
	lines := make([]int, len(spots))
	for k, s := range spots {
		lines[k] = s.Line
	}
	boards, err := puzzle.BoardsAt(p, open, in, lines)
	if err != nil {
		return err
	}
	for k, s := range spots {
		if err := prior.CheckSpot(batch.InputName(in), s, boards[k]); err != nil {
			return err
		}
	}
	return nil
}

// recordInput returns the name o's records give the input messages call
// name: the resumed run's for its input (Resume), else
// batch.RecordInput's.
func (o *Options) recordInput(name string) string {
	if r, ok := o.names[name]; ok {
		return r
	}
	return batch.RecordInput(name)
}

// skipAnswered makes a resumed run skip the records prior (the run
// resumed) answered, known by o.recordInput's names: in the workers
// (o.Skip) when sel takes every record, so that the reader splits the
// input as an uninterrupted run does; else in the reader too (sel.Skip),
// which selects.
func (o *Options) skipAnswered(prior *record.Prior, sel *puzzle.Selection) {
	answered := prior.Answered()
	if answered == nil {
		return
	}
	o.Skip = func(input string, line int) bool { return answered(o.recordInput(input), line) }
	lines := prior.AnsweredLines()
	o.SkipLines = func(input string, first, last int) bool { return lines(o.recordInput(input), first, last) }
	if !sel.All() {
		sel.Skip, o.Skip, o.SkipLines = o.Skip, nil, nil
	}
}
