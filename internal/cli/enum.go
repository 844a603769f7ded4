package cli

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/pdb"
	"github.com/pdbsolve/pdbsolve/search"
)

// enumValue is a flag whose value is one of a fixed list, spelled by the
// values' String: it implements pflag.Value, so a value not in the list is a
// usage error when the flags are parsed, and the shell completes the same
// list.
type enumValue[T interface {
	comparable
	fmt.Stringer
}] struct {
	p      *T
	values []T
}

func (e *enumValue[T]) String() string { return (*e.p).String() }

func (e *enumValue[T]) Set(s string) error {
	for _, v := range e.values {
		if v.String() == s {
			*e.p = v
			return nil
		}
	}
	return fmt.Errorf("want %s", puzzle.OrList(e.names()))
}

func (e *enumValue[T]) Type() string { return strings.Join(e.names(), "|") }

func (e *enumValue[T]) names() []string {
	out := make([]string, len(e.values))
	for i, v := range e.values {
		out[i] = v.String()
	}
	return out
}

// enumFlag adds to fs the flag name bound to p, set to
// def, taking one of values (which the shell completes: registerCompletions).
func enumFlag[T interface {
	comparable
	fmt.Stringer
}](fs *pflag.FlagSet, p *T, name string, def T, usage string, values ...T) {
	*p = def
	fs.Var(&enumValue[T]{p: p, values: values}, name, usage)
}

// outputFormat is the value of a command's --format.
type outputFormat uint8

// The output formats; each command takes some of them.
const (
	formatText  outputFormat = iota // plain text
	formatJSON                      // JSON Lines in the record schema
	formatJudge                     // the judges' format (Rotation Game)
	formatAOJ                       // AOJ's: the number of moves
	formatTable                     // an aligned table
	formatCSV                       // comma-separated values
)

var formatNames = [...]string{formatText: "text", formatJSON: "json", formatJudge: "judge", formatAOJ: puzzle.TilesAOJFormat,
	formatTable: "table", formatCSV: "csv"}

func (f outputFormat) String() string { return formatNames[f] }

// formatFlag adds --format to cmd, bound to p, default def, taking formats.
func formatFlag(cmd *cobra.Command, p *outputFormat, def outputFormat, formats ...outputFormat) {
	names := make([]string, len(formats))
	for i, f := range formats {
		names[i] = f.String()
	}
	enumFlag(cmd.Flags(), p, "format", def, "output format: "+puzzle.OrList(names), formats...)
}

// goalFlag adds --goal to cmd, bound to p.
func goalFlag(cmd *cobra.Command, p *bitboard.Goal, usage string) {
	enumFlag(cmd.Flags(), p, "goal", bitboard.BlankFirst, usage, bitboard.BlankFirst, bitboard.BlankLast)
}

// splitFlag adds --split to cmd, bound to p.
func splitFlag(cmd *cobra.Command, p *puzzle.SplitMode, usage string) {
	enumFlag(cmd.Flags(), p, "split", puzzle.SplitAuto, usage, puzzle.SplitAuto, puzzle.SplitOn, puzzle.SplitOff)
}

// pruneFlag adds --prune to cmd, bound to p: how sliding-tile searches prune
// the blank's move strings.
func pruneFlag(cmd *cobra.Command, p *search.TilesPruning) {
	enumFlag(cmd.Flags(), p, "prune", search.TilesPruneAutomaton,
		"sliding tiles: prune duplicate move strings of up to 12 moves by automaton (automaton16: up to 16, fewer nodes; on 4x4 and 5x5 its automaton is kept in the table cache), or only the inverse move (same answers, more nodes)",
		search.TilesPruneAutomaton, search.TilesPruneAutomaton16, search.TilesPruneInverse)
}

// orderFlag adds --order to cmd, bound to p: the order in which
// sliding-tile searches try a node's children.
func orderFlag(cmd *cobra.Command, p *search.TilesOrder) {
	enumFlag(cmd.Flags(), p, "order", search.TilesOrderFixed,
		"sliding tiles: try the children in the blank's move order (fixed), or first those whose heuristic falls where the bound leaves room (falling: same lengths, fewer nodes on most boards)",
		search.TilesOrderFixed, search.TilesOrderFalling)
}

// addWriteTablesFlag adds the persistent --write-tables to root, bound to p.
func addWriteTablesFlag(root *cobra.Command, p *pdb.WritePolicy) {
	enumFlag(root.PersistentFlags(), p, "write-tables", pdb.WriteAuto,
		"keep the tables built in the cache (auto) or build them in memory and keep nothing (never)",
		pdb.WriteAuto, pdb.WriteNever)
}
