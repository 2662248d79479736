package relay

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/txm"
)

// racers are independent nodes (no fleet) serving the same subscriptions,
// each with its own wallet, on a chain the test mines once all of them
// acted on the head: every due interval is raced for in the same block.
type racers struct {
	*guardChain
	nodes []*node
	logs  *syncBuffer
}

func (d *racers) round() {
	for _, n := range d.nodes {
		d.settle(n)
	}
	d.mine(d.step)
}

// minedReverts counts the nodes' transactions that reverted on chain: the
// races they lost (proof the test raced at all).
func (d *racers) minedReverts() int {
	reverted := 0
	for _, n := range d.nodes {
		reverted += d.minedRevertsOf(n)
	}
	return reverted
}

func (d *racers) minedRevertsOf(n *node) int {
	recs, err := n.s.Records()
	require.NoError(d.t, err)
	reverted := 0
	for _, r := range recs {
		if r.State == txm.StateFailed && r.MinedHash != (common.Hash{}) && !r.Noop {
			reverted++
		}
	}
	return reverted
}

// requireNobodyBackedOff checks that no node backs off owner.
func (d *racers) requireNobodyBackedOff(owner common.Address) {
	d.t.Helper()
	for i, n := range d.nodes {
		v, err := n.r.spending.g.Check(guard.Delivery{Key: "probe", Owner: owner}, n.r.spending.heads.Head())
		require.NoError(d.t, err)
		require.Equal(d.t, guard.Serve, v.Action, "node %d backs owner %s off: %s", i, owner, v.Reason)
	}
	require.NotContains(d.t, d.logs.String(), "backing off", "a lost race is no failure")
}

func startRacers(t testing.TB, start func(d *guardChain, keyIdx int, o func(*Options)) *node) *racers {
	return startRacersN(t, 3, start)
}

func startRacersN(t testing.TB, n int, start func(d *guardChain, keyIdx int, o func(*Options)) *node) *racers {
	d := &racers{guardChain: startGuardChain(t, 8), logs: &syncBuffer{}}
	log := slog.New(slog.NewTextHandler(d.logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	for k := 1; k <= n; k++ {
		d.nodes = append(d.nodes, start(d.guardChain, k, func(o *Options) { o.Logger = log }))
	}
	return d
}

// TestIndependentNodesRace: three independent nodes on the same recurring
// subscriptions (redundancy 1 and 2) deliver every interval exactly
// redundancy times; the races they lose revert on chain and cost their
// gas, and never back the owner off (our Coordinator's
// IntervalRedundancyReached and NodeAlreadyResponded).
func TestIndependentNodesRace(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	d := startRacers(t, func(g *guardChain, k int, o func(*Options)) *node {
		return g.startNodeWith(k, t.TempDir(), nil, nil, o)
	})
	for range 3 {
		d.round()
	}
	const freq, period = 4, 4 // an interval spans two blocks
	type sub struct {
		id    uint32
		r     uint16
		owner common.Address
	}
	// All created in one block, active from the next.
	var subs []sub
	var txs []*types.Transaction
	activeAt := uint32(d.head().Time + d.step)
	for i, key := range []int{4, 4, 4, 5, 5, 5} {
		r := uint16(1 + i%2)
		owner := crypto.PubkeyToAddress(d.keys[key].PublicKey)
		txs = append(txs, d.sendTx(d.keys[key], &d.dep.Coordinator, nil, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
			Owner: owner, ActiveAt: activeAt, Period: period, Frequency: freq, Redundancy: r, MaxGasPrice: big.NewInt(1e14),
			MaxGasLimit: 200_000, ContainerId: "echo", Inputs: []byte{byte('a' + i)}, PaymentAmount: new(big.Int),
		})))
		subs = append(subs, sub{r: r, owner: owner})
	}
	d.mine(d.step)
	for i, tx := range txs {
		rc, err := d.client.TransactionReceipt(context.Background(), tx.Hash())
		require.NoError(t, err)
		ev, err := coordABI.UnpackSubscriptionCreatedEvent(rc.Logs[0])
		require.NoError(t, err)
		subs[i].id = ev.Id
	}
	for range freq*period/int(d.step) + 3 {
		d.round()
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(d.logs.String())
		}
	})
	for _, s := range subs {
		logs, err := d.client.FilterLogs(context.Background(), ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(d.dep.DeployBlock), Addresses: []common.Address{d.dep.Coordinator},
			Topics: [][]common.Hash{{codec.TopicComputeDelivered}, {common.BigToHash(big.NewInt(int64(s.id)))}},
		})
		require.NoError(t, err)
		require.Len(t, logs, freq*int(s.r), "subscription %d (redundancy %d): every interval delivered redundancy times", s.id, s.r)
	}
	lost := d.minedReverts()
	t.Logf("races lost on chain: %d", lost)
	require.Positive(t, lost, "the nodes raced")
	for _, s := range subs {
		d.requireNobodyBackedOff(s.owner)
	}
}

// TestIndependentNodesRaceInfernetV1 is the same in the SDK v1 dialect
// (IntervalCompleted, NodeRespondedAlready): the consumer owns every
// subscription.
func TestIndependentNodesRaceInfernetV1(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil")
	}
	g := startGuardChain(t, 8)
	rpc := g.rpc
	require.NoError(t, rpc.CallContext(context.Background(), nil, "evm_setAutomine", true))
	addrs := g.deployInetV1(g.keys[6], 0)
	c := g.deployInetConsumer(g.keys[0], addrs.Registry)
	const freq, period = 4, 4
	var ids []uint32
	reds := map[uint32]uint16{}
	for i := range 6 {
		r := uint16(1 + i%2)
		id := g.inetSubscribe(g.keys[0], c, inetSub{containers: "echo", frequency: freq, period: period, redundancy: r})
		ids = append(ids, id)
		reds[id] = r
	}
	require.NoError(t, rpc.CallContext(context.Background(), nil, "evm_setAutomine", false))
	d := &racers{guardChain: g, logs: &syncBuffer{}}
	log := slog.New(slog.NewTextHandler(d.logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	for k := 1; k <= 3; k++ {
		d.nodes = append(d.nodes, g.startInetNode(k, t.TempDir(), addrs, func(o *Options) { o.Logger = log }))
	}
	for range freq*period/int(d.step) + 6 {
		d.round()
	}
	got := map[uint32]int{}
	for _, dl := range d.inetDeliveriesOf(c) {
		got[dl.SubscriptionId]++
	}
	for _, id := range ids {
		require.Equal(t, freq*int(reds[id]), got[id], "subscription %d (redundancy %d): every interval delivered redundancy times", id, reds[id])
	}
	lost := d.minedReverts()
	t.Logf("races lost on chain: %d", lost)
	require.Positive(t, lost, "the nodes raced")
	d.requireNobodyBackedOff(c.addr)
}

// syncBuffer is a log sink the nodes write to while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startFleetEtcd runs a one-member etcd inside the test process.
func startFleetEtcd(t testing.TB) *fleet.Etcd {
	t.Helper()
	port := func() string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer l.Close()
		return "http://" + l.Addr().String()
	}
	e, err := fleet.OpenEtcd(context.Background(), fleet.EtcdOptions{Embed: &fleet.EmbedOptions{Name: "e", DataDir: t.TempDir(), ClientURL: port(), PeerURL: port()}})
	require.NoError(t, err)
	t.Cleanup(func() { _ = e.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	require.NoError(t, e.Ready(ctx))
	return e
}

// joinFleet makes a member of fleet "t" for node key keyIdx, running until
// the test ends or stop is called.
func joinFleet(t testing.TB, e *fleet.Etcd, d *guardChain, keyIdx int) (*fleet.Fleet, func()) {
	t.Helper()
	f, err := fleet.New(fleet.Options{Client: e.Client, Name: "t", NodeID: fmt.Sprintf("m%d", keyIdx),
		Address: crypto.PubkeyToAddress(d.keys[keyIdx].PublicKey), Signer: signer.NewKey(d.keys[keyIdx]), LeaseTTL: 2 * time.Second, Logger: testLogger()})
	require.NoError(t, err)
	require.NoError(t, f.Join(context.Background()))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = f.Run(ctx) }()
	var once sync.Once
	stop := func() { once.Do(func() { cancel(); <-done }) }
	t.Cleanup(stop)
	return f, stop
}

// TestFleetNoRace: the same three nodes as fleet members on one etcd
// divide the subscriptions and claim each interval's slots: every interval
// is delivered exactly redundancy times by distinct members, and not one
// transaction of theirs reverts, while one member leaves midway (its
// share is taken over).
func TestFleetNoRace(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil and etcd")
	}
	e := startFleetEtcd(t)
	var fleets []*fleet.Fleet
	var stops []func()
	d := startRacers(t, func(g *guardChain, k int, o func(*Options)) *node {
		f, stop := joinFleet(t, e, g, k)
		fleets, stops = append(fleets, f), append(stops, stop)
		return g.startNodeWith(k, t.TempDir(), nil, nil, func(ro *Options) { o(ro); ro.Fleet, ro.FleetSpending = f, f.Spending() })
	})
	for _, f := range fleets {
		require.Eventually(t, func() bool { return len(f.Members().List()) == 3 }, time.Minute, 10*time.Millisecond)
	}
	for range 3 {
		d.round()
	}
	const freq, period, n = 6, 4, 9
	var ids []uint32
	reds := map[uint32]int{}
	var txs []*types.Transaction
	activeAt := uint32(d.head().Time + d.step)
	for i := range n {
		key := d.keys[4+i%2]
		txs = append(txs, d.sendTx(key, &d.dep.Coordinator, nil, coordABI.PackCreateSubscription(coordinatorabi.Subscription{
			Owner: crypto.PubkeyToAddress(key.PublicKey), ActiveAt: activeAt, Period: period, Frequency: freq, Redundancy: uint16(1 + i%2),
			MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 200_000, ContainerId: "echo", Inputs: []byte{byte('a' + i)}, PaymentAmount: new(big.Int),
		})))
	}
	d.mine(d.step)
	for i, tx := range txs {
		rc, err := d.client.TransactionReceipt(context.Background(), tx.Hash())
		require.NoError(t, err)
		ev, err := coordABI.UnpackSubscriptionCreatedEvent(rc.Logs[0])
		require.NoError(t, err)
		ids = append(ids, ev.Id)
		reds[ev.Id] = 1 + i%2
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Log(d.logs.String())
		}
	})
	for range 4 { // two intervals with three members
		d.round()
	}
	// The third member leaves: its node stops, its lease goes.
	gone := d.nodes[2]
	d.settle(gone)
	goneReverts := d.minedRevertsOf(gone)
	gone.stop()
	stops[2]()
	d.nodes = d.nodes[:2]
	for _, f := range fleets[:2] {
		require.Eventually(t, func() bool { return len(f.Members().List()) == 2 }, time.Minute, 10*time.Millisecond)
	}
	for range freq*period/int(d.step) + 2 {
		d.round()
	}
	for _, id := range ids {
		logs, err := d.client.FilterLogs(context.Background(), ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(d.dep.DeployBlock), Addresses: []common.Address{d.dep.Coordinator},
			Topics: [][]common.Hash{{codec.TopicComputeDelivered}, {common.BigToHash(big.NewInt(int64(id)))}},
		})
		require.NoError(t, err)
		require.Len(t, logs, freq*reds[id], "subscription %d (redundancy %d): every interval delivered redundancy times", id, reds[id])
	}
	require.Zero(t, d.minedReverts()+goneReverts, "no fleet member's delivery reverted")
	var won float64
	for _, f := range fleets {
		won += float64(f.Info().Claimed)
	}
	t.Logf("claims won: %v", won)
}

// BenchmarkFleet is docs/fleet.md's before and after: three nodes on anvil
// (blocks mined once all of them acted on the head, 2 s of block time
// apart) serving 60 recurring subscriptions (half redundancy 1, half 2;
// 4 intervals of 4 s) and 10 one-shots, first as independent nodes, then
// as one fleet on an embedded etcd. It reports the transactions that
// reverted on chain, the gas they used, the intervals left short of their
// redundancy, and (fleet) etcd round trips per delivery.
func BenchmarkFleet(b *testing.B) {
	for _, mode := range []string{"single", "independent", "fleet"} {
		b.Run(mode, func(b *testing.B) {
			for range b.N {
				benchFleet(b, mode == "fleet", mode == "single")
			}
		})
	}
}

func benchFleet(b *testing.B, inFleet, single bool) {
	b.StopTimer()
	var fleets []*fleet.Fleet
	var e *fleet.Etcd
	if inFleet {
		e = startFleetEtcd(b)
	}
	nodes := 3
	if single {
		nodes = 1
	}
	d := startRacersN(b, nodes, func(g *guardChain, k int, o func(*Options)) *node {
		if !inFleet {
			return g.startNodeWith(k, b.TempDir(), nil, nil, o)
		}
		f, _ := joinFleet(b, e, g, k)
		fleets = append(fleets, f)
		return g.startNodeWith(k, b.TempDir(), nil, nil, func(ro *Options) { o(ro); ro.Fleet, ro.FleetSpending = f, f.Spending() })
	})
	for _, f := range fleets {
		require.Eventually(b, func() bool { return len(f.Members().List()) == 3 }, time.Minute, 10*time.Millisecond)
	}
	for range 3 {
		d.round()
	}
	const recurring, oneShots, freq, period = 60, 10, 4, 4
	activeAt := uint32(d.head().Time + d.step)
	var txs []*types.Transaction
	reds := map[int]int{}
	for i := range recurring + oneShots {
		key := d.keys[4+i%4]
		s := coordinatorabi.Subscription{Owner: crypto.PubkeyToAddress(key.PublicKey), ActiveAt: activeAt, Period: period, Frequency: freq,
			Redundancy: uint16(1 + i%2), MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 200_000, ContainerId: "echo",
			Inputs: []byte{byte(i), byte(i >> 8)}, PaymentAmount: new(big.Int)}
		if i >= recurring {
			s.Period, s.Frequency, s.Redundancy = 0, 1, 1
		}
		reds[i] = int(s.Redundancy)
		txs = append(txs, d.sendTx(key, &d.dep.Coordinator, nil, coordABI.PackCreateSubscription(s)))
	}
	d.mine(d.step)
	want := map[uint32][2]int{} // id -> frequency, redundancy
	for i, tx := range txs {
		rc, err := d.client.TransactionReceipt(context.Background(), tx.Hash())
		require.NoError(b, err)
		ev, err := coordABI.UnpackSubscriptionCreatedEvent(rc.Logs[0])
		require.NoError(b, err)
		f := freq
		if i >= recurring {
			f = 1
		}
		want[ev.Id] = [2]int{f, reds[i]}
	}
	var calls0 int64
	for _, n := range d.nodes {
		calls0 += n.rpc.Calls()
	}
	var trips0 fleet.Trips
	for _, f := range fleets {
		t := f.Trips()
		trips0.Claims, trips0.KV, trips0.Lease = trips0.Claims+t.Claims, trips0.KV+t.KV, trips0.Lease+t.Lease
	}
	began := time.Now()
	b.StartTimer()
	for range freq*period/int(d.step) + 3 {
		d.round()
	}
	b.StopTimer()
	var calls int64
	for _, n := range d.nodes {
		calls += n.rpc.Calls()
	}
	logs, err := d.client.FilterLogs(context.Background(), ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(d.dep.DeployBlock), Addresses: []common.Address{d.dep.Coordinator},
		Topics: [][]common.Hash{{codec.TopicComputeDelivered}},
	})
	require.NoError(b, err)
	got := map[[2]uint32]int{}
	for _, l := range logs {
		got[[2]uint32{uint32(new(big.Int).SetBytes(l.Topics[1][:]).Uint64()), uint32(new(big.Int).SetBytes(l.Data[:32]).Uint64())}]++
	}
	missed, intervals := 0, 0
	for id, w := range want {
		for k := 1; k <= w[0]; k++ {
			intervals++
			if got[[2]uint32{id, uint32(k)}] < w[1] {
				missed++
			}
		}
	}
	var reverted, wasted uint64
	for _, n := range d.nodes {
		recs, err := n.s.Records()
		require.NoError(b, err)
		for _, r := range recs {
			if r.State == txm.StateFailed && r.MinedHash != (common.Hash{}) && !r.Noop {
				reverted++
				wasted += r.GasUsed
			}
		}
	}
	b.ReportMetric(float64(len(logs)), "deliveries")
	b.ReportMetric(float64(intervals), "intervals")
	b.ReportMetric(float64(missed), "missed")
	b.ReportMetric(float64(reverted), "reverted_txs")
	b.ReportMetric(float64(wasted), "wasted_gas")
	b.ReportMetric(float64(calls-calls0)/float64(max(len(logs), 1)), "rpc/delivery")
	if inFleet {
		// Every etcd round trip of every member while the intervals ran,
		// over the deliveries: claims, and all key-value requests
		// (claims, membership and delegated reads included); lease
		// traffic (keep-alives) is per second, not per delivery.
		trips := trips0
		trips.Claims, trips.KV, trips.Lease = -trips.Claims, -trips.KV, -trips.Lease
		for _, f := range fleets {
			t := f.Trips()
			trips.Claims, trips.KV, trips.Lease = trips.Claims+t.Claims, trips.KV+t.KV, trips.Lease+t.Lease
		}
		n := float64(max(len(logs), 1))
		b.ReportMetric(float64(trips.Claims)/n, "etcd_claim_rt/delivery")
		b.ReportMetric(float64(trips.KV)/n, "etcd_kv_rt/delivery")
		b.ReportMetric(float64(trips.Lease)/time.Since(began).Seconds(), "etcd_lease_rt/s")
	}
	for _, n := range d.nodes {
		n.stop()
	}
}
