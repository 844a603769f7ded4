// Package bitboard packs puzzle boards into machine words and moves them with
// precomputed tables.
//
// A Rotation Game board (see RotationLines) holds 24 cells of symbols 1..3 in
// 48 bits of a uint64, two bits a cell stored as two bit planes: bit c holds
// the low bit of cell c's symbol and bit 24+c its high bit. In this layout a
// move is a few masks and rotations of the whole word, and the 24-bit mask of
// the cells holding one symbol is two logical operations away.
package bitboard

//go:generate go run gen_rotation.go
