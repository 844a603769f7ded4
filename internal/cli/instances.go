package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// instance is one board of a puzzle read whole into memory, for the commands
// that pass over a set of boards more than once (bench, verify).
type instance struct {
	name  string // input name
	line  int    // line the record starts on
	rot   bitboard.Rotation
	tiles bitboard.Tiles
}

// where names the instance's file and line.
func (in *instance) where() string { return fmt.Sprintf("%s:%d", in.name, in.line) }

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

// readAll reads an input ("-" is stdin) whole.
func readAll(g *globalOptions, name string) ([]byte, error) {
	if name == "-" {
		return io.ReadAll(g.Stdin)
	}
	return os.ReadFile(name)
}

// loadInstances reads the boards of every input. A bad record is reported on
// stderr and skipped; the count of bad records is returned.
func loadInstances(g *globalOptions, side int, inputs []string) ([]instance, int, error) {
	var out []instance
	bad := 0
	for _, name := range inputs {
		data, err := readAll(g, name)
		if err != nil {
			return nil, bad, withCode(ExitIO, err)
		}
		iname := inputName(name)
		if side == 0 {
			c := &chunk{name: iname, line: 1, data: data}
			c.lines(func(ln int, text []byte) bool {
				if isBlank(text) {
					return true
				}
				if isTerminator(text) {
					return false
				}
				b, err := bitboard.ParseRotation(text)
				if err != nil {
					fmt.Fprintf(g.Stderr, "%s:%d: %v\n", iname, ln, err)
					bad++
					return true
				}
				out = append(out, instance{name: iname, line: ln, rot: b})
				return true
			})
			continue
		}
		tilesScanLines(data, 1, side*side, true, func(ln int, fields []string, lines []int) {
			b, err := bitboard.ParseTiles(fields, side, side)
			if err != nil {
				fmt.Fprintf(g.Stderr, "%s:%d: %v\n", iname, fieldLine(err, ln, lines), err)
				bad++
				return
			}
			out = append(out, instance{name: iname, line: ln, tiles: b})
		})
	}
	return out, bad, nil
}

// isBlank reports whether a line holds only whitespace.
func isBlank(line []byte) bool { return len(bytes.TrimSpace(line)) == 0 }
