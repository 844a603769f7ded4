package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// The reports on tables, beside those on runs: a table's description (what
// "pdbsolve info" prints), the listing of a cache directory ("tables list")
// and the Rotation Game census ("census rotation").

// WriteTableInfo writes the description of table t, read from file: its
// header; for a sliding-tile pattern table, its kind and where its abstract
// goal leaves the blank; its entry checksum against the pinned one of the
// table pdbsolve builds (BAD when they differ); the mean of its stored
// values (said to be (h - Manhattan distance) / 2, not h, for a
// sliding-tile pattern table); and the histogram of its stored values, the
// count and share of entries holding each (of a 1-bit table's bits, with
// no mean). A move-pruning automaton's file (search.TilesPruneOfTable) is
// described instead by its board, depth, move order, states, forbidden
// strings and bytes in memory, with no histogram; the error is its
// decoding's, when its entries do not describe the automaton its id names.
// Write errors are left to w (a bufio.Writer keeps the first).
func WriteTableInfo(w io.Writer, file string, t *pdb.Table) error {
	fmt.Fprintf(w, "file      %s\n", file)
	fmt.Fprintf(w, "format    %s version %d\n", pdb.Magic, pdb.FormatVersion)
	fmt.Fprintf(w, "puzzle    %s\n", t.Puzzle)
	fmt.Fprintf(w, "pattern   %s\n", t.Pattern)
	if kind, goal, ok := tilesTableKind(t.ID()); ok {
		fmt.Fprintf(w, "kind      %s\n", kind)
		fmt.Fprintf(w, "goal      %s\n", goal)
	}
	fmt.Fprintf(w, "entries   %d x %d bits\n", t.Entries, t.Width)
	switch pinned, known := pdb.KnownChecksum(t.Puzzle, t.Pattern); {
	case !known:
		fmt.Fprintf(w, "checksum  %08x OK (no checksum is pinned for this pattern)\n", t.Checksum)
	case t.Checksum == pinned:
		fmt.Fprintf(w, "checksum  %08x OK, the pinned checksum\n", t.Checksum)
	default:
		fmt.Fprintf(w, "checksum  %08x BAD: the pinned checksum is %08x\n", t.Checksum, pinned)
	}
	if a, ok, err := search.TilesPruneOfTable(t); ok {
		if err != nil {
			return err
		}
		rows, cols := a.Board()
		fmt.Fprintf(w, "kind      move-pruning automaton: the %dx%d board's duplicate blank-move strings up to %d moves\n", rows, cols, a.Depth())
		fmt.Fprintf(w, "order     %s (the blank's moves, in the order the search tries them)\n", a.Order())
		fmt.Fprintf(w, "states    %s (%s forbidden strings; %s in memory)\n", GroupDigits(strconv.Itoa(a.States())),
			GroupDigits(strconv.Itoa(a.Forbidden())), pdb.FormatBytes(uint64(a.Bytes())))
		return nil
	}
	switch parts, err := t.ID().Parts(); {
	case err == nil && parts.ZeroBits():
		// The costs would take a walk to the goal each (TilesZeroBits.Cost).
		fmt.Fprintln(w, "bits      bit 1 of each cost h, (h >> 1) & 1, not h: h mod 4 is 2*bit + the tiles'")
		fmt.Fprintln(w, "          Manhattan distance mod 2; the costs are not decoded here")
		fmt.Fprintf(w, "bit   %14s %9s\n", "count", "share")
	default:
		fmt.Fprintf(w, "mean      %s\n", TableMean(t))
		fmt.Fprintf(w, "value %14s %9s\n", "count", "share")
	}
	for v, c := range t.Counts {
		fmt.Fprintf(w, "%5d %14d %8.4f%%\n", v, c, 100*float64(c)/float64(t.Entries))
	}
	return nil
}

// tilesTableKind describes a sliding-tile pattern table by the construction
// its pattern id starts with (pdb.TableParts): its kind and where its
// abstract goal leaves the blank; ok is false for other tables.
func tilesTableKind(id pdb.TableID) (kind, goal string, ok bool) {
	parts, err := id.Parts()
	if err != nil {
		return "", "", false
	}
	con := parts.Word
	const plain = "plain pattern database (one entry a placement of the pattern's tiles, the least over the blank's cells)"
	switch con {
	case pdb.TilesBlankHome.String():
		return plain, "pattern tiles home, blank on its goal cell (Korf & Felner 2002)", true
	case pdb.TilesBlankAny.String():
		return plain, "pattern tiles home, blank anywhere (weaker where the tiles wall in the blank's goal cell; no longer built)", true
	case pdb.TilesZeroWord:
		if parts.ZeroBits() {
			return "zero-aware pattern database at one bit an entry (bit 1 of the cost of a placement and region of free cells the blank is in; Clausecker & Reinefeld 2021)",
				"pattern tiles home, blank on its goal cell", true
		}
		return "zero-aware pattern database (one entry a placement and region of free cells the blank is in; Clausecker & Reinefeld 2021)",
			"pattern tiles home, blank on its goal cell", true
	}
	return "", "", false
}

// WriteTableList writes list, the table files of the cache directory dir,
// as an aligned table (name, puzzle, pattern, entries, bits, size on disk,
// state, pinned) with a line of totals, then a line for each file that is
// not ok saying why; "no tables in DIR" when there are none.
func WriteTableList(w io.Writer, dir string, list []pdb.CacheEntry) error {
	if len(list) == 0 {
		_, err := fmt.Fprintf(w, "no tables in %s\n", dir)
		return err
	}
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tPUZZLE\tPATTERN\tENTRIES\tBITS\tSIZE\tSTATE\tPINNED")
	var size int64
	for _, e := range list {
		pinned := "no"
		if e.Pinned {
			pinned = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\t%s\n",
			e.Name, dash(e.Puzzle), dash(e.Pattern), e.Entries, e.Width, e.Size, e.State, pinned)
		size += e.Size
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s, %d bytes, in %s\n", Count(len(list), "table"), size, dir)
	for _, e := range list {
		if e.State != pdb.CacheOK {
			fmt.Fprintf(w, "%s: %s\n", e.Name, e.Problem)
		}
	}
	return nil
}

// WriteTableListJSON writes list as an indented JSON array ([] when it is
// empty) and a newline.
func WriteTableListJSON(w io.Writer, list []pdb.CacheEntry) error {
	if list == nil {
		list = []pdb.CacheEntry{}
	}
	b, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteCensusText writes census c as a line "LENGTH COUNT" for each length
// from 0 to the maximum, then "total N", "max L" and "at_max N".
func WriteCensusText(w io.Writer, c *pdb.Census) {
	for l, n := range c.Counts {
		fmt.Fprintf(w, "%d %d\n", l, n)
	}
	fmt.Fprintf(w, "total %d\nmax %d\nat_max %d\n", c.Total, c.Max, c.AtMax())
}

// WriteCensusJSON writes census c, counted by workers goroutines in
// elapsed, as one JSON object of the record schema (record.Census) and a
// newline.
func WriteCensusJSON(w io.Writer, c *pdb.Census, workers int, elapsed time.Duration) error {
	b, err := json.Marshal(record.Census{Puzzle: pdb.RotationPuzzle, Counts: c.Counts, Total: c.Total, Max: c.Max,
		AtMax: c.AtMax(), Orbits: c.Orbits, Workers: workers, TimeNS: elapsed.Nanoseconds()})
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteRotationBoardsFile writes boards to the file path as
// WriteRotationBoards does, whole or not at all: a file it could not write
// whole is removed.
func WriteRotationBoardsFile(path string, boards []bitboard.Rotation) error {
	var b bytes.Buffer
	WriteRotationBoards(&b, boards)
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// WriteRotationBoards writes boards in judge format, one a line.
func WriteRotationBoards(w io.Writer, boards []bitboard.Rotation) error {
	bw := bufio.NewWriter(w)
	buf := make([]byte, 0, 2*bitboard.RotationCells)
	for _, b := range boards {
		buf = append(b.AppendText(buf[:0]), '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

// TableMean says what the mean of t's entries is, for a person: "" for a
// 1-bit zero-aware table (its entries are bits of costs) and for a
// move-pruning automaton (its entries are states); the mean and
// "of the stored values, (h - the pattern tiles' Manhattan distance) / 2,
// not of h" for a sliding-tile pattern table, plain or zero-aware (h takes
// a walk of the placements and regions: about a second for 6 tiles on
// 5 x 5, 19 times that for 7; left to info --plot, plot.TableHistogram);
// the mean alone for a table that stores moves.
func TableMean(t *pdb.Table) string {
	if search.IsTilesPruneID(t.Puzzle, t.Pattern) {
		return ""
	}
	switch parts, err := t.ID().Parts(); {
	case err == nil && parts.ZeroBits():
		return ""
	case err == nil && parts.Word != "" && parts.Encoding == pdb.TilesEncoding:
		return fmt.Sprintf("%.4f of the stored values, (h - the pattern tiles' Manhattan distance) / 2, not of h", t.Mean())
	}
	return fmt.Sprintf("%.4f", t.Mean())
}
