package relay

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/abi/walletfactoryabi"
	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/internal/testabi/testtokenabi"
	"github.com/infernode/infernode/internal/testabi/testverifierabi"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
)

var (
	walletABI  = walletabi.NewWallet()
	factoryABI = walletfactoryabi.NewWalletFactory()
	tokenABI   = testtokenabi.NewTestToken()
)

// payHarness: a consumer wallet (owned by keys[0], the example consumer
// approved) and a node wallet (owned by the node, keys[1]).
type payHarness struct {
	*harness
	token, otherToken        common.Address
	consumerWallet, nodeWall common.Address
}

// newSimPayHarness is a payHarness on the simulated backend, mining.
func newSimPayHarness(t *testing.T) *payHarness {
	base := newHarness(t, 1)
	base.mineEvery(50 * time.Millisecond)
	return newPayHarness(base)
}

// newPayHarness deploys the tokens and makes and funds the wallets on
// base's chain (which must be mining).
func newPayHarness(base *harness) *payHarness {
	h := &payHarness{harness: base}
	h.token = h.deployContract(contracts.TestTokenName)
	h.otherToken = h.deployContract(contracts.TestTokenName)
	h.consumerWallet = h.newWallet(h.keys[0])
	h.nodeWall = h.newWallet(h.keys[1])
	h.sendValue(h.keys[0], h.consumerWallet, big.NewInt(1_000_000))
	h.transact(h.keys[0], h.token, tokenABI.PackMint(h.consumerWallet, big.NewInt(1_000)))
	h.transact(h.keys[0], h.otherToken, tokenABI.PackMint(h.consumerWallet, big.NewInt(1_000)))
	return h
}

func (h *payHarness) deployContract(name string) common.Address {
	art, err := contracts.LoadArtifact(name)
	require.NoError(h.t, err)
	o := bind.NewKeyedTransactor(h.keys[0], h.chainID)
	addr, tx, err := bind.DeployContract(o, art.Bytecode, h.client, nil)
	require.NoError(h.t, err)
	h.waitMined(tx.Hash())
	return addr
}

func (h *payHarness) waitMined(tx common.Hash) {
	h.eventually(func() bool {
		r, err := h.client.TransactionReceipt(context.Background(), tx)
		return err == nil && r != nil && r.Status == types.ReceiptStatusSuccessful
	}, "transaction mined")
}

// newWallet makes a Wallet owned by owner; keys[0] sends the transaction,
// so the node's key uses no nonce outside its journal.
func (h *payHarness) newWallet(owner *ecdsa.PrivateKey) common.Address {
	rc := h.transact(h.keys[0], h.dep.WalletFactory, factoryABI.PackCreateWallet(crypto.PubkeyToAddress(owner.PublicKey)))
	for _, l := range rc.Logs {
		if ev, err := factoryABI.UnpackWalletCreatedEvent(l); err == nil {
			return ev.Wallet
		}
	}
	h.t.Fatal("no WalletCreated")
	return common.Address{}
}

func (h *payHarness) sendValue(from *ecdsa.PrivateKey, to common.Address, wei *big.Int) {
	ctx := context.Background()
	nonce, err := h.client.PendingNonceAt(ctx, crypto.PubkeyToAddress(from.PublicKey))
	require.NoError(h.t, err)
	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(h.t, err)
	tx, err := types.SignNewTx(from, types.LatestSignerForChainID(h.chainID), &types.DynamicFeeTx{
		ChainID: h.chainID, Nonce: nonce, GasTipCap: big.NewInt(params.GWei),
		GasFeeCap: new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), big.NewInt(params.GWei)),
		Gas:       100_000, To: &to, Value: wei,
	})
	require.NoError(h.t, err)
	require.NoError(h.t, h.client.SendTransaction(ctx, tx))
	h.waitMined(tx.Hash())
}

func (h *payHarness) balance(wallet, token common.Address) *big.Int {
	b, err := walletABI.UnpackBalanceOf(h.call(wallet, walletABI.PackBalanceOf(token)))
	require.NoError(h.t, err)
	return b
}

func (h *payHarness) requestPaid(token common.Address, amount int64, wallet common.Address) uint32 {
	rc := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequestPaid("echo", []byte("pay me"), 1, token, big.NewInt(amount), wallet, common.Address{}, false))
	for _, l := range rc.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			return ev.Id
		}
	}
	h.t.Fatal("no SubscriptionCreated")
	return 0
}

func (h *payHarness) nonceOf(k *ecdsa.PrivateKey) uint64 {
	n, err := h.client.NonceAt(context.Background(), crypto.PubkeyToAddress(k.PublicKey), nil)
	require.NoError(h.t, err)
	return n
}

func (h *payHarness) startPaidNode(t *testing.T, dir string) *node {
	policy, err := payments.NewPolicy([]payments.Accepted{{Container: "echo", Payments: map[string]string{
		"0x0000000000000000000000000000000000000000": "1000", h.token.Hex(): "5",
	}}}, nil)
	require.NoError(t, err)
	parsed := h.coordABI()
	return h.startNodeWith(1, dir, nil,
		func(o *txm.SenderOptions) {
			o.Decoder = coordinator.NewRevertDecoder(&parsed, ours.WalletABI())
		},
		func(o *Options) { o.Payments, o.PaymentWallet = policy, h.nodeWall })
}

// TestSimPaidDeliveries: paid requests in native coin and an ERC-20 are
// delivered and move exactly paymentAmount; an underpaying request, one in
// an unlisted token and one from a wallet without allowance are never sent
// (no nonce used); the last is delivered once the allowance is given.
func TestSimPaidDeliveries(t *testing.T) {
	runPaidScenario(t, newSimPayHarness(t))
}

func TestChainAnvilPaidDeliveries(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{BlockTime: time.Second})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	runPaidScenario(t, newPayHarness(newChainHarness(t, dialChain(t, a.RPCURL()), a.FundedKeys()[:2])))
}

func runPaidScenario(t *testing.T, h *payHarness) {
	h.transact(h.keys[0], h.consumerWallet, walletABI.PackApprove(h.dep.ExampleConsumer, payments.Native, big.NewInt(2_000)))
	h.transact(h.keys[0], h.consumerWallet, walletABI.PackApprove(h.dep.ExampleConsumer, h.token, big.NewInt(5)))
	h.startPaidNode(t, t.TempDir())
	startNonce := h.nonceOf(h.keys[1])

	under := h.requestPaid(payments.Native, 999, h.consumerWallet)
	unlisted := h.requestPaid(h.otherToken, 1_000, h.consumerWallet)
	nativeID := h.requestPaid(payments.Native, 1_000, h.consumerWallet)
	ercID := h.requestPaid(h.token, 5, h.consumerWallet)
	h.eventually(func() bool {
		return responseCount(h.harness, nativeID, 1) == 1 && responseCount(h.harness, ercID, 1) == 1
	}, "paid requests delivered")
	require.Equal(t, big.NewInt(1_000_000-1_000), h.balance(h.consumerWallet, payments.Native))
	require.Equal(t, big.NewInt(1_000), h.balance(h.nodeWall, payments.Native))
	require.Equal(t, big.NewInt(1_000-5), h.balance(h.consumerWallet, h.token))
	require.Equal(t, big.NewInt(5), h.balance(h.nodeWall, h.token))

	// A paid request the wallet cannot cover (allowance spent): waits.
	short := h.requestPaid(h.token, 5, h.consumerWallet)
	// A later paid request is served, so the relay saw everything above.
	// (An unpaid one would not be: echo asks for payment here.)
	later := h.requestPaid(payments.Native, 1_000, h.consumerWallet)
	h.eventually(func() bool { return responseCount(h.harness, later, 1) == 1 }, "the later paid request delivered")
	require.Zero(t, responseCount(h.harness, under, 1), "underpaying request delivered")
	require.Zero(t, responseCount(h.harness, unlisted, 1), "unlisted token delivered")
	require.Zero(t, responseCount(h.harness, short, 1), "delivered without allowance")
	require.Equal(t, startNonce+3, h.nonceOf(h.keys[1]), "only the three deliveries used nonces")

	// The consumer approves more: the waiting delivery goes out.
	h.transact(h.keys[0], h.consumerWallet, walletABI.PackApprove(h.dep.ExampleConsumer, h.token, big.NewInt(5)))
	h.eventually(func() bool { return responseCount(h.harness, short, 1) == 1 }, "delivered once the allowance is there")
	require.Equal(t, big.NewInt(10), h.balance(h.nodeWall, h.token))
	require.Equal(t, startNonce+4, h.nonceOf(h.keys[1]))
}

// TestSimPaidRestartBetweenSendAndConfirm: the node dies with its paid
// delivery unconfirmed and the pool forgets it; after the restart the
// delivery is mined once and paid exactly once.
func TestSimPaidRestartBetweenSendAndConfirm(t *testing.T) {
	base := newHarness(t, 1)
	base.mineEvery(50 * time.Millisecond)
	h := newPayHarness(base)
	h.transact(h.keys[0], h.consumerWallet, walletABI.PackApprove(h.dep.ExampleConsumer, payments.Native, big.NewInt(5_000)))
	h.pauseMining()
	dir := t.TempDir()
	n := h.startPaidNode(t, dir)
	id := h.requestPaid(payments.Native, 1_000, h.consumerWallet)
	h.waitSent(n, fmt.Sprintf("deliver/%d/1/1", id))
	n.stop()
	h.sim.Rollback()

	n2 := h.startPaidNode(t, dir)
	h.mineEvery(50 * time.Millisecond)
	h.eventually(func() bool { return responseCount(h.harness, id, 1) == 1 }, "delivered after the restart")
	h.eventually(func() bool { return n2.s.InFlight() == 0 }, "journal settles")
	requireContinuousNonces(t, h.harness, n2)
	require.Equal(t, big.NewInt(1_000), h.balance(h.nodeWall, payments.Native), "paid exactly once")
	require.Equal(t, big.NewInt(1_000_000-1_000), h.balance(h.consumerWallet, payments.Native))
}

// TestSimVerifiedDeliveryTopsUpCollateral: a subscription with a listed
// (optimistic) verifier; the node's wallet has funds but no collateral
// allowance, so the node approves itself once, then delivers with its
// collateral locked; the verifier's later verdict pays it.
func TestSimVerifiedDeliveryTopsUpCollateral(t *testing.T) {
	h := newSimPayHarness(t)
	verifierABI := testverifierabi.NewTestVerifier()
	art, err := contracts.LoadArtifact(contracts.TestVerifierName)
	require.NoError(t, err)
	o := bind.NewKeyedTransactor(h.keys[0], h.chainID)
	verifier, tx, err := bind.DeployContract(o, art.Bytecode, h.client, verifierABI.PackConstructor(h.dep.Coordinator, false, h.newWallet(h.keys[0])))
	require.NoError(t, err)
	h.waitMined(tx.Hash())
	h.transact(h.keys[0], verifier, verifierABI.PackSetToken(payments.Native, true, big.NewInt(100)))
	h.transact(h.keys[0], h.consumerWallet, walletABI.PackApprove(h.dep.ExampleConsumer, payments.Native, big.NewInt(5_000)))
	h.sendValue(h.keys[0], h.nodeWall, big.NewInt(10_000)) // collateral funds, no allowance yet

	policy, err := payments.NewPolicy([]payments.Accepted{{Container: "echo", Payments: map[string]string{payments.Native.Hex(): "1000"}}}, []string{verifier.Hex()})
	require.NoError(t, err)
	proofs := []access.Container{{ID: "echo", External: true, GeneratesProofs: true}}
	parsed := h.coordABI()
	n := h.startNodeWith(1, t.TempDir(), nil,
		func(o *txm.SenderOptions) {
			o.Decoder = coordinator.NewRevertDecoder(&parsed, ours.WalletABI())
		},
		func(o *Options) {
			o.Payments, o.PaymentWallet, o.Access = policy, h.nodeWall, access.NewGuardian(proofs)
		})

	rc := h.transact(h.keys[0], h.dep.ExampleConsumer, h.consumer().PackRequestPaid("echo", []byte("prove it"), 1, payments.Native, big.NewInt(1_000), h.consumerWallet, verifier, false))
	var id uint32
	for _, l := range rc.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			id = ev.Id
		}
	}
	h.eventually(func() bool { return responseCount(h.harness, id, 1) == 1 }, "verified request delivered")
	h.eventually(func() bool { return n.s.InFlight() == 0 }, "journal settles")
	requireContinuousNonces(t, h.harness, n)
	require.Equal(t, uint64(2), h.nonceOf(h.keys[1]), "one collateral approval, one delivery")
	node := crypto.PubkeyToAddress(h.keys[1].PublicKey)
	locked, err := walletABI.UnpackLockedBalance(h.call(h.nodeWall, walletABI.PackLockedBalance(payments.Native)))
	require.NoError(t, err)
	require.Equal(t, big.NewInt(1_000), locked, "collateral locked while the verdict is pending")
	allowance, err := walletABI.UnpackAllowance(h.call(h.nodeWall, walletABI.PackAllowance(node, payments.Native)))
	require.NoError(t, err)
	require.Equal(t, new(big.Int).Sub(payments.CollateralApproval, big.NewInt(1_000)), allowance)

	h.transact(h.keys[0], verifier, verifierABI.PackFinalize(id, 1, node, true))
	require.Equal(t, big.NewInt(10_000+900), h.balance(h.nodeWall, payments.Native), "paid the payment less the verifier's fee")
	require.Equal(t, big.NewInt(1_000_000-1_000), h.balance(h.consumerWallet, payments.Native))
}
