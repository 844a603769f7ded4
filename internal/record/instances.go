package record

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ErrInstances ends the error of InstanceRanges, which names the field;
// ErrInstancesDown, for a range from high to low.
var (
	ErrInstances     = errors.New("want a board number from 1, or a range such as 1-10")
	ErrInstancesDown = errors.New("a range goes from low to high")
)

// InstanceRanges reads an --instances list, 1-based record numbers and
// ranges separated by commas such as "40,38,25" or "1-10", into its
// numbers and ranges as given ([lo, hi] inclusive) and the set they make:
// sorted, disjoint, not adjacent ranges. An error names the field.
func InstanceRanges(v string) (given, merged [][2]int, err error) {
	for _, f := range strings.Split(v, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		switch {
		case err1 == nil && err2 == nil && a >= 1 && b < a:
			return nil, nil, fmt.Errorf("field %q: %w, such as %d-%d", f, ErrInstancesDown, b, a)
		case err1 != nil || err2 != nil || a < 1:
			return nil, nil, fmt.Errorf("field %q: %w", f, ErrInstances)
		}
		given = append(given, [2]int{a, b})
	}
	sorted := slices.Clone(given)
	slices.SortFunc(sorted, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	merged = sorted[:1]
	for _, r := range sorted[1:] {
		last := &merged[len(merged)-1]
		if r[0]-1 <= last[1] { // r[0] >= 1: no overflow, as last[1]+1 would at the largest int
			last[1] = max(last[1], r[1])
		} else {
			merged = append(merged, r)
		}
	}
	return given, merged, nil
}

// sameInstances reports whether the --instances lists a and b select the
// same records: a selection takes records in input order whatever the
// order of its list (puzzle.Selection), so "1-3", "1,2,3" and "3,1-2" are
// one; "" (every record) is only itself, and a list InstanceRanges refuses
// only the same text.
func sameInstances(a, b string) bool {
	if a == b {
		return true
	}
	if a == "" || b == "" {
		return false
	}
	_, x, errA := InstanceRanges(a)
	_, y, errB := InstanceRanges(b)
	return errA == nil && errB == nil && slices.Equal(x, y)
}
