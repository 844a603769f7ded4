package cli

import (
	"errors"
	"io"
	"os"
)

// puzzleShape returns the board shape of a sliding-tile puzzle name, or
// 0, 0 for rotation; size is the --size flag (for "tiles", and when given
// with a named board it must match it).
func puzzleShape(puzzle string, size *tilesShape) (rows, cols int, err error) {
	if puzzle == "rotation" {
		if size.sized {
			return 0, 0, usageError("--size: rotation has one board; --size is for the sliding-tile puzzles")
		}
		return 0, 0, nil
	}
	s, ok := tilesShapeOf(puzzle)
	if !ok {
		return 0, 0, usageError("unknown puzzle %q: want rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS", puzzle)
	}
	switch {
	case puzzle == tilesAnyName && !size.sized:
		return 0, 0, usageError("%s: --size ROWSxCOLS is required, such as --size 3x4", puzzle)
	case puzzle == tilesAnyName:
		return size.rows, size.cols, nil
	case size.sized && (size.rows != s.rows || size.cols != s.cols):
		return 0, 0, usageError("--size %dx%d: %s is the %dx%d board (use tiles --size %dx%d)",
			size.rows, size.cols, puzzle, s.rows, s.cols, size.rows, size.cols)
	}
	return s.rows, s.cols, nil
}

// openInput opens an input ("-" is standard input) and returns a function
// that closes it.
func openInput(g *globalOptions, name string) (io.Reader, func(), error) {
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
