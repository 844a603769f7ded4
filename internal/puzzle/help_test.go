package puzzle

import (
	"slices"
	"strings"
	"testing"
)

// TestWrapHelp: a line longer than HelpWidth is broken at spaces into
// lines that fit, its words unchanged and in order, a word longer than the
// width alone on its line; lines that fit are left as they are; an
// indented line's pieces keep its indentation.
func TestWrapHelp(t *testing.T) {
	long := strings.Repeat("pdb663+zero+reflect, ", 12) + strings.Repeat("x", HelpWidth+3) + " end."
	short := "A hand-wrapped line,  spaces and all."
	text := short + "\n" + long + "\n\n" + short + "\n"
	got := WrapHelp(text)
	lines := strings.Split(got, "\n")
	if lines[0] != short || lines[len(lines)-3] != "" || lines[len(lines)-2] != short || lines[len(lines)-1] != "" {
		t.Fatalf("lines that fit changed:\n%s", got)
	}
	wrapped := lines[1 : len(lines)-3]
	for i, l := range wrapped {
		long := strings.HasPrefix(l, "xxx")
		if len(l) > HelpWidth && (!long || l != strings.Repeat("x", HelpWidth+3)) || i > 0 && len(wrapped[i-1])+1+len(strings.Fields(l)[0]) <= HelpWidth {
			t.Errorf("line %d of the wrapped one: %q", i, l)
		}
	}
	if !slices.Equal(strings.Fields(strings.Join(wrapped, " ")), strings.Fields(long)) {
		t.Errorf("words changed:\n%s", got)
	}
	indented := strings.Split(WrapHelp("    "+strings.Repeat("word ", 30)), "\n")
	for _, l := range indented {
		if len(l) > HelpWidth || !strings.HasPrefix(l, "    word") {
			t.Errorf("indented line wrapped to %q", indented)
			break
		}
	}
	if len(indented) < 2 {
		t.Errorf("indented line not wrapped: %q", indented)
	}
}

func TestOrList(t *testing.T) {
	for want, names := range map[string][]string{"": nil, "a": {"a"}, "a or b": {"a", "b"}, "a, b or c": {"a", "b", "c"}} {
		if got := OrList(names); got != want {
			t.Errorf("OrList(%q) = %q, want %q", names, got, want)
		}
	}
}
