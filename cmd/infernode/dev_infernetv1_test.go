package main

import (
	"context"
	"encoding/hex"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/testnet"
)

// TestDevInfernetV1 runs `infernode dev --infernet-v1` as a contract
// developer following the Infernet tutorials would: the SDK is at the
// known addresses, anvil's accounts are funded, and a request from the
// example consumer (sent with anvil's second key, as the tutorials do) for
// a tutorial's container id is delivered by the node in the SDK dialect.
func TestDevInfernetV1(t *testing.T) {
	t.Setenv("PATH", "")
	t.Setenv("INFERNODE_GETH", "")
	t.Setenv("INFERNODE_ANVIL", "")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var dep infernetv1.Deployment
	d := startDevCLI(t, ctx, &dep, "--infernet-v1", "--rest-port", "0", "--rpc-port", "0", "--containers", "echo,hello-world")
	stdout, stderr := &d.stdout, &d.stderr
	banner := stdout.String()
	require.Equal(t, infernetv1.AnvilRegistry, dep.Registry)
	require.Equal(t, infernetv1.AnvilCoordinator, dep.Coordinator)
	require.Equal(t, infernetv1.AnvilWalletFactory, dep.WalletFactory)
	require.Equal(t, uint64(testnet.AnvilChainID), dep.ChainID, "anvil's chain id")
	require.Equal(t, infernetv1.AnvilDeployerKey, hex.EncodeToString(crypto.FromECDSA(testnet.AnvilKeys()[2])), "deployed from anvil's third account")
	require.Equal(t, crypto.CreateAddress(infernetv1.AnvilDeployer, 6), dep.ExampleConsumer, "the example consumer right after the SDK")
	require.Contains(t, banner, `echo containers "echo", "hello-world"`)
	require.Equal(t, infernetv1.AnvilRegistry.Hex(), field(t, banner, "Registry", 0))
	require.Contains(t, banner, "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "anvil's accounts are listed")
	require.Contains(t, stderr.String(), "dialect=infernet-v1")

	client, err := ethclient.DialContext(ctx, field(t, banner, "chain", 0))
	require.NoError(t, err)
	defer client.Close()
	user := testnet.AnvilKeys()[1]
	bal, err := client.BalanceAt(ctx, crypto.PubkeyToAddress(user.PublicKey), nil)
	require.NoError(t, err)
	require.Positive(t, bal.Sign(), "anvil's accounts are funded")

	inetRequest(t, ctx, client, dep.ExampleConsumer, user, "hello-world", func() string { return tail(stderr.String(), 4000) })

	d.shutdown(t)
}
