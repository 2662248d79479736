package docker_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/node"
)

// swarmNode runs a node in-process with docker.mode "swarm" and the given
// containers (JSON), and returns its REST URL once it serves; it stops the
// node (removing its services) at cleanup.
func swarmNode(tb testing.TB, prefix, containersJSON string) string {
	tb.Helper()
	tb.Setenv(node.DockerPrefixEnv, prefix)
	raw := fmt.Sprintf(`{
		"docker": {"mode": "swarm"},
		"server": {"port": 4000},
		"chain": {"enabled": false},
		"data_dir": %q,
		"jobs": {"workers": 64},
		"containers": [%s]
	}`, tb.TempDir(), containersJSON)
	cfg, _, err := config.Parse([]byte(raw))
	require.NoError(tb, err)
	require.True(tb, cfg.Swarm())
	ln := nodetest.Listen(tb)
	n, err := node.New(cfg, node.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler), StoreNoSync: true})
	require.NoError(tb, err)
	nodetest.Start(tb, n)
	return nodetest.URL(ln)
}

type infoReplicas struct {
	Containers []struct {
		ID    string `json:"id"`
		State struct {
			Ready    bool   `json:"ready"`
			State    string `json:"state"`
			Replicas *struct {
				Desired, Running, Ready int
			} `json:"replicas"`
		} `json:"state"`
	} `json:"containers"`
}

// waitInfoReplicas waits (bounded) until /info shows want ready and running
// replicas of the first container.
func waitInfoReplicas(tb testing.TB, url string, want int) infoReplicas {
	tb.Helper()
	var info infoReplicas
	require.Eventually(tb, func() bool {
		resp, err := http.Get(url + "/info")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		info = infoReplicas{}
		if json.NewDecoder(resp.Body).Decode(&info) != nil || len(info.Containers) == 0 {
			return false
		}
		r := info.Containers[0].State.Replicas
		return r != nil && r.Ready == want && r.Running == want
	}, 2*time.Minute, 50*time.Millisecond, "waiting for %d replicas in /info", want)
	return info
}

// Three replicas of echo behind the node: /info and /metrics show them,
// and jobs posted over REST spread over all three.
func TestSwarmNodeReplicas(t *testing.T) {
	prefix := engine(t)
	url := swarmNode(t, prefix, fmt.Sprintf(`{"id": "echo", "image": %q, "external": true, "replicas": 3, "env": {"ECHO_HOST": "1"}}`, testImage))
	info := waitInfoReplicas(t, url, 3)
	require.Equal(t, "running", info.Containers[0].State.State)
	require.Equal(t, 3, info.Containers[0].State.Replicas.Desired)

	resp, err := http.Get(url + "/metrics")
	require.NoError(t, err)
	metrics, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Contains(t, string(metrics), `infernode_docker_service_replicas{container="echo",state="ready"} 3`)
	require.Contains(t, string(metrics), `infernode_docker_service_replicas{container="echo",state="desired"} 3`)

	hosts := map[string]int{}
	for i := range 30 {
		resp, err := http.Post(url+"/api/jobs", "application/json", strings.NewReader(fmt.Sprintf(`{"containers":["echo"],"data":{"n":%d}}`, i)))
		require.NoError(t, err)
		var created struct{ ID string }
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&created))
		resp.Body.Close()
		require.NotEmpty(t, created.ID)
		resp, err = http.Get(url + "/api/jobs?id=" + created.ID + "&wait=30s")
		require.NoError(t, err)
		var res []struct {
			Status string
			Result struct{ Output json.RawMessage }
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
		resp.Body.Close()
		require.Len(t, res, 1)
		require.Equal(t, "success", res[0].Status)
		var out echoOut
		require.NoError(t, json.Unmarshal(res[0].Result.Output, &out))
		require.JSONEq(t, fmt.Sprintf(`{"n":%d}`, i), string(out.Output))
		hosts[out.Host]++
	}
	require.Len(t, hosts, 3, "jobs spread over the three replicas: %v", hosts)
}

// BenchmarkSwarmNodeThroughput measures jobs per second through the node
// (REST POST /api/jobs/stream: a whole job each) with 1, 2 and 3 replicas
// of a CPU-bound workload: every call costs the workload a fixed number of
// SHA-256 rounds, on one core (GOMAXPROCS=1: one replica, one core, like a
// single-threaded model server). "echo" is the same with no work: the
// node's own ceiling. Run with -benchtime=2000x or more.
func BenchmarkSwarmNodeThroughput(b *testing.B) {
	for _, bc := range []struct {
		name     string
		replicas int
		iters    int
	}{
		{"cpu/replicas=1", 1, 20000},
		{"cpu/replicas=2", 2, 20000},
		{"cpu/replicas=3", 3, 20000},
		{"echo/replicas=3", 3, 0},
	} {
		b.Run(bc.name, func(b *testing.B) {
			engine(b)                                                             // skips under -short
			prefix := fmt.Sprintf("%s-bench%d-%d-", runID, bc.replicas, bc.iters) // short: a service name is a DNS label
			url := swarmNode(b, prefix, fmt.Sprintf(`{"id": "work", "image": %q, "external": true, "replicas": %d, "env": {"WORK_ITERS": "%d", "GOMAXPROCS": "1"}}`,
				testImage, bc.replicas, bc.iters))
			waitInfoReplicas(b, url, bc.replicas)
			body := []byte(`{"containers":["work"],"data":{"text":"` + strings.Repeat("x", 64) + `"}}`)
			c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
			var (
				failed  atomic.Int64
				lastErr atomic.Value
			)
			b.SetParallelism(8) // 8 × GOMAXPROCS clients: enough to keep 3 replicas busy
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					resp, err := c.Post(url+"/api/jobs/stream", "application/json", bytes.NewReader(body))
					if err != nil {
						failed.Add(1)
						lastErr.Store(err.Error())
						continue
					}
					out, _ := io.ReadAll(resp.Body)
					resp.Body.Close()
					if resp.StatusCode != http.StatusOK {
						failed.Add(1)
						lastErr.Store(fmt.Sprintf("status %d: %s", resp.StatusCode, out))
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "jobs/s")
			if n := failed.Load(); n > 0 {
				b.Fatalf("%d jobs failed, last: %v", n, lastErr.Load())
			}
		})
	}
}
