package puzzle

import (
	"io"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// scanChunks reads r in the chunks of whole records batch.Reader cuts with
// split and calls scan with each and the line it starts on; scan returns
// false to stop reading. A record longer than batch.MaxRecord goes to
// tooLong, at its first line, which returns false to stop. At the end of the
// input it calls finish.
func scanChunks(r io.Reader, split batch.SplitFunc, scan func(data []byte, line int) bool, tooLong func(line int) bool, finish func()) error {
	c := batch.NewReader(r, split)
	for {
		chunk, line, err := c.Next()
		switch {
		case err == io.EOF:
			finish()
			return nil
		case err == batch.ErrTooLong:
			if !tooLong(line) {
				return nil
			}
			continue
		case err != nil:
			return err
		}
		more := scan(chunk, line)
		c.Recycle(chunk)
		if !more {
			return nil
		}
	}
}
