package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/internal/record"
)

// solveOutputFlags are solve's -o and --resume.
type solveOutputFlags struct {
	Output string
	Resume bool
}

func (f *solveOutputFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&f.Output, "output", "o", "", "write the answers to this file as JSON Lines (a header line first), each as it completes")
	cmd.Flags().BoolVar(&f.Resume, "resume", false, "with -o: continue the run the file holds, skipping the boards answered")
}

// solveOutput is the -o FILE of a solve, once set up.
type solveOutput struct {
	flags *solveOutputFlags
	cfg   *record.Config
	prior *record.Prior
	out   *record.Output
}

// prepare checks -o and --resume before any table is read: -o onto a
// non-empty file needs --resume, and --resume a file of the same run. The
// records answered already are left out of sel.
func (f *solveOutputFlags) prepare(cfg *record.Config, sel *puzzle.Selection) (*solveOutput, error) {
	if err := checkOutputFlags(f.Output, f.Resume); err != nil {
		return nil, err
	}
	s := &solveOutput{flags: f, cfg: cfg}
	if f.Output == "" {
		return s, nil
	}
	if f.Resume {
		p, err := readPrior(f.Output, cfg)
		if err != nil {
			return nil, err
		}
		s.prior = p
		if answered := p.Answered(); answered != nil {
			sel.Skip = func(input string, line int) bool { return answered(batch.RecordInput(input), line) }
		}
	}
	return s, nil
}

// open opens the file, once the tables are loaded, and writes its header;
// it returns the batch's output, nil for standard output.
func (s *solveOutput) open(g *globalOptions) (io.Writer, error) {
	if s.flags.Output == "" {
		return nil, nil
	}
	prov := g.provenance()
	if err := checkTables(s.prior, s.flags.Output, prov); err != nil {
		return nil, err
	}
	out, err := openRunOutput(g, s.flags.Output, s.prior)
	if err != nil {
		return nil, err
	}
	out.WriteHeader(&record.Header{Provenance: prov, Config: s.cfg})
	s.out = out
	return out.Writer(), nil
}

// finish writes the records of the runs still in flight after an
// interrupt (interrupted) and closes the file; err is the batch's.
func (s *solveOutput) finish(g *globalOptions, err error, inflight []record.Run, asJSON bool) error {
	var ee *exitError
	interrupted := errors.As(err, &ee) && ee.code >= ExitSignal
	for i := 0; interrupted && i < len(inflight); i++ {
		r := &inflight[i]
		if s.out != nil {
			s.out.WriteRun(r)
		} else if asJSON {
			if _, werr := g.Stdout.Write(record.AppendRun(nil, r)); werr != nil {
				return withCode(ExitIO, fmt.Errorf("writing output: %w", werr))
			}
		}
		fmt.Fprintf(g.Stderr, "pdbsolve: %s:%d: %s\n", batch.InputName(r.Input), r.Line, r.Error)
	}
	if s.out != nil {
		if cerr := closeRunOutput(s.out, s.flags.Output); cerr != nil && (err == nil || !interrupted && isSilent(err, ExitLimit)) {
			return cerr
		}
	}
	return err
}
