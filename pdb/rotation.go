package pdb

import (
	"encoding/binary"
	"fmt"
	"sync/atomic"
	"time"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// Ids of the Rotation Game table.
const (
	RotationPuzzle  = "rotation"
	RotationPattern = "centre8"
	RotationWidth   = 4                    // bits per entry
	rotationMaxDist = 1<<RotationWidth - 1 // largest distance a 4-bit entry holds
)

// RotationSpec describes the Rotation Game table: for each mask of 8 cells
// out of 24, in RankMask order, the fewest moves that bring those cells onto
// the centre. One table serves all three symbols.
func RotationSpec() Spec {
	return Spec{Puzzle: RotationPuzzle, Pattern: RotationPattern, Entries: RotationEntries, Width: RotationWidth,
		Build: buildRotation}
}

// moveMask applies move m to the cells of a 24-bit mask.
func moveMask(mask uint32, m int) uint32 {
	return uint32(bitboard.Rotation(mask).Move(m)) & (1<<rotationCells - 1)
}

// BuildRotation computes the Rotation Game table by a breadth-first search
// from the centre mask. Every move's inverse is a move (A/F, B/E, C/H, D/G),
// so the distance from a mask to the centre equals the distance from the
// centre to it. Each layer's frontier is split among workers on all cores,
// which claim new masks with a compare-and-swap.
func BuildRotation(progress func(Progress)) (*Table, error) {
	return buildRotation(&BuildOptions{Progress: progress})
}

// buildRotation is BuildRotation with options o (the Spec's Build).
func buildRotation(o *BuildOptions) (*Table, error) {
	workers, err := o.WorkerCount()
	if err != nil {
		return nil, err
	}
	progress := o.progress()
	start := time.Now()
	// visited is a bitset small enough for the L2 cache; dist is written
	// only by the worker that set the entry's visited bit.
	visited := make([]atomic.Uint64, (RotationEntries+63)/64)
	dist := make([]uint8, RotationEntries)
	nexts := make([][]uint32, workers)
	goal := bitboard.RotationCentreMask
	visited[RankMask(goal)>>6].Or(1 << (RankMask(goal) & 63))
	frontier := []uint32{goal}
	seen := uint64(1)
	for d := 0; len(frontier) > 0; d++ {
		if progress != nil {
			progress(Progress{Depth: d, States: seen, Total: RotationEntries, Elapsed: time.Since(start).Seconds()})
		}
		if d+1 > rotationMaxDist {
			return nil, fmt.Errorf("rotation distances exceed %d, the most a %d-bit entry holds", rotationMaxDist, RotationWidth)
		}
		w := workers
		if len(frontier) < minParallel {
			w = 1
		}
		chunk := (len(frontier) + w - 1) / w
		runWorkers(w, func(i int) {
			part := frontier[min(i*chunk, len(frontier)):min((i+1)*chunk, len(frontier))]
			nexts[i] = expandRotation(part, visited, dist, uint8(d+1), nexts[i][:0])
		})
		frontier = frontier[:0]
		for i := 0; i < w; i++ {
			frontier = append(frontier, nexts[i]...)
		}
		seen += uint64(len(frontier))
	}
	if seen != RotationEntries {
		return nil, fmt.Errorf("rotation search reached %d of %d masks", seen, RotationEntries)
	}
	packed := make([]byte, (RotationEntries+1)/2)
	for i := range dist {
		packed[i>>1] |= dist[i] << ((i & 1) << 2)
	}
	return newTable(RotationPuzzle, RotationPattern, RotationEntries, RotationWidth, packed, workers)
}

// minParallel is the smallest frontier worth splitting among workers.
const minParallel = 4096

// expandRotation appends to next every unseen neighbour of the frontier's
// masks, marking it at distance d.
func expandRotation(frontier []uint32, visited []atomic.Uint64, dist []uint8, d uint8, next []uint32) []uint32 {
	for _, mask := range frontier {
		for m := 0; m < bitboard.RotationMoves; m++ {
			c := moveMask(mask, m)
			r := RankMask(c)
			w, bit := &visited[r>>6], uint64(1)<<(r&63)
			if w.Load()&bit == 0 && w.Or(bit)&bit == 0 {
				dist[r] = d
				next = append(next, c)
			}
		}
	}
	return next
}

// RotationPathsPattern is the pattern id of the Rotation Game path table. Its
// suffix versions the entry encoding below: a new encoding takes a new id,
// so a cached file of the old one is rebuilt, never misread.
const RotationPathsPattern = "centre8-paths-v2"

// Path table entries: the low byte (PathLenBits) holds the length L of the
// dictionary-smallest shortest move sequence that brings a mask onto the
// centre, and move i of it (0 = A) sits in the PathMoveBits bits from
// PathLenBits + PathMoveBits*(L-1-i), the first move highest. Among entries
// of equal length, numeric order is dictionary order of the moves.
const (
	PathLenBits  = 8 // a byte, so the table's per-value counts are counts per length
	PathMoveBits = 3
	pathWidth    = 64
)

// PathMove returns move i of a path table entry.
func PathMove(e uint64, i int) int {
	l := int(e & (1<<PathLenBits - 1))
	return int(e >> (PathLenBits + PathMoveBits*(l-1-i)) & (1<<PathMoveBits - 1))
}

// RotationPathsSpec describes the path table derived from the distance
// table dist: for each mask, in RankMask order, the dictionary-smallest
// shortest move sequence that brings it onto the centre (see PathLenBits).
// The board's answer is the smallest among its symbols' shortest entries.
func RotationPathsSpec(dist *Table) Spec {
	return Spec{Puzzle: RotationPuzzle, Pattern: RotationPathsPattern, Entries: RotationEntries, Width: pathWidth,
		Build: func(o *BuildOptions) (*Table, error) { return buildRotationPaths(dist, o) }}
}

// BuildRotationPaths derives the path table from the distance table, layer
// by layer: a mask's path is the smallest move that brings it one closer to
// the centre, followed by the path of the mask that move leads to. It runs
// on all cores.
func BuildRotationPaths(dist *Table) (*Table, error) { return buildRotationPaths(dist, nil) }

// buildRotationPaths is BuildRotationPaths with options o (the Spec's
// Build; o.Progress is not called).
func buildRotationPaths(dist *Table, o *BuildOptions) (*Table, error) {
	workers, err := o.WorkerCount()
	if err != nil {
		return nil, err
	}
	spec := RotationSpec()
	if err := spec.check(dist, "distance table"); err != nil {
		return nil, err
	}
	layers := make([][]uint32, len(dist.Counts))
	for d, c := range dist.Counts {
		layers[d] = make([]uint32, 0, c)
	}
	mask := unrankMask(0)
	for r := 0; r < RotationEntries; r++ {
		d := dist.Get(uint64(r))
		layers[d] = append(layers[d], mask)
		mask = nextMask(mask)
	}
	paths := make([]uint64, RotationEntries)
	var bad atomic.Uint32 // a mask with no closer neighbour: the table is wrong
	for d := 1; d < len(layers); d++ {
		layer := layers[d]
		chunk := (len(layer) + workers - 1) / workers
		runWorkers(workers, func(w int) {
			for _, mask := range layer[min(w*chunk, len(layer)):min((w+1)*chunk, len(layer))] {
				if !extendPath(dist, paths, mask, d) {
					bad.Store(mask | 1<<31)
				}
			}
		})
		if m := bad.Load(); m != 0 {
			return nil, fmt.Errorf("distance table is inconsistent at mask %06x", m&^(1<<31))
		}
	}
	data := make([]byte, 8*RotationEntries)
	for r, p := range paths {
		binary.LittleEndian.PutUint64(data[8*r:], p)
	}
	return newTable(RotationPuzzle, RotationPathsPattern, RotationEntries, pathWidth, data, workers)
}

// extendPath sets the path of a mask at distance d from its smallest move
// to a mask at d-1, whose path is known.
func extendPath(dist *Table, paths []uint64, mask uint32, d int) bool {
	for m := 0; m < bitboard.RotationMoves; m++ {
		c := RankMask(moveMask(mask, m))
		if int(dist.Get(uint64(c))) == d-1 {
			paths[RankMask(mask)] = uint64(m)<<(PathLenBits+PathMoveBits*(d-1)) |
				paths[c]&^(1<<PathLenBits-1) | uint64(d)
			return true
		}
	}
	return false
}

// nextMask returns the next larger mask with as many bits set (Gosper's
// hack); in RankMask order that is the mask of the next rank.
func nextMask(m uint32) uint32 {
	c := m & -m
	r := m + c
	return ((r^m)>>2)/c | r
}

// LoadRotation returns the Rotation Game distance and path tables from the
// cache, building whichever is missing.
func (c *Cache) LoadRotation() (dist, paths *Table, err error) {
	if dist, err = c.Load(RotationSpec()); err != nil {
		return nil, nil, err
	}
	if paths, err = c.Load(RotationPathsSpec(dist)); err != nil {
		return nil, nil, err
	}
	return dist, paths, nil
}
