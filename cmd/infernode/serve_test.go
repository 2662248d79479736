package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/nodetest"
)

func TestServeConfigErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, config, want string
	}{
		{"missing", "", "not found; pass --config FILE or set INFERNODE_CONFIG"},
		{"every problem listed", `{"containers": [{"id": "a", "imgae": "x"}], "server": {"port": "x"}}`,
			"2 problems:\n  containers[0].imgae: unknown field; did you mean \"image\"?\n  server.port: expected a whole number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".json")
			if tc.config != "" {
				require.NoError(t, os.WriteFile(path, []byte(tc.config), 0o600))
			}
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), []string{"serve", "--config", path}, &stdout, &stderr)
			require.Equal(t, 1, code)
			require.Contains(t, stderr.String(), tc.want)
		})
	}
	var stderr bytes.Buffer
	require.Equal(t, 2, run(context.Background(), []string{"serve", "extra"}, &bytes.Buffer{}, &stderr))
}

// TestServeRunsAndStops serves an unmanaged container until the context
// ends (as SIGTERM does) and exits 0; legacy keys only warn.
func TestServeRunsAndStops(t *testing.T) {
	ctr := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer ctr.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := l.Addr().(*net.TCPAddr).Port
	require.NoError(t, l.Close())
	dir := t.TempDir()
	path := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(path, []byte(fmt.Sprintf(`{
	  "manage_containers": false, "redis": {"host": "x"},
	  "server": {"host": "127.0.0.1", "port": %d}, "data_dir": %q,
	  "containers": [{"id": "c", "url": %q, "external": true}]}`, port, filepath.Join(dir, "data"), ctr.URL)), 0o600))

	ctx, cancel := context.WithCancel(context.Background())
	stderr := nodetest.NewLog()
	done := make(chan int, 1)
	go func() {
		done <- run(ctx, []string{"serve", "--config", path, "--log-format", "json"}, &bytes.Buffer{}, stderr)
	}()
	nodetest.WaitServing(t, stderr, done)
	cancel()
	select {
	case code := <-done:
		require.Equal(t, 0, code, stderr.String())
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop")
	}
	require.Contains(t, stderr.String(), `"msg":"config: redis: legacy key has no effect; remove it"`)
	require.Contains(t, stderr.String(), `"msg":"infernode stopped"`)
}
