package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// open opens an input ("-" is standard input) and returns a function that
// closes it: a puzzle.Opener.
func (g *globalOptions) open(name string) (io.Reader, func(), error) {
	if name == "-" {
		return g.Stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, withCode(ExitIO, err)
	}
	return f, func() { f.Close() }, nil
}

// isSilent reports whether err is the already-reported failure with exit
// status code.
func isSilent(err error, code int) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == code && ee.err == errSilent
}

// selectionFlags are --shard and --instances.
type selectionFlags struct {
	Shard     string
	Instances string
}

// register adds the flags to cmd, with the help of solve's.
func (f *selectionFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.Shard, "shard", "", "solve only shard K/N: every N-th board from the K-th (0-based), counted across the inputs")
	cmd.Flags().StringVar(&f.Instances, "instances", "", "solve only these boards, numbered from 1 across the inputs: such as 40,38,25 or 1-10")
}

// parse reads the flags into a selection.
func (f *selectionFlags) parse() (puzzle.Selection, error) {
	sh, err := report.ParseShard(f.Shard)
	if err != nil {
		return puzzle.Selection{}, usageError("--shard %q: %v", f.Shard, err)
	}
	pick, err := puzzle.ParseInstances(f.Instances)
	if err != nil {
		return puzzle.Selection{}, usageError("--instances %v", err)
	}
	return puzzle.Selection{Shard: sh, Pick: pick}, nil
}

// warnPastEnd says on stderr which --instances numbers of sel are past the
// end of inputs that held n records, and returns whether a number or range
// matched no record at all (a range that runs past the end, such as
// 1-1000000, is only noted).
func warnPastEnd(g *globalOptions, sel *puzzle.Selection, n int) bool {
	past, none := sel.PastEnd(n)
	if !past {
		return false
	}
	what := "numbers above %d match nothing"
	if len(none) > 0 {
		what = "numbers above %d match nothing: " + strings.Join(none, ",")
	}
	fmt.Fprintf(g.Stderr, "pdbsolve: --instances %s: the inputs hold %d records; "+what+"\n", sel.Pick, n, n)
	return len(none) > 0
}

// selectedSource returns the batch Source of the selection over the inputs
// of p, streaming: one unit a record taken, with its text (or, for a record
// with no text, its error), nil when the selection takes every record.
// Numbers of --instances past the end of the inputs are reported on stderr
// and make the batch's exit status 1.
func selectedSource[B any](g *globalOptions, p puzzle.Family[B], inputs []string, sel puzzle.Selection) (func(send func(*batch.Unit, batch.None) bool) error, *pastEndFlag) {
	past := &pastEndFlag{}
	if sel.All() {
		return nil, past
	}
	return func(send func(*batch.Unit, batch.None) bool) error {
		n, err := puzzle.Selected(p, g.open, inputs, true, &sel, func(rec *puzzle.Record[B]) bool {
			u := &batch.Unit{Name: rec.Input, Line: rec.Start, Records: 1}
			if rec.Text != nil {
				u.Data = append([]byte(nil), rec.Text...) // a bad sliding-tile record too: its solver reports it
			} else {
				u.Err, u.Line = rec.Err, rec.Line
			}
			return send(u, batch.None{})
		})
		if err != nil {
			return err // the batch reports it
		}
		if n >= 0 && warnPastEnd(g, &sel, n) {
			past.set.Store(true)
		}
		return nil
	}, past
}

// pastEndFlag is set by a selected source whose --instances named numbers
// past the end of its inputs.
type pastEndFlag struct{ set atomic.Bool }

// status turns a batch's error into the command's: numbers past the end
// make a successful batch exit 1.
func (p *pastEndFlag) status(err error) error {
	if err == nil && p.set.Load() {
		return withCode(ExitBadInput, errSilent)
	}
	return err
}
