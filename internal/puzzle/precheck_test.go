package puzzle

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// TestPrecheckKeepsStandardInput: Precheck reads standard input up to its
// first record, and counts its records (the boards taken: fewer than the
// workers, or more), by peeking only: the run then reads
// every byte; a wrong first board, and --instances taking no record, are
// found from the peeked bytes (numbers past the end beside records taken
// are left to the run); a pipe given as a file is not read at all.
func TestPrecheckKeepsStandardInput(t *testing.T) {
	const in = "# three 8-puzzles\n1 2 3\n4 5 6\n7 8 0\n\n1 2 3 4 5 6 7 0 8\n1 2 3 4 5 6 0 7 8\n"
	p := Tiles{3, 3}
	for _, c := range []struct {
		instances string
		want      error
	}{{"", nil}, {"3", nil}, {"1-5", nil}, {"1-2,4", nil}, {"9-10", ErrNoMatch}} {
		stdin := bufio.NewReaderSize(strings.NewReader(in), PeekSize)
		sel, err := ParseSelection("", c.instances)
		if err != nil {
			t.Fatal(err)
		}
		open := func(name string) (io.Reader, func(), error) { return batch.Open(name, stdin) }
		boards, err := Precheck(p, open, []string{"-"}, &Check{Sel: &sel, Few: 2})
		if !errors.Is(err, c.want) || (c.want == nil) != (err == nil) {
			t.Errorf("--instances %q: %v, want %v", c.instances, err, c.want)
		}
		if want := map[string]int{"": -1, "3": 1, "1-5": -1, "1-2,4": 2}[c.instances]; err == nil && boards != want {
			t.Errorf("--instances %q: %d boards, want %d", c.instances, boards, want)
		}
		if rest, _ := io.ReadAll(stdin); string(rest) != in {
			t.Errorf("--instances %q: the run reads %q", c.instances, rest)
		}
	}
	// Files are counted up to the workers; standard input only for
	// --instances (a pipe kept open may not hold them yet).
	file := filepath.Join(t.TempDir(), "boards")
	os.WriteFile(file, []byte(in), 0o644)
	stdin := bufio.NewReaderSize(strings.NewReader(in), PeekSize)
	open := func(name string) (io.Reader, func(), error) { return batch.Open(name, stdin) }
	for _, c := range []struct {
		input     string
		few, want int
	}{{file, 4, 3}, {file, 3, 3}, {file, 2, -1}, {"-", 4, -1}} {
		if boards, err := Precheck(p, open, []string{c.input}, &Check{Sel: &Selection{}, Few: c.few}); boards != c.want || err != nil {
			t.Errorf("%s, %d workers: %d boards, %v; want %d", c.input, c.few, boards, err, c.want)
		}
	}
	stdin = bufio.NewReaderSize(strings.NewReader("\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"), PeekSize)
	if _, err := Precheck(p, open, []string{"-"}, &Check{Sel: &Selection{}}); !errors.Is(err, ErrBoardSize) || !strings.Contains(err.Error(), "stdin:2: ") {
		t.Errorf("a 15-puzzle for an 8-puzzle: %v", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() { w.WriteString("1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 0\n"); w.Close() }()
	pipe := func(string) (io.Reader, func(), error) { return r, func() {}, nil }
	if _, err := Precheck(p, pipe, []string{"/dev/fd/3"}, &Check{Sel: &Selection{}, Few: 2}); err != nil {
		t.Errorf("a pipe: %v", err)
	}
	if rest, _ := io.ReadAll(r); len(rest) == 0 {
		t.Error("Precheck read the pipe")
	}
}

// TestPrecheckOpenPipe: standard input kept open after its records (a
// terminal, a producer still running) is peeked no further than the first
// record, or the last number --instances names: Precheck returns without
// waiting for more.
func TestPrecheckOpenPipe(t *testing.T) {
	for _, instances := range []string{"", "2"} {
		pr, pw := io.Pipe()
		go pw.Write([]byte("1 2 3 4 5 6 7 8 0\n1 2 3 4 5 6 7 0 8\n")) // never closed
		stdin := bufio.NewReaderSize(pr, PeekSize)
		open := func(name string) (io.Reader, func(), error) { return batch.Open(name, stdin) }
		sel, _ := ParseSelection("", instances)
		done := make(chan error)
		go func() {
			_, err := Precheck(Tiles{3, 3}, open, []string{"-"}, &Check{Sel: &sel, Few: 4})
			done <- err
		}()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("--instances %q: %v", instances, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("--instances %q: Precheck waits for more of an open pipe", instances)
		}
		pr.Close()
	}
}

// TestPrecheckNoBoard: when the records taken have all been read and none
// is a board, Precheck returns ErrNoBoard with their count, then them
// (input and line) a line each, past the workers' count of records in a file (standard input
// is left to the run); a board among them, or one past the
// records read, leaves them to the run.
func TestPrecheckNoBoard(t *testing.T) {
	const good, bad = "1 2 3 4 5 6 7 8 0\n", "1 2 3 4 5 6 7 8 9\n"
	file := filepath.Join(t.TempDir(), "boards")
	for _, c := range []struct {
		input, instances, stdin string
		lines                   []int // the bad records named; nil: no error
	}{
		{strings.Repeat(bad, 5), "", "", []int{1, 2, 3, 4, 5}},
		{"", "", "-", nil}, // standard input: left to the run
		{good + bad, "2", "", []int{2}},
		{bad + bad + good, "", "", nil},
		{good + bad, "", "", nil},
		{strings.Repeat(good, 3) + bad, "4", "", []int{4}},
	} {
		os.WriteFile(file, []byte(c.input), 0o644)
		name := file
		stdin := bufio.NewReaderSize(strings.NewReader("1 2 x\n"), PeekSize) // whole only at its end
		if c.stdin != "" {
			name = c.stdin
		}
		open := func(name string) (io.Reader, func(), error) { return batch.Open(name, stdin) }
		sel, _ := ParseSelection("", c.instances)
		_, err := Precheck(Tiles{3, 3}, open, []string{name}, &Check{Sel: &sel, Few: 2})
		if c.lines == nil {
			if err != nil {
				t.Errorf("%q: %v", c.input, err)
			}
			continue
		}
		if !errors.Is(err, ErrNoBoard) {
			t.Fatalf("%q --instances %q: %v, want ErrNoBoard", c.input, c.instances, err)
		}
		msgs := strings.Split(err.Error(), "\n")
		if want := fmt.Sprintf("no record taken is a board (%s, all bad):", report.Count(len(c.lines), "record")); msgs[0] != want {
			t.Errorf("%q: the error's first line is %q, want %q", c.input, msgs[0], want)
		}
		for i, line := range c.lines {
			want := fmt.Sprintf("%s:%d: ", batch.InputName(name), line)
			if i+1 >= len(msgs) || !strings.HasPrefix(msgs[i+1], want) {
				t.Errorf("%q: line %d of the error is not %q...:\n%v", c.input, i+2, want, err)
			}
		}
		if len(msgs) != len(c.lines)+1 {
			t.Errorf("%q: %d lines of error, want %d:\n%v", c.input, len(msgs), len(c.lines)+1, err)
		}
	}
}

// TestCheckOutput: an output that is a directory, or a new file where the
// file system takes none (/proc, even for root), is refused naming the
// flag; a new file in a directory, or an existing one, passes, and the
// check leaves no file behind and an existing one unchanged.
func TestCheckOutput(t *testing.T) {
	dir := t.TempDir()
	bad := []string{dir}
	if _, err := os.Stat("/proc/self"); err == nil {
		bad = append(bad, "/proc/pdbsolve-test.svg")
	}
	for _, path := range bad {
		if err := batch.CheckOutput("--plot", path); !errors.Is(err, batch.ErrOutput) || !strings.HasPrefix(err.Error(), "--plot: ") {
			t.Errorf("%s: %v, want --plot: ... ErrOutput", path, err)
		}
	}
	existing := filepath.Join(dir, "old.svg")
	os.WriteFile(existing, []byte("kept"), 0o644)
	for _, path := range []string{"", filepath.Join(dir, "new.svg"), existing} {
		if err := batch.CheckOutput("-o", path); err != nil {
			t.Errorf("%q: %v", path, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("the directory holds %d files after the checks, want 1", len(ents))
	}
	if b, _ := os.ReadFile(existing); string(b) != "kept" {
		t.Errorf("the existing output now holds %q", b)
	}
}
