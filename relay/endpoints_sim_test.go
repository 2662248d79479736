package relay

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/chain/faultproxy"
)

// TestSimFaultyEndpoints: the node reads the simulated chain over HTTP
// through four endpoints: one answers 429 to everything, one fails with
// JSON-RPC errors, one's head stops, one works. Under 30 recurring
// subscriptions every interval is delivered exactly once. Then the three
// recover and the working one and two others are killed: delivery goes on
// through the last. The endpoint metrics name no URL.
func TestSimFaultyEndpoints(t *testing.T) {
	h := newHarness(t, 1)
	srv := faultproxy.Serve(h.rpc)
	t.Cleanup(srv.Close)
	var ps []*faultproxy.Proxy
	var urls []string
	for range 4 {
		p, err := faultproxy.New(srv.URL)
		require.NoError(t, err)
		t.Cleanup(p.Close)
		ps, urls = append(ps, p), append(urls, p.URL())
	}
	ps[0].Set(faultproxy.TooMany)
	ps[1].Set(faultproxy.RPCError)
	ps[2].Set(faultproxy.StallHead)
	reg := prometheus.NewRegistry()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	// Quorum 1: failover, the operator's choice over cross-checking.
	c, err := chain.Dial(ctx, urls, chain.Options{Timeout: 5 * time.Second, PollInterval: 50 * time.Millisecond,
		MaxBackoff: 500 * time.Millisecond, Registry: reg, Logger: testLogger(), Quorum: 1})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	go func() { _ = c.Run(ctx) }()

	n := h.startNode(1, t.TempDir(), c)
	h.mineSettled(n)
	const subs, frequency, period = 30, 2, 5
	for range subs {
		h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("tick"), frequency, period, 1))
	}
	h.eventually(func() bool { return h.deliveries() == subs*frequency }, "every interval delivered")
	for id := uint32(1); id <= subs; id++ {
		for k := uint32(1); k <= frequency; k++ {
			require.Equal(t, uint16(1), responseCount(h, id, k), "subscription %d interval %d", id, k)
		}
	}
	var states []string
	for _, e := range c.Endpoints() {
		states = append(states, e.State)
	}
	require.Equal(t, []string{"rate_limited", "dead", "lagging", "alive"}, states)

	mfs, err := reg.Gather()
	require.NoError(t, err)
	var text strings.Builder
	for _, mf := range mfs {
		text.WriteString(mf.String())
	}
	require.Contains(t, text.String(), "infernode_chain_endpoint_state")
	for _, u := range urls {
		require.NotContains(t, text.String(), strings.TrimPrefix(u, "http://"))
	}

	// The faults end; then three endpoints die, the last carries on.
	for _, p := range ps[:3] {
		p.Set(faultproxy.Pass)
	}
	h.eventually(func() bool {
		for _, e := range c.Endpoints() {
			if e.State != "alive" {
				return false
			}
		}
		return true
	}, "recovered endpoints back in rotation")
	ps[0].Kill()
	ps[1].Kill()
	ps[3].Kill()
	before := h.deliveries()
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("through the last"), 1))
	h.eventually(func() bool { return h.deliveries() == before+1 }, "delivered through the one endpoint left")
}

// TestSimBlackHoledRequest: the only endpoint never answers one request
// (the next after the first delivery); the call's deadline ends it and
// deliveries go on, without a restart.
func TestSimBlackHoledRequest(t *testing.T) {
	h := newHarness(t, 1)
	srv := faultproxy.Serve(h.rpc)
	t.Cleanup(srv.Close)
	p, err := faultproxy.New(srv.URL)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	c, err := chain.Dial(context.Background(), []string{p.URL()}, chain.Options{Timeout: 500 * time.Millisecond, Logger: testLogger()})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	n := h.startNode(1, t.TempDir(), c)
	h.mineSettled(n)
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("before"), 1))
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered before the fault")
	held := p.Requests.Load()
	p.BlackHole(1)
	h.eventually(func() bool { return p.Requests.Load() > held+1 }, "the held request timed out and the node asked again")
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("after"), 1))
	h.eventually(func() bool { return h.deliveries() == 2 }, "delivered after the fault")
}

// silentHeads subscribes to heads but never pushes one (a WebSocket whose
// subscription went quiet while the connection stayed up).
type silentHeads struct {
	chain.Backend
	subscribed atomic.Int32
}

type silentSub struct{ err chan error }

func (s silentSub) Unsubscribe()      {}
func (s silentSub) Err() <-chan error { return s.err }

func (b *silentHeads) SubscribeNewHead(context.Context, chan<- *types.Header) (ethereum.Subscription, error) {
	b.subscribed.Add(1)
	return silentSub{make(chan error)}, nil
}

// TestSimStalledHeadSubscriptionReset: the chain moves, the subscription
// pushes nothing: the safety-net poll still follows the chain (a request
// is delivered) and the subscription is reset.
func TestSimStalledHeadSubscriptionReset(t *testing.T) {
	h := newHarness(t, 1)
	b := &silentHeads{Backend: h.backend()}
	h.startNode(1, t.TempDir(), b)
	h.mineEvery(20 * time.Millisecond)
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("polled"), 1))
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered by the safety-net poll")
	h.eventually(func() bool { return b.subscribed.Load() >= 2 }, "the silent subscription was reset")
}
