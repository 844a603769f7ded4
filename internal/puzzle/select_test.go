package puzzle

import (
	"strconv"
	"strings"
	"testing"
)

// TestInstancesAgainstAMap checks the ranges of ParseInstances against the
// obvious set of numbers, and that a huge range is never materialised.
func TestInstancesAgainstAMap(t *testing.T) {
	for _, spec := range []string{"5", "40,38,25", "1-10", "3-7,5-12,20", "9,8,7,1-3,4-5", "100-100,99"} {
		s, err := ParseInstances(spec)
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
			if s.Has(n) != want[n] {
				t.Fatalf("%s: has(%d) = %v", spec, n, s.Has(n))
			}
		}
	}
	s, _ := ParseInstances("1-2000000000,5")
	if len(s.ranges) != 1 || !s.Has(1999999999) || s.Has(2000000001) {
		t.Fatalf("ranges %v", s.ranges)
	}
}
