package relay

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
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
	h.eventually(func() bool { s, _ := n.r.st.subs(); return len(s) == 3 && settled() }, "subscriptions tracked")

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
