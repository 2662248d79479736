package chain

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain/faultproxy"
)

// clock is a test clock moved by hand.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// env is a simulated chain served over HTTP on loopback with n fault
// proxies in front of it.
type env struct {
	sim     *simulated.Backend
	proxies []*faultproxy.Proxy
	clock   *clock
	logs    *bytes.Buffer
}

func newEnv(t *testing.T, n int) (*env, *simulated.Backend) {
	t.Helper()
	sim := simulated.NewBackend(types.GenesisAlloc{})
	t.Cleanup(func() { _ = sim.Close() })
	srv := faultproxy.Serve(SimulatedRPC(sim))
	t.Cleanup(srv.Close)
	e := &env{sim: sim, clock: &clock{now: time.Unix(1_700_000_000, 0)}, logs: new(bytes.Buffer)}
	for range n {
		p, err := faultproxy.New(srv.URL)
		require.NoError(t, err)
		t.Cleanup(p.Close)
		e.proxies = append(e.proxies, p)
	}
	return e, sim
}

func (e *env) urls() []string {
	out := make([]string, len(e.proxies))
	for i, p := range e.proxies {
		out[i] = p.URL()
	}
	return out
}

func (e *env) dial(t *testing.T, reg prometheus.Registerer, urls ...string) *Client {
	t.Helper()
	if urls == nil {
		urls = e.urls()
	}
	// Quorum 1: these tests are about failover between endpoints.
	c, err := Dial(context.Background(), urls, Options{
		Timeout: 2 * time.Second, Now: e.clock.Now, Registry: reg, Quorum: 1,
		Logger: slog.New(slog.NewTextHandler(syncWriter{e.logs, &sync.Mutex{}}, &slog.HandlerOptions{Level: slog.LevelDebug})),
	})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

type syncWriter struct {
	b  *bytes.Buffer
	mu *sync.Mutex
}

func (w syncWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func gauge(t *testing.T, g prometheus.Gauge) float64 {
	var m dto.Metric
	require.NoError(t, g.Write(&m))
	return m.GetGauge().GetValue()
}

func states(c *Client) []string {
	var out []string
	for _, s := range c.Endpoints() {
		out = append(out, s.State)
	}
	return out
}

func TestRedact(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://mainnet.infura.io/v3/0123456789abcdef", "https://mainnet.infura.io"},
		{"wss://user:secret@rpc.example.com:8546/ws?key=abc", "wss://rpc.example.com:8546"},
		{"http://127.0.0.1:8545", "http://127.0.0.1:8545"},
		{"not a url", "(unparsable URL)"},
	} {
		require.Equal(t, tc.want, Redact(tc.in), tc.in)
	}
}

// TestRedactErrorFlattened: an error whose *url.Error was flattened to text
// (go-ethereum's HTTP transport does) shows the URL as net/http prints it,
// password as "***": the user and path are cut all the same.
func TestRedactErrorFlattened(t *testing.T) {
	raw := "https://alice:hunter2@rpc.example.com/v3/KEY?apikey=Q"
	for _, shown := range []string{
		`Post "https://alice:***@rpc.example.com/v3/KEY?apikey=Q": dial tcp: refused`,
		`Post "https://alice:xxxxx@rpc.example.com/v3/KEY?apikey=Q": dial tcp: refused`,
		"dial " + raw + ": refused",
	} {
		err := RedactError(errors.New(shown), raw)
		for _, s := range []string{"alice", "hunter2", "KEY", "apikey"} {
			require.NotContains(t, err.Error(), s, shown)
		}
		require.Contains(t, err.Error(), "https://rpc.example.com")
	}
}

// TestSecretsNeverShown: an endpoint with an API key in its path, a query
// and user-info that refuses connections: neither the error nor a log line
// shows any of them.
func TestSecretsNeverShown(t *testing.T) {
	e, _ := newEnv(t, 1)
	e.proxies[0].Kill()
	raw := strings.Replace(e.proxies[0].URL(), "http://", "http://alice:hunter2@", 1) + "/v3/KEY0123456789?apikey=QUERYSECRET"
	c := e.dial(t, nil, raw)
	_, err := c.HeaderByNumber(context.Background(), nil)
	require.Error(t, err)
	for _, s := range []string{"hunter2", "alice", "KEY0123456789", "QUERYSECRET", "/v3"} {
		require.NotContains(t, err.Error(), s)
		require.NotContains(t, e.logs.String(), s)
	}
	require.Contains(t, err.Error(), Redact(raw), "the error names the endpoint by scheme and host")
	require.Contains(t, e.logs.String(), "endpoint out of rotation")
}

// TestThreeFaultyEndpoints: one answers 429 to everything, one fails with
// JSON-RPC errors, one works: reads succeed through the third, the states
// are reported by index, and the metrics name no URL.
func TestThreeFaultyEndpoints(t *testing.T) {
	e, sim := newEnv(t, 3)
	e.proxies[0].Set(faultproxy.TooMany)
	e.proxies[0].SetRetryAfter(7)
	e.proxies[1].Set(faultproxy.RPCError)
	reg := prometheus.NewRegistry()
	c := e.dial(t, reg)
	sim.Commit()
	ctx := context.Background()
	for range 3 {
		h, err := c.HeaderByNumber(ctx, nil)
		require.NoError(t, err)
		require.Equal(t, uint64(1), h.Number.Uint64())
	}
	require.Equal(t, []string{"rate_limited", "dead", "alive"}, states(c))
	// Out of rotation, they are not asked again before their back-off ends.
	before := e.proxies[0].Requests.Load() + e.proxies[1].Requests.Load()
	_, err := c.ChainID(ctx)
	require.NoError(t, err)
	require.Equal(t, before, e.proxies[0].Requests.Load()+e.proxies[1].Requests.Load())

	require.Equal(t, 1.0, gauge(t, c.stateGauge.WithLabelValues("0", "rate_limited")))
	require.Equal(t, 1.0, gauge(t, c.stateGauge.WithLabelValues("1", "dead")))
	require.Equal(t, 1.0, gauge(t, c.stateGauge.WithLabelValues("2", "alive")))
	mfs, err := reg.Gather()
	require.NoError(t, err)
	var text strings.Builder
	for _, mf := range mfs {
		text.WriteString(mf.String())
	}
	for _, u := range e.urls() {
		require.NotContains(t, text.String(), strings.TrimPrefix(u, "http://"))
	}

	// The first two recover; once their back-off has passed, the probe
	// puts them back.
	e.proxies[0].Set(faultproxy.Pass)
	e.proxies[1].Set(faultproxy.Pass)
	e.clock.Add(time.Minute)
	c.probe(ctx)
	require.Equal(t, []string{"alive", "alive", "alive"}, states(c))
}

// TestRetryAfterHonoured: a 429's Retry-After keeps the endpoint out for
// that long, not dead, and it is tried again after.
func TestRetryAfterHonoured(t *testing.T) {
	e, _ := newEnv(t, 1)
	e.proxies[0].Set(faultproxy.TooMany)
	e.proxies[0].SetRetryAfter(20)
	c := e.dial(t, nil)
	ctx := context.Background()
	_, err := c.ChainID(ctx)
	require.ErrorIs(t, err, ErrNoEndpoint)
	require.Equal(t, []string{"rate_limited"}, states(c))
	n := e.proxies[0].Requests.Load()
	e.clock.Add(19 * time.Second)
	_, err = c.ChainID(ctx)
	require.ErrorIs(t, err, ErrNoEndpoint)
	require.Equal(t, n, e.proxies[0].Requests.Load(), "not asked during Retry-After")
	e.proxies[0].Set(faultproxy.Pass)
	e.clock.Add(time.Second)
	_, err = c.ChainID(ctx)
	require.NoError(t, err)
	require.Equal(t, []string{"alive"}, states(c))
}

// TestBlackHoledRequestHasADeadline: a request never answered ends at the
// call deadline; the endpoint is tried again after its back-off.
func TestBlackHoledRequestHasADeadline(t *testing.T) {
	e, _ := newEnv(t, 1)
	c, err := Dial(context.Background(), e.urls(), Options{Timeout: 200 * time.Millisecond, Now: e.clock.Now})
	require.NoError(t, err)
	defer c.Close()
	e.proxies[0].BlackHole(1)
	_, err = c.HeaderByNumber(context.Background(), nil)
	require.ErrorIs(t, err, ErrNoEndpoint)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.Equal(t, []string{"dead"}, states(c))
	require.False(t, c.Up())
	e.clock.Add(time.Second)
	_, err = c.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	require.True(t, c.Up())
}

// TestStalledHeadLeavesRotation: an endpoint whose head stops while the
// others' advance leaves the rotation once it trails by more than
// MaxHeadLag, and reads go to the best head.
func TestStalledHeadLeavesRotation(t *testing.T) {
	e, sim := newEnv(t, 2)
	c := e.dial(t, nil)
	ctx := context.Background()
	e.proxies[0].Set(faultproxy.StallHead)
	c.probe(ctx) // freezes endpoint 0's head
	for range 6 {
		sim.Commit()
	}
	c.probe(ctx)
	require.Equal(t, []string{"lagging", "alive"}, states(c))
	h, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	require.Equal(t, uint64(6), h.Number.Uint64(), "read from the endpoint with the best head")
	e.proxies[0].Set(faultproxy.Pass)
	c.probe(ctx)
	require.Equal(t, []string{"alive", "alive"}, states(c))
}

// TestSendGoesToEveryHealthyEndpoint: a first send goes to the best
// endpoint; a second of the same nonce (a rebroadcast, a replacement) to
// each endpoint in rotation, and the one that already knows it is no
// failure.
func TestSendGoesToEveryHealthyEndpoint(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	from := crypto.PubkeyToAddress(key.PublicKey)
	sim := simulated.NewBackend(types.GenesisAlloc{from: {Balance: big.NewInt(params.Ether)}})
	t.Cleanup(func() { _ = sim.Close() })
	srv := faultproxy.Serve(SimulatedRPC(sim))
	t.Cleanup(srv.Close)
	var ps []*faultproxy.Proxy
	var urls []string
	for range 2 {
		p, err := faultproxy.New(srv.URL)
		require.NoError(t, err)
		t.Cleanup(p.Close)
		ps, urls = append(ps, p), append(urls, p.URL())
	}
	c, err := Dial(context.Background(), urls, Options{})
	require.NoError(t, err)
	defer c.Close()
	ctx := context.Background()
	head, err := c.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	before := []int64{ps[0].Requests.Load(), ps[1].Requests.Load()}
	to := common.HexToAddress("0xaa")
	tx, err := types.SignTx(types.NewTx(&types.DynamicFeeTx{ChainID: big.NewInt(1337), Nonce: 0, GasTipCap: big.NewInt(1e9),
		GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), big.NewInt(1e9)), Gas: 21000, To: &to, Value: big.NewInt(1)}),
		types.LatestSignerForChainID(big.NewInt(1337)), key)
	require.NoError(t, err)
	require.NoError(t, c.SendTransaction(ctx, tx))
	require.Equal(t, before[0]+before[1]+1, ps[0].Requests.Load()+ps[1].Requests.Load(), "a first send: the best endpoint only")
	before = []int64{ps[0].Requests.Load(), ps[1].Requests.Load()}
	require.NoError(t, c.SendTransaction(ctx, tx), "already known is no failure")
	require.Equal(t, before[0]+1, ps[0].Requests.Load(), "a second send of the nonce: every endpoint")
	require.Equal(t, before[1]+1, ps[1].Requests.Load())
	sim.Commit()
	rc, err := c.TransactionReceipt(ctx, tx.Hash())
	require.NoError(t, err)
	require.Equal(t, types.ReceiptStatusSuccessful, rc.Status)
}
