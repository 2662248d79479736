package relay

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/txm"
)

// TestGasBook: what a mined delivery teaches the book, and when a
// delivery is simulated all the same.
func TestGasBook(t *testing.T) {
	recurring := func() *Sub { return &Sub{ID: 7, Frequency: 10, BlockHash: common.Hash{1}} }
	call := func(key string, n int) txm.Call { return txm.Call{Key: key, Data: make([]byte, n)} }
	// deliver sends interval k of s with what the book gives and mines it
	// with outcome o and gasUsed; it returns the estimate the send used.
	deliver := func(b *gasBook, s *Sub, k uint32, dataLen int, contested bool, o guard.Outcome, gasUsed uint64) uint64 {
		c := call("key", dataLen)
		c.Estimated = b.estimate(s, c, contested)
		est := c.Estimated
		if est == 0 {
			est = 100_000 // what eth_estimateGas answered
		}
		b.sentTx(s, k, c, &txm.Record{Estimated: est})
		b.mined(c.Key, &txm.Record{GasUsed: gasUsed}, o)
		return c.Estimated
	}
	t.Run("learned after a delivery within its estimate", func(t *testing.T) {
		b, s := newGasBook(), recurring()
		require.Zero(t, deliver(b, s, 1, 100, false, guard.Delivered, 60_000), "the first is estimated")
		require.Equal(t, uint64(100_000), deliver(b, s, 2, 100, false, guard.Delivered, 60_000))
		require.Equal(t, uint64(100_000), deliver(b, s, 3, 100+grownBytes, false, guard.Delivered, 60_000), "a word or two longer")
	})
	t.Run("simulated all the same", func(t *testing.T) {
		for name, tt := range map[string]struct {
			edit      func(*Sub)
			dataLen   int
			contested bool
		}{
			"paid":                  {edit: func(s *Sub) { s.PaymentAmount = (*hexutil.Big)(big.NewInt(1)) }, dataLen: 100},
			"verified":              {edit: func(s *Sub) { s.Verifier = common.Address{9} }, dataLen: 100},
			"one-shot":              {edit: func(s *Sub) { s.Frequency = 1 }, dataLen: 100},
			"call grew":             {dataLen: 100 + grownBytes + 1},
			"interval answered":     {dataLen: 100, contested: true},
			"re-created by a reorg": {edit: func(s *Sub) { s.BlockHash = common.Hash{2} }, dataLen: 100},
		} {
			t.Run(name, func(t *testing.T) {
				b := newGasBook()
				deliver(b, recurring(), 1, 100, false, guard.Delivered, 60_000)
				s := recurring()
				if tt.edit != nil {
					tt.edit(s)
				}
				require.Zero(t, deliver(b, s, 2, tt.dataLen, tt.contested, guard.Delivered, 60_000))
			})
		}
	})
	t.Run("forgotten", func(t *testing.T) {
		for name, o := range map[string]struct {
			outcome guard.Outcome
			used    uint64
		}{
			"used more than the estimate": {guard.Delivered, 100_001},
			"callback failed":             {guard.CallbackFailed, 60_000},
			"given up":                    {guard.NotSent, 0},
		} {
			t.Run(name, func(t *testing.T) {
				b, s := newGasBook(), recurring()
				deliver(b, s, 1, 100, false, guard.Delivered, 60_000)
				require.NotZero(t, deliver(b, s, 2, 100, false, o.outcome, o.used))
				require.Zero(t, deliver(b, s, 3, 100, false, guard.Delivered, 60_000), "estimated again")
				require.NotZero(t, deliver(b, s, 4, 100, false, guard.Delivered, 60_000), "and learned again")
			})
		}
	})
	t.Run("a learned send mined reverted: estimated for good", func(t *testing.T) {
		for _, o := range []guard.Outcome{guard.Reverted, guard.LostRace} {
			b, s := newGasBook(), recurring()
			deliver(b, s, 1, 100, false, guard.Delivered, 60_000)
			require.NotZero(t, deliver(b, s, 2, 100, false, o, 60_000))
			for k := uint32(3); k <= 5; k++ {
				require.Zero(t, deliver(b, s, k, 100, false, guard.Delivered, 60_000), "%v: interval %d", o, k)
			}
		}
	})
	t.Run("nothing kept past the last interval", func(t *testing.T) {
		b, s := newGasBook(), recurring()
		s.Frequency = 2
		deliver(b, s, 1, 100, false, guard.Delivered, 60_000)
		deliver(b, s, 2, 100, false, guard.Delivered, 60_000)
		require.Empty(t, b.learned)
		require.Empty(t, b.sent)
	})
}

// TestSimRecurringEstimatedOnce: a recurring subscription's deliveries
// make one eth_estimateGas (the first); the later ones are sent with the
// learned estimate, and each still makes its checks eth_call (docs/relay.md,
// "RPC calls per delivery").
func TestSimRecurringEstimatedOnce(t *testing.T) {
	h := newHarness(t, 1)
	h.mineEvery(100 * time.Millisecond)
	n := h.startNode(1, t.TempDir(), nil)
	h.mineSettled(n)
	owner := crypto.PubkeyToAddress(h.keys[0].PublicKey)
	head, err := h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(t, err)
	const frequency = 4
	sub := coordinatorabi.Subscription{
		Owner: owner, ActiveAt: uint32(head.Time) + 2, Period: 6, Frequency: frequency, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte("x"),
		PaymentAmount: new(big.Int),
	}
	h.transact(h.keys[0], h.dep.Coordinator, coordABI.PackCreateSubscription(sub))
	h.eventually(func() bool { return responseCount(h, 1, frequency) == 1 }, "every interval delivered")
	by := n.rpc.CallsByMethod()
	require.Equal(t, int64(1), by["eth_estimateGas"], "one estimate for %d deliveries: %v", frequency, by)
	// The last delivery is on chain before the sender has seen its receipt
	// deep enough: its record turns confirmed a poll later.
	h.eventually(func() bool { return n.s.InFlight() == 0 }, "journal settles")
	recs, err := n.s.Records()
	require.NoError(t, err)
	sent := 0
	for _, r := range recs {
		require.Equal(t, txm.StateConfirmed, r.State, "nonce %d", r.Nonce)
		sent++
	}
	require.Equal(t, frequency, sent, "one transaction an interval, none reverted")
	for k := uint32(1); k <= frequency; k++ {
		require.Equal(t, uint16(1), responseCount(h, 1, k), "interval %d", k)
	}
}
