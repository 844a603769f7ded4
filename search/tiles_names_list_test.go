package search

import (
	"slices"
	"testing"
)

// TestSplitHeuristicList: lists of names, some of them patterns with
// commas, split where a name ends; every name the split gives parses
// (or is the empty name the list wrote).
func TestSplitHeuristicList(t *testing.T) {
	for _, c := range []struct {
		list string
		want []string
	}{
		{"", nil},
		{"manhattan", []string{"manhattan"}},
		{"manhattan,pdb663+reflect", []string{"manhattan", "pdb663+reflect"}},
		{"pdb:1,2,4,5,8,9/3,6,7,10,11,15/12-14+reflect,manhattan",
			[]string{"pdb:1,2,4,5,8,9/3,6,7,10,11,15/12-14+reflect", "manhattan"}},
		{"pdb6666+zero+reflect|pdb:1-6/7-9,12-14/10,11,15,16,20,21/17-19,22-24+zero+reflect,pdb6666+reflect",
			[]string{"pdb6666+zero+reflect|pdb:1-6/7-9,12-14/10,11,15,16,20,21/17-19,22-24+zero+reflect", "pdb6666+reflect"}},
		{"exact,,count,", []string{"exact", "", "count", ""}},
		{`manhattan,"pdb:1,2,5,6,9,10/3,4,7,8,11",pdb:1-6/7-11`,
			[]string{"manhattan", "pdb:1,2,5,6,9,10/3,4,7,8,11", "pdb:1-6/7-11"}},
	} {
		got := SplitHeuristicList(c.list)
		if !slices.Equal(got, c.want) {
			t.Errorf("SplitHeuristicList(%q) = %q, want %q", c.list, got, c.want)
		}
	}
	// The names of a 4x4 and a 5x5 list parse under the grammar.
	for _, c := range []struct {
		side int
		list string
	}{
		{4, "manhattan,pdb:1,2,4,5,8,9/3,6,7,10,11,15/12-14+reflect,pdb:1-7/8-15+zero"},
		{5, "pdb6666+reflect,pdb6666+zero+reflect|pdb:1-6/7-9,12-14/10,11,15,16,20,21/17-19,22-24+zero+reflect"},
	} {
		for _, name := range SplitHeuristicList(c.list) {
			if _, err := tilesParseName(c.side, c.side, name); err != nil {
				t.Errorf("%q from %q: %v", name, c.list, err)
			}
		}
	}
}

// TestCheckHeuristicList: a list of heuristics to compare names one at
// least, and none twice (a pattern with commas is one name).
func TestCheckHeuristicList(t *testing.T) {
	for _, c := range []struct {
		names []string
		ok    bool
	}{
		{nil, false}, {[]string{"manhattan"}, true}, {[]string{"manhattan", "pdb:1,2/3", "pdb:1/2,3"}, true},
		{[]string{"manhattan", "pdb663", "manhattan"}, false},
	} {
		if err := CheckHeuristicList(c.names); (err == nil) != c.ok {
			t.Errorf("CheckHeuristicList(%q) = %v, want ok %v", c.names, err, c.ok)
		}
	}
}
