package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/node"
)

var (
	buildOnce sync.Once
	binPath   string
	binErr    error
)

// infernodeBin builds cmd/infernode once per test binary.
func infernodeBin(tb testing.TB) string {
	tb.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "e2e-infernode-")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "infernode")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/infernode/infernode/cmd/infernode").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build cmd/infernode: %w\n%s", err, out)
		}
	})
	require.NoError(tb, binErr)
	return binPath
}

// bundledNames lists the bundled workloads in order.
func bundledNames() []string {
	var names []string
	for name := range bundled {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// serveManaged runs `infernode serve` on a config with the named bundled
// workloads as managed containers and returns its REST URL once /health
// answers 200 (the node serves REST only after every container is ready),
// and how long that took from the process start. stop sends SIGTERM and
// waits for the exit.
func serveManaged(tb testing.TB, prefix string, names []string) (url string, took time.Duration, stop func() error) {
	tb.Helper()
	bin := infernodeBin(tb)
	dir := tb.TempDir()
	port := freePort(tb)
	var containers []map[string]any
	for _, name := range names {
		containers = append(containers, map[string]any{"id": name, "image": bundled[name], "external": true, "port": freePort(tb)})
	}
	cfg, err := json.Marshal(map[string]any{
		"server":     map[string]any{"host": "127.0.0.1", "port": port},
		"chain":      map[string]any{"enabled": false},
		"data_dir":   filepath.Join(dir, "data"),
		"containers": containers,
	})
	require.NoError(tb, err)
	path := filepath.Join(dir, "config.json")
	require.NoError(tb, os.WriteFile(path, cfg, 0o644))

	logf, err := os.Create(filepath.Join(dir, "node.log"))
	require.NoError(tb, err)
	defer logf.Close()
	cmd := exec.Command(bin, "serve", "--config", path)
	cmd.Env = append(os.Environ(), node.DockerPrefixEnv+"="+prefix)
	cmd.Stdout, cmd.Stderr = logf, logf
	began := time.Now()
	require.NoError(tb, cmd.Start())
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopped := false
	stop = func() error {
		if stopped {
			return nil
		}
		stopped = true
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case err := <-exited:
			return err
		case <-time.After(time.Minute):
			cmd.Process.Kill()
			return fmt.Errorf("infernode serve did not exit within 1m of SIGTERM")
		}
	}
	tb.Cleanup(func() { _ = stop() })

	url = fmt.Sprintf("http://127.0.0.1:%d", port)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"/health", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return url, time.Since(began), stop
			}
		}
		select {
		case err := <-exited:
			log, _ := os.ReadFile(logf.Name())
			tb.Fatalf("infernode serve exited before it was ready: %v\n%s", err, log)
		case <-ctx.Done():
			log, _ := os.ReadFile(logf.Name())
			tb.Fatalf("infernode serve not ready after 2m\n%s", log)
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// The real binary with manage_containers (default true): every bundled
// workload runs as a container, and SIGTERM removes them.
func TestServeManagedBundled(t *testing.T) {
	prefix := engine(t)
	url, took, stop := serveManaged(t, prefix, bundledNames())
	t.Logf("infernode serve ready with %d managed containers after %s", len(bundled), took)
	resp, err := http.Get(url + "/info")
	require.NoError(t, err)
	var info struct {
		Containers []struct{ ID string } `json:"containers"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&info))
	resp.Body.Close()
	require.Len(t, info.Containers, len(bundled))
	list, err := cli.ContainerList(context.Background(), containerListByName(prefix+"infernode-"))
	require.NoError(t, err)
	require.Len(t, list, len(bundled))

	require.NoError(t, stop())
	list, err = cli.ContainerList(context.Background(), containerListByName(prefix+"infernode-"))
	require.NoError(t, err)
	require.Empty(t, list, "containers removed at SIGTERM")
}

// BenchmarkServeReady is the time from starting `infernode serve` to all
// its containers ready (fresh containers, images local): echo alone, and
// every bundled workload.
func BenchmarkServeReady(b *testing.B) {
	for _, bc := range []struct {
		name  string
		names []string
	}{{"echo", []string{"echo"}}, {"bundled", bundledNames()}} {
		b.Run(bc.name, func(b *testing.B) {
			prefix := engine(b)
			infernodeBin(b)
			for b.Loop() {
				_, _, stop := serveManaged(b, prefix, bc.names)
				b.StopTimer()
				require.NoError(b, stop())
				b.StartTimer()
			}
			b.ReportMetric(float64(len(bc.names)), "containers")
		})
	}
}
