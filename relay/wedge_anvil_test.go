package relay

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/txm"
)

// wedgeAnvil is the guard tests' driven anvil (guardChain: the test mines
// every block with the timestamp it sets, two seconds apart) with the
// node under test, mining each block at a base fee the test chooses.
type wedgeAnvil struct {
	*guardChain
	n *node
}

func startWedgeAnvil(t *testing.T) *guardChain {
	t.Helper()
	if testing.Short() {
		t.Skip("starts anvil")
	}
	return startGuardChain(t, 4)
}

func (d *wedgeAnvil) call(result any, method string, args ...any) {
	d.t.Helper()
	require.NoError(d.t, d.rpc.CallContext(context.Background(), result, method, args...))
}

// mine mines one block step seconds after the head, with base fee
// baseFee, and waits until the node has handled it.
func (d *wedgeAnvil) mine(baseFee *big.Int) *types.Header {
	d.t.Helper()
	d.call(nil, "anvil_setNextBlockBaseFeePerGas", hexutil.EncodeBig(baseFee))
	d.guardChain.mine(d.step)
	d.settle(d.n)
	return d.head()
}

// send signs and broadcasts a transaction paying up to feeCap per gas,
// without waiting for it to be mined.
func (d *wedgeAnvil) send(key *ecdsa.PrivateKey, to common.Address, data []byte, feeCap *big.Int) common.Hash {
	d.t.Helper()
	ctx := context.Background()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := d.client.PendingNonceAt(ctx, from)
	require.NoError(d.t, err)
	gas, err := d.client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Data: data})
	require.NoError(d.t, err)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(d.chainID), &types.DynamicFeeTx{
		ChainID: d.chainID, Nonce: nonce, GasTipCap: big.NewInt(params.GWei), GasFeeCap: feeCap,
		Gas: gas * 2, To: &to, Data: data,
	})
	require.NoError(d.t, err)
	require.NoError(d.t, d.client.SendTransaction(ctx, tx))
	return tx.Hash()
}

func (d *wedgeAnvil) receipt(tx common.Hash) *types.Receipt {
	d.t.Helper()
	rc, err := d.client.TransactionReceipt(context.Background(), tx)
	require.NoError(d.t, err)
	require.Equal(d.t, types.ReceiptStatusSuccessful, rc.Status)
	return rc
}

// deliveredAt is the block in which this node's delivery of (sub, k) was
// mined, or 0.
func (d *wedgeAnvil) deliveredAt(sub, k uint32) uint64 {
	s, ok, err := d.n.r.store.sub(sub)
	if err != nil || !ok {
		return 0
	}
	iv, err := d.n.r.store.ivOf(s, k)
	if err != nil || iv.State != IvDelivered {
		return 0
	}
	rc, err := d.client.TransactionReceipt(context.Background(), common.HexToHash(iv.Tx))
	if err != nil {
		return 0
	}
	return rc.BlockNumber.Uint64()
}

// requireFeesWithinCeiling: no version of any journaled transaction pays
// more per gas than 4× the fee suggested when it was first sent.
func requireFeesWithinCeiling(t *testing.T, n *node) {
	t.Helper()
	recs, err := n.s.Records()
	require.NoError(t, err)
	for _, r := range recs {
		require.NotNil(t, r.Suggested, "nonce %d records its first suggested fee", r.Nonce)
		ceiling := new(big.Int).Mul(r.Suggested.ToInt(), big.NewInt(4))
		for _, raw := range r.Raw {
			tx := new(types.Transaction)
			require.NoError(t, tx.UnmarshalBinary(raw))
			require.LessOrEqual(t, tx.GasFeeCap().Cmp(ceiling), 0, "nonce %d pays %s, ceiling %s", r.Nonce, tx.GasFeeCap(), ceiling)
		}
	}
}

// TestAnvilStuckDeliveryDoesNotWedgeHonestOnes is issue 22's stuck nonce
// at relay level: a subscription whose maxGasPrice is just above the base
// fee is being delivered when the base fee rises fivefold and stays there.
// Requests made during the spike are delivered within 20 s (chain time)
// of their request; the stuck delivery is given up (a no-op fills its
// nonce) and its interval recorded as failed; nothing pays more than 4×
// its first suggested fee, and the wallet's nonces stay continuous.
func TestAnvilStuckDeliveryDoesNotWedgeHonestOnes(t *testing.T) {
	g := startWedgeAnvil(t)
	h := g.harness
	const stuckBlocks = 3
	n := h.startNodeWith(1, t.TempDir(), nil, func(o *txm.SenderOptions) { o.StuckBlocks = stuckBlocks }, nil)
	d := &wedgeAnvil{guardChain: g, n: n}
	base := big.NewInt(params.GWei)
	spike := new(big.Int).Mul(base, big.NewInt(5))
	d.mine(base)

	// Subscription 1: a one-shot from an EOA capped 10% above the base fee.
	owner := h.keys[3]
	hd := d.head()
	capped := new(big.Int).Add(base, new(big.Int).Div(base, big.NewInt(10)))
	tx := d.send(owner, h.dep.Coordinator, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
		Owner: crypto.PubkeyToAddress(owner.PublicKey), ActiveAt: uint32(hd.Time), Period: 0, Frequency: 1, Redundancy: 1,
		MaxGasPrice: capped, MaxGasLimit: 100_000, ContainerId: "echo", Inputs: []byte("x"), PaymentAmount: new(big.Int),
	}), new(big.Int).Mul(base, big.NewInt(2)))
	d.mine(base)
	d.receipt(tx)
	h.waitSent(n, "deliver/1/1/1")

	// The spike: the capped delivery can no longer be mined. Honest
	// requests (subscriptions 2..4) are made during it, one every other block.
	requested := map[uint32]*types.Header{}
	var pending []common.Hash
	for b := 0; b < 30; b++ {
		if b%2 == 0 && len(requested)+len(pending) < 3 {
			pending = append(pending, d.send(h.keys[0], h.dep.ExampleConsumer,
				h.consumer().PackRequest("echo", []byte("honest"), 1), new(big.Int).Mul(spike, big.NewInt(2))))
		}
		mined := d.mine(spike)
		for _, p := range pending {
			rc := d.receipt(p)
			id := uint32(len(requested) + 2)
			require.Equal(t, mined.Number.Uint64(), rc.BlockNumber.Uint64())
			requested[id] = mined
		}
		pending = nil
		done := len(requested) == 3
		for id := range requested {
			done = done && d.deliveredAt(id, 1) != 0
		}
		if done {
			break
		}
	}
	require.Len(t, requested, 3)
	for id, req := range requested {
		at := d.deliveredAt(id, 1)
		require.NotZero(t, at, "subscription %d delivered during the spike", id)
		got, err := h.client.HeaderByNumber(context.Background(), new(big.Int).SetUint64(at))
		require.NoError(t, err)
		t.Logf("subscription %d: requested in block %d, delivered in block %d (%d s)", id, req.Number, at, got.Time-req.Time)
		require.LessOrEqual(t, got.Time-req.Time, uint64(20), "subscription %d delivered within 20 s of its request", id)
		require.Equal(t, uint16(1), responseCount(h, id, 1))
	}

	// The stuck interval is given up and recorded, never delivered twice.
	h.eventually(func() bool {
		s, ok, err := n.r.store.sub(1)
		if err != nil || !ok {
			return false
		}
		iv, err := n.r.store.ivOf(s, 1)
		return err == nil && iv.State.final()
	}, "the stuck interval reaches a final state")
	s, _, err := n.r.store.sub(1)
	require.NoError(t, err)
	iv, err := n.r.store.ivOf(s, 1)
	require.NoError(t, err)
	t.Logf("the capped interval: %s (%s)", iv.State, iv.Err)
	if iv.State == IvDelivered {
		require.Equal(t, uint16(1), responseCount(h, 1, 1))
	} else {
		require.Equal(t, IvFailed, iv.State)
		require.Contains(t, iv.Err, "given up")
		require.Zero(t, responseCount(h, 1, 1))
	}
	for i := 0; i < 5 && n.s.InFlight() > 0; i++ {
		d.mine(spike)
	}
	h.eventually(func() bool { return n.s.InFlight() == 0 }, "journal settles")
	requireContinuousNonces(t, h, n)
	requireFeesWithinCeiling(t, n)
}

// request makes a one-shot request through the example consumer and mines
// it; it returns the block holding it.
func (d *wedgeAnvil) request(input string, baseFee *big.Int) *types.Header {
	d.t.Helper()
	tx := d.send(d.keys[0], d.dep.ExampleConsumer, d.consumer().PackRequest("echo", []byte(input), 1), new(big.Int).Mul(baseFee, big.NewInt(3)))
	hd := d.mine(baseFee)
	require.Equal(d.t, hd.Number.Uint64(), d.receipt(tx).BlockNumber.Uint64())
	return hd
}

// mineUntil mines blocks until cond holds, at most limit of them, and
// returns how many it mined.
func (d *wedgeAnvil) mineUntil(baseFee *big.Int, limit int, cond func() bool, msg string) int {
	d.t.Helper()
	for i := 1; i <= limit; i++ {
		d.mine(baseFee)
		if cond() {
			return i
		}
	}
	require.FailNow(d.t, msg, "not within %d blocks", limit)
	return 0
}

func (d *wedgeAnvil) snapshot() *hexutil.Big {
	d.t.Helper()
	var id hexutil.Big
	d.call(&id, "evm_snapshot")
	return &id
}

func (d *wedgeAnvil) revert(id *hexutil.Big) {
	d.t.Helper()
	var ok bool
	d.call(&ok, "evm_revert", id)
	require.True(d.t, ok)
}

// requireNoncesAgree: the chain's nonce of the wallet is the journal's
// next, and every journaled nonce is final.
func (d *wedgeAnvil) requireNoncesAgree() {
	d.t.Helper()
	d.eventually(func() bool { return d.n.s.InFlight() == 0 }, "journal settles")
	requireContinuousNonces(d.t, d.harness, d.n)
}

// TestAnvilReorgDroppingConfirmedDelivery is issue 22's reorg at relay
// level: blocks holding a confirmed delivery are rolled back
// (evm_snapshot/evm_revert). Without a restart the dropped delivery lands
// once more, later requests are delivered again, chain and journal nonces
// agree; a subscription re-created under the same id after a reorg removed
// it is delivered as the new subscription it is.
func TestAnvilReorgDroppingConfirmedDelivery(t *testing.T) {
	g := startWedgeAnvil(t)
	h := g.harness
	n := h.startNode(1, t.TempDir(), nil)
	d := &wedgeAnvil{guardChain: g, n: n}
	base := big.NewInt(params.GWei)
	ctx := context.Background()
	d.mine(base)

	// Subscription 1 is delivered and the delivery confirmed; then the
	// blocks after the request are rolled back.
	d.request("first", base)
	snap := d.snapshot()
	d.mineUntil(base, 10, func() bool { return d.deliveredAt(1, 1) != 0 }, "subscription 1 delivered")
	d.mine(base)
	d.revert(snap)
	mined, err := h.client.NonceAt(ctx, n.s.Address(), nil)
	require.NoError(t, err)
	require.Zero(t, mined, "the chain lost the delivery")
	require.Zero(t, responseCount(h, 1, 1))

	// Without a restart: the dropped delivery lands again, once, and a new
	// request is delivered within 30 s of chain time.
	blocks := d.mineUntil(base, 15, func() bool { return responseCount(h, 1, 1) == 1 }, "the dropped delivery lands again")
	t.Logf("dropped delivery back on chain after %d blocks", blocks)
	req := d.request("second", base)
	d.mineUntil(base, 15, func() bool { return d.deliveredAt(2, 1) != 0 }, "subscription 2 delivered after the reorg")
	got, err := h.client.HeaderByNumber(ctx, new(big.Int).SetUint64(d.deliveredAt(2, 1)))
	require.NoError(t, err)
	t.Logf("subscription 2: requested in block %d, delivered in block %d (%d s)", req.Number, got.Number, got.Time-req.Time)
	require.LessOrEqual(t, got.Time-req.Time, uint64(30))
	require.Equal(t, uint16(1), responseCount(h, 1, 1))
	require.Equal(t, uint16(1), responseCount(h, 2, 1))
	d.requireNoncesAgree()

	// Subscription 3 is created and delivered; a reorg removes both, and
	// the request is made again: subscription 3 again, a new one.
	snap = d.snapshot()
	d.request("third", base)
	d.mineUntil(base, 10, func() bool { return d.deliveredAt(3, 1) != 0 }, "subscription 3 delivered")
	d.mine(base)
	d.revert(snap)
	d.request("third again", base)
	d.mineUntil(base, 15, func() bool { return d.deliveredAt(3, 1) != 0 }, "the re-created subscription 3 delivered")
	s, ok, err := n.r.store.sub(3)
	require.NoError(t, err)
	require.True(t, ok)
	iv, err := n.r.store.ivOf(s, 1)
	require.NoError(t, err)
	t.Logf("re-created subscription 3: %s %q tx %s", iv.State, iv.Err, iv.Tx)
	require.Equal(t, uint16(1), responseCount(h, 3, 1))
	tx, _, err := h.client.TransactionByHash(ctx, common.HexToHash(iv.Tx))
	require.NoError(t, err)
	require.True(t, bytes.Contains(tx.Data(), []byte("third again")), "the new subscription's input was computed, not the old one's")
	d.requireNoncesAgree()
	recs, err := n.s.Records()
	require.NoError(t, err)
	var old, cur int
	for _, r := range recs {
		if !strings.HasPrefix(r.Key, "deliver/3/1/") {
			continue
		}
		if r.GaveUp {
			old++
			require.True(t, r.Noop)
			require.Contains(t, r.Err, "reorged out")
		} else {
			cur++
			require.Equal(t, txm.StateConfirmed, r.State)
		}
	}
	require.Equal(t, 1, old, "the old subscription 3's dropped delivery is filled by a no-op, not sent again")
	require.Equal(t, 1, cur)
	require.Equal(t, uint64(3), h.deliveries())
}
