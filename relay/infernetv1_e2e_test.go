package relay

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"math/big"
	"os/exec"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/contracts/infernetv1"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/testabi/inetv1testabi"
	"github.com/infernode/infernode/internal/testabi/testverifierabi"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
)

// startInetAnvil starts anvil mining each transaction as it arrives (time
// moves only when the test advances it), deploys our contracts (the echo
// harness) and the SDK at the known addresses.
func startInetAnvil(t *testing.T, feeBps uint16) (*harness, v1dialect.Addresses, *testnet.Anvil) {
	t.Helper()
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{Accounts: 6})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	keys := a.FundedKeys()
	h := newChainHarness(t, dialChain(t, a.RPCURL()), keys)
	addrs := h.deployInetV1(keys[2], feeBps) // anvil's third account, nonce 0
	require.Equal(t, infernetv1.AnvilRegistry, addrs.Registry, "the SDK lands at the addresses local Infernet setups use")
	require.Equal(t, infernetv1.AnvilCoordinator, addrs.Coordinator)
	return h, addrs, a
}

// TestInfernetV1Anvil serves SDK v1 subscriptions with two nodes on anvil:
// one-shot and recurring with redundancy 2 (each node delivers each
// interval exactly once), lazy (through the Inbox), a pipeline the nodes do
// not serve, and a paid subscription only the node accepting payments
// serves, paid into its WalletFactory wallet minus the protocol fee. Time
// moves only when the test mines a block after the deliveries it waits for.
func TestInfernetV1Anvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	h, addrs, _ := startInetAnvil(t, 500) // 5% protocol fee
	ctx := context.Background()
	owner := h.keys[0]
	c := h.deployInetConsumer(owner, addrs.Registry)
	n1addr, n2addr := crypto.PubkeyToAddress(h.keys[3].PublicKey), crypto.PubkeyToAddress(h.keys[4].PublicKey)
	payee := crypto.PubkeyToAddress(h.keys[5].PublicKey)

	// Wallets: the consumer's (owned by its EOA, the consumer contract as
	// spender) and the paid node's payment wallet.
	newWallet := func(of common.Address) common.Address { return h.inetWallet(owner, addrs, of) }
	price := big.NewInt(1e15)
	consumerWallet := newWallet(crypto.PubkeyToAddress(owner.PublicKey))
	h.send(owner, &consumerWallet, new(big.Int).Mul(price, big.NewInt(10)), nil)
	h.transact(owner, consumerWallet, v1dialect.New(addrs, v1dialect.Options{}).PackApprove(c.addr, common.Address{}, new(big.Int).Mul(price, big.NewInt(10))))
	nodeWallet := newWallet(payee)

	policy, err := payments.NewPolicy([]payments.Accepted{{Container: "echo", Payments: map[string]string{"0x0000000000000000000000000000000000000000": price.String()}}}, nil)
	require.NoError(t, err)
	// Nodes 1 and 2 serve unpaid subscriptions; node 3 only paid ones.
	n1 := h.startInetNode(3, t.TempDir(), addrs, nil)
	n2 := h.startInetNode(4, t.TempDir(), addrs, nil)
	n3 := h.startInetNode(5, t.TempDir(), addrs, func(o *Options) { o.Payments, o.PaymentWallet = policy, nodeWallet })

	// 1. One-shot, redundancy 2: each node once.
	oneShot := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 1, redundancy: 2})
	// 2. Recurring every 60 s, 3 intervals, redundancy 2 (the SDK makes
	// it active one period after creation).
	recurring := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 3, period: 60, redundancy: 2})
	// 3. Lazy one-shot: the output goes to the Inbox.
	lazy := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 1, redundancy: 1, lazy: true})
	// 4. A pipeline neither node serves.
	other := h.inetSubscribe(owner, c, inetSub{containers: "other", frequency: 1, redundancy: 2})
	// 5. Paid, redundancy 2: only node 3 accepts payments.
	paid := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 1, redundancy: 2, amount: price, wallet: consumerWallet})

	for _, n := range []common.Address{n1addr, n2addr} {
		h.eventually(func() bool { return h.inetCount(c, oneShot, 1, n) == 1 }, "one-shot delivered by each node")
	}
	h.eventually(func() bool { return h.inetCount(c, lazy, 1, n1addr)+h.inetCount(c, lazy, 1, n2addr) == 1 }, "lazy delivered once")
	h.eventually(func() bool { return h.inetCount(c, paid, 1, payee) == 1 }, "paid delivered by the node that accepts payments")

	// The lazy output is in the Inbox, under the SDK containerId hash.
	inbox := inetv1abi.NewInbox()
	lazyNode := n1addr
	if h.inetCount(c, lazy, 1, n2addr) == 1 {
		lazyNode = n2addr
	}
	item, err := inbox.UnpackRead(h.call(addrs.Inbox, inbox.PackRead(v1dialect.ContainerID("echo"), lazyNode, big.NewInt(0))))
	require.NoError(t, err)
	require.Equal(t, lazy, item.SubscriptionId)
	require.NotEmpty(t, item.Output)

	// Node 3 was paid the price minus the SDK's protocol fee, which it
	// takes twice (the consumer's share and the node's): 2 x 5%.
	bal, err := h.client.BalanceAt(ctx, nodeWallet, nil)
	require.NoError(t, err)
	require.Equal(t, new(big.Int).Sub(price, new(big.Int).Div(new(big.Int).Mul(price, big.NewInt(2*500)), big.NewInt(10000))), bal)

	// The recurring subscription's three intervals, then past its end.
	for k := uint32(1); k <= 3; k++ {
		h.advance(60)
		for _, n := range []common.Address{n1addr, n2addr} {
			h.eventually(func() bool { return h.inetCount(c, recurring, k, n) == 1 }, "recurring interval delivered by each node")
		}
	}
	h.advance(60)
	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	for _, n := range []*node{n1, n2, n3} {
		h.eventually(func() bool { return n.r.Settled(head.Number.Uint64()) }, "nodes settled on the last block")
	}

	// Exactly once per interval per node, nothing for the unserved pipeline
	// and nothing from node 2 for the paid subscription.
	for _, n := range []common.Address{n1addr, n2addr} {
		require.Equal(t, uint64(1), h.inetCount(c, oneShot, 1, n))
		for k := uint32(1); k <= 3; k++ {
			require.Equal(t, uint64(1), h.inetCount(c, recurring, k, n))
		}
		require.Zero(t, h.inetCount(c, other, 1, n))
	}
	require.Zero(t, h.inetCount(c, paid, 1, n1addr)+h.inetCount(c, paid, 1, n2addr))
	require.Zero(t, h.inetCount(c, oneShot, 1, payee)+h.inetCount(c, recurring, 1, payee))
	require.Equal(t, uint64(2+6+1+1), h.inetDeliveries(c))
	for _, tc := range []struct {
		n  *node
		id uint32
	}{{n1, paid}, {n2, paid}, {n3, oneShot}, {n1, other}} {
		_, tracked, err := tc.n.r.store.sub(tc.id)
		require.NoError(t, err)
		require.False(t, tracked, "subscription %d: not tracked by a node that does not serve it", tc.id)
	}
}

// TestInfernetV1KillBetweenSendAndConfirm kills the node (SIGKILL) while
// the delivery of a recurring SDK subscription's first interval is sent
// and not mined; the restarted node delivers it exactly once, then the
// second interval exactly once, and its nonce journal accounts for every
// transaction.
func TestInfernetV1KillBetweenSendAndConfirm(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and node processes")
	}
	h, addrs, a := startInetAnvil(t, 0)
	ctx := context.Background()
	client := h.client.(*ethclient.Client)
	rpc := client.Client()
	owner, nodeKey := h.keys[0], h.keys[3]
	node := crypto.PubkeyToAddress(nodeKey.PublicKey)
	c := h.deployInetConsumer(owner, addrs.Registry)
	dir := t.TempDir()
	head, err := client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)

	var logs bytes.Buffer
	startChild := func() *exec.Cmd {
		return startChildNode(t, &logs, "CHILD_RPC="+a.RPCURL(), "CHILD_DIR="+dir,
			"CHILD_KEY="+hex.EncodeToString(crypto.FromECDSA(nodeKey)), "CHILD_REGISTRY="+addrs.Registry.Hex(),
			"CHILD_START="+head.Number.String())
	}
	child := startChild()
	t.Cleanup(func() { killChild(child) })
	id := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 2, period: 60, redundancy: 1})

	// Interval 1 opens in a block mined by hand; the delivery stays pending.
	require.NoError(t, rpc.CallContext(ctx, nil, "evm_setAutomine", false))
	h.advance(60)
	child = killWhileSent(t, client, node, &logs, child, startChild)
	h.eventually(func() bool { return h.inetCount(c, id, 1, node) == 1 }, "interval 1 delivered after restart")
	h.advance(60)
	h.eventually(func() bool { return h.inetCount(c, id, 2, node) == 1 }, "interval 2 delivered")
	killChild(child)
	requireJournalComplete(t, client, dir, nodeKey)
	require.Equal(t, uint64(1), h.inetCount(c, id, 1, node), "never twice")
	require.Equal(t, uint64(2), h.inetDeliveries(c))
}

// TestInfernetV1Delegated posts the reference node's delegated
// subscription body (signed over the SDK's EIP-712 types) to a node in the
// SDK dialect: it is verified, created and its first interval delivered
// with deliverComputeDelegatee; the second interval goes through
// deliverCompute with inputs from getContainerInputs; a replay creates
// nothing; a body naming a pipeline the node does not serve is refused.
func TestInfernetV1Delegated(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	h, addrs, _ := startInetAnvil(t, 0)
	ctx := context.Background()
	owner, signer := h.keys[0], h.keys[1]
	art, err := contracts.LoadArtifact(contracts.InfernetTestDelegatedConsumerName)
	require.NoError(t, err)
	c := &inetConsumer{abi: inetv1testabi.NewInfernetTestSubscriptionConsumer()}
	c.addr = h.deploy(owner, append(append([]byte(nil), art.Bytecode...),
		inetv1testabi.NewInfernetTestDelegatedConsumer().PackConstructor(addrs.Registry, crypto.PubkeyToAddress(signer.PublicKey))...))
	n := h.startInetNode(3, t.TempDir(), addrs, nil)
	nodeAddr := crypto.PubkeyToAddress(h.keys[3].PublicKey)

	head, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	bodyAt := func(containers string, nonce uint32, activeAt uint64) []byte {
		ds := v1dialect.DelegateSubscription{Nonce: nonce, Expiry: uint32(head.Time + 3600), Sub: inetv1abi.Subscription{
			Owner: c.addr, ActiveAt: uint32(activeAt), Period: 60, Frequency: 2, Redundancy: 1,
			ContainerId: v1dialect.ContainerID(containers), PaymentAmount: new(big.Int),
		}}
		sig, err := ds.Sign(v1dialect.Domain{ChainID: h.chainID, Coordinator: addrs.Coordinator}, signer)
		require.NoError(t, err)
		cid := common.Hash(ds.Sub.ContainerId)
		return []byte(fmt.Sprintf(`{"subscription": {"owner": %q, "active_at": %d, "period": 60, "frequency": 2, "redundancy": 1,
			"containers": %q, "lazy": false, "verifier": %q, "payment_amount": 0, "payment_token": %q, "wallet": %q},
			"signature": {"nonce": %d, "expiry": %d, "v": %d, "r": %q, "s": %q}, "data": {"prompt": "hi"}}`,
			c.addr.Hex(), ds.Sub.ActiveAt, hex.EncodeToString(cid[:]), common.Address{}.Hex(), common.Address{}.Hex(), common.Address{}.Hex(),
			nonce, ds.Expiry, sig.V, common.Hash(sig.R).Hex(), common.Hash(sig.S).Hex()))
	}
	body := func(containers string, nonce uint32) []byte { return bodyAt(containers, nonce, head.Time) }
	require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", body("echo", 1)))
	h.eventually(func() bool { return h.inetCount(c, 1, 1, nodeAddr) == 1 }, "delegated subscription created and interval 1 delivered")
	require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", body("echo", 1)), "a replay is accepted")

	err = n.r.SubmitDelegated(ctx, "127.0.0.1", body("other", 2))
	require.ErrorContains(t, err, "is not the containerId of a pipeline this node serves")

	h.advance(60)
	h.eventually(func() bool { return h.inetCount(c, 1, 2, nodeAddr) == 1 }, "interval 2 delivered through deliverCompute")
	h.advance(60)
	head, err = h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	h.eventually(func() bool { return n.r.Settled(head.Number.Uint64()) && n.r.Pending() == 0 }, "node settled")
	require.Equal(t, uint64(2), h.inetDeliveries(c), "one subscription, each interval once")
	d := h.inetDeliveriesOf(c)
	require.Equal(t, echoOutput(t, []byte(`{"prompt":"hi"}`)), d[0].Output, "interval 1 ran on the request's data")

	// chain.delegated.max_pending_per_owner holds in this dialect too, and
	// /info's pending.onchain counts the one waiting.
	n2 := h.startInetNode(4, t.TempDir(), addrs, func(o *Options) { o.Limits.DelegatedMaxPendingPerOwner = 1 })
	later := head.Time + 1800
	require.NoError(t, n2.r.SubmitDelegated(ctx, "127.0.0.1", bodyAt("echo", 10, later)))
	err = n2.r.SubmitDelegated(ctx, "127.0.0.1", bodyAt("echo", 11, later))
	var jerr *job.Error
	require.ErrorAs(t, err, &jerr)
	require.Equal(t, job.CodeRateLimited, jerr.Code)
	require.Equal(t, "chain.delegated.max_pending_per_owner", jerr.Params["limit"])
	require.Equal(t, 1, n2.r.Pending())
}

// TestInfernetV1Verified serves a paid subscription naming a listed
// (optimistic) verifier through the SDK's IVerifier: the node's wallet has
// funds but no collateral allowance, so the node approves itself once, then
// delivers with its collateral locked; the verifier's verdict pays it the
// payment less the verifier's fee.
func TestInfernetV1Verified(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	h, addrs, _ := startInetAnvil(t, 0)
	ctx := context.Background()
	owner, nodeKey := h.keys[0], h.keys[3]
	node := crypto.PubkeyToAddress(nodeKey.PublicKey)
	c := h.deployInetConsumer(owner, addrs.Registry)
	wallet := inetv1abi.NewWallet()
	newWallet := func(of common.Address) common.Address { return h.inetWallet(owner, addrs, of) }
	vabi := testverifierabi.NewTestVerifier()
	art, err := contracts.LoadArtifact(contracts.TestVerifierName)
	require.NoError(t, err)
	verifier := h.deploy(owner, append(append([]byte(nil), art.Bytecode...), vabi.PackConstructor(addrs.Coordinator, false, newWallet(crypto.PubkeyToAddress(owner.PublicKey)))...))
	h.transact(owner, verifier, vabi.PackSetToken(common.Address{}, true, big.NewInt(100)))
	consumerWallet, nodeWallet := newWallet(crypto.PubkeyToAddress(owner.PublicKey)), newWallet(node)
	h.send(owner, &consumerWallet, big.NewInt(1_000_000), nil)
	h.transact(owner, consumerWallet, wallet.PackApprove(c.addr, common.Address{}, big.NewInt(5_000)))
	h.send(owner, &nodeWallet, big.NewInt(10_000), nil) // collateral funds, no allowance yet

	policy, err := payments.NewPolicy([]payments.Accepted{{Container: "echo", Payments: map[string]string{"0x0000000000000000000000000000000000000000": "1000"}}}, []string{verifier.Hex()})
	require.NoError(t, err)
	n := h.startInetNode(3, t.TempDir(), addrs, func(o *Options) {
		o.Payments, o.PaymentWallet = policy, nodeWallet
		o.Guard = access.NewGuardian([]access.Container{{ID: "echo", External: true, GeneratesProofs: true}})
	})
	id := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 1, redundancy: 1, amount: big.NewInt(1_000), wallet: consumerWallet, verifier: verifier})
	h.eventually(func() bool { return h.inetCount(c, id, 1, node) == 1 }, "verified subscription delivered")
	h.eventually(func() bool { return n.s.InFlight() == 0 }, "journal settles")
	nonce, err := h.client.NonceAt(ctx, node, nil)
	require.NoError(t, err)
	require.Equal(t, uint64(2), nonce, "one collateral approval, one delivery")
	allowance, err := wallet.UnpackAllowance(h.call(nodeWallet, wallet.PackAllowance(node, common.Address{})))
	require.NoError(t, err)
	require.Equal(t, new(big.Int).Sub(payments.CollateralApproval, big.NewInt(1_000)), allowance, "collateral locked while the verdict is pending")

	h.transact(owner, verifier, vabi.PackFinalize(id, 1, node, true))
	bal, err := h.client.BalanceAt(ctx, nodeWallet, nil)
	require.NoError(t, err)
	require.Equal(t, big.NewInt(10_000+900), bal, "paid the payment less the verifier's fee")
}

// TestInfernetV1LearnedGas: in the SDK dialect too, a recurring
// subscription's later deliveries are sent with the first one's estimate
// (no eth_estimateGas); when the owner's callback starts to revert, the
// learned send is mined reverted once, and the subscription's deliveries
// are simulated again from then on (docs/relay.md, "RPC calls per
// delivery").
func TestInfernetV1LearnedGas(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an anvil process")
	}
	h, addrs, _ := startInetAnvil(t, 0)
	owner := h.keys[0]
	node := crypto.PubkeyToAddress(h.keys[3].PublicKey)
	c := h.deployInetConsumer(owner, addrs.Registry)
	n := h.startInetNode(3, t.TempDir(), addrs, nil)
	id := h.inetSubscribe(owner, c, inetSub{containers: "echo", frequency: 4, period: 60, redundancy: 1})
	// Each interval's 60 s jump is followed by two blocks of a second or
	// less, so the node's measured block time (the median gap of the heads
	// it saw) stays far under the period whichever heads its polls see: a
	// run that saw mostly the jumps measured 60 s and refused the period
	// as shorter than two block times.
	advance := func() { h.advance(60); h.advance(0); h.advance(0) }
	for k := uint32(1); k <= 2; k++ {
		advance()
		h.eventually(func() bool { return h.inetCount(c, id, k, node) == 1 }, "interval delivered")
	}
	require.Equal(t, int64(1), n.rpc.CallsByMethod()["eth_estimateGas"], "interval 2 sent with interval 1's estimate")

	// The callback now reverts: interval 3's learned send is mined reverted.
	h.transact(owner, c.addr, c.abi.PackSetFailCallbacks(true))
	advance()
	reverted := func() int {
		recs, err := n.s.Records()
		require.NoError(t, err)
		k := 0
		for _, r := range recs {
			if r.MinedHash != (common.Hash{}) && r.State != txm.StateConfirmed {
				k++
			}
		}
		return k
	}
	h.eventually(func() bool { return reverted() == 1 }, "interval 3 mined reverted")
	h.transact(owner, c.addr, c.abi.PackSetFailCallbacks(false))
	advance()
	h.eventually(func() bool { return h.inetCount(c, id, 4, node) == 1 }, "interval 4 delivered")
	require.Equal(t, int64(2), n.rpc.CallsByMethod()["eth_estimateGas"], "interval 4 simulated again")
	require.Equal(t, 1, reverted(), "one mined revert")
	require.Zero(t, h.inetCount(c, id, 3, node))
}
