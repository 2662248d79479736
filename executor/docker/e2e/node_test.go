package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/node"
)

// managedNode runs a node in-process with manage_containers: true (the
// default, so the Docker runtime wired in node) and one echo
// container; it stops the node (and so removes the container) at cleanup.
func managedNode(tb testing.TB) (url, prefix string) {
	tb.Helper()
	prefix = engine(tb)
	tb.Setenv(node.DockerPrefixEnv, prefix)
	tb.Cleanup(func() { // registered first, so it runs after the node stopped
		list, err := cli.ContainerList(context.Background(), containerListByName(prefix+"infernode-echo"))
		require.NoError(tb, err)
		require.Empty(tb, list, "containers left behind by the node")
	})
	// A free port rather than the config's default (3000 and up), which
	// another program on this machine may hold.
	url = startNode(tb, fmt.Sprintf(`{"id": "echo", "image": %q, "external": true, "port": %d}`, echoImage, freePort(tb)), true)
	return url, prefix
}

// unmanagedNode runs a node in-process with manage_containers: false and
// the same echo program on the host.
func unmanagedNode(tb testing.TB) string {
	tb.Helper()
	ep, err := hostEcho(tb).Endpoint("echo")
	require.NoError(tb, err)
	return startNode(tb, fmt.Sprintf(`{"id": "echo", "url": %q, "external": true}`, ep.URL), false)
}

// startNode runs a node in-process on a loopback listener with one
// container (its JSON) and returns its REST URL once it serves.
func startNode(tb testing.TB, containerJSON string, managed bool) string {
	tb.Helper()
	raw := fmt.Sprintf(`{
		"manage_containers": %t,
		"server": {"port": 4000},
		"chain": {"enabled": false},
		"data_dir": %q,
		"containers": [%s]
	}`, managed, tb.TempDir(), containerJSON)
	cfg, _, err := config.Parse([]byte(raw))
	require.NoError(tb, err)
	require.Equal(tb, managed, cfg.Managed())
	ln := nodetest.Listen(tb)
	n, err := node.New(cfg, node.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler), StoreNoSync: true})
	require.NoError(tb, err)
	nodetest.Start(tb, n)
	return nodetest.URL(ln)
}

func TestNodeManagedEcho(t *testing.T) {
	url, prefix := managedNode(t)

	t.Run("container named with the run's prefix, port on 127.0.0.1", func(t *testing.T) {
		list, err := cli.ContainerList(context.Background(), containerListByName(prefix+"infernode-echo"))
		require.NoError(t, err)
		require.Len(t, list, 1)
		require.Equal(t, "running", list[0].State)
		for _, p := range list[0].Ports {
			require.Equal(t, "127.0.0.1", p.IP)
		}
	})

	t.Run("info reports the managed container", func(t *testing.T) {
		resp, err := http.Get(url + "/info")
		require.NoError(t, err)
		defer resp.Body.Close()
		var info struct {
			Containers []map[string]any `json:"containers"`
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&info))
		require.Len(t, info.Containers, 1)
		require.Equal(t, "echo", info.Containers[0]["id"])
		require.Equal(t, echoImage, info.Containers[0]["image"])
	})

	t.Run("job", func(t *testing.T) {
		resp, err := http.Post(url+"/api/jobs", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"hello":"managed"}}`))
		require.NoError(t, err)
		var created struct{ ID string }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&created))
		resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.NotEmpty(t, created.ID)

		var res []struct {
			ID     string
			Status string
			Result *struct {
				Container string
				Output    json.RawMessage
				Error     string
			}
		}
		require.Eventually(t, func() bool {
			resp, err := http.Get(url + "/api/jobs?id=" + created.ID)
			if err != nil {
				return false
			}
			defer resp.Body.Close()
			res = nil
			return json.NewDecoder(resp.Body).Decode(&res) == nil && len(res) == 1 && res[0].Status != "running"
		}, 30*time.Second, 20*time.Millisecond)
		require.Equal(t, "success", res[0].Status, "%+v", res[0].Result)
		require.Equal(t, "echo", res[0].Result.Container)
		require.JSONEq(t, `{"output":{"hello":"managed"}}`, string(res[0].Result.Output))
	})

	t.Run("stream", func(t *testing.T) {
		resp, err := http.Post(url+"/api/jobs/stream", "application/json", bytes.NewReader([]byte(`{"containers":["echo"],"data":{"text":"streamed by a managed container"}}`)))
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
		id, text, ok := strings.Cut(string(b), "\n")
		require.True(t, ok, string(b))
		require.Len(t, id, 36)
		require.Equal(t, "streamed by a managed container", text)
	})
}

func containerListByName(name string) container.ListOptions {
	return container.ListOptions{All: true, Filters: filters.NewArgs(filters.Arg("name", name))}
}

// BenchmarkNodeStreamJob is one job through the node's REST API and the
// echo container, managed (Docker) against unmanaged (host process).
// POST /api/jobs/stream answers when the job is done, so each iteration is
// one whole job: REST, store, runtime endpoint, container call, result.
func BenchmarkNodeStreamJob(b *testing.B) {
	for _, bc := range []struct {
		name  string
		start func(testing.TB) string
	}{
		{"unmanaged", unmanagedNode},
		{"managed", func(tb testing.TB) string { url, _ := managedNode(tb); return url }},
	} {
		b.Run(bc.name, func(b *testing.B) {
			url := bc.start(b)
			body := []byte(`{"containers":["echo"],"data":{"text":"` + strings.Repeat("x", 256) + `"}}`)
			c := &http.Client{}
			for b.Loop() {
				resp, err := c.Post(url+"/api/jobs/stream", "application/json", bytes.NewReader(body))
				if err != nil {
					b.Fatal(err)
				}
				n, _ := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK || n != 37+256 {
					b.Fatalf("status %d, %d bytes", resp.StatusCode, n)
				}
			}
		})
	}
}

var (
	portsMu sync.Mutex
	ports   = map[int]bool{}
)

// freePort returns a free loopback port not handed out before in this run
// (the kernel may give a just-closed port again).
func freePort(tb testing.TB) int {
	tb.Helper()
	portsMu.Lock()
	defer portsMu.Unlock()
	for {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(tb, err)
		p := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if !ports[p] {
			ports[p] = true
			return p
		}
	}
}
