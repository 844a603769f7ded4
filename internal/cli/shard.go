package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/report"
	"github.com/pdbsolve/pdbsolve/internal/verify"
)

// inputRecord is one record of the inputs of a run, as scanRecords reads
// it: its place and either its board or why it is not one.
type inputRecord struct {
	index int    // 0-based, among the records of all inputs
	name  string // the input's name in messages ("stdin" for "-")
	line  int    // the line the record starts on, or of its bad field
	start int    // the line the record starts on
	rot   bitboard.Rotation
	tiles bitboard.Tiles
	err   error
	// text, when scanRecords is asked for it, is the record as text that,
	// read at line, is the same record (valid during the call only).
	text []byte
}

// scanChunk is how many bytes scanRecords reads at a time.
const scanChunk = 64 << 10

// scanRecords reads the inputs in turn, in chunks, and calls f with each
// record of the rows x cols board (0 x 0: the Rotation Game) in order,
// numbered across the inputs, until f returns false. Memory stays bounded by
// a chunk and one record, however long the inputs. With wantText each
// record carries its text. An input that cannot be opened or read is an
// error naming it.
func scanRecords(g *globalOptions, inputs []string, rows, cols int, wantText bool, f func(rec *inputRecord) bool) error {
	index := 0
	var text []byte
	for _, name := range inputs {
		r, closeInput, err := openInput(g, name)
		if err != nil {
			return err
		}
		in := batch.InputName(name)
		rec := inputRecord{name: in}
		stopped := false
		emit := func() {
			rec.index = index
			index++
			if !f(&rec) {
				stopped = true
			}
		}
		var split func(data []byte, atEOF bool) int
		var scan func(data []byte, line int) (end bool)
		var finish func()
		if rows == 0 {
			var rr verify.RotationReader
			add := func(line int, b bitboard.Rotation, err error) bool {
				rec.line, rec.start, rec.rot, rec.err = line, line, b, err
				rec.text = nil
				if wantText && err == nil {
					text = append(b.AppendText(text[:0]), '\n')
					rec.text = text
				}
				emit()
				return !stopped
			}
			split = verify.RotationSplit
			scan = func(data []byte, line int) bool { return rr.Scan(data, line, add) }
			finish = func() { rr.Finish(add) }
		} else {
			size := rows * cols
			split = func(data []byte, atEOF bool) int { return bitboard.TilesSplit(data, size, atEOF, 0) }
			scan = func(data []byte, line int) bool {
				bitboard.TilesScan(data, line, size, func(tr *bitboard.TilesRecord) {
					if stopped {
						return
					}
					b, err := tilesParse(tr, rows, cols)
					rec.line, rec.start, rec.tiles, rec.err = tr.Line, tr.Line, b, err
					if err != nil {
						rec.line = tr.ErrLine(err)
					}
					if wantText { // also for a bad record, which reads back as the same error
						text = tilesRecordText(text[:0], tr)
						rec.text = text
					}
					emit()
				})
				return false
			}
			finish = func() {}
		}
		err = scanChunks(r, split, func(data []byte, line int) bool {
			return !scan(data, line) && !stopped
		}, finish)
		closeInput()
		if err != nil {
			return withCode(ExitIO, fmt.Errorf("%s: %w", in, err))
		}
		if stopped {
			return nil
		}
	}
	return nil
}

// errStopScan ends scanChunks early without an error.
var errStopScan = errors.New("stop")

// scanChunks reads r in chunks, cuts each into whole records with split,
// and calls scan with them and the line they start on; scan returns false
// to stop reading. At the end of the input it calls finish.
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

// tilesRecordText appends a sliding-tile record as text that keeps its
// fields on their lines, relative to its first.
func tilesRecordText(dst []byte, rec *bitboard.TilesRecord) []byte {
	ln := rec.Line
	for i, f := range rec.Fields {
		if l := rec.Lines[i]; l > ln {
			dst = append(dst, strings.Repeat("\n", l-ln)...)
			ln = l
		} else if i > 0 {
			dst = append(dst, ' ')
		}
		dst = append(dst, f...)
	}
	return append(dst, '\n')
}

// selection is what --shard and --instances take of the records of a run:
// record index i (0-based) is taken when it is in the shard and, with
// --instances, its number i+1 is picked.
type selection struct {
	shard report.Shard
	pick  *instanceSet // nil: every record
	// skip, when set, drops records already done (a resumed run).
	skip func(rec *inputRecord) bool
}

// parseSelection reads --shard and --instances.
func parseSelection(shard, instances string) (selection, error) {
	sh, err := report.ParseShard(shard)
	if err != nil {
		return selection{}, usageError("--shard %q: %v", shard, err)
	}
	pick, err := parseInstances(instances)
	if err != nil {
		return selection{}, err
	}
	return selection{shard: sh, pick: pick}, nil
}

// all reports whether the selection takes every record.
func (s *selection) all() bool { return s.shard.N <= 1 && s.pick == nil && s.skip == nil }

// has reports whether the selection takes the record of 0-based index i.
func (s *selection) has(i int) bool { return s.shard.Has(i) && s.pick.has(i+1) }

// past reports whether no record from 0-based index i on is taken.
func (s *selection) past(i int) bool { return s.pick != nil && i+1 > s.pick.max() }

// warnPastEnd says on stderr which --instances numbers are past the end of
// inputs that held n records, and returns whether a number or range of
// --instances matched no record at all (a range that runs past the end,
// such as 1-1000000, is only noted).
func (s *selection) warnPastEnd(g *globalOptions, n int) bool {
	if s.pick == nil || s.pick.max() <= n {
		return false
	}
	none := s.pick.nonePast(n)
	what := "numbers above %d match nothing"
	if len(none) > 0 {
		what = "numbers above %d match nothing: " + strings.Join(none, ",")
	}
	fmt.Fprintf(g.Stderr, "pdbsolve: --instances %s: the inputs hold %d records; "+what+"\n", s.pick.text, n, n)
	return len(none) > 0
}

// shardOf returns the batch Source of the selection over inputs of the rows
// x cols board, streaming: one unit a record taken, with its text (or its
// error in Items), nil when the selection takes every record. Numbers of
// --instances past the end of the inputs are reported on stderr and make
// the batch's exit status 1.
func shardOf(g *globalOptions, inputs []string, sel selection, rows, cols int) (func(send func(*batch.Unit) bool) error, *pastEndFlag) {
	past := &pastEndFlag{}
	if sel.all() {
		return nil, past
	}
	return func(send func(*batch.Unit) bool) error {
		n := 0
		err := scanRecords(g, inputs, rows, cols, true, func(rec *inputRecord) bool {
			n = rec.index + 1
			if sel.past(rec.index) {
				n = -1 // not counted to the end
				return false
			}
			if !sel.has(rec.index) || (sel.skip != nil && sel.skip(rec)) {
				return true
			}
			u := &batch.Unit{Name: rec.name, Line: rec.start, Records: 1}
			if rec.text != nil {
				u.Data = append([]byte(nil), rec.text...) // a bad sliding-tile record too: its solver reports it
			} else {
				u.Items, u.Line = rec.err, rec.line
			}
			return send(u)
		})
		if err != nil {
			return err // the batch reports it
		}
		if n >= 0 && sel.warnPastEnd(g, n) {
			past.set.Store(true)
		}
		return nil
	}, past
}

// pastEndFlag is set by a shard source whose --instances named numbers past
// the end of its inputs.
type pastEndFlag struct{ set atomic.Bool }

// status turns a batch's error into the command's: numbers past the end
// make a successful batch exit 1.
func (p *pastEndFlag) status(err error) error {
	if err == nil && p.set.Load() {
		return withCode(ExitBadInput, errSilent)
	}
	return err
}
