package cli

import (
	"fmt"
	"io"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/bench"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/internal/verify"
)

// readBenchInstances reads every record of the inputs of the rows x cols
// board (0 x 0: the Rotation Game), numbering them in order across the
// inputs, and returns those of the shard that pick holds (by 1-based number;
// a nil pick holds all). A bad record taken is reported on stderr, naming
// its input and line, and counted in bad.
func readBenchInstances(g *globalOptions, inputs []string, rows, cols int, shard report.Shard, pick map[int]bool) (out []benchInstance, bad int, err error) {
	index := 0
	for _, name := range inputs {
		r, closeInput, err := openInput(g, name)
		if err != nil {
			return nil, 0, err
		}
		data, err := io.ReadAll(r)
		closeInput()
		if err != nil {
			return nil, 0, withCode(ExitIO, fmt.Errorf("%s: %w", batch.InputName(name), err))
		}
		in := batch.InputName(name)
		add := func(line int, x bench.Instance, perr error) {
			if shard.Has(index) && (pick == nil || pick[index+1]) {
				if perr != nil {
					bad++
					fmt.Fprintf(g.Stderr, "%s:%d: %s\n", in, line, userMessage(perr))
				} else {
					out = append(out, benchInstance{index: index, in: x, input: recordInput(in), line: line})
				}
			}
			index++
		}
		if rows == 0 {
			var rr verify.RotationReader
			f := func(line int, b bitboard.Rotation, err error) bool {
				add(line, bench.Instance{Where: fmt.Sprintf("%s:%d", in, line), Rotation: b}, err)
				return true
			}
			if !rr.Scan(data, 1, f) {
				rr.Finish(f)
			}
			continue
		}
		bitboard.TilesScan(data, 1, rows*cols, func(rec *bitboard.TilesRecord) {
			b, err := tilesParse(rec, rows, cols)
			line := rec.Line
			if err != nil {
				line = rec.ErrLine(err)
			}
			add(line, bench.Instance{Where: fmt.Sprintf("%s:%d", in, rec.Line), Tiles: b}, err)
		})
	}
	return out, bad, nil
}
