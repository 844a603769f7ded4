package cli

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// puzzleShape returns the board shape of a sliding-tile puzzle name, or
// 0, 0 for rotation; size is the --size flag (for "tiles", and when given
// with a named board it must match it).
func puzzleShape(puzzle string, size *tilesShape) (rows, cols int, err error) {
	if puzzle == "rotation" {
		if size.sized {
			return 0, 0, usageError("--size: rotation has one board; --size is for the sliding-tile puzzles")
		}
		return 0, 0, nil
	}
	s, ok := tilesShapeOf(puzzle)
	if !ok {
		return 0, 0, usageError("unknown puzzle %q: want rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS", puzzle)
	}
	switch {
	case puzzle == tilesAnyName && !size.sized:
		return 0, 0, usageError("%s: --size ROWSxCOLS is required, such as --size 3x4", puzzle)
	case puzzle == tilesAnyName:
		return size.rows, size.cols, nil
	case size.sized && (size.rows != s.rows || size.cols != s.cols):
		return 0, 0, usageError("--size %dx%d: %s is the %dx%d board (use tiles --size %dx%d)",
			size.rows, size.cols, puzzle, s.rows, s.cols, size.rows, size.cols)
	}
	return s.rows, s.cols, nil
}

// openInput opens an input ("-" is standard input) and returns a function
// that closes it.
func openInput(g *globalOptions, name string) (io.Reader, func(), error) {
	if name == "-" {
		return g.Stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, withCode(ExitIO, err)
	}
	return f, func() { f.Close() }, nil
}

// isSilent reports whether err is the already-reported failure with exit
// status code.
func isSilent(err error, code int) bool {
	var ee *exitError
	return errors.As(err, &ee) && ee.code == code && ee.err == errSilent
}

// instanceSet is a --instances selection: 1-based record numbers as a list
// of ranges, never one entry a number, so 1-2000000000 costs two integers.
type instanceSet struct {
	text   string   // the flag's value, for messages
	ranges [][2]int // sorted, disjoint, not adjacent: [lo, hi] inclusive
	given  [][2]int // the numbers and ranges as given
}

// parseInstances reads --instances: 1-based board numbers and ranges
// separated by commas, such as "40,38,25" or "1-10"; nil for "" (all).
func parseInstances(v string) (*instanceSet, error) {
	if v == "" {
		return nil, nil
	}
	s := &instanceSet{text: v}
	for _, f := range strings.Split(v, ",") {
		lo, hi, isRange := strings.Cut(strings.TrimSpace(f), "-")
		a, err1 := strconv.Atoi(lo)
		b, err2 := a, error(nil)
		if isRange {
			b, err2 = strconv.Atoi(hi)
		}
		if err1 != nil || err2 != nil || a < 1 || b < a {
			return nil, usageError("--instances %q: field %q: want a board number from 1, or a range such as 1-10", v, f)
		}
		s.ranges = append(s.ranges, [2]int{a, b})
	}
	s.given = slices.Clone(s.ranges)
	slices.SortFunc(s.ranges, func(x, y [2]int) int { return cmp.Compare(x[0], y[0]) })
	merged := s.ranges[:1]
	for _, r := range s.ranges[1:] {
		last := &merged[len(merged)-1]
		if r[0] <= last[1]+1 {
			last[1] = max(last[1], r[1])
		} else {
			merged = append(merged, r)
		}
	}
	s.ranges = merged
	return s, nil
}

// has reports whether the set holds number n; a nil set holds every number.
func (s *instanceSet) has(n int) bool {
	if s == nil {
		return true
	}
	i, _ := slices.BinarySearchFunc(s.ranges, n, func(r [2]int, n int) int {
		switch {
		case r[1] < n:
			return -1
		case r[0] > n:
			return 1
		}
		return 0
	})
	return i < len(s.ranges) && s.ranges[i][0] <= n && n <= s.ranges[i][1]
}

// nonePast returns the numbers and ranges as given that lie wholly above
// n, as text.
func (s *instanceSet) nonePast(n int) []string {
	var out []string
	for _, r := range s.given {
		switch {
		case r[0] <= n:
		case r[0] == r[1]:
			out = append(out, strconv.Itoa(r[0]))
		default:
			out = append(out, fmt.Sprintf("%d-%d", r[0], r[1]))
		}
	}
	return out
}

// max returns the largest number of the set.
func (s *instanceSet) max() int { return s.ranges[len(s.ranges)-1][1] }
