package record

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gofrs/flock"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// OutputHelp is the help of -o and --resume (solve, bench): RunFile.
const OutputHelp = `-o FILE writes the records to FILE as JSON Lines in input order, each
as soon as it and those before it are done (tail -f follows it), after a
header line of provenance and configuration (docs/records.md). --resume
-o FILE continues FILE: it checks FILE was written with the same puzzle,
goal, --prune, --order, heuristics, limits, --shard, --instances and
tables (bench: and --repeat; solve: and as many inputs, known by their
order however spelled, whose boards at the first and last lines answered
are those FILE holds; a difference is a usage error), drops an
unfinished last line, skips what is done (interrupted runs are run again)
and appends the rest; a missing or empty FILE starts the run. Without
--resume a non-empty FILE is a usage error, as is solve's --format but json
with -o (bench's --format is its summary's, on standard output).
`

// RunFile is the -o FILE of a bench or solve run and its --resume: the
// sequence both commands follow. Check, before any work, checks the flags,
// takes the file's lock (one writer a file) and reads the run resumed;
// Open, once the tables are loaded, checks them and makes the output, which
// writes its header with the first record; Close closes it and lets the
// lock go (Release alone, for a run that ends before Open). Errors that
// wrap ErrOutputFile are the user's (a file the run cannot take, a file
// another process writes, a run that is not this one); the others are
// input or output errors.
type RunFile struct {
	Path   string // -o FILE; "" for standard output
	Resume bool   // --resume
	Prior  *Prior // the run resumed, set by Check; nil for none
	Out    *Output

	lock    *flock.Flock
	created bool // Check created the file, to lock it
}

// lockFile takes the lock of f.Path: flock(2) on the file itself, as the
// table cache locks its tables, without waiting. Where the file system
// cannot lock, the run goes on without.
func (f *RunFile) lockFile() error {
	_, err := os.Stat(f.Path)
	f.created = os.IsNotExist(err)
	f.lock = flock.New(f.Path, flock.SetFlag(os.O_CREATE|os.O_RDWR), flock.SetPermissions(0o644))
	ok, err := f.lock.TryLock()
	var open *os.PathError
	switch {
	case errors.As(err, &open): // the file cannot be opened
		f.created, f.lock = false, nil
		return err
	case err != nil:
		return nil // flock(2) fails: no locks on this file system
	case !ok:
		f.created, f.lock = false, nil
		return outputFileError(fmt.Sprintf("-o %s: another pdbsolve is writing the file (it is locked): wait for it to end, or choose another file", f.Path))
	}
	return nil
}

// Release lets the file's lock go, removing the file when Check created it
// and nothing was written; Close calls it.
func (f *RunFile) Release() {
	if f.lock == nil {
		return
	}
	if f.created && f.Out == nil {
		if st, err := os.Stat(f.Path); err == nil && st.Size() == 0 {
			os.Remove(f.Path)
		}
	}
	f.lock.Unlock()
	f.lock = nil
}

// resumeError is an ErrOutputFile about the run --resume continues.
type resumeError struct{ err error }

func (e resumeError) Error() string        { return "--resume: " + e.err.Error() }
func (e resumeError) Unwrap() error        { return e.err }
func (e resumeError) Is(target error) bool { return target == ErrOutputFile }

// Check checks the flags (CheckOutputFile) and that the file can be
// written (batch.CheckOutput: an error naming -o, wrapping batch.ErrOutput)
// and, with Resume, reads the file's earlier run into Prior and checks it
// is a run of cfg (ReadPrior).
func (f *RunFile) Check(cfg *Config) error {
	if err := CheckOutputFile(f.Path, f.Resume); err != nil || f.Path == "" {
		return err
	}
	if err := batch.CheckOutput("-o", f.Path); err != nil {
		return err
	}
	if err := f.lockFile(); err != nil {
		return err
	}
	if !f.Resume {
		return nil
	}
	p, err := ReadPrior(f.Path, cfg)
	if err != nil {
		f.Release()
		return resumeError{err}
	}
	f.Prior = p
	return nil
}

// Open checks that the tables of prov are those of the run resumed and
// makes Out: on the file, appending after the resumed run's whole records
// (a newline first when its last line lacks one) from its first record
// on, h first; or, when Path is "", on stdout, h written now. dropped is
// the line number of an unfinished last line dropped from the file, 0 for
// none.
func (f *RunFile) Open(stdout io.Writer, h *Header) (dropped int, err error) {
	if f.Path == "" {
		f.Out = NewOutput(stdout)
		f.Out.writeHeader(h)
		return 0, nil
	}
	if f.Prior != nil {
		if err := f.Prior.checkTables(f.Path, h.Provenance); err != nil {
			return 0, resumeError{err}
		}
	}
	line, err := json.Marshal(h)
	if err != nil {
		return 0, err
	}
	f.Out, dropped = openOutput(f.Path, f.Prior, append(line, '\n'))
	return dropped, nil
}

// Close closes Out, naming the file (or standard output) in a write error.
func (f *RunFile) Close() error {
	defer f.Release()
	if f.Out == nil {
		return nil
	}
	if err := f.Out.Close(); err != nil {
		path := f.Path
		if path == "" {
			path = "standard output"
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
