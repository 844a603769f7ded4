package puzzle

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// ErrBoardSize is returned (wrapped, naming the input and line) by Precheck
// when the first record of an input is a board of another sliding-tile
// puzzle: a file of another puzzle, most likely.
var ErrBoardSize = errors.New("the first record is not a board of this puzzle")

// ErrNoBoard is returned (first, with the count, then the bad records'
// errors as "NAME:LINE: err" lines) by Precheck when every record the
// selection takes has been read and none of them is a board: the run would
// only report them.
var ErrNoBoard = errors.New("no record taken is a board")

// ErrNoRecords is returned (wrapped: "NAME: the input holds no boards") by
// Precheck when the inputs, read to their end, hold no record at all: the
// run has nothing to do, not even load a table.
var ErrNoRecords = errors.New("no boards")

// ErrStdinTwice is returned by Precheck, before it opens any input, when
// the inputs name standard input ("-") more than once: a usage error, as
// the second would read nothing.
var ErrStdinTwice = errors.New(`standard input ("-") named twice: give it once`)

// precheckBad bounds the bad records ErrNoBoard's error names one by one.
const precheckBad = 20

// PeekSize is the size of the buffer Precheck peeks into: the standard
// input's, which must be a *bufio.Reader of this size at least.
const PeekSize = 1 << 16

// precheckRecords bounds the records Precheck counts in the files to find
// --instances numbers past their end: beyond it, the run finds them.
const precheckRecords = 1 << 20

// Precheck makes the checks of a run of p that need no table, before any
// table is loaded or built:
//   - standard input ("-") named twice is ErrStdinTwice, before any input
//     is opened;
//   - each input is opened (open's error) and read up to its first record:
//     a whole board of another sliding-tile puzzle there (the wrong file,
//     most likely) is an error wrapping ErrBoardSize;
//   - where the inputs are short enough to count cheaply (regular files up
//     to the highest record number sel names, and no more than
//     precheckRecords; standard input up to that number, within PeekSize
//     bytes, and never further: a pipe kept open may not hold more), sel
//     taking none of their records (its numbers all past their end, or a
//     shard) is Selection.Unmatched's error, wrapping ErrNoMatch (numbers
//     past the end beside records taken are the run's to name, after it
//     has handled those records, as in inputs too long to count);
//   - when the inputs are files and the records sel takes have all been
//     read (they are read past c.Few records until a board is found, within
//     precheckRecords) and none is a board, they are the error, joined with
//     ErrNoBoard (standard input's are left to the run, which reports
//     each in place);
//   - inputs read to their end holding no record at all (only blank or
//     comment lines, or nothing) are an error wrapping ErrNoRecords, after
//     the selection's (numbers past the end, a shard without a record);
//   - every table of every plan missing from the cache can be built
//     (Plan.Check: pdb.ErrTooBig).
//
// It returns the number of records sel takes when the inputs were read to
// their end (it reads up to c.Few records of files in any case, so that a
// batch of fewer boards than workers is known), else -1, and sets c.Split,
// when given, to its SplitMode.For that number.
//
// Standard input ("-") is only peeked, so the run reads it whole: open
// must return it as a *bufio.Reader (else only its opening is checked).
// Inputs that are not regular files (pipes) are opened only.
func Precheck[B any](p Family[B], open Opener, inputs []string, c *Check) (boards int, err error) {
	if i := slices.Index(inputs, "-"); i >= 0 && slices.Contains(inputs[i+1:], "-") {
		return -1, ErrStdinTwice
	}
	need := c.Sel.counted()
	count, whole := 0, max(need, c.Few) > 0
	t := &tally{sel: c.Sel}
	for _, name := range inputs {
		r, closeInput, err := open(name)
		if err != nil {
			return -1, err
		}
		t.base = count
		n, end, err := precheckInput(p, r, name, need-count, c.Few-count, t)
		closeInput()
		if err != nil {
			return -1, err
		}
		count, whole = count+n, whole && end
	}
	boards = -1
	if whole || c.Sel.Pick != nil && c.Sel.Pick.max() <= count { // every record picked is counted
		boards = 0
		for i := range count {
			if c.Sel.Has(i) {
				boards++
			}
		}
		_, err := c.Sel.Unmatched(map[bool]int{true: count, false: -1}[whole])
		if err != nil && boards == 0 { // else the run handles the records taken, then names the rest
			return -1, err
		}
		if whole && count == 0 {
			return 0, noRecords(inputs)
		}
		if boards > 0 && t.good == 0 && !t.stdin {
			return -1, t.noBoard()
		}
	}
	for _, plan := range c.Plans {
		if err := plan.Check(c.Cache); err != nil {
			return -1, err
		}
	}
	if c.Split != nil {
		*c.Split = c.Split.For(boards, c.Few)
	}
	return boards, nil
}

// Check is what Precheck checks of a run besides its inputs.
type Check struct {
	Sel   *Selection // the records taken
	Cache Cache      // where the tables are, for Plan.Check
	Plans []*Plan    // the heuristics
	Few   int        // the records to count at least: the workers
	Split *SplitMode // nil, or the run's --split, set to its For the boards
}

// tally is what Precheck learns of the records it reads.
type tally struct {
	sel   *Selection
	base  int      // the index of the input's first record
	any   bool     // a board was read, taken or not
	stdin bool     // standard input was peeked: its bad records are the run's to report
	good  int      // the boards read that sel takes
	badN  int      // the bad records read that sel takes
	bad   []string // the first precheckBad of them, as "NAME:LINE: err"
}

// add counts record rec, the input's record i (0-based).
func (t *tally) add(i int, input string, line int, err error) {
	switch {
	case !t.sel.Has(t.base + i):
		t.any = t.any || err == nil
	case err == nil:
		t.any, t.good = true, t.good+1
	default:
		if t.badN++; len(t.bad) < precheckBad {
			t.bad = append(t.bad, fmt.Sprintf("%s:%d: %v", input, line, err))
		}
	}
}

// noBoard returns ErrNoBoard's error: ErrNoBoard with the count, then the
// bad records a line each, as "NAME:LINE: why" (the form of a batch's
// notes on records), so that the CLI's prefix goes on the first line alone.
func (t *tally) noBoard() error {
	errs := make([]error, 0, len(t.bad)+2)
	errs = append(errs, fmt.Errorf("%w (%s, all bad):", ErrNoBoard, report.Count(t.badN, "record")))
	for _, b := range t.bad {
		errs = append(errs, errors.New(b))
	}
	if more := t.badN - len(t.bad); more > 0 {
		errs = append(errs, fmt.Errorf("and %s more", report.Count(more, "record")))
	}
	return errors.Join(errs...)
}

// precheckInput reads input name of p, open as r, up to its first record
// and checks it, then counts its records up to want or, in a file, up to
// few, and on until a board is read (standard input is peeked up to few
// records no further than its first: a pipe kept open, a terminal, may not
// have them yet); it counts the records it reads in t and returns how many
// and whether they are all the input holds.
func precheckInput[B any](p Family[B], r io.Reader, name string, want, few int, t *tally) (n int, end bool, err error) {
	br, peekOnly := r.(*bufio.Reader)
	switch {
	case peekOnly:
		enough := func(whole []byte) bool { // the first record, and want records
			n := 0
			p.scan(bytes.NewReader(whole), new(Record[B]), func() bool { n++; return n < max(want, 1) })
			return n >= max(want, 1)
		}
		data, atEOF, err := peekRecords(br, p.Split, enough)
		if err != nil {
			return 0, false, fmt.Errorf("%s: %w", batch.InputName(name), err)
		}
		r, end, t.stdin = bytes.NewReader(data), atEOF, true
	case !isRegular(r):
		return 0, false, nil // a pipe: what is read here the run would not see
	default:
		end, want = true, max(want, few)
	}
	rec := Record[B]{Input: batch.InputName(name)}
	var bad error
	err = p.scan(r, &rec, func() bool {
		if n == 0 && p.wrongSize(rec.Fields, rec.Err) {
			bad = fmt.Errorf("%s:%d: %w: %v", rec.Input, rec.Line, ErrBoardSize, rec.Err)
		}
		t.add(n, rec.Input, rec.Line, rec.Err)
		n++
		if bad != nil || n > max(want, 0) && t.any || n >= precheckRecords { // one past want: is it the end?
			end = false
			return false
		}
		return true
	})
	if bad != nil {
		return 0, false, bad
	}
	if err != nil {
		return 0, false, fmt.Errorf("%s: %w", rec.Input, err)
	}
	return n, end, nil
}

// peekRecords peeks into br, consuming nothing, until the whole records it
// holds (as split cuts them) are enough, or its buffer is full, or it holds
// the rest of the input; it returns the whole records peeked and whether
// they reach the end of the input.
func peekRecords(br *bufio.Reader, split func(data []byte, atEOF bool) int, enough func(whole []byte) bool) ([]byte, bool, error) {
	for {
		if n := br.Buffered(); n > 0 {
			buf, _ := br.Peek(n)
			if whole := buf[:split(buf, false)]; n == br.Size() || enough(whole) {
				return whole, false, nil
			}
		}
		if _, err := br.Peek(br.Buffered() + 1); err != nil { // one more read
			buf, _ := br.Peek(br.Buffered())
			if err == io.EOF {
				return buf[:split(buf, true)], true, nil
			}
			return nil, false, err
		}
	}
}

// isRegular reports whether r is a regular file (an *os.File that is).
func isRegular(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode().IsRegular()
}

// counted returns how many records the inputs must hold for every number
// and range of Pick and the shard to match one: the highest first number
// of a range given, and the shard's K plus one; 0 when the selection takes
// every record.
func (s *Selection) counted() int {
	n := 0
	if s.Pick != nil {
		for _, r := range s.Pick.given {
			n = max(n, r[0])
		}
	}
	if s.Shard.N > 1 {
		n = max(n, s.Shard.K+1)
	}
	return n
}

// wrongSize implements Family: a record with the wrong number of tiles
// that is a whole board of another named puzzle (8-, 15- or 24-puzzle).
func (t Tiles) wrongSize(fields []string, err error) bool {
	if !errors.Is(err, bitboard.ErrTilesCount) {
		return false
	}
	for _, side := range []int{tiles8Side, tiles15Side, tiles24Side} {
		if _, err := bitboard.ParseTiles(fields, side, side); err == nil && side*side != t.Cells() {
			return true
		}
	}
	return false
}

// wrongSize implements Family: never, since a judge's input may well start
// with a bad line and the Rotation Game's tables are built in seconds.
func (Rotation) wrongSize([]string, error) bool { return false }

// noRecords returns ErrNoRecords's error naming the inputs.
func noRecords(inputs []string) error {
	names := make([]string, len(inputs))
	for i, name := range inputs {
		names[i] = batch.InputName(name)
	}
	if len(names) == 1 {
		return fmt.Errorf("%s: the input holds %w", names[0], ErrNoRecords)
	}
	return fmt.Errorf("%s: the inputs hold %w", strings.Join(names, ", "), ErrNoRecords)
}

// Blank reports whether input name, opened through open, holds nothing but
// white space (after a byte order mark, batch.BOM), as far as it can tell
// within PeekSize bytes: standard input (a *bufio.Reader) is peeked,
// consuming nothing, a regular file read; any other input, or one that
// cannot be opened, is not blank.
func Blank(open Opener, name string) bool {
	r, closeInput, err := open(name)
	if err != nil {
		return false
	}
	defer closeInput()
	var data []byte
	if br, ok := r.(*bufio.Reader); ok {
		data, err = br.Peek(PeekSize)
	} else if isRegular(r) {
		data, err = io.ReadAll(io.LimitReader(r, PeekSize))
		if err == nil && len(data) < PeekSize {
			err = io.EOF
		}
	}
	return err == io.EOF && len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte(batch.BOM)))) == 0
}
