package relay

import (
	"context"
	"fmt"
	"math/big"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/testnet"
)

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
	activeAt := uint32(head.Time) + 45 // after every creation is mined and read
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

	n := h.startNodeWith(1, b.TempDir(), nil, nil, func(o *Options) { o.PollInterval = time.Second })
	require.Eventually(b, func() bool { s, _ := n.r.st.subs(); return len(s) == subs }, time.Minute, 50*time.Millisecond, "all read")
	// Idle: every block until the subscriptions fall due.
	idleFrom, idleCalls := blockNumber(b, h), n.rpc.Calls()
	var dueBlock uint64
	var dueCalls int64
	byBefore := n.rpc.CallsByMethod()
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
	start := time.Now()
	require.Eventually(b, func() bool {
		c, err := client.NonceAt(ctx, n.s.Address(), nil)
		return err == nil && c >= uint64(subs) && n.s.InFlight() == 0 && n.r.Pending() == 0
	}, 5*time.Minute, 50*time.Millisecond, "all delivered")
	wall := time.Since(start)
	calls := n.rpc.Calls() - dueCalls
	by := n.rpc.CallsByMethod()

	logs, err := client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(dueBlock), Addresses: []common.Address{h.dep.Coordinator},
		Topics: [][]common.Hash{{crypto.Keccak256Hash([]byte("ComputeDelivered(uint32,uint32,address,bytes32)"))}},
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
	first, last := blocks[0], blocks[len(blocks)-1]
	var rows []string
	var fullSum float64
	var fullN int
	for bn := first; bn <= last; bn++ {
		hd, err := client.HeaderByNumber(ctx, new(big.Int).SetUint64(bn))
		require.NoError(b, err)
		full := float64(hd.GasUsed) / float64(hd.GasLimit)
		rows = append(rows, fmt.Sprintf("block %d: %d deliveries, %.0f%% gas", bn, perBlock[bn], 100*full))
		if bn < last { // the last block holds the remainder
			fullSum += full
			fullN++
		}
	}
	var methods []string
	for k, v := range by {
		if d := v - byBefore[k]; d > 0 {
			methods = append(methods, fmt.Sprintf("%s=%.2f", k, float64(d)/float64(subs)))
		}
	}
	sort.Strings(methods)
	fmt.Fprintf(os.Stderr, "due at block %d; deliveries in blocks %d-%d\n%s\nper delivery: %s\nidle: %.2f calls/block\n",
		dueBlock, first, last, strings.Join(rows, "\n"), strings.Join(methods, " "), idle)
	b.ReportMetric(float64(calls)/float64(subs), "rpc/delivery")
	b.ReportMetric(float64(subs)/float64(last-first+1), "deliveries/block")
	if fullN > 0 {
		b.ReportMetric(100*fullSum/float64(fullN), "gas%/full-block")
	}
	b.ReportMetric(float64(last-dueBlock+1), "blocks-to-drain")
	b.ReportMetric(wall.Seconds(), "s-to-drain")
	b.ReportMetric(idle, "idle-rpc/block")
}
