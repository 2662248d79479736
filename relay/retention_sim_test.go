package relay

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/txm"
)

// TestSimRetentionBoundsTheStore keeps issue 35's soak finding fixed: the
// relay's interval records, its subscriptions' records and the
// transaction journal's records were never deleted, so a node's store grew
// with every delivery (≈ 4 KB each, most of it the journal's signed
// transaction) for as long as it ran. With chain.retention short (30 s of
// block time), a long-running recurring subscription, a stream of
// one-shots and a cancelled subscription go through many sweeps: the live
// keys of each family stay bounded by what one retention (plus a sweep
// period) holds, the ended subscriptions' records go, the running one's
// closed intervals go, and nothing is delivered twice.
func TestSimRetentionBoundsTheStore(t *testing.T) {
	h := newHarness(t, 1)
	const keep = 30 * time.Second
	n := h.startNodeWith(1, t.TempDir(), nil, func(so *txm.SenderOptions) { so.Retention = keep }, func(o *Options) { o.Limits.Retention = keep })
	h.mineSettled(n) // +1 s of block time per block
	owner := crypto.PubkeyToAddress(h.keys[0].PublicKey)
	// Subscription 1: every 5 s for a long time.
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("tick"), 1000, 5, 1))
	// Subscription 2: cancelled after its first interval.
	head, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	sub := coordinatorabi.Subscription{
		Owner: owner, ActiveAt: uint32(head.Time), Period: 10, Frequency: 1000, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte("x"),
		PaymentAmount: new(big.Int),
	}
	h.transact(h.keys[0], h.dep.Coordinator, coordABI.PackCreateSubscription(sub))
	h.eventually(func() bool { return responseCount(h, 2, 1) == 1 }, "the second subscription's first interval delivered")
	h.transact(h.keys[0], h.dep.Coordinator, coordABI.PackCancelSubscription(2))

	census := func() map[string]int {
		c, err := n.db.Census()
		require.NoError(t, err)
		out := map[string]int{}
		for _, tc := range c.Tables {
			out[tc.Prefix] = tc.Keys
		}
		return out
	}
	// One-shots, one every few blocks, for several retentions.
	var mid map[string]int
	oneShots := 0
	start := blockNumber(t, h)
	for i := 0; blockNumber(t, h) < start+150; i++ {
		h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", fmt.Appendf(nil, "once %d", i), 1))
		oneShots++
		waitBlocks(h, 3)
		if mid == nil && blockNumber(t, h) >= start+75 {
			mid = census()
		}
	}
	waitBlocks(h, 10)
	end := census()
	t.Logf("%d one-shots; live keys at block +75: %v; at the end: %v", oneShots, mid, end)

	// What one retention (30 s) plus a sweep period (7.5 s) and the
	// in-flight ones can hold, with room: the subscription every 5 s has
	// ≤ 9 intervals in it, one-shots every ≥ 3 blocks ≤ 13 of them (record
	// and interval each), plus the running subscription's own record.
	require.LessOrEqual(t, end["relay/iv/"], 30, "closed intervals' records deleted")
	require.LessOrEqual(t, end["relay/sub/"], 20, "ended subscriptions' records deleted")
	require.LessOrEqual(t, end["nonce/*/tx/"], 40, "final transactions' records deleted")
	require.Equal(t, end["nonce/*/tx/"], end["nonce/*/key/"], "each record's key index goes with it")
	for _, p := range []string{"relay/iv/", "relay/sub/", "nonce/*/tx/"} {
		require.LessOrEqual(t, end[p], mid[p]+10, "%s plateaus: %d at the middle, %d at the end", p, mid[p], end[p])
	}
	_, ok, err := n.r.store.sub(2)
	require.NoError(t, err)
	require.False(t, ok, "the cancelled subscription's record deleted")
	_, ok, err = n.r.store.sub(1)
	require.NoError(t, err)
	require.True(t, ok, "the running subscription kept")
	for k := uint32(1); k <= 5; k++ {
		iv, err := n.r.store.iv(1, k)
		require.NoError(t, err)
		require.Empty(t, iv.State, "interval %d's record deleted", k)
	}
	// Every interval of the running subscription and every one-shot
	// (but the last two, maybe in flight) delivered once.
	for k := uint32(1); k <= 20; k++ {
		require.Equal(t, uint16(1), responseCount(h, 1, k), "interval %d of the running subscription", k)
	}
	for id := uint32(3); id < uint32(3+oneShots-2); id++ {
		require.Equal(t, uint16(1), responseCount(h, id, 1), "one-shot %d", id)
	}
}
