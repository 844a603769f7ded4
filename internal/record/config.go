package record

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Diff lists the fields in which b differs from a, each as "FLAG: A in
// aName, B in bName", FLAG the command-line flag that sets the field.
func (a *Config) Diff(b *Config, aName, bName string) []string {
	var out []string
	diff := func(flag, x, y string) {
		if x == "" {
			x = "(none)"
		}
		if y == "" {
			y = "(none)"
		}
		if x != y {
			out = append(out, fmt.Sprintf("%s: %s in %s, %s in %s", flag, x, aName, y, bName))
		}
	}
	diff("command", a.Command, b.Command)
	diff("puzzle", a.Puzzle, b.Puzzle)
	diff("--goal", a.Goal, b.Goal)
	diff("--prune", a.Prune, b.Prune)
	diff("--order", cmp.Or(a.Order, "fixed"), cmp.Or(b.Order, "fixed")) // absent: the fixed order
	diff("--heuristic", strings.Join(a.Heuristics, ","), strings.Join(b.Heuristics, ","))
	diff("--max-nodes", strconv.FormatUint(a.MaxNodes, 10), strconv.FormatUint(b.MaxNodes, 10))
	diff("--timeout", fmtNS(a.TimeoutNS), fmtNS(b.TimeoutNS))
	diff("--repeat", strconv.Itoa(a.Repeat), strconv.Itoa(b.Repeat))
	diff("--shard", a.Shard, b.Shard)
	if !sameInstances(a.Instances, b.Instances) { // told as given, compared by what they select
		diff("--instances", orAll(a.Instances), orAll(b.Instances))
	}
	if !slices.Equal(a.Inputs, b.Inputs) {
		out = append(out, fmt.Sprintf("inputs: %s in %s, %s in %s", strings.Join(a.Inputs, " "), aName, strings.Join(b.Inputs, " "), bName))
	}
	return out
}

// fmtNS formats a --timeout in nanoseconds.
func fmtNS(ns int64) string {
	if ns == 0 {
		return "0 (none)"
	}
	return fmt.Sprint(time.Duration(ns))
}

// orAll names an absent --instances.
func orAll(s string) string {
	if s == "" {
		return "(all)"
	}
	return s
}
