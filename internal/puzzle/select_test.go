package puzzle

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pdbsolve/pdbsolve/bitboard"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// TestInstancesAgainstAMap checks the ranges of parseInstances against the
// obvious set of numbers, and that a huge range is never materialised.
func TestInstancesAgainstAMap(t *testing.T) {
	for _, spec := range []string{"5", "40,38,25", "1-10", "3-7,5-12,20", "9,8,7,1-3,4-5", "100-100,99"} {
		s, err := parseInstances(spec)
		if err != nil {
			t.Fatal(err)
		}
		want := map[int]bool{}
		for _, f := range strings.Split(spec, ",") {
			lo, hi, isRange := strings.Cut(f, "-")
			a, _ := strconv.Atoi(lo)
			b := a
			if isRange {
				b, _ = strconv.Atoi(hi)
			}
			for i := a; i <= b; i++ {
				want[i] = true
			}
		}
		for n := 0; n <= 130; n++ {
			if s.has(n) != want[n] {
				t.Fatalf("%s: has(%d) = %v", spec, n, s.has(n))
			}
		}
	}
	s, _ := parseInstances("1-2000000000,5")
	if len(s.ranges) != 1 || !s.has(1999999999) || s.has(2000000001) {
		t.Fatalf("ranges %v", s.ranges)
	}
}

// TestSelectedAgainstAFilter: the records Records takes are those a filter
// of every record by shard and number takes, and it reads no further than
// the last number picked.
func TestSelectedAgainstAFilter(t *testing.T) {
	var in strings.Builder
	const records = 40
	for i := range records {
		in.WriteString("1 2 3 4 5 6 7 8 0\n")
		if i%7 == 3 {
			in.WriteString("1 2 3 4 5 6 7 8 8\n") // a bad record counts too
		}
	}
	open := func(string) (io.Reader, func(), error) { return strings.NewReader(in.String()), func() {}, nil }
	total := 0
	scan[bitboard.Tiles](Tiles{3, 3}, open, []string{"x"}, func(*Record[bitboard.Tiles]) bool { total++; return true })
	for _, c := range []struct {
		shard     report.Shard
		instances string
	}{{report.Shard{K: 0, N: 1}, ""}, {report.Shard{K: 1, N: 3}, ""}, {report.Shard{K: 0, N: 2}, "3-9,20,44"}, {report.Shard{K: 0, N: 1}, "5,2"}} {
		pick, _ := parseInstances(c.instances)
		sel := Selection{Shard: c.shard, Pick: pick}
		var got, want []int
		for i := range total {
			if i%c.shard.N == c.shard.K && pick.has(i+1) {
				want = append(want, i)
			}
		}
		n, err := Records[bitboard.Tiles](Tiles{3, 3}, open, []string{"x"}, &sel, func(r *Record[bitboard.Tiles]) bool {
			got = append(got, r.Index)
			return true
		})
		wantN := total
		if pick != nil && pick.max() < total {
			wantN = -1
		}
		if err != nil || n != wantN || !slices.Equal(got, want) {
			t.Errorf("%v %q: %v (n %d, %v), want %v (n %d)", c.shard, c.instances, got, n, err, want, wantN)
		}
	}
}

// TestUnmatchedAgainstAFilter: Unmatched fails exactly when a number or
// range given lies wholly past the records, or when no record is in both
// the shard and the numbers (as a filter of every index finds), and notes a
// range that only runs past the end.
func TestUnmatchedAgainstAFilter(t *testing.T) {
	for _, spec := range []string{"", "2", "5-7", "1,9", "3-100", "20", "2,4-5"} {
		pick, err := parseInstances(spec)
		if err != nil {
			t.Fatal(err)
		}
		var given [][2]int // parsed by hand
		for _, f := range strings.Split(spec, ",") {
			if f == "" {
				continue
			}
			lo, hi, _ := strings.Cut(f, "-")
			a, _ := strconv.Atoi(lo)
			b := a
			if hi != "" {
				b, _ = strconv.Atoi(hi)
			}
			given = append(given, [2]int{a, b})
		}
		for n := 0; n <= 12; n++ {
			for shards := 1; shards <= 4; shards++ {
				for k := range shards {
					sel := Selection{Shard: report.Shard{K: k, N: shards}, Pick: pick}
					taken, wholly, runs := false, false, false
					for i := range n {
						taken = taken || i%shards == k && (spec == "" || slices.ContainsFunc(given, func(r [2]int) bool { return r[0] <= i+1 && i+1 <= r[1] }))
					}
					for _, r := range given {
						wholly = wholly || r[0] > n
						runs = runs || r[1] > n
					}
					note, err := sel.Unmatched(n)
					wantErr := wholly || shards > 1 && !taken
					if (err != nil) != wantErr || err != nil && !errors.Is(err, ErrNoMatch) || (note != "") != (runs && !wholly) {
						t.Errorf("%d/%d --instances %q over %d records: note %q, error %v", k, shards, spec, n, note, err)
					}
				}
			}
		}
	}
}

// TestInstancesErrorsSayWhatIsWrong: a bad --instances names its field
// once and what is wrong with it: a range from high to low says so, with
// the range it likely meant.
func TestInstancesErrorsSayWhatIsWrong(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"10-1", `field "10-1": a range goes from low to high, such as 1-10`},
		{"3,x", `field "x": want a board number from 1`},
		{"0-4", `field "0-4": want a board number from 1`},
	} {
		_, err := parseInstances(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Count(err.Error(), c.in) != 1 && c.in != "3,x" {
			t.Errorf("%q: %v; want %q, the field named once", c.in, err, c.want)
		}
	}
}
