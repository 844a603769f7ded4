package cli

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// reflow writes the white-space-separated tokens of text with a random
// number of them a line, never 24 (a line of 24 symbols is a board of its
// own), and random ASCII white space between them.
func reflow(text string, r *rand.Rand) string {
	tokens := strings.Fields(text)
	var b strings.Builder
	spaces := []string{" ", "\t", "  ", " \r"}
	for len(tokens) > 0 {
		n := 1 + r.IntN(40)
		if n == 24 {
			n = 23
		}
		n = min(n, len(tokens))
		for i, tok := range tokens[:n] {
			if i > 0 {
				b.WriteString(spaces[r.IntN(len(spaces))])
			}
			b.WriteString(tok)
		}
		b.WriteString("\n")
		if r.IntN(5) == 0 {
			b.WriteString("\n") // a blank line
		}
		tokens = tokens[n:]
	}
	return b.String()
}

// TestRotationJudgeReading: the judge sample (HDU 1667) with its boards
// reflowed over several lines, or its 0 on the last board's line, prints
// the judge's published answers.
func TestRotationJudgeReading(t *testing.T) {
	want := readFile(t, "rotation-sample.out")
	r := rand.New(rand.NewPCG(3, 4))
	for _, in := range []string{
		"1 1 1 1 3 2 3 2 3 1 3 2\n2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1\n2 2 2 2 2 2 2 2\n3 3 3 3 3 3 3 3\n0\n",
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 0\n",
		"1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 3 3 3 3 3 3 3 3 0 1 2 3\n",
		reflow(readFile(t, "rotation-sample.txt"), r),
		reflow(readFile(t, "rotation-sample.txt"), r),
	} {
		code, out, errs := run(t, in, "solve", "rotation")
		if code != ExitOK || out != want || strings.Contains(errs, "stdin") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q, want %q", in, code, out, errs, want)
		}
	}
}

// TestRotationReadingErrors: errors name the line of the bad symbol, or
// the line an incomplete board starts on; a Unicode space makes a bad
// symbol, never the end of the input.
func TestRotationReadingErrors(t *testing.T) {
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	for _, c := range []struct {
		in, out string
		errs    []string
	}{
		// A bad symbol on the second line of a board split over two.
		{"1 1 1 1 3 2 3 2 3 1 3 2\n2 3 1 2 2 4 3 1 2 1 3 3\n" + board, "AC\n2\n", []string{"stdin:2: field 18: "}},
		// An incomplete board before a board line.
		{"1 1 1\n\n" + board, "AC\n2\n", []string{"stdin:1: wrong number of symbols: got 3"}},
		// An incomplete board at the end of the input.
		{board + "1 2\n3\n", "AC\n2\n", []string{"stdin:2: wrong number of symbols: got 3"}},
		// U+00A0 then 0: a bad symbol, and the boards after it are read.
		{board + "\u00a00\n" + board, "AC\n2\nAC\n2\n", []string{"stdin:2: wrong number of symbols: got 1"}},
		// U+3000 (ideographic space) between symbols: one bad symbol.
		{"1\u30001 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3 3\n" + board, "AC\n2\n", []string{"stdin:1: field 1: symbol not in 1-3"}},
	} {
		code, out, errs := run(t, c.in, "solve", "rotation")
		if code != ExitBadInput || out != c.out || strings.Count(errs, "\n") != len(c.errs) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", c.in, code, out, errs)
			continue
		}
		for _, e := range c.errs {
			if !strings.Contains(errs, e) {
				t.Errorf("%q: stderr %q lacks %q", c.in, errs, e)
			}
		}
	}
}

// TestRotationReflowedBatch: many random boards reflowed at random, more
// than one chunk of the reader, give the answers of one board a line
// whatever the workers (the splitter never cuts a board).
func TestRotationReflowedBatch(t *testing.T) {
	_, boards, _ := run(t, "", "random", "rotation", "-n", "6000", "--seed", "11")
	_, want, _ := run(t, boards, "solve", "rotation")
	in := reflow(boards, rand.New(rand.NewPCG(5, 6)))
	if len(in) < 2*64<<10 {
		t.Fatalf("input of %d bytes: want more than two chunks", len(in))
	}
	for _, j := range []string{"1", "2", "5"} {
		code, out, errs := run(t, in, "-j", j, "solve", "rotation")
		if code != ExitOK || out != want {
			t.Fatalf("-j %s: exit %d, stderr %q; answers differ from one board a line", j, code, errs)
		}
	}
}

// TestVerifyReadsBoardsAsSolve: verify reads Rotation boards as solve does:
// the judge sample reflowed is checked against the judge's answers, and a
// line holding U+00A0 and 0 is a bad board, not the end of the boards.
func TestVerifyReadsBoardsAsSolve(t *testing.T) {
	dir := t.TempDir()
	boards, answers := dir+"/b.txt", dir+"/a.txt"
	reflowed := reflow(readFile(t, "rotation-sample.txt"), rand.New(rand.NewPCG(9, 9)))
	os.WriteFile(boards, []byte(reflowed), 0o644)
	os.WriteFile(answers, []byte(readFile(t, "rotation-sample.out")), 0o644)
	if code, out, errs := run(t, "", "verify", "rotation", "--input", boards, "--solutions", answers); code != ExitOK || !strings.Contains(out, "2 records: 2 ok,") {
		t.Fatalf("reflowed sample: exit %d\n%s%s", code, out, errs)
	}
	board := "1 1 1 1 3 2 3 2 3 1 3 2 2 3 1 2 2 2 3 1 2 1 3 3\n"
	os.WriteFile(boards, []byte(board+"\u00a00\n"+board), 0o644)
	os.WriteFile(answers, []byte("AC\n2\nAC\n2\n"), 0o644)
	code, out, _ := run(t, "", "verify", "rotation", "--input", boards, "--solutions", answers)
	if code != ExitBadInput || !strings.Contains(out, "3 records: 2 ok,") || !strings.Contains(out, "1 bad-board") {
		t.Fatalf("U+00A0 0: exit %d\n%s", code, out)
	}
}
