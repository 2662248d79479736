package main

import (
	"math"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
)

// serve sets a soft memory limit from the config (default 1 GiB); the
// GOMEMLIMIT environment variable wins.
func TestMemoryLimit(t *testing.T) {
	prev := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(prev) })
	noEnv := func(string) string { return "" }

	cfg, _, err := config.Parse([]byte(`{"containers":[]}`))
	require.NoError(t, err)
	limit, source := applyMemoryLimit(cfg.MemoryLimit, noEnv)
	require.Equal(t, int64(config.DefaultMemoryLimit), limit)
	require.Equal(t, "memory_limit", source)
	require.Equal(t, int64(1<<30), debug.SetMemoryLimit(-1), "the default is applied")

	limit, _ = applyMemoryLimit(512<<20, noEnv)
	require.Equal(t, int64(512<<20), limit)
	require.Equal(t, int64(512<<20), debug.SetMemoryLimit(-1))

	limit, _ = applyMemoryLimit(-1, noEnv)
	require.Equal(t, int64(math.MaxInt64), limit)
	require.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1), "-1: no limit")

	// The runtime read GOMEMLIMIT itself; serve leaves it alone.
	debug.SetMemoryLimit(300 << 20)
	limit, source = applyMemoryLimit(512<<20, func(k string) string {
		if k == "GOMEMLIMIT" {
			return "300MiB"
		}
		return ""
	})
	require.Equal(t, "GOMEMLIMIT", source)
	require.Equal(t, int64(300<<20), limit)
	require.Equal(t, int64(300<<20), debug.SetMemoryLimit(-1))
}
