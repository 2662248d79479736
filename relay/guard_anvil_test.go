package relay

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"log/slog"
	"math/big"
	"runtime"
	"slices"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/testnet"
)

// guardChain is anvil with automine off: the test mines every block, with
// the timestamp it chooses, once the node has acted on the last
// (Relay.Settled). Block time, not the speed of a busy machine, decides
// every window the tests assert on.
type guardChain struct {
	*harness
	step  uint64 // seconds between blocks
	anvil *testnet.Anvil
}

func startGuardChain(t testing.TB, accounts int) *guardChain {
	t.Helper()
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{Accounts: accounts})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	client := dialChain(t, a.RPCURL())
	h := newChainHarness(t, client, a.FundedKeys()) // deploys while anvil mines each transaction
	d := &guardChain{harness: h, step: 2, anvil: a}
	require.NoError(t, d.rpc.CallContext(ctx, nil, "evm_setAutomine", false))
	return d
}

func (d *guardChain) head() *types.Header {
	hd, err := d.client.HeaderByNumber(context.Background(), nil)
	require.NoError(d.t, err)
	return hd
}

// mine mines one block after seconds after the head.
func (d *guardChain) mine(after uint64) {
	ctx := context.Background()
	require.NoError(d.t, d.rpc.CallContext(ctx, nil, "evm_setNextBlockTimestamp", hexutil.Uint64(d.head().Time+after)))
	require.NoError(d.t, d.rpc.CallContext(ctx, nil, "evm_mine"))
}

// settle waits until n has acted on the head.
func (d *guardChain) settle(n *node) {
	d.t.Helper()
	num := d.head().Number.Uint64()
	d.eventually(func() bool { return n.r.Settled(num) }, "node settled on the head")
}

// advance mines blocks, step seconds apart, each once n settled on the
// last.
func (d *guardChain) advance(n *node, blocks int) {
	d.t.Helper()
	for range blocks {
		d.settle(n)
		d.mine(d.step)
	}
	d.settle(n)
}

// tx sends a transaction from key and mines it (with whatever the node has
// pooled).
func (d *guardChain) tx(key *ecdsa.PrivateKey, to common.Address, data []byte) *types.Receipt {
	d.t.Helper()
	tx := d.sendTx(key, &to, nil, data)
	d.mine(d.step)
	rc, err := d.client.TransactionReceipt(context.Background(), tx.Hash())
	require.NoError(d.t, err)
	require.Equal(d.t, types.ReceiptStatusSuccessful, rc.Status, "transaction reverted")
	return rc
}

// setCode gives addr runtime code (anvil_setCode): an owner that behaves
// as a hostile contract would.
func (d *guardChain) setCode(addr common.Address, code []byte) {
	require.NoError(d.t, d.rpc.CallContext(context.Background(), nil, "anvil_setCode", addr, hexutil.Bytes(code)))
}

// Hostile owners' runtime code.
var (
	// codeRevert reverts every call with no data.
	codeRevert = common.FromHex("60006000fd")
	// codeRevert2MB reverts every call with 2 MiB of reason.
	codeRevert2MB = common.FromHex("6220000060" + "00fd")
	// codeBurn burns all but 5,000 of the gas it is given, then returns:
	// a callback that uses its whole limit without failing.
	codeBurn = common.FromHex("5b5a6113881060005700")
	// codeBigInput answers every call with ABI-encoded bytes of 200,000
	// zeros: getContainerInputs above chain.max_input_bytes.
	codeBigInput = common.FromHex("6020600052" + "62030d40602052" + "62030d80" + "6000f3")
)

// createSub creates a subscription owned by key's account (an EOA) and
// returns its id.
func (d *guardChain) createSub(key *ecdsa.PrivateKey, s coordinatorabi.Subscription) uint32 {
	d.t.Helper()
	s.Owner = crypto.PubkeyToAddress(key.PublicKey)
	if s.ContainerId == "" {
		s.ContainerId = "echo"
	}
	if s.MaxGasPrice == nil {
		s.MaxGasPrice = big.NewInt(1e14)
	}
	if s.PaymentAmount == nil {
		s.PaymentAmount = new(big.Int)
	}
	if s.Redundancy == 0 {
		s.Redundancy = 1
	}
	if s.Frequency == 0 {
		s.Frequency = 1
	}
	if s.ActiveAt == 0 {
		s.ActiveAt = uint32(d.head().Time)
	}
	rc := d.tx(key, d.dep.Coordinator, coordABI.PackCreateSubscription(s))
	for _, l := range rc.Logs {
		if ev, err := coordABI.UnpackSubscriptionCreatedEvent(l); err == nil {
			return ev.Id
		}
	}
	d.t.Fatal("no SubscriptionCreated")
	return 0
}

// countingRunner counts container runs.
type countingRunner struct {
	Runner
	runs atomic.Int64
}

func (c *countingRunner) Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error) {
	c.runs.Add(1)
	return c.Runner.Run(ctx, in)
}

// countingWriter counts the bytes logged.
type countingWriter struct{ n atomic.Int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n.Add(int64(len(p))); return len(p), nil }

// nodeTxs is how many transactions n's account has had mined.
func (d *guardChain) nodeTxs(n *node) uint64 {
	nonce, err := d.client.NonceAt(context.Background(), n.s.Address(), nil)
	require.NoError(d.t, err)
	return nonce
}

// deliveriesOf counts n's mined deliveries of subscription id
// (ComputeDelivered, with or without CallbackFailed) and the block times
// they were mined at.
func (d *guardChain) deliveriesOf(n *node, id uint32) []uint64 {
	d.t.Helper()
	ctx := context.Background()
	logs, err := d.client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(d.dep.DeployBlock), Addresses: []common.Address{d.dep.Coordinator},
		Topics: [][]common.Hash{{codec.TopicComputeDelivered}, {common.BigToHash(big.NewInt(int64(id)))}, {common.BytesToHash(n.s.Address().Bytes())}},
	})
	require.NoError(d.t, err)
	var at []uint64
	for _, l := range logs {
		hd, err := d.client.HeaderByNumber(ctx, new(big.Int).SetUint64(l.BlockNumber))
		require.NoError(d.t, err)
		at = append(at, hd.Time)
	}
	return at
}

// honest requests a one-shot delivery from the example consumer and
// returns a check that it was delivered within blocks blocks.
func (d *guardChain) honest(n *node, input string) func(blocks int) {
	d.t.Helper()
	d.sendTx(d.keys[0], &d.dep.ExampleConsumer, nil, d.consumer().PackRequest("echo", []byte(input), 1))
	before := d.deliveries()
	return func(blocks int) {
		d.t.Helper()
		for range blocks {
			d.mine(d.step)
			d.settle(n)
			if d.deliveries() > before {
				return
			}
		}
		d.t.Fatalf("honest request %q not delivered within %d blocks beside the attack", input, blocks)
	}
}

// TestGuardAnvil re-runs the attacks of issue 21 against a default node on
// anvil, blocks driven by the test (2 s apart), and checks that the node
// spends nothing it was not asked to by its operator, while an honest
// request made alongside every attack is delivered on time.
func TestGuardAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 12)
	runs := &countingRunner{Runner: d.exec}
	logs := &countingWriter{}
	n := d.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) {
		o.Runner = runs
		o.Logger = slog.New(slog.NewTextHandler(logs, nil))
	})
	d.advance(n, 4) // the node measures the block time
	require.Equal(t, 2*time.Second, n.r.spending.heads.Head().BlockTime)
	keys := d.keys

	t.Run("unpaid gas above the cap, period below two blocks: never tracked, no gas spent", func(t *testing.T) {
		spent := d.nodeTxs(n)
		big := d.createSub(keys[2], coordinatorabi.Subscription{MaxGasLimit: 1_000_001, Inputs: []byte("x")})
		short := d.createSub(keys[2], coordinatorabi.Subscription{MaxGasLimit: 100_000, Inputs: []byte("x"), Period: 2, Frequency: 40})
		check := d.honest(n, "beside gas and period")
		check(3)
		d.advance(n, 10)
		for _, id := range []uint32{big, short} {
			_, tracked, err := n.r.store.sub(id)
			require.NoError(t, err)
			require.False(t, tracked, "subscription %d tracked", id)
			require.Empty(t, d.deliveriesOf(n, id))
		}
		require.Equal(t, spent+1, d.nodeTxs(n), "only the honest delivery was sent")
	})

	t.Run("a failing callback backs its owner off", func(t *testing.T) {
		owner := keys[3]
		id := d.createSub(owner, coordinatorabi.Subscription{MaxGasLimit: 200_000, Inputs: []byte("x"), Period: 4, Frequency: 1000})
		id2 := d.createSub(owner, coordinatorabi.Subscription{MaxGasLimit: 200_000, Inputs: []byte("y"), Period: 4, Frequency: 1000})
		d.setCode(crypto.PubkeyToAddress(owner.PublicKey), codeRevert)
		check := d.honest(n, "beside a failing callback")
		check(3)
		d.advance(n, 45) // 90 s of block time
		at := append(d.deliveriesOf(n, id), d.deliveriesOf(n, id2)...)
		slices.Sort(at)
		require.NotEmpty(t, at)
		t.Logf("deliveries to the failing owner at %v (block times)", at)
		within := 0
		for _, x := range at[1:] {
			if x < at[0]+30 {
				within++
			}
		}
		require.LessOrEqual(t, within, 1, "at most one more delivery in the first back-off window")
		require.LessOrEqual(t, len(at), 4, "45 intervals of two subscriptions, 90 s: back-off of 30 s doubling")
	})

	t.Run("a callback burning its whole limit backs its owner off", func(t *testing.T) {
		owner := keys[4]
		id := d.createSub(owner, coordinatorabi.Subscription{MaxGasLimit: 1_000_000, Inputs: []byte("x"), Period: 4, Frequency: 1000})
		d.setCode(crypto.PubkeyToAddress(owner.PublicKey), codeBurn)
		check := d.honest(n, "beside a gas burner")
		check(3)
		d.advance(n, 45)
		at := d.deliveriesOf(n, id)
		t.Logf("deliveries to the gas burner at %v", at)
		require.NotEmpty(t, at)
		require.LessOrEqual(t, len(at), 3)
	})
}

// TestGuardAnvilStorms: hostile one-shots whose inputs cannot be read (a
// revert, a revert of 2 MiB) cost the node a bounded number of RPC calls
// and log lines, and no container run; a fee cap of 1 wei and a cancelled
// subscription cost nothing.
func TestGuardAnvilStorms(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 12)
	runs := &countingRunner{Runner: d.exec}
	logs := &countingWriter{}
	n := d.startNodeWith(1, t.TempDir(), nil, nil, func(o *Options) {
		o.Runner = runs
		o.Logger = slog.New(slog.NewTextHandler(logs, nil))
	})
	d.advance(n, 4)
	keys := d.keys
	const window = 30 // blocks: 60 s of block time

	idle := n.rpc.Calls()
	d.advance(n, window)
	idle = n.rpc.Calls() - idle

	t.Run("100 hostile one-shots", func(t *testing.T) {
		for _, k := range keys[2:6] { // 4 owners × 25
			for range 25 {
				d.sendTx(k, &d.dep.Coordinator, nil, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
					Owner: crypto.PubkeyToAddress(k.PublicKey), ActiveAt: uint32(d.head().Time), Frequency: 1, Redundancy: 1,
					MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 100_000, ContainerId: "echo", PaymentAmount: new(big.Int),
				}))
			}
		}
		d.mine(d.step)
		for _, k := range keys[2:6] {
			d.setCode(crypto.PubkeyToAddress(k.PublicKey), codeRevert)
		}
		before, ran, logged := n.rpc.Calls(), runs.runs.Load(), logs.n.Load()
		check := d.honest(n, "beside a storm")
		check(3)
		d.advance(n, window)
		calls := n.rpc.Calls() - before
		perSec := float64(calls-idle) / float64(window*d.step)
		t.Logf("RPC calls over %d s of block time: %d (idle %d): %.2f/s above idle; log %d bytes", window*d.step, calls, idle, perSec, logs.n.Load()-logged)
		require.Less(t, perSec, 20.0)
		require.Equal(t, ran+1, runs.runs.Load(), "no container run but the honest one's")
	})

	t.Run("a 2 MiB revert reason", func(t *testing.T) {
		k := keys[6]
		id := d.createSub(k, coordinatorabi.Subscription{MaxGasLimit: 100_000})
		d.setCode(crypto.PubkeyToAddress(k.PublicKey), codeRevert2MB)
		logged, ran := logs.n.Load(), runs.runs.Load()
		check := d.honest(n, "beside a 2 MiB revert")
		check(3)
		d.advance(n, window)
		grew := logs.n.Load() - logged
		t.Logf("log growth over %d s of block time: %d bytes", window*d.step, grew)
		require.Less(t, grew, int64(64<<10), "the reason is cut, the attempts back off")
		require.Equal(t, ran+1, runs.runs.Load())
		iv, err := n.r.store.iv(id, 1)
		require.NoError(t, err)
		require.LessOrEqual(t, len(iv.Err), 600, "state keeps 512 bytes of a chain error")
	})

	t.Run("an input of 200 KB", func(t *testing.T) {
		k := keys[9]
		id := d.createSub(k, coordinatorabi.Subscription{MaxGasLimit: 100_000, Period: 8, Frequency: 1000})
		d.setCode(crypto.PubkeyToAddress(k.PublicKey), codeBigInput)
		ran := runs.runs.Load()
		check := d.honest(n, "beside a 200 KB input")
		check(3)
		d.advance(n, window)
		require.Equal(t, ran+1, runs.runs.Load(), "never run")
		require.Empty(t, d.deliveriesOf(n, id))
		iv, err := n.r.store.iv(id, 1)
		require.NoError(t, err)
		require.Contains(t, iv.Err, "chain.max_input_bytes")
		require.GreaterOrEqual(t, iv.Attempts, 1, "a failed try")
	})

	t.Run("a fee cap of 1 wei", func(t *testing.T) {
		spent, ran := d.nodeTxs(n), runs.runs.Load()
		d.createSub(keys[7], coordinatorabi.Subscription{MaxGasLimit: 100_000, Inputs: []byte("x"), MaxGasPrice: big.NewInt(1), Period: 60, Frequency: 100})
		check := d.honest(n, "beside a fee cap of 1 wei")
		check(3)
		d.advance(n, window)
		require.Equal(t, ran+1, runs.runs.Load(), "no container runs for a delivery that cannot be mined")
		require.Equal(t, spent+1, d.nodeTxs(n))
	})

	t.Run("a cancelled subscription is not tried again", func(t *testing.T) {
		k := keys[8]
		id := d.createSub(k, coordinatorabi.Subscription{MaxGasLimit: 100_000, Inputs: []byte("x"), Period: 8, Frequency: 1000})
		d.advance(n, 4)
		require.NotEmpty(t, d.deliveriesOf(n, id))
		d.tx(k, d.dep.Coordinator, coordABI.PackCancelSubscription(id))
		d.settle(n)
		delivered, ran := len(d.deliveriesOf(n, id)), runs.runs.Load()
		d.advance(n, window)
		require.Len(t, d.deliveriesOf(n, id), delivered)
		require.Equal(t, ran, runs.runs.Load())
	})
}

// delegated signs a delegated subscription of the example consumer (its
// signer is keys[0]) with nonce, active at activeAt, and encodes it.
func (d *guardChain) delegated(nonce uint32, activeAt uint64, maxGasLimit uint32) []byte {
	d.t.Helper()
	head := d.head()
	req := &ours.DelegatedRequest{Delegate: ours.DelegateSubscription{Nonce: nonce, Expiry: uint32(max(activeAt, head.Time) + 3600), Sub: ours.Subscription{
		Owner: d.dep.ExampleConsumer, ActiveAt: uint32(activeAt), Frequency: 1, Redundancy: 1,
		MaxGasPrice: big.NewInt(1e14), MaxGasLimit: maxGasLimit, ContainerId: "echo", Inputs: []byte{}, PaymentAmount: new(big.Int),
	}}, Data: json.RawMessage(`{"n":` + strconv.Itoa(int(nonce)) + `}`)}
	var err error
	req.Sig, err = req.Delegate.Sign(ours.Domain{ChainID: d.chainID, Coordinator: d.dep.Coordinator}, d.keys[0])
	require.NoError(d.t, err)
	body, err := ours.EncodeDelegated(req)
	require.NoError(d.t, err)
	return body
}

func rejection(t *testing.T, err error) *job.Error {
	t.Helper()
	var je *job.Error
	require.ErrorAs(t, err, &je)
	return je
}

// TestGuardAnvilDelegated: delegated requests beyond the horizon are
// refused, those within it wait in a bounded heap with no goroutine each,
// and an owner's spam is bounded by its day budget.
func TestGuardAnvilDelegated(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 4)
	n := d.startNode(1, t.TempDir(), nil)
	d.advance(n, 4)
	ctx := context.Background()
	now := d.head().Time
	const day = 24 * 3600

	t.Run("far future", func(t *testing.T) {
		n := d.startNodeWith(2, t.TempDir(), nil, nil, func(o *Options) { o.Limits.DelegatedMaxPending, o.Limits.DelegatedMaxPendingPerOwner = 500, 500 })
		defer n.stop()
		d.advance(n, 1)
		err := n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegated(1, now+7*day+60, 100_000))
		require.Equal(t, job.CodeInvalid, rejection(t, err).Code)
		require.Equal(t, "subscription.active_at", rejection(t, err).Params["field"])
		err = n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegated(2, now, 1_000_001))
		require.Equal(t, job.CodeInvalid, rejection(t, err).Code, "unpaid gas above the cap")

		g0 := runtime.NumGoroutine()
		for i := range 500 {
			require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegated(uint32(100+i), now+6*day, 100_000)))
		}
		err = n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegated(99, now+6*day, 100_000))
		require.Equal(t, job.CodeRateLimited, rejection(t, err).Code, "429 past chain.delegated.max_pending")
		require.Equal(t, 500, n.r.spending.waiting.Len())
		require.Less(t, runtime.NumGoroutine()-g0, 20, "waiting requests hold no goroutine each")
	})

	t.Run("spam bounded by the owner's day budget", func(t *testing.T) {
		spent := d.nodeTxs(n)
		const posted = 200 // ~330k gas each: more than a day's budget
		for i := range posted {
			require.NoError(t, n.r.SubmitDelegated(ctx, "127.0.0.1", d.delegated(uint32(1000+i), d.head().Time, 1_000_000)))
		}
		d.advance(n, 90) // 3 minutes: charges settle, the budget is spent
		sent := d.nodeTxs(n) - spent
		recs, err := n.s.Records()
		require.NoError(t, err)
		var gas uint64
		for _, r := range recs[spent:] {
			gas += r.GasUsed
		}
		t.Logf("%d of %d delegated deliveries sent for one owner, %d gas (budget %d)", sent, posted, gas, config.DefaultOwnerGasPerDay)
		require.Less(t, sent, uint64(posted), "the budget binds")
		require.Greater(t, gas, uint64(config.DefaultOwnerGasPerDay)/2, "the budget is used, charges settled to the gas used")
		require.LessOrEqual(t, gas, uint64(config.DefaultOwnerGasPerDay))
	})
}

// TestGuardAnvilInfernetV1 is the SDK v1 row of issue 21: subscriptions
// owned by an account that serves no inputs had them re-read every poll,
// never counted. Now an unreadable input is a failed try that backs the
// subscription and its owner off, so 20 recurring and 20 pending of them
// cost a few calls a minute, while a consumer's own subscription made
// alongside is delivered on time.
func TestGuardAnvilInfernetV1(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startGuardChain(t, 6)
	d.step = 2
	keys := d.keys
	require.NoError(t, d.rpc.CallContext(context.Background(), nil, "evm_setAutomine", true))
	addrs := d.deployInetV1(keys[2], 0)
	c := d.deployInetConsumer(keys[0], addrs.Registry)
	require.NoError(t, d.rpc.CallContext(context.Background(), nil, "evm_setAutomine", false))
	runs := &countingRunner{Runner: d.exec}
	logs := &countingWriter{}
	n := d.startInetNode(3, t.TempDir(), addrs, func(o *Options) {
		o.Runner = runs
		o.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	})
	d.advance(n, 4)
	const window = 30
	idle := n.rpc.Calls()
	d.advance(n, window)
	idle = n.rpc.Calls() - idle

	coord := inetv1abi.NewEIP712Coordinator()
	eoa := keys[4]
	var txs []*types.Transaction
	for i := range 40 {
		period := uint32(30) // recurring every 30 s; the second 20 start in an hour
		if i >= 20 {
			period = 3600
		}
		txs = append(txs, d.sendTx(eoa, &addrs.Coordinator, nil, coord.PackCreateSubscription("echo", 1000, period, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{})))
	}
	d.mine(d.step)
	rc, err := d.client.TransactionReceipt(context.Background(), txs[0].Hash())
	require.NoError(t, err)
	require.Equal(t, types.ReceiptStatusSuccessful, rc.Status)
	first := uint32(new(big.Int).SetBytes(rc.Logs[0].Topics[1][:]).Uint64())

	before, logged, ran := n.rpc.Calls(), logs.n.Load(), runs.runs.Load()
	crc := d.tx(keys[0], c.addr, c.abi.PackSubscribe("echo", []byte("in"), 1, 0, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{}))
	require.Equal(t, types.ReceiptStatusSuccessful, crc.Status)
	delivered := false
	for range 3 {
		d.settle(n)
		d.mine(d.step)
		if d.inetDeliveries(c) == 1 {
			delivered = true
			break
		}
	}
	require.True(t, delivered, "the consumer's subscription delivered within 3 blocks beside the storm")
	d.advance(n, window)
	calls := n.rpc.Calls() - before
	perSec := float64(calls-idle) / float64(window*d.step)
	t.Logf("SDK v1, 20 recurring + 20 pending subscriptions of an owner serving no inputs: %d RPC calls over %d s (idle %d): %.2f/s above idle; log %d bytes",
		calls, window*d.step, idle, perSec, logs.n.Load()-logged)
	require.Less(t, perSec, 2.0)
	require.Equal(t, ran+1, runs.runs.Load(), "no container run but the consumer's")
	// The owner backs off as a whole: which of its subscriptions were tried
	// depends on the order they fell due in, not that tries were counted.
	tries := 0
	for id := first; id < first+20; id++ {
		for k := uint32(1); k <= 3; k++ {
			iv, err := n.r.store.iv(id, k)
			require.NoError(t, err)
			if iv.Attempts > 0 {
				require.Contains(t, iv.Err, "getContainerInputs")
			}
			tries += iv.Attempts
		}
	}
	t.Logf("counted tries over the window: %d", tries)
	require.GreaterOrEqual(t, tries, 1, "an unreadable input counts")
	require.LessOrEqual(t, tries, 20, "and backs the owner off: at most the first wave, one try each")
}
