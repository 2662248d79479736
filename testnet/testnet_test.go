package testnet_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/testnet"
)

// checkChain asserts a running chain answers on RPC and WS, its keys are
// funded, and the contracts deploy on it.
func checkChain(t *testing.T, ctx context.Context, c testnet.Chain) {
	t.Helper()
	client, err := ethclient.DialContext(ctx, c.RPCURL())
	require.NoError(t, err)
	defer client.Close()
	id, err := client.ChainID(ctx)
	require.NoError(t, err)
	require.Equal(t, c.ChainID(), id)
	keys := c.FundedKeys()
	require.NotEmpty(t, keys)
	for _, k := range keys {
		bal, err := client.BalanceAt(ctx, crypto.PubkeyToAddress(k.PublicKey), nil)
		require.NoError(t, err)
		require.Positive(t, bal.Cmp(big.NewInt(1e18)), "key %s is not funded", crypto.PubkeyToAddress(k.PublicKey))
	}
	ws, err := ethclient.DialContext(ctx, c.WSURL())
	require.NoError(t, err)
	defer ws.Close()
	_, err = ws.BlockNumber(ctx)
	require.NoError(t, err)

	dep, err := contracts.Deploy(ctx, client, keys[len(keys)-1], [20]byte{})
	require.NoError(t, err)
	code, err := client.CodeAt(ctx, dep.Coordinator, nil)
	require.NoError(t, err)
	require.NotEmpty(t, code)
}

func TestGeth(t *testing.T) {
	if testing.Short() {
		t.Skip("starts geth; skipped under -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := testnet.StartGeth(ctx, testnet.GethOptions{})
	require.NoError(t, err, "run `make tools` if geth is missing")
	defer func() { require.NoError(t, g.Stop()) }()
	require.Len(t, g.FundedKeys(), 4)
	checkChain(t, ctx, g)
}

func TestAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("starts anvil; skipped under -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{})
	require.NoError(t, err, "run `make tools` if anvil is missing")
	defer func() { require.NoError(t, a.Stop()) }()
	require.Equal(t, int64(31337), a.ChainID().Int64())
	for i, k := range a.FundedKeys() { // AnvilKeys are anvil's own
		require.Equal(t, crypto.FromECDSA(k), crypto.FromECDSA(testnet.AnvilKeys()[i]), "anvil key %d", i)
	}
	checkChain(t, ctx, a)
}

func TestEmbedded(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{})
	require.NoError(t, err)
	defer func() { require.NoError(t, e.Stop()) }()
	require.Len(t, e.FundedKeys(), 10)
	require.Equal(t, crypto.PubkeyToAddress(testnet.DevKey(0).PublicKey), crypto.PubkeyToAddress(e.FundedKeys()[0].PublicKey))
	checkChain(t, ctx, e)
	require.Equal(t, int64(testnet.EmbeddedChainID), e.ChainID().Int64())
	// Blocks keep coming on the period, even empty.
	n0, err := e.Client().BlockNumber(ctx)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		n, err := e.Client().BlockNumber(ctx)
		return err == nil && n > n0
	}, 10*time.Second, 100*time.Millisecond)
}

// TestEmbeddedAsAnvil: the embedded chain with anvil's chain id and
// accounts funded, as `infernode dev --infernet-v1` starts it.
func TestEmbeddedAsAnvil(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	anvil := crypto.PubkeyToAddress(testnet.AnvilKeys()[2].PublicKey)
	e, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{ChainID: testnet.AnvilChainID, Fund: []common.Address{anvil}})
	require.NoError(t, err)
	defer func() { require.NoError(t, e.Stop()) }()
	id, err := e.Client().ChainID(ctx)
	require.NoError(t, err)
	require.Equal(t, int64(testnet.AnvilChainID), id.Int64())
	require.Equal(t, id, e.ChainID())
	bal, err := e.Client().BalanceAt(ctx, anvil, nil)
	require.NoError(t, err)
	require.Positive(t, bal.Sign())
	nonce, err := e.Client().NonceAt(ctx, anvil, nil)
	require.NoError(t, err)
	require.Zero(t, nonce, "unused: deployments from it land where anvil's would")
	checkChain(t, ctx, e)
}

func TestMissingBinaryError(t *testing.T) {
	t.Setenv("INFERNODE_GETH", "/nonexistent/geth")
	_, err := testnet.FindBinary("geth", "INFERNODE_GETH")
	require.ErrorContains(t, err, "make tools")
	t.Setenv("PATH", t.TempDir())
	t.Setenv("INFERNODE_ANVIL", "")
	t.Chdir(t.TempDir())
	_, err = testnet.FindBinary("anvil", "INFERNODE_ANVIL")
	require.ErrorContains(t, err, "run `make tools`")
}
