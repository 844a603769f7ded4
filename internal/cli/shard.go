package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/internal/verify"
)

// shardSource returns a batch Source that reads every input whole, numbers
// its records in order across the inputs (0-based), and sends only those
// take holds (the records of a shard, or picked by --instances), one unit a
// record, each with its input name and first line.
// records cuts one input's data into records: it calls emit with each
// record's first line and text (which, handled at that line, reads as the
// same record); text is nil for a Rotation record that could not be read,
// whose error goes in err.
func shardSource(g *globalOptions, inputs []string, take func(index int) bool,
	records func(data []byte, emit func(line int, text []byte, err error))) func(send func(*batch.Unit) bool) error {
	return func(send func(*batch.Unit) bool) error {
		index := 0
		for _, name := range inputs {
			r, closeInput, err := openInput(g, name)
			if err != nil {
				fmt.Fprintf(g.Stderr, "pdbsolve: %v\n", userMessage(err))
				return err
			}
			data, err := io.ReadAll(r)
			closeInput()
			if err != nil {
				return fmt.Errorf("%s: %w", batch.InputName(name), err)
			}
			stopped := false
			records(data, func(line int, text []byte, perr error) {
				if stopped {
					return
				}
				if take(index) {
					u := &batch.Unit{Name: batch.InputName(name), Line: line, Data: text, Records: 1}
					if perr != nil {
						u.Items = perr
					}
					stopped = !send(u)
				}
				index++
			})
			if stopped {
				return nil
			}
		}
		return nil
	}
}

// rotationRecords cuts Rotation input into boards as verify.RotationReader reads
// it; a good board's text is its canonical line.
func rotationRecords(data []byte, emit func(line int, text []byte, err error)) {
	var r verify.RotationReader
	f := func(line int, b bitboard.Rotation, err error) bool {
		if err != nil {
			emit(line, nil, err)
		} else {
			emit(line, append(b.AppendText(nil), '\n'), nil)
		}
		return true
	}
	if !r.Scan(data, 1, f) {
		r.Finish(f)
	}
}

// tilesRecords cuts sliding-tile input of size cells into records as
// bitboard.TilesScan reads it; a record's text keeps its fields on their
// lines, relative to its first.
func tilesRecords(size int) func(data []byte, emit func(line int, text []byte, err error)) {
	return func(data []byte, emit func(line int, text []byte, err error)) {
		bitboard.TilesScan(data, 1, size, func(rec *bitboard.TilesRecord) {
			var b strings.Builder
			ln := rec.Line
			for i, f := range rec.Fields {
				if l := rec.Lines[i]; l > ln {
					b.WriteString(strings.Repeat("\n", l-ln))
					ln = l
				} else if i > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(f)
			}
			b.WriteByte('\n')
			emit(rec.Line, []byte(b.String()), nil)
		})
	}
}

// shardOf returns the Source of --shard spec and --instances picks over
// inputs (a record must be in both; --instances numbers records from 1,
// --shard from 0, both across the inputs), nil for the whole run, or a
// usage error.
func shardOf(g *globalOptions, inputs []string, spec, picks string, records func(data []byte, emit func(line int, text []byte, err error))) (func(send func(*batch.Unit) bool) error, error) {
	if spec == "" && picks == "" {
		return nil, nil
	}
	shard, err := report.ParseShard(spec)
	if err != nil {
		return nil, usageError("--shard %q: %v", spec, err)
	}
	pick, err := parseInstances(picks)
	if err != nil {
		return nil, err
	}
	take := func(index int) bool { return shard.Has(index) && (pick == nil || pick[index+1]) }
	return shardSource(g, inputs, take, records), nil
}
