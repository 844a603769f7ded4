package solve

import (
	"bufio"
	"bytes"
	"io"
	"os"

	"github.com/pdbsolve/pdbsolve/internal/puzzle"
)

// spillAt is the size beyond which readAhead keeps what it holds in a
// temporary file rather than in memory.
var spillAt = 4 << 20

// readAhead keeps the bytes read ahead from standard input (Resume's
// check of its boards, through an io.TeeReader, which makes a write error
// a read error of the check), for the run to read them again: in memory
// up to spillAt bytes, beyond in a temporary file, removed as it is
// created.
type readAhead struct {
	mem  bytes.Buffer
	file *os.File
	err  error
}

// Write keeps b.
func (a *readAhead) Write(b []byte) (int, error) {
	if a.file == nil && a.err == nil && a.mem.Len()+len(b) > spillAt {
		if a.file, a.err = os.CreateTemp("", "pdbsolve-stdin-"); a.err == nil {
			os.Remove(a.file.Name())
			_, a.err = a.file.Write(a.mem.Bytes())
			a.mem = bytes.Buffer{}
		}
	}
	switch {
	case a.err != nil:
		return 0, a.err
	case a.file != nil:
		return a.file.Write(b)
	}
	return a.mem.Write(b)
}

// then returns a reader of the bytes kept, then of rest (standard input
// read on): a *bufio.Reader, as standard input is (puzzle.PeekSize).
func (a *readAhead) then(rest io.Reader) io.Reader {
	var kept io.Reader = &a.mem
	if a.file != nil {
		_, err := a.file.Seek(0, io.SeekStart)
		kept = &spilled{f: a.file, err: err}
	}
	return bufio.NewReaderSize(io.MultiReader(kept, rest), puzzle.PeekSize)
}

// spilled reads the temporary file of a readAhead and closes it at its
// end; err, when set (its seek's), is returned instead.
type spilled struct {
	f   *os.File
	err error
}

func (s *spilled) Read(b []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.f.Read(b)
	if err == io.EOF {
		s.f.Close()
	}
	return n, err
}
