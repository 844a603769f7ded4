package report

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

func TestWriteCensusText(t *testing.T) {
	var b strings.Builder
	WriteCensusText(&b, &pdb.Census{Counts: []uint64{3, 5, 1}, Total: 9, Max: 2})
	if want := "0 3\n1 5\n2 1\ntotal 9\nmax 2\nat_max 1\n"; b.String() != want {
		t.Fatalf("text %q, want %q", b.String(), want)
	}
}

// TestTilesTableKind: a sliding-tile pattern table's kind and goal follow
// its construction; a Rotation table has none.
func TestTilesTableKind(t *testing.T) {
	kind, goal, ok := tilesTableKind(pdb.TableID{Puzzle: pdb.Tiles8Puzzle, Pattern: pdb.TilesPatternID(pdb.TilesBlankHome, []int{1, 2, 3, 4})})
	if !ok || !strings.HasPrefix(kind, "plain pattern database") || !strings.Contains(goal, "blank on its goal cell") {
		t.Errorf("blank-home table: %q, %q, %v", kind, goal, ok)
	}
	if _, goal, ok := tilesTableKind(pdb.TableID{Puzzle: pdb.Tiles8Puzzle, Pattern: pdb.TilesPatternID(pdb.TilesBlankAny, []int{1, 2})}); !ok || !strings.Contains(goal, "blank anywhere") {
		t.Errorf("blank-any table: %q, %v", goal, ok)
	}
	if kind, goal, ok := tilesTableKind(pdb.TableID{Puzzle: pdb.Tiles8Puzzle, Pattern: pdb.TilesZeroWord + "-1.2.3-md-v2"}); !ok || !strings.HasPrefix(kind, "zero-aware") || goal == "" {
		t.Errorf("zero-aware table: %q, %q, %v", kind, goal, ok)
	}
	if _, _, ok := tilesTableKind(pdb.TableID{Puzzle: pdb.RotationPuzzle, Pattern: pdb.RotationPattern}); ok {
		t.Errorf("the Rotation table %s described as a sliding-tile table", pdb.RotationPattern)
	}
}

// TestWriteTableInfoMean: info's mean of a sliding-tile pattern table,
// plain or zero-aware, is said to be of the stored values, not of h, and
// is their mean; a table that stores moves has a bare mean.
func TestWriteTableInfoMean(t *testing.T) {
	data := []byte{0, 1, 1, 3, 0, 2, 1, 0}
	for _, c := range []struct {
		puzzle, pattern string
		stored          bool
	}{{pdb.Tiles15Puzzle, pdb.TilesPatternID(pdb.TilesBlankHome, []int{1, 2, 3}), true},
		{pdb.Tiles24Puzzle, pdb.TilesZeroWord + "-1.2.5.6.7.10-md-v2", true},
		{pdb.RotationPuzzle, pdb.RotationPattern, false}} {
		tab, err := pdb.NewTable(c.puzzle, c.pattern, uint64(len(data)), 8, data)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		WriteTableInfo(&b, "f.pdb", tab)
		line := "mean      1.0000" // 8 / 8
		if c.stored {
			line += " of the stored values, (h - the pattern tiles' Manhattan distance) / 2, not of h"
		}
		if !strings.Contains(b.String(), "\n"+line+"\n") {
			t.Errorf("%s: no line %q:\n%s", tab.ID(), line, b.String())
		}
	}
}

func TestWriteEmptyTableList(t *testing.T) {
	var b strings.Builder
	if err := WriteTableList(&b, "/x", nil); err != nil || b.String() != "no tables in /x\n" {
		t.Errorf("text: %q, %v", b.String(), err)
	}
	b.Reset()
	if err := WriteTableListJSON(&b, nil); err != nil || b.String() != "[]\n" {
		t.Errorf("JSON: %q, %v", b.String(), err)
	}
}

// TestWriteRotationBoards: the boards read back, one a line.
func TestWriteRotationBoards(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	boards := []bitboard.Rotation{bitboard.RandomRotation(r), bitboard.RandomRotation(r)}
	var b bytes.Buffer
	if err := WriteRotationBoards(&b, boards); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != len(boards) {
		t.Fatalf("%d lines for %d boards:\n%s", len(lines), len(boards), b.String())
	}
	for i, line := range lines {
		if got, err := bitboard.ParseRotation([]byte(line)); err != nil || got != boards[i] {
			t.Errorf("line %d %q: %v, %v", i+1, line, got, err)
		}
	}
}

// TestWriteRotationBoardsFile: the file holds what WriteRotationBoards
// writes; a file that cannot be written is an error and is not left behind.
func TestWriteRotationBoardsFile(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	boards := []bitboard.Rotation{bitboard.RandomRotation(r), bitboard.RandomRotation(r)}
	var want bytes.Buffer
	WriteRotationBoards(&want, boards)
	path := filepath.Join(t.TempDir(), "a.txt")
	if err := WriteRotationBoardsFile(path, boards); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(path); err != nil || string(got) != want.String() {
		t.Fatalf("%q, %v, want %q", got, err, want.String())
	}
	bad := filepath.Join(t.TempDir(), "no", "a.txt")
	if err := WriteRotationBoardsFile(bad, boards); err == nil {
		t.Fatal("no error writing into a missing directory")
	}
	if _, err := os.Stat(bad); err == nil {
		t.Fatal("a file left behind")
	}
}
