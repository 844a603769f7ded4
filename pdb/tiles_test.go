package pdb

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

func TestTileRankUnrankWholeSpaces(t *testing.T) {
	for _, c := range []struct{ nc, k int }{{9, 1}, {9, 3}, {9, 5}, {9, 7}, {9, 8}, {16, 1}, {16, 2}, {16, 3}, {16, 4}} {
		e := TilesEntries(c.nc, c.k)
		pos := make([]uint8, c.k)
		seen := make([]bool, e)
		for r := range e {
			used := TilesUnrank(r, c.nc, pos)
			var m uint32
			for _, p := range pos {
				if int(p) >= c.nc || m&(1<<p) != 0 {
					t.Fatalf("nc=%d k=%d rank %d: bad placement %v", c.nc, c.k, r, pos)
				}
				m |= 1 << p
			}
			if m != used {
				t.Fatalf("unrank mask %b, cells %v", used, pos)
			}
			if got := TilesRank(pos, c.nc); got != r {
				t.Fatalf("nc=%d k=%d: rank(unrank(%d)) = %d", c.nc, c.k, r, got)
			}
			seen[r] = true
		}
	}
	// Large spaces: random placements round-trip and stay in range.
	rng := rand.New(rand.NewPCG(1, 1))
	for _, k := range []int{5, 6, 7, 8} {
		e := TilesEntries(16, k)
		pos := make([]uint8, k)
		for range 100000 {
			perm := rng.Perm(16)
			for i := range pos {
				pos[i] = uint8(perm[i])
			}
			r := TilesRank(pos, 16)
			if r >= e {
				t.Fatalf("k=%d: rank %d out of %d", k, r, e)
			}
			back := make([]uint8, k)
			TilesUnrank(r, 16, back)
			if string(back) != string(pos) {
				t.Fatalf("k=%d: %v -> %d -> %v", k, pos, r, back)
			}
		}
	}
}

// tilesOracle computes a pattern's table the slow obvious way: a 0-1
// breadth-first search with a map over (pattern cells, blank cell) states,
// one blank step at a time.
func tilesOracle(n int, tiles []int) map[string]int {
	nc := n * n
	type state struct {
		pos   string // cell of each pattern tile
		blank int
	}
	goal := make([]byte, len(tiles))
	for i, tl := range tiles {
		goal[i] = byte(tl)
	}
	dist := map[state]int{}
	cur := []state{{string(goal), 0}}
	dist[cur[0]] = 0
	best := map[string]int{}
	for d := 0; len(cur) > 0; d++ {
		var next []state
		// Close the layer under 0-cost moves, then take 1-cost moves.
		for i := 0; i < len(cur); i++ {
			s := cur[i]
			if dist[s] != d {
				continue
			}
			if _, ok := best[s.pos]; !ok {
				best[s.pos] = d
			}
			r, c := s.blank/n, s.blank%n
			for _, dd := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+dd[0], c+dd[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				to := rr*n + cc
				p := []byte(s.pos)
				cost := 0
				for j := range p {
					if int(p[j]) == to {
						p[j] = byte(s.blank)
						cost = 1
					}
				}
				ns := state{string(p), to}
				if old, ok := dist[ns]; ok && old <= d+cost {
					continue
				}
				dist[ns] = d + cost
				if cost == 0 {
					cur = append(cur, ns)
				} else {
					next = append(next, ns)
				}
			}
		}
		cur = next
	}
	_ = nc
	return best
}

func TestBuildTilePatternMatchesOracle(t *testing.T) {
	for _, c := range []struct {
		n     int
		tiles []int
	}{{3, []int{1, 2, 3, 4}}, {3, []int{8, 5, 7}}, {4, []int{12, 13, 14}}, {4, []int{1, 4}}} {
		data, err := BuildTilePattern(c.n, c.tiles, nil)
		if err != nil {
			t.Fatal(err)
		}
		want := tilesOracle(c.n, c.tiles)
		if uint64(len(data)) != TilesEntries(c.n*c.n, len(c.tiles)) || len(want) != len(data) {
			t.Fatalf("%v: %d entries, oracle reached %d placements", c.tiles, len(data), len(want))
		}
		for s, d := range want {
			r := TilesRank([]uint8(s), c.n*c.n)
			if int(data[r])*2+TilesManhattan(c.n, c.tiles, []uint8(s)) != d {
				t.Fatalf("%dx%d pattern %v: placement %v has %d, oracle says %d", c.n, c.n, c.tiles, []byte(s), data[r], d)
			}
		}
	}
}

// TestTileExactTable checks the 3 x 3 exact table: every solvable board has
// an entry, the hardest boards are the two known ones at 31 moves, and an
// additive partition never exceeds it.
func TestTileExactTable(t *testing.T) {
	exact, err := BuildTileExact(nil)
	if err != nil {
		t.Fatal(err)
	}
	var hist [32]int
	for _, v := range exact {
		if int(v) >= len(hist) {
			t.Fatalf("entry %d above 31", v)
		}
		hist[v]++
	}
	if hist[0] != 1 || hist[31] != 2 {
		t.Fatalf("histogram %v: want 1 goal and 2 boards at 31", hist)
	}
	a, _ := BuildTilePattern(3, []int{1, 2, 3, 4}, nil)
	b, _ := BuildTilePattern(3, []int{5, 6, 7, 8}, nil)
	rng := rand.New(rand.NewPCG(2, 2))
	tighter := 0
	for range 20000 {
		board := bitboard.RandomTiles(rng, 3, 3, bitboard.BlankFirst)
		var pa, pb [4]uint8
		for c := range 9 {
			if v := board.At(c); v >= 1 && v <= 4 {
				pa[v-1] = uint8(c)
			} else if v >= 5 {
				pb[v-5] = uint8(c)
			}
		}
		h := 2*int(a[TilesRank(pa[:], 9)]) + TilesManhattan(3, []int{1, 2, 3, 4}, pa[:]) +
			2*int(b[TilesRank(pb[:], 9)]) + TilesManhattan(3, []int{5, 6, 7, 8}, pb[:])
		d := int(exact[TilesExactIndex(board)])
		if h > d {
			t.Fatalf("%v: additive h %d above exact %d", board, h, d)
		}
		if h == d {
			tighter++
		}
	}
	if tighter == 0 {
		t.Fatalf("additive h never exact: suspicious")
	}
}

func TestTilePatternSpecThroughCache(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	s := TilesPatternSpec(4, "test", []int{12, 13, 14})
	t1, err := c.Load(s)
	if err != nil {
		t.Fatal(err)
	}
	t2, err := s.Open(filepath.Join(c.Dir, s.FileName()))
	if err != nil || t2.Checksum != t1.Checksum || t2.Pattern != "test-12.13.14-md" {
		t.Fatalf("reload: %v %+v", err, t2.Header)
	}
	if _, err := TilesPartitionNamed(4, "99"); err == nil {
		t.Fatal("unknown partition accepted")
	}
	for _, p := range tilesPartitions {
		name := p.Name
		var all uint32
		for _, g := range p.Groups {
			for _, tl := range g {
				if all&(1<<tl) != 0 {
					t.Fatalf("%s: tile %d twice", name, tl)
				}
				all |= 1 << tl
			}
		}
		if all != 1<<(p.Side*p.Side)-2 {
			t.Fatalf("%s: covers %b", name, all)
		}
	}
}

// TestBuildTilePatternWorkers checks that the parallel build gives the same
// table on one worker as on several.
func TestBuildTilePatternWorkers(t *testing.T) {
	tiles := []int{3, 6, 7, 10, 11}
	many, err := BuildTilePattern(4, tiles, nil)
	if err != nil {
		t.Fatal(err)
	}
	old := runtime.GOMAXPROCS(1)
	one, err := BuildTilePattern(4, tiles, nil)
	runtime.GOMAXPROCS(old)
	if err != nil {
		t.Fatal(err)
	}
	if string(one) != string(many) {
		t.Fatal("one worker and several build different tables")
	}
	var reports []Progress
	if _, err := BuildTilePattern(4, tiles, func(p Progress) { reports = append(reports, p) }); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < len(reports); i++ {
		if reports[i].Depth < reports[i-1].Depth || reports[i].States < reports[i-1].States {
			t.Fatalf("progress goes back: %+v then %+v", reports[i-1], reports[i])
		}
	}
	if last := reports[len(reports)-1]; last.States != last.Total || last.Total != TilesEntries(16, len(tiles)) {
		t.Fatalf("last progress %+v", last)
	}
}

func BenchmarkBuildTilePattern6(b *testing.B) {
	for b.Loop() {
		if _, err := BuildTilePattern(4, []int{1, 2, 4, 5, 8, 9}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBuildTiles78 builds the two 7-8 tables into the table cache
// ($PDBSOLVE_TABLES or the user cache directory), as `pdbsolve gen 15puzzle
// --pdb 78` would. It takes minutes and 4 GB, so it runs only with
// PDBSOLVE_LONG=1 (and never under -short).
func TestBuildTiles78(t *testing.T) {
	if testing.Short() || os.Getenv("PDBSOLVE_LONG") == "" {
		t.Skip("builds the 7-8 tables (minutes, 4 GB): set PDBSOLVE_LONG=1 to run")
	}
	dir, err := DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Dir: dir, Notify: func(s string) { t.Log(s) },
		Progress: func(p Progress) {
			t.Logf("depth %d: %d of %d placements, %.1fs", p.Depth, p.States, p.Total, p.Elapsed)
		}}
	p, _ := TilesPartitionNamed(4, "78")
	for _, g := range p.Groups {
		start := time.Now()
		tb, err := c.Load(TilesPatternSpec(4, p.Name, g))
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d entries, mean %.3f, max %d, %.1fs", tb.Pattern, tb.Entries, tb.Mean(), len(tb.Counts)-1, time.Since(start).Seconds())
	}
}
