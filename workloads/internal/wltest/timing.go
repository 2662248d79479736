package wltest

import (
	"runtime"
	"slices"
	"testing"
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

// EngineAndInfer runs engine (the bare engine call) and infer (the same
// inference through the workload) alternately, so that a busy machine slows
// both alike, after warmups runs of each, and reports the medians of their
// wall and thread CPU times and the workload's CPU overhead over the engine.
func EngineAndInfer(b *testing.B, warmups int, engine, infer func()) {
	for range warmups {
		engine()
		infer()
	}
	var e, i, ec, ic []time.Duration
	for b.Loop() {
		w, c := Timed(engine)
		e, ec = append(e, w), append(ec, c)
		w, c = Timed(infer)
		i, ic = append(i, w), append(ic, c)
	}
	b.ReportMetric(MedianMS(e), "engine_ms")
	b.ReportMetric(MedianMS(i), "infer_ms")
	b.ReportMetric(MedianMS(ec), "engine_cpu_ms")
	b.ReportMetric(MedianMS(ic), "infer_cpu_ms")
	b.ReportMetric(100*(MedianMS(ic)-MedianMS(ec))/MedianMS(ec), "cpu_overhead_%")
}
