package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/progress"
)

// partialWriter accepts ok bytes, then fails every write, as a full disk
// does.
type partialWriter struct{ ok int }

var errDiskFull = errors.New("no space left on device (test)")

func (w *partialWriter) Write(p []byte) (int, error) {
	if len(p) <= w.ok {
		w.ok -= len(p)
		return len(p), nil
	}
	n := w.ok
	w.ok = 0
	return n, errDiskFull
}

// TestWriteErrorsOfCobraOutput: what cobra writes itself (--version, help,
// completion scripts) exits 4 (ExitIO, the documented status of an output
// that could not be written) when the write fails, at the first byte or
// part way, and 0 when it does not.
func TestWriteErrorsOfCobraOutput(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"completion", "bash"}, {"completion", "zsh"}, {"--help"}, {"help", "verify"}} {
		var out, errs bytes.Buffer
		if code := Run(context.Background(), args, strings.NewReader(""), &out, &errs); code != 0 || out.Len() == 0 {
			t.Fatalf("%v into a buffer: exit %d, %d bytes, stderr %q", args, code, out.Len(), errs.String())
		}
		for _, ok := range []int{0, out.Len() / 2} {
			errs.Reset()
			code := Run(context.Background(), args, strings.NewReader(""), &partialWriter{ok: ok}, &errs)
			if code != 4 || !strings.Contains(errs.String(), errDiskFull.Error()) {
				t.Errorf("%v into a writer failing after %d bytes: exit %d, stderr %q; want 4 and the error", args, ok, code, errs.String())
			}
		}
	}
}

// TestCPUProfileErrors: --cpuprofile exits 4 when its file cannot be
// created (a directory) or written (/dev/full), and writes a profile
// (gzip data) otherwise.
func TestCPUProfileErrors(t *testing.T) {
	dir := t.TempDir()
	args := []string{"random", "rotation", "-n", "3", "--seed", "1"}
	runProfile := func(path string) (int, string) {
		var out, errs bytes.Buffer
		code := Run(context.Background(), append([]string{"--cpuprofile", path}, args...), strings.NewReader(""), &out, &errs)
		return code, errs.String()
	}
	good := filepath.Join(dir, "cpu.prof")
	if code, errs := runProfile(good); code != 0 {
		t.Fatalf("--cpuprofile %s: exit %d, %s", good, code, errs)
	}
	if b, err := os.ReadFile(good); err != nil || len(b) < 2 || b[0] != 0x1f || b[1] != 0x8b {
		t.Fatalf("the profile is not gzip data: %v, % x", err, b[:min(len(b), 4)])
	}
	if code, errs := runProfile(dir); code != 4 || !strings.Contains(errs, "--cpuprofile") {
		t.Errorf("--cpuprofile DIR: exit %d, want 4 and the flag named; %s", code, errs)
	}
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here:", err)
	}
	if code, errs := runProfile("/dev/full"); code != 4 || !strings.Contains(errs, "--cpuprofile") {
		t.Errorf("--cpuprofile /dev/full: exit %d, want 4; %q", code, errs)
	}
}

// TestBenchReportInputExitCodes: bench report exits as the exit-code table
// says: 4 for a file that cannot be opened (as every command), 6 for one
// that holds no records of bench (empty, or not JSON), with --partial too,
// never 1 (which is heuristics that disagree).
func TestBenchReportInputExitCodes(t *testing.T) {
	dir := t.TempDir()
	empty, notJSON := filepath.Join(dir, "e.jsonl"), filepath.Join(dir, "g.jsonl")
	os.WriteFile(empty, nil, 0o644)
	os.WriteFile(notJSON, []byte("hello\n"), 0o644)
	for _, c := range []struct {
		file string
		code int
	}{{filepath.Join(dir, "nosuch.jsonl"), ExitIO}, {empty, ExitIncomplete}, {notJSON, ExitIncomplete}} {
		for _, flags := range [][]string{nil, {"--partial"}} { // --partial merges no run: as without it
			if code, out, errs := run(t, "", append(append([]string{"bench", "report"}, flags...), c.file)...); code != c.code || out != "" || !strings.Contains(errs, c.file) {
				t.Errorf("%v %s: exit %d, stdout %q, stderr %q; want exit %d naming the file", flags, c.file, code, out, errs, c.code)
			}
		}
	}
	// A --baseline that no run has is a bad flag value (2), not a disagreement (1).
	if code, _, errs := run(t, "", "bench", "report", "--partial", "--baseline", "foo", "testdata/report/s0.json"); code != ExitUsage || !strings.Contains(errs, `"foo"`) {
		t.Errorf("--baseline foo: exit %d, stderr %q; want %d naming it", code, errs, ExitUsage)
	}
}

// TestHelpExitOneNamesAllBadInput: an input file whose every record is bad
// exits 1 with nothing solved, and the exit-status table of --help says so
// in its exit-1 row.
func TestHelpExitOneNamesAllBadInput(t *testing.T) {
	file := filepath.Join(t.TempDir(), "bad.txt")
	if err := os.WriteFile(file, []byte("1 2 3\n1 2 3 4 5 6 7 8 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := run(t, "", "solve", "8puzzle", file)
	if code != ExitBadInput || out != "" {
		t.Fatalf("an all-bad file: exit %d, stdout %q", code, out)
	}
	code, help, _ := run(t, "", "--help")
	_, row, _ := strings.Cut(help, "\n  1  ")
	row, _, _ = strings.Cut(row, "\n  2  ")
	if row = strings.Join(strings.Fields(row), " "); code != ExitOK || !strings.Contains(row, "every record taken from input files is bad") {
		t.Fatalf("--help's exit-1 row does not name an all-bad input: %q", row)
	}
}

// TestOutputChecksNameTheFlag: an output that cannot be created fails
// before any work (no table is built) with exit 4 and an error naming its
// flag: census --antipodes, solve -o and bench -o onto a directory (its
// permissions allow writing into it, so a permissions-only check passes
// it), and -o where the file system takes no new file (/proc, even for
// root).
func TestOutputChecksNameTheFlag(t *testing.T) {
	tables, dir := t.TempDir(), t.TempDir()
	cases := [][]string{{"census", "rotation", "--antipodes", dir}, {"solve", "8puzzle", "-o", dir},
		{"bench", "8puzzle", "--heuristic", "pdb44", "-o", dir}}
	if _, err := os.Stat("/proc/self"); err == nil {
		cases = append(cases, []string{"solve", "8puzzle", "-o", "/proc/pdbsolve-test"},
			[]string{"bench", "8puzzle", "--heuristic", "pdb44", "-o", "/proc/pdbsolve-test"})
	}
	for _, args := range cases {
		var out, errb bytes.Buffer
		flag := args[len(args)-2]
		code := Run(context.Background(), append([]string{"--tables", tables}, args...), strings.NewReader("1 2 3 4 5 6 7 8 0\n"), &out, &errb)
		if code != ExitIO || !strings.Contains(errb.String(), flag+": ") {
			t.Errorf("%v: exit %d, stderr %q, want 4 and an error naming %s", args, code, errb.String(), flag)
		}
		if ents, _ := os.ReadDir(tables); len(ents) > 0 {
			t.Fatalf("%v: %d files in the table directory: work was done before the output check", args, len(ents))
		}
	}
}

// TestCompletionNeedsAKnownShell: completion with no shell or an unknown one
// is a usage error (exit 2, nothing on stdout) naming the shells accepted,
// as solve with no puzzle or an unknown one is; a known shell still writes
// its script.
func TestCompletionNeedsAKnownShell(t *testing.T) {
	for _, args := range [][]string{{"completion"}, {"completion", "foo"}, {"solve", "chess"}} {
		code, out, errs := run(t, "", args...)
		want := map[bool]string{true: "bash, fish, powershell or zsh", false: "rotation, 8puzzle, 15puzzle, 24puzzle or tiles --size ROWSxCOLS"}[args[0] == "completion"]
		if code != ExitUsage || out != "" || !strings.Contains(errs, want) || len(args) > 1 && !strings.Contains(errs, `"`+args[1]+`"`) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %d naming %s", args, code, out, errs, ExitUsage, want)
		}
	}
	if code, out, errs := run(t, "", "completion", "bash"); code != ExitOK || !strings.Contains(out, "bash completion") {
		t.Errorf("completion bash: exit %d, stderr %q, %d bytes of script", code, errs, len(out))
	}
}

// TestRunHelpsNameTheSignals: the help of every command that runs a batch
// of boards it can be interrupted in, with -o and --resume, has a
// paragraph on SIGINT and SIGTERM and their exit statuses, the Rotation
// Game's too (which writes no board in flight).
func TestRunHelpsNameTheSignals(t *testing.T) {
	for _, args := range [][]string{{"solve", "rotation"}, {"solve", "15puzzle"}, {"solve", "tiles"}, {"bench"}} {
		code, out, _ := run(t, "", append(args, "--help")...)
		want := map[bool]string{true: progress.RotationInterruptHelp, false: progress.InterruptHelp}[args[0] == "solve" && args[1] == "rotation"]
		if code != ExitOK || !strings.Contains(out, want) || !strings.Contains(out, "130 or 143") {
			t.Errorf("%v --help: exit %d, want the paragraph on signals:\n%s", args, code, out)
		}
	}
}

// TestHelpLinesFit: no line of any command's --help is longer than the
// hand-wrapped paragraphs' 77 columns: the lists made at run time (a
// board's heuristics), the listings of subcommands with their one-line
// descriptions (Short) and the flags included, every word of pflag's
// unwrapped lists of flags kept, in order, flag by flag. Only the text of
// cobra's completion commands above their usage is left out: cobra's own,
// with shell commands not to be broken.
func TestHelpLinesFit(t *testing.T) {
	root, _ := newRoot(context.Background(), strings.NewReader(""), io.Discard, io.Discard)
	root.InitDefaultHelpCmd() // as Execute does: "pdbsolve help" too
	words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		path := strings.Fields(c.CommandPath())[1:]
		code, out, errs := run(t, "", append(path, "--help")...)
		if code != ExitOK {
			t.Fatalf("%s --help: exit %d, stderr %q", c.CommandPath(), code, errs)
		}
		if len(path) > 0 && path[0] == "completion" {
			_, out, _ = strings.Cut(out, "\nUsage:")
		}
		for i, line := range strings.Split(out, "\n") {
			if len(line) > 77 {
				t.Errorf("%s --help, line %d: %d columns: %q", c.CommandPath(), i+1, len(line), line)
			}
		}
		flags := strings.Split(c.LocalFlags().FlagUsages()+c.InheritedFlags().FlagUsages(), "\n")
		for _, flag := range flags {
			if !strings.Contains(words(out), words(flag)) {
				t.Errorf("%s --help: want the words of the flag\n%s\ngot\n%s", c.CommandPath(), flag, out)
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}

// TestREADMEQuotesHelpExitStatuses: README's exit-status table has a row
// for every status --help has, and no other, each saying what --help says
// word for word (README marks names up as code).
func TestREADMEQuotesHelpExitStatuses(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	words := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "`", "")), " ") }
	_, table, _ := strings.Cut(string(readme), "\n| status | meaning |\n| ---: | --- |\n")
	inREADME := map[string]string{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| ") || len(cells) != 2 {
			break
		}
		inREADME[strings.TrimPrefix(cells[0], "| ")] = words(strings.TrimSuffix(cells[1], " |"))
	}
	_, help, _ := run(t, "", "--help")
	_, help, _ = strings.Cut(help, "\nExit status:\n")
	inHelp, status := map[string]string{}, ""
	for _, line := range strings.Split(help, "\n") {
		if !strings.HasPrefix(line, "     ") { // not a row's next line
			var text string
			if status, text, _ = strings.Cut(strings.TrimSpace(line), "  "); status == "" {
				break
			}
			line = text
		}
		inHelp[status] = words(inHelp[status] + " " + line)
	}
	if len(inHelp) < 9 || len(inREADME) != len(inHelp) {
		t.Errorf("exit statuses: README's table has %d, --help %d (want 9 or more)", len(inREADME), len(inHelp))
	}
	for status, want := range inHelp {
		if got := inREADME[status]; got != want {
			t.Errorf("exit status %s: README says\n  %s\n--help says\n  %s", status, got, want)
		}
	}
}
