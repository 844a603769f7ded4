package record

import (
	"fmt"
	"io"
)

// RunFile is the -o FILE of a bench or solve run and its --resume: the
// sequence both commands follow. Check, before any work, checks the flags
// and reads the run resumed; Open, once the tables are loaded, opens the
// output and writes its header; Close closes it. Errors that wrap
// ErrOutputFile are the user's (a file the run cannot take, a run that is
// not this one); the others are input or output errors.
type RunFile struct {
	Path   string // -o FILE; "" for standard output
	Resume bool   // --resume
	Prior  *Prior // the run resumed, set by Check; nil for none
	Out    *Output
}

// resumeError is an ErrOutputFile about the run --resume continues.
type resumeError struct{ err error }

func (e resumeError) Error() string        { return "--resume: " + e.err.Error() }
func (e resumeError) Unwrap() error        { return e.err }
func (e resumeError) Is(target error) bool { return target == ErrOutputFile }

// Check checks the flags (CheckOutputFile) and, with Resume, reads the
// file's earlier run into Prior and checks it is a run of cfg (ReadPrior).
func (f *RunFile) Check(cfg *Config) error {
	if err := CheckOutputFile(f.Path, f.Resume); err != nil {
		return err
	}
	if !f.Resume {
		return nil
	}
	p, err := ReadPrior(f.Path, cfg)
	if err != nil {
		return resumeError{err}
	}
	f.Prior = p
	return nil
}

// Open checks that the tables of prov are those of the run resumed,
// opens Out on the file (appending after the resumed run's whole records)
// or, when Path is "", on stdout, and writes h. dropped is the line number
// of an unfinished last line dropped from the file, 0 for none.
func (f *RunFile) Open(stdout io.Writer, h *Header) (dropped int, err error) {
	if f.Path == "" {
		f.Out = NewOutput(stdout)
	} else {
		if f.Prior != nil {
			if err := f.Prior.checkTables(f.Path, h.Provenance); err != nil {
				return 0, resumeError{err}
			}
		}
		if f.Out, dropped, err = openOutput(f.Path, f.Prior); err != nil {
			return dropped, err
		}
	}
	f.Out.writeHeader(h)
	return dropped, nil
}

// Close closes Out, naming the file (or standard output) in a write error.
func (f *RunFile) Close() error {
	if err := f.Out.Close(); err != nil {
		path := f.Path
		if path == "" {
			path = "standard output"
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
