package relay

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/txm"
)

// requireContinuousNonces checks that the sender's journal holds every
// nonce from 0 up to the chain's, each final, none twice.
func requireContinuousNonces(t testing.TB, h *harness, n *node) {
	t.Helper()
	recs, err := n.s.Records()
	require.NoError(t, err)
	onchain, err := h.client.NonceAt(context.Background(), n.s.Address(), nil)
	require.NoError(t, err)
	require.Len(t, recs, int(onchain), "one journal record per nonce used on chain")
	for i, r := range recs {
		require.Equal(t, uint64(i), r.Nonce)
		require.True(t, r.State.Final(), "nonce %d is %s", r.Nonce, r.State)
	}
}

func TestSimRestartBetweenSendAndConfirm(t *testing.T) {
	h := newHarness(t, 1)
	dir := t.TempDir()
	n := h.startNode(1, dir, nil)
	// Mining is paused: the delivery is sent but cannot be mined.
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("survive"), 1))
	h.waitSent(n, "deliver/1/1/1")
	n.stop() // the process dies with the transaction unconfirmed

	// The pool forgets it too (a restarted RPC node): only the journal has it.
	h.sim.Rollback()
	n2 := h.startNode(1, dir, nil)
	h.mineEvery(100 * time.Millisecond)
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered after the restart")
	time.Sleep(time.Second)
	require.Equal(t, uint64(1), h.deliveries(), "never twice")
	require.Equal(t, uint16(1), responseCount(h, 1, 1))
	h.eventually(func() bool { return n2.s.InFlight() == 0 }, "journal settles")
	requireContinuousNonces(t, h, n2)
	rec, ok, err := lookupDelivery(n2, "deliver/1/1/1")
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, txm.StateConfirmed, rec.State, "the first attempt's transaction was the one mined")
}

func TestSimReorgRollsBackAndDeliversOnce(t *testing.T) {
	h := newHarness(t, 1)
	n := h.startNode(1, t.TempDir(), nil)
	ctx := context.Background()
	parent, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	// Block B holds the request; the relay sees it and sends a delivery.
	rc := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("reorg"), 1))
	h.eventually(func() bool {
		_, ok, _ := n.r.store.sub(1)
		last, _, _ := n.r.store.last()
		return ok && last.Number == rc.BlockNumber.Uint64()
	}, "subscription seen in block B")
	stored, ok, err := n.r.store.last()
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, rc.BlockHash, stored.Hash)

	// A longer side chain from B's parent replaces B.
	// Fork needs an empty pool: drop the pending delivery (the sender
	// rebroadcasts it), retrying if it raced back in.
	h.eventually(func() bool {
		h.sim.Rollback()
		return h.sim.Fork(parent.Hash()) == nil
	}, "fork")
	h.commit()
	h.commit()
	h.commit()
	canon, err := h.client.HeaderByNumber(ctx, rc.BlockNumber)
	require.NoError(t, err)
	require.NotEqual(t, rc.BlockHash, canon.Hash(), "block B was reorged out")

	h.mineEvery(100 * time.Millisecond)
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered once on the new chain")
	time.Sleep(time.Second)
	require.Equal(t, uint64(1), h.deliveries())
	last, _, err := n.r.store.last()
	require.NoError(t, err)
	hdr, err := h.client.HeaderByNumber(ctx, new(big.Int).SetUint64(last.Number))
	require.NoError(t, err)
	require.Equal(t, hdr.Hash(), last.Hash, "the listener follows the canonical chain")
	s, ok, err := n.r.store.sub(1)
	require.NoError(t, err)
	require.True(t, ok)
	mined, err := h.client.HeaderByNumber(ctx, new(big.Int).SetUint64(s.Block))
	require.NoError(t, err)
	require.NotEqual(t, rc.BlockHash, mined.Hash(), "the subscription was re-read from the canonical chain")
}

// TestSimReorgStaleAttemptDoesNotSkipRecreatedSubscription drives the
// interleaving that lost a delivery: the delivery sent for a subscription
// created in block B is mined on the chain that replaces B before the
// subscription is created again (so it reverts), the relay's retry then
// simulates against a chain without the subscription and records the
// interval as skipped (SubscriptionNotFound). The subscription re-created
// under the same id must still be delivered.
func TestSimReorgStaleAttemptDoesNotSkipRecreatedSubscription(t *testing.T) {
	h := newHarness(t, 1)
	n := h.startNode(1, t.TempDir(), nil)
	ctx := context.Background()
	parent, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	rc := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("reorg"), 1))
	h.waitSent(n, "deliver/1/1/1") // for block B
	h.eventually(func() bool {
		h.sim.Rollback()
		return h.sim.Fork(parent.Hash()) == nil
	}, "fork")
	// B is gone; drop the request the pool took back, so the new block
	// holds only the sender's rebroadcast delivery.
	h.sim.Rollback()
	requester := crypto.PubkeyToAddress(h.keys[0].PublicKey)
	rec, ok, err := lookupDelivery(n, "deliver/1/1/1")
	require.NoError(t, err)
	require.True(t, ok)
	_ = h.client.SendTransaction(ctx, rec.Latest()) // as the sender's rebroadcast does ("already known" if it did)
	h.eventually(func() bool {
		p, err := h.client.PendingNonceAt(ctx, n.s.Address())
		return err == nil && p == 1
	}, "delivery rebroadcast")
	pending, err := h.client.PendingNonceAt(ctx, requester)
	require.NoError(t, err)
	mined, err := h.client.NonceAt(ctx, requester, nil)
	require.NoError(t, err)
	require.Equal(t, mined, pending, "the request is not pending")
	h.commit()
	canon, err := h.client.HeaderByNumber(ctx, rc.BlockNumber)
	require.NoError(t, err)
	require.NotEqual(t, rc.BlockHash, canon.Hash(), "block B was reorged out")
	h.eventually(func() bool {
		rec, ok, err := lookupDelivery(n, "deliver/1/1/1")
		return err == nil && ok && rec.State == txm.StateFailed
	}, "the delivery reverted on the new chain")
	h.eventually(func() bool { return n.r.Pending() == 0 }, "the stale attempt gave up")

	// The request is made again: subscription 1 exists once more.
	rc2 := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("reorg"), 1))
	h.mineEvery(100 * time.Millisecond)
	h.eventually(func() bool { return h.deliveries() == 1 }, "delivered on the new chain")
	s, ok, err := n.r.store.sub(1)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, rc2.BlockHash, s.BlockHash, "the subscription was re-read from the new chain")
	h.eventually(func() bool { iv, err := n.r.store.ivOf(s, 1); return err == nil && iv.State == IvDelivered }, "interval delivered")
}
