package pdb

import (
	"fmt"
	"runtime"
	"sync"
)

// BuildOptions say how a table is built (Spec.Build, Derivation.Build). A
// nil *BuildOptions is the zero value: all cores, no progress reports.
type BuildOptions struct {
	// Workers is the number of goroutines the build runs on, the counts of
	// its table's values included; 0 means runtime.GOMAXPROCS(0). A
	// negative count is an error.
	Workers int
	// Progress, if not nil, receives the build's progress reports.
	Progress func(Progress)
}

// allWorkers returns the number of goroutines a build runs on when its
// caller gives no count: GOMAXPROCS, all the cores the process may use.
// It is the one home of that default.
func allWorkers() int { return runtime.GOMAXPROCS(0) }

// WorkerCount returns the number of goroutines a build with options o runs
// on: o.Workers, or runtime.GOMAXPROCS(0) when o is nil or o.Workers is 0;
// an error for a negative count. A Spec's Build takes its count here.
func (o *BuildOptions) WorkerCount() (int, error) {
	switch {
	case o == nil || o.Workers == 0:
		return allWorkers(), nil
	case o.Workers < 0:
		return 0, fmt.Errorf("pdb: %d build workers: want 0 (all cores) or more", o.Workers)
	}
	return o.Workers, nil
}

// progress returns o.Progress, nil when o is nil.
func (o *BuildOptions) progress() func(Progress) {
	if o == nil {
		return nil
	}
	return o.Progress
}

// workersStarted, if not nil, is called with n by every runWorkers(n, ...):
// the tests' view of how many goroutines a build starts.
var workersStarted func(n int)

// runWorkers calls f(i) for every i in [0, n), each on a goroutine of its
// own, and returns when all have returned. Every parallel step of a build
// starts its goroutines here.
func runWorkers(n int, f func(i int)) {
	if workersStarted != nil {
		workersStarted(n)
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { f(i) })
	}
	wg.Wait()
}
