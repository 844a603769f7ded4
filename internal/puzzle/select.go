package puzzle

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pdbsolve/pdbsolve/internal/record"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// Instances is a selection of 1-based record numbers (--instances) kept as
// ranges, never one entry a number, so 1-2000000000 costs two integers.
// A nil *Instances holds every number.
type Instances struct {
	text   string   // as given, for messages
	ranges [][2]int // sorted, disjoint, not adjacent: [lo, hi] inclusive
	given  [][2]int // the numbers and ranges as given
}

// errInstances ends the error of parseInstances, which names the field;
// errInstancesDown, for a range from high to low.
var (
	errInstances     = record.ErrInstances
	errInstancesDown = record.ErrInstancesDown
)

// InstancesValue is the text of --instances as a flag's value (String, Set
// and Type, the methods of pflag.Value), checked when it is set: an empty
// list is refused, since it would take every record as the flag's absence
// does (a script's empty variable would run the whole batch), and a list
// parseInstances refuses is refused with its error.
type InstancesValue string

// String returns the list as given.
func (v *InstancesValue) String() string { return string(*v) }

// Type returns the value's form in help: "list".
func (v *InstancesValue) Type() string { return "list" }

// Set checks s (parseInstances) and keeps it.
func (v *InstancesValue) Set(s string) error {
	if strings.TrimSpace(s) == "" {
		return fmt.Errorf("%q: %w; leave the flag out to take every record", s, errInstances)
	}
	if _, err := parseInstances(s); err != nil {
		return err
	}
	*v = InstancesValue(s)
	return nil
}

// parseInstances reads 1-based record numbers and ranges separated by
// commas, such as "40,38,25" or "1-10"; nil for "" (every record).
func parseInstances(v string) (*Instances, error) {
	if v == "" {
		return nil, nil
	}
	given, merged, err := record.InstanceRanges(v)
	if err != nil {
		return nil, err
	}
	return &Instances{text: v, ranges: merged, given: given}, nil
}

// String returns the selection as given.
func (s *Instances) String() string { return s.text }

// has reports whether the set holds number n; a nil set holds every number.
func (s *Instances) has(n int) bool {
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
func (s *Instances) nonePast(n int) []string {
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
func (s *Instances) max() int { return s.ranges[len(s.ranges)-1][1] }

// Selection is what --shard and --instances take of the records of a run:
// record index i (0-based) is taken when it is in the shard and its number
// i+1 is picked.
type Selection struct {
	Shard report.Shard
	Pick  *Instances // nil: every record
	// Skip, when set, drops records already done (a resumed run), by input
	// name as messages write it ("stdin" for "-") and line.
	Skip func(input string, line int) bool
}

// ParseSelection reads --shard K/N (report.ParseShard; "" is the whole run)
// and --instances (parseInstances) into a selection; an error names the
// flag.
func ParseSelection(shard, instances string) (Selection, error) {
	sh, err := report.ParseShard(shard)
	if err != nil {
		return Selection{}, err
	}
	pick, err := parseInstances(instances)
	if err != nil {
		return Selection{}, fmt.Errorf("--instances %w", err)
	}
	return Selection{Shard: sh, Pick: pick}, nil
}

// All reports whether the selection takes every record.
func (s *Selection) All() bool { return s.Shard.N <= 1 && s.Pick == nil && s.Skip == nil }

// Has reports whether the selection takes the record of 0-based index i.
func (s *Selection) Has(i int) bool { return s.Shard.Has(i) && s.Pick.has(i+1) }

// past reports whether no record from 0-based index i on is taken.
func (s *Selection) past(i int) bool { return s.Pick != nil && i+1 > s.Pick.max() }

// Records is the one record stream of a run: it calls f with each record
// of the inputs of p that sel takes (scan's records, typed boards numbered
// across the inputs, with their input and line), in order, until f returns
// false, and reads no further than the last number sel picks. It returns
// the number of records the inputs hold, or -1 when the reading stopped
// before their end; an error is open's or a read error, naming the input.
func Records[B any](p Family[B], open Opener, inputs []string, sel *Selection, f func(*Record[B]) bool) (int, error) {
	n := 0
	err := scan(p, open, inputs, func(rec *Record[B]) bool {
		n = rec.Index + 1
		switch {
		case sel.past(rec.Index):
		case !sel.Has(rec.Index) || sel.Skip != nil && sel.Skip(rec.Input, rec.Line):
			return true
		case f(rec):
			return true
		}
		n = -1
		return false
	})
	return n, err
}

// ErrNoMatch is returned (wrapped) by Unmatched when numbers of
// --instances, or the selection as a whole, match no record of the inputs.
var ErrNoMatch = errors.New("the selection matches no record")

// Unmatched returns, for inputs that held n records, what of the selection
// matched nothing: an error wrapping ErrNoMatch naming the numbers and
// ranges of Pick that lie wholly past their end, or saying that the shard
// (with Pick) takes none of their records; and a note when Pick only runs
// past their end (as 1-1000000 may) but matches records still. n < 0
// stands for inputs known to hold every number Pick names (their count
// unknown): only the shard is checked then, against those numbers.
func (s *Selection) Unmatched(n int) (note string, err error) {
	if n < 0 && s.Pick != nil {
		if s.Shard.N > 1 && !s.takesAny(s.Pick.max()) {
			return "", errorf(ErrNoMatch, "--shard %s --instances %s: none of the records picked is in the shard", s.Shard, s.Pick)
		}
		return "", nil
	}
	if s.Pick != nil && s.Pick.max() > n {
		note = fmt.Sprintf("--instances %s: the inputs hold %s; numbers above %d match nothing", s.Pick, report.Count(n, "record"), n)
		if none := s.Pick.nonePast(n); len(none) > 0 {
			return "", errorf(ErrNoMatch, "%s: %s", note, strings.Join(none, ","))
		}
	}
	if s.Shard.N > 1 && !s.takesAny(n) {
		what, where := "--shard "+s.Shard.String(), "the shard"
		if s.Pick != nil {
			what, where = what+" --instances "+s.Pick.String(), "both"
		}
		return note, errorf(ErrNoMatch, "%s: the inputs hold %s, none of them in %s", what, report.Count(n, "record"), where)
	}
	return note, nil
}

// Warn writes to w, as "pdbsolve: " lines, what of the selection matched
// nothing in inputs that held n records (Unmatched), and returns whether
// that fails the run: a number or range of --instances, or the selection as
// a whole, matched no record (a range that runs past the end, such as
// 1-1000000, is only noted).
func (s *Selection) Warn(w io.Writer, n int) bool {
	note, err := s.Unmatched(n)
	if note != "" {
		fmt.Fprintf(w, "pdbsolve: %s\n", note)
	}
	if err != nil {
		fmt.Fprintf(w, "pdbsolve: %v\n", err)
	}
	return err != nil
}

// takesAny reports whether the shard and Pick take one of the records of
// 0-based index 0 to n-1.
func (s *Selection) takesAny(n int) bool {
	ranges := [][2]int{{1, n}}
	if s.Pick != nil {
		ranges = s.Pick.ranges
	}
	k, m := s.Shard.K, max(s.Shard.N, 1)
	for _, r := range ranges {
		lo, hi := r[0]-1, min(r[1], n)-1
		if first := lo + ((k-lo)%m+m)%m; first <= hi { // the shard's first index from lo
			return true
		}
	}
	return false
}
