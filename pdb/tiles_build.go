package pdb

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Building an additive sliding-tile pattern database.
//
// The search runs in the abstract space of (cells of the k pattern tiles,
// cell of the blank), backwards from the goal: pattern tiles home, and the
// blank at its goal cell 0 (TilesBlankHome) or anywhere (TilesBlankAny).
// Moving a non-pattern tile costs 0 and a pattern tile 1, so every blank cell
// of one connected region of non-pattern cells has the same distance, and the
// search is a breadth-first search by layers of cost over (placement, blank
// region) states, each region flood-filled when it is expanded. A
// placement's entry is the least cost of any of its states.
//
// State sets are bit planes with one lane a placement (bit c set: the blank
// at cell c): 16-bit lanes, two a uint32 word, on boards of at most 16 cells;
// 32-bit lanes, one a word, on larger boards:
//
//	visited  states reached so far (whole regions once expanded)
//	frontier states of the current cost, one representative cell a region
//	next     states generated for the next cost, not yet filtered
//
// For the 8-tile 4 x 4 pattern that is 3 x 1 GB plus the 519 MB of entries;
// for a 6-tile 5 x 5 pattern 3 x 510 MB plus 128 MB (tilesBuildBytes).
//
// Entry encoding. Every move of a pattern tile costs 1 and changes the sum of
// the pattern tiles' Manhattan distances by exactly 1, so a placement's cost
// d and that sum m have the same parity and d >= m. An entry stores
// (d - m) / 2, the pairs of moves spent beyond Manhattan distance (0..9 for
// the 8-tile pattern), and a lookup adds it back: d = m + 2*entry (see
// TilesManhattan). The values are small and skewed, so the zstd-compressed file
// is 42% smaller and decodes twice as fast as one of plain costs.
// Each layer has two passes split among the build's workers by word ranges:
// the expand pass reads the frontier words it owns and sets bits anywhere in
// next and visited with atomic ORs; the merge pass, owner-only, makes
// frontier = next &^ visited and adds it to visited.

const (
	tilesSmallLane = 16      // lane bits on boards of at most 16 cells
	tilesWordBits  = 32      // bits of a state word
	tilesChunk     = 1 << 14 // words a worker takes at a time
	tilesMaxPieces = bitboard.TilesMaxCells - 1
	tilesMinFree   = 3 // cells a pattern leaves to other tiles and the blank, at least
	// tilesProgressEvery is how often a long layer reports progress.
	tilesProgressEvery = time.Second
)

// ErrTilesPattern is returned when a pattern table cannot be built or looked
// up: a board that is not supported, a pattern with too few or too many
// tiles, a tile off the board or given twice.
var ErrTilesPattern = errors.New("invalid tile pattern")

// tilesGeometry holds the neighbour masks of one board shape.
type tilesGeometry struct {
	rows, cols, nc int
	full           uint32
	notFirstCol    uint32 // cells whose column is not 0
	notLastCol     uint32
	neighbours     [bitboard.TilesMaxCells]uint32
}

func newTilesGeometry(rows, cols int) tilesGeometry {
	g := tilesGeometry{rows: rows, cols: cols, nc: rows * cols, full: 1<<(rows*cols) - 1}
	for c := range g.nc {
		if c%cols != 0 {
			g.notFirstCol |= 1 << c
		}
		if c%cols != cols-1 {
			g.notLastCol |= 1 << c
		}
		for m := range bitboard.TilesMove(bitboard.TilesMoves) {
			if to := bitboard.TilesNeighbour(rows, cols, c, m); to >= 0 {
				g.neighbours[c] |= 1 << to
			}
		}
	}
	return g
}

// grow returns r with the cells of free next to it (4-neighbour): one step
// of a flood fill within free.
func (g *tilesGeometry) grow(r, free uint32) uint32 {
	return (r | r<<1&g.notFirstCol | r>>1&g.notLastCol | r<<g.cols | r>>g.cols) & free
}

// region returns the cells of free connected to the cells of r.
func (g *tilesGeometry) region(r, free uint32) uint32 {
	for {
		x := g.grow(r, free)
		if x == r {
			return r
		}
		r = x
	}
}

// tilesLaneBits returns the bits of a placement's lane on a board of nc cells.
func tilesLaneBits(nc int) int {
	if nc <= tilesSmallLane {
		return tilesSmallLane
	}
	return tilesWordBits
}

// BuildTilesPattern computes the additive table of the pattern made of tiles
// on the rows x cols board with construction con (see the comment above)
// and returns its entries, one byte each, indexed by TilesRank of the tiles'
// cells in the order given, each (cost - Manhattan distance) / 2. A pattern
// has 1..rows*cols-3 distinct tiles of 1..rows*cols-1; errors wrap
// ErrTilesPattern. progress, if not nil, is called after each cost layer and
// every second within a long one. The search runs on all cores.
func BuildTilesPattern(rows, cols int, con TilesConstruction, tiles []int, progress func(Progress)) ([]byte, error) {
	return buildTilesPattern(rows, cols, con, tiles, allWorkers(), progress)
}

// buildTilesPattern is BuildTilesPattern on the given number of workers.
func buildTilesPattern(rows, cols int, con TilesConstruction, tiles []int, workers int, progress func(Progress)) ([]byte, error) {
	if !bitboard.TilesSizeOK(rows, cols) {
		return nil, fmt.Errorf("%w: %dx%d is not a supported board", ErrTilesPattern, rows, cols)
	}
	if err := tilesCheckPattern(rows, cols, tiles); err != nil {
		return nil, err
	}
	return buildTiles(rows, cols, con, tiles, workers, progress)
}

// buildTiles runs the search of BuildTilesPattern on a checked pattern on
// the given number of workers.
func buildTiles(rows, cols int, con TilesConstruction, tiles []int, workers int, progress func(Progress)) ([]byte, error) {
	nc := rows * cols
	k := len(tiles)
	goal := make([]uint8, k)
	var goalUsed uint32
	for i, t := range tiles {
		goal[i] = uint8(t) // BlankFirst: tile t at cell t
		goalUsed |= 1 << t
	}
	start := time.Now()
	entries := TilesEntries(nc, k)
	laneBits := tilesLaneBits(nc)
	lanes := uint64(tilesWordBits / laneBits)
	words := (entries + lanes - 1) / lanes
	b := &tilesBuilder{
		geo: newTilesGeometry(rows, cols), k: k, entries: entries,
		laneBits: uint(laneBits), lanes: lanes, lanesLog: uint(bits.TrailingZeros64(lanes)), laneMask: uint32(uint64(1)<<laneBits - 1),
		visited: make([]uint32, words), frontier: make([]uint32, words), next: make([]uint32, words),
	}
	b.table = make([]byte, entries)
	for i := range b.table {
		b.table[i] = tilesUnset
	}
	tilesPieceTables(&b.md, &b.weight, cols, nc, tiles)
	g0 := TilesRank(goal, nc)
	blanks := uint32(1) // TilesBlankHome: the blank at cell 0
	if con == TilesBlankAny {
		blanks = b.geo.full &^ goalUsed
	}
	b.frontier[g0/lanes] = blanks << (g0 % lanes * uint64(laneBits))
	b.visited[g0/lanes] = b.frontier[g0/lanes]
	var reached atomic.Uint64
	var depth atomic.Int64
	report, stop := tilesReport(progress, start, entries, &depth, &reached)
	defer stop()
	for d := 0; ; d++ {
		if d >= tilesUnset {
			return nil, fmt.Errorf("%w: costs above %d", ErrTilesPattern, tilesUnset-1)
		}
		depth.Store(int64(d))
		b.pass(workers, func(lo, hi uint64) uint64 {
			n := b.expand(lo, hi, uint8(d))
			reached.Add(n)
			return n
		})
		report()
		if b.pass(workers, b.merge) == 0 {
			break
		}
	}
	if r := reached.Load(); r != entries {
		return nil, fmt.Errorf("%w: reached %d of %d entries", ErrTilesPattern, r, entries)
	}
	if b.bad.Load() {
		return nil, fmt.Errorf("%w: a cost and its Manhattan distance differ in parity", ErrTilesPattern)
	}
	// Hand the bit planes back now: left to the garbage collector, a second
	// big build in the same process (the two 6-6-6-6 tables) would allocate
	// its planes beside the first one's and double the peak.
	b.visited, b.frontier, b.next = nil, nil, nil
	if tilesBuildBytes(rows, cols, k) >= releaseBytes {
		debug.FreeOSMemory()
	}
	return b.table, nil
}

// TilesMaxPatternTiles returns the most tiles a pattern of the rows x cols
// board holds: rows*cols-3 (the blank and two tiles left out).
func TilesMaxPatternTiles(rows, cols int) int { return rows*cols - tilesMinFree }

// tilesCheckPattern reports whether tiles is a pattern the builder takes.
func tilesCheckPattern(rows, cols int, tiles []int) error {
	nc := rows * cols
	k := len(tiles)
	// With only the blank and one other tile left free, some placements
	// cannot be reached (their two completions have one parity) and the
	// table would be the whole puzzle's anyway.
	if k == 0 || k > TilesMaxPatternTiles(rows, cols) {
		return fmt.Errorf("%w: %d tiles in a pattern on a %dx%d board, want 1..%d", ErrTilesPattern, k, rows, cols, TilesMaxPatternTiles(rows, cols))
	}
	var seen uint32
	for _, t := range tiles {
		if t <= 0 || t >= nc {
			return fmt.Errorf("%w: tile %d is not on a %dx%d board (want 1..%d)", ErrTilesPattern, t, rows, cols, nc-1)
		}
		if seen&(1<<t) != 0 {
			return fmt.Errorf("%w: tile %d appears twice", ErrTilesPattern, t)
		}
		seen |= 1 << t
	}
	return nil
}

type tilesBuilder struct {
	geo                     tilesGeometry
	k                       int
	entries                 uint64
	laneBits                uint   // bits of a placement's lane
	lanes                   uint64 // lanes a word
	lanesLog                uint   // log2(lanes)
	laneMask                uint32
	visited, frontier, next []uint32
	table                   []byte                                        // one entry a placement
	md                      [tilesMaxPieces][bitboard.TilesMaxCells]uint8 // md[i][c]: Manhattan distance of piece i at cell c
	weight                  [tilesMaxPieces]uint64                        // weight of piece i's digit in the rank
	bad                     atomic.Bool                                   // a cost broke the parity rule
}

// pass runs f over all word ranges on the given number of workers and
// returns the sum of what f returned.
func (b *tilesBuilder) pass(workers int, f func(lo, hi uint64) uint64) uint64 {
	return tilesParallel(workers, uint64(len(b.frontier)), tilesChunk, f)
}

// tilesParallel runs f over the ranges [lo, lo+chunk) of [0, n) on the given
// number of workers, each taking the next range when done with one, and
// returns the sum of what f returned.
func tilesParallel(workers int, n, chunk uint64, f func(lo, hi uint64) uint64) uint64 {
	var cursor, total atomic.Uint64
	runWorkers(workers, func(int) {
		var sum uint64
		for {
			lo := cursor.Add(chunk) - chunk
			if lo >= n {
				break
			}
			sum += f(lo, min(lo+chunk, n))
		}
		total.Add(sum)
	})
	return total.Load()
}

// tilesReport starts the progress reports of a build of total states begun
// at start, if progress is not nil: report sends one (the build calls it
// after each layer) and a ticker one every tilesProgressEvery, with the
// depth and states reached that depth and reached hold. stop ends the
// ticker; it may be called more than once.
func tilesReport(progress func(Progress), start time.Time, total uint64, depth *atomic.Int64, reached *atomic.Uint64) (report, stop func()) {
	if progress == nil {
		return func() {}, func() {}
	}
	var mu sync.Mutex
	report = func() {
		mu.Lock()
		progress(Progress{Depth: int(depth.Load()), States: reached.Load(), Total: total, Elapsed: time.Since(start).Seconds()})
		mu.Unlock()
	}
	tick := time.NewTicker(tilesProgressEvery)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-tick.C:
				report()
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return report, func() { once.Do(func() { tick.Stop(); close(done) }) }
}

// merge makes the frontier of words [lo,hi) the states of next not yet
// visited, and returns how many words have a frontier.
func (b *tilesBuilder) merge(lo, hi uint64) uint64 {
	var live uint64
	for w := lo; w < hi; w++ {
		x := b.next[w]
		if x == 0 {
			continue
		}
		b.next[w] = 0
		x &^= b.visited[w]
		b.frontier[w] = x
		b.visited[w] |= x
		if x != 0 {
			live++
		}
	}
	return live
}

// expand expands the frontier states of words [lo,hi) at cost d and returns
// how many placements it reached for the first time.
func (b *tilesBuilder) expand(lo, hi uint64, d uint8) uint64 {
	geo := &b.geo
	nc, k := geo.nc, b.k
	laneBits, lanes, lanesLog, laneMask := b.laneBits, b.lanes, b.lanesLog, b.laneMask
	var pos [tilesMaxPieces]uint8
	var first uint64
	for w := lo; w < hi; w++ {
		f := b.frontier[w]
		if f == 0 {
			continue
		}
		b.frontier[w] = 0
		for lane := uint64(0); lane < lanes; lane++ {
			cells := f >> (uint(lane) * laneBits) & laneMask
			if cells == 0 {
				continue
			}
			p := lanes*w + lane
			used := TilesUnrank(p, nc, pos[:k])
			if b.table[p] == tilesUnset {
				m := 0
				for i := range k {
					m += int(b.md[i][pos[i]])
				}
				extra := int(d) - m
				if extra < 0 || extra%2 != 0 {
					b.bad.Store(true) // cannot happen: see the entry encoding
				}
				b.table[p] = uint8(extra / 2)
				first++
			}
			// The ranks of successors, incrementally (see tilesStepRank).
			var before [tilesMaxPieces]uint32
			var cellWeight [bitboard.TilesMaxCells]uint64
			acc := uint32(0)
			for i := range k {
				before[i] = acc
				acc |= 1 << pos[i]
				cellWeight[pos[i]] = b.weight[i]
			}
			free := geo.full &^ used
			for cells != 0 {
				r := geo.region(cells&-cells, free)
				cells &^= r
				atomic.OrUint32(&b.visited[w], r<<(uint(lane)*laneBits))
				for i := range k {
					from := pos[i]
					to := geo.neighbours[from] & r
					after := used &^ before[i] &^ (1 << from)
					for to != 0 {
						c := uint8(bits.TrailingZeros32(to))
						to &= to - 1
						q := tilesStepRank(p, from, c, geo.cols, b.weight[i], before[i], after, &cellWeight)
						qw := q >> lanesLog
						bit := uint32(1) << (uint(from) + uint(q&(lanes-1))*laneBits)
						if (atomic.LoadUint32(&b.visited[qw])|atomic.LoadUint32(&b.next[qw]))&bit == 0 {
							atomic.OrUint32(&b.next[qw], bit)
						}
					}
				}
			}
		}
	}
	return first
}

// tilesStepRank returns the rank of the placement of rank p after the tile
// of index i moves from cell a to the free neighbouring cell c, without
// ranking it anew: w is the tile's digit weight (the product of the radixes
// of the digits after it), before the cells of the tiles before it, after
// those of the tiles after it, and cellWeight[x] the weight of the tile at x.
//
// The tile's digit counts the cells below it not taken by tiles before it,
// and each later tile's digit counts the cells below it not taken by tiles
// before it, this one among them. A move to the next cell (c = a+1) passes
// no cell, so only the tile's own digit grows by one. A move down a row
// (c = a+cols) passes the cells strictly between a and c: the digit grows by
// cols less the earlier tiles among them, and each later tile among them
// loses the moved tile from below it, so its digit grows by one. Moves left
// and up are the same backwards.
func tilesStepRank(p uint64, a, c uint8, cols int, w uint64, before, after uint32, cellWeight *[bitboard.TilesMaxCells]uint64) uint64 {
	switch {
	case c == a+1:
		return p + w
	case c+1 == a:
		return p - w
	case c > a:
		btw := (uint32(1)<<c - 1) &^ (uint32(1)<<(a+1) - 1)
		q := p + w*uint64(cols-bits.OnesCount32(before&btw))
		for x := after & btw; x != 0; x &= x - 1 {
			q += cellWeight[bits.TrailingZeros32(x)]
		}
		return q
	default:
		btw := (uint32(1)<<a - 1) &^ (uint32(1)<<(c+1) - 1)
		q := p - w*uint64(cols-bits.OnesCount32(before&btw))
		for x := after & btw; x != 0; x &= x - 1 {
			q -= cellWeight[bits.TrailingZeros32(x)]
		}
		return q
	}
}

// buildTilesExact computes the exact distance to the BlankFirst goal of every
// solvable 3 x 3 board by a plain breadth-first search, indexed by
// TilesExactIndex.
func buildTilesExact(progress func(Progress)) ([]byte, error) {
	start := time.Now()
	table := make([]byte, TilesExactEntries)
	for i := range table {
		table[i] = tilesUnset
	}
	goal := bitboard.GoalTiles(TilesExactSide, TilesExactSide, bitboard.BlankFirst)
	frontier := []bitboard.Tiles{goal}
	table[TilesExactIndex(goal)] = 0
	reached := uint64(1)
	for d := 0; len(frontier) > 0; d++ {
		if progress != nil {
			progress(Progress{Depth: d, States: reached, Total: TilesExactEntries, Elapsed: time.Since(start).Seconds()})
		}
		var next []bitboard.Tiles
		for _, s := range frontier {
			for m := range bitboard.TilesMove(bitboard.TilesMoves) {
				t, ok := s.Move(m)
				if !ok {
					continue
				}
				if i := TilesExactIndex(t); table[i] == tilesUnset {
					table[i] = uint8(d + 1)
					reached++
					next = append(next, t)
				}
			}
		}
		frontier = next
	}
	if reached != TilesExactEntries {
		return nil, fmt.Errorf("%w: exact search reached %d of %d boards", ErrTilesPattern, reached, TilesExactEntries)
	}
	return table, nil
}

// TilesManhattan returns the sum of the Manhattan distances of the pattern
// tiles at cells pos from their BlankFirst goal cells on a board of cols
// columns. A pattern's cost is TilesManhattan + 2 * its table entry.
func TilesManhattan(cols int, tiles []int, pos []uint8) int {
	m := 0
	for i, t := range tiles {
		m += bitboard.TilesDistance(cols, t, int(pos[i]))
	}
	return m
}

// tilesPieceTables sets the builders' per-piece tables for the pattern
// tiles on a board of nc cells and cols columns: md[i][c], the Manhattan
// distance of tiles[i] at cell c, and weight[i], the weight of piece i's
// digit in the rank of a placement (k-permutation of the nc cells).
func tilesPieceTables(md *[tilesMaxPieces][bitboard.TilesMaxCells]uint8, weight *[tilesMaxPieces]uint64, cols, nc int, tiles []int) {
	k := len(tiles)
	for i, t := range tiles {
		for c := range nc {
			md[i][c] = uint8(bitboard.TilesDistance(cols, t, c))
		}
	}
	weight[k-1] = 1
	for i := k - 2; i >= 0; i-- {
		weight[i] = weight[i+1] * uint64(nc-i-1)
	}
}
