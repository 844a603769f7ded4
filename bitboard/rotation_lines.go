package bitboard

// Sizes of the Rotation Game board.
const (
	RotationCells     = 24 // cells on the board
	RotationSymbols   = 3  // symbols 1..3
	rotationPerSymbol = 8  // cells holding each symbol on a valid board
	RotationMoves     = 8  // moves A..H
	RotationLineLen   = 7  // cells on one line
	RotationCentreLen = 8  // cells in the centre
)

// RotationLines lists, for each move A..H, the cells of its line head first:
// a move gives every cell the symbol of the cell after it and gives the head's
// symbol to the last cell.
var RotationLines = [RotationMoves][RotationLineLen]int{
	{0, 2, 6, 11, 15, 20, 22},    // A
	{1, 3, 8, 12, 17, 21, 23},    // B
	{10, 9, 8, 7, 6, 5, 4},       // C
	{19, 18, 17, 16, 15, 14, 13}, // D
	{23, 21, 17, 12, 8, 3, 1},    // E
	{22, 20, 15, 11, 6, 2, 0},    // F
	{13, 14, 15, 16, 17, 18, 19}, // G
	{4, 5, 6, 7, 8, 9, 10},       // H
}

// RotationInverse maps each move to the move that undoes it.
var RotationInverse = [RotationMoves]int{5, 4, 7, 6, 1, 0, 3, 2}

// RotationCentre lists the centre cells.
var RotationCentre = [RotationCentreLen]int{6, 7, 8, 11, 12, 15, 16, 17}

// RotationCentreMask has bit c set for every centre cell c.
const RotationCentreMask uint32 = 1<<6 | 1<<7 | 1<<8 | 1<<11 | 1<<12 | 1<<15 | 1<<16 | 1<<17

// RotationMoveNames holds the letters of moves A..H.
const RotationMoveNames = "ABCDEFGH"
