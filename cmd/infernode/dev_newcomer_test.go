package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestDevConcurrentRequests: several `dev request`s at once from the same
// dev key each get a nonce of their own; none fails with the chain's raw
// "replacement transaction underpriced".
func TestDevConcurrentRequests(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	s, err := startDev(ctx, devOptions{BlockPeriod: time.Second, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	defer func() {
		s.stop()
		require.NoError(t, s.wait())
	}()
	const n = 4
	var wg sync.WaitGroup
	codes, errs := make([]int, n), make([]bytes.Buffer, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var out bytes.Buffer
			codes[i] = run(ctx, []string{"dev", "request", "--rpc", s.chain.RPCURL(), "--input", fmt.Sprintf("racer %d", i)}, &out, &errs[i])
		}()
	}
	wg.Wait()
	for i := range n {
		require.Equal(t, 0, codes[i], "request %d: %s", i, errs[i].String())
		require.NotContains(t, errs[i].String(), "underpriced")
	}
}
