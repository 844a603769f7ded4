// Package cli implements the pdbsolve command line: cobra commands, their
// flags, output formats and exit codes. Every command is listed in newRoot;
// each lives in a file of its own with an options struct whose fields its
// flags bind to and a run function; solve, bench, verify, score and random
// check every flag in the options' complete method, before any table is
// read or built. The work is done by the libraries:
// internal/puzzle (each puzzle as a type: names, records, heuristics,
// solvers; the --shard and --instances selection), internal/batch (the
// pipeline), internal/bench (benchmark runs), internal/report (summaries),
// internal/progress (progress lines), internal/score, internal/verify
// (pairing answers with boards), search, pdb and bitboard.
package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/pdbsolve/pdbsolve/internal/cpuprofile"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/provenance"
	"github.com/pdbsolve/pdbsolve/internal/puzzle"
	"github.com/pdbsolve/pdbsolve/pdb"
)

// Exit codes, documented in the root command's help.
const (
	ExitOK       = 0 // every record was handled
	ExitBadInput = 1 // some records were malformed, unsolvable or wrong; the rest were handled
	ExitUsage    = 2 // bad flags or arguments
	ExitTable    = 3 // a table could not be read or built, or (gen) written; score: tables missing or damaged
	ExitIO       = 4 // an input could not be read or the output could not be written
	ExitLimit    = 5 // a solve stopped at --max-nodes or --timeout
	// ExitIncomplete: bench report's inputs are not bench's records, an incomplete set or disagree.
	ExitIncomplete = 6
	// ExitSignal plus a signal's number is the status after SIGINT (130),
	// SIGTERM (143) or SIGPIPE (141, which ends the process at once).
	ExitSignal = 128
)

// exitError carries an exit code out of a command.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func withCode(code int, err error) error {
	if err == nil {
		return nil
	}
	return &exitError{code, err}
}

// orIO returns err with ExitIO when it is a file that could not be opened
// or read (an *os.PathError) or no regular file (a directory), else with code.
func orIO(code int, err error) error {
	return withCode(map[bool]int{true: ExitIO, false: code}[errors.As(err, new(*os.PathError)) || errors.Is(err, pdb.ErrNotRegular)], err)
}

// errSilent reports a failure that has already been described on stderr.
var errSilent = errors.New("")

// globalOptions are the flags every command shares.
type globalOptions struct {
	Tables  string    // table directory
	Workers int       // worker goroutines
	Profile string    // CPU profile file
	Stdin   io.Reader // a *bufio.Reader, which puzzle.Precheck peeks into
	Stdout  io.Writer
	Stderr  io.Writer
	// stderrTTY is set when stderr is a terminal, to show progress.
	stderrTTY   bool
	stopProfile func() error // stops the CPU profile and says whether it was written whole
	cobraOut    *cpuprofile.ErrWriter

	WriteTables pdb.WritePolicy // whether built tables are kept (--write-tables)
	// ctx is cancelled, with an interrupted cause, by SIGINT or SIGTERM.
	ctx context.Context
	// batchRunning is set while a batch runs: it answers an interrupt
	// itself; at other times an interrupt ends the process at once.
	batchRunning atomic.Bool

	args     []string          // the command line, program name first, for provenance
	tables   provenance.Tables // the tables the caches returned, for provenance
	cachesMu sync.Mutex
	caches   []*pdb.Cache // every cache made, whose writes an interrupt stops (under cachesMu)
}

// cache returns the table cache the options name, reporting builds on stderr.
func (g *globalOptions) cache() (*pdb.Cache, error) {
	dir := g.Tables
	if dir == "" {
		d, err := pdb.DefaultDir()
		if err != nil {
			return nil, withCode(ExitTable, err)
		}
		dir = d
	}
	return g.cacheIn(dir)
}

// cacheIn returns a table cache in dir, building on -j's workers, reporting
// builds on stderr and recording the tables loaded for provenance.
func (g *globalOptions) cacheIn(dir string) (*pdb.Cache, error) {
	c := &pdb.Cache{Dir: dir, Policy: g.WriteTables, Notify: func(msg string) { fmt.Fprintln(g.Stderr, msg) },
		Loaded: g.tables.Add, Workers: g.Workers}
	c.Progress = progress.BuildLog(g.Stderr)
	if g.stderrTTY {
		c.Progress = progress.Printer(g.Stderr)
	}
	g.cachesMu.Lock()
	g.caches = append(g.caches, c)
	g.cachesMu.Unlock()
	return c, nil
}

// interruptTables stops the table writes of every cache g made, removing
// their temporary files under the tables' locks (pdb.Cache.Interrupt);
// other processes' files in a shared cache directory are left alone.
func (g *globalOptions) interruptTables() {
	g.cachesMu.Lock()
	caches := g.caches
	g.cachesMu.Unlock()
	for _, c := range caches {
		c.Interrupt()
	}
}

func (g *globalOptions) workers() int {
	if g.Workers > 0 {
		return g.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// maxWorkers bounds -j: more workers than this only cost memory.
const maxWorkers = 1024

func newRoot(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer) (*cobra.Command, *globalOptions) {
	g := &globalOptions{Stdin: bufio.NewReaderSize(stdin, puzzle.PeekSize), Stdout: stdout, Stderr: stderr, ctx: ctx}
	if f, ok := stderr.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			g.stderrTTY = true
		}
	}
	root := &cobra.Command{
		Use:   "pdbsolve",
		Short: "Solve puzzles optimally with pattern databases",
		Long: `pdbsolve solves the Rotation Game and sliding-tile puzzles (every board up to
5x5) optimally with IDA* and pattern databases, built on first use into a
cache directory (--tables, else $` + pdb.EnvTables + `, else the user's cache
directory).

` + exitCodeHelp,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdin)
	g.cobraOut = &cpuprofile.ErrWriter{W: stdout}
	root.SetOut(g.cobraOut)
	root.SetErr(stderr)
	root.PersistentFlags().StringVar(&g.Tables, "tables", "", "table cache directory (default $"+pdb.EnvTables+" or the user cache dir)")
	root.PersistentFlags().IntVarP(&g.Workers, "workers", "j", 0, "worker goroutines, table builds' too; 0 for all cores (the default, but bench solves on 1)")
	root.PersistentFlags().StringVar(&g.Profile, "cpuprofile", "", "write a CPU profile (go tool pprof) to this file")
	addWriteTablesFlag(root, &g.WriteTables)
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		if n := cmd.Name(); n == cobra.ShellCompRequestCmd || n == cobra.ShellCompNoDescRequestCmd {
			registerCompletions(root) // only now: cobra keeps them in a package-level map
		}
		if g.Workers < 0 || g.Workers > maxWorkers {
			return usageError("-j %d: want 0 (all cores) to %d workers", g.Workers, maxWorkers)
		}
		if err := checkFlagConventions(cmd, args); err != nil {
			return err
		}
		var err error
		g.stopProfile, err = cpuprofile.Start(g.Profile)
		return withCode(ExitIO, err)
	}
	// Every command, in one place.
	root.AddCommand(
		newSolveCmd(newSolveRotationCmd(g), newSolveTilesCmd(g, "8puzzle"), newSolveTilesCmd(g, "15puzzle"),
			newSolveTilesCmd(g, "24puzzle"), newSolveTilesCmd(g, tilesAnyName)),
		newGenCmd(newGenRotationCmd(g), newGenTilesCmd(g, "8puzzle"), newGenTilesCmd(g, "15puzzle"),
			newGenTilesCmd(g, "24puzzle"), newGenTilesCmd(g, tilesAnyName)),
		newRandomCmd(newRandomRotationCmd(g), newRandomTilesCmd(g, "8puzzle"), newRandomTilesCmd(g, "15puzzle"),
			newRandomTilesCmd(g, "24puzzle"), newRandomTilesCmd(g, tilesAnyName)),
		newInfoCmd(g),
		newBenchCmd(g),
		newScoreCmd(g),
		newVerifyCmd(g),
		newCensusCmd(newCensusRotationCmd(g)),
		newTablesCmd(g),
	)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return withCode(ExitUsage, plainFlagError(err)) })
	root.InitDefaultCompletionCmd() // now, not in Execute, to fail on a missing or unknown shell
	comp, _, _ := root.Find([]string{"completion"})
	choiceGroup(comp, "shell")
	setTemplates(root)
	return root, g
}

// Main runs pdbsolve with the process's arguments and streams and returns
// the exit status. SIGINT and SIGTERM stop a batch, which writes the answers
// completed so far and exits 130 or 143; at any other time they end the
// process at once with that status, removing the temporary table files it
// was writing (and no other process's).
func Main() int {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	var g *globalOptions
	ready := make(chan struct{})
	go func() {
		sig := <-sigs
		<-ready
		running := g.batchRunning.Load() // before the cancel, which ends the batch and clears it
		if cancel(interrupted{sig}); !running {
			g.interruptTables()
			fmt.Fprintf(os.Stderr, "pdbsolve: %v\n", interrupted{sig})
			os.Exit(signalCode(ctx))
		}
	}()
	root, g0 := newRoot(ctx, os.Stdin, os.Stdout, os.Stderr)
	g = g0
	close(ready)
	g.args = os.Args
	return execute(root, g, os.Args[1:])
}

func execute(root *cobra.Command, g *globalOptions, args []string) int {
	root.SetArgs(args)
	err := root.Execute()
	if g.cobraOut.Err != nil { // help, --version or completion could not be written
		err = withCode(ExitIO, fmt.Errorf("writing output: %w", g.cobraOut.Err))
	}
	if g.stopProfile != nil {
		if perr := g.stopProfile(); perr != nil && err == nil {
			err = withCode(ExitIO, fmt.Errorf("--cpuprofile %s: %w", g.Profile, perr))
		}
	}
	if err == nil {
		return ExitOK
	}
	code := ExitUsage // cobra's own errors are about arguments
	var ee *exitError
	if errors.As(err, &ee) {
		code = ee.code
	}
	if msg := err.Error(); msg != "" {
		if !strings.HasPrefix(msg, "pdbsolve") {
			msg = "pdbsolve: " + msg
		}
		fmt.Fprintln(g.Stderr, msg)
	}
	return code
}

// usageError reports a wrong argument or flag value.
func usageError(format string, args ...any) error {
	return withCode(ExitUsage, fmt.Errorf(format, args...))
}

// choiceGroup gives cmd the subcommands subs (puzzles, shells: the what)
// and makes it fail with a usage error naming them when none or an unknown
// one is named, instead of printing its help and succeeding.
func choiceGroup(cmd *cobra.Command, what string, subs ...*cobra.Command) *cobra.Command {
	cmd.AddCommand(subs...)
	cmd.Args = cobra.ArbitraryArgs // an unknown name is RunE's to report
	cmd.RunE = func(c *cobra.Command, args []string) error {
		names := make([]string, 0, len(c.Commands()))
		for _, sub := range c.Commands() {
			names = append(names, sub.Name())
		}
		return withCode(ExitUsage, puzzle.Choice(c.CommandPath(), what, args, names...))
	}
	return cmd
}

// puzzleArg checks a command's PUZZLE (puzzle.CheckArg) before cobra counts.
func puzzleArg(c *cobra.Command, a []string) error { return puzzle.CheckArg(c.CommandPath(), a) }
