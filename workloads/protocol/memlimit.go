package protocol

import (
	"fmt"
	"runtime/debug"
	"strconv"
	"strings"
)

// DefaultMaxMemoryBytes is MODEL_MAX_MEMORY_BYTES's default: 4 GiB.
const DefaultMaxMemoryBytes = 4 << 30

// LimitMemory applies MODEL_MAX_MEMORY_BYTES (default 4 GiB; 0: no limit)
// to the process: inference (the engines' allocations and the Go heap)
// runs under it, so a model that asks for more fails its request rather
// than taking the machine.
func LimitMemory(getenv func(string) string) (uint64, error) {
	limit := uint64(DefaultMaxMemoryBytes)
	if v := strings.TrimSpace(getenv("MODEL_MAX_MEMORY_BYTES")); v != "" {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil || (n > 0 && n < 64<<20) {
			return 0, fmt.Errorf("MODEL_MAX_MEMORY_BYTES %q: write a size in bytes, at least 67108864 (64 MiB), or 0 for no limit (default %d, 4 GiB)", v, DefaultMaxMemoryBytes)
		}
		limit = n
	}
	if limit == 0 {
		return 0, nil
	}
	if err := limitData(limit); err != nil {
		return 0, fmt.Errorf("MODEL_MAX_MEMORY_BYTES: set the process's data limit: %w", err)
	}
	// The Go heap is under the same limit, and the runtime cannot survive
	// failing to grow it: collect harder well before it, so that garbage
	// (encoded replies, decoded requests) never takes the heap there. A
	// GOMEMLIMIT the operator set that is lower stays.
	if soft := int64(limit / 4 * 3); soft < debug.SetMemoryLimit(-1) {
		debug.SetMemoryLimit(soft)
	}
	return limit, nil
}
