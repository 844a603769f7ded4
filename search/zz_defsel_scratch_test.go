package search

import (
	"encoding/json"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/pdb"
)

type memoSource struct {
	c  *pdb.Cache
	mu sync.Mutex
	m  map[string]*pdb.Table
}

func (s *memoSource) Load(sp pdb.Spec) (*pdb.Table, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, ok := s.m[sp.FileName()]; ok {
		return t, nil
	}
	t, err := s.c.Load(sp)
	if err == nil {
		s.m[sp.FileName()] = t
	}
	return t, err
}
func (s *memoSource) Stored(sp pdb.Spec) bool { return true }

// TestDefselScratch writes per-partition h of N random boards (seed 1).
func TestDefselScratch(t *testing.T) {
	parts := os.Getenv("DEFSEL_PARTS")
	if parts == "" {
		t.Skip()
	}
	src := &memoSource{c: &pdb.Cache{Dir: "/work/tables", Policy: pdb.WriteNever}, m: map[string]*pdb.Table{}}
	boards := make([]bitboard.Tiles, 1000000)
	r := bitboard.NewTilesRand(1)
	for i := range boards {
		boards[i] = bitboard.RandomTiles(r, 5, 5, bitboard.BlankFirst)
	}
	out := map[string]any{}
	cells := make([]uint8, len(boards))
	for i, b := range boards {
		cells[i] = uint8(b.BlankCell())
	}
	out["cells"] = cells
	for _, p := range strings.Split(parts, ";") {
		h, err := LoadTilesHeuristic(src, 5, 5, p)
		if err != nil {
			t.Fatal(err)
		}
		vals := make([]uint8, len(boards))
		var wg sync.WaitGroup
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				k := newTilesKernel(h)
				for i := w; i < len(boards); i += 2 {
					k.load(boards[i])
					vals[i] = uint8(k.heur)
				}
			}()
		}
		wg.Wait()
		out[p] = vals
		t.Logf("%s done", p)
	}
	tree, _ := NewTilesTree(5, 5, 120)
	out["nodes"] = tree.Nodes
	out["children"] = tree.Children
	f, _ := os.Create("/tmp/defsel/hvals.json")
	json.NewEncoder(f).Encode(out)
	f.Close()
}

func TestDefselTables(t *testing.T) {
	parts := os.Getenv("DEFSEL_PARTS")
	if parts == "" {
		t.Skip()
	}
	out := map[string][]string{}
	for _, p := range strings.Split(parts, ";") {
		pl, err := PlanTilesHeuristic(5, 5, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range pl.Tables() {
			out[p] = append(out[p], s.FileName())
		}
	}
	f, _ := os.Create("/tmp/defsel/tables.json")
	json.NewEncoder(f).Encode(out)
	f.Close()
}
