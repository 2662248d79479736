package relay

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/testnet"
)

// End-to-end on real chain processes (geth --dev, anvil) with 1 s blocks:
// every scenario of the simulated tests at once, through JSON-RPC.

func TestChainGethDev(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a geth process")
	}
	g, err := testnet.StartGeth(context.Background(), testnet.GethOptions{BlockPeriod: time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = g.Stop() })
	runChainScenarios(t, g.WSURL(), g.FundedKeys()) // WebSocket: heads by subscription
}

func TestChainAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{BlockTime: time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	runChainScenarios(t, a.RPCURL(), a.FundedKeys()) // HTTP: heads by polling
}

func dialChain(t testing.TB, url string) *ethclient.Client {
	c, err := ethclient.Dial(url)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// dialNode is a node's chain client of url.
func dialNode(t testing.TB, url string) *chain.Client {
	c, err := chain.Dial(context.Background(), []string{url}, chain.Options{})
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

func runChainScenarios(t *testing.T, url string, keys []*ecdsa.PrivateKey) {
	require.GreaterOrEqual(t, len(keys), 4)
	client := dialChain(t, url)
	h := newChainHarness(t, client, keys[:4])
	ctx := context.Background()
	a := h.startNode(1, t.TempDir(), nil)
	b := h.startNode(2, t.TempDir(), nil)

	// These chains mine by the wall clock (a block a second), so no step
	// may depend on a delivery landing inside a window of blocks: every
	// recurring subscription here has a period far longer than the test,
	// so its open interval stays deliverable however loaded the machine is,
	// and the test waits on events (responses, the relay's own records).
	// Delivery once per interval across several intervals, and nothing
	// after a cancellation, are covered on the simulated chain, whose
	// blocks the tests drive.
	const longPeriod = 24 * 3600

	// 1. One-shot request with redundancy 2: both nodes deliver (sub 1).
	req := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequest("echo", []byte("one-shot"), 2))
	// 2. Recurring: 2 intervals of a day (sub 2), redundancy 1; the first is open.
	h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackSubscribe("echo", []byte("tick"), 2, longPeriod, 1))
	// 3. EOA-owned recurring subscription, cancelled after its first interval (sub 3).
	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	owner := crypto.PubkeyToAddress(h.keys[3].PublicKey)
	h.transact(h.keys[3], h.dep.Coordinator, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
		Owner: owner, ActiveAt: uint32(head.Time), Period: longPeriod, Frequency: 1000, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte("x"), PaymentAmount: new(big.Int),
	}))
	// 4. Delegated, posted to node a (sub 4).
	dreq := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: 9, Expiry: uint32(head.Time + 3600), Sub: ours.Subscription{
		Owner: h.dep.ExampleConsumer, ActiveAt: uint32(head.Time), Frequency: 1, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 1_000_000, ContainerId: "echo", Inputs: []byte{}, PaymentAmount: new(big.Int),
	}}, Data: json.RawMessage(`{"q":1}`)}
	dreq.Sig, err = dreq.Delegate.Sign(ours.Domain{ChainID: h.chainID, Coordinator: h.dep.Coordinator}, h.keys[0])
	require.NoError(t, err)
	body, err := ours.EncodeDelegated(dreq)
	require.NoError(t, err)
	require.NoError(t, a.r.SubmitDelegated(ctx, "127.0.0.1", body))

	h.eventually(func() bool { return responseCount(h, 1, 1) == 2 }, "one-shot delivered by both nodes")
	h.eventually(func() bool { return responseCount(h, 3, 1) == 1 }, "EOA subscription's first interval delivered")
	rc := h.transact(h.keys[3], h.dep.Coordinator, coordABI.PackCancelSubscription(3))
	h.eventually(func() bool { return responseCount(h, 2, 1) == 1 }, "recurring subscription's open interval delivered")
	h.eventually(func() bool {
		id, err := coordABI.UnpackDelegateSubscriptionId(h.call(h.dep.Coordinator, coordABI.PackDelegateSubscriptionId(h.dep.ExampleConsumer, 9)))
		return err == nil && id != 0 && responseCount(h, id, 1) == 1
	}, "delegated subscription created and delivered")

	// Blocks from the one-shot request to the first delivery.
	logs, err := h.client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: req.BlockNumber, Addresses: []common.Address{h.dep.Coordinator},
		Topics: [][]common.Hash{{crypto.Keccak256Hash([]byte("ComputeDelivered(uint32,uint32,address,bytes32)"))}, {common.BigToHash(big.NewInt(1))}},
	})
	require.NoError(t, err)
	require.NotEmpty(t, logs)
	t.Logf("blocks from request (block %d) to delivery (block %d): %d", req.BlockNumber.Uint64(), logs[0].BlockNumber, logs[0].BlockNumber-req.BlockNumber.Uint64())

	// Both nodes read the cancellation and stop scheduling the subscription.
	for _, n := range []*node{a, b} {
		h.eventually(func() bool {
			s, ok, err := n.r.store.sub(3)
			n.r.mu.Lock()
			_, queued := n.r.queued[3]
			n.r.mu.Unlock()
			return err == nil && ok && s.Cancelled && s.CancelBlock == rc.BlockNumber.Uint64() && !queued
		}, "cancellation recorded and the subscription no longer scheduled")
	}
	// Delivered totals on the consumer: 2 (one-shot) + 1 (recurring) + 1 (delegated).
	require.Equal(t, uint64(4), h.deliveries())
}
