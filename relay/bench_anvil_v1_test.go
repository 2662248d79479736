package relay

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/params"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/testnet"
)

// BenchmarkAnvilBacklogInfernetV1 is BenchmarkAnvilBacklog in the SDK v1
// dialect: on anvil (1 s blocks, 30M gas), 1,000 one-shot subscriptions of
// the SDK's test consumer (inputs read with getContainerInputs) fall due at
// the same block time, and the node delivers them all. The SDK makes a
// subscription active one period after the block that creates it, so all
// are created in one block (its gas limit raised for it alone). Run with
//
//	go test -run '^$' -bench AnvilBacklogInfernetV1 -benchtime 1x ./relay
func BenchmarkAnvilBacklogInfernetV1(b *testing.B) {
	for range b.N {
		anvilBacklogInfernetV1(b, 1000)
	}
}

func anvilBacklogInfernetV1(b *testing.B, subs int) {
	ctx := context.Background()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, GasLimit: 30_000_000})
	require.NoError(b, err)
	b.Cleanup(func() { _ = a.Stop() })
	client := dialChain(b, a.WSURL())
	keys := a.FundedKeys()
	h := newChainHarness(b, client, keys[:3])
	addrs := h.deployInetV1(keys[2], 0)
	owner := keys[0]
	c := h.deployInetConsumer(owner, addrs.Registry)

	// Every subscription in one block, so all fall due at once.
	const period = 60
	rpc := client.Client()
	require.NoError(b, rpc.CallContext(ctx, nil, "evm_setIntervalMining", 0))
	require.NoError(b, rpc.CallContext(ctx, nil, "evm_setBlockGasLimit", hexutil.Uint64(2_000_000_000)))
	from := crypto.PubkeyToAddress(owner.PublicKey)
	nonce, err := client.PendingNonceAt(ctx, from)
	require.NoError(b, err)
	signer := types.LatestSignerForChainID(h.chainID)
	for i := range subs {
		data := c.abi.PackSubscribe("echo", []byte(fmt.Sprint(i)), 1, period, 1, false, common.Address{}, new(big.Int), common.Address{}, common.Address{})
		tx, err := types.SignNewTx(owner, signer, &types.DynamicFeeTx{ChainID: h.chainID, Nonce: nonce + uint64(i),
			GasTipCap: big.NewInt(params.GWei), GasFeeCap: big.NewInt(100 * params.GWei), Gas: 1_000_000, To: &c.addr, Data: data})
		require.NoError(b, err)
		require.NoError(b, client.SendTransaction(ctx, tx))
	}
	require.NoError(b, rpc.CallContext(ctx, nil, "evm_mine"))
	require.NoError(b, rpc.CallContext(ctx, nil, "evm_setBlockGasLimit", hexutil.Uint64(30_000_000)))
	require.NoError(b, rpc.CallContext(ctx, nil, "evm_setIntervalMining", 1))
	coord := inetv1abi.NewEIP712Coordinator()
	next, err := coord.UnpackId(h.call(addrs.Coordinator, coord.PackId()))
	require.NoError(b, err)
	require.Equal(b, uint32(subs+1), next, "every subscription created")
	sub, err := coord.UnpackGetSubscription(h.call(addrs.Coordinator, coord.PackGetSubscription(1)))
	require.NoError(b, err)
	last, err := coord.UnpackGetSubscription(h.call(addrs.Coordinator, coord.PackGetSubscription(uint32(subs))))
	require.NoError(b, err)
	require.Equal(b, sub.ActiveAt, last.ActiveAt, "created in one block")

	n := h.startInetNode(1, b.TempDir(), addrs, backlogOptions)
	measureBacklog(b, backlog{client: client, h: h, activeAt: sub.ActiveAt, a: a, n: n, subs: subs,
		coordinator: addrs.Coordinator, delivered: coord.GetABI().Events["SubscriptionFulfilled"].ID})
}
