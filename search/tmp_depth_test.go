package search

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

func TestTmpDepth(t *testing.T) {
	korf := tilesKorf(t)
	h := tilesHeur(t, 4, 4, os.Getenv("H"))
	n, _ := strconv.Atoi(os.Getenv("N"))
	for _, f := range strings.Split(os.Getenv("D"), ",") {
		d, _ := strconv.Atoi(f)
		a, err := tilesPruneCached(4, 4, d, tilesMoveOrder)
		if err != nil {
			t.Fatal(err)
		}
		s := NewTilesSolver(h)
		s.setPrune(a)
		var tot Stats
		c0 := tilesCPUTime()
		t0 := time.Now()
		for i := range n {
			_, st, err := s.Solve(korf[i], bitboard.BlankFirst, Limits{})
			if err != nil {
				t.Fatal(err)
			}
			tot.Add(st)
		}
		cpu := tilesCPUTime() - c0
		t.Logf("depth %d: %d states; %d expanded %d generated; cpu %v wall %v; %.2f Mgen/cpu-s", d, a.States(), tot.Expanded, tot.Generated, cpu, time.Since(t0), float64(tot.Generated)/cpu.Seconds()/1e6)
	}
}
