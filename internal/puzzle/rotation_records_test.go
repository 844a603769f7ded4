package puzzle

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
)

// readerRecords counts the records RotationReader makes of data, a whole
// input: every board or error it reports, the incomplete board at its end
// included, up to the end token.
func readerRecords(data []byte) int {
	var r RotationReader
	n := 0
	f := func(int, bitboard.Rotation, error) bool { n++; return true }
	if !r.Scan(data, 1, f) {
		r.Finish(f)
	}
	return n
}

// TestRotationRecordsAsTheReader: RotationRecords counts what
// RotationReader reads, on random inputs of boards one a line, several a
// line and over several lines, short lines, bad symbols, blank lines and
// end tokens; over the units RotationSplit cuts too.
func TestRotationRecordsAsTheReader(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	syms := []string{"1", "2", "3", "1", "2", "3", "x", "0"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(12) {
			k := r.IntN(60)
			switch r.IntN(4) {
			case 0:
				k = bitboard.RotationCells
			case 1:
				k = 0
			}
			var f []string
			for range k {
				f = append(f, syms[r.IntN(len(syms)-1+r.IntN(2))]) // a "0" now and then
			}
			sep := " "
			if r.IntN(3) == 0 {
				sep = " \t "
			}
			b.WriteString(strings.Join(f, sep) + "\n")
		}
		if r.IntN(2) == 0 {
			b.WriteString("0\n")
		}
		data := []byte(b.String())
		want := readerRecords(data)
		if got := RotationRecords(data); got != want {
			t.Fatalf("%q: %d records, the reader reads %d", data, got, want)
		}
		if strings.Contains(" "+strings.Join(strings.Fields(b.String()), " ")+" ", " 0 ") {
			continue // an end token: the reader of the units stops there
		}
		sum := 0 // over the units the batch reads, which end where no board is being read
		for rest := data; len(rest) > 0; {
			n := RotationSplit(rest, false) // 0: no cut, the rest is the last unit
			if n == 0 {
				n = len(rest)
			}
			sum, rest = sum+RotationRecords(rest[:n]), rest[n:]
		}
		if sum != want {
			t.Fatalf("%q: %d records over the units, the reader reads %d", data, sum, want)
		}
	}
}
