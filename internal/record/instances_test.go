package record

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// expand returns the set of numbers the --instances list v names,
// counted one by one; nil when a field is not a number or a range.
func expand(v string) map[int]bool {
	set := map[int]bool{}
	for _, f := range strings.Split(v, ",") {
		lo, hi, ok := strings.Cut(f, "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if ok {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil {
			return nil
		}
		for n := a; n <= b; n++ {
			set[n] = true
		}
	}
	return set
}

func sameSet(a, b map[int]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for n := range a {
		if !b[n] {
			return false
		}
	}
	return true
}

// TestDiffInstancesBySelection: Config.Diff tells --instances lists apart
// by the records they select, as sets of numbers counted one by one, not
// by their text; every record ("") differs from any list.
func TestDiffInstancesBySelection(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	list := func() string {
		var f []string
		for range 1 + r.IntN(4) {
			a := 1 + r.IntN(8)
			if r.IntN(2) == 0 {
				f = append(f, strconv.Itoa(a))
			} else {
				f = append(f, strconv.Itoa(a)+"-"+strconv.Itoa(a+r.IntN(4)))
			}
		}
		return strings.Join(f, ",")
	}
	pairs := [][2]string{{"1-3", "1,2,3"}, {"3,1-2", "1-3"}, {"1-3", "1-4"}, {"", "1-3"}, {"1-3", ""}, {"2,2", "2"}, {"1,3", "1-3"}}
	for range 2000 {
		pairs = append(pairs, [2]string{list(), list()})
	}
	for _, p := range pairs {
		a, b := &Config{Instances: p[0]}, &Config{Instances: p[1]}
		want := p[0] == p[1] || p[0] != "" && p[1] != "" && sameSet(expand(p[0]), expand(p[1]))
		d := a.Diff(b, "x", "y")
		if got := len(d) == 0; got != want {
			t.Fatalf("--instances %q and %q: diff %q, want the same: %v", p[0], p[1], d, want)
		}
		if !want && !strings.Contains(d[0], "--instances: "+orAll(p[0])+" in x, "+orAll(p[1])+" in y") {
			t.Fatalf("diff %q: not the lists as given", d)
		}
	}
}
