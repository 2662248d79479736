package rest_test

// The docs/api.md error table against the real node (package node) serving
// the real echo workload on loopback, with its relay on the embedded chain
// for the delegated rows. Two rows cannot be reached from here and are
// covered by TestErrorTable with the in-test backend: PUT /api/status from
// a non-local address (all traffic here is loopback) and internal failures.

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/bench"
	"github.com/infernode/infernode/client"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/node"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/testnet/chaintest"
	"github.com/infernode/infernode/workloads/echo/service"
)

func startEcho(t *testing.T) string {
	h, err := service.New(service.Config{})
	require.NoError(t, err)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// startNode runs a real node in-process on a loopback listener.
func startNode(t *testing.T, cfg *config.Config) string {
	t.Helper()
	return startNodeWith(t, cfg, node.Options{})
}

func startNodeWith(t *testing.T, cfg *config.Config, opts node.Options) string {
	t.Helper()
	cfg.DataDir = ""
	nodetest.Unmanaged(t, cfg)
	ln := nodetest.Listen(t)
	opts.Listener, opts.Logger, opts.ShutdownGrace = ln, slog.New(slog.DiscardHandler), time.Second
	n, err := node.New(cfg, opts)
	require.NoError(t, err)
	nodetest.Start(t, n)
	return nodetest.URL(ln)
}

func tableConfig(url string) *config.Config {
	return &config.Config{Containers: []config.Container{
		{ID: "echo", URL: url, External: true},
		{ID: "internal", URL: url},
		{ID: "prover", URL: url, External: true, GeneratesProofs: true},
		{ID: "fenced", URL: url, External: true, AllowedIPs: []string{"10.0.0.0/8", "fd00::/8"}},
	}}
}

type nodeRow struct {
	name         string
	method, path string
	body         string
	times        int
	status       int
	err          string
	params       map[string]any
	retryAfter   string
}

func send(t *testing.T, base string, r nodeRow) (*http.Response, []byte) {
	t.Helper()
	var resp *http.Response
	var b []byte
	for range max(r.times, 1) {
		req, err := http.NewRequest(r.method, base+r.path, strings.NewReader(r.body))
		require.NoError(t, err)
		if r.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err = http.DefaultClient.Do(req)
		require.NoError(t, err)
		b, err = io.ReadAll(resp.Body)
		require.NoError(t, err)
		resp.Body.Close()
	}
	return resp, b
}

func checkRow(t *testing.T, base string, r nodeRow) {
	t.Run(r.name, func(t *testing.T) {
		resp, b := send(t, base, r)
		require.Equal(t, r.status, resp.StatusCode, string(b))
		var got struct {
			Error  string         `json:"error"`
			Params map[string]any `json:"params"`
		}
		require.NoError(t, json.Unmarshal(b, &got), string(b))
		require.Equal(t, r.err, got.Error)
		require.Equal(t, r.params, got.Params)
		require.Equal(t, r.retryAfter, resp.Header.Get("Retry-After"))
	})
}

func TestErrorTableAgainstNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a node and the echo workload")
	}
	base := startNode(t, tableConfig(startEcho(t)))
	for _, r := range []nodeRow{
		{name: "not JSON", method: "POST", path: "/api/jobs", body: `{"containers":`, status: 400,
			err: "Invalid request: body is not valid JSON: unexpected end of JSON input at offset 14"},
		{name: "wrong type", method: "POST", path: "/api/jobs", body: `{"containers":"echo","data":{}}`, status: 400,
			err: "Invalid request: containers must be an array of strings, got string", params: map[string]any{"field": "containers"}},
		{name: "missing field", method: "POST", path: "/api/jobs", body: `{"containers":["echo"]}`, status: 400,
			err: "Invalid request: missing required field data (a JSON object, the containers' input)", params: map[string]any{"field": "data"}},
		{name: "batch not a list", method: "POST", path: "/api/jobs/batch", body: `{}`, status: 400, err: "Expected a list"},
		{name: "no containers", method: "POST", path: "/api/jobs", body: `{"containers":[],"data":{}}`, status: 400, err: "No containers specified"},
		{name: "unknown container", method: "POST", path: "/api/jobs", body: `{"containers":["echo","gpt"],"data":{}}`, status: 400,
			err: "Container not supported", params: map[string]any{"container": "gpt"}},
		{name: "first not external", method: "POST", path: "/api/jobs", body: `{"containers":["internal"],"data":{}}`, status: 403,
			err: "First container must be external", params: map[string]any{"first_container": "internal"}},
		{name: "no proofs", method: "POST", path: "/api/jobs", body: `{"containers":["prover","echo"],"data":{},"requires_proof":true}`, status: 400,
			err: "Container does not generate proof", params: map[string]any{"container": "echo"}},
		{name: "ip not allowed", method: "POST", path: "/api/jobs", body: `{"containers":["fenced"],"data":{}}`, status: 403,
			err: "Container not allowed for address", params: map[string]any{"container": "fenced", "address": "127.0.0.1"}},
		{name: "chain not enabled", method: "POST", path: "/api/jobs", status: 400, err: "Chain not enabled",
			body: `{"subscription":{"owner":"0x5FbDB2315678afecb367f032d93F642f64180aa3","container_id":"echo"},"signature":{"nonce":1,"expiry":99999999999,"v":27,"r":"0x1","s":"0x2"},"data":{}}`},
		{name: "stream delegated", method: "POST", path: "/api/jobs/stream", body: `{"subscription":{},"signature":{}}`, status: 400,
			err: "Streaming only supported for OffchainJob requests."},
		{name: "status invalid", method: "PUT", path: "/api/status", body: `{"id":"x","status":"done","containers":["echo"]}`, status: 400,
			err: "Status is invalid"},
		{name: "batch item rejected", method: "POST", path: "/api/jobs/batch", body: `[{"containers":["gpt"],"data":{}}]`, status: 200},
	} {
		if r.status == 200 {
			_, b := send(t, base, r)
			require.JSONEq(t, `[{"error":"Container not supported","params":{"container":"gpt"}}]`, string(b))
			continue
		}
		checkRow(t, base, r)
	}
}

func TestLimitsAgainstNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts nodes and the echo workload")
	}
	echo := startEcho(t)

	cfg := tableConfig(echo)
	cfg.Server.MaxBodyBytes = 100
	cfg.Server.RateLimit = &config.RateLimit{NumRequests: 2, Period: 3600}
	base := startNode(t, cfg)
	checkRow(t, base, nodeRow{name: "body too large", method: "POST", path: "/api/jobs", status: 413,
		body: `{"containers":["echo"],"data":{"x":"` + strings.Repeat("a", 200) + `"}}`,
		err:  "Request body too large", params: map[string]any{"limit": float64(100)}})
	checkRow(t, base, nodeRow{name: "rate limited", method: "GET", path: "/info", times: 3, status: 429,
		err: "Too many requests", retryAfter: "1800",
		params: map[string]any{"limit": "server.rate_limit", "num_requests": float64(2), "period": float64(3600)}})

	// A container that holds every call until released fills the bounded queue.
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/service_output" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"output":{}}`)
	}))
	t.Cleanup(slow.Close)
	t.Cleanup(func() { close(release) })
	cfg = &config.Config{
		Containers: []config.Container{{ID: "slow", URL: slow.URL, External: true}},
		Jobs:       config.Jobs{Workers: 1, QueueSize: 1, Timeout: config.Duration(time.Hour)},
	}
	base = startNode(t, cfg)
	checkRow(t, base, nodeRow{name: "node busy", method: "POST", path: "/api/jobs", body: `{"containers":["slow"],"data":{}}`,
		times: 4, status: 503, err: "Node busy", retryAfter: "1"})
}

// TestStreamThroughNode proves the relay end to end: the container sends
// its second chunk only after the client has read the first.
func TestStreamThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a node")
	}
	next := make(chan struct{})
	ctr := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/service_output" {
			w.WriteHeader(200)
			return
		}
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = io.WriteString(w, "first chunk;")
		http.NewResponseController(w).Flush()
		select {
		case <-next:
		case <-r.Context().Done():
			return
		}
		_, _ = io.WriteString(w, " second chunk")
	}))
	t.Cleanup(ctr.Close)
	base := startNode(t, &config.Config{Containers: []config.Container{{ID: "llm", URL: ctr.URL, External: true}}})
	c, err := client.New(base)
	require.NoError(t, err)
	ctx := context.Background()
	st, err := c.StreamJob(ctx, client.JobRequest{Containers: []string{"llm"}, Data: json.RawMessage(`{"prompt":"hi"}`)})
	require.NoError(t, err)
	defer st.Body.Close()
	require.Equal(t, "text/plain; charset=utf-8", st.ContentType)
	buf := make([]byte, len("first chunk;"))
	_, err = io.ReadFull(st.Body, buf)
	require.NoError(t, err)
	require.Equal(t, "first chunk;", string(buf))
	close(next)
	rest, err := io.ReadAll(st.Body)
	require.NoError(t, err)
	require.Equal(t, " second chunk", string(rest))

	res, err := c.WaitJob(ctx, st.ID, 5*time.Millisecond)
	require.NoError(t, err)
	require.Equal(t, client.StatusSuccess, res.Status)
	require.JSONEq(t, `{"output":"first chunk; second chunk"}`, string(res.Result.Output))
}

// BenchmarkNodeEcho drives b.N echo jobs at concurrency 64 through a real
// node in-process (store on disk with fsync), as `infernode bench` does;
// run with -cpuprofile to find the node's hot spots.
func BenchmarkNodeEcho(b *testing.B) {
	h, err := service.New(service.Config{})
	require.NoError(b, err)
	echo := httptest.NewServer(h)
	defer echo.Close()
	cfg := &config.Config{
		Containers: []config.Container{{ID: "echo", URL: echo.URL, External: true}},
		Jobs:       config.Jobs{Workers: 64, QueueSize: 4096},
		DataDir:    b.TempDir(),
	}
	nodetest.Unmanaged(b, cfg)
	ln := nodetest.Listen(b)
	n, err := node.New(cfg, node.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler), ShutdownGrace: time.Second,
		StoreNoSync: os.Getenv("BENCH_NOSYNC") != ""})
	require.NoError(b, err)
	nodetest.Start(b, n)
	ctx := context.Background()

	b.ResetTimer()
	rep, err := bench.Run(ctx, bench.Config{URL: nodetest.URL(ln), Containers: []string{"echo"},
		Data: json.RawMessage(`{"x":1}`), Jobs: b.N, Concurrency: 64})
	require.NoError(b, err)
	require.Equal(b, b.N, rep.Succeeded, rep.ErrorSamples)
	b.ReportMetric(rep.Throughput, "jobs/s")
	b.ReportMetric(float64(rep.Submit.P99.Microseconds()), "submit-p99-µs")
}

// TestDelegatedRowsAgainstNode runs the delegated-subscription rows of the
// docs/api.md table against the real node with its relay on the embedded chain,
// with requests signed by the real EIP-712 code.
func TestDelegatedRowsAgainstNode(t *testing.T) {
	chain, dep := chaintest.Start(t)
	ctx := context.Background()
	owner, other := chain.FundedKeys()[0], chain.FundedKeys()[1]

	cfg := tableConfig(startEcho(t))
	cfg.Containers = append(cfg.Containers, config.Container{ID: "owners", URL: cfg.Containers[0].URL, External: true,
		AllowedDelegateAddresses: []string{"0x000000000000000000000000000000000000dEaD"}})
	cfg.Chain = config.Chain{Enabled: true, RPCURL: chain.RPCURL(), CoordinatorAddress: dep.Coordinator.Hex(),
		PollInterval: config.Duration(100 * time.Millisecond),
		Wallet:       config.Wallet{PrivateKey: hex.EncodeToString(crypto.FromECDSA(other)), MaxGasLimit: 10_000_000}}
	base := startNodeWith(t, cfg, node.Options{NewChain: node.NewRelayChainWith(node.RelayOptions{StartBlock: dep.DeployBlock})})

	head, err := chain.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	domain := ours.Domain{ChainID: big.NewInt(testnet.EmbeddedChainID), Coordinator: dep.Coordinator}
	body := func(nonce, expiry uint32, containers string, signer *ecdsa.PrivateKey, highS bool) string {
		r := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: nonce, Expiry: expiry, Sub: ours.Subscription{
			Owner: dep.ExampleConsumer, Frequency: 1, Redundancy: 1, MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 1_000_000,
			ContainerId: containers, Inputs: []byte{}, PaymentAmount: new(big.Int)}}, Data: json.RawMessage(`{"x":1}`)}
		r.Sig, err = r.Delegate.Sign(domain, signer)
		require.NoError(t, err)
		if highS {
			r.Sig = r.Sig.HighS()
		}
		b, err := ours.EncodeDelegated(r)
		require.NoError(t, err)
		return string(b)
	}
	later := uint32(head.Time + 3600)
	for _, r := range []nodeRow{
		{name: "signature expired", body: body(1, uint32(head.Time), "echo", owner, false), status: 400,
			err: "Signature expired", params: map[string]any{"expiry": float64(head.Time)}},
		{name: "invalid signature", body: body(2, later, "echo", owner, true), status: 401, err: "Invalid signature"},
		{name: "signer mismatch", body: body(3, later, "echo", other, false), status: 401, err: "Signer mismatch"},
		{name: "owner not allowed", body: body(4, later, "owners", owner, false), status: 403,
			err: "Container not allowed for address", params: map[string]any{"container": "owners", "address": dep.ExampleConsumer.Hex()}},
		{name: "ip not allowed", body: body(8, later, "fenced", owner, false), status: 403,
			err: "Container not allowed for address", params: map[string]any{"container": "fenced", "address": "127.0.0.1"}},
		{name: "unknown container", body: body(5, later, "echo,gpt", owner, false), status: 400,
			err: "Container not supported", params: map[string]any{"container": "gpt"}},
		{name: "stream delegated", path: "/api/jobs/stream", body: body(6, later, "echo", owner, false), status: 400,
			err: "Streaming only supported for OffchainJob requests."},
	} {
		r.method = "POST"
		if r.path == "" {
			r.path = "/api/jobs"
		}
		checkRow(t, base, r)
	}
	// And the accepted case: 200 {}.
	resp, b := send(t, base, nodeRow{method: "POST", path: "/api/jobs", body: body(7, later, "echo", owner, false)})
	require.Equal(t, 200, resp.StatusCode, string(b))
	require.JSONEq(t, `{}`, string(b))
}

// TestDefaultNodeAcceptsResNetImageJob: a node with the default
// server.max_body_bytes takes a ResNet-18 image job (one 1×3×224×224
// float32 image as JSON numbers, about 3.3 MB, as Python's json writes it).
func TestDefaultNodeAcceptsResNetImageJob(t *testing.T) {
	cfg := tableConfig(startEcho(t))
	require.Zero(t, cfg.Server.MaxBodyBytes, "the node's default limit")
	base := startNode(t, cfg)

	var values strings.Builder
	x := uint32(1)
	for i := range 3 * 224 * 224 {
		if i > 0 {
			values.WriteString(", ") // json.dumps's separator
		}
		x = x*1664525 + 1013904223 // a normalised pixel in [-2.2, 2.7)
		v := float32(x>>8)/float32(1<<24)*4.9 - 2.2
		values.WriteString(strconv.FormatFloat(float64(v), 'g', -1, 64))
	}
	data := `{"input":{"shape":[1,3,224,224],"dtype":"float32","values":[` + values.String() + `]}}`
	require.Greater(t, len(data), 3_000_000)

	c, err := client.New(base)
	require.NoError(t, err)
	ctx := context.Background()
	id, err := c.CreateJob(ctx, client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(data)})
	require.NoError(t, err, "a %d-byte image job on a default node", len(data))
	res, err := c.WaitJob(ctx, id, 0)
	require.NoError(t, err)
	require.Equal(t, client.StatusSuccess, res.Status)
}
