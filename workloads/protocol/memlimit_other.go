//go:build !linux

package protocol

// limitData does nothing where there is no RLIMIT_DATA to set: the
// workloads' platform is Linux (docs/workloads.md).
func limitData(uint64) error { return nil }
