package bench

import (
	"time"

	"golang.org/x/sys/unix"
)

// CPU times come from clock_gettime's CPU-time clocks, which read the
// scheduler's own account of the time run, in nanoseconds. getrusage's
// figures on the same thread move in steps of the kernel's tick (4 ms on
// the project's machine) and read 9 us for a loop that ran 114 us: too
// coarse for solves of milliseconds.

// threadCPU returns the CPU time (user and system) the calling thread has
// used, from clock_gettime(CLOCK_THREAD_CPUTIME_ID); negative when it
// cannot be read. The caller holds its thread (runtime.LockOSThread)
// between two readings.
func threadCPU() time.Duration {
	return cpuClock(unix.CLOCK_THREAD_CPUTIME_ID)
}

// processCPU returns the CPU time (user and system) all threads of the
// process have used, from clock_gettime(CLOCK_PROCESS_CPUTIME_ID);
// negative when it cannot be read.
func processCPU() time.Duration {
	return cpuClock(unix.CLOCK_PROCESS_CPUTIME_ID)
}

// cpuClock reads CPU-time clock id; negative when it cannot be read.
func cpuClock(id int32) time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(id, &ts); err != nil {
		return -1
	}
	return time.Duration(ts.Nano())
}
