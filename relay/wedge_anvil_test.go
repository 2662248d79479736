package relay

import (
	"context"
	"crypto/ecdsa"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
)

// blockSeconds is the time between the blocks the driven anvil tests mine:
// each block's timestamp is set, so "seconds" are counted on chain.
const blockSeconds = 2

// wedgeAnvil is anvil with automining off: the test mines every block,
// sets its base fee and timestamp, and waits for the node to act on it
// before mining the next, so nothing depends on how fast the machine is.
type wedgeAnvil struct {
	t *testing.T
	h *harness
	n *node
}

func startWedgeAnvil(t *testing.T) (*harness, *testnet.Anvil) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts anvil")
	}
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	h := newChainHarness(t, dialChain(t, a.RPCURL()), a.FundedKeys()[:4])
	require.NoError(t, h.rpc.CallContext(context.Background(), nil, "evm_setAutomine", false))
	return h, a
}

func (d *wedgeAnvil) rpc(result any, method string, args ...any) {
	d.t.Helper()
	require.NoError(d.t, d.h.rpc.CallContext(context.Background(), result, method, args...))
}

func (d *wedgeAnvil) head() *types.Header {
	d.t.Helper()
	hd, err := d.h.client.HeaderByNumber(context.Background(), nil)
	require.NoError(d.t, err)
	return hd
}

// mine mines one block blockSeconds after the head, with base fee
// baseFee, and waits until the node has handled it.
func (d *wedgeAnvil) mine(baseFee *big.Int) *types.Header {
	d.t.Helper()
	prev := d.head()
	d.rpc(nil, "anvil_setNextBlockBaseFeePerGas", hexutil.EncodeBig(baseFee))
	d.rpc(nil, "evm_setNextBlockTimestamp", hexutil.Uint64(prev.Time+blockSeconds))
	d.rpc(nil, "evm_mine")
	hd := d.head()
	d.h.eventually(func() bool { return d.n.r.Settled(hd.Number.Uint64()) }, "node handled the block")
	return hd
}

// send signs and broadcasts a transaction paying up to feeCap per gas,
// without waiting for it to be mined.
func (d *wedgeAnvil) send(key *ecdsa.PrivateKey, to common.Address, data []byte, feeCap *big.Int) common.Hash {
	d.t.Helper()
	ctx := context.Background()
	from := crypto.PubkeyToAddress(key.PublicKey)
	nonce, err := d.h.client.PendingNonceAt(ctx, from)
	require.NoError(d.t, err)
	gas, err := d.h.client.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Data: data})
	require.NoError(d.t, err)
	tx, err := types.SignNewTx(key, types.LatestSignerForChainID(d.h.chainID), &types.DynamicFeeTx{
		ChainID: d.h.chainID, Nonce: nonce, GasTipCap: big.NewInt(params.GWei), GasFeeCap: feeCap,
		Gas: gas * 2, To: &to, Data: data,
	})
	require.NoError(d.t, err)
	require.NoError(d.t, d.h.client.SendTransaction(ctx, tx))
	return tx.Hash()
}

func (d *wedgeAnvil) receipt(tx common.Hash) *types.Receipt {
	d.t.Helper()
	rc, err := d.h.client.TransactionReceipt(context.Background(), tx)
	require.NoError(d.t, err)
	require.Equal(d.t, types.ReceiptStatusSuccessful, rc.Status)
	return rc
}

// deliveredAt is the block in which this node's delivery of (sub, k) was
// mined, or 0.
func (d *wedgeAnvil) deliveredAt(sub, k uint32) uint64 {
	s, ok, err := d.n.r.st.sub(sub)
	if err != nil || !ok {
		return 0
	}
	iv, err := d.n.r.iv(s, k)
	if err != nil || iv.State != IvDelivered {
		return 0
	}
	rc, err := d.h.client.TransactionReceipt(context.Background(), common.HexToHash(iv.Tx))
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
	h, _ := startWedgeAnvil(t)
	const stuckBlocks = 3
	n := h.startNodeWith(1, t.TempDir(), nil, func(o *txm.SenderOptions) { o.StuckBlocks = stuckBlocks }, nil)
	d := &wedgeAnvil{t: t, h: h, n: n}
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
		s, ok, err := n.r.st.sub(1)
		if err != nil || !ok {
			return false
		}
		iv, err := n.r.iv(s, 1)
		return err == nil && iv.State.final()
	}, "the stuck interval reaches a final state")
	s, _, err := n.r.st.sub(1)
	require.NoError(t, err)
	iv, err := n.r.iv(s, 1)
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
