// Package chaintest gives tests a local chain with infernode's contracts on
// it: the embedded chain (package testnet) with two funded keys, and the
// Coordinator and the example consumer deployed from the first key.
package chaintest

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
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
