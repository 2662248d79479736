package main

import (
	"math"
	"runtime/debug"
)

// memoryLimit is the soft memory limit serve gives the Go runtime: the
// GOMEMLIMIT environment variable wins (the runtime read it at start-up and
// it is left alone), else the config's memory_limit (-1: none). With
// GOGC=400 and no limit, a burst left the heap target at five times the
// burst's peak; the limit makes the collector work harder near it and the
// runtime hand memory above it back to the OS. It is soft: a node whose live
// heap needs more still gets it, at the cost of more GC CPU (docs/performance.md).
func memoryLimit(configured int64, getenv func(string) string) (limit int64, source string) {
	if getenv("GOMEMLIMIT") != "" {
		return debug.SetMemoryLimit(-1), "GOMEMLIMIT"
	}
	if configured < 0 {
		return math.MaxInt64, "memory_limit"
	}
	return configured, "memory_limit"
}

// applyMemoryLimit sets the limit memoryLimit chooses and returns it, with
// where it came from.
func applyMemoryLimit(configured int64, getenv func(string) string) (int64, string) {
	limit, source := memoryLimit(configured, getenv)
	if source != "GOMEMLIMIT" {
		debug.SetMemoryLimit(limit)
	}
	return limit, source
}
