package bench

import (
	"runtime"
	"testing"
	"time"
)

// TestCPUClocksResolution: the CPU-time clocks resolve well below a
// millisecond, so that a solve of milliseconds gets its CPU time: read over
// and over until they have advanced 2 ms (a thousand reads or so, each a
// system call), they take hundreds of distinct values, never go back, and
// the thread's advances no more than the wall clock.
// getrusage(RUSAGE_THREAD), which pdbsolve read before, took 2 distinct
// values here.
func TestCPUClocksResolution(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range []struct {
		name string
		read func() time.Duration
	}{{"thread", threadCPU}, {"process", processCPU}} {
		first, wall := c.read(), time.Now()
		if first < 0 {
			t.Fatalf("%s CPU time cannot be read", c.name)
		}
		distinct, last := 1, first
		for last-first < 2*time.Millisecond && time.Since(wall) < 10*time.Second {
			now := c.read()
			if now < last {
				t.Fatalf("%s CPU time went back from %v to %v", c.name, last, now)
			}
			if now != last {
				distinct++
			}
			last = now
		}
		elapsed := time.Since(wall)
		if c.name == "thread" && last-first > elapsed+time.Millisecond {
			t.Errorf("thread CPU time advanced %v in %v of wall time", last-first, elapsed)
		}
		t.Logf("%s CPU time: %d distinct values in %v of CPU, %v of wall time", c.name, distinct, last-first, elapsed)
		if distinct < 200 {
			t.Errorf("%s CPU time took %d distinct values in %v, want 200 or more", c.name, distinct, last-first)
		}
	}
}
