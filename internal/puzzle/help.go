package puzzle

import (
	"strings"

	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// SelectionRule is what --instances and --shard take, in sentences, its
// last without the full stop: the help of solve, bench and verify.
const SelectionRule = `--instances 40,38,25 (ranges such as 1-10 allowed) takes only those records,
numbered from 1 across the inputs (bad records count); --shard K/N every
N-th from the K-th (0-based); with both, a record must be in both. Records
are picked as they are read: memory stays flat. A number or range wholly
past the end of the inputs, or a shard that takes no record, is named on
stderr and makes the exit status 1`

// SelectionHelp is the help of --instances and --shard (solve, bench).
const SelectionHelp = SelectionRule + `; so is a first board of another puzzle
(a 15-puzzle given to 24puzzle). These and the other checks that need no
table (inputs opened, -o writable, every table sized) come before the
first table is loaded or built; inputs holding no record at all end the
run there, with a line on stderr and exit status 0. --instances taking no
record is found then when the files hold the highest number given within
a million records, or standard input within 64 KiB; numbers past the end
beside records taken are named once the reading reaches the end of the
inputs, and the records taken are answered all the same.
`

// The sliding-tile facts the commands' help texts state, by puzzle name
// (8puzzle, 15puzzle, 24puzzle, or tiles for every board); docs/puzzles.md
// has them in full.

// TilesBoardHelp names the board of puzzle name: "3x3", or "ROWSxCOLS"
// for tiles.
func TilesBoardHelp(name string) string {
	if t, ok := tilesNamed(name); ok {
		return t.String()
	}
	return "ROWSxCOLS"
}

// TilesPDBHelp lists the short names gen's --pdb takes on the board of
// puzzle name ("exact or 44" on 3x3); for tiles, those of every board, each
// with its board.
func TilesPDBHelp(name string) string {
	if t, ok := tilesNamed(name); ok {
		return OrList(t.pdbNames())
	}
	return "exact (3x3), " + strings.Join(pdb.TilesPartitionNames(), ", ")
}

// TilesJudgeHelp names, after a space and in parentheses, the judge's
// problem the board of puzzle name is: "" for none.
func TilesJudgeHelp(name string) string {
	switch name {
	case tiles8Name:
		return " (AOJ ALDS1_13_B)"
	case tiles15Name:
		return " (AOJ ALDS1_13_C)"
	}
	return ""
}

// TilesHeuristicsHelp lists the heuristics the board of puzzle name takes
// and spells the grammar of partitions, in sentences.
func TilesHeuristicsHelp(name string) string {
	list := "manhattan, linear-conflict, exact (3x3), the presets pdb" +
		strings.Join(pdb.TilesPartitionNames(), ", pdb") + ", each with +zero and +reflect"
	if t, ok := tilesNamed(name); ok {
		list = strings.Join(search.TilesHeuristicNames(t.rows, t.cols), ", ")
	}
	return list + `.
Partitions: pdb:PATTERNS, patterns separated by "/", each tiles and ranges
separated by commas, every tile in one pattern (pdb:1-7/8-15 on 4x4).
+zero uses zero-aware tables (stronger, 1.4-2.8x the entries); +reflect
adds the lookup of the board reflected about the main diagonal (square
boards). +bits (only with +zero) uses 1-bit zero-aware tables (the same
answers and nodes, an eighth of the memory). A catalogue is the max over
partitions separated by "|" (quote it for the shell). docs/puzzles.md has
the grammar`
}

// TilesDefaultHelp names the default heuristic of the board of puzzle
// name; for tiles, the rule that picks it on every board, on one line (for
// WrapHelp).
func TilesDefaultHelp(name string) string {
	if t, ok := tilesNamed(name); ok {
		return t.DefaultHeuristic()
	}
	return strings.Join(strings.Fields(search.TilesDefaultRule), " ")
}

// OrList spells names as "a, b or c", for help and usage errors.
func OrList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// HelpWidth is the width of the commands' help text: the longest lines of
// its hand-wrapped paragraphs, and the width WrapHelp wraps longer ones to.
const HelpWidth = 77

// WrapHelp breaks each line of text longer than HelpWidth (a list made at
// run time, such as a board's heuristics) at spaces into lines of at most
// HelpWidth, each with the line's indentation, a longer word alone on its
// line; the others, hand-wrapped, are left as they are.
func WrapHelp(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if len(line) <= HelpWidth {
			continue
		}
		indent := line[:len(line)-len(strings.TrimLeft(line, " "))]
		words, n := strings.Fields(line), 0
		for j, w := range words {
			switch {
			case j == 0:
				words[j], n = indent+w, len(indent)+len(w)
			case n+1+len(w) > HelpWidth:
				words[j], n = "\n"+indent+w, len(indent)+len(w)
			default:
				words[j], n = " "+w, n+1+len(w)
			}
		}
		lines[i] = strings.Join(words, "")
	}
	return strings.Join(lines, "\n")
}
