package chain

import (
	"bytes"
	"context"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/rpc"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain/faultproxy"
)

// TestReadCallContract: two calls in one eth_call (the CallReader by state
// override) answer as the batch does, a revert's data included, confirmed
// on a second endpoint; an endpoint that refuses the override is asked
// with the batch from then on, and the answer is the same.
func TestReadCallContract(t *testing.T) {
	answer := common.Address{0xa}   // returns the word 42
	reverter := common.Address{0xb} // reverts with 0xdeadbeef
	sim := simulated.NewBackend(types.GenesisAlloc{
		answer:   {Code: common.FromHex("602a60005260206000f3"), Balance: big.NewInt(0)},
		reverter: {Code: common.FromHex("63deadbeef60e01b60005260046000fd"), Balance: big.NewInt(0)},
	})
	t.Cleanup(func() { _ = sim.Close() })
	srv := faultproxy.Serve(SimulatedRPC(sim))
	t.Cleanup(srv.Close)
	var urls []string
	var proxies []*faultproxy.Proxy
	for range 2 {
		p, err := faultproxy.New(srv.URL)
		require.NoError(t, err)
		t.Cleanup(p.Close)
		proxies, urls = append(proxies, p), append(urls, p.URL())
	}
	logs := new(bytes.Buffer)
	c, err := Dial(context.Background(), urls, Options{Timeout: 5 * time.Second, Now: time.Now, Quorum: 2,
		Logger: slog.New(slog.NewTextHandler(syncWriter{logs, &sync.Mutex{}}, nil))})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	ctx := context.Background()
	msgs := []ethereum.CallMsg{{From: common.Address{1}, To: &answer}, {From: common.Address{1}, To: &reverter, Data: []byte{1, 2}}}

	check := func(outs [][]byte, errs []error, err error) {
		t.Helper()
		require.NoError(t, err)
		require.Equal(t, common.LeftPadBytes([]byte{42}, 32), outs[0])
		require.NoError(t, errs[0])
		var de rpc.DataError
		require.ErrorAs(t, errs[1], &de)
		require.Equal(t, "0xdeadbeef", de.ErrorData())
		require.Contains(t, errs[1].Error(), "execution reverted")
	}
	check(c.BatchCallContract(ctx, msgs))
	check(c.ReadCallContract(ctx, msgs))
	for _, e := range c.eps {
		require.False(t, e.noOverride.Load(), "both endpoints took the override")
	}

	proxies[1].Set(faultproxy.NoOverride)
	check(c.ReadCallContract(ctx, msgs))
	require.False(t, c.eps[0].noOverride.Load())
	require.True(t, c.eps[1].noOverride.Load(), "the refusal is remembered")
	require.Contains(t, logs.String(), "refuses eth_call state overrides")
	before := proxies[1].Requests.Load()
	check(c.ReadCallContract(ctx, msgs))
	require.Equal(t, before+1, proxies[1].Requests.Load(), "one batch, no second try of the override")
	require.Equal(t, 1, strings.Count(logs.String(), "refuses eth_call state overrides"))
}
