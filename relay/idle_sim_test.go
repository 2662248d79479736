package relay

import (
	"context"
	"errors"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/chain"
)

// TestSimIdleOneCallPerBlock is the idle cost of docs/relay.md as a count:
// with pushed heads, subscriptions tracked and none due, each new block
// costs exactly one eth_getLogs (the pushed header serves the reorg check
// and the range end; no head read, no probe of the only endpoint). The
// safety-net poll is an hour away, so only blocks make calls.
func TestSimIdleOneCallPerBlock(t *testing.T) {
	h := newHarness(t, 1)
	n := h.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) { o.PollInterval = time.Hour })
	head, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	owner := crypto.PubkeyToAddress(h.keys[0].PublicKey)
	for i := range 3 {
		h.transact(h.keys[0], h.dep.Coordinator, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
			Owner: owner, ActiveAt: uint32(head.Time) + 3600, Frequency: 1, Redundancy: 1,
			MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte{byte(i)}, PaymentAmount: new(big.Int),
		}))
	}
	settled := func() bool { return n.r.Settled(blockNumber(t, h)) }
	h.eventually(func() bool {
		if s, _ := n.r.store.subs(); len(s) == 3 && settled() {
			return true
		}
		// A head to push: the subscription may have started after the
		// creations were mined (a busy machine), and the poll is an hour.
		h.commit()
		return false
	}, "subscriptions tracked")

	const blocks = 10
	calls, by := n.rpc.Calls(), n.rpc.CallsByMethod()
	for range blocks {
		h.commit()
		h.eventually(settled, "block handled")
	}
	after := n.rpc.CallsByMethod()
	require.Equal(t, int64(blocks), after["eth_getLogs"]-by["eth_getLogs"], "one eth_getLogs a block")
	require.Equal(t, int64(blocks), n.rpc.Calls()-calls, "nothing else while idle: %v", after)
}

// endingHeads is a backend whose first head subscription ends at once (a
// WebSocket that dropped); later ones are the chain's, or, with noPush,
// every subscription is refused as HTTP refuses it.
type endingHeads struct {
	chain.Backend
	noPush     bool
	subscribed atomic.Int32
	polls      atomic.Int32
}

type endedSub struct{ err chan error }

func (s endedSub) Unsubscribe()      {}
func (s endedSub) Err() <-chan error { return s.err }

func (b *endingHeads) SubscribeNewHead(ctx context.Context, ch chan<- *types.Header) (ethereum.Subscription, error) {
	if b.subscribed.Add(1) == 1 && !b.noPush {
		s := endedSub{make(chan error, 1)}
		s.err <- errors.New("websocket: close 1006 (abnormal closure)")
		return s, nil
	}
	if b.noPush {
		return nil, chain.ErrNoSubscriptions
	}
	return b.Backend.SubscribeNewHead(ctx, ch)
}

func (b *endingHeads) HeaderByNumber(ctx context.Context, n *big.Int) (*types.Header, error) {
	if n == nil {
		b.polls.Add(1)
	}
	return b.Backend.HeaderByNumber(ctx, n)
}

// TestSimHeadSubscriptionEndedResubscribes: a head subscription that ends
// is followed by polling, then subscribed again (idle cost back to one
// eth_getLogs a block instead of a head poll on top), and deliveries go on;
// where the transport cannot push, subscribing is not tried again.
func TestSimHeadSubscriptionEndedResubscribes(t *testing.T) {
	t.Run("ended", func(t *testing.T) {
		h := newHarness(t, 1)
		b := &endingHeads{Backend: h.backend()}
		h.startNode(1, t.TempDir(), b)
		h.mineEvery(20 * time.Millisecond)
		h.eventually(func() bool { return b.subscribed.Load() >= 2 }, "subscribed again after the subscription ended")
		h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("pushed"), 1))
		h.eventually(func() bool { return h.deliveries() == 1 }, "delivered")
	})
	t.Run("cannot push", func(t *testing.T) {
		h := newHarness(t, 1)
		b := &endingHeads{Backend: h.backend(), noPush: true}
		h.startNode(1, t.TempDir(), b)
		h.mineEvery(20 * time.Millisecond)
		h.eventually(func() bool { return b.polls.Load() >= 20 }, "polling")
		require.EqualValues(t, 1, b.subscribed.Load(), "HTTP is not asked to push again")
	})
}
