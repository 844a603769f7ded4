package pdb

// knownChecksums holds the CRC-32C of the entries of every table pdbsolve
// builds, by puzzle/pattern. The builds are deterministic, so a table whose
// entries differ, read from a file (even one with self-consistent checksums)
// or just built, is refused: a damaged or forged file is rebuilt instead of
// giving wrong answers, and a builder that changes its output fails loudly.
// A change to a table's encoding takes a new pattern id and a new entry here.
var knownChecksums = map[string]uint32{
	"rotation/centre8":          0x0b505e08,
	"rotation/centre8-paths-v2": 0xef511666,
	"8puzzle/exact":             0x05594601,
	"8puzzle/blank0-1.2.3.4-md": 0x07e5b300,
	"8puzzle/blank0-5.6.7.8-md": 0x04cd085f,

	// Zero-aware tables (tilesZeroPatternSpec).
	"8puzzle/zero0-1.2.3.4-md-v2":         0x4bb9c0ce,
	"8puzzle/zero0-5.6.7.8-md-v2":         0x94ee8c65,
	"15puzzle/zero0-1.2.4.5.8-md-v2":      0x1e4f37de,
	"15puzzle/zero0-3.6.7.10.11-md-v2":    0x9ed0bbde,
	"15puzzle/zero0-9.12.13.14.15-md-v2":  0x0d831021,
	"15puzzle/zero0-12.13.14-md-v2":       0x9f4bdbf2,
	"15puzzle/zero0-1.2.4.5.8.9-md-v2":    0xa7aa8ad3,
	"15puzzle/zero0-3.6.7.10.11.15-md-v2": 0x275b5bd0,
	// The tables of pdb78+zero and pdb771+zero (the 4x4 defaults' zero-aware
	// forms), each built twice, by the layout of 2026-12-01 and by the
	// cheaper index of 2026-12-02, with the same entries.
	"15puzzle/zero0-1.2.3.4.5.6.7-md-v2":         0xb44f90d7,
	"15puzzle/zero0-8.9.10.11.12.13.14.15-md-v2": 0x30e01235,
	"15puzzle/zero0-2.3.6.7.10.11.15-md-v2":      0x462399aa,
	"15puzzle/zero0-1-md-v2":                     0x42709aea,
	"24puzzle/zero0-1.2.5.6.7.12-md-v2":          0x119a4d46,
	"24puzzle/zero0-3.4.8.9.13.14-md-v2":         0xae6e4189,
	"24puzzle/zero0-1.2.3.4.5.6-md-v2":           0xcd020af5,
	"24puzzle/zero0-1.2.6.7.11.12-md-v2":         0x1c56c666,
	// The tables of search.TilesZeroCatalogueCR28 beyond the default's.
	"24puzzle/zero0-1.2.5.6.7.10-md-v2":    0x8fa19623,
	"24puzzle/zero0-3.4.7.8.9.12-md-v2":    0xd0b4c56d,
	"24puzzle/zero0-3.8.13.17.18.22-md-v2": 0x417f0333,
	"24puzzle/zero0-3.4.9.14.19.24-md-v2":  0x31e4a1dc,
	"24puzzle/zero0-1.6.11.12.16.17-md-v2": 0xc03d5bee,
	"24puzzle/zero0-6.7.8.11.12.13-md-v2":  0xbf3667d7,
	"24puzzle/zero0-1.2.3.4.9.14-md-v2":    0xb397d955,

	// 1-bit zero-aware tables (tilesZeroBitsPatternSpec): bit 1 of the
	// cost of each entry of the zero-aware table above.
	"8puzzle/zero0-1.2.3.4-bit1-v2":        0x7881f80d,
	"8puzzle/zero0-5.6.7.8-bit1-v2":        0x6f11122f,
	"tiles2x4/zero0-1.2.5-bit1-v2":         0xc69921bc,
	"tiles2x4/zero0-3.6.7-bit1-v2":         0x12179870,
	"tiles3x4/zero0-1.2.4.5-bit1-v2":       0xb420f8e9,
	"tiles3x4/zero0-6.7.10.11-bit1-v2":     0x078fc770,
	"15puzzle/zero0-1.2.4.5.8-bit1-v2":     0x2f5c8be9,
	"15puzzle/zero0-3.6.7.10.11-bit1-v2":   0x583cee73,
	"15puzzle/zero0-9.12.13.14.15-bit1-v2": 0xae493a58,
	"15puzzle/zero0-12.13.14-bit1-v2":      0x0a43c6a7,
	"15puzzle/zero0-1.2.4.5.8.9-bit1-v2":   0xd4cc490a,
	"24puzzle/zero0-1.2.5.6.7.12-bit1-v2":  0x0c3c0c99,
	// The other tables of the 24-puzzle's default,
	// search.TilesZeroCatalogueCR0145 at one bit an entry, each made from
	// the byte table pinned above.
	"24puzzle/zero0-3.4.8.9.13.14-bit1-v2":   0xeb0f8f23,
	"24puzzle/zero0-1.2.5.6.7.10-bit1-v2":    0xc144017b,
	"24puzzle/zero0-3.4.7.8.9.12-bit1-v2":    0xb6872062,
	"24puzzle/zero0-1.2.3.4.5.6-bit1-v2":     0x3dc82be3,
	"24puzzle/zero0-1.2.6.7.11.12-bit1-v2":   0xa7df9a8c,
	"24puzzle/zero0-3.4.9.14.19.24-bit1-v2":  0x510ad648,
	"24puzzle/zero0-1.6.11.12.16.17-bit1-v2": 0x42255a02,
	// The three other tables of search.TilesZeroCatalogueCR28 at one bit
	// an entry, each made from the byte table pinned above by the checked
	// conversion (every edge of its abstract graph); the last also built
	// from scratch, with the same entries.
	"24puzzle/zero0-3.8.13.17.18.22-bit1-v2": 0x9c970d8b,
	"24puzzle/zero0-6.7.8.11.12.13-bit1-v2":  0x5c22fae3,
	"24puzzle/zero0-1.2.3.4.9.14-bit1-v2":    0x79126b9f,
	// A 7-tile zero-aware pattern (in no preset; built through gen,
	// docs/results/2026-12-02-24puzzle-zero7-build.md): its byte table, and
	// its 1-bit form, made the same twice (from scratch and from the byte
	// table), each time with every edge checked.
	"24puzzle/zero0-1.2.5.6.7.10.11-md-v2":   0x52e77777,
	"24puzzle/zero0-1.2.5.6.7.10.11-bit1-v2": 0x647e6d80,

	// Move-pruning automata kept in the cache (search.TilesPruneSpec): not
	// pattern tables, but files of the same format.
	"15puzzle/prune16-udlr-v1": 0xc7652aac,
	"24puzzle/prune14-udlr-v1": 0x286a6df6,
	"24puzzle/prune16-udlr-v1": 0xf17b3e8d,

	"15puzzle/blank0-1.2.4.5.8-md":             0xb4e640c6,
	"15puzzle/blank0-3.6.7.10.11-md":           0x2a42beba,
	"15puzzle/blank0-9.12.13.14.15-md":         0xf0855afd,
	"15puzzle/blank0-1.2.4.5.8.9-md":           0x7de18f8d,
	"15puzzle/blank0-3.6.7.10.11.15-md":        0x9dbf0f3e,
	"15puzzle/blank0-12.13.14-md":              0xe2bef30a,
	"15puzzle/blank0-1.2.3.4.5.6.7-md":         0x100d6112,
	"15puzzle/blank0-8.9.10.11.12.13.14.15-md": 0x07851674,
	// The 4 x 4 default's (771) beyond pdb78's first: its second pattern's
	// table (the transpose's) and its lone tile's.
	"15puzzle/blank0-2.3.6.7.10.11.15-md": 0x82b92a4a,
	"15puzzle/blank0-1-md":                0x42709aea,

	// The 6-6-6-6 tables of Korf & Felner (2002). The second pattern at home
	// leaves its free cells one region, so its table is the one the
	// blank-anywhere construction built before (same CRC); the first walls
	// in cell 0 and differs.
	"24puzzle/blank0-1.2.5.6.7.12-md":  0x34074e19,
	"24puzzle/blank0-3.4.8.9.13.14-md": 0x30300f82,
}

// KnownChecksum returns the pinned CRC-32C of the entries of the table
// puzzle/pattern, and false when no checksum is pinned for it.
func KnownChecksum(puzzle, pattern string) (uint32, bool) {
	c, ok := knownChecksums[TableID{Puzzle: puzzle, Pattern: pattern}.String()]
	return c, ok
}
