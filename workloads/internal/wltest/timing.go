package wltest

import (
	"runtime"
	"slices"
	"time"

	"golang.org/x/sys/unix"
)

// Timed runs f on one OS thread and returns the wall time and the thread's
// CPU time it took: with one intra-op thread the engines (ONNX Runtime,
// libtorch) compute on the calling thread, and CPU time stays comparable on
// a busy machine.
func Timed(f func()) (wall, cpu time.Duration) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c0 := threadCPU()
	start := time.Now()
	f()
	return time.Since(start), threadCPU() - c0
}

func threadCPU() time.Duration {
	var ts unix.Timespec
	_ = unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts)
	return time.Duration(ts.Nano())
}

// MedianMS is the median of d in milliseconds.
func MedianMS(d []time.Duration) float64 {
	d = slices.Clone(d)
	slices.Sort(d)
	return float64(d[len(d)/2].Microseconds()) / 1e3
}
