package protocol

import "golang.org/x/sys/unix"

// limitData lowers the process's soft RLIMIT_DATA (its private writable
// memory: the Go heap and what the engines malloc) to limit bytes, or
// leaves it where it already is lower. An engine allocation past it fails
// (ONNX Runtime answers a run with an error) instead of the kernel's OOM
// killer ending the container.
func limitData(limit uint64) error {
	var r unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_DATA, &r); err != nil {
		return err
	}
	if r.Cur != unix.RLIM_INFINITY && r.Cur <= limit {
		return nil
	}
	r.Cur = min(limit, r.Max)
	return unix.Setrlimit(unix.RLIMIT_DATA, &r)
}
