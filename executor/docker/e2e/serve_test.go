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
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/nodetest"
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
// workloads as managed containers and returns its REST URL once it serves
// (the node serves REST only after every container is ready), and how long
// that took from the process start. stop sends SIGTERM and waits for the
// exit.
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

	cmd := exec.Command(bin, "serve", "--config", path)
	cmd.Env = append(os.Environ(), node.DockerPrefixEnv+"="+prefix)
	began := time.Now()
	p := nodetest.Serve(tb, cmd)
	return fmt.Sprintf("http://127.0.0.1:%d", port), time.Since(began), p.Stop
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
