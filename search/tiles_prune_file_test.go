package search

import (
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// tilesPruneSame fails unless got and want have the same board, depth,
// order, states, roots and forbidden count.
func tilesPruneSame(t *testing.T, got, want *TilesPrune, what string) {
	t.Helper()
	if got.rows != want.rows || got.cols != want.cols || got.depth != want.depth || got.order != want.order ||
		got.roots != want.roots || got.forbidden != want.forbidden || !slices.Equal(got.lists, want.lists) {
		t.Fatalf("%s: the automaton read back differs from the one built (%d states, %d forbidden; built %d, %d)",
			what, got.States(), got.Forbidden(), want.States(), want.Forbidden())
	}
}

// TestTilesPruneFileRoundTrip keeps a small automaton in a table cache: the
// first load builds and writes it, a second cache on the same directory
// reads the same automaton back; a file damaged on disk is reported (and
// rebuilt by the cache), and files that pass the file checks but do not
// hold this automaton are refused with an error that says why.
func TestTilesPruneFileRoundTrip(t *testing.T) {
	key := tilesPruneKey{3, 4, 12, tilesMoveOrder}
	want, err := tilesPruneCached(key.rows, key.cols, key.depth, key.order)
	if err != nil {
		t.Fatal(err)
	}
	spec := tilesPruneSpec(key, tilesPruneKept{states: want.States()})
	dir := t.TempDir()
	var notes []string
	c := &pdb.Cache{Dir: dir, Notify: func(msg string) { notes = append(notes, msg) }}
	got, err := readTilesPrune(c, key, spec)
	if err != nil {
		t.Fatal(err)
	}
	tilesPruneSame(t, got, want, "built")
	path := c.Path(spec)
	if _, err := os.Stat(path); err != nil || len(notes) != 1 || !strings.Contains(notes[0], "building") {
		t.Fatalf("the first load did not build and keep %s (%v; notes %q)", path, err, notes)
	}
	if got, err = readTilesPrune(&pdb.Cache{Dir: dir}, key, spec); err != nil {
		t.Fatal(err)
	}
	tilesPruneSame(t, got, want, "read")

	// Damaged on disk: the file's checksum says so, and the cache rebuilds.
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-10] ^= 0x40
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := pdb.ReadFile(path, spec.Puzzle, spec.Pattern); !errors.Is(err, pdb.ErrChecksum) {
		t.Fatalf("a damaged automaton file: %v, want a checksum error", err)
	}
	notes = nil
	if got, err = readTilesPrune(c, key, spec); err != nil {
		t.Fatal(err)
	}
	tilesPruneSame(t, got, want, "rebuilt")
	if len(notes) != 1 || !strings.Contains(notes[0], "rebuilding") {
		t.Fatalf("a damaged automaton file was not reported and rebuilt: %q", notes)
	}

	// Files with good checksums that do not hold this automaton.
	enc, err := want.encode(spec.Pattern)
	if err != nil {
		t.Fatal(err)
	}
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(enc.Data[8*i:]) }
	state := tilesPruneHeadWords + tilesPruneStateWords*int(want.roots[5])
	forged := []struct {
		what  string
		word  int
		value uint64
		err   error
		says  string
	}{
		{"another depth", 0, word(0) ^ 2, pdb.ErrMismatch, "want the 3x4 automaton of depth 12"},
		{"another move order", 1, word(1) ^ 1<<32 ^ 1<<40, pdb.ErrMismatch, "order"},
		{"a move to a wrong cell", state, word(state) ^ 1<<40, pdb.ErrHeader, "the board says"},
		{"a next state out of range", state + 1, word(state+1) | 0xffffff, pdb.ErrHeader, "state 16777215"},
		{"moves out of order", state, word(state)&^0xffff00 | uint64(bitboard.MoveRight)<<8, pdb.ErrHeader, "not in the move order"},
	}
	for _, f := range forged {
		data := slices.Clone(enc.Data)
		binary.LittleEndian.PutUint64(data[8*f.word:], f.value)
		tbl, err := pdb.NewTable(spec.Puzzle, spec.Pattern, enc.Entries, 64, data)
		if err != nil {
			t.Fatal(err)
		}
		if err := pdb.WriteFile(path, tbl); err != nil {
			t.Fatal(err)
		}
		_, err = readTilesPrune(&pdb.Cache{Dir: dir}, key, spec)
		var fe *pdb.FormatError
		if !errors.As(err, &fe) || !errors.Is(err, f.err) || !strings.Contains(err.Error(), f.says) {
			t.Fatalf("%s: %v, want a format error wrapping %v that says %q", f.what, err, f.err, f.says)
		}
		t.Logf("%s: %v", f.what, err)
	}

	// A file of another size is refused from its header.
	small := tilesPruneSpec(key, tilesPruneKept{states: want.States() - 1})
	if _, err := readTilesPrune(&pdb.Cache{Dir: dir, Policy: pdb.WriteNever}, key, small); err == nil {
		t.Fatal("an automaton of another state count was accepted")
	}
}

// TestTilesPruneSetPrune: a solver searches with an automaton given to it,
// and refuses one for another board.
func TestTilesPruneSetPrune(t *testing.T) {
	s := NewTilesSolver(tilesHeur(t, 3, 3, "manhattan"))
	a, err := LoadTilesPrune(nil, 3, 3, 16)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPrune(a); err != nil || s.prune != a {
		t.Fatalf("SetPrune: %v", err)
	}
	other, err := LoadTilesPrune(nil, 4, 4, 8)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetPrune(other); err == nil {
		t.Fatal("a 3x3 solver took a 4x4 automaton")
	}
}

// TestLongTilesPruneKept builds every automaton the table cache keeps
// through a cache in a temporary directory: its state count and entry
// checksum are the pinned ones (pdb/checksums.go), and it reads back equal.
func TestLongTilesPruneKept(t *testing.T) {
	skipUnlessLong(t)
	dir := t.TempDir()
	for bd := range tilesPruneKeptAutomata {
		spec, _ := TilesPruneSpec(bd[0], bd[1], bd[2])
		a, err := LoadTilesPrune(&pdb.Cache{Dir: dir}, bd[0], bd[1], bd[2])
		if err != nil {
			t.Fatal(err)
		}
		key := tilesPruneKey{bd[0], bd[1], bd[2], tilesMoveOrder}
		got, err := readTilesPrune(&pdb.Cache{Dir: dir, Policy: pdb.WriteNever}, key, spec)
		if err != nil {
			t.Fatal(err)
		}
		tilesPruneSame(t, got, a, spec.Pattern)
		tbl, err := pdb.ReadFile(filepath.Join(dir, spec.FileName()), spec.Puzzle, spec.Pattern)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s/%s: %d states, %d forbidden, entries CRC %08x", spec.Puzzle, spec.Pattern, a.States(), a.Forbidden(), tbl.Checksum)
	}
}

// TestTilesPruneOfTable: an automaton's table, as a file holds it, reads
// back as the automaton built; a table of another kind is not one; an id
// that names no automaton in pdbsolve's move order, or another depth than
// the entries hold, is an error.
func TestTilesPruneOfTable(t *testing.T) {
	want, err := tilesPruneCached(3, 4, 12, tilesMoveOrder)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := want.encode(tilesPrunePatternID(12, tilesMoveOrder))
	if err != nil {
		t.Fatal(err)
	}
	tab.Puzzle = pdb.TilesPuzzle(3, 4)
	got, ok, err := TilesPruneOfTable(tab)
	if !ok || err != nil {
		t.Fatalf("%s/%s: ok %v, %v", tab.Puzzle, tab.Pattern, ok, err)
	}
	tilesPruneSame(t, got, want, "decoded")
	if r, c := got.Board(); r != 3 || c != 4 || got.Order() != "UDLR" {
		t.Fatalf("board %dx%d, order %s: want 3x4, UDLR", r, c, got.Order())
	}
	for _, c := range []struct {
		puzzle, pattern string
		ok              bool
	}{
		{pdb.TilesPuzzle(3, 4), "prune12-dulr-v1", true},  // another move order
		{pdb.TilesPuzzle(3, 4), "prune11-udlr-v1", true},  // the entries are depth 12's
		{pdb.TilesPuzzle(3, 4), "prune12-udlr-v1x", true}, // not the id's form
		{pdb.TilesPuzzle(3, 3), "prune12-udlr-v1", true},  // the entries are 3x4's
		{pdb.RotationPuzzle, "prune12-udlr-v1", false},    // not a sliding-tile board
		{pdb.TilesPuzzle(3, 4), "blank0-1.2.3-md", false}, // a pattern table's id
	} {
		bad := *tab
		bad.Puzzle, bad.Pattern = c.puzzle, c.pattern
		a, ok, err := TilesPruneOfTable(&bad)
		if ok != c.ok || ok && (err == nil || a != nil) {
			t.Errorf("%s/%s: ok %v, %v; want ok %v and an error", c.puzzle, c.pattern, ok, err, c.ok)
		}
	}
}
