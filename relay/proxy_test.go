package relay

import (
	"context"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/testnet"
)

// faultyProxy forwards JSON-RPC to target and spoils one request in five:
// alternately dropping it (connection closed, no answer) or delaying it.
func faultyProxy(t *testing.T, target string) (*httptest.Server, *atomic.Int64) {
	u, err := url.Parse(target)
	require.NoError(t, err)
	rp := httputil.NewSingleHostReverseProxy(u)
	rp.ErrorLog = log.New(io.Discard, "", 0)
	var n, spoiled atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := n.Add(1)
		if i%5 == 0 {
			spoiled.Add(1)
			if i%10 == 0 {
				if hj, ok := w.(http.Hijacker); ok {
					if c, _, err := hj.Hijack(); err == nil {
						_ = c.Close() // dropped
						return
					}
				}
			}
			time.Sleep(300 * time.Millisecond) // delayed
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv, &spoiled
}

func TestFaultyRPCEveryDeliveryLands(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{BlockTime: time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	h := newChainHarness(t, dialChain(t, a.RPCURL()), a.FundedKeys()[:2])
	proxy, spoiled := faultyProxy(t, a.RPCURL())
	h.startNode(1, t.TempDir(), dialNode(t, proxy.URL)) // only the node goes through the proxy

	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("one"), 1))
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("two"), 1))
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("tick"), 3, 6, 1))
	h.eventually(func() bool {
		return responseCount(h, 1, 1) == 1 && responseCount(h, 2, 1) == 1 &&
			responseCount(h, 3, 1) == 1 && responseCount(h, 3, 2) == 1 && responseCount(h, 3, 3) == 1
	}, "every delivery lands through the faulty RPC")
	require.Equal(t, uint64(5), h.deliveries())
	require.Greater(t, spoiled.Load(), int64(10), "the proxy spoiled requests")
}
