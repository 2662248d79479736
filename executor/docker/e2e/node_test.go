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
	"testing"
	"time"

	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/api/types/filters"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/node"
)

// managedNode runs a node in-process with manage_containers: true (the
// default, so the Docker runtime wired in internal/node) and one echo
// container; it stops the node (and so removes the container) at cleanup.
func managedNode(t *testing.T) (url, prefix string) {
	t.Helper()
	prefix = engine(t)
	t.Setenv(node.DockerPrefixEnv, prefix)
	raw := fmt.Sprintf(`{
		"server": {"port": 4000},
		"chain": {"enabled": false},
		"data_dir": %q,
		"containers": [{"id": "echo", "image": %q, "external": true}]
	}`, t.TempDir(), echoImage)
	cfg, _, err := config.Parse([]byte(raw))
	require.NoError(t, err)
	require.True(t, cfg.Managed())
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	n, err := node.New(cfg, node.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- n.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-errc)
		// The node removed its container on the way out.
		list, err := cli.ContainerList(context.Background(), containerListByName(prefix+"infernode-echo"))
		require.NoError(t, err)
		require.Empty(t, list, "containers left behind by the node")
	})
	select {
	case <-n.Ready():
	case err := <-errc:
		t.Fatalf("node did not start: %v", err)
	case <-time.After(2 * time.Minute):
		t.Fatal("node not ready after 2m")
	}
	return "http://" + ln.Addr().String(), prefix
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
