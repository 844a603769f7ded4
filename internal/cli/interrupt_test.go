package cli

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The test binary runs as pdbsolve itself when this variable is set, so the
// signal tests can run it as a child process.
const envRunMain = "PDBSOLVE_TEST_RUN_MAIN"

func init() {
	if os.Getenv(envRunMain) == "1" {
		os.Args = append(os.Args[:1], strings.Fields(os.Getenv(envRunMain+"_ARGS"))...)
		os.Exit(Main())
	}
}

// inFlightNote is the note of a record in flight on an interrupt.
var inFlightNote = regexp.MustCompile(`(?m)^stdin:(\d+): interrupted after`)

// TestInterruptWritesAPrefix sends SIGINT and SIGTERM to a running batch
// (the pdbsolve of this test binary, as a child process) and checks the
// exit status, the summary line, and that the output is a prefix, in whole
// records, of the full run's output less the records in flight (noted). The child gets 100 boards, answers
// them (the input held open), then 100 more in one write and at once the
// signal, so records are in flight when it comes.
func TestInterruptWritesAPrefix(t *testing.T) {
	_, boards, _ := run(t, "", "random", "8puzzle", "-n", "200", "--seed", "11")
	args := []string{"-j", "2", "solve", "8puzzle", "--heuristic", "manhattan"}
	code, full, _ := run(t, boards, args...)
	if code != 0 || strings.Count(full, "\n") != 200 {
		t.Fatalf("full run: exit %d", code)
	}
	lines := strings.SplitAfter(boards, "\n")
	summary := regexp.MustCompile(`(?m)^pdbsolve: interrupted: (\d+) records? answered, (\d+) read but not answered`)
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), envRunMain+"=1",
			envRunMain+"_ARGS=--tables "+tilesTestTables()+" "+strings.Join(args, " "))
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		r := bufio.NewReader(stdout)
		var out strings.Builder
		io.WriteString(stdin, strings.Join(lines[:100], ""))
		for range 100 {
			s, err := r.ReadString('\n')
			if err != nil {
				t.Fatalf("%v: %d answers before the signal: %v; stderr %q", c.sig, strings.Count(out.String(), "\n"), err, errb.String())
			}
			out.WriteString(s)
		}
		io.WriteString(stdin, strings.Join(lines[100:], ""))
		cmd.Process.Signal(c.sig)
		rest, _ := io.ReadAll(r)
		cmd.Wait() // stdin is still open: the signal alone ends the child
		out.Write(rest)
		code := cmd.ProcessState.ExitCode()
		m := summary.FindStringSubmatch(errb.String())
		if code != c.code || m == nil {
			t.Fatalf("%v: exit %d, want %d; stderr %q", c.sig, code, c.code, errb.String())
		}
		answered, _ := strconv.Atoi(m[1])
		// The records in flight have a note on stderr and no answer.
		want := strings.SplitAfter(full, "\n")
		for _, n := range inFlightNote.FindAllStringSubmatch(errb.String(), -1) {
			line, _ := strconv.Atoi(n[1])
			want[line-1] = ""
		}
		if got := out.String(); !strings.HasPrefix(strings.Join(want, ""), got) || strings.Count(got, "\n") != answered || answered < 100 {
			t.Fatalf("%v: %d output lines, %d records answered; a prefix of the full output less those in flight: %v; stderr %q",
				c.sig, strings.Count(got, "\n"), answered, strings.HasPrefix(strings.Join(want, ""), got), errb.String())
		}
		t.Logf("%v: exit %d, %s", c.sig, code, strings.TrimSpace(errb.String()))
	}
}

// TestFirstAnswerComesAtOnce feeds sliding-tile records through a pipe one
// at a time and reads the answer of each before sending the next.
func TestFirstAnswerComesAtOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan int)
	go func() {
		done <- Run(context.Background(), []string{"--tables", tilesTestTables(), "-j", "2", "solve", "8puzzle",
			"--heuristic", "manhattan", "--goal", "blank-last", "--format", "aoj"}, inR, outW, io.Discard)
		outW.Close()
	}()
	answers := bufio.NewReader(outR)
	// Boards 1, 2, ... moves from the goal, each answered before the next is sent.
	boards := []string{"1 2 3 4 5 6 7 0 8", "1 2 3 4 5 6 0 7 8", "1 2 3 0 5 6 4 7 8", "0 2 3 1 5 6 4 7 8"}
	for i, b := range boards {
		fmt.Fprintln(inW, b)
		got := make(chan string)
		go func() { s, _ := answers.ReadString('\n'); got <- s }()
		select {
		case s := <-got:
			if s != strconv.Itoa(i+1)+"\n" {
				t.Fatalf("board %d: answer %q, want %d", i+1, s, i+1)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("board %d: no answer while the input stays open", i+1)
		}
	}
	inW.Close()
	if code := <-done; code != 0 {
		t.Fatalf("exit %d", code)
	}
}

// TestInterruptOutsideABatch: a signal while a table is being built ends
// the process at once with 128 plus the signal's number, leaving no
// temporary table file.
func TestInterruptOutsideABatch(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envRunMain+"=1",
		envRunMain+"_ARGS=--tables "+dir+" solve 15puzzle --heuristic pdb663")
	cmd.Stdin = strings.NewReader("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(stderr)
	line, err := r.ReadString('\n')
	if err != nil || !strings.Contains(line, "building") {
		t.Fatalf("first stderr line %q, %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	rest, _ := io.ReadAll(r)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != 143 || !strings.Contains(string(rest), "interrupted (SIGTERM)") {
		t.Fatalf("exit %d, stderr %q", code, line+string(rest))
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(tmp) > 0 {
		t.Fatalf("temporary files left: %v", tmp)
	}
}

// TestInterruptRotationSearchWritesSolved interrupts a Rotation Game solve
// by count (a search of milliseconds a board; the 100 boards are one 64
// KiB read) once some records are in its -o file: exit 130, the file holds
// the records answered, in input order and each once, as the summary
// counts them, and --resume completes the rest, the records then those of
// an uninterrupted run (times aside).
func TestInterruptRotationSearchWritesSolved(t *testing.T) {
	interruptRotation(t, rotationBoards(t, 100))
}

// TestInterruptRotationCountsBoards: as TestInterruptRotationSearchWritesSolved,
// with ten boards a line (and one board over two lines): the summary
// counts boards, as the records do, not lines.
func TestInterruptRotationCountsBoards(t *testing.T) {
	lines := strings.Split(strings.TrimSuffix(rotationBoards(t, 100), "\n"), "\n")
	var b strings.Builder
	for i, l := range lines {
		switch {
		case i == 5:
			f := strings.Fields(l)
			b.WriteString(strings.Join(f[:10], " ") + "\n" + strings.Join(f[10:], " ") + "\n")
		case i%10 == 9:
			b.WriteString(l + "\n")
		default:
			b.WriteString(l + " ")
		}
	}
	interruptRotation(t, b.String())
}

// interruptRotation is TestInterruptRotationSearchWritesSolved on the
// 100 boards of input boards; the summary's records answered and read but
// not answered are boards, at most the 100 together.
func interruptRotation(t *testing.T, boards string) {
	dir := t.TempDir()
	in := filepath.Join(dir, "boards.txt")
	os.WriteFile(in, []byte(boards), 0o644)
	args := []string{"--tables", tablesDir, "-j", "1", "solve", "rotation", "--heuristic", "count"}
	times := regexp.MustCompile(`,"(time|cpu)_ns":\d+`)
	records := func(path string) []string {
		out := outputRecords(t, path)
		for i := range out {
			out[i] = times.ReplaceAllString(out[i], "")
		}
		return out
	}
	full, part := filepath.Join(dir, "full.jsonl"), filepath.Join(dir, "part.jsonl")
	if code, _, errs := run(t, "", append(args[2:], "-o", full, in)...); code != 0 {
		t.Fatalf("uninterrupted: exit %d, %s", code, errs)
	}
	want := records(full)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errb bytes.Buffer
	done := make(chan int)
	go func() { done <- Run(ctx, append(args, "-o", part, in), strings.NewReader(""), io.Discard, &errb) }()
	code := -1
	for code < 0 {
		select {
		case code = <-done:
		case <-time.After(5 * time.Millisecond):
			if data, _ := os.ReadFile(part); bytes.Count(data, []byte{'\n'}) > 5 {
				cancel()
				code = <-done
			}
		}
	}
	m := regexp.MustCompile(`interrupted: (\d+) records? answered, (\d+) read but not answered`).FindStringSubmatch(errb.String())
	if code != 130 || m == nil {
		t.Fatalf("exit %d, want 130 (the first records written before the last board was solved); stderr %q", code, errb.String())
	}
	got := records(part)
	answered, _ := strconv.Atoi(m[1])
	unanswered, _ := strconv.Atoi(m[2])
	if answered != len(got) || len(got) < 5 || !slices.Equal(got, want[:len(got)]) || len(want) != 100 || answered+unanswered > 100 {
		t.Fatalf("%d records written, %s answered, %s not: want the first records of the uninterrupted run, each once", len(got), m[1], m[2])
	}
	if code, _, errs := run(t, "", append(args[2:], "--resume", "-o", part, in)...); code != 0 {
		t.Fatalf("--resume: exit %d, %s", code, errs)
	}
	if got := records(part); !slices.Equal(got, want) {
		t.Fatalf("resumed: %d records, want the uninterrupted run's %d", len(got), len(want))
	}
	t.Logf("interrupted after %s of %d records", m[1], len(want))
}
