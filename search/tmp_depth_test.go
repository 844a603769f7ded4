package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

func TestTmpSpecs(t *testing.T) {
	specs, _ := TilesHeuristicSpecs(5, 5, os.Getenv("H"))
	c := tilesTestCache(t)
	for _, s := range specs {
		t.Logf("%s stored %v", s.FileName(), c.Stored(s))
	}
}

func TestTmpDepth(t *testing.T) {
	side, _ := strconv.Atoi(os.Getenv("SIDE"))
	var boards []bitboard.Tiles
	var which []int
	for _, f := range strings.Split(os.Getenv("N"), ",") {
		i, _ := strconv.Atoi(f)
		which = append(which, i)
	}
	if side == 4 {
		boards = tilesKorf(t)
	} else {
		boards = tilesKorf24(t)
	}
	h := tilesHeur(t, side, side, os.Getenv("H"))
	w, _ := strconv.Atoi(os.Getenv("W"))
	for _, f := range strings.Split(os.Getenv("D"), ",") {
		d, _ := strconv.Atoi(f)
		c0 := tilesCPUTime()
		t0 := time.Now()
		a, err := tilesPruneCached(side, side, d, tilesMoveOrder)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("depth %d: %d states built in %v cpu %v", d, a.States(), time.Since(t0), tilesCPUTime()-c0)
		s := NewTilesSolver(h)
		s.setPrune(a)
		s.SetWorkers(max(w, 1))
		var tot Stats
		c0 = tilesCPUTime()
		t0 = time.Now()
		for _, i := range which {
			moves, st, err := s.Solve(boards[i-1], bitboard.BlankFirst, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("  #%d: %d moves %d expanded %d generated %v", i, len(moves), st.Expanded, st.Generated, st.Elapsed)
			tot.Add(st)
		}
		cpu := tilesCPUTime() - c0
		t.Logf("depth %d: %d states; %d expanded %d generated; cpu %v wall %v; %.2f Mgen/cpu-s", d, a.States(), tot.Expanded, tot.Generated, cpu, time.Since(t0), float64(tot.Generated)/cpu.Seconds()/1e6)
	}
}
