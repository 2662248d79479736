package infernetv1_test

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/binary"
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/internal/testabi/inetv1testabi"
	"github.com/infernode/infernode/internal/testabi/testtokenabi"
	"github.com/infernode/infernode/internal/testabi/testverifierabi"
)

var (
	cbABI       = inetv1testabi.NewInfernetTestCallbackConsumer()
	subABI      = inetv1testabi.NewInfernetTestSubscriptionConsumer()
	delABI      = inetv1testabi.NewInfernetTestDelegatedConsumer()
	exampleABI  = inetv1exampleabi.NewInfernetExampleConsumer()
	tokenABI    = testtokenabi.NewTestToken()
	verifierABI = testverifierabi.NewTestVerifier()
	noAddr      = common.Address{}
	// zero as the ABI decoder makes it (a non-nil empty nat), so structs
	// holding it compare equal with require.Equal.
	zero = new(big.Int).SetBytes([]byte{0})
)

// Roles: users[0] owns the consumers and their wallets, users[1] and
// users[2] are nodes, users[3] is a delegated-subscription signer.
func (e *env) owner() *ecdsa.PrivateKey     { return e.users[0] }
func (e *env) node(i int) *ecdsa.PrivateKey { return e.users[1+i] }
func (e *env) signer() *ecdsa.PrivateKey    { return e.users[3] }
func (e *env) deployArtifact(name string, args []byte) common.Address {
	e.t.Helper()
	art, err := contracts.LoadArtifact(name)
	require.NoError(e.t, err)
	return e.deploy(e.owner(), art.Bytecode, args)
}

// createWallet makes a WalletFactory Wallet owned by owner.
func (e *env) createWallet(owner common.Address) common.Address {
	e.t.Helper()
	rcpt := e.send(e.owner(), e.sdk.WalletFactory, factoryABI.PackCreateWallet(owner))
	for _, l := range rcpt.Logs {
		if ev, err := factoryABI.UnpackWalletCreatedEvent(l); err == nil {
			require.Equal(e.t, owner, ev.Owner)
			require.True(e.t, view(e, e.sdk.WalletFactory, factoryABI.PackIsValidWallet(ev.Wallet), factoryABI.UnpackIsValidWallet))
			return ev.Wallet
		}
	}
	e.t.Fatal("no WalletCreated event")
	return common.Address{}
}

// fund puts amount of token (zero: native coin) into a wallet.
func (e *env) fund(token, wallet common.Address, amount *big.Int) {
	e.t.Helper()
	if token == noAddr {
		e.sendValue(e.owner(), wallet, amount)
		return
	}
	e.send(e.owner(), token, tokenABI.PackMint(wallet, amount))
}

func (e *env) balance(token, who common.Address) *big.Int {
	e.t.Helper()
	if token == noAddr {
		b, err := e.client.BalanceAt(e.ctx, who, nil)
		require.NoError(e.t, err)
		return b
	}
	return view(e, token, tokenABI.PackBalanceOf(who), tokenABI.UnpackBalanceOf)
}

func (e *env) deliveries(consumer common.Address) []inetv1testabi.InfernetTestRecorderDelivery {
	e.t.Helper()
	n := view(e, consumer, cbABI.PackDeliveryCount(), cbABI.UnpackDeliveryCount)
	out := make([]inetv1testabi.InfernetTestRecorderDelivery, n.Int64())
	for i := range out {
		out[i] = view(e, consumer, cbABI.PackDelivery(big.NewInt(int64(i))), cbABI.UnpackDelivery)
	}
	return out
}

// created returns the id in a receipt's SubscriptionCreated event.
func (e *env) created(rcpt *types.Receipt) uint32 {
	e.t.Helper()
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			return ev.Id
		}
	}
	e.t.Fatal("no SubscriptionCreated event")
	return 0
}

// inputs is what a node does first: read the consumer's input for the interval.
func (e *env) inputs(node *ecdsa.PrivateKey, id, interval uint32) []byte {
	e.t.Helper()
	sub := view(e, e.sdk.Coordinator, coordABI.PackGetSubscription(id), coordABI.UnpackGetSubscription)
	return view(e, sub.Owner, cbABI.PackGetContainerInputs(id, interval, uint32(e.now()), addrOf(node)), cbABI.UnpackGetContainerInputs)
}

func deliver(id, interval uint32, input, output, proof []byte, nodeWallet common.Address) []byte {
	return coordABI.PackDeliverCompute(id, interval, input, output, proof, nodeWallet)
}

// eqAmount compares amounts by value.
func eqAmount(t testing.TB, want, got *big.Int) {
	t.Helper()
	require.Equal(t, want.String(), got.String())
}

func withInterval(input []byte, interval uint32) []byte {
	return binary.BigEndian.AppendUint32(bytes.Clone(input), interval)
}

func TestCallbackConsumerFlow(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetTestCallbackConsumerName, cbABI.PackConstructor(e.sdk.Registry))
	id := e.created(e.send(e.owner(), consumer, cbABI.PackRequest("echo", []byte("hello"), 1, noAddr, zero, noAddr, noAddr, false)))
	require.Equal(t, uint32(1), id)

	// The node reads new subscriptions through the Reader, in batch.
	subs := view(e, e.sdk.Reader, readerABI.PackReadSubscriptionBatch(1, 2), readerABI.UnpackReadSubscriptionBatch)
	require.Len(t, subs, 1)
	require.Equal(t, inetv1abi.Subscription{
		Owner: consumer, ActiveAt: uint32(e.now()), Period: 0, Frequency: 1, Redundancy: 1,
		ContainerId: v1dialect.ContainerID("echo"), PaymentAmount: zero,
	}, subs[0])

	node := e.node(0)
	input := e.inputs(node, id, 1)
	require.Equal(t, []byte("hello"), input)
	e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 2, input, []byte("out"), nil, noAddr), "IntervalMismatch")
	e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(99, 1, input, []byte("out"), nil, noAddr), "SubscriptionNotFound")

	rcpt := e.send(node, e.sdk.Coordinator, deliver(id, 1, input, []byte("out"), []byte("pf"), noAddr))
	fulfilled := false
	for _, l := range rcpt.Logs {
		if ev, err := coordABI.UnpackSubscriptionFulfilledEvent(l); err == nil {
			fulfilled = ev.Id == id && ev.Node == addrOf(node)
		}
	}
	require.True(t, fulfilled, "SubscriptionFulfilled(id, node)")
	require.Equal(t, []inetv1testabi.InfernetTestRecorderDelivery{{
		SubscriptionId: id, Interval: 1, Redundancy: 1, Node: addrOf(node),
		Input: []byte("hello"), Output: []byte("out"), Proof: []byte("pf"), Index: zero,
	}}, e.deliveries(consumer))

	// Exactly once: the same node again, and a second node past redundancy 1.
	e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 1, input, []byte("out"), nil, noAddr), "IntervalCompleted")
	e.wantRevert(addrOf(e.node(1)), e.sdk.Coordinator, deliver(id, 1, input, []byte("out"), nil, noAddr), "IntervalCompleted")
	counts := view(e, e.sdk.Reader, readerABI.PackReadRedundancyCountBatch([]uint32{id, id}, []uint32{1, 2}), readerABI.UnpackReadRedundancyCountBatch)
	require.Equal(t, []uint16{1, 0}, counts)

	// A consumer whose callback reverts fails the delivery.
	id2 := e.created(e.send(e.owner(), consumer, cbABI.PackRequest("echo", []byte("x"), 1, noAddr, zero, noAddr, noAddr, false)))
	e.send(e.owner(), consumer, cbABI.PackSetFailCallbacks(true))
	_, err := e.call(addrOf(node), e.sdk.Coordinator, deliver(id2, 1, []byte("x"), []byte("out"), nil, noAddr))
	var re *coordinator.RevertError
	require.ErrorAs(t, err, &re)
	require.Equal(t, [4]byte(crypto.Keccak256([]byte("CallbackFailed()"))[:4]), re.Selector)
}

func TestSubscriptionRecurringRedundant(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetTestSubscriptionConsumerName, subABI.PackConstructor(e.sdk.Registry))
	id := e.created(e.send(e.owner(), consumer, subABI.PackSubscribe("echo,upper", []byte("in-"), 2, 10, 2, false, noAddr, zero, noAddr, noAddr)))
	sub := view(e, e.sdk.Coordinator, coordABI.PackGetSubscription(id), coordABI.UnpackGetSubscription)
	require.Equal(t, uint32(e.now())+10, sub.ActiveAt, "the first interval starts one period after creation")
	require.Equal(t, [32]byte(v1dialect.ContainerID("echo", "upper")), sub.ContainerId)

	n0, n1, n2 := e.node(0), e.node(1), e.users[4]
	e.wantRevert(addrOf(n0), e.sdk.Coordinator, deliver(id, 1, nil, []byte("o"), nil, noAddr), "SubscriptionNotActive")

	for interval := uint32(1); interval <= 2; interval++ {
		e.at(uint64(sub.ActiveAt) + uint64(interval-1)*10)
		require.Equal(t, interval, view(e, e.sdk.Coordinator, coordABI.PackGetSubscriptionInterval(sub.ActiveAt, sub.Period), coordABI.UnpackGetSubscriptionInterval))
		input := e.inputs(n0, id, interval)
		require.Equal(t, withInterval([]byte("in-"), interval), input)
		e.send(n0, e.sdk.Coordinator, deliver(id, interval, input, []byte("a"), nil, noAddr))
		e.wantRevert(addrOf(n0), e.sdk.Coordinator, deliver(id, interval, input, []byte("a"), nil, noAddr), "NodeRespondedAlready")
		e.send(n1, e.sdk.Coordinator, deliver(id, interval, input, []byte("b"), nil, noAddr))
		e.wantRevert(addrOf(n2), e.sdk.Coordinator, deliver(id, interval, input, []byte("c"), nil, noAddr), "IntervalCompleted")
	}
	got := e.deliveries(consumer)
	require.Len(t, got, 4)
	for i, d := range got {
		require.Equal(t, uint32(i/2+1), d.Interval)
		require.Equal(t, uint16(i%2+1), d.Redundancy, "the rank of the node in its interval")
	}
	e.at(uint64(sub.ActiveAt) + 20)
	e.wantRevert(addrOf(n0), e.sdk.Coordinator, deliver(id, 3, nil, []byte("a"), nil, noAddr), "SubscriptionCompleted")

	// Cancelling: only the owner, and then nothing is active.
	id2 := e.created(e.send(e.owner(), consumer, subABI.PackSubscribe("echo", nil, 5, 0, 1, false, noAddr, zero, noAddr, noAddr)))
	e.wantRevert(addrOf(n0), e.sdk.Coordinator, coordABI.PackCancelSubscription(id2), "NotSubscriptionOwner")
	e.send(e.owner(), consumer, subABI.PackCancel(id2))
	e.wantRevert(addrOf(n0), e.sdk.Coordinator, deliver(id2, 1, nil, []byte("a"), nil, noAddr), "SubscriptionNotActive")
}

func TestLazyDeliveryLandsInInbox(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetTestCallbackConsumerName, cbABI.PackConstructor(e.sdk.Registry))
	id := e.created(e.send(e.owner(), consumer, cbABI.PackRequest("echo", []byte("big"), 1, noAddr, zero, noAddr, noAddr, true)))
	node := e.node(0)
	rcpt := e.send(node, e.sdk.Coordinator, deliver(id, 1, []byte("big"), []byte("large output"), []byte("pf"), noAddr))
	cid := v1dialect.ContainerID("echo")
	require.Equal(t, []inetv1testabi.InfernetTestRecorderDelivery{{
		SubscriptionId: id, Interval: 1, Redundancy: 1, Node: addrOf(node),
		Input: []byte{}, Output: []byte{}, Proof: []byte{}, ContainerId: cid, Index: zero,
	}}, e.deliveries(consumer))
	found := false
	for _, l := range rcpt.Logs {
		if ev, err := inboxABI.UnpackNewInboxItemEvent(l); err == nil {
			found = ev.ContainerId == cid && ev.Node == addrOf(node) && ev.Index.Sign() == 0
		}
	}
	require.True(t, found, "NewInboxItem(containerId, node, 0)")
	item := view(e, e.sdk.Inbox, inboxABI.PackRead(cid, addrOf(node), zero), inboxABI.UnpackRead)
	require.Equal(t, inetv1abi.InboxItem{
		Timestamp: uint32(e.now()), SubscriptionId: id, Interval: 1,
		Input: []byte("big"), Output: []byte("large output"), Proof: []byte("pf"),
	}, item)
	// Only the Coordinator writes for a subscription.
	e.wantRevert(addrOf(node), e.sdk.Inbox, inboxABI.PackWriteViaCoordinator(cid, addrOf(node), id, 1, nil, nil, nil), "NotCoordinator")
}

// TestPaidDelivery: without a verifier the node's wallet receives the
// payment less the protocol fee, which the Fee contract's recipient gets
// twice (once from each side): amount * 2 * fee / 10000.
func TestPaidDelivery(t *testing.T) {
	for _, tc := range []struct {
		name  string
		token bool
	}{{"native coin", false}, {"ERC-20", true}} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			token := noAddr
			if tc.token {
				token = e.deployArtifact(contracts.TestTokenName, nil)
			}
			consumer := e.deployArtifact(contracts.InfernetTestCallbackConsumerName, cbABI.PackConstructor(e.sdk.Registry))
			node := e.node(0)
			consumerWallet := e.createWallet(addrOf(e.owner()))
			nodeWallet := e.createWallet(addrOf(node))
			amount := big.NewInt(1_000_000)
			e.fund(token, consumerWallet, big.NewInt(3_000_000))

			id := e.created(e.send(e.owner(), consumer, cbABI.PackRequest("echo", []byte("x"), 1, token, amount, consumerWallet, noAddr, false)))
			// Not yet approved: the consumer may not spend from the wallet.
			e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), nil, nodeWallet), "InsufficientAllowance")
			e.send(e.owner(), consumerWallet, walletABI.PackApprove(consumer, token, amount))
			// The node's wallet must be a factory wallet.
			e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), nil, addrOf(node)), "InvalidWallet")

			feeBefore := e.balance(token, e.sdk.FeeRecipient)
			e.send(node, e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), nil, nodeWallet))
			protocol := big.NewInt(1_000_000 * 2 * 500 / 10_000)
			eqAmount(t, new(big.Int).Sub(amount, protocol), e.balance(token, nodeWallet))
			eqAmount(t, big.NewInt(2_000_000), e.balance(token, consumerWallet))
			eqAmount(t, new(big.Int).Add(feeBefore, protocol), e.balance(token, e.sdk.FeeRecipient))
			require.Equal(t, zero, view(e, consumerWallet, walletABI.PackAllowance(consumer, token), walletABI.UnpackAllowance))

			// The node withdraws its earnings; nobody else can.
			e.wantRevert(addrOf(e.owner()), nodeWallet, walletABI.PackWithdraw(token, big.NewInt(1)), "Unauthorized")
			e.send(node, nodeWallet, walletABI.PackWithdraw(token, big.NewInt(900_000)))
			eqAmount(t, zero, e.balance(token, nodeWallet))
			e.wantRevert(addrOf(node), nodeWallet, walletABI.PackWithdraw(token, big.NewInt(1)), "InsufficientFunds")
		})
	}
}

// TestVerifiedDelivery: with a verifier the node locks the payment amount
// as collateral, the consumer's payment (less protocol and verifier fees)
// is escrowed, and the verifier's verdict pays the node or slashes it.
func TestVerifiedDelivery(t *testing.T) {
	const amount, verifierFee = 1_000_000, 100_000
	protocol := int64(amount*2*500/10_000 + verifierFee*500/10_000)
	escrowed := int64(amount - amount*2*500/10_000 - verifierFee)
	for _, tc := range []struct {
		name      string
		atomic    bool
		valid     bool
		nodeDelta int64 // node wallet balance change
	}{
		{"atomic valid", true, true, escrowed},
		{"atomic invalid", true, false, -amount},
		{"optimistic valid", false, true, escrowed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			token := e.deployArtifact(contracts.TestTokenName, nil)
			verifierWallet := e.createWallet(addrOf(e.users[4]))
			// Our own TestVerifier serves the SDK Coordinator: the SDK's
			// IVerifier and finalizeProofVerification have the same selectors.
			verifier := e.deployArtifact(contracts.TestVerifierName, verifierABI.PackConstructor(e.sdk.Coordinator, tc.atomic, verifierWallet))
			consumer := e.deployArtifact(contracts.InfernetTestCallbackConsumerName, cbABI.PackConstructor(e.sdk.Registry))
			node := e.node(0)
			consumerWallet := e.createWallet(addrOf(e.owner()))
			nodeWallet := e.createWallet(addrOf(node))
			e.fund(token, consumerWallet, big.NewInt(amount))
			e.fund(token, nodeWallet, big.NewInt(amount))
			e.send(e.owner(), consumerWallet, walletABI.PackApprove(consumer, token, big.NewInt(amount)))

			id := e.created(e.send(e.owner(), consumer, cbABI.PackRequest("prove", []byte("x"), 1, token, big.NewInt(amount), consumerWallet, verifier, false)))
			e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), nil, nodeWallet), "UnsupportedVerifierToken")
			e.send(e.owner(), verifier, verifierABI.PackSetToken(token, true, big.NewInt(verifierFee)))
			// The node's collateral: its wallet's owner approves the node's
			// account (the Coordinator locks on behalf of msg.sender).
			e.wantRevert(addrOf(node), e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), nil, nodeWallet), "InsufficientAllowance")
			e.send(node, nodeWallet, walletABI.PackApprove(addrOf(node), token, big.NewInt(amount)))

			proof := crypto.Keccak256([]byte("valid"))
			if !tc.valid {
				proof = []byte("forged")
			}
			feeBefore := e.balance(token, e.sdk.FeeRecipient)
			e.send(node, e.sdk.Coordinator, deliver(id, 1, []byte("x"), []byte("o"), proof, nodeWallet))
			require.Equal(t, big.NewInt(1), view(e, verifier, verifierABI.PackRequests(), verifierABI.UnpackRequests))
			if !tc.atomic {
				key := crypto.Keccak256Hash(common.LeftPadBytes(big.NewInt(int64(id)).Bytes(), 32), common.LeftPadBytes([]byte{1}, 32), common.LeftPadBytes(addrOf(node).Bytes(), 32))
				req := view(e, e.sdk.Coordinator, coordABI.PackProofRequests(key), coordABI.UnpackProofRequests)
				require.Equal(t, nodeWallet, req.NodeWallet)
				require.Equal(t, big.NewInt(escrowed), req.ConsumerEscrowed)
				// While pending, the node's collateral is locked.
				e.wantRevert(addrOf(node), nodeWallet, walletABI.PackWithdraw(token, big.NewInt(1)), "InsufficientFunds")
				e.send(e.owner(), verifier, verifierABI.PackFinalize(id, 1, addrOf(node), tc.valid))
			}
			eqAmount(t, big.NewInt(amount+tc.nodeDelta), e.balance(token, nodeWallet))
			eqAmount(t, big.NewInt(verifierFee-verifierFee*500/10_000), e.balance(token, verifierWallet))
			eqAmount(t, new(big.Int).Add(feeBefore, big.NewInt(protocol)), e.balance(token, e.sdk.FeeRecipient))
			consumerLeft := int64(0)
			if !tc.valid {
				consumerLeft = escrowed + amount // its escrow back, plus the node's collateral
			}
			eqAmount(t, big.NewInt(consumerLeft), e.balance(token, consumerWallet))
			e.wantRevert(addrOf(node), e.sdk.Coordinator, coordABI.PackFinalizeProofVerification(id, 1, addrOf(node), true), "ProofRequestNotFound")
		})
	}
}

// TestDelegatedSubscription drives the delegated flow a node runs for the
// REST delegated-subscription body: deliverComputeDelegatee with a
// signature made in Go.
func TestDelegatedSubscription(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetTestDelegatedConsumerName, delABI.PackConstructor(e.sdk.Registry, addrOf(e.signer())))
	e.send(e.owner(), consumer, delABI.PackSetInput([]byte("d-")))
	domain := v1dialect.Domain{ChainID: big.NewInt(1337), Coordinator: e.sdk.Coordinator}
	ds := v1dialect.DelegateSubscription{
		Nonce:  1,
		Expiry: uint32(e.now() + 100),
		Sub: v1dialect.Subscription{
			Owner: consumer, ActiveAt: uint32(e.now()), Period: 60, Frequency: 3, Redundancy: 1,
			ContainerId: v1dialect.ContainerID("echo"), PaymentAmount: zero,
		},
	}
	sig, err := ds.Sign(domain, e.signer())
	require.NoError(t, err)
	node := e.node(0)
	input := view(e, consumer, delABI.PackGetContainerInputs(0, 1, uint32(e.now()), addrOf(node)), delABI.UnpackGetContainerInputs)
	require.Equal(t, withInterval([]byte("d-"), 1), input)
	rcpt := e.send(node, e.sdk.Coordinator, coordABI.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, 1, input, []byte("o"), nil, noAddr))
	id := e.created(rcpt)
	require.Equal(t, ds.Sub, view(e, e.sdk.Coordinator, coordABI.PackGetSubscription(id), coordABI.UnpackGetSubscription), "stored as signed")
	require.Len(t, e.deliveries(consumer), 1)
	require.Equal(t, uint32(1), view(e, e.sdk.Coordinator, coordABI.PackMaxSubscriberNonce(consumer), coordABI.UnpackMaxSubscriberNonce))
	key := crypto.Keccak256Hash(common.LeftPadBytes(consumer.Bytes(), 32), common.LeftPadBytes([]byte{1}, 32))
	require.Equal(t, key, v1dialect.DelegateKey(consumer, 1))
	require.Equal(t, id, view(e, e.sdk.Coordinator, coordABI.PackDelegateCreatedIds(key), coordABI.UnpackDelegateCreatedIds))

	// Replays return the existing subscription, even after expiry.
	create := coordABI.PackCreateSubscriptionDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S)
	e.at(uint64(ds.Expiry) + 1)
	require.Equal(t, id, view(e, e.sdk.Coordinator, create, coordABI.UnpackCreateSubscriptionDelegatee))
	// The second interval through deliverComputeDelegatee again: no second subscription.
	input = withInterval([]byte("d-"), 2)
	e.send(node, e.sdk.Coordinator, coordABI.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, 2, input, []byte("o2"), nil, noAddr))
	require.Equal(t, id+1, view(e, e.sdk.Coordinator, coordABI.PackId(), coordABI.UnpackId), "no new subscription")
	got := e.deliveries(consumer)
	require.Len(t, got, 2)
	require.Equal(t, uint32(2), got[1].Interval)
	require.Equal(t, input, got[1].Input)

	// A new nonce past its expiry is refused; so is a signer the consumer does not name.
	late := ds
	late.Nonce = 2
	lateSig, err := late.Sign(domain, e.signer())
	require.NoError(t, err)
	e.wantRevert(addrOf(node), e.sdk.Coordinator, coordABI.PackCreateSubscriptionDelegatee(late.Nonce, late.Expiry, late.Sub, lateSig.V, lateSig.R, lateSig.S), "SignatureExpired")
	other := ds
	other.Nonce, other.Expiry = 3, uint32(e.now()+100)
	otherSig, err := other.Sign(domain, e.node(1))
	require.NoError(t, err)
	e.wantRevert(addrOf(node), e.sdk.Coordinator, coordABI.PackCreateSubscriptionDelegatee(other.Nonce, other.Expiry, other.Sub, otherSig.V, otherSig.R, otherSig.S), "SignerMismatch")
	e.send(e.owner(), consumer, delABI.PackSetSigner(addrOf(e.node(1))))
	require.Equal(t, id+1, view(e, e.sdk.Coordinator, coordABI.PackCreateSubscriptionDelegatee(other.Nonce, other.Expiry, other.Sub, otherSig.V, otherSig.R, otherSig.S), coordABI.UnpackCreateSubscriptionDelegatee))
}

func TestExampleConsumer(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetExampleConsumerName, exampleABI.PackConstructor(e.sdk.Registry, addrOf(e.signer())))
	require.Equal(t, addrOf(e.signer()), view(e, consumer, exampleABI.PackGetSigner(), exampleABI.UnpackGetSigner))
	id := e.created(e.send(e.owner(), consumer, exampleABI.PackRequest("hello-world", []byte("Good morning!"), 1)))
	node := e.node(0)
	input := e.inputs(node, id, 1)
	require.Equal(t, []byte("Good morning!"), input)
	rcpt := e.send(node, e.sdk.Coordinator, deliver(id, 1, input, []byte("gm"), []byte("p"), noAddr))
	res := view(e, consumer, exampleABI.PackResults(id), exampleABI.UnpackResults)
	require.Equal(t, inetv1exampleabi.ResultsOutput{Interval: 1, Node: addrOf(node), Input: input, Output: []byte("gm"), Proof: []byte("p")}, res)
	require.Equal(t, big.NewInt(1), view(e, consumer, exampleABI.PackDeliveries(), exampleABI.UnpackDeliveries))
	var ev *inetv1exampleabi.InfernetExampleConsumerResultReceived
	for _, l := range rcpt.Logs {
		if got, err := exampleABI.UnpackResultReceivedEvent(l); err == nil {
			ev = got
		}
	}
	require.NotNil(t, ev)
	require.Equal(t, id, ev.SubscriptionId)
	require.Equal(t, []byte("gm"), ev.Output)
	// Only the Coordinator may call back.
	e.wantRevert(addrOf(node), consumer, exampleABI.PackRawReceiveCompute(id, 1, 1, addrOf(node), nil, nil, nil, [32]byte{}, zero), "NotCoordinator")
}

// TestDelegatedPaidLazyRedundant: a delegated subscription carries payment,
// laziness and redundancy in its signed struct; each node sends the same
// deliverComputeDelegatee (the first creates it, the second finds it) and
// each is paid and gets its own Inbox item.
func TestDelegatedPaidLazyRedundant(t *testing.T) {
	e := newEnv(t)
	consumer := e.deployArtifact(contracts.InfernetTestDelegatedConsumerName, delABI.PackConstructor(e.sdk.Registry, addrOf(e.signer())))
	consumerWallet := e.createWallet(addrOf(e.owner()))
	amount := big.NewInt(50_000)
	e.fund(noAddr, consumerWallet, big.NewInt(100_000))
	e.send(e.owner(), consumerWallet, walletABI.PackApprove(consumer, noAddr, big.NewInt(100_000)))
	ds := v1dialect.DelegateSubscription{
		Nonce:  9,
		Expiry: uint32(e.now() + 100),
		Sub: v1dialect.Subscription{
			Owner: consumer, ActiveAt: uint32(e.now()), Period: 0, Frequency: 1, Redundancy: 2,
			ContainerId: v1dialect.ContainerID("echo"), Lazy: true,
			PaymentAmount: amount, PaymentToken: noAddr, Wallet: consumerWallet,
		},
	}
	sig, err := ds.Sign(v1dialect.Domain{ChainID: big.NewInt(1337), Coordinator: e.sdk.Coordinator}, e.signer())
	require.NoError(t, err)
	cid := v1dialect.ContainerID("echo")
	for i := 0; i < 2; i++ {
		node := e.node(i)
		nodeWallet := e.createWallet(addrOf(node))
		out := []byte{byte('a' + i)}
		e.send(node, e.sdk.Coordinator, coordABI.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, 1, []byte("in"), out, nil, nodeWallet))
		eqAmount(t, big.NewInt(50_000-50_000*2*500/10_000), e.balance(noAddr, nodeWallet))
		item := view(e, e.sdk.Inbox, inboxABI.PackRead(cid, addrOf(node), zero), inboxABI.UnpackRead)
		require.Equal(t, out, item.Output)
		require.Equal(t, uint32(1), item.SubscriptionId)
	}
	eqAmount(t, zero, e.balance(noAddr, consumerWallet))
	got := e.deliveries(consumer)
	require.Len(t, got, 2)
	require.Equal(t, uint16(2), got[1].Redundancy)
	require.Equal(t, cid, common.Hash(got[1].ContainerId))
	require.Empty(t, got[1].Output, "lazy: the output is in the Inbox")
	e.wantRevert(addrOf(e.users[4]), e.sdk.Coordinator, coordABI.PackDeliverComputeDelegatee(ds.Nonce, ds.Expiry, ds.Sub, sig.V, sig.R, sig.S, 1, nil, nil, nil, noAddr), "IntervalCompleted")
}
