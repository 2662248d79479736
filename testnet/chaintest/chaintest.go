// Package chaintest gives tests a local chain: the embedded chain (package
// testnet) with two funded keys and infernode's Coordinator and example
// consumer deployed from the first key (Start), or a simulated chain whose
// blocks the test seals itself (Sim).
package chaintest

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/eth/ethconfig"
	"github.com/ethereum/go-ethereum/ethclient/simulated"
	"github.com/ethereum/go-ethereum/node"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/testnet"
)

// Start skips t under -short, since it starts a chain; otherwise it starts
// the embedded chain (stopped when t ends) and deploys the contracts from
// chain.FundedKeys()[0], which is also the consumer's signer.
func Start(t testing.TB) (*testnet.Embedded, contracts.Deployment) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts the embedded chain")
	}
	ctx := context.Background()
	chain, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{Keys: 2})
	require.NoError(t, err)
	t.Cleanup(func() { _ = chain.Stop() })
	dctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	dep, err := contracts.Deploy(dctx, chain.Client(), chain.FundedKeys()[0], common.Address{})
	require.NoError(t, err)
	return chain, dep
}

// Sim starts a simulated chain (a real EVM in process) with alloc and a
// 60M gas limit, closed when t ends, and a context that ends after two
// minutes. Its clock is set an hour ahead of the wall clock, so every block
// the test commits is exactly one second after the previous one and
// contracts.AdjustTime moves block time precisely. osaka selects mainnet's
// current fork rules (testnet.DevChainConfig) instead of the simulated
// backend's default dev fork set, which includes the experimental EIP-8037
// state-gas repricing.
func Sim(t testing.TB, alloc types.GenesisAlloc, osaka bool) (*simulated.Backend, context.Context) {
	t.Helper()
	sim := simulated.NewBackend(alloc, simulated.WithBlockGasLimit(60_000_000), func(_ *node.Config, ec *ethconfig.Config) {
		ec.Miner.GasCeil = 60_000_000
		if osaka {
			ec.Genesis.Config = testnet.DevChainConfig()
		}
	})
	t.Cleanup(func() { _ = sim.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	t.Cleanup(cancel)
	require.NoError(t, sim.AdjustTime(time.Hour))
	return sim, ctx
}
