package cli

import (
	"errors"
	"io"
	"os"
)

// puzzleSide returns the side of a sliding-tile puzzle name, or 0 for rotation.
func puzzleSide(puzzle string) (int, error) {
	if puzzle == "rotation" {
		return 0, nil
	}
	for _, p := range tilesPuzzles {
		if p.name == puzzle {
			return p.n, nil
		}
	}
	return 0, usageError("unknown puzzle %q: want rotation, 8puzzle or 15puzzle", puzzle)
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
