package node_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/nodetest"
)

// buildBinary builds cmd/infernode into a temp dir.
func buildBinary(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..")
	bin := filepath.Join(t.TempDir(), "infernode")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/infernode")
	cmd.Dir = root
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "go build: %s", out)
	return bin
}

func freePort(t *testing.T) int {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// serveProcess runs `infernode serve` and waits until it serves.
func serveProcess(t *testing.T, bin, cfgPath string) *nodetest.Process {
	t.Helper()
	return nodetest.Serve(t, exec.Command(bin, "serve", "--config", cfgPath))
}

// TestCrashRecovery kills the node with SIGKILL while jobs are in flight,
// restarts it on the same data directory, and finds every accepted job in a
// terminal state: finished ones with their result, interrupted ones failed
// with the restart reason.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the node binary")
	}
	bin := buildBinary(t)

	var calls, answered atomic.Int64
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			return
		}
		calls.Add(1)
		select {
		case <-time.After(150 * time.Millisecond):
		case <-r.Context().Done():
			return
		}
		body, _ := io.ReadAll(r.Body)
		answered.Add(1)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"echo":%s}`, body)
	}))
	defer slow.Close()

	dir := t.TempDir()
	port := freePort(t)
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	cfgPath := filepath.Join(dir, "config.json")
	cfg := fmt.Sprintf(`{
	  "manage_containers": false,
	  "server": {"host": "127.0.0.1", "port": %d},
	  "data_dir": %q,
	  "jobs": {"workers": 8, "queue_size": 10000},
	  "containers": [{"id": "slow", "url": %q, "external": true}]
	}`, port, filepath.Join(dir, "data"), slow.URL)
	require.NoError(t, os.WriteFile(cfgPath, []byte(cfg), 0o600))

	node := serveProcess(t, bin, cfgPath)

	// Submitters keep going until the kill; every 200 is an accepted id.
	var mu sync.Mutex
	var accepted []string
	ctx, stop := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	hc := &http.Client{Timeout: 5 * time.Second}
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ctx.Err() == nil; i++ {
				resp, err := hc.Post(base+"/api/jobs", "application/json", strings.NewReader(fmt.Sprintf(`{"containers":["slow"],"data":{"i":%d}}`, i)))
				if err != nil {
					continue // the node is gone
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					continue
				}
				var c struct{ ID string }
				if json.Unmarshal(b, &c) == nil && c.ID != "" {
					mu.Lock()
					accepted = append(accepted, c.ID)
					mu.Unlock()
				}
			}
		}()
	}
	// Kill once some jobs finished and many are still running or queued.
	require.Eventually(t, func() bool {
		mu.Lock()
		n := len(accepted)
		mu.Unlock()
		return answered.Load() >= 16 && int64(n) > answered.Load()+50
	}, 60*time.Second, 5*time.Millisecond)
	node.Kill()
	stop()
	wg.Wait()
	mu.Lock()
	ids := append([]string(nil), accepted...)
	mu.Unlock()
	t.Logf("accepted %d jobs, %d container calls started, %d answered before the kill", len(ids), calls.Load(), answered.Load())

	node = serveProcess(t, bin, cfgPath)
	byStatus := map[string]int{}
	for i := 0; i < len(ids); i += 50 {
		chunk := ids[i:min(i+50, len(ids))]
		resp, err := http.Get(base + "/api/jobs?id=" + strings.Join(chunk, "&id="))
		require.NoError(t, err)
		var results []job.Result
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&results))
		resp.Body.Close()
		require.Len(t, results, len(chunk), "every accepted id is still known")
		for j, r := range results {
			require.Equal(t, chunk[j], r.ID)
			require.True(t, r.Status.Terminal(), "job %s is %s", r.ID, r.Status)
			if r.Status == job.StatusFailed {
				require.Equal(t, "interrupted by node restart", r.Result.Error)
				byStatus["interrupted"]++
			} else {
				require.Contains(t, string(r.Result.Output), `"echo"`)
				byStatus["success"]++
			}
		}
	}
	t.Logf("after restart: %v", byStatus)
	require.Positive(t, byStatus["interrupted"], "the kill interrupted jobs in flight")
	require.Positive(t, byStatus["success"])

	// A graceful stop (SIGTERM) exits cleanly.
	require.NoError(t, node.Stop(), node.Log())
}
