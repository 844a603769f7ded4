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

// readBenchInstances reads every record of the inputs, numbering them in
// order across the inputs, and returns those of the shard. A bad record of
// the shard is reported on stderr, naming its input and line, and counted
// in bad.
func readBenchInstances(g *globalOptions, inputs []string, side int, shard report.Shard) (out []benchInstance, bad int, err error) {
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
			if shard.Has(index) {
				if perr != nil {
					bad++
					fmt.Fprintf(g.Stderr, "%s:%d: %s\n", in, line, userMessage(perr))
				} else {
					out = append(out, benchInstance{index: index, in: x, input: recordInput(in), line: line})
				}
			}
			index++
		}
		if side == 0 {
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
		bitboard.TilesScan(data, 1, side*side, func(rec *bitboard.TilesRecord) {
			b, err := tilesParse(rec, side)
			line := rec.Line
			if err != nil {
				line = rec.ErrLine(err)
			}
			add(line, bench.Instance{Where: fmt.Sprintf("%s:%d", in, rec.Line), Tiles: b}, err)
		})
	}
	return out, bad, nil
}
