package relay

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/testnet"
)

// anvilSubscriptions starts anvil (1 s blocks, 30M gas), deploys the
// contracts and creates subs EOA-owned echo subscriptions, all due at
// activeAt (after every creation is mined and read).
func anvilSubscriptions(b *testing.B, subs int) (*ethclient.Client, *harness, uint32, *testnet.Anvil) {
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, GasLimit: 30_000_000})
	require.NoError(b, err)
	b.Cleanup(func() { _ = a.Stop() })
	client := dialChain(b, a.WSURL())
	h := newChainHarness(b, client, a.FundedKeys()[:2])
	key := h.keys[0]
	from := crypto.PubkeyToAddress(key.PublicKey)
	head, err := client.HeaderByNumber(ctx, nil)
	require.NoError(b, err)
	activeAt := uint32(head.Time) + 45
	nonce, err := client.PendingNonceAt(ctx, from)
	require.NoError(b, err)
	signer := types.LatestSignerForChainID(h.chainID)
	for i := range subs {
		data := coordABI.PackCreateSubscription(coordinatorabi.Subscription{
			Owner: from, ActiveAt: activeAt, Frequency: 1, Redundancy: 1,
			MaxGasPrice: big.NewInt(1e14), MaxGasLimit: 50_000, ContainerId: "echo", Inputs: []byte(fmt.Sprint(i)), PaymentAmount: new(big.Int),
		})
		tx, err := types.SignNewTx(key, signer, &types.DynamicFeeTx{ChainID: h.chainID, Nonce: nonce + uint64(i),
			GasTipCap: big.NewInt(params.GWei), GasFeeCap: big.NewInt(100 * params.GWei), Gas: 500_000, To: &h.dep.Coordinator, Data: data})
		require.NoError(b, err)
		require.NoError(b, client.SendTransaction(ctx, tx))
	}
	require.Eventually(b, func() bool {
		count, err := coordABI.UnpackSubscriptionCount(h.call(h.dep.Coordinator, coordABI.PackSubscriptionCount()))
		return err == nil && count == uint32(subs)
	}, 2*time.Minute, 100*time.Millisecond, "all subscriptions created")
	return client, h, activeAt, a
}

// cpuMeter reads the CPU time used by this process (the node, the echo
// service and the benchmark) and by anvil: per delivery, a figure that
// holds on a machine busy with other work, where wall-clock ones do not.
type cpuMeter struct {
	anvil      int
	self, peer time.Duration
}

func newCPUMeter(anvil *testnet.Anvil) *cpuMeter {
	m := &cpuMeter{anvil: anvil.Pid()}
	m.self, m.peer = m.read()
	return m
}

func (m *cpuMeter) read() (self, peer time.Duration) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		self = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", m.anvil)); err == nil {
		// Fields after the command's closing parenthesis; utime and stime
		// are the 14th and 15th of the line, in clock ticks (100 Hz).
		f := strings.Fields(string(raw[strings.LastIndexByte(string(raw), ')')+1:]))
		if len(f) > 12 {
			u, _ := strconv.ParseInt(f[11], 10, 64)
			s, _ := strconv.ParseInt(f[12], 10, 64)
			peer = time.Duration(u+s) * 10 * time.Millisecond
		}
	}
	return self, peer
}

// reportPeer adds anvil's CPU since newCPUMeter per operation, in ms, and
// returns it.
func (m *cpuMeter) reportPeer(b *testing.B, name string, ops int) time.Duration {
	_, peer := m.read()
	if peer > 0 {
		b.ReportMetric(float64(peer-m.peer)/float64(time.Millisecond)/float64(ops), name)
	}
	return peer - m.peer
}

// report adds the CPU used since newCPUMeter per delivery, in ms.
func (m *cpuMeter) report(b *testing.B, deliveries int) {
	self, peer := m.read()
	b.ReportMetric(float64(self-m.self)/float64(time.Millisecond)/float64(deliveries), "node-cpu-ms/delivery")
	if peer > 0 {
		b.ReportMetric(float64(peer-m.peer)/float64(time.Millisecond)/float64(deliveries), "anvil-cpu-ms/delivery")
	}
}

// BenchmarkAnvilBacklog is the chain cost and throughput figure of
// docs/relay.md: on anvil (1 s blocks, 30M gas), 1,000 EOA-owned
// subscriptions fall due at the same block time; the node (heads over
// WebSocket, default options) delivers them all. It reports RPC requests
// per delivery (a JSON-RPC batch counts once), deliveries per block, the
// share of each block's gas they use, the blocks and seconds to drain, and
// the idle cost per block while the subscriptions wait. Run with
//
//	go test -run '^$' -bench AnvilBacklog -benchtime 1x ./relay
func BenchmarkAnvilBacklog(b *testing.B) {
	for range b.N {
		anvilBacklog(b, 1000)
	}
}

func anvilBacklog(b *testing.B, subs int) {
	client, h, activeAt, a := anvilSubscriptions(b, subs)
	n := h.startNodeWith(1, b.TempDir(), nil, nil, backlogOptions)
	measureBacklog(b, backlog{client: client, h: h, activeAt: activeAt, a: a, n: n, subs: subs,
		coordinator: h.dep.Coordinator, delivered: crypto.Keccak256Hash([]byte("ComputeDelivered(uint32,uint32,address,bytes32)"))})
}

// backlogOptions are the node's options in the backlog benchmarks.
func backlogOptions(o *Options) {
	o.PollInterval = time.Second
	// One owner's 1,000 deliveries: an operator serving its own
	// requester lifts the unpaid day budget (chain.unpaid.owner_gas_per_day).
	o.Limits.OwnerGasPerDay = 1 << 40
}

// backlog is a backlog benchmark's chain and node: subs subscriptions due
// at activeAt, each delivery logging delivered from coordinator.
type backlog struct {
	client      *ethclient.Client
	h           *harness
	activeAt    uint32
	a           *testnet.Anvil
	n           *node
	subs        int
	coordinator common.Address
	delivered   common.Hash
}

// measureBacklog waits for the backlog to fall due and be delivered and
// reports its figures.
func measureBacklog(b *testing.B, bl backlog) {
	ctx := context.Background()
	client, h, activeAt, a, n, subs := bl.client, bl.h, bl.activeAt, bl.a, bl.n, bl.subs
	require.Eventually(b, func() bool { s, _ := n.r.store.subs(); return len(s) == subs }, time.Minute, 50*time.Millisecond, "all read")
	// Idle: every block until the subscriptions fall due.
	idleFrom, idleCalls := blockNumber(b, h), n.rpc.Calls()
	var dueBlock uint64
	var dueCalls int64
	byIdle := n.rpc.CallsByMethod()
	byBefore := byIdle
	require.Eventually(b, func() bool {
		hd, err := client.HeaderByNumber(ctx, nil)
		if err != nil || hd.Time+1 < uint64(activeAt) {
			return false
		}
		dueBlock, dueCalls = hd.Number.Uint64(), n.rpc.Calls()
		byBefore = n.rpc.CallsByMethod()
		return true
	}, time.Minute, 10*time.Millisecond)
	require.Greater(b, dueBlock, idleFrom+2, "idle blocks observed")
	idle := float64(dueCalls-idleCalls) / float64(dueBlock-idleFrom)
	cpu := newCPUMeter(a)
	start := time.Now()
	require.Eventually(b, func() bool {
		c, err := client.NonceAt(ctx, n.s.Address(), nil)
		return err == nil && c >= uint64(subs) && n.s.InFlight() == 0 && n.r.Pending() == 0
	}, 5*time.Minute, 50*time.Millisecond, "all delivered")
	wall := time.Since(start)
	cpu.report(b, subs)
	calls := n.rpc.Calls() - dueCalls
	by := n.rpc.CallsByMethod()

	fill := deliveryBlocks(b, client, bl.coordinator, bl.delivered, dueBlock, subs)
	var methods []string
	for k, v := range by {
		if d := v - byBefore[k]; d > 0 {
			methods = append(methods, fmt.Sprintf("%s=%.2f", k, float64(d)/float64(subs)))
		}
	}
	sort.Strings(methods)
	var idleMethods []string
	for k, v := range byBefore {
		if d := v - byIdle[k]; d > 0 {
			idleMethods = append(idleMethods, fmt.Sprintf("%s=%.2f", k, float64(d)/float64(dueBlock-idleFrom)))
		}
	}
	sort.Strings(idleMethods)
	fmt.Fprintf(os.Stderr, "due at block %d; %s\nper delivery: %s\nidle: %.2f calls/block (%s)\n",
		dueBlock, fill, strings.Join(methods, " "), idle, strings.Join(idleMethods, " "))
	b.ReportMetric(float64(calls)/float64(subs), "rpc/delivery")
	fill.report(b, dueBlock)
	b.ReportMetric(wall.Seconds(), "s-to-drain")
	b.ReportMetric(idle, "idle-rpc/block")
}

// blockFill is where a backlog's deliveries landed.
type blockFill struct {
	rows        []string
	first, last uint64  // blocks holding the first and last delivery
	subs        int     // deliveries
	full        float64 // mean share of gas used, last block left out (it holds the remainder)
	fullN       int
}

func (f blockFill) String() string {
	return fmt.Sprintf("deliveries in blocks %d-%d\n%s", f.first, f.last, strings.Join(f.rows, "\n"))
}

func (f blockFill) report(b *testing.B, dueBlock uint64) {
	b.ReportMetric(float64(f.subs)/float64(f.last-f.first+1), "deliveries/block")
	if f.fullN > 0 {
		b.ReportMetric(100*f.full, "gas%/full-block")
	}
	b.ReportMetric(float64(f.last-dueBlock+1), "blocks-to-drain")
}

// deliveryBlocks reads the delivery events (topic delivered, our
// ComputeDelivered or the SDK's SubscriptionFulfilled) from block from on and
// the gas used by each block holding them; every one of subs must have
// been delivered once.
func deliveryBlocks(b *testing.B, client *ethclient.Client, coordinator common.Address, delivered common.Hash, from uint64, subs int) blockFill {
	ctx := context.Background()
	logs, err := client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(from), Addresses: []common.Address{coordinator},
		Topics: [][]common.Hash{{delivered}},
	})
	require.NoError(b, err)
	require.Len(b, logs, subs, "every subscription delivered once")
	perBlock := map[uint64]int{}
	for _, l := range logs {
		perBlock[l.BlockNumber]++
	}
	blocks := make([]uint64, 0, len(perBlock))
	for k := range perBlock {
		blocks = append(blocks, k)
	}
	sort.Slice(blocks, func(i, j int) bool { return blocks[i] < blocks[j] })
	f := blockFill{first: blocks[0], last: blocks[len(blocks)-1], subs: subs}
	var sum float64
	for bn := f.first; bn <= f.last; bn++ {
		hd, err := client.HeaderByNumber(ctx, new(big.Int).SetUint64(bn))
		require.NoError(b, err)
		full := float64(hd.GasUsed) / float64(hd.GasLimit)
		f.rows = append(f.rows, fmt.Sprintf("block %d: %d deliveries, %.0f%% gas", bn, perBlock[bn], 100*full))
		if bn < f.last {
			sum += full
			f.fullN++
		}
	}
	if f.fullN > 0 {
		f.full = sum / float64(f.fullN)
	}
	return f
}

// BenchmarkAnvilCeiling is the chain's own limit for the backlog of
// BenchmarkAnvilBacklog, without the node: the same 1,000 subscriptions,
// their deliveries (the echo's output, the gas limit the node would give)
// signed in advance and sent by 16 goroutines the moment they fall due.
// It reports the deliveries per block and gas share anvil reaches, how
// fast anvil accepts the raw transactions, and how fast it answers the
// node's per-delivery reads (eth_call, eth_estimateGas) of that shape, 16
// at a time. Run with
//
//	go test -run '^$' -bench AnvilCeiling -benchtime 1x ./relay
func BenchmarkAnvilCeiling(b *testing.B) {
	for range b.N {
		anvilCeiling(b, 1000, 16)
	}
}

func anvilCeiling(b *testing.B, subs, conc int) {
	ctx := context.Background()
	client, h, activeAt, a := anvilSubscriptions(b, subs)
	key := h.keys[1]
	from := crypto.PubkeyToAddress(key.PublicKey)
	r := &deliverer{o: delivererOptions{Runner: h.exec}}
	msgs := make([]ethereum.CallMsg, subs)
	for i := range subs {
		in, out, proof, err := r.runContainers(ctx, []string{"echo"}, job.OnChain, []byte(fmt.Sprint(i)), false)
		require.NoError(b, err)
		msgs[i] = ethereum.CallMsg{From: from, To: &h.dep.Coordinator,
			Data: coordABI.PackDeliverCompute(uint32(i+1), 1, in, out, proof, common.Address{})}
	}
	var dueBlock uint64
	var head *types.Header
	require.Eventually(b, func() bool {
		hd, err := client.HeaderByNumber(ctx, nil)
		if err != nil || hd.Time < uint64(activeAt) {
			return false
		}
		dueBlock, head = hd.Number.Uint64(), hd
		return true
	}, time.Minute, 10*time.Millisecond)
	// The reads the node makes per delivery, conc at a time.
	rate := func(name string, fn func(i int) error) {
		cpu := newCPUMeter(a)
		defer func() { _ = cpu.reportPeer(b, name+"-anvil-ms", subs) }()
		start := time.Now()
		var next atomic.Int64
		var wg sync.WaitGroup
		for range conc {
			wg.Go(func() {
				for i := int(next.Add(1) - 1); i < subs; i = int(next.Add(1) - 1) {
					require.NoError(b, fn(i))
				}
			})
		}
		wg.Wait()
		b.ReportMetric(float64(subs)/time.Since(start).Seconds(), name+"/s")
	}
	rate("eth_call", func(i int) error { _, err := client.CallContract(ctx, msgs[i], nil); return err })
	gas := make([]uint64, subs)
	rate("eth_estimateGas", func(i int) (err error) { gas[i], err = client.EstimateGas(ctx, msgs[i]); return err })

	nonce, err := client.PendingNonceAt(ctx, from)
	require.NoError(b, err)
	signer := types.LatestSignerForChainID(h.chainID)
	tip := big.NewInt(params.GWei)
	feeCap := new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip)
	txs := make([]*types.Transaction, subs)
	for i, m := range msgs {
		txs[i], err = types.SignNewTx(key, signer, &types.DynamicFeeTx{ChainID: h.chainID, Nonce: nonce + uint64(i),
			GasTipCap: tip, GasFeeCap: feeCap, Gas: max(gas[i]*125/100, callbackGas(50_000)), To: m.To, Data: m.Data})
		require.NoError(b, err)
	}
	sendFrom, err := client.BlockNumber(ctx)
	require.NoError(b, err)
	cpu := newCPUMeter(a)
	start := time.Now()
	rate("eth_sendRawTransaction", func(i int) error { return client.SendTransaction(ctx, txs[i]) })
	// Estimates while the pool holds them (the last ones sent are not
	// mined yet): without a block anvil estimates against the pending
	// block, re-executing its pool each time. They revert or not (the
	// pending block holds their delivery); the cost is the same.
	other := crypto.PubkeyToAddress(h.keys[0].PublicKey)
	for _, latest := range []bool{false, true} {
		est := newCPUMeter(a)
		for _, m := range msgs[subs-100:] {
			m.From = other
			if latest {
				_, _ = client.EstimateGasAtBlock(ctx, m, nil)
			} else {
				_, _ = client.EstimateGas(ctx, m)
			}
		}
		name := map[bool]string{false: "estimate-pending", true: "estimate-latest"}[latest]
		cpu.peer += est.reportPeer(b, name+"-anvil-ms", 100) // not the deliveries' cost
	}
	require.Eventually(b, func() bool {
		c, err := client.NonceAt(ctx, from, nil)
		return err == nil && c >= nonce+uint64(subs)
	}, 2*time.Minute, 50*time.Millisecond, "all mined")
	wall := time.Since(start)
	cpu.report(b, subs)
	fill := deliveryBlocks(b, client, h.dep.Coordinator, crypto.Keccak256Hash([]byte("ComputeDelivered(uint32,uint32,address,bytes32)")), sendFrom, subs)
	fmt.Fprintf(os.Stderr, "due at block %d; raw sends from block %d; %s\n", dueBlock, sendFrom, fill)
	fill.report(b, sendFrom)
	b.ReportMetric(wall.Seconds(), "s-to-drain")
}
