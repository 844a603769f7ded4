package search

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// tilesIterationsBelow runs the IDA* iterations of b one at a time,
// outside Solve: with the slow oracle (tilesSlowIteration) when slow, else
// with a kernel of its own. It returns the counts of the iterations below
// the one that finds a solution, that one's counts, and its bound.
func tilesIterationsBelow(t *testing.T, h *TilesHeuristic, a *TilesPrune, b bitboard.Tiles, slow bool) (before, last tilesIteration, bound int) {
	t.Helper()
	k := newTilesKernel(h).withPrune(a)
	k.load(b)
	for bound = k.heur; ; {
		var it tilesIteration
		if slow {
			it = tilesIteration{nextBound: tilesInfinity}
			tilesSlowIteration(h, a, b, 0, bound, a.roots[b.BlankCell()], &it, nil, map[[2]uint32]bool{}, false)
		} else {
			ctl := &tilesControl{}
			ctl.best.Store(tilesNoBest)
			k.begin(ctl, bound)
			k.load(b)
			g0, e0 := k.generated, k.expanded
			it.found = k.search(0, bound, a.roots[b.BlankCell()])
			it.generated, it.expanded, it.nextBound = k.generated-g0, k.expanded-e0, k.nextBound
		}
		if it.found {
			return before, it, bound
		}
		before.generated += it.generated
		before.expanded += it.expanded
		if it.nextBound == tilesInfinity {
			t.Fatalf("%v: no solution", b)
		}
		bound = it.nextBound
	}
}

// TestTilesLastIteration: the counts of the last iteration (Stats.LastExpanded,
// LastGenerated) and of those below it (Expanded, Generated less them) agree
// with the iterations run one at a time outside Solve (the slow oracle on
// 3x3 boards, a kernel of their own on Korf instances), with the last
// Progress report, with a solve stopped by MaxNodes one node into the last
// iteration, and, on 2 and 3 workers splitting every iteration, with one
// worker.
func TestTilesLastIteration(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 41))
	type tcase struct {
		h    *TilesHeuristic
		b    bitboard.Tiles
		slow bool
	}
	var cases []tcase
	h8 := tilesHeur(t, 3, 3, "manhattan")
	for i := range 6 {
		cases = append(cases, tcase{h8, bitboard.RandomWalkTiles(rng, 3, 3, bitboard.BlankFirst, 30+10*i), true})
	}
	cases = append(cases, tcase{h8, bitboard.RandomWalkTiles(rng, 3, 3, bitboard.BlankFirst, 1), true})
	korf := tilesKorf(t)
	h15 := tilesHeur(t, 4, 4, "pdb555")
	for _, i := range []int{54, 41, 78} {
		cases = append(cases, tcase{h15, korf[i], false})
	}
	for _, c := range cases {
		s := NewTilesSolver(c.h)
		var prog []Progress
		_, st, err := s.Solve(c.b, bitboard.BlankFirst, Limits{Progress: func(p Progress) { prog = append(prog, p) }})
		if err != nil {
			t.Fatal(err)
		}
		before, last, bound := tilesIterationsBelow(t, c.h, s.prune, c.b, c.slow)
		if st.Bound != bound || st.LastExpanded != last.expanded || st.LastGenerated != last.generated ||
			st.Expanded-st.LastExpanded != before.expanded || st.Generated-st.LastGenerated != before.generated {
			t.Fatalf("%v: solve %+v; one at a time: bound %d, last %d expanded %d generated, before %d expanded %d generated",
				c.b, st, bound, last.expanded, last.generated, before.expanded, before.generated)
		}
		var pe, pg uint64 // nothing below the last iteration when it is the only one
		if len(prog) > 0 {
			pe, pg = prog[len(prog)-1].Expanded, prog[len(prog)-1].Generated
		}
		if len(prog) != st.Iterations-1 || pe != before.expanded || pg != before.generated {
			t.Fatalf("%v: %d progress reports over %d iterations, the last at %d expanded %d generated; want %d, %d",
				c.b, len(prog), st.Iterations, pe, pg, before.expanded, before.generated)
		}
		if st.Iterations == 1 && st.LastExpanded != st.Expanded {
			t.Fatalf("%v: one iteration, but %d expanded in the last of %d", c.b, st.LastExpanded, st.Expanded)
		}
		if last.generated >= 2 { // stopped in the last iteration, after its first node
			_, lst, err := s.Solve(c.b, bitboard.BlankFirst, Limits{MaxNodes: before.generated + 1})
			if !errors.Is(err, ErrLimit) || lst.Bound != bound || lst.LastGenerated != 1 ||
				lst.Expanded-lst.LastExpanded != before.expanded || lst.Generated-lst.LastGenerated != before.generated {
				t.Fatalf("%v: stopped at %d nodes: %v, %+v; want bound %d, before it %d expanded %d generated",
					c.b, before.generated+1, err, lst, bound, before.expanded, before.generated)
			}
		}
		for _, w := range []int{2, 3} {
			p := NewTilesSolver(c.h)
			p.SetWorkers(w)
			p.parallelMin = 0
			_, pst, err := p.Solve(c.b, bitboard.BlankFirst, Limits{})
			if err != nil || pst.LastExpanded != st.LastExpanded || pst.LastGenerated != st.LastGenerated ||
				pst.Expanded != st.Expanded || pst.Generated != st.Generated {
				t.Fatalf("%v: %d workers %+v (%v); 1 worker %+v", c.b, w, pst, err, st)
			}
		}
	}
}

// rotationIterationsBelow runs the IDA* iterations of b one at a time with
// s's depth-first search, outside Solve: the counts below the iteration
// that finds a solution, that one's, and its bound.
func rotationIterationsBelow(s *RotationSolver, b bitboard.Rotation) (beforeExp, beforeGen, lastExp, lastGen uint64, bound int) {
	m1, m2, m3 := b.Masks()
	lb := lowerBounds{s.symbolH(m1), s.symbolH(m2), s.symbolH(m3)}
	var final bitboard.Rotation
	for bound = int(lb.min()); ; bound = s.next {
		s.stats, s.budget, s.next = Stats{}, budget{}, rotationMaxDepth+1
		s.stats.Expanded++ // the root
		if s.dfs(b, 0, bound, -1, lb, &final) {
			return beforeExp, beforeGen, s.stats.Expanded, s.stats.Generated, bound
		}
		beforeExp += s.stats.Expanded
		beforeGen += s.stats.Generated
	}
}

// TestRotationLastIteration: the last iteration's counts of a Rotation
// solve agree with the iterations run one at a time outside Solve, and with
// a solve stopped by MaxNodes in the last iteration; under the exact
// heuristic every solve is one iteration, all of it the last.
func TestRotationLastIteration(t *testing.T) {
	rng := rand.New(rand.NewPCG(59, 26))
	for _, h := range []RotationHeuristic{RotationCount, RotationExact} {
		s := newRotationSolver(t, h)
		several := 0
		for i := range 30 {
			b := randomWalk(rng, 2+i%9)
			res, err := s.Solve(b, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			st := res.Stats
			if st.Iterations == 0 { // solved at the root
				if st.Expanded != 0 || st.LastExpanded != 0 || st.LastGenerated != 0 {
					t.Fatalf("%v: no iteration, but %+v", b, st)
				}
				continue
			}
			be, bg, le, lg, bound := rotationIterationsBelow(newRotationSolver(t, h), b)
			if st.Bound != bound || st.LastExpanded != le || st.LastGenerated != lg || st.Expanded-st.LastExpanded != be ||
				st.Generated-st.LastGenerated != bg {
				t.Fatalf("%v: solve %+v; one at a time: bound %d, last %d expanded %d generated, before %d, %d",
					b, st, bound, le, lg, be, bg)
			}
			if h == RotationExact && (st.Iterations != 1 || st.LastExpanded != st.Expanded || st.LastGenerated != st.Generated) {
				t.Fatalf("%v: exact heuristic, %+v", b, st)
			}
			if st.Iterations > 1 {
				several++
				lres, err := s.Solve(b, Limits{MaxNodes: bg + 1})
				if err == nil { // the solution came before the first check of the last iteration
					continue
				}
				if l := lres.Stats; !errors.Is(err, ErrLimit) || l.Bound != bound || l.Expanded-l.LastExpanded != be ||
					l.Generated-l.LastGenerated != bg || l.LastExpanded > le {
					t.Fatalf("%v: stopped at %d nodes: %v, %+v; want bound %d, before it %d, %d", b, bg+1, err, l, bound, be, bg)
				}
			}
		}
		if h == RotationCount && several == 0 {
			t.Fatal("no board took several iterations under the count heuristic")
		}
	}
}
