package contracts_test

import (
	"crypto/ecdsa"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/walletabi"
	"github.com/infernode/infernode/abi/walletfactoryabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/testabi/testconsumerabi"
	"github.com/infernode/infernode/internal/testabi/testtokenabi"
	"github.com/infernode/infernode/internal/testabi/testverifierabi"
)

var (
	walletABI   = walletabi.NewWallet()
	factoryABI  = walletfactoryabi.NewWalletFactory()
	tokenABI    = testtokenabi.NewTestToken()
	verifierABI = testverifierabi.NewTestVerifier()
	native      = common.Address{}
	validProof  = crypto.Keccak256([]byte("valid"))
)

// deploy deploys a compiled contract with packed constructor args.
func (e *env) deploy(name string, args []byte) common.Address {
	e.t.Helper()
	art, err := contracts.LoadArtifact(name)
	require.NoError(e.t, err)
	addr, tx, err := bind.DeployContract(e.opts(e.deployer), art.Bytecode, e.client, args)
	require.NoError(e.t, err)
	rcpt, err := e.mine(tx.Hash())
	require.NoError(e.t, err)
	require.Equal(e.t, uint64(1), rcpt.Status, "deploy %s", name)
	return addr
}

// newWallet makes a factory Wallet owned by owner.
func (e *env) newWallet(owner *ecdsa.PrivateKey) common.Address {
	e.t.Helper()
	rcpt := e.send(owner, e.dep.WalletFactory, factoryABI.PackCreateWallet(addrOf(owner)))
	for _, l := range rcpt.Logs {
		if ev, err := factoryABI.UnpackWalletCreatedEvent(l); err == nil {
			return ev.Wallet
		}
	}
	e.t.Fatal("no WalletCreated event")
	return common.Address{}
}

// fund gives wallet amount of token: native coin sent by the deployer, or
// minted ERC-20.
func (e *env) fund(wallet, token common.Address, amount *big.Int) {
	e.t.Helper()
	if token == native {
		_, err := e.trySend(e.deployer, wallet, nil, func(o *bind.TransactOpts) { o.Value = amount })
		require.NoError(e.t, err)
		return
	}
	e.send(e.deployer, token, tokenABI.PackMint(wallet, amount))
}

func (e *env) approve(owner *ecdsa.PrivateKey, wallet, spender, token common.Address, amount *big.Int) {
	e.t.Helper()
	e.send(owner, wallet, walletABI.PackApprove(spender, token, amount))
}

func (e *env) balance(wallet, token common.Address) *big.Int {
	return viewCall(e, wallet, walletABI.PackBalanceOf(token), walletABI.UnpackBalanceOf)
}

func (e *env) locked(wallet, token common.Address) *big.Int {
	return viewCall(e, wallet, walletABI.PackLockedBalance(token), walletABI.UnpackLockedBalance)
}

func (e *env) allowance(wallet, spender, token common.Address) *big.Int {
	return viewCall(e, wallet, walletABI.PackAllowance(spender, token), walletABI.UnpackAllowance)
}

// requestPaid makes the example consumer request one paid computation and
// returns the subscription id (ids are sequential from 1).
func (e *env) requestPaid(user *ecdsa.PrivateKey, token common.Address, amount *big.Int, wallet, verifier common.Address, lazy bool) uint32 {
	e.t.Helper()
	rcpt := e.send(user, e.dep.ExampleConsumer, exampleABI.PackRequestPaid("echo", []byte("in"), 1, token, amount, wallet, verifier, lazy))
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			return ev.Id
		}
	}
	e.t.Fatal("no SubscriptionCreated event")
	return 0
}

func deliverPaid(id uint32, output, proof []byte, nodeWallet common.Address) []byte {
	return coordABI.PackDeliverCompute(id, 1, []byte("in"), output, proof, nodeWallet)
}

func units(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(1e15)) }

// payParties is a consumer wallet (owned by user, the example consumer
// approved as spender) and a node wallet (owned by the node).
type payParties struct {
	user, node             *ecdsa.PrivateKey
	consumerWallet, nodeWl common.Address
}

func (e *env) parties(token common.Address, funded, allowed *big.Int) payParties {
	p := payParties{user: e.nodes[0], node: e.nodes[1]}
	p.consumerWallet = e.newWallet(p.user)
	p.nodeWl = e.newWallet(p.node)
	e.fund(p.consumerWallet, token, funded)
	e.approve(p.user, p.consumerWallet, e.dep.ExampleConsumer, token, allowed)
	return p
}

func TestDeployMakesWalletFactory(t *testing.T) {
	e := newEnv(t)
	got := viewCall(e, e.dep.Coordinator, coordABI.PackWALLETFACTORY(), coordABI.UnpackWALLETFACTORY)
	require.Equal(t, e.dep.WalletFactory, got)
	require.Equal(t, e.dep.Coordinator, viewCall(e, e.dep.WalletFactory, factoryABI.PackCOORDINATOR(), factoryABI.UnpackCOORDINATOR))
	w := e.newWallet(e.nodes[0])
	require.True(t, viewCall(e, e.dep.WalletFactory, factoryABI.PackIsValidWallet(w), factoryABI.UnpackIsValidWallet))
	require.False(t, viewCall(e, e.dep.WalletFactory, factoryABI.PackIsValidWallet(e.dep.ExampleConsumer), factoryABI.UnpackIsValidWallet))
}

func TestWalletOwnerAndCoordinatorOnly(t *testing.T) {
	e := newEnv(t)
	token := e.deploy(contracts.TestTokenName, nil)
	owner, stranger := e.nodes[0], e.nodes[1]
	w := e.newWallet(owner)
	for _, tok := range []common.Address{native, token} {
		e.fund(w, tok, units(10))
		// Only the owner withdraws, and only what is unlocked.
		e.wantRevert(addrOf(stranger), w, walletABI.PackWithdraw(tok, units(1)), &walletabi.WalletOwnableUnauthorizedAccount{Account: addrOf(stranger)})
		e.wantRevert(addrOf(owner), w, walletABI.PackWithdraw(tok, units(11)), &walletabi.WalletInsufficientFunds{Token: tok, Available: units(10), Required: units(11)})
		e.send(owner, w, walletABI.PackWithdraw(tok, units(4)))
		require.Equal(t, units(6), e.balance(w, tok))
		e.wantRevert(addrOf(stranger), w, walletABI.PackApprove(addrOf(stranger), tok, units(1)), &walletabi.WalletOwnableUnauthorizedAccount{Account: addrOf(stranger)})
		// Only the Coordinator moves funds, even with an allowance.
		// (Wallet's NotCoordinator(address) has the consumers' selector.)
		e.approve(owner, w, addrOf(stranger), tok, units(5))
		for _, data := range [][]byte{
			walletABI.PackCTransfer(addrOf(stranger), tok, addrOf(stranger), units(1)),
			walletABI.PackCLock(addrOf(stranger), tok, units(1)),
			walletABI.PackCUnlock(addrOf(stranger), tok, units(1)),
			walletABI.PackCTransferLocked(addrOf(stranger), tok, addrOf(stranger), units(1)),
		} {
			e.wantRevert(addrOf(stranger), w, data, &testconsumerabi.TestConsumerNotCoordinator{Caller: addrOf(stranger)})
		}
	}
	require.Equal(t, units(6), viewCall(e, token, tokenABI.PackBalanceOf(w), tokenABI.UnpackBalanceOf))
	require.Equal(t, units(4), viewCall(e, token, tokenABI.PackBalanceOf(addrOf(owner)), tokenABI.UnpackBalanceOf))
}

// TestPaidDelivery: the node's wallet gains exactly paymentAmount and the
// consumer's wallet loses exactly that, in native coin and in an ERC-20.
func TestPaidDelivery(t *testing.T) {
	e := newEnv(t)
	token := e.deploy(contracts.TestTokenName, nil)
	for _, tc := range []struct {
		name  string
		token common.Address
	}{{"native", native}, {"erc20", token}} {
		t.Run(tc.name, func(t *testing.T) {
			p := e.parties(tc.token, units(10), units(5))
			id := e.requestPaid(p.user, tc.token, units(3), p.consumerWallet, common.Address{}, false)
			nodeEOA := e.client
			before, err := nodeEOA.BalanceAt(e.ctx, addrOf(p.node), nil)
			require.NoError(t, err)

			rcpt := e.send(p.node, e.dep.Coordinator, deliverPaid(id, []byte("out"), nil, p.nodeWl))
			require.Equal(t, units(7), e.balance(p.consumerWallet, tc.token))
			require.Equal(t, units(3), e.balance(p.nodeWl, tc.token))
			require.Equal(t, units(2), e.allowance(p.consumerWallet, e.dep.ExampleConsumer, tc.token), "allowance spent")
			// The node's account paid only gas.
			after, err := nodeEOA.BalanceAt(e.ctx, addrOf(p.node), nil)
			require.NoError(t, err)
			gasCost := new(big.Int).Mul(new(big.Int).SetUint64(rcpt.GasUsed), rcpt.EffectiveGasPrice)
			require.Equal(t, new(big.Int).Sub(before, gasCost), after)
			// The node's operator withdraws its earnings.
			e.send(p.node, p.nodeWl, walletABI.PackWithdraw(tc.token, units(3)))
			require.Zero(t, e.balance(p.nodeWl, tc.token).Sign())
		})
	}
}

func TestPaidDeliveryReverts(t *testing.T) {
	e := newEnv(t)
	token := e.deploy(contracts.TestTokenName, nil)
	p := e.parties(token, units(10), units(2))
	n := addrOf(p.node)

	t.Run("allowance below the payment", func(t *testing.T) {
		id := e.requestPaid(p.user, token, units(3), p.consumerWallet, common.Address{}, false)
		e.wantRevert(n, e.dep.Coordinator, deliverPaid(id, nil, nil, p.nodeWl),
			&walletabi.WalletInsufficientAllowance{Spender: e.dep.ExampleConsumer, Token: token, Allowance: units(2), Required: units(3)})
	})
	t.Run("funds below the payment", func(t *testing.T) {
		e.approve(p.user, p.consumerWallet, e.dep.ExampleConsumer, token, units(100))
		id := e.requestPaid(p.user, token, units(11), p.consumerWallet, common.Address{}, false)
		e.wantRevert(n, e.dep.Coordinator, deliverPaid(id, nil, nil, p.nodeWl),
			&walletabi.WalletInsufficientFunds{Token: token, Available: units(10), Required: units(11)})
	})
	t.Run("node wallet not from the factory", func(t *testing.T) {
		id := e.requestPaid(p.user, token, units(1), p.consumerWallet, common.Address{}, false)
		for _, w := range []common.Address{{}, n, e.dep.ExampleConsumer} {
			e.wantRevert(n, e.dep.Coordinator, deliverPaid(id, nil, nil, w), &coordinatorabi.CoordinatorInvalidWallet{Wallet: w})
		}
		// Still deliverable with the right wallet.
		e.wantOK(n, e.dep.Coordinator, deliverPaid(id, nil, nil, p.nodeWl))
	})
	t.Run("consumer wallet not from the factory", func(t *testing.T) {
		e.wantRevert(addrOf(p.user), e.dep.ExampleConsumer,
			exampleABI.PackRequestPaid("echo", nil, 1, token, units(1), n, common.Address{}, false),
			&coordinatorabi.CoordinatorInvalidWallet{Wallet: n})
	})
}

type verifierEnv struct {
	*env
	payParties
	token, verifier, verifierWallet common.Address
}

// newVerifierEnv: consumer wallet with 10 units allowed, node wallet with
// 10 units of collateral allowed to the node, a TestVerifier (fee 1 unit).
func newVerifierEnv(t *testing.T, atomic bool, tokenKind string) *verifierEnv {
	v := newVerifierParties(newEnv(t), tokenKind)
	v.verifier = v.deploy(contracts.TestVerifierName, verifierABI.PackConstructor(v.dep.Coordinator, atomic, v.verifierWallet))
	v.send(v.deployer, v.verifier, verifierABI.PackSetToken(v.token, true, units(1)))
	return v
}

// newVerifierParties: the parties of newVerifierEnv, without the verifier.
func newVerifierParties(e *env, tokenKind string) *verifierEnv {
	v := &verifierEnv{env: e}
	if tokenKind == "erc20" {
		v.token = e.deploy(contracts.TestTokenName, nil)
	}
	v.payParties = e.parties(v.token, units(10), units(10))
	e.fund(v.nodeWl, v.token, units(10))
	e.approve(v.node, v.nodeWl, addrOf(v.node), v.token, units(10))
	v.verifierWallet = e.newWallet(e.nodes[3])
	return v
}

func (v *verifierEnv) balances() [3]*big.Int {
	return [3]*big.Int{v.balance(v.consumerWallet, v.token), v.balance(v.nodeWl, v.token), v.balance(v.verifierWallet, v.token)}
}

func TestVerifiedDeliveryAtomic(t *testing.T) {
	for _, kind := range []string{"native", "erc20"} {
		t.Run(kind+"/valid proof pays the node", func(t *testing.T) {
			v := newVerifierEnv(t, true, kind)
			id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
			rcpt := v.send(v.node, v.dep.Coordinator, deliverPaid(id, []byte("out"), validProof, v.nodeWl))
			// consumer -4, node +3 (payment less the verifier's fee), verifier +1
			require.Equal(t, [3]*big.Int{units(6), units(13), units(1)}, v.balances())
			require.Zero(t, v.locked(v.consumerWallet, v.token).Sign())
			require.Zero(t, v.locked(v.nodeWl, v.token).Sign())
			require.Equal(t, units(10), v.allowance(v.nodeWl, addrOf(v.node), v.token), "collateral allowance given back")
			var verified *coordinatorabi.CoordinatorProofVerified
			for _, l := range rcpt.Logs {
				if ev, err := coordABI.UnpackProofVerifiedEvent(l); err == nil {
					verified = ev
				}
			}
			require.NotNil(t, verified)
			require.True(t, verified.Valid)
			require.True(t, verified.Active)
			require.Equal(t, v.verifier, verified.Verifier)
		})
		t.Run(kind+"/invalid proof slashes the collateral to the consumer", func(t *testing.T) {
			v := newVerifierEnv(t, true, kind)
			id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
			v.send(v.node, v.dep.Coordinator, deliverPaid(id, []byte("out"), []byte("forged"), v.nodeWl))
			// consumer: -1 fee, escrow returned, +4 slashed; node: -4; verifier +1
			require.Equal(t, [3]*big.Int{units(13), units(6), units(1)}, v.balances())
			require.Zero(t, v.locked(v.consumerWallet, v.token).Sign())
			require.Zero(t, v.locked(v.nodeWl, v.token).Sign())
			require.Equal(t, units(6), v.allowance(v.nodeWl, addrOf(v.node), v.token), "slashed collateral used the allowance")
			require.Equal(t, units(9), v.allowance(v.consumerWallet, v.dep.ExampleConsumer, v.token), "escrow allowance given back, fee spent")
		})
	}
}

func TestVerifiedDeliveryOptimistic(t *testing.T) {
	v := newVerifierEnv(t, false, "erc20")
	n := addrOf(v.node)
	id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
	v.send(v.node, v.dep.Coordinator, deliverPaid(id, []byte("out"), validProof, v.nodeWl))
	// Pending: the fee is paid, 3 escrowed, 4 of collateral locked.
	require.Equal(t, [3]*big.Int{units(9), units(10), units(1)}, v.balances())
	require.Equal(t, units(3), v.locked(v.consumerWallet, v.token))
	require.Equal(t, units(4), v.locked(v.nodeWl, v.token))
	req := viewCall(v.env, v.dep.Coordinator, coordABI.PackProofRequest(id, 1, n), coordABI.UnpackProofRequest)
	require.Equal(t, v.nodeWl, req.NodeWallet)
	require.Equal(t, units(3), req.Escrow)
	// Locked collateral cannot be withdrawn meanwhile.
	v.wantRevert(n, v.nodeWl, walletABI.PackWithdraw(v.token, units(7)),
		&walletabi.WalletInsufficientFunds{Token: v.token, Available: units(6), Required: units(7)})

	// Only the verifier may finalize while the window is open.
	v.wantRevert(n, v.dep.Coordinator, coordABI.PackFinalizeProofVerification(id, 1, n, true), &coordinatorabi.CoordinatorUnauthorizedVerifier{Caller: n})
	v.send(v.deployer, v.verifier, verifierABI.PackFinalize(id, 1, n, true))
	require.Equal(t, [3]*big.Int{units(6), units(13), units(1)}, v.balances())
	require.Zero(t, v.locked(v.consumerWallet, v.token).Sign())
	require.Zero(t, v.locked(v.nodeWl, v.token).Sign())
	// Finalized once.
	v.wantRevert(v.verifier, v.dep.Coordinator, coordABI.PackFinalizeProofVerification(id, 1, n, false),
		&coordinatorabi.CoordinatorProofRequestNotFound{SubscriptionId: id, Interval: 1, Node: n})

	t.Run("after the window the node is paid and may finalize itself", func(t *testing.T) {
		id := v.requestPaid(v.user, v.token, units(2), v.consumerWallet, v.verifier, false)
		v.send(v.node, v.dep.Coordinator, deliverPaid(id, nil, []byte("forged"), v.nodeWl))
		req := viewCall(v.env, v.dep.Coordinator, coordABI.PackProofRequest(id, 1, n), coordABI.UnpackProofRequest)
		v.advanceTo(uint64(req.Expiry) + 1) // the latest block (what estimation sees) is at expiry
		v.send(v.node, v.dep.Coordinator, coordABI.PackFinalizeProofVerification(id, 1, n, false))
		// consumer -2 (fee 1 + payment 1), node +1
		require.Equal(t, [3]*big.Int{units(4), units(14), units(2)}, v.balances())
	})
}

func TestVerifiedDeliveryReverts(t *testing.T) {
	v := newVerifierEnv(t, true, "erc20")
	n := addrOf(v.node)
	t.Run("verifier does not take the token", func(t *testing.T) {
		v.send(v.deployer, v.verifier, verifierABI.PackSetToken(v.token, false, units(1)))
		id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
		v.wantRevert(n, v.dep.Coordinator, deliverPaid(id, nil, validProof, v.nodeWl),
			&coordinatorabi.CoordinatorUnsupportedVerifierToken{Verifier: v.verifier, Token: v.token})
		v.send(v.deployer, v.verifier, verifierABI.PackSetToken(v.token, true, units(5)))
		v.wantRevert(n, v.dep.Coordinator, deliverPaid(id, nil, validProof, v.nodeWl),
			&coordinatorabi.CoordinatorVerifierFeeTooHigh{Fee: units(5), PaymentAmount: units(4)})
		v.send(v.deployer, v.verifier, verifierABI.PackSetToken(v.token, true, units(1)))
	})
	t.Run("node without collateral allowance", func(t *testing.T) {
		v.approve(v.node, v.nodeWl, n, v.token, units(3))
		id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, false)
		v.wantRevert(n, v.dep.Coordinator, deliverPaid(id, nil, validProof, v.nodeWl),
			&walletabi.WalletInsufficientAllowance{Spender: n, Token: v.token, Allowance: units(3), Required: units(4)})
	})
}

func TestLazyDelivery(t *testing.T) {
	e := newEnv(t)
	node := e.nodes[1]
	id := e.requestPaid(e.nodes[0], native, new(big.Int), common.Address{}, common.Address{}, true)
	tid := taskIDFor(e, id, 1)
	e.send(node, e.dep.Coordinator, deliverPaid(id, []byte("a large output"), []byte("its proof"), common.Address{}))
	got := viewCall(e, e.dep.Coordinator, coordABI.PackInbox(tid, addrOf(node)), coordABI.UnpackInbox)
	require.Equal(t, []byte("a large output"), got.Output)
	require.Equal(t, []byte("its proof"), got.Proof)
	// The callback got the task id and empty bytes.
	res := viewCall(e, e.dep.ExampleConsumer, exampleABI.PackResults(tid), exampleABI.UnpackResults)
	require.Empty(t, res.Output)
	require.Empty(t, res.Proof)
	require.Equal(t, big.NewInt(1), viewCall(e, e.dep.ExampleConsumer, exampleABI.PackDeliveries(), exampleABI.UnpackDeliveries))
	// Another node's inbox slot is empty.
	other := viewCall(e, e.dep.Coordinator, coordABI.PackInbox(tid, addrOf(e.nodes[2])), coordABI.UnpackInbox)
	require.Empty(t, other.Output)

	t.Run("lazy, paid and verified together", func(t *testing.T) {
		v := newVerifierEnv(t, true, "native")
		id := v.requestPaid(v.user, v.token, units(4), v.consumerWallet, v.verifier, true)
		v.send(v.node, v.dep.Coordinator, deliverPaid(id, []byte("out"), validProof, v.nodeWl))
		require.Equal(t, [3]*big.Int{units(6), units(13), units(1)}, v.balances())
		got := viewCall(v.env, v.dep.Coordinator, coordABI.PackInbox(taskIDFor(v.env, id, 1), addrOf(v.node)), coordABI.UnpackInbox)
		require.Equal(t, []byte("out"), got.Output)
		require.Equal(t, validProof, got.Proof)
	})
}

// TestPaymentReentrancy: a token whose transfer calls back into the
// Coordinator cannot deliver twice or finalize inside a payment.
func TestPaymentReentrancy(t *testing.T) {
	e := newEnv(t)
	token := e.deploy(contracts.TestTokenName, nil)
	p := e.parties(token, units(10), units(10))
	id := e.requestPaid(p.user, token, units(1), p.consumerWallet, common.Address{}, false)
	id2 := e.requestPaid(p.user, token, units(1), p.consumerWallet, common.Address{}, false)
	for _, hook := range []struct {
		name string
		data []byte
		want any
	}{
		{"deliver again", coordABI.PackDeliverCompute(id2, 1, nil, nil, nil, p.nodeWl), &coordinatorabi.CoordinatorReentrancyGuardReentrantCall{}},
		{"finalize", coordABI.PackFinalizeProofVerification(id, 1, addrOf(p.node), true), &coordinatorabi.CoordinatorProofRequestNotFound{SubscriptionId: id, Interval: 1, Node: addrOf(p.node)}},
		{"move funds from the wallet", walletABI.PackCTransfer(e.dep.ExampleConsumer, token, addrOf(p.node), units(1)), &walletabi.WalletNotCoordinator{Caller: token}},
	} {
		t.Run(hook.name, func(t *testing.T) {
			target := e.dep.Coordinator
			if hook.name == "move funds from the wallet" {
				target = p.consumerWallet
			}
			e.send(e.deployer, token, tokenABI.PackSetHook(target, hook.data))
			cur := id
			if hook.name != "deliver again" {
				cur = e.requestPaid(p.user, token, units(1), p.consumerWallet, common.Address{}, false)
			}
			before := e.balance(p.nodeWl, token)
			e.send(p.node, e.dep.Coordinator, deliverPaid(cur, nil, nil, p.nodeWl))
			require.True(t, viewCall(e, token, tokenABI.PackHookFailed(), tokenABI.UnpackHookFailed), "the re-entry must fail")
			reason := viewCall(e, token, tokenABI.PackHookReason(), tokenABI.UnpackHookReason)
			got, err := coordABI.UnpackError(reason)
			if err != nil || got == nil {
				got, err = walletABI.UnpackError(reason)
			}
			require.NoError(t, err)
			require.Equal(t, hook.want, got)
			require.Equal(t, new(big.Int).Add(before, units(1)), e.balance(p.nodeWl, token), "paid exactly once")
		})
	}
	require.False(t, viewCall(e, e.dep.Coordinator, coordABI.PackNodeResponded(id2, 1, addrOf(p.node)), coordABI.UnpackNodeResponded))
}
