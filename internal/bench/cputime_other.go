//go:build !linux

package bench

import "time"

// threadCPU returns -1: per-thread CPU time is read on Linux only.
func threadCPU() time.Duration { return -1 }

// processCPU returns -1: the process's CPU time is read on Linux only.
func processCPU() time.Duration { return -1 }
