package relay

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/chain/faultproxy"
	"github.com/infernode/infernode/contracts"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/txm"
)

// trustOptions are a cross-checking client's: the quorum's default (2),
// a clock skew of ten minutes (the test's blocks run ahead of the wall
// clock by their 2 s steps), fast polls.
func trustOptions() chain.Options {
	return chain.Options{Timeout: 5 * time.Second, PollInterval: 20 * time.Millisecond, MaxBackoff: 200 * time.Millisecond,
		MaxClockSkew: 10 * time.Minute, Logger: testLogger()}
}

func dialTrust(t *testing.T, urls []string, o chain.Options) *chain.Client {
	t.Helper()
	c, err := chain.Dial(context.Background(), urls, o)
	require.NoError(t, err)
	t.Cleanup(c.Close)
	return c
}

// proxyOf is a second endpoint of the same chain (a pass-through proxy).
func proxyOf(t *testing.T, url string) *faultproxy.Proxy {
	t.Helper()
	p, err := faultproxy.New(url)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// fork starts an anvil forked from d's at its head, with automine on: a
// lying endpoint of the same chain id.
func (d *guardChain) fork() (*testnet.Anvil, *harness) {
	d.t.Helper()
	a, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{Accounts: 1, ForkURL: d.anvil.RPCURL()})
	require.NoError(d.t, err)
	d.t.Cleanup(func() { _ = a.Stop() })
	c := dialChain(d.t, a.RPCURL())
	return a, &harness{t: d.t, client: c, rpc: c.Client(), keys: d.keys, chainID: d.chainID, dep: d.dep}
}

// runAhead mines blocks on h's chain with timestamps ahead of the local
// clock by ahead.
func runAhead(t *testing.T, h *harness, blocks int, ahead time.Duration) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, h.rpc.CallContext(ctx, nil, "evm_setNextBlockTimestamp", hexutil.Uint64(time.Now().Add(ahead).Unix())))
	require.NoError(t, h.rpc.CallContext(ctx, nil, "anvil_mine", hexutil.Uint64(blocks)))
}

// mineOn mines one block on h's chain, after seconds after its head.
func mineOn(t *testing.T, h *harness, after uint64) {
	t.Helper()
	ctx := context.Background()
	hd, err := h.client.HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	require.NoError(t, h.rpc.CallContext(ctx, nil, "evm_setNextBlockTimestamp", hexutil.Uint64(hd.Time+after)))
	require.NoError(t, h.rpc.CallContext(ctx, nil, "evm_mine"))
}

// reverted counts n's transactions that were mined and reverted (or
// filled by a no-op): the journal's failed records.
func (d *guardChain) reverted(n *node) int {
	d.t.Helper()
	recs, err := n.s.Records()
	require.NoError(d.t, err)
	bad := 0
	for _, r := range recs {
		if r.State == txm.StateFailed {
			bad++
		}
	}
	return bad
}

// TestTrustAnvilFork: a second endpoint is a fork of the chain that runs
// 600 blocks ahead with a clock an hour ahead, and three one-shots created
// only on it (the first with the id the next honest request gets). It
// fails an objective check (its timestamps): it is faulty, treated as a
// dead endpoint, whether beside one honest endpoint (2 of 2, the quorum
// then taken over the honest one alone) or two (2 of 3): honest requests,
// one-shot and recurring, are delivered within a few blocks with the
// honest input, /health stays healthy, nothing is sent for the fork's
// requests, nothing reverts. A fork that passes every check (timestamps
// in step) and disagrees is a wait: the node follows nothing and /health
// says so; the operator removes it and the node goes on within a few
// blocks. A stored height no endpoint knows (left by an endpoint since
// removed) is rolled back, never a wedge.
func TestTrustAnvilFork(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 6)
	honestURL := d.anvil.RPCURL()
	second := proxyOf(t, honestURL)
	n0 := d.startNode(1, t.TempDir(), nil)
	d.advance(n0, 2)
	n0.stop()

	fa, fh := d.fork()
	firstID := d.subCount() + 1
	for _, in := range []string{"attacker 1", "attacker 2", "attacker 3"} {
		fh.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte(in), 1))
	}
	runAhead(t, fh, 600, time.Hour)
	dir := t.TempDir() // the node's journal carries over: a fresh one could not tell whose nonce is right

	for i, urls := range [][]string{{honestURL, second.URL(), fa.RPCURL()}, {honestURL, fa.RPCURL()}} {
		t.Run(fmt.Sprintf("quorum 2 of %d: the future fork is faulty, honest requests delivered", len(urls)), func(t *testing.T) {
			c := dialTrust(t, urls, trustOptions())
			n := d.startNode(1, dir, c)
			d.advance(n, 2)
			check := d.honest(n, "honest beside a fork")
			check(5)
			fork := c.Endpoints()[len(urls)-1]
			require.Equal(t, "faulty", fork.State)
			require.Contains(t, fork.Reason, "ahead of the local clock")
			t.Logf("endpoints %+v; honest deliveries %v, fork ids %d..%d", c.Endpoints(), d.deliveriesOf(n, firstID), firstID+1, firstID+2)
			require.NoError(t, c.Trouble())
			require.NoError(t, n.r.Healthy(context.Background()))
			if i == 0 {
				require.NotEmpty(t, d.deliveriesOf(n, firstID), "the honest request with the fork's first id")
				require.Contains(t, string(d.outputOf(firstID)), "honest beside a fork", "delivered with the honest input")
				for id := firstID + 1; id < firstID+3; id++ {
					require.Empty(t, d.deliveriesOf(n, id), "subscription %d exists on the fork only", id)
				}
			}
			// (The second run's honest ids reach the fork's: a delivery for
			// a fork-only request would be mined reverted on the honest
			// chain, and none is.)
			rec := d.createSubRecurring(n, 3)
			d.advance(n, 8)
			require.Len(t, d.deliveriesOf(n, rec), 3, "every interval of the recurring subscription, its times from the honest clock")
			require.Zero(t, d.reverted(n), "no delivery reverted")
			require.NoError(t, n.r.Healthy(context.Background()))
			n.stop()
		})
	}

	t.Run("quorum 2 of 2, a fork in step: disagreement is a wait, unhealthy; removing the fork recovers", func(t *testing.T) {
		sa, sh := d.fork() // forked at the honest head: it holds every block the node stored
		sh.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte("attacker in step"), 1))
		for range 3 {
			mineOn(t, sh, d.step)
		}
		c := dialTrust(t, []string{honestURL, sa.RPCURL()}, trustOptions())
		n := d.startNode(1, dir, c)
		before := d.nodeTxs(n)
		d.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte("while they disagree"), 1))
		for range 5 {
			d.mine(d.step)
		}
		d.eventually(func() bool { return errors.Is(c.Trouble(), chain.ErrDisagree) }, "the endpoints disagree")
		d.eventually(func() bool { return n.r.Healthy(context.Background()) != nil }, "/health unhealthy while they disagree")
		t.Logf("health: %v; trouble: %v; endpoints %+v", n.r.Healthy(context.Background()), c.Trouble(), c.Endpoints())
		require.Equal(t, before, d.nodeTxs(n), "nothing sent while the endpoints disagree")
		n.stop()

		// The operator removes the fork: one endpoint, quorum 1.
		n = d.startNode(1, dir, dialTrust(t, []string{honestURL}, trustOptions()))
		check := d.honest(n, "after the fork is removed")
		check(5)
		require.NoError(t, n.r.Healthy(context.Background()))
		n.stop()
	})

	t.Run("a stored height no endpoint knows is rolled back", func(t *testing.T) {
		dir := t.TempDir()
		n := d.startNode(1, dir, nil)
		d.advance(n, 2)
		n.stop()
		top, err := fh.client.HeaderByNumber(context.Background(), nil)
		require.NoError(t, err)
		db, err := storage.Open(dir, storage.Options{})
		require.NoError(t, err)
		require.NoError(t, state{db.Table(storage.TableRelay)}.processed(top.Number.Uint64(), top.Hash(), 0))
		require.NoError(t, db.Close())

		n = d.startNode(1, dir, nil)
		check := d.honest(n, "after a stored fork height")
		check(5)
		last, ok, err := n.r.store.last()
		require.NoError(t, err)
		require.True(t, ok)
		require.LessOrEqual(t, last.Number, d.head().Number.Uint64())
		n.stop()
	})
}

// TestTrustAnvilEndpoints: an endpoint of another chain id, and one that
// adds 2 to every account nonce.
func TestTrustAnvilEndpoints(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 6)
	honestURL := d.anvil.RPCURL()
	second := proxyOf(t, honestURL)
	other, err := testnet.StartAnvil(context.Background(), testnet.AnvilOptions{Accounts: 1, ChainID: 999})
	require.NoError(t, err)
	t.Cleanup(func() { _ = other.Stop() })

	t.Run("another chain id", func(t *testing.T) {
		_, err := chain.Dial(context.Background(), []string{other.RPCURL(), honestURL}, trustOptions())
		require.ErrorContains(t, err, "set chain.chain_id", "two endpoints, two chain ids, nothing to decide by")
		require.ErrorIs(t, err, chain.ErrDisagree, "a wait (the node serves REST), not an exit")

		// With chain.chain_id set, the other chain's endpoint is down: the
		// quorum is taken over the honest one, and the node delivers.
		o := trustOptions()
		o.ChainID = d.chainID
		c := dialTrust(t, []string{other.RPCURL(), honestURL}, o)
		require.Equal(t, "wrong_chain", c.Endpoints()[0].State)
		require.Equal(t, "serves another chain id", c.Endpoints()[0].Reason)
		id, err := c.ChainID(context.Background())
		require.NoError(t, err)
		require.Equal(t, d.chainID, id, "the node signs for chain.chain_id")
		n := d.startNode(1, t.TempDir(), c)
		d.advance(n, 2)
		d.honest(n, "beside another chain, quorum 2 of 2")(5)
		require.NoError(t, c.Trouble())
		require.NoError(t, n.r.Healthy(context.Background()))
		n.stop()

		// Listed first among three, without chain.chain_id: the two that
		// agree decide, and the node delivers.
		c = dialTrust(t, []string{other.RPCURL(), honestURL, second.URL()}, trustOptions())
		require.Equal(t, "wrong_chain", c.Endpoints()[0].State)
		n = d.startNode(1, t.TempDir(), c)
		require.Equal(t, d.chainID, n.s.ChainID())
		check := d.honest(n, "beside another chain")
		check(5)
		n.stop()
	})

	t.Run("an endpoint lying about the nonce", func(t *testing.T) {
		liar := proxyOf(t, honestURL)
		liar.Set(faultproxy.NonceLie)
		dir := t.TempDir()
		// A fresh journal and two opinions on the nonce: nothing to send from.
		db, err := storage.Open(dir, storage.Options{})
		require.NoError(t, err)
		_, err = txm.NewSender(context.Background(), dialTrust(t, []string{honestURL, liar.URL()}, trustOptions()),
			db.Table(storage.TableNonce), txm.SenderOptions{Signer: signer.NewKey(d.keys[2])})
		require.ErrorIs(t, err, chain.ErrDisagree)
		require.NoError(t, db.Close())

		// With a journal, the journal is kept; the lie is a disagreement
		// (/health says so), and deliveries go on with continuous nonces.
		n := d.startNode(2, dir, nil)
		d.honest(n, "before the liar")(5)
		n.stop()
		c := dialTrust(t, []string{honestURL, liar.URL()}, trustOptions())
		n = d.startNode(2, dir, c)
		check := d.honest(n, "beside a nonce liar")
		check(5)
		d.advance(n, 2)
		require.ErrorIs(t, c.Trouble(), chain.ErrDisagree)
		requireContinuousNonces(t, d.harness, n)
		n.stop()

		// Alone, with a fresh journal, it is believed (no second opinion):
		// the delivery is signed at nonce 2 and cannot be mined. /health
		// says so once the oldest open nonce has not moved for
		// stuck_blocks. Listed beside two honest endpoints it is outvoted:
		// the journal's gap (nonces 0 and 1) is filled and the delivery
		// lands.
		stuckDir := t.TempDir()
		n = d.startNodeWith(4, stuckDir, dialTrust(t, []string{liar.URL()}, trustOptions()),
			func(o *txm.SenderOptions) { o.StuckBlocks = 3 }, nil)
		d.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte("stuck behind a lie"), 1))
		d.advance(n, 6)
		err = n.r.Healthy(context.Background())
		require.ErrorContains(t, err, "oldest open nonce 2 has not moved")
		require.Zero(t, d.nodeTxs(n), "nothing mined at a lied nonce")
		n.stop()
		c = dialTrust(t, []string{honestURL, liar.URL(), second.URL()}, trustOptions())
		n = d.startNodeWith(4, stuckDir, c, func(o *txm.SenderOptions) { o.StuckBlocks = 3 }, nil)
		d.eventually(func() bool {
			d.mine(d.step)
			d.settle(n)
			return d.nodeTxs(n) == 3 && n.r.Healthy(context.Background()) == nil
		}, "the gap filled, the delivery mined, healthy again")
		requireContinuousNonces(t, d.harness, n)
		n.stop()

		// Two honest endpoints outvote it.
		c = dialTrust(t, []string{honestURL, liar.URL(), second.URL()}, trustOptions())
		n = d.startNode(2, dir, c)
		d.honest(n, "outvoted liar")(5)
		d.advance(n, 2)
		require.NoError(t, c.Trouble())
		requireContinuousNonces(t, d.harness, n)
		n.stop()
	})
}

// subCount is the Coordinator's subscription count.
func (d *guardChain) subCount() uint32 {
	c := coordinatorabi.NewCoordinator()
	n, err := c.UnpackSubscriptionCount(d.call(d.dep.Coordinator, c.PackSubscriptionCount()))
	require.NoError(d.t, err)
	return n
}

// outputOf is what the example consumer received for subscription id's
// first interval.
func (d *guardChain) outputOf(id uint32) []byte {
	c := coordinatorabi.NewCoordinator()
	task, err := c.UnpackTaskId(d.call(d.dep.Coordinator, c.PackTaskId(id, 1)))
	require.NoError(d.t, err)
	ec := d.consumer()
	res, err := ec.UnpackResults(d.call(d.dep.ExampleConsumer, ec.PackResults(task)))
	require.NoError(d.t, err)
	return res.Output
}

// createSubRecurring subscribes through the example consumer: frequency
// intervals of 4 s, one block after the next.
func (d *guardChain) createSubRecurring(n *node, frequency uint32) uint32 {
	d.t.Helper()
	d.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackSubscribe("echo", []byte("tick"), frequency, 4, 1))
	d.mine(d.step)
	d.settle(n)
	return d.subCount()
}

// codeBurn85 burns its gas down to 37,500 and returns: 85 % of a
// 250,000 limit, under the guard's 90 % mark, so it never backs off.
var codeBurn85 = common.FromHex("5b5a61927c1060005700")

// TestTrustAnvilSybils: eight owners, each with a recurring unpaid
// subscription whose callback burns 85 % of its gas and returns (no
// back-off). Each is new, so each gets at most
// chain.unpaid.new_owner_gas_per_day; past half the node's budget an owner
// above its equal share waits; together they never get more than
// chain.unpaid.gas_per_day, whatever their number; /metrics says what was
// spent in all and by the top owners, in bounded series.
func TestTrustAnvilSybils(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 12)
	lim := guard.Limits{UnpaidMaxGas: 1_000_000, OwnerGasPerDay: 4_000_000, NewOwnerGasPerDay: 2_000_000, GasPerDay: 6_000_000}
	n := d.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) { o.Limits = lim })
	d.advance(n, 3)
	d.honest(n, "before the sybils")(3)
	sybils := d.keys[3:11]
	for _, k := range sybils {
		d.createSub(k, coordinatorabi.Subscription{MaxGasLimit: 250_000, Inputs: []byte("x"), Period: 4, Frequency: 1000})
		d.setCode(crypto.PubkeyToAddress(k.PublicKey), codeBurn85)
	}
	d.advance(n, 40)

	recs, err := n.s.Records()
	require.NoError(t, err)
	var used uint64
	for _, r := range recs {
		used += r.GasUsed
	}
	now := n.r.spending.heads.Head().Time
	all, top, other, err := n.r.spending.g.Spent(now, TopOwners)
	require.NoError(t, err)
	t.Logf("node gas used %d over %d transactions; guard: %d in all, top %v, other %d", used, len(recs), all, top, other)
	require.LessOrEqual(t, used, lim.GasPerDay, "every unpaid delivery together within chain.unpaid.gas_per_day")
	require.LessOrEqual(t, all, lim.GasPerDay)
	require.Positive(t, testutil.ToFloat64(n.r.opts.Metrics.Guarded.WithLabelValues("wait")), "deliveries held back past the owners' shares")
	served := 0
	for _, k := range sybils {
		owner := crypto.PubkeyToAddress(k.PublicKey)
		for _, o := range top {
			if o.Owner == owner {
				served++
				require.LessOrEqual(t, o.Gas, lim.NewOwnerGasPerDay, "a new owner's budget")
			}
		}
	}
	require.GreaterOrEqual(t, served, 2, "the budget is shared between owners")
	require.Equal(t, float64(all), testutil.ToFloat64(n.r.opts.Metrics.UnpaidGas.WithLabelValues("all")))
	require.LessOrEqual(t, testutil.CollectAndCount(n.r.opts.Metrics.UnpaidGas), TopOwners+2, "bounded series")
	n.stop()
}

// secondConsumer deploys another example consumer whose delegated
// requests key signs: a second owner.
func (d *guardChain) secondConsumer(key *ecdsa.PrivateKey) common.Address {
	d.t.Helper()
	art, err := contracts.LoadArtifact(contracts.ExampleConsumerName)
	require.NoError(d.t, err)
	code := append(append([]byte(nil), art.Bytecode...), d.consumer().PackConstructor(d.dep.Coordinator, crypto.PubkeyToAddress(key.PublicKey))...)
	tx := d.sendTx(d.keys[0], nil, nil, code)
	d.mine(d.step)
	rc, err := d.client.TransactionReceipt(context.Background(), tx.Hash())
	require.NoError(d.t, err)
	return rc.ContractAddress
}

// delegatedOf is guardChain.delegated for owner, signed by key, with
// inputs.
func (d *guardChain) delegatedOf(owner common.Address, key *ecdsa.PrivateKey, nonce uint32, activeAt uint64, inputs []byte) []byte {
	d.t.Helper()
	head := d.head()
	req := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: nonce, Expiry: uint32(max(activeAt, head.Time) + 3600), Sub: ours.Subscription{
		Owner: owner, ActiveAt: uint32(activeAt), Frequency: 1, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", Inputs: inputs, PaymentAmount: new(big.Int),
	}}, Data: json.RawMessage(`{"n":` + strconv.Itoa(int(nonce)) + `}`)}
	var err error
	req.Sig, err = req.Delegate.Sign(ours.Domain{ChainID: d.chainID, Coordinator: d.dep.Coordinator}, key)
	require.NoError(d.t, err)
	body, err := ours.EncodeDelegated(req)
	require.NoError(d.t, err)
	return body
}

// TestTrustAnvilDelegated: one owner floods delegated requests dated six
// days ahead: past chain.delegated.max_pending_per_owner it gets 429,
// while another owner's request is accepted and delivered; /info's
// pending.onchain counts the waiting ones; subscription.inputs above
// chain.max_input_bytes is refused naming the field; records final for
// longer than chain.delegated.retention are deleted; after a restart the
// waiting ones wait again and the final ones are not read.
func TestTrustAnvilDelegated(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 4)
	ctx := context.Background()
	dir := t.TempDir()
	flaky := &onceFailingRunner{Runner: d.exec, match: `"n":1}`}
	opts := func(o *Options) {
		o.Limits.DelegatedMaxPending, o.Limits.DelegatedMaxPendingPerOwner = 6, 5
		o.Limits.DelegatedRetention = time.Hour
		o.Runner = flaky
	}
	n := d.startNodeWith(1, dir, nil, nil, opts)
	d.advance(n, 3)
	honest := d.secondConsumer(d.keys[3])
	flooder, fkey := d.dep.ExampleConsumer, d.keys[0]
	now := d.head().Time
	const day = 24 * 3600

	for i := range 5 {
		require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(flooder, fkey, uint32(100+i), now+6*day, []byte("x"))))
	}
	err := n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(flooder, fkey, 200, now+6*day, []byte("x")))
	require.Equal(t, job.CodeRateLimited, rejection(t, err).Code)
	require.Equal(t, "chain.delegated.max_pending_per_owner", rejection(t, err).Params["limit"])
	require.Equal(t, 5, n.r.Pending(), "pending.onchain counts the waiting requests")
	require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(honest, d.keys[3], 2, now+6*day, []byte("later"))),
		"another owner is accepted beside the flood")
	err = n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(honest, d.keys[3], 3, now+6*day, []byte("later")))
	require.Equal(t, "chain.delegated.max_pending", rejection(t, err).Params["limit"], "the waiting set is full")

	err = n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(honest, d.keys[3], 1, now, bytes.Repeat([]byte("i"), 128<<10+1)))
	require.Equal(t, job.CodeInvalid, rejection(t, err).Code)
	require.Equal(t, "subscription.inputs", rejection(t, err).Params["field"], "chain.max_input_bytes applies to subscription.inputs")

	// Active now, it needs no waiting slot; its container fails once and
	// its retry waits again without one: never failed for want of a slot.
	require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegatedOf(honest, d.keys[3], 1, now, []byte("honest"))),
		"another owner's request is accepted during the flood")
	key := string(storage.RelayDelegatedKey(honest, 1))
	d.eventually(func() bool {
		d.mine(d.step)
		rec, ok, err := n.r.store.dlg(key)
		return err == nil && ok && rec.State == IvDelivered
	}, "the honest owner's delegated request delivered")
	rec, _, err := n.r.store.dlg(key)
	require.NoError(t, err)
	require.NotZero(t, rec.Final, "final records are stamped")
	require.True(t, flaky.failed.Load(), "its container failed once, and it was retried")
	n.stop()

	// Restart: the six waiting requests wait again; the final one is not
	// read at start-up.
	n = d.startNodeWith(1, dir, nil, nil, opts)
	d.advance(n, 1)
	require.Equal(t, 6, n.r.spending.waiting.Len())
	require.Equal(t, 6, n.r.Pending())

	// Retention: an hour and a sweep later, the final record is gone.
	_, ok, err := n.r.store.dlg(key)
	require.NoError(t, err)
	require.True(t, ok)
	d.mine(3700)
	d.settle(n)
	d.eventually(func() bool {
		_, ok, err := n.r.store.dlg(key)
		return err == nil && !ok && !n.r.retention.running.Load()
	}, "the final record deleted after chain.delegated.retention")
	require.Equal(t, 6, n.r.spending.waiting.Len(), "unfinished records are kept")
	n.stop()
}

// TestTrustAnvilForkInfernetV1 is TestTrustAnvilFork's first cases in the
// Infernet SDK v1 dialect: a fork 600 blocks and an hour ahead with three
// subscriptions created only on it, beside two honest endpoints, then
// beside one. The fork fails the clock check and is faulty (down); the
// honest subscription that has the fork's first id is delivered with the
// honest input; the fork's others get nothing; /health stays healthy.
func TestTrustAnvilForkInfernetV1(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 6)
	require.NoError(t, d.rpc.CallContext(context.Background(), nil, "evm_setAutomine", true))
	addrs := d.deployInetV1(d.keys[2], 0)
	c := d.deployInetConsumer(d.keys[0], addrs.Registry)
	require.NoError(t, d.rpc.CallContext(context.Background(), nil, "evm_setAutomine", false))
	subscribe := func(h *harness, input string) {
		h.sendTx(d.keys[0], &c.addr, nil, c.abi.PackSubscribe("echo", []byte(input), 1, 0, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{}))
	}
	fa, fh := d.fork()
	for _, in := range []string{"attacker 1", "attacker 2", "attacker 3"} {
		subscribe(fh, in)
	}
	runAhead(t, fh, 600, time.Hour)

	second := proxyOf(t, d.anvil.RPCURL())
	for i, urls := range [][]string{{d.anvil.RPCURL(), second.URL(), fa.RPCURL()}, {d.anvil.RPCURL(), fa.RPCURL()}} {
		cl := dialTrust(t, urls, trustOptions())
		dl := v1dialect.New(addrs, v1dialect.Options{Containers: []string{"echo"}})
		n := d.startNodeWith(3, t.TempDir(), cl, func(so *txm.SenderOptions) { so.Decoder = dl.Decoder() }, func(o *Options) { o.Dialect, o.StartBlock = dl, 0 })
		d.advance(n, 2)
		input := fmt.Sprintf("honest beside a fork, %d endpoints", len(urls))
		subscribe(d.harness, input)
		for range 5 {
			d.mine(d.step)
			d.settle(n)
			if len(d.inetDeliveriesOf(c)) > i {
				break
			}
		}
		got := d.inetDeliveriesOf(c)
		require.Len(t, got, i+1, "the honest subscription only")
		require.Contains(t, string(got[i].Input), input)
		d.advance(n, 4)
		require.Len(t, d.inetDeliveriesOf(c), i+1, "nothing for the fork's subscriptions")
		require.Equal(t, "faulty", cl.Endpoints()[len(urls)-1].State)
		require.NoError(t, n.r.Healthy(context.Background()))
		require.Zero(t, d.reverted(n))
		n.stop()
	}
}

// onceFailingRunner fails the first run whose input contains match.
type onceFailingRunner struct {
	Runner
	match  string
	failed atomic.Bool
}

func (f *onceFailingRunner) Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error) {
	if strings.Contains(string(in.Data), f.match) && f.failed.CompareAndSwap(false, true) {
		return nil, &executor.ContainerError{Container: in.Containers[0], Message: "failed once (test)"}
	}
	return f.Runner.Run(ctx, in)
}

// TestTrustAnvilSlowEndpoint: the second of two endpoints is honest but
// answers every call 4 s late (chain.rpc.confirm_timeout at its default,
// 2 s). It is behind, not disagreeing: a one-shot is delivered within one
// block of what it takes with the prompt endpoint alone, /health stays
// healthy, both endpoints stay in rotation.
func TestTrustAnvilSlowEndpoint(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 4)
	ctx := context.Background()
	honestURL := d.anvil.RPCURL()
	slow := proxyOf(t, honestURL)
	// blocksTo is how many blocks a one-shot takes to be delivered.
	blocksTo := func(n *node, input string) int {
		t.Helper()
		d.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte(input), 1))
		before := d.deliveries()
		for k := 1; k <= 10; k++ {
			d.mine(d.step)
			d.settle(n)
			if d.deliveries() > before {
				return k
			}
		}
		t.Fatalf("%q not delivered within 10 blocks", input)
		return 0
	}
	dir := t.TempDir()
	n := d.startNode(1, dir, dialTrust(t, []string{honestURL}, trustOptions()))
	d.advance(n, 2)
	single := blocksTo(n, "one endpoint")
	n.stop()

	slow.SetDelay(4 * time.Second)
	o := trustOptions()
	o.Timeout = 10 * time.Second // the slow endpoint answers within it: not dead, slow
	c := dialTrust(t, []string{honestURL, slow.URL()}, o)
	n = d.startNode(1, dir, c)
	d.advance(n, 2)
	worst := 0
	for i := range 3 {
		worst = max(worst, blocksTo(n, fmt.Sprintf("beside a slow endpoint %d", i)))
	}
	t.Logf("blocks to a delivery: %d with one endpoint, at most %d beside a 4 s-late one; endpoints %+v", single, worst, c.Endpoints())
	require.LessOrEqual(t, worst, single+1, "a 4 s-late honest endpoint adds at most one block")
	require.NoError(t, c.Trouble())
	require.NoError(t, n.r.Healthy(ctx))
	// Blocks here come as fast as the node settles: the 4 s-late endpoint
	// may trail by more than max_head_lag (lagging), still in rotation.
	require.Contains(t, []string{"alive", "lagging"}, c.Endpoints()[1].State, "behind is not down, nor distrusted")
	require.Positive(t, slow.Requests.Load(), "the slow endpoint is still asked")
	n.stop()
}
