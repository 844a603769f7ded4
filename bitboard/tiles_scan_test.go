package bitboard

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// tilesScanMixed mixes whole boards, boards over several lines, short and
// long ones, comments and blank lines.
const tilesScanMixed = `# mixed records
8 1 2 0 4 3 7 6 5

1 2
3 4 5 6
7 0 8
1 2 3 4 5 6 8 7 0 9
# 2
1 2 3 4 5 6 7
1 2 3 4 5 6 7 0 8
  4 5 6 7 7 0 1 2 3
`

func TestTilesScan(t *testing.T) {
	type rec struct {
		line   int
		fields int
	}
	for _, c := range []struct {
		in   string
		size int
		want []rec
		cut  int // cut when not at EOF
	}{
		{"1 2 3\n4 5 6\n7 8 0\n", 9, []rec{{1, 9}}, 18},
		{"# c\n\n1 2 3 4 5 6 7 8 0\n1 2", 9, []rec{{3, 9}, {4, 2}}, 23},
		{"1 2 3\n1 2 3 4 5 6 7 8 0\n", 9, []rec{{1, 3}, {2, 9}}, 24},
		{"1 2 3 4 5 6 7 8 0 5\n\n", 9, []rec{{1, 10}}, 21},
		{"1 2 3\n\n4 5 6\n# x\n7 8 0", 9, []rec{{1, 9}}, 0},
	} {
		var got []rec
		TilesScan([]byte(c.in), 1, c.size, func(r *TilesRecord) { got = append(got, rec{r.Line, len(r.Fields)}) })
		if len(got) != len(c.want) {
			t.Fatalf("%q: records %v, want %v", c.in, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Fatalf("%q: records %v, want %v", c.in, got, c.want)
			}
		}
		if cut := TilesSplit([]byte(c.in), c.size, false, 0); cut != c.cut {
			t.Fatalf("%q: cut at %d, want %d", c.in, cut, c.cut)
		}
	}
}

// tilesRec is one record of TilesScan: start line, fields, field lines.
type tilesRec struct {
	line   int
	fields []string
	lines  []int
}

// tilesScanAll parses data in one go, as one chunk.
func tilesScanAll(data []byte, size int) []tilesRec {
	var recs []tilesRec
	TilesScan(data, 1, size, func(r *TilesRecord) {
		recs = append(recs, tilesRec{r.Line, slices.Clone(r.Fields), slices.Clone(r.Lines)})
	})
	return recs
}

// tilesScanPieces parses data arriving in pieces cut at cuts the way the
// batch reader does: after each piece the split pass picks the longest
// prefix of whole boards, which becomes a chunk parsed on its own.
func tilesScanPieces(data []byte, size int, cuts []int) []tilesRec {
	var recs []tilesRec
	emit := func(r *TilesRecord) {
		recs = append(recs, tilesRec{r.Line, slices.Clone(r.Fields), slices.Clone(r.Lines)})
	}
	var buf []byte
	line, at := 1, 0
	for i := 0; i <= len(cuts); i++ {
		end, eof := len(data), i == len(cuts)
		if !eof {
			end = cuts[i]
		}
		buf = append(buf, data[at:end]...)
		at = end
		k := TilesSplit(buf, size, eof, 0)
		if k == 0 {
			continue
		}
		TilesScan(buf[:k], line, size, emit)
		line += bytes.Count(buf[:k], []byte{'\n'})
		buf = append([]byte(nil), buf[k:]...)
	}
	return recs
}

// TestTilesScanChunkBoundaries checks that the records do not depend on
// where the input is cut into chunks: every single cut, and many random sets
// of cuts, give the records of one-shot parsing. The inputs mix ASCII white
// space with Unicode spaces (which are not separators).
func TestTilesScanChunkBoundaries(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	seps := []string{" ", " ", "  ", "\t", "\r", "\v", "\f", "\xc2\xa0", "\u2003", "\xc2\x85", "\u3000"}
	var gen strings.Builder
	for range 150 {
		switch rng.IntN(8) {
		case 0:
			gen.WriteString("\n")
		case 1:
			gen.WriteString(" # comment 1 2 3\n")
		}
		k := 9 + rng.IntN(3) - 1 // mostly whole boards, some short or long
		for i, v := range rng.Perm(9)[:min(k, 9)] {
			if i > 0 {
				if rng.IntN(4) == 0 {
					gen.WriteString("\n")
				} else {
					gen.WriteString(seps[rng.IntN(len(seps))])
				}
			}
			gen.WriteString(strconv.Itoa(v))
		}
		if k > 9 {
			gen.WriteString(" 4")
		}
		gen.WriteString(seps[rng.IntN(len(seps))] + "\n")
	}
	inputs := []string{
		"1\xc2\xa02 3 4 5 6 7 8 0\n1\n2 3 4 5 6 7 8 0\n1\n",
		tilesScanMixed,
		"1 2 3\r\n4\v5\f6\r\n7 8 0\r\n\xc2\xa0\n1 2 3 4 5 6 7 8 0", // no final newline
		gen.String(),
	}
	for _, in := range inputs {
		data := []byte(in)
		want := tilesScanAll(data, 9)
		check := func(cuts []int) {
			if got := tilesScanPieces(data, 9, cuts); !reflect.DeepEqual(got, want) {
				t.Fatalf("%.40q cut at %v:\n got %v\nwant %v", in, cuts, got, want)
			}
		}
		for c := 0; c <= len(data); c++ {
			check([]int{c})
		}
		for range 300 {
			cuts := make([]int, 1+rng.IntN(12))
			for i := range cuts {
				cuts[i] = rng.IntN(len(data) + 1)
			}
			slices.Sort(cuts)
			check(cuts)
		}
	}
	// The NBSP board: one bad field, not two good ones.
	want := []tilesRec{
		{1, []string{"1\xc2\xa02", "3", "4", "5", "6", "7", "8", "0", "1"}, []int{1, 1, 1, 1, 1, 1, 1, 1, 2}},
		{3, []string{"2", "3", "4", "5", "6", "7", "8", "0", "1"}, []int{3, 3, 3, 3, 3, 3, 3, 3, 4}},
	}
	if got := tilesScanAll([]byte(inputs[0]), 9); !reflect.DeepEqual(got, want) {
		t.Fatalf("NBSP input: %v", got)
	}
	// An NBSP-only line is a field (a board closed short by the next line),
	// not a blank line.
	if got := tilesScanAll([]byte(inputs[2]), 9); len(got) != 3 || got[1].line != 4 ||
		!slices.Equal(got[1].fields, []string{"\xc2\xa0"}) || got[2].line != 5 {
		t.Fatalf("CRLF input: %v", got)
	}
}
