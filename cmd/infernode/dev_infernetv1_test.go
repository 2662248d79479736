package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/contracts/infernetv1"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
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

	// A delegated subscription in the SDK's body, signed by the example
	// consumer's signer (the SDK deployer) for the Coordinator the Registry
	// names: --wait prints the id the node created it under, and the
	// consumer holds that subscription's delivery.
	restURL := field(t, banner, "node REST", 0)
	rpcURL := field(t, banner, "chain", 0)
	delegate := func(extra ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := run(ctx, append([]string{"delegate", "--registry", dep.Registry.Hex(), "--url", restURL, "--rpc", rpcURL,
			"--owner", dep.ExampleConsumer.Hex(), "--containers", "hello-world", "--data", `{"prompt":"hi"}`,
			"--private-key", infernetv1.AnvilDeployerKey, "--nonce", "7", "--wait", "--timeout", "90s"}, extra...), &out, &errOut)
		return code, out.String(), errOut.String()
	}
	code, out, errOut := delegate()
	require.Equal(t, 0, code, "delegate: %s\nnode log:\n%s", errOut, tail(stderr.String(), 4000))
	var posted map[string]json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(out), &posted))
	var subID uint32
	require.NoError(t, json.Unmarshal(posted["subscription_id"], &subID))
	require.Equal(t, uint32(2), subID, "after the example consumer's request, subscription 1")
	require.Contains(t, errOut, "subscription id 2 (on the SDK Coordinator "+dep.Coordinator.Hex())

	// What was posted is the reference node's body, signed over the SDK's
	// DelegateSubscription by the consumer's signer.
	delete(posted, "subscription_id")
	body, err := json.Marshal(posted)
	require.NoError(t, err)
	req, err := v1dialect.DecodeDelegated(body)
	require.NoError(t, err)
	require.Equal(t, v1dialect.ContainerID("hello-world"), req.ContainerIDHash())
	require.Equal(t, uint32(7), req.Nonce)
	require.Positive(t, req.Sub.ActiveAt, "active now: the chain's time, as the SDK stores it as signed")
	ds := v1dialect.DelegateSubscription{Nonce: req.Nonce, Expiry: req.Expiry, Sub: req.Sub}
	signer, err := ds.Recover(v1dialect.Domain{ChainID: new(big.Int).SetUint64(dep.ChainID), Coordinator: dep.Coordinator}, req.Sig)
	require.NoError(t, err)
	require.Equal(t, infernetv1.AnvilDeployer, signer)

	ex := inetv1exampleabi.NewInfernetExampleConsumer()
	res, err := bind.Call(ex.Instance(client, dep.ExampleConsumer), &bind.CallOpts{Context: ctx}, ex.PackResults(subID), ex.UnpackResults)
	require.NoError(t, err)
	require.Equal(t, uint32(1), res.Interval)
	require.NotEmpty(t, res.Output, "the node delivered the delegated subscription")

	// A replay (same owner and nonce, signed anew) is accepted and gives
	// the same id.
	code, out, errOut = delegate()
	require.Equal(t, 0, code, "replay: %s\nnode log:\n%s", errOut, tail(stderr.String(), 4000))
	require.Contains(t, out, `"subscription_id": 2`)

	// Our dialect's inputs and gas limits have no place in an SDK body.
	code, _, errOut = delegate("--max-gas-limit", "100")
	require.Equal(t, 2, code)
	require.Contains(t, errOut, "no inputs or gas limits")

	d.shutdown(t)
}
