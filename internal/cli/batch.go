package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/pdbsolve/pdbsolve/internal/batch"
	"github.com/pdbsolve/pdbsolve/internal/progress"
	"github.com/pdbsolve/pdbsolve/internal/report"
)

// runBatch runs cfg over the command's streams (cfg.Workers: all cores when
// 0) and turns how it went into the command's error: an interrupt prints its
// one-line summary and exits 128 plus the signal's number.
func runBatch[T any](g *globalOptions, cfg batch.Config[T]) error {
	if cfg.Stdout == nil {
		cfg.Stdout = g.Stdout
	}
	if cfg.Workers == 0 {
		cfg.Workers = g.workers()
	}
	r := runPipeline(g, cfg)
	switch {
	case r.Interrupted:
		fmt.Fprintf(g.Stderr, "pdbsolve: interrupted: %s answered, %d read but not answered; reading stopped\n",
			report.Count(r.Answered, "record"), r.Unanswered)
		return withCode(signalCode(g.ctx), errSilent)
	case r.WriteErr != nil:
		return withCode(ExitIO, fmt.Errorf("writing output: %w", r.WriteErr))
	case r.ReadErr != nil:
		return withCode(ExitIO, errSilent) // already reported in order
	case r.Bad > 0 || r.Halted:
		return withCode(ExitBadInput, errSilent)
	case r.Limit > 0:
		return withCode(ExitLimit, errSilent)
	}
	return nil
}

// runPipeline runs cfg over the command's standard input and error, marked
// as a running batch, which answers an interrupt itself.
func runPipeline[T any](g *globalOptions, cfg batch.Config[T]) batch.Result {
	cfg.Stdin, cfg.Stderr = g.Stdin, g.Stderr
	g.batchRunning.Store(true)
	defer g.batchRunning.Store(false)
	return batch.Run(g.ctx, cfg)
}

// newRunTracker returns a tracker of the runs of label writing to g's
// stderr in the mode its terminal and --progress (lines) ask for.
func newRunTracker(g *globalOptions, label string, lines bool) *progress.Tracker {
	return progress.New(g.Stderr, label, progress.ModeOf(lines, g.stderrTTY))
}

// interrupted is the cause of a command's context when a signal ended it.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string {
	if e.sig == syscall.SIGTERM {
		return "interrupted (SIGTERM)"
	}
	return "interrupted (SIGINT)"
}

// signalCode returns the exit status for the signal that cancelled ctx:
// 128 plus its number, as shells report a process the signal killed.
func signalCode(ctx context.Context) int {
	var e interrupted
	if errors.As(context.Cause(ctx), &e) {
		if s, ok := e.sig.(syscall.Signal); ok {
			return ExitSignal + int(s)
		}
	}
	return ExitSignal + int(syscall.SIGINT)
}
