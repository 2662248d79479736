package relay

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"math/big"
	"runtime"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/txm"
)

const benchSubs = 1000

// createSubs creates n EOA-owned subscriptions from key, committing every
// 50 transactions (mining must be paused).
func createSubs(tb testing.TB, h *harness, key *ecdsa.PrivateKey, n int, activeAt, period, frequency uint32) {
	ctx := context.Background()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := h.client.PendingNonceAt(ctx, from)
	require.NoError(tb, err)
	signer := types.LatestSignerForChainID(h.chainID)
	for i := range n {
		data := coordABI.PackCreateSubscription(coordinatorabi.Subscription{
			Owner: from, ActiveAt: activeAt, Period: period, Frequency: frequency, Redundancy: 1,
			MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 50_000, ContainerId: "echo", Inputs: []byte(fmt.Sprint(i)), PaymentAmount: new(big.Int),
		})
		tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{ChainID: h.chainID, Nonce: nonce + uint64(i),
			GasTipCap: big.NewInt(params.GWei), GasFeeCap: big.NewInt(100 * params.GWei), Gas: 1_000_000, To: &h.dep.Coordinator, Data: data})
		require.NoError(tb, err)
		require.NoError(tb, h.client.SendTransaction(ctx, tx))
		if i%50 == 49 {
			h.commit()
		}
	}
	require.Eventually(tb, func() bool {
		h.commit()
		count, err := coordABI.UnpackSubscriptionCount(h.call(h.dep.Coordinator, coordABI.PackSubscriptionCount()))
		return err == nil && count == uint32(n)
	}, time.Minute, 10*time.Millisecond, "all subscriptions created")
}

func headTime(tb testing.TB, h *harness) uint32 {
	hd, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(tb, err)
	return uint32(hd.Time)
}

// BenchmarkIdleRPCPerBlock: 1,000 tracked subscriptions, none due: the RPC
// calls the node makes per new block (heads pushed by subscription).
func BenchmarkIdleRPCPerBlock(b *testing.B) {
	h := newHarness(b, 1)
	createSubs(b, h, h.keys[0], benchSubs, headTime(b, h)+1_000_000, 3600, 10)
	n := h.startNodeWith(1, b.TempDir(), nil, nil, func(o *Options) { o.PollInterval = time.Hour })
	h.commit()
	require.Eventually(b, func() bool { s, _ := n.r.store.subs(); return len(s) == benchSubs }, time.Minute, 50*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	const blocks = 50
	b.ResetTimer()
	for range b.N {
		before := n.rpc.Calls()
		for range blocks {
			h.commit()
			time.Sleep(20 * time.Millisecond)
		}
		b.ReportMetric(float64(n.rpc.Calls()-before)/blocks, "rpc/block")
	}
	b.ReportMetric(float64(n.r.Pending()), "pending")
}

// BenchmarkDueDeliveriesPerBlock: 1,000 subscriptions all due at once (one
// interval each): deliveries per block until all are on chain, at the
// default bounds (16 in flight, 16 workers) and at 256.
func BenchmarkDueDeliveriesPerBlock(b *testing.B) {
	for _, bound := range []int{16, 256} {
		b.Run(fmt.Sprintf("inflight=%d", bound), func(b *testing.B) {
			for range b.N {
				h := newHarness(b, 1)
				createSubs(b, h, h.keys[0], benchSubs, headTime(b, h)+5, 0, 1)
				n := h.startNodeWith(1, b.TempDir(), nil,
					func(o *txm.SenderOptions) { o.MaxInFlight = bound },
					func(o *Options) { o.Workers = bound })
				start := blockNumber(b, h)
				h.mineEvery(250 * time.Millisecond)
				require.Eventually(b, func() bool {
					c, err := h.client.NonceAt(context.Background(), n.s.Address(), nil)
					return err == nil && c >= benchSubs && n.s.InFlight() == 0
				}, 10*time.Minute, 100*time.Millisecond)
				h.pauseMining()
				end := blockNumber(b, h)
				delivered := 0
				for id := uint32(1); id <= benchSubs; id++ {
					ok, err := coordABI.UnpackNodeResponded(h.call(h.dep.Coordinator, coordABI.PackNodeResponded(id, 1, n.s.Address())))
					require.NoError(b, err)
					if ok {
						delivered++
					}
				}
				require.Equal(b, benchSubs, delivered)
				// Blocks before the subscriptions became active are not counted.
				b.ReportMetric(float64(benchSubs)/float64(end-start-5), "deliveries/block")
			}
		})
	}
}

// BenchmarkMemoryPerSubscription: heap held by the relay per tracked
// subscription (the timer-queue entry and its index; the record itself
// lives in Pebble).
func BenchmarkMemoryPerSubscription(b *testing.B) {
	h := newHarness(b, 1)
	n := h.startNodeWith(1, b.TempDir(), nil, nil, func(o *Options) { o.PollInterval = time.Hour })
	n.stop() // measure the relay's structures alone
	const subs = 100_000
	n.r.head.time.Store(1)
	var before, after runtime.MemStats
	var diskBytes int
	b.ResetTimer()
	for range b.N {
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&before)
		for i := range uint32(subs) {
			s := &Sub{ID: i + 1_000_000, Owner: common.Address{1}, ActiveAt: 1_000_000 + i, Period: 60, Frequency: 100,
				Redundancy: 1, MaxGasLimit: 100_000, ContainerID: "echo"}
			n.r.schedule(s)
			if i == 0 {
				raw, _ := json.Marshal(s)
				diskBytes = len(raw)
			}
		}
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(n.r)
	}
	b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/subs, "heap-B/sub")
	b.ReportMetric(float64(diskBytes), "record-B/sub")
}

func blockNumber(tb testing.TB, h *harness) uint64 {
	hd, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(tb, err)
	return hd.Number.Uint64()
}
