package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// resumeRecords returns the (input, line) of every run of the solve
// output path, in order, and the inputs of each header's config.
func resumeRecords(t *testing.T, path string) (runs []string, inputs [][]string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var v struct {
			Input  string
			Line   int
			Status string
			Config *struct{ Inputs []string }
		}
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		if v.Config != nil {
			inputs = append(inputs, v.Config.Inputs)
		} else if v.Status != "" {
			runs = append(runs, v.Input+":"+string(rune('0'+v.Line)))
		}
	}
	return runs, inputs
}

// resumeBoards writes 6 random 8-puzzle boards of seed to path.
func resumeBoards(t *testing.T, path, seed string) string {
	t.Helper()
	_, boards, _ := run(t, "", "random", "8puzzle", "-n", "6", "--seed", seed)
	if err := os.WriteFile(path, []byte(boards), 0o644); err != nil {
		t.Fatal(err)
	}
	return boards
}

// resumeStart solves the first 4 of 6 boards of boards.txt in a
// directory of its own, the working directory, into rp.jsonl, and returns
// the directory, the command's arguments but the input and the runs
// expected once all 4 are done.
func resumeStart(t *testing.T) (dir string, args, want []string) {
	dir = t.TempDir()
	t.Chdir(dir)
	resumeBoards(t, "boards.txt", "5")
	args = []string{"solve", "8puzzle", "--heuristic", "manhattan", "--instances", "1-4", "-o", "rp.jsonl"}
	if code, _, errs := run(t, "", append(args, "boards.txt")...); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errs)
	}
	return dir, args, []string{"boards.txt:1", "boards.txt:2", "boards.txt:3", "boards.txt:4"}
}

// resumedAsFirst fails the test (after what) unless the output at path
// holds the runs want, each once, and two headers, the second naming the
// input as the first run did, boards.txt.
func resumedAsFirst(t *testing.T, path string, want []string, what string) {
	t.Helper()
	runs, inputs := resumeRecords(t, path)
	if !slices.Equal(runs, want) || len(inputs) != 2 || !slices.Equal(inputs[1], []string{"boards.txt"}) {
		t.Fatalf("after %s: runs %v, header inputs %v; want %v, [boards.txt] twice", what, runs, inputs, want)
	}
}

// TestResumeInputSpelledOtherwise: a resumed solve knows its input by
// position, not by its spelling: with "./boards.txt" it solves nothing
// again and writes nothing twice; its header keeps the first run's name.
func TestResumeInputSpelledOtherwise(t *testing.T) {
	_, args, want := resumeStart(t)
	if code, _, errs := run(t, "", append(args, "--resume", "./boards.txt")...); code != 0 {
		t.Fatalf("--resume ./boards.txt: exit %d: %s", code, errs)
	}
	resumedAsFirst(t, "rp.jsonl", want, "--resume ./boards.txt")
}

// TestResumeFromAnotherDirectory: resumed from another directory (the
// input named by an absolute path, the output by a relative one) a solve
// solves what is left, its records and header naming the input as the
// first run did.
func TestResumeFromAnotherDirectory(t *testing.T) {
	dir, args, want := resumeStart(t)
	data, _ := os.ReadFile("rp.jsonl") // cut after its second run

	lines := strings.SplitAfter(string(data), "\n")
	os.WriteFile("rp.jsonl", []byte(strings.Join(lines[:3], "")), 0o644)
	os.Mkdir("elsewhere", 0o755)
	t.Chdir(filepath.Join(dir, "elsewhere"))
	args[len(args)-1] = "../rp.jsonl"
	if code, _, errs := run(t, "", append(args, "--resume", filepath.Join(dir, "boards.txt"))...); code != 0 {
		t.Fatalf("--resume from another directory: exit %d: %s", code, errs)
	}
	resumedAsFirst(t, "../rp.jsonl", want, "--resume from another directory")
}

// TestResumeOtherBoardsRefused: --resume with another file of as many
// boards, or with a line answered changed (the first or the last), is
// refused with exit 2, naming the file and line and both boards, and
// leaves the output as it was; a line not answered may change.
func TestResumeOtherBoardsRefused(t *testing.T) {
	_, args, _ := resumeStart(t)
	args = append(args, "--resume")
	data, _ := os.ReadFile("boards.txt")
	boards := strings.SplitAfter(string(data), "\n")
	other := strings.SplitAfter(resumeBoards(t, "other.txt", "6"), "\n")
	before, _ := os.ReadFile("rp.jsonl")
	changed := func(line int) string {
		b := slices.Clone(boards)
		b[line-1] = other[line-1]
		os.WriteFile("changed.txt", []byte(strings.Join(b, "")), 0o644)
		return "changed.txt"
	}
	for _, c := range []struct {
		inputs []string
		want   string
	}{
		{[]string{"other.txt"}, "other.txt:1: the board is " + quoteBoard(other[0]) + ", but " + quoteBoard(boards[0])},
		{[]string{changed(1)}, "changed.txt:1: the board is " + quoteBoard(other[0]) + ", but " + quoteBoard(boards[0])},
	} {
		c.want += " in rp.jsonl: the inputs are not those of its run"
		code, _, errs := run(t, "", append(args, c.inputs...)...)
		if after, _ := os.ReadFile("rp.jsonl"); code != 2 || !strings.Contains(errs, c.want) || !bytes.Equal(after, before) {
			t.Fatalf("--resume %v: exit %d, stderr %q, file changed %v; want exit 2, %q", c.inputs, code, errs, !bytes.Equal(after, before), c.want)
		}
	}
	last := changed(4)
	want := "changed.txt:4: the board is " + quoteBoard(other[3]) + ", but " + quoteBoard(boards[3])
	if code, _, errs := run(t, "", append(args, last)...); code != 2 || !strings.Contains(errs, want) {
		t.Fatalf("--resume with the last line answered changed: exit %d, stderr %q; want exit 2, %q", code, errs, want)
	}
	changed(5) // a line not answered: not the run's concern
	if code, _, errs := run(t, "", append(args, "changed.txt")...); code != 0 {
		t.Fatalf("--resume with a line not answered changed: exit %d, stderr %q", code, errs)
	}
}

// TestResumeOtherInputCountRefused: --resume with another number of
// inputs is refused with exit 2, the output left as it was.
func TestResumeOtherInputCountRefused(t *testing.T) {
	_, args, _ := resumeStart(t)
	resumeBoards(t, "other.txt", "6")
	before, _ := os.ReadFile("rp.jsonl")
	code, _, errs := run(t, "", append(args, "--resume", "boards.txt", "other.txt")...)
	if after, _ := os.ReadFile("rp.jsonl"); code != 2 || !strings.Contains(errs, "inputs: 1 (boards.txt) in rp.jsonl, 2 (boards.txt other.txt) in this run") ||
		!bytes.Equal(after, before) {
		t.Fatalf("--resume with 2 inputs: exit %d, stderr %q, file changed %v", code, errs, !bytes.Equal(after, before))
	}
}

// quoteBoard returns a board line of random's as records write it, quoted.
func quoteBoard(line string) string {
	b, _ := json.Marshal(strings.Join(strings.Fields(line), " "))
	return string(b)
}

// TestResumeRotationOtherBoardsRefused: a Rotation output resumed on an
// input whose last line answered differs is refused, as sliding tiles are.
func TestResumeRotationOtherBoardsRefused(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "boards.txt"), filepath.Join(dir, "out.jsonl")
	boards := strings.SplitAfter(rotationBoards(t, 40), "\n")
	os.WriteFile(in, []byte(strings.Join(boards, "")), 0o644)
	if code, _, errs := run(t, "", "solve", "rotation", "-o", out, in); code != 0 {
		t.Fatalf("solve: exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(out)
	os.WriteFile(out, []byte(strings.Join(strings.SplitAfter(string(data), "\n")[:21], "")), 0o644) // header and 20 runs
	before, _ := os.ReadFile(out)
	boards[19] = boards[20]
	os.WriteFile(in, []byte(strings.Join(boards, "")), 0o644)
	code, _, errs := run(t, "", "solve", "rotation", "--resume", "-o", out, in)
	want := in + ":20: the board is " + quoteBoard(boards[20]) + ", but " + quoteBoard(strings.SplitAfter(rotationBoards(t, 40), "\n")[19])
	if after, _ := os.ReadFile(out); code != 2 || !strings.Contains(errs, want) || !bytes.Equal(after, before) {
		t.Fatalf("--resume on other boards: exit %d, stderr %q, file changed %v; want exit 2, %q", code, errs, !bytes.Equal(after, before), want)
	}
}

// TestResumeStdinChecked: a run read from standard input, resumed with
// its input on standard input again, is checked as a file is: other boards,
// or its last line answered changed, are refused with exit 2 naming the
// line of stdin, the output left as it was; its own boards (a line not
// answered changed too) append exactly the answers missing, each of the
// board on its line. So with --instances 1-4 (the records read by one
// reader) and without (the batch's reader).
func TestResumeStdinChecked(t *testing.T) {
	t.Chdir(t.TempDir())
	boards := strings.SplitAfter(resumeBoards(t, "boards.txt", "5"), "\n")
	other := strings.SplitAfter(resumeBoards(t, "other.txt", "6"), "\n")
	for _, n := range []int{4, 6} {
		os.Remove("rp.jsonl")
		args := []string{"solve", "8puzzle", "--heuristic", "manhattan", "-o", "rp.jsonl", "-"}
		if n == 4 {
			args = append(args, "--instances", "1-4")
		}
		if code, _, errs := run(t, strings.Join(boards, ""), args...); code != 0 {
			t.Fatalf("solve: exit %d: %s", code, errs)
		}
		resumeStdin(t, args, boards, other, n)
	}
}

// resumeStdin cuts rp.jsonl, the output of a solve (args) of the boards of
// boards on standard input, after its second run and resumes it with
// other boards, then with its own: see TestResumeStdinChecked. n is the
// number of runs expected in the end.
func resumeStdin(t *testing.T, args, boards, other []string, n int) {
	t.Helper()
	data, _ := os.ReadFile("rp.jsonl") // cut after its second run: lines 1 and 2 answered
	os.WriteFile("rp.jsonl", []byte(strings.Join(strings.SplitAfter(string(data), "\n")[:3], "")), 0o644)
	before, _ := os.ReadFile("rp.jsonl")
	args = append(args, "--resume")
	changed := func(line int) string {
		b := slices.Clone(boards)
		b[line-1] = other[line-1]
		return strings.Join(b, "")
	}
	for _, c := range []struct {
		stdin string
		line  int
	}{{strings.Join(other, ""), 1}, {changed(2), 2}} {
		want := "stdin:" + string(rune('0'+c.line)) + ": the board is " + quoteBoard(other[c.line-1]) + ", but " +
			quoteBoard(boards[c.line-1]) + " in rp.jsonl: the inputs are not those of its run"
		code, _, errs := run(t, c.stdin, args...)
		if after, _ := os.ReadFile("rp.jsonl"); code != 2 || !strings.Contains(errs, want) || !bytes.Equal(after, before) {
			t.Fatalf("%d runs, --resume, line %d other: exit %d, stderr %q, file changed %v; want exit 2, %q", n, c.line, code, errs, !bytes.Equal(after, before), want)
		}
	}
	if code, _, errs := run(t, changed(3), args...); code != 0 { // line 3 was not answered
		t.Fatalf("%d runs, --resume on its own boards: exit %d: %s", n, code, errs)
	}
	after, _ := os.ReadFile("rp.jsonl")
	if !bytes.HasPrefix(after, before) {
		t.Fatal("the resumed run changed what the file held")
	}
	runs, _ := resumeRecords(t, "rp.jsonl")
	if want := []string{"-:1", "-:2", "-:3", "-:4", "-:5", "-:6"}[:n]; !slices.Equal(runs, want) {
		t.Fatalf("runs %v, want %v", runs, want)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(after[len(before):])), "\n")[1:] { // after the session's header
		want := boards[i+2]
		if i == 0 {
			want = other[2]
		}
		if !strings.Contains(line, `"board":`+quoteBoard(want)) {
			t.Errorf("%d runs: appended run %d: %s; want the board %s", n, i+1, line, quoteBoard(want))
		}
	}
}

// TestResumeInstancesSpelledOtherwise: --resume compares --instances by
// what it selects: solve resumed with "4,1-3" after "1-4" solves the
// board missing and nothing twice; bench resumed with "1,2,3" after
// "1-3" accepts the file done; "1-5", which selects more, is refused
// (exit 2) in both, the file as it was.
func TestResumeInstancesSpelledOtherwise(t *testing.T) {
	_, args, want := resumeStart(t) // in its directory
	path := "rp.jsonl"
	data := readPath(t, path)
	cut := strings.LastIndex(strings.TrimSuffix(data, "\n"), "\n") + 1 // drop the last run, board 4's
	os.WriteFile(path, []byte(data[:cut]), 0o644)
	other := slices.Clone(args)
	other[slices.Index(other, "1-4")] = "4,1-3"
	if code, _, errs := run(t, "", append(other, "--resume", "boards.txt")...); code != 0 {
		t.Fatalf("solve --resume --instances 4,1-3: exit %d: %s", code, errs)
	}
	resumedAsFirst(t, path, want, "solve --resume --instances 4,1-3")
	before := readPath(t, path)
	other[slices.Index(other, "4,1-3")] = "1-5"
	if code, _, _ := run(t, "", append(other, "--resume", "boards.txt")...); code != ExitUsage || readPath(t, path) != before {
		t.Fatalf("solve --resume --instances 1-5: exit %d, want %d, the file as it was", code, ExitUsage)
	}
	bench := []string{"bench", "8puzzle", "--heuristic", "manhattan", "-o", "ri.jsonl", "--instances"}
	if code, _, errs := run(t, "", append(bench, "1-3", "boards.txt")...); code != 0 {
		t.Fatalf("bench: exit %d: %s", code, errs)
	}
	if code, _, errs := run(t, "", append(bench, "1,2,3", "--resume", "boards.txt")...); code != 0 {
		t.Fatalf("bench --resume --instances 1,2,3: exit %d: %s", code, errs)
	}
	runs, _ := resumeRecords(t, "ri.jsonl")
	if !slices.Equal(runs, want[:3]) {
		t.Fatalf("bench --resume --instances 1,2,3: runs %v, want %v", runs, want[:3])
	}
	before = readPath(t, "ri.jsonl")
	if code, _, _ := run(t, "", append(bench, "1-5", "--resume", "boards.txt")...); code != ExitUsage || readPath(t, "ri.jsonl") != before {
		t.Fatalf("bench --resume --instances 1-5: exit %d, want %d, the file as it was", code, ExitUsage)
	}
}
