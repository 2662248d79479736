package node

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/workloads/echo/service"
)

// startEcho serves the real echo workload on loopback.
func startEcho(t testing.TB) string {
	t.Helper()
	h, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// testNode is a node running in-process on a loopback listener.
type testNode struct {
	url  string
	node *Node
	stop func() error
}

func startNode(t testing.TB, cfg *config.Config, opts Options) *testNode {
	t.Helper()
	nodetest.Unmanaged(t, cfg)
	ln := nodetest.Listen(t)
	opts.Listener = ln
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	n, err := New(cfg, opts)
	require.NoError(t, err)
	return &testNode{url: nodetest.URL(ln), node: n, stop: nodetest.Start(t, n)}
}

func (tn *testNode) do(t testing.TB, method, path, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, tn.url+path, strings.NewReader(body))
	require.NoError(t, err)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, b
}

// submit posts a job for container with empty data and returns its id.
func (tn *testNode) submit(t testing.TB, container string) string {
	t.Helper()
	code, b := tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["`+container+`"],"data":{}}`)
	require.Equal(t, http.StatusOK, code, string(b))
	var c struct{ ID string }
	require.NoError(t, json.Unmarshal(b, &c))
	return c.ID
}

// wait polls GET /api/jobs?id= until the job is terminal.
func (tn *testNode) wait(t testing.TB, id string, intermediate bool) job.Result {
	t.Helper()
	var res job.Result
	q := "/api/jobs?id=" + id
	if intermediate {
		q += "&intermediate=true"
	}
	require.Eventually(t, func() bool {
		code, b := tn.do(t, http.MethodGet, q, "")
		require.Equal(t, http.StatusOK, code, string(b))
		var rs []job.Result
		require.NoError(t, json.Unmarshal(b, &rs))
		require.Len(t, rs, 1)
		res = rs[0]
		return res.Status.Terminal()
	}, 20*time.Second, 5*time.Millisecond)
	return res
}

func echoConfig(echoURL string) *config.Config {
	return &config.Config{Containers: []config.Container{
		{ID: "echo", URL: echoURL, External: true, GeneratesProofs: true, Description: "returns its input"},
		{ID: "echo2", URL: echoURL},
		{ID: "local-only", URL: echoURL, External: true, AllowedIPs: []string{"10.0.0.0/8"}},
	}}
}

func TestEndToEndEcho(t *testing.T) {
	tn := startNode(t, echoConfig(startEcho(t)), Options{})

	code, b := tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["echo"],"data":{"x":1}}`)
	require.Equal(t, http.StatusOK, code, string(b))
	var created struct{ ID string }
	require.NoError(t, json.Unmarshal(b, &created))
	res := tn.wait(t, created.ID, false)
	require.Equal(t, job.StatusSuccess, res.Status)
	out, err := json.Marshal(res)
	require.NoError(t, err)
	require.JSONEq(t, fmt.Sprintf(`{"id":%q,"status":"success","result":{"container":"echo","output":{"output":{"x":1}}}}`, created.ID), string(out))

	// A chain keeps its intermediate results.
	code, b = tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["echo","echo2"],"data":{"y":2}}`)
	require.Equal(t, http.StatusOK, code, string(b))
	require.NoError(t, json.Unmarshal(b, &created))
	res = tn.wait(t, created.ID, true)
	require.Equal(t, job.StatusSuccess, res.Status)
	require.JSONEq(t, `{"output":{"output":{"y":2}}}`, string(res.Result.Output))
	require.Len(t, res.Intermediate, 1)
	require.JSONEq(t, `{"output":{"y":2}}`, string(res.Intermediate[0].Output))

	// Listing, scoping and the guardian.
	code, b = tn.do(t, http.MethodGet, "/api/jobs?pending=false", "")
	require.Equal(t, http.StatusOK, code)
	var ids []string
	require.NoError(t, json.Unmarshal(b, &ids))
	require.Len(t, ids, 2)
	code, b = tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["local-only"],"data":{}}`)
	require.Equal(t, http.StatusForbidden, code)
	require.JSONEq(t, `{"error":"Container not allowed for address","params":{"container":"local-only","address":"127.0.0.1"}}`, string(b))
	code, b = tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["echo2"],"data":{}}`)
	require.Equal(t, http.StatusForbidden, code)
	require.JSONEq(t, `{"error":"First container must be external","params":{"first_container":"echo2"}}`, string(b))
	code, b = tn.do(t, http.MethodPost, "/api/jobs", `{"subscription":{"owner":"0x5FbDB2315678afecb367f032d93F642f64180aa3"},"signature":{},"data":{}}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.JSONEq(t, `{"error":"Chain not enabled"}`, string(b))

	// Info, health, resources, metrics.
	code, b = tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	var info struct {
		Version    string
		Containers []struct{ ID string }
		Pending    struct{ Offchain, Onchain int }
		Chain      struct{ Enabled bool }
	}
	require.NoError(t, json.Unmarshal(b, &info))
	require.Equal(t, version.Version, info.Version, "one version source: /info")
	code, b = tn.do(t, http.MethodGet, "/v2", "")
	require.Equal(t, http.StatusOK, code)
	var meta struct{ Version string }
	require.NoError(t, json.Unmarshal(b, &meta))
	require.Equal(t, version.Version, meta.Version, "one version source: /v2")
	require.Len(t, info.Containers, 3)
	require.Zero(t, info.Pending.Offchain)
	require.False(t, info.Chain.Enabled)
	code, b = tn.do(t, http.MethodGet, "/health", "")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `{"status":"healthy"}`, string(b))
	code, b = tn.do(t, http.MethodGet, "/resources", "")
	require.Equal(t, http.StatusOK, code)
	var resources map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &resources))
	require.Contains(t, resources, "echo")
	// Metrics count a job just after its result is stored.
	require.Eventually(t, func() bool {
		code, b = tn.do(t, http.MethodGet, "/metrics", "")
		return code == http.StatusOK && strings.Contains(string(b), `infernode_jobs_finished_total{status="success"} 2`)
	}, 5*time.Second, 5*time.Millisecond)
	require.Contains(t, string(b), `infernode_container_call_seconds_count{container="echo",outcome="ok"}`)
	require.Contains(t, string(b), "infernode_job_queue_depth 0")
}

func TestStreamStoresWhatItRelays(t *testing.T) {
	tn := startNode(t, echoConfig(startEcho(t)), Options{})
	resp, err := http.Post(tn.url+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"text":"hello streaming world"}}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	id, text, ok := bytes.Cut(body, []byte("\n"))
	require.True(t, ok)
	require.Equal(t, "hello streaming world", string(text))
	res := tn.wait(t, string(id), false)
	require.Equal(t, job.StatusSuccess, res.Status)
	var stored struct{ Output string }
	require.NoError(t, json.Unmarshal(res.Result.Output, &stored))
	require.Equal(t, string(text), stored.Output, "the stored result equals the streamed bytes")
}

func TestPutStatusAndRestart(t *testing.T) {
	cfg := echoConfig(startEcho(t))
	cfg.DataDir = t.TempDir()
	tn := startNode(t, cfg, Options{})
	code, b := tn.do(t, http.MethodPut, "/api/status", `{"id":"ext-1","status":"running","containers":["echo"]}`)
	require.Equal(t, http.StatusOK, code, string(b))
	code, b = tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(b), `"offchain":1`)
	code, b = tn.do(t, http.MethodPut, "/api/status", `{"id":"ext-1","status":"done","containers":["echo"]}`)
	require.Equal(t, http.StatusBadRequest, code)
	require.JSONEq(t, `{"error":"Status is invalid"}`, string(b))
	require.NoError(t, tn.stop())

	// Restarting on the same data dir fails what the stop left running.
	tn = startNode(t, cfg, Options{})
	code, b = tn.do(t, http.MethodGet, "/api/jobs?id=ext-1", "")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `[{"id":"ext-1","status":"failed","result":{"container":"echo","error":"interrupted by node restart"}}]`, string(b))
}

// PUT /api/status never touches a job the node runs (409), and a job a
// container keeps obeys the job timeout: the sweep fails it.
func TestPutStatusOnlyForReportedJobs(t *testing.T) {
	cfg := echoConfig(startEcho(t))
	cfg.Jobs.Timeout = config.Duration(time.Minute)
	tn := startNode(t, cfg, Options{})
	id := tn.submit(t, "echo")
	before := tn.wait(t, id, false)
	require.Equal(t, job.StatusSuccess, before.Status)
	for _, st := range []string{"running", "success", "failed"} {
		code, b := tn.do(t, http.MethodPut, "/api/status", `{"id":"`+id+`","status":"`+st+`","containers":["echo"]}`)
		require.Equal(t, http.StatusConflict, code, string(b))
		require.JSONEq(t, `{"error":"Job is managed by the node","params":{"id":"`+id+`"}}`, string(b))
	}
	require.Equal(t, before, tn.wait(t, id, false), "result and owner unchanged")

	code, b := tn.do(t, http.MethodPut, "/api/status", `{"id":"ext-1","status":"running","containers":["echo"]}`)
	require.Equal(t, http.StatusOK, code, string(b))
	n := tn.node
	n.sweep(context.Background(), n.back.store, time.Now().Add(30*time.Second))
	code, b = tn.do(t, http.MethodGet, "/api/jobs?id=ext-1", "")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `[{"id":"ext-1","status":"running","result":null}]`, string(b))
	n.sweep(context.Background(), n.back.store, time.Now().Add(2*time.Minute))
	require.Equal(t, job.Result{ID: "ext-1", Status: job.StatusFailed, Result: &job.ContainerResult{Container: "echo",
		Error: "job timed out after 1m0s: no final status was reported (PUT /api/status)"}}, tn.wait(t, "ext-1", false))
}

// A reported job left running fails at its jobs.timeout, not at the next
// retention sweep: with purge_every an hour, the only way it can fail
// within wait's ceiling is the expiry loop waking at its deadline.
func TestReportedJobTimesOutAtItsDeadline(t *testing.T) {
	cfg := echoConfig(startEcho(t))
	cfg.Jobs.Timeout = config.Duration(3 * time.Second)
	cfg.Jobs.PurgeEvery = config.Duration(time.Hour)
	tn := startNode(t, cfg, Options{})
	start := time.Now()
	code, b := tn.do(t, http.MethodPut, "/api/status", `{"id":"ext-late","status":"running","containers":["echo"]}`)
	require.Equal(t, http.StatusOK, code, string(b))
	require.Equal(t, job.Result{ID: "ext-late", Status: job.StatusFailed, Result: &job.ContainerResult{Container: "echo",
		Error: "job timed out after 3s: no final status was reported (PUT /api/status)"}}, tn.wait(t, "ext-late", false))
	t.Logf("failed %s after it was reported, for a 3s timeout", time.Since(start).Round(10*time.Millisecond))
}

// nextExpiry wakes the loop just past the oldest reported job's deadline,
// at once for one overdue, and after one timeout when there is none.
func TestNextExpiry(t *testing.T) {
	now := time.Unix(1000, 0)
	for _, tc := range []struct {
		name   string
		oldest time.Time
		ok     bool
		want   time.Duration
	}{
		{"none", time.Time{}, false, 3 * time.Second},
		{"just reported", now, true, 3*time.Second + time.Millisecond},
		{"reported 2s ago", now.Add(-2 * time.Second), true, time.Second + time.Millisecond},
		{"due now", now.Add(-3 * time.Second), true, time.Millisecond},
		{"overdue", now.Add(-time.Minute), true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, nextExpiry(now, tc.oldest, tc.ok, 3*time.Second))
		})
	}
	require.Equal(t, minExpiryWait, nextExpiry(now, time.Time{}, false, time.Millisecond), "no spin on a tiny timeout")
}

// blocking is a container that holds every call until released.
func blocking(t testing.TB) (url string, release func()) {
	ch := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			return
		}
		select {
		case <-ch:
		case <-r.Context().Done():
			return
		}
		io.WriteString(w, `{"ok":true}`)
	}))
	var once bool
	release = func() {
		if !once {
			once = true
			close(ch)
		}
	}
	t.Cleanup(func() { release(); srv.Close() })
	return srv.URL, release
}

// The job data that queued and running jobs hold is bounded (16 bodies of
// server.max_body_bytes), however long the queue: beyond it Node busy, and
// room again once jobs finish.
func TestJobDataIsBounded(t *testing.T) {
	url, release := blocking(t)
	cfg := &config.Config{
		Containers: []config.Container{{ID: "slow", URL: url, External: true}},
		Server:     config.Server{MaxBodyBytes: 1000},
		Jobs:       config.Jobs{Workers: 64, QueueSize: 4096, Timeout: config.Duration(time.Hour)},
	}
	tn := startNode(t, cfg, Options{})
	data := `{"x":"` + strings.Repeat("a", 892) + `"}` // 900 bytes: 17 fit in 16,000
	body := `{"containers":["slow"],"data":` + data + `}`
	var ids []string
	for range 17 {
		code, b := tn.do(t, http.MethodPost, "/api/jobs", body)
		require.Equal(t, http.StatusOK, code, string(b))
		var c struct{ ID string }
		require.NoError(t, json.Unmarshal(b, &c))
		ids = append(ids, c.ID)
	}
	code, b := tn.do(t, http.MethodPost, "/api/jobs", body)
	require.Equal(t, http.StatusServiceUnavailable, code, string(b))
	require.JSONEq(t, `{"error":"Node busy"}`, string(b))

	release()
	for _, id := range ids {
		require.Equal(t, job.StatusSuccess, tn.wait(t, id, false).Status)
	}
	code, b = tn.do(t, http.MethodPost, "/api/jobs", body)
	require.Equal(t, http.StatusOK, code, "room again: %s", b)
}

func TestBusyAndTimeout(t *testing.T) {
	url, release := blocking(t)
	cfg := &config.Config{
		Containers: []config.Container{{ID: "slow", URL: url, External: true}},
		Jobs:       config.Jobs{Workers: 1, QueueSize: 2, Timeout: config.Duration(time.Hour)},
	}
	tn := startNode(t, cfg, Options{})
	var ids []string
	busy := 0
	for i := 0; i < 6; i++ {
		code, b := tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["slow"],"data":{}}`)
		switch code {
		case http.StatusOK:
			var c struct{ ID string }
			require.NoError(t, json.Unmarshal(b, &c))
			ids = append(ids, c.ID)
		case http.StatusServiceUnavailable:
			require.JSONEq(t, `{"error":"Node busy"}`, string(b))
			busy++
		default:
			t.Fatalf("unexpected %d %s", code, b)
		}
	}
	// One running plus two queued are accepted; the rest are refused.
	require.GreaterOrEqual(t, len(ids), 2)
	require.LessOrEqual(t, len(ids), 3)
	require.Equal(t, 6-len(ids), busy)
	release()
	for _, id := range ids {
		require.Equal(t, job.StatusSuccess, tn.wait(t, id, false).Status)
	}

	// A job past its timeout fails with the reason.
	url2, _ := blocking(t)
	cfg = &config.Config{
		Containers: []config.Container{{ID: "stuck", URL: url2, External: true}},
		Jobs:       config.Jobs{Timeout: config.Duration(200 * time.Millisecond)},
	}
	tn = startNode(t, cfg, Options{})
	res := tn.wait(t, tn.submit(t, "stuck"), false)
	require.Equal(t, job.StatusFailed, res.Status)
	require.Equal(t, &job.ContainerResult{Container: "stuck", Error: "cancelled: job timed out after 200ms"}, res.Result)
}

func TestShutdownFinishesEveryAcceptedJob(t *testing.T) {
	url, _ := blocking(t) // never released: shutdown must cancel
	cfg := &config.Config{
		Containers: []config.Container{{ID: "slow", URL: url, External: true}},
		Jobs:       config.Jobs{Workers: 2, QueueSize: 10},
		DataDir:    t.TempDir(),
	}
	tn := startNode(t, cfg, Options{ShutdownGrace: 100 * time.Millisecond})
	var ids []string
	for i := 0; i < 8; i++ {
		ids = append(ids, tn.submit(t, "slow"))
	}
	require.NoError(t, tn.stop())
	tn = startNode(t, cfg, Options{})
	for _, id := range ids {
		res := tn.wait(t, id, false)
		require.Equal(t, job.StatusFailed, res.Status)
		require.Equal(t, "cancelled: node shutting down", res.Result.Error)
	}
}

func TestChainDisabledAndChainPlugged(t *testing.T) {
	ch := &fakeChain{}
	tn := startNode(t, echoConfig(startEcho(t)), Options{Chain: ch})
	code, b := tn.do(t, http.MethodPost, "/api/jobs", `{"subscription":{"owner":"0x5FbDB2315678afecb367f032d93F642f64180aa3"},"signature":{},"data":{}}`)
	require.Equal(t, http.StatusOK, code, string(b))
	require.JSONEq(t, `{}`, string(b))
	code, b = tn.do(t, http.MethodGet, "/info", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(b), `"chain":{"enabled":true,"address":"0xabc"}`)
	require.Contains(t, string(b), `"onchain":3`)
	ch.unhealthy.Store(true)
	code, _ = tn.do(t, http.MethodGet, "/health", "")
	require.Equal(t, http.StatusServiceUnavailable, code)

	// A delegated request while the chain link is down: 503 with
	// Retry-After, not a 500.
	req, err := http.NewRequest(http.MethodPost, tn.url+"/api/jobs", strings.NewReader(`{"subscription":{"owner":"0x5FbDB2315678afecb367f032d93F642f64180aa3"},"signature":{},"data":{}}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err = io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, string(b))
	require.JSONEq(t, `{"error":"Chain unavailable"}`, string(b))
	require.Equal(t, "1", resp.Header.Get("Retry-After"))
}

type fakeChain struct{ unhealthy atomic.Bool }

func (f *fakeChain) Run(ctx context.Context) error { <-ctx.Done(); return nil }
func (f *fakeChain) SubmitDelegated(context.Context, string, json.RawMessage) error {
	if f.unhealthy.Load() { // what the verifier's getSigner call meets
		return fmt.Errorf("verify delegated subscription: call getSigner: dial tcp 127.0.0.1:8545: connect: connection refused")
	}
	return nil
}
func (f *fakeChain) Pending() int                    { return 3 }
func (f *fakeChain) Address() string                 { return "0xabc" }
func (f *fakeChain) Endpoints() []rest.ChainEndpoint { return nil }
func (f *fakeChain) Fleet() *fleet.Fleet             { return nil }

func (f *fakeChain) Healthy(context.Context) error {
	if f.unhealthy.Load() {
		return fmt.Errorf("rpc down")
	}
	return nil
}

func TestStreamsAreBounded(t *testing.T) {
	calls := make(chan struct{}, 10)
	hold := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			return
		}
		calls <- struct{}{}
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		select {
		case <-hold:
		case <-r.Context().Done():
		}
		io.WriteString(w, "done")
	}))
	t.Cleanup(srv.Close)
	cfg := &config.Config{
		Containers: []config.Container{{ID: "slow", URL: srv.URL, External: true}},
		Jobs:       config.Jobs{Workers: 1},
	}
	tn := startNode(t, cfg, Options{})
	first := make(chan string)
	go func() {
		resp, err := http.Post(tn.url+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["slow"],"data":{}}`))
		if err != nil {
			first <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		first <- string(b)
	}()
	<-calls // the first stream holds the only slot
	code, b := tn.do(t, http.MethodPost, "/api/jobs/stream", `{"containers":["slow"],"data":{}}`)
	require.Equal(t, http.StatusServiceUnavailable, code)
	require.JSONEq(t, `{"error":"Node busy"}`, string(b))
	close(hold)
	require.True(t, strings.HasSuffix(<-first, "\ndone"))
	// The slot is free again once the stream ended.
	code, b = tn.do(t, http.MethodPost, "/api/jobs/stream", `{"containers":["slow"],"data":{}}`)
	require.Equal(t, http.StatusOK, code, string(b))
}

// A stream whose container is slow to answer still sends the job id
// first, so a client that gives up knows which job it gave up on; the
// bytes follow when they come and are stored as the result.
func TestStreamSendsIDBeforeASlowContainer(t *testing.T) {
	hold := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			return
		}
		select { // no headers until released
		case <-hold:
		case <-r.Context().Done():
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "late")
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-hold:
		default:
			close(hold)
		}
	})
	cfg := &config.Config{Containers: []config.Container{{ID: "slow", URL: srv.URL, External: true}}}
	tn := startNode(t, cfg, Options{streamIDGrace: time.Nanosecond})
	resp, err := http.Post(tn.url+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["slow"],"data":{}}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "application/octet-stream", resp.Header.Get("Content-Type"))
	rd := bufio.NewReader(resp.Body)
	id, err := rd.ReadString('\n')
	require.NoError(t, err, "the id line arrives while the container holds its answer")
	id = strings.TrimSuffix(id, "\n")
	code, b := tn.do(t, http.MethodGet, "/api/jobs?id="+id, "")
	require.Equal(t, http.StatusOK, code)
	require.JSONEq(t, `[{"id":"`+id+`","status":"running","result":null}]`, string(b))
	close(hold)
	rest, err := io.ReadAll(rd)
	require.NoError(t, err)
	require.Equal(t, "late", string(rest))
	res := tn.wait(t, id, false)
	require.Equal(t, job.StatusSuccess, res.Status)
	require.JSONEq(t, `{"output":"late"}`, string(res.Result.Output))
}

// Slow and idle clients are cut by the server's timeouts, and the
// connection cap admits the next client once they are: with one connection
// allowed, a client trickling its body, then one idling on a keep-alive
// connection, each hold the only slot only until their timeout.
func TestSlowAndIdleConnectionsAreCut(t *testing.T) {
	cfg := echoConfig(startEcho(t))
	cfg.Server.ReadHeaderTimeout = config.Duration(200 * time.Millisecond)
	cfg.Server.ReadTimeout = config.Duration(200 * time.Millisecond)
	cfg.Server.IdleTimeout = config.Duration(200 * time.Millisecond)
	cfg.Server.MaxConnections = 1
	require.Equal(t, rest.MaxWait, config.MaxWait, "server.write_timeout is validated against the longest wait")
	tn := startNode(t, cfg, Options{})
	addr := strings.TrimPrefix(tn.url, "http://")

	// closed reads from c until the server closes it, and returns what came.
	closed := func(c net.Conn) string {
		require.NoError(t, c.SetReadDeadline(time.Now().Add(time.Minute))) // a safety net, not the assertion
		b, err := io.ReadAll(c)
		require.NoError(t, err, "the server closed the connection")
		return string(b)
	}

	trickle, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer trickle.Close()
	_, err = io.WriteString(trickle, "POST /api/jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
	require.NoError(t, err)
	answer := closed(trickle)
	require.NotContains(t, answer, "200 OK")

	idle, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer idle.Close()
	_, err = io.WriteString(idle, "GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	require.NoError(t, err)
	require.Contains(t, closed(idle), "200 OK", "answered, then cut while idle")

	code, b := tn.do(t, http.MethodGet, "/metrics", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(b), `infernode_http_requests_total{method="GET",route="/health",status="200"} 1`)
}

// GET /resources asks only the containers whose allowed_ips admit the
// caller: a fenced container does no model lookup on a stranger's behalf.
func TestResourcesAppliesAllowedIPs(t *testing.T) {
	var fencedAsked atomic.Int32
	fenced := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/service-resources" {
			fencedAsked.Add(1)
		}
		io.WriteString(w, `{}`)
	}))
	t.Cleanup(fenced.Close)
	cfg := echoConfig(startEcho(t))
	cfg.Containers = append(cfg.Containers, config.Container{ID: "fenced", URL: fenced.URL, External: true, AllowedIPs: []string{"10.0.0.0/8"}})
	tn := startNode(t, cfg, Options{})
	code, b := tn.do(t, http.MethodGet, "/resources?model_id=huggingface/acme/iris:iris.onnx", "")
	require.Equal(t, http.StatusOK, code, string(b))
	var res map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(b, &res))
	require.Contains(t, res, "echo")
	require.NotContains(t, res, "fenced")
	require.Zero(t, fencedAsked.Load())
}
