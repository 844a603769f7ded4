package search

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// The 24-puzzle runs of Korf & Felner's instances. They need the two
// 6-6-6-6 tables (127,512,000 entries each, built into the cache on first
// use, minutes) and take minutes to hours, so they run only when asked:
//
//	PDBSOLVE_KORF24=40,38,25,44,32 PDBSOLVE_WORKERS=2 go test ./search -run TestTilesKorf24 -v -timeout 0
//
// (scripts/bench-24puzzle.sh does this). Instances are numbered from 1, as
// in the paper and data/korf24.txt. PDBSOLVE_HEURISTIC overrides the
// heuristic (default: the 24-puzzle default, DefaultTilesHeuristic).

// Optimal lengths of the 24-puzzle lie in this range for all 50 instances
// (Korf & Felner 2002).
const (
	tilesKorf24MinLength = 81
	tilesKorf24MaxLength = 114
	tilesKorf24Count     = 50
)

// tilesKorf24 reads Korf & Felner's 50 instances from data/korf24.txt, or
// from the shared copy when the repository has none yet.
func tilesKorf24(t testing.TB) []bitboard.Tiles {
	var data []byte
	var err error
	for _, p := range []string{filepath.Join("..", "data", "korf24.txt"), filepath.Join("..", "..", "shared", "data", "korf24.txt")} {
		if data, err = os.ReadFile(p); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	var out []bitboard.Tiles
	for _, line := range strings.Split(string(data), "\n") {
		if line = strings.TrimSpace(line); line == "" || line[0] == '#' {
			continue
		}
		b, err := bitboard.ParseTilesText(line, 5, 5)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	if len(out) != tilesKorf24Count {
		t.Fatalf("%d Korf-Felner instances, want %d", len(out), tilesKorf24Count)
	}
	return out
}

func TestTilesKorf24(t *testing.T) {
	list := os.Getenv("PDBSOLVE_KORF24")
	if testing.Short() || list == "" {
		t.Skip("solves 24-puzzle instances (minutes each, the 6-6-6-6 tables): set PDBSOLVE_KORF24=40,38,... to run")
	}
	workers := 1
	if w := os.Getenv("PDBSOLVE_WORKERS"); w != "" {
		var err error
		if workers, err = strconv.Atoi(w); err != nil || workers < 1 {
			t.Fatalf("PDBSOLVE_WORKERS=%q: want a positive integer", w)
		}
	}
	name := os.Getenv("PDBSOLVE_HEURISTIC")
	if name == "" {
		name = DefaultTilesHeuristic(5, 5)
	}
	boards := tilesKorf24(t)
	start := time.Now()
	h, err := LoadTilesHeuristic(tilesTestCache(t), 5, 5, name)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("loaded %s in %v", name, time.Since(start))
	s := NewTilesSolver(h)
	s.SetWorkers(workers)
	var total Stats
	for _, f := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 || n > tilesKorf24Count {
			t.Fatalf("PDBSOLVE_KORF24: %q is not an instance number 1..%d", f, tilesKorf24Count)
		}
		b := boards[n-1]
		moves, st, err := s.Solve(b, bitboard.BlankFirst, Limits{Progress: func(p Progress) {
			t.Logf("  #%d bound %d done: %d generated, %.1f M/s, %v", n, p.Bound, p.Generated,
				float64(p.Generated)/p.Elapsed.Seconds()/1e6, p.Elapsed.Round(time.Millisecond))
		}})
		if err != nil {
			t.Fatalf("#%d: %v", n, err)
		}
		checkTilesSolution(t, b, bitboard.BlankFirst, moves)
		if len(moves) < tilesKorf24MinLength || len(moves) > tilesKorf24MaxLength {
			t.Errorf("#%d: %d moves, outside the published range %d..%d", n, len(moves), tilesKorf24MinLength, tilesKorf24MaxLength)
		}
		total.Add(st)
		t.Logf("#%d: length %d, h0 %d, %d iterations, %d generated, %d expanded, %v, %.2f M generated/s, %d workers; moves %s",
			n, len(moves), st.RootH, st.Iterations, st.Generated, st.Expanded, st.Elapsed.Round(time.Millisecond),
			float64(st.Generated)/st.Elapsed.Seconds()/1e6, workers, moves)
	}
	t.Logf("total: %d generated, %d expanded, %v, %.2f M generated/s", total.Generated, total.Expanded,
		total.Elapsed.Round(time.Millisecond), float64(total.Generated)/total.Elapsed.Seconds()/1e6)
}
