package puzzle

import (
	"bufio"
	"bytes"
	"fmt"
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

// BoardsAt reads input name of p (open's) up to the last of lines
// (1-based, ascending) and returns, for each, the text (BoardText) of the
// board starting on that line: "" when no record starts there, or its
// record is not a board. The lines before are counted, not parsed; from
// each line asked for at most batch.ChunkSize bytes are. An error is
// open's or a read error, naming the input.
func BoardsAt[B any](p Family[B], open Opener, name string, lines []int) ([]string, error) {
	r, closeInput, err := open(name)
	if err != nil {
		return nil, err
	}
	defer closeInput()
	br := bufio.NewReaderSize(r, batch.ChunkSize)
	batch.SkipBOM(br)
	out := make([]string, len(lines))
	line := 1
	for i, want := range lines {
		for line < want {
			_, err := br.ReadSlice('\n')
			switch {
			case err == nil:
				line++
			case err == io.EOF:
				return out, nil // the input ends before the line
			case err != bufio.ErrBufferFull:
				return nil, fmt.Errorf("%s: %w", batch.InputName(name), err)
			}
		}
		data, err := br.Peek(batch.ChunkSize)
		switch {
		case err == nil:
			data = data[:bytes.LastIndexByte(data, '\n')+1] // whole lines
		case err != io.EOF:
			return nil, fmt.Errorf("%s: %w", batch.InputName(name), err)
		}
		var rec Record[B]
		p.scan(bytes.NewReader(data), &rec, func() bool {
			if rec.Start == 1 && rec.Err == nil {
				out[i] = p.BoardText(rec.Board)
			}
			return false
		})
	}
	return out, nil
}
