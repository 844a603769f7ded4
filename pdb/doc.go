// Package pdb builds, stores and loads pattern databases: tables that give,
// for each placement of a pattern's pieces, the fewest moves that bring
// them home, for the Rotation Game (Rotation...) and the sliding-tile
// puzzles (Tiles...); a zero-aware sliding-tile table (TilesZero...) keeps
// one entry for each placement and each region of free cells the blank may
// be in, and its 1-bit form (TilesZeroBits...) one bit of each entry's cost,
// from which a search derives a child's cost from its parent's.
//
// # Table files
//
// A table file holds one Table. All integers are little-endian; a header is
// at most a few kilobytes (35 KiB with the largest frame index).
//
//	offset size   field
//	0      8      magic "PDBSOLVE" (Magic)
//	8      2      format version, 2 (FormatVersion)
//	10     1      length P of the puzzle id (1 to 64), then P bytes, such as "15puzzle"
//	.      1      length Q of the pattern id (1 to 64), then Q bytes
//	.      8      entry count N (1 to 2^40)
//	.      1      entry width W in bits: 1, 4, 8 or 64
//	.      2      number D of per-value counts (at most 256), then D x 8 bytes:
//	              count v is the number of entries holding value v; they add to N
//	.      4      CRC-32C (Castagnoli) of the packed, uncompressed entries
//	.      4      frame size S: entry bytes per frame, all frames but the last
//	.      4      frame count F = ceil(PackedSize(N, W) / S), at most 4096
//	.      F x 8  frame index: for each frame, its compressed length (4 bytes)
//	              and the CRC-32C of its compressed bytes (4 bytes)
//	.      4      CRC-32C of every header byte before this field
//	.      ...    the F frames, one after another: each a zstd frame that
//	              states its decompressed size and holds S packed entry
//	              bytes (the last one the rest)
//
// Entries of width 1 are packed eight to a byte, entry i in bit i%8 (the
// least significant bit is 0) of byte i/8, the unused high bits of the last
// byte zero; they have two per-value counts (zeros, ones) or one when no
// entry is 1. Entries of width 4 are packed two to a byte, entry i in the low nibble of
// byte i/2 when i is even and in the high nibble when i is odd. Entries of
// width 8 are bytes. Entries of width 64 are little-endian words; their
// per-value counts are of their low byte.
//
// Write uses frames of FrameBytes (8 MiB), compressed concurrently; readers
// decompress them concurrently and count values on all cores. A reader
// refuses a file before reading its entries when the path is not a regular
// file, when the header is damaged, or when the file's size is not the
// header's length plus the frame lengths, and it refuses a frame that does
// not state the size the header gives it before allocating the entries.
// Version 1 files (one frame, no index) are refused with ErrVersion, and a
// Cache rebuilds them.
//
// # Cache
//
// A Cache keeps table files in a directory, one per Spec, named
// "PUZZLE-PATTERN.pdb", beside a lock file "PUZZLE-PATTERN.pdb.lock". A table
// is written to a temporary file "PUZZLE-PATTERN.pdb.tmp" followed by a
// random suffix, synced and renamed into place, while its lock is held; the
// next Cache to touch the directory removes temporary files whose lock is
// free, left by builds that died. A build runs on Cache.Workers goroutines,
// all cores by default (BuildOptions), the compression of its file
// included. The tables pdbsolve builds are deterministic, whatever the
// number of workers, and their entry checksums are pinned: a file whose
// entries differ is rebuilt.
//
// The solvers read tables through a Source, which a Cache is; a library user
// may supply tables from elsewhere (memory, a store of its own) by
// implementing Source, and the solvers check each table against its Spec
// (Spec.Check). Write and WriteFile write a table file, ReadFile and Decode
// read one (from a path, from bytes in memory).
package pdb
