package node

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/workloads/echo/service"
)

// The response cache through the node: a repeated off-chain job is
// answered without running its container, before and after a restart;
// /info lists the cached containers and /metrics counts hits and misses.
func TestNodeResponseCacheSurvivesRestart(t *testing.T) {
	var calls atomic.Int32
	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/service_output" {
			calls.Add(1)
		}
		echo.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	cfg := &config.Config{DataDir: t.TempDir(), Containers: []config.Container{
		{ID: "pure", URL: srv.URL, External: true, Cache: true},
		{ID: "plain", URL: srv.URL, External: true},
	}}
	run := func(tn *testNode, container, data string) string {
		code, b := tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["`+container+`"],"data":`+data+`}`)
		require.Equal(t, http.StatusOK, code, string(b))
		var c struct{ ID string }
		require.NoError(t, json.Unmarshal(b, &c))
		res := tn.wait(t, c.ID, false)
		require.Equal(t, job.StatusSuccess, res.Status)
		return string(res.Result.Output)
	}

	tn := startNode(t, cfg, Options{})
	out := run(tn, "pure", `{"a":1,"b":2}`)
	require.JSONEq(t, `{"output":{"a":1,"b":2}}`, out)
	require.Equal(t, out, run(tn, "pure", `{"b":2, "a":1}`))
	require.Equal(t, int32(1), calls.Load())
	run(tn, "plain", `{"a":1}`)
	run(tn, "plain", `{"a":1}`)
	require.Equal(t, int32(3), calls.Load(), "a container not marked cache runs every time")

	code, b := tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	var info struct {
		Cache struct {
			Containers []string `json:"containers"`
			Entries    int      `json:"entries"`
			MaxBytes   int64    `json:"max_bytes"`
		} `json:"cache"`
	}
	require.NoError(t, json.Unmarshal(b, &info))
	require.Equal(t, []string{"pure"}, info.Cache.Containers)
	require.Equal(t, 1, info.Cache.Entries)
	require.Equal(t, int64(config.DefaultCacheMaxBytes), info.Cache.MaxBytes)
	_, m := tn.do(t, http.MethodGet, "/metrics", "")
	require.Contains(t, string(m), `infernode_cache_requests_total{container="pure",result="hit"} 1`)
	require.Contains(t, string(m), `infernode_cache_requests_total{container="pure",result="miss"} 1`)
	require.Regexp(t, regexp.MustCompile(`(?m)^infernode_cache_bytes [1-9]`), string(m))
	require.NoError(t, tn.stop())

	tn = startNode(t, cfg, Options{})
	require.Equal(t, out, run(tn, "pure", `{"a":1,"b":2}`))
	require.Equal(t, int32(3), calls.Load(), "the restarted node answers from the cache it kept")
}
