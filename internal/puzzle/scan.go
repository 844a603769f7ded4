package puzzle

import (
	"bytes"
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/internal/batch"
)

// scanChunk is how many bytes scanChunks reads at a time.
const scanChunk = 64 << 10

// scanChunks reads r in chunks, cuts each into whole records with split,
// and calls scan with them and the line they start on; scan returns false
// to stop reading. At the end of the input it calls finish. A record longer
// than batch.MaxRecord is an error wrapping batch.ErrTooLong.
func scanChunks(r io.Reader, split func(data []byte, atEOF bool) int, scan func(data []byte, line int) bool, finish func()) error {
	buf := make([]byte, 0, scanChunk)
	line := 1
	eof := false
	for {
		if !eof {
			if len(buf) == cap(buf) { // a record longer than the buffer
				if len(buf) >= batch.MaxRecord {
					return fmt.Errorf("line %d: %w", line, batch.ErrTooLong)
				}
				buf = append(buf, make([]byte, cap(buf))...)[:len(buf)]
			}
			n, err := r.Read(buf[len(buf):cap(buf)])
			buf = buf[:len(buf)+n]
			if err == io.EOF {
				eof = true
			} else if err != nil {
				return err
			}
			if !eof && bytes.IndexByte(buf[len(buf)-n:], '\n') < 0 {
				continue
			}
		}
		k := split(buf, eof)
		if eof {
			k = len(buf)
		}
		if k > 0 {
			if !scan(buf[:k], line) {
				return nil
			}
			line += bytes.Count(buf[:k], []byte{'\n'})
			buf = buf[:copy(buf, buf[k:])]
		}
		if eof {
			finish()
			return nil
		}
	}
}
