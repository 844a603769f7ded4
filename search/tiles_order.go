package search

import "fmt"

// Successor ordering. IDA* stops its last iteration at the first goal, so
// the nodes of that iteration, most of a solve's, depend on the order in
// which each node's children are tried; the iterations before it are
// searched in full whatever the order. With a heuristic that changes by one
// a move (Manhattan distance, zero-aware tables), a child's f is its
// parent's (h falls) or two more (h rises), and a node whose f is below the
// bound (slack bound-f of 2 or more) has room for both. TilesOrderFalling
// searches the children whose h falls first there; the others wait for a
// second pass, in which they are evaluated again (counted once). A node with
// slack 0 or 1 walks its children once. On Korf's 100 this expands 0.86x to
// 0.89x the nodes of the fixed order with every heuristic measured, but the
// second evaluation costs about as much CPU as that saves except with
// costly lookups (pdb771+reflect: 0.85x the CPU); on Korf & Felner's ten
// easiest 24-puzzles it took fewer nodes on seven and twice the nodes in
// all (docs/results/2026-12-02-successor-ordering.md). So the fixed order
// stays the default.

// tilesOrderRoom reports whether the bound leaves room, at a node of depth g
// and heuristic h, for a child whose h rises (a slack bound-g-h of 2 or
// more): where TilesOrderFalling searches first the children whose h falls,
// and the others wait. It is the rule of the kernels' Ordered forms, of the
// split's walk (walkTop) and of the tests' slow search.
func tilesOrderRoom(bound, g, h int) bool { return bound-g-h >= 2 }

// TilesOrder selects the order in which a TilesSolver tries a node's
// children.
type TilesOrder uint8

const (
	// TilesOrderFixed tries the children in the automaton's move order
	// (the default; Korf & Felner's order in the tests that reproduce
	// their counts).
	TilesOrderFixed TilesOrder = iota
	// TilesOrderFalling tries first, at a node whose bound leaves room,
	// the children whose heuristic falls, each group in the automaton's
	// move order.
	TilesOrderFalling
)

// TilesOrderNames are the names of the orders, by TilesOrder, as flags and
// records spell them.
var TilesOrderNames = [...]string{TilesOrderFixed: "fixed", TilesOrderFalling: "falling"}

// String returns the order's name: "fixed" or "falling".
func (o TilesOrder) String() string {
	if int(o) < len(TilesOrderNames) {
		return TilesOrderNames[o]
	}
	return fmt.Sprintf("TilesOrder(%d)", uint8(o))
}

// SetOrder sets the order in which the solver tries a node's children, o
// one of TilesOrderFixed and TilesOrderFalling (it panics on another
// value). The answers' lengths are the same either way; the solution found
// and the last iteration's counts are not.
func (s *TilesSolver) SetOrder(o TilesOrder) {
	if int(o) >= len(TilesOrderNames) {
		panic(fmt.Sprintf("search: unknown %v", o))
	}
	s.order = o
	for _, k := range s.kernels {
		k.withOrder(o)
	}
}

// Order returns the order in which the solver tries a node's children.
func (s *TilesSolver) Order() TilesOrder { return s.order }
