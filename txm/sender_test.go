package txm

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
)

type simEnv struct {
	sim *simulated.Backend
	key *ecdsa.PrivateKey
	dir string
	db  *storage.Store
}

func newSimEnv(t *testing.T) *simEnv {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	alloc := types.GenesisAlloc{crypto.PubkeyToAddress(key.PublicKey): {Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))}}
	sim := simulated.NewBackend(alloc)
	t.Cleanup(func() { _ = sim.Close() })
	e := &simEnv{sim: sim, key: key, dir: t.TempDir()}
	e.reopen(t)
	t.Cleanup(func() {
		if e.db != nil {
			_ = e.db.Close()
		}
	})
	return e
}

// reopen closes and reopens the Pebble store, as a restarted node does.
func (e *simEnv) reopen(t *testing.T) {
	t.Helper()
	if e.db != nil {
		require.NoError(t, e.db.Close())
	}
	db, err := storage.Open(e.dir, storage.Options{})
	require.NoError(t, err)
	e.db = db
}

// chain is the simulated chain through the node's chain client.
func (e *simEnv) chain() *chain.Client { return chain.Simulated(e.sim, chain.Options{}) }

func (e *simEnv) sender(t *testing.T, opts SenderOptions) *Sender {
	t.Helper()
	opts.Signer = signer.NewKey(e.key)
	s, err := NewSender(context.Background(), e.chain(), e.db.Table(storage.TableNonce), opts)
	require.NoError(t, err)
	return s
}

// mine commits n blocks, running a monitor step after each.
func (e *simEnv) mine(t *testing.T, s *Sender, n int) {
	t.Helper()
	for range n {
		e.sim.Commit()
		require.NoError(t, s.Step(context.Background()))
	}
}

// settle mines blocks until the transaction under key is final.
func (e *simEnv) settle(t *testing.T, s *Sender, key string) *Record {
	t.Helper()
	for range 20 {
		r, ok, err := s.Lookup(key)
		require.NoError(t, err)
		require.True(t, ok, key)
		if r.State.Final() {
			return r
		}
		e.mine(t, s, 1)
	}
	t.Fatalf("%s not final after 20 blocks", key)
	return nil
}

func transfer(key string, to common.Address) Call {
	return Call{Key: key, To: to, Value: big.NewInt(1)}
}

func TestSenderTransfersConfirmInNonceOrder(t *testing.T) {
	e := newSimEnv(t)
	s := e.sender(t, SenderOptions{Confirmations: 2})
	ctx := context.Background()
	to := common.HexToAddress("0x00000000000000000000000000000000000000aa")

	var nonces []uint64
	for _, k := range []string{"a", "b", "c"} {
		r, err := s.Send(ctx, transfer(k, to))
		require.NoError(t, err)
		nonces = append(nonces, r.Nonce)
	}
	require.Equal(t, []uint64{0, 1, 2}, nonces)
	require.Equal(t, 3, s.InFlight())

	// The same key again sends nothing.
	r, err := s.Send(ctx, transfer("b", to))
	require.NoError(t, err)
	require.Equal(t, uint64(1), r.Nonce)

	e.mine(t, s, 1)
	require.Equal(t, 3, s.InFlight(), "one block is not two confirmations")
	e.mine(t, s, 1)
	require.Equal(t, 0, s.InFlight())
	for _, k := range []string{"a", "b", "c"} {
		r, err := s.Wait(ctx, k)
		require.NoError(t, err)
		require.Equal(t, StateConfirmed, r.State)
	}
	bal, err := e.sim.Client().BalanceAt(ctx, to, nil)
	require.NoError(t, err)
	require.Equal(t, int64(3), bal.Int64())
}

func TestSenderBoundsTransactionsInFlight(t *testing.T) {
	e := newSimEnv(t)
	s := e.sender(t, SenderOptions{MaxInFlight: 2})
	to := common.HexToAddress("0xaa")
	_, err := s.Send(context.Background(), transfer("a", to))
	require.NoError(t, err)
	_, err = s.Send(context.Background(), transfer("b", to))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = s.Send(ctx, transfer("c", to))
	require.ErrorIs(t, err, context.DeadlineExceeded)
	e.mine(t, s, 1)
	_, err = s.Send(context.Background(), transfer("c", to))
	require.NoError(t, err)
}

func TestSenderFeeCap(t *testing.T) {
	e := newSimEnv(t)
	s := e.sender(t, SenderOptions{})
	c := transfer("capped", common.HexToAddress("0xaa"))
	c.MaxFeePerGas = big.NewInt(1) // below any base fee
	_, err := s.Send(context.Background(), c)
	require.ErrorIs(t, err, ErrFeeAboveCap)
	require.Equal(t, 0, s.InFlight())
	_, ok, err := s.Lookup("capped")
	require.NoError(t, err)
	require.False(t, ok, "nothing journaled when nothing was sent")
}

// TestSenderGasCapAndGasUsed: a call whose estimate is above its MaxGas is
// refused with nothing journaled; a mined one records its gas used.
func TestSenderGasCapAndGasUsed(t *testing.T) {
	e := newSimEnv(t)
	s := e.sender(t, SenderOptions{})
	to := common.HexToAddress("0xaa")
	c := transfer("capped", to)
	c.MaxGas = 20_000 // a transfer needs 21,000
	_, err := s.Send(context.Background(), c)
	require.ErrorIs(t, err, ErrGasAboveCap)
	_, ok, err := s.Lookup("capped")
	require.NoError(t, err)
	require.False(t, ok, "nothing journaled when nothing was sent")

	c = transfer("fits", to)
	c.MaxGas = 21_000
	_, err = s.Send(context.Background(), c)
	require.NoError(t, err)
	e.mine(t, s, 1)
	r, err := s.Wait(context.Background(), "fits")
	require.NoError(t, err)
	require.Equal(t, StateConfirmed, r.State)
	require.Equal(t, uint64(21_000), r.GasUsed)
}

func TestSenderReplacesLowFeeTransaction(t *testing.T) {
	e := newSimEnv(t)
	// The node's tip limit is far below what the miner accepts.
	s := e.sender(t, SenderOptions{MaxTipPerGas: big.NewInt(1), StuckBlocks: 2})
	ctx := context.Background()
	_, err := s.Send(ctx, transfer("low", common.HexToAddress("0xaa")))
	require.NoError(t, err)
	e.mine(t, s, 1)
	r, _, _ := s.Lookup("low")
	require.Equal(t, StateSent, r.State, "underpriced transaction is not mined")

	s.price.maxTip = nil      // the operator raises the limit
	r = e.settle(t, s, "low") // the lowest nonce, below the market: replaced
	require.Equal(t, StateConfirmed, r.State)
	require.GreaterOrEqual(t, len(r.Raw), 2, "a replacement was signed")
	require.Equal(t, r.Hashes()[len(r.Raw)-1], r.MinedHash)
	old := new(types.Transaction)
	require.NoError(t, old.UnmarshalBinary(r.Raw[0]))
	mined := r.Latest()
	require.GreaterOrEqual(t, new(big.Int).Mul(mined.GasTipCap(), big.NewInt(10)).Cmp(new(big.Int).Mul(old.GasTipCap(), big.NewInt(11))), 0)
	require.GreaterOrEqual(t, new(big.Int).Mul(mined.GasFeeCap(), big.NewInt(10)).Cmp(new(big.Int).Mul(old.GasFeeCap(), big.NewInt(11))), 0)
}

func TestSenderRestartFillsReservedNonceAndRebroadcasts(t *testing.T) {
	e := newSimEnv(t)
	ctx := context.Background()
	s := e.sender(t, SenderOptions{})
	to := common.HexToAddress("0xaa")
	_, err := s.Send(ctx, transfer("sent", to))
	require.NoError(t, err)
	// A crash between reservation and signing leaves a reserved nonce.
	require.NoError(t, s.j.reserve(&Record{Nonce: 1, Key: "lost", State: StateReserved, To: to}))
	// The pool forgets everything (a restarted RPC node).
	e.sim.Rollback()

	e.reopen(t)
	s2 := e.sender(t, SenderOptions{})
	require.Equal(t, 2, s2.InFlight())
	r := e.settle(t, s2, "sent")
	require.Equal(t, StateConfirmed, r.State)
	r = e.settle(t, s2, "lost")
	require.Equal(t, StateFailed, r.State)
	require.True(t, r.Noop)

	// Nonces stay continuous after the restart.
	r, err = s2.Send(ctx, transfer("after", to))
	require.NoError(t, err)
	require.Equal(t, uint64(2), r.Nonce)
	e.settle(t, s2, "after")
	n, err := e.sim.Client().NonceAt(ctx, s2.Address(), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(3), n)
}

func TestSenderCoordinatorCalls(t *testing.T) {
	e := newSimEnv(t)
	ctx := context.Background()
	done := make(chan struct{})
	go func() { // mine while deploying
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
				e.sim.Commit()
			}
		}
	}()
	dep, err := contracts.Deploy(ctx, e.sim.Client(), e.key, common.Address{})
	close(done)
	require.NoError(t, err)
	ca := coordinatorabi.NewCoordinator()
	parsed := ca.GetABI()
	s := e.sender(t, SenderOptions{Decoder: coordinator.NewRevertDecoder(&parsed)})

	// A delivery for a subscription that does not exist: decoded by selector,
	// nothing journaled, no nonce used.
	_, err = s.Send(ctx, Call{Key: "bad", To: dep.Coordinator, Data: ca.PackDeliverCompute(99, 1, nil, nil, nil, common.Address{})})
	require.ErrorIs(t, err, coordinator.Reverted("SubscriptionNotFound"))
	var re *coordinator.RevertError
	require.ErrorAs(t, err, &re)
	require.Equal(t, []any{uint32(99)}, re.Args)
	require.Equal(t, "SubscriptionNotFound", coordinator.RevertName(err))
	_, ok, err := s.Lookup("bad")
	require.NoError(t, err)
	require.False(t, ok)

	// A subscription created through the sender is confirmed.
	me := s.Address()
	_, err = s.Send(ctx, Call{Key: "create", To: dep.Coordinator, Data: ca.PackCreateSubscription(coordinatorabi.Subscription{
		Owner: me, Frequency: 1, Redundancy: 1, MaxGasPrice: big.NewInt(1e12), MaxGasLimit: 100_000,
		ContainerId: "echo", Inputs: []byte{1}, PaymentAmount: new(big.Int)})})
	require.NoError(t, err)
	r := e.settle(t, s, "create")
	require.Equal(t, StateConfirmed, r.State)
	require.Equal(t, []common.Hash{ca.GetABI().Events["SubscriptionCreated"].ID}, r.Events, "the target's events are kept")
	out, err := e.sim.Client().CallContract(ctx, ethereum.CallMsg{To: &dep.Coordinator, Data: ca.PackSubscriptionCount()}, nil)
	require.NoError(t, err)
	n, err := ca.UnpackSubscriptionCount(out)
	require.NoError(t, err)
	require.Equal(t, uint32(1), n)
}

// estimateSpy counts how the sender asks for estimates.
type estimateSpy struct {
	Backend
	bare, latest atomic.Int32
}

func (b *estimateSpy) EstimateGasAtBlock(ctx context.Context, m ethereum.CallMsg, n *big.Int) (uint64, error) {
	if n == nil {
		b.latest.Add(1)
	} else {
		b.bare.Add(1)
	}
	return b.Backend.EstimateGasAtBlock(ctx, m, n)
}

// TestSenderEstimatesAgainstLatestBlock: an estimate without a block is
// made against the pending block by anvil, which re-executes its whole pool
// each time (a backlog of deliveries made each estimate ~20× dearer); the
// sender names the latest block, and a revert still stops the send.
func TestSenderEstimatesAgainstLatestBlock(t *testing.T) {
	e := newSimEnv(t)
	spy := &estimateSpy{Backend: e.chain()}
	s, err := NewSender(context.Background(), spy, e.db.Table(storage.TableNonce), SenderOptions{Signer: signer.NewKey(e.key)})
	require.NoError(t, err)
	_, err = s.Send(context.Background(), transfer("a", common.HexToAddress("0xaa")))
	require.NoError(t, err)
	require.Equal(t, int32(1), spy.latest.Load())
	require.Zero(t, spy.bare.Load())
	// A call that cannot succeed (more value than the account holds)
	// fails its estimate: nothing is journaled or sent.
	_, err = s.Send(context.Background(), Call{Key: "b", To: common.HexToAddress("0xaa"), Value: new(big.Int).Mul(big.NewInt(1e6), big.NewInt(params.Ether))})
	require.Error(t, err)
	_, ok, err := s.Lookup("b")
	require.NoError(t, err)
	require.False(t, ok, "nothing journaled for a failed estimate")
}

// TestSenderSendsWithAGivenEstimate: a call that brings its estimate
// (Call.Estimated) is sized from it as from a fresh one (margin, floor,
// cap) and costs no eth_estimateGas.
func TestSenderSendsWithAGivenEstimate(t *testing.T) {
	e := newSimEnv(t)
	spy := &estimateSpy{Backend: e.chain()}
	s, err := NewSender(context.Background(), spy, e.db.Table(storage.TableNonce), SenderOptions{Signer: signer.NewKey(e.key)})
	require.NoError(t, err)
	c := transfer("learned", common.HexToAddress("0xaa"))
	c.Estimated = 21_000
	r, err := s.Send(context.Background(), c)
	require.NoError(t, err)
	require.Zero(t, spy.latest.Load()+spy.bare.Load(), "no estimate")
	require.Equal(t, uint64(21_000*125/100), r.Gas, "the default 25 %% margin")
	require.Equal(t, uint64(21_000), r.Estimated)
	e.mine(t, s, 1)
	r, err = s.Wait(context.Background(), "learned")
	require.NoError(t, err)
	require.Equal(t, StateConfirmed, r.State)

	c = transfer("floor", common.HexToAddress("0xaa"))
	c.Estimated, c.MinGas = 21_000, 50_000
	r, err = s.Send(context.Background(), c)
	require.NoError(t, err)
	require.Equal(t, uint64(50_000), r.Gas, "the call's floor")

	c = transfer("capped", common.HexToAddress("0xaa"))
	c.Estimated, c.MaxGas = 21_000, 20_000
	_, err = s.Send(context.Background(), c)
	require.ErrorIs(t, err, ErrGasAboveCap)
	require.Zero(t, spy.latest.Load()+spy.bare.Load())
}

// countingKV counts synced writes to a table: single Puts and batch commits.
type countingKV struct {
	storage.KeyValueStore
	puts, commits atomic.Int32
}

func (c *countingKV) Put(k, v []byte) error { c.puts.Add(1); return c.KeyValueStore.Put(k, v) }
func (c *countingKV) NewBatch() storage.Batch {
	return countingBatch{c.KeyValueStore.NewBatch(), c}
}

type countingBatch struct {
	storage.Batch
	c *countingKV
}

func (b countingBatch) Commit() error { b.c.commits.Add(1); return b.Batch.Commit() }

// TestSenderJournalsABlocksFinalStatesTogether: the transactions one block
// confirmed are journaled final in one synced batch (one fsync, not one per
// transaction), and every waiter sees its final state.
func TestSenderJournalsABlocksFinalStatesTogether(t *testing.T) {
	e := newSimEnv(t)
	kv := &countingKV{KeyValueStore: e.db.Table(storage.TableNonce)}
	s, err := NewSender(context.Background(), e.chain(), kv, SenderOptions{Signer: signer.NewKey(e.key)})
	require.NoError(t, err)
	ctx := context.Background()
	keys := []string{"a", "b", "c", "d", "e"}
	for _, k := range keys {
		_, err := s.Send(ctx, transfer(k, common.HexToAddress("0xaa")))
		require.NoError(t, err)
	}
	kv.puts.Store(0)
	kv.commits.Store(0)
	e.mine(t, s, 1)
	require.Zero(t, kv.puts.Load())
	require.Equal(t, int32(1), kv.commits.Load())
	require.Zero(t, s.InFlight())
	for _, k := range keys {
		r, err := s.Wait(ctx, k)
		require.NoError(t, err)
		require.Equal(t, StateConfirmed, r.State)
	}
}

// orderSpy records the nonces in the order the sender broadcasts them.
type orderSpy struct {
	Backend
	mu     sync.Mutex
	nonces []uint64
}

func (b *orderSpy) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	return b.SendTransactions(ctx, []*types.Transaction{tx})[0]
}

func (b *orderSpy) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	b.mu.Lock()
	for _, tx := range txs {
		b.nonces = append(b.nonces, tx.Nonce())
	}
	b.mu.Unlock()
	time.Sleep(time.Millisecond) // a broadcast takes a round trip; others queue meanwhile
	return b.Backend.SendTransactions(ctx, txs)
}

// TestSenderBroadcastsInNonceOrder: concurrent sends reach the chain in
// nonce order. One broadcast overtaking a lower nonce leaves a gap, and a
// block built meanwhile takes only the nonces below it.
func TestSenderBroadcastsInNonceOrder(t *testing.T) {
	e := newSimEnv(t)
	spy := &orderSpy{Backend: e.chain()}
	s, err := NewSender(context.Background(), spy, e.db.Table(storage.TableNonce), SenderOptions{Signer: signer.NewKey(e.key)})
	require.NoError(t, err)
	var wg sync.WaitGroup
	for i := range 40 {
		wg.Go(func() {
			_, err := s.Send(context.Background(), transfer(fmt.Sprint(i), common.HexToAddress("0xaa")))
			assert.NoError(t, err)
		})
	}
	wg.Wait()
	spy.mu.Lock()
	defer spy.mu.Unlock()
	require.Len(t, spy.nonces, 40)
	require.IsIncreasing(t, spy.nonces)
	e.mine(t, s, 1)
	require.Zero(t, s.InFlight(), "all 40 mined in one block")
}

// TestSenderReadsReceiptsPerBlockAfterQuietSpell: after blocks with
// nothing open (a recurring subscription's period), a new batch is
// followed with one eth_getBlockReceipts per block, not one receipt call
// per transaction.
func TestSenderReadsReceiptsPerBlockAfterQuietSpell(t *testing.T) {
	e := newSimEnv(t)
	in := chain.Instrument(e.chain(), nil)
	s, err := NewSender(context.Background(), in, e.db.Table(storage.TableNonce), SenderOptions{Signer: signer.NewKey(e.key)})
	require.NoError(t, err)
	ctx := context.Background()
	send := func(prefix string) {
		for i := range 5 {
			_, err := s.Send(ctx, transfer(fmt.Sprint(prefix, i), common.HexToAddress("0xaa")))
			require.NoError(t, err)
		}
		e.mine(t, s, 1)
		require.Zero(t, s.InFlight())
	}
	send("a")
	for range 30 {
		e.mine(t, s, 1)
	}
	before := in.CallsByMethod()
	send("b")
	after := in.CallsByMethod()
	require.Equal(t, before["eth_getTransactionReceipt"], after["eth_getTransactionReceipt"], "no receipt read per transaction")
	require.Equal(t, before["eth_getBlockReceipts"]+1, after["eth_getBlockReceipts"])
}
