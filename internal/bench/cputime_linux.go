package bench

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU returns the CPU time (user and system) the calling thread has
// used, from getrusage(RUSAGE_THREAD); negative when it cannot be read. The
// caller holds its thread (runtime.LockOSThread) between two readings.
func threadCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_THREAD, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// processCPU returns the CPU time (user and system) all threads of the
// process have used, from getrusage(RUSAGE_SELF); negative when it cannot be
// read.
func processCPU() time.Duration {
	var ru unix.Rusage
	if err := unix.Getrusage(unix.RUSAGE_SELF, &ru); err != nil {
		return -1
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
