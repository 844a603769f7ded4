// Package cpuprofile writes a CPU profile (runtime/pprof) to a file, for
// the --cpuprofile every pdbsolve command takes, and keeps the first error
// of writers whose users drop it (ErrWriter).
package cpuprofile

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// ErrWriter writes to W and keeps the first write error in Err, for
// writers whose errors their users drop (cobra's help and version
// templates, runtime/pprof).
type ErrWriter struct {
	W   io.Writer
	Err error
}

func (e *ErrWriter) Write(p []byte) (int, error) {
	n, err := e.W.Write(p)
	if err != nil && e.Err == nil {
		e.Err = err
	}
	return n, err
}

// Start creates the file path (truncating one that exists) and starts a
// CPU profile written to it. It returns the function that stops the profile,
// closes the file and returns the first error writing or closing it (nil:
// the profile was written whole), or nil and no error when path is "" (no
// profile). Errors name the flag, --cpuprofile.
func Start(path string) (stop func() error, err error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("--cpuprofile: %w", err)
	}
	w := &ErrWriter{W: f}
	if err := pprof.StartCPUProfile(w); err != nil {
		f.Close()
		return nil, fmt.Errorf("--cpuprofile %s: %w", path, err)
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); w.Err == nil {
			w.Err = err
		}
		return w.Err
	}, nil
}
