package txm

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/params"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/signer"
)

// freezable is a lane's chain client whose raw transactions can be
// dropped (a frozen lane: nothing it sends reaches the pool).
type freezable struct {
	*chain.Client
	frozen atomic.Bool
}

func (f *freezable) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	if f.frozen.Load() {
		return nil
	}
	return f.Client.SendTransaction(ctx, tx)
}

func (f *freezable) SendTransactions(ctx context.Context, txs []*types.Transaction) []error {
	if f.frozen.Load() {
		return make([]error, len(txs))
	}
	return f.Client.SendTransactions(ctx, txs)
}

type lanesEnv struct {
	sim     *simulated.Backend
	db      *storage.Store
	keys    []*ecdsa.PrivateKey
	senders []*Sender
	backs   []*freezable
	lanes   *Lanes
	reg     *prometheus.Registry
}

// newLanesEnv starts a simulated chain with n lane keys (each funded with
// laneWei) and, with top-up, a funding key holding 1000 ether.
func newLanesEnv(t testing.TB, n int, laneWei *big.Int, so SenderOptions, lo LanesOptions, topUp bool) *lanesEnv {
	t.Helper()
	e := &lanesEnv{reg: prometheus.NewRegistry()}
	alloc := types.GenesisAlloc{}
	for range n + 1 {
		k, err := crypto.GenerateKey()
		require.NoError(t, err)
		e.keys = append(e.keys, k)
		alloc[crypto.PubkeyToAddress(k.PublicKey)] = types.Account{Balance: laneWei}
	}
	fund := e.keys[n]
	alloc[crypto.PubkeyToAddress(fund.PublicKey)] = types.Account{Balance: new(big.Int).Mul(big.NewInt(1000), big.NewInt(params.Ether))}
	e.sim = simulated.NewBackend(alloc)
	t.Cleanup(func() { _ = e.sim.Close() })
	db, err := storage.Open(t.TempDir(), storage.Options{})
	require.NoError(t, err)
	t.Cleanup(func() { _ = db.Close() })
	e.db = db
	ctx := context.Background()
	for i := range n {
		b := &freezable{Client: chain.Simulated(e.sim, chain.Options{})}
		o := so
		o.Signer = signer.NewKey(e.keys[i])
		s, err := NewSender(ctx, b, db.Table(storage.TableNonce), o)
		require.NoError(t, err)
		e.senders, e.backs = append(e.senders, s), append(e.backs, b)
	}
	m, err := NewLaneMetrics(e.reg)
	require.NoError(t, err)
	lo.Metrics, lo.Chain = m, "test"
	client := e.sim.Client()
	lo.Balance = func(ctx context.Context, a common.Address) (*big.Int, error) { return client.BalanceAt(ctx, a, nil) }
	if topUp {
		fs, err := NewSender(ctx, chain.Simulated(e.sim, chain.Options{}), db.Table(storage.TableNonce), SenderOptions{Signer: signer.NewKey(fund)})
		require.NoError(t, err)
		lo.TopUp.Sender = fs
	} else {
		lo.TopUp = nil
	}
	e.lanes, err = NewLanes(e.senders, lo)
	require.NoError(t, err)
	return e
}

// block commits one block and runs what Run does on a head: every lane's
// monitor step, then the upkeep.
func (e *lanesEnv) block(t testing.TB) {
	t.Helper()
	ctx := context.Background()
	e.sim.Commit()
	h, err := e.sim.Client().HeaderByNumber(ctx, nil)
	require.NoError(t, err)
	e.lanes.ObserveHead(h)
	for _, s := range e.senders {
		require.NoError(t, s.Step(ctx))
	}
	if tu := e.lanes.o.TopUp; tu != nil {
		require.NoError(t, tu.Sender.Step(ctx))
	}
	e.lanes.Upkeep(ctx)
}

func (e *lanesEnv) laneOf(a common.Address) int {
	for i, s := range e.senders {
		if s.Address() == a {
			return i
		}
	}
	return -1
}

func ether(n int64) *big.Int { return new(big.Int).Mul(big.NewInt(n), big.NewInt(params.Ether)) }

func TestLanesStickyBySubscription(t *testing.T) {
	e := newLanesEnv(t, 4, ether(10), SenderOptions{}, LanesOptions{}, false)
	ctx := context.Background()
	to := common.HexToAddress("0xaa")
	per := map[int]int{}
	for sub := range 40 {
		lane := -1
		for k := range 3 {
			key := fmt.Sprintf("deliver/%d/%d/1", sub, k)
			_, err := e.lanes.Send(ctx, transfer(key, to))
			require.NoError(t, err)
			owner, _, ok, err := e.lanes.find(key)
			require.NoError(t, err)
			require.True(t, ok)
			i := e.laneOf(owner.s.Address())
			if lane == -1 {
				lane = i
			}
			require.Equal(t, lane, i, "subscription %d's transactions stay on one lane", sub)
		}
		per[lane]++
	}
	require.Len(t, per, 4, "40 subscriptions spread over every lane: %v", per)
	for i, n := range per {
		require.GreaterOrEqual(t, n, 3, "lane %d has %d of 40 subscriptions: %v", i, n, per)
	}

	// A key already sent is found whichever lane holds it: sent once.
	before := e.lanes.InFlight()
	r, err := e.lanes.Send(ctx, Call{Key: "deliver/5/0/1", Lane: "elsewhere", To: to, Value: big.NewInt(1)})
	require.NoError(t, err)
	require.Equal(t, before, e.lanes.InFlight())
	e.block(t)
	got, err := e.lanes.Wait(ctx, "deliver/5/0/1")
	require.NoError(t, err)
	require.Equal(t, StateConfirmed, got.State)
	require.Equal(t, r.Nonce, got.Nonce)
	require.Zero(t, e.lanes.InFlight(), "one block confirms 120 transactions of 4 lanes")
}

// A frozen lane (its raw transactions dropped) is quarantined after its
// stuck_blocks, the sends waiting for its window move to the other lanes
// within stuck_blocks + 2 blocks, the other lanes' subscriptions are not
// delayed, and the lane rejoins once its nonce moves.
func TestLanesFrozenLaneQuarantined(t *testing.T) {
	const stuck = 3
	e := newLanesEnv(t, 3, ether(10), SenderOptions{MaxInFlight: 2, StuckBlocks: stuck}, LanesOptions{}, false)
	ctx := context.Background()
	to := common.HexToAddress("0xaa")
	frozenSub := "deliver/7"
	fi := e.laneOf(e.lanes.LaneFor(frozenSub))
	e.backs[fi].frozen.Store(true)
	other := ""
	for sub := range 100 {
		if k := fmt.Sprintf("deliver/%d", sub); e.laneOf(e.lanes.LaneFor(k)) != fi {
			other = k
			break
		}
	}

	for k := range 2 { // fill the frozen lane's window
		r, err := e.lanes.Send(ctx, transfer(fmt.Sprintf("%s/%d/1", frozenSub, k), to))
		require.NoError(t, err)
		require.Equal(t, StateSent, r.State)
	}
	moved := make(chan *Record, 1)
	go func() {
		r, err := e.lanes.Send(ctx, transfer(frozenSub+"/2/1", to))
		if err != nil {
			panic(err)
		}
		moved <- r
	}()

	var movedAt int
	for b := 1; b <= stuck+2; b++ {
		// The other lanes deliver as if nothing happened: sent and
		// confirmed in the next block.
		key := fmt.Sprintf("%s/%d/1", other, b)
		_, err := e.lanes.Send(ctx, transfer(key, to))
		require.NoError(t, err)
		e.block(t)
		r, ok, err := e.lanes.Lookup(key)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, StateConfirmed, r.State, "block %d: a subscription of an active lane is not delayed", b)
		if movedAt == 0 && e.lanes.Info()[fi].State == LaneQuarantined {
			movedAt = b
			r := <-moved // woken by the quarantine, not by a block
			require.NotEqual(t, fi, e.laneOf(e.lanes.LaneFor(frozenSub)))
			owner, _, _, _ := e.lanes.find(frozenSub + "/2/1")
			require.NotEqual(t, e.senders[fi].Address(), owner.s.Address(), "the waiting send moved off the frozen lane")
			require.Equal(t, StateSent, r.State)
		}
	}
	require.NotZero(t, movedAt, "the frozen lane was quarantined within stuck_blocks + 2 blocks")
	t.Logf("quarantined and moved after %d blocks (stuck_blocks %d)", movedAt, stuck)
	require.NoError(t, e.lanes.Stalled(), "a quarantined lane alone leaves the chain healthy")
	require.Equal(t, 1.0, testutil.ToFloat64(e.lanes.o.Metrics.state.WithLabelValues("test", e.senders[fi].Address().Hex(), LaneQuarantined)))

	// Thawed: the monitor's rebroadcast lands the stuck nonces and the
	// lane rejoins; its subscription comes back to it.
	e.backs[fi].frozen.Store(false)
	for range 3 {
		e.block(t)
	}
	require.Equal(t, LaneActive, e.lanes.Info()[fi].State)
	require.Equal(t, fi, e.laneOf(e.lanes.LaneFor(frozenSub)))
	for k := range 2 {
		r, ok, err := e.lanes.Lookup(fmt.Sprintf("%s/%d/1", frozenSub, k))
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, StateConfirmed, r.State, "sent once, from the frozen lane, mined once it thawed")
	}
}

func TestLanesAllStuckIsUnhealthy(t *testing.T) {
	e := newLanesEnv(t, 2, ether(10), SenderOptions{StuckBlocks: 2}, LanesOptions{}, false)
	ctx := context.Background()
	for i, b := range e.backs {
		b.frozen.Store(true)
		// One transaction on each lane: pick keys by lane.
		for sub := 0; ; sub++ {
			k := fmt.Sprintf("deliver/%d", sub)
			if e.laneOf(e.lanes.LaneFor(k)) == i {
				_, err := e.lanes.Send(ctx, transfer(k+"/0/1", common.HexToAddress("0xaa")))
				require.NoError(t, err)
				break
			}
		}
	}
	for range 4 {
		e.block(t)
	}
	err := e.lanes.Stalled()
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "every lane is stuck"), err.Error())
	// With no active lane a call still goes where the hash sends it.
	ln, moved := e.lanes.pick("deliver/1")
	require.NotNil(t, ln)
	require.Nil(t, moved)
}

func TestLanesTopUp(t *testing.T) {
	low := new(big.Int).Div(ether(1), big.NewInt(100)) // 0.01 ether
	tu := &TopUp{Min: new(big.Int).Div(ether(1), big.NewInt(10)), Target: new(big.Int).Div(ether(12), big.NewInt(100))}
	e := newLanesEnv(t, 2, low, SenderOptions{}, LanesOptions{TopUp: tu, BalanceEvery: 1}, true)
	ctx := context.Background()
	e.lanes.Upkeep(ctx) // reads the balances: both below 0.1 ether
	for _, li := range e.lanes.Info() {
		require.Equal(t, LaneRefilling, li.State, li.Address.Hex())
		require.Equal(t, low, li.BalanceWei)
	}
	e.block(t) // mines the transfers
	e.block(t) // reads them final, then the new balances
	for i, li := range e.lanes.Info() {
		require.Equal(t, LaneActive, li.State)
		bal, err := e.sim.Client().BalanceAt(ctx, li.Address, nil)
		require.NoError(t, err)
		require.Equal(t, tu.Target, bal, "lane %d refilled to the target", i)
		require.Equal(t, 1.0, testutil.ToFloat64(e.lanes.o.Metrics.topUps.WithLabelValues("test", li.Address.Hex())))
	}
	recs, err := tu.Sender.Records()
	require.NoError(t, err)
	require.Len(t, recs, 2, "one journaled transfer per lane")
	for range 3 {
		e.block(t)
	}
	recs, err = tu.Sender.Records()
	require.NoError(t, err)
	require.Len(t, recs, 2, "a lane at its target is not topped up again")
}
