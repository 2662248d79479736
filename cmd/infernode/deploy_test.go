package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/testnet"
)

// deployAndRequest runs `infernode deploy` against chain, checks the JSON it
// prints, then makes the example consumer request a job and finds the
// Coordinator's SubscriptionCreated the way a node does (log filter on the
// Coordinator address, event topic and container-id hash).
func deployAndRequest(t *testing.T, ctx context.Context, chain testnet.Chain) {
	t.Helper()
	keys := chain.FundedKeys()
	deployer, user := keys[0], keys[1]
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"deploy", "--rpc", chain.RPCURL(), "--private-key", hexutil.Encode(crypto.FromECDSA(deployer))}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	require.NotContains(t, stderr.String(), hexutil.Encode(crypto.FromECDSA(deployer))[2:], "the key must never be echoed")

	// Exactly one JSON object on stdout, with the docs/contracts.md fields.
	require.Equal(t, 1, strings.Count(strings.TrimSpace(stdout.String()), "\n")+1, "one line: %q", stdout.String())
	var out map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out))
	for _, k := range []string{"chain_id", "coordinator", "wallet_factory", "example_consumer"} {
		require.Contains(t, out, k)
	}
	require.Equal(t, float64(chain.ChainID().Uint64()), out["chain_id"])
	coord := common.HexToAddress(out["coordinator"].(string))
	consumer := common.HexToAddress(out["example_consumer"].(string))
	require.Equal(t, crypto.PubkeyToAddress(deployer.PublicKey).Hex(), common.HexToAddress(out["consumer_signer"].(string)).Hex())

	client, err := ethclient.DialContext(ctx, chain.RPCURL())
	require.NoError(t, err)
	defer client.Close()
	for _, a := range []common.Address{coord, consumer} {
		code, err := client.CodeAt(ctx, a, nil)
		require.NoError(t, err)
		require.NotEmpty(t, code, "no code at %s", a)
	}

	ex := exampleconsumerabi.NewExampleConsumer()
	opts := bind.NewKeyedTransactor(user, chain.ChainID())
	opts.Context = ctx
	tx, err := ex.Instance(client, consumer).RawTransact(opts, ex.PackRequest("echo", []byte(`{"hello":"world"}`), 1))
	require.NoError(t, err)
	rcpt, err := bind.WaitMined(ctx, client, tx.Hash())
	require.NoError(t, err)
	require.Equal(t, uint64(1), rcpt.Status)

	c := coordinatorabi.NewCoordinator()
	logs, err := client.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(uint64(out["deploy_block"].(float64))),
		Addresses: []common.Address{coord},
		Topics:    [][]common.Hash{{c.GetABI().Events["SubscriptionCreated"].ID}, nil, {crypto.Keccak256Hash([]byte("echo"))}},
	})
	require.NoError(t, err)
	require.Len(t, logs, 1)
	ev, err := c.UnpackSubscriptionCreatedEvent(&logs[0])
	require.NoError(t, err)
	require.Equal(t, uint32(1), ev.Id)
	require.Equal(t, consumer, ev.Owner)
	sub, err := bind.Call(c.Instance(client, coord), &bind.CallOpts{Context: ctx}, c.PackGetSubscription(ev.Id), c.UnpackGetSubscription)
	require.NoError(t, err)
	require.Equal(t, "echo", sub.ContainerId)
	require.Equal(t, []byte(`{"hello":"world"}`), sub.Inputs)
}

// startAnvil starts anvil for t (skipped under -short, the tier without
// external processes) and a context that ends after timeout; both end with
// the test.
func startAnvil(t *testing.T, timeout time.Duration, opts testnet.AnvilOptions) (context.Context, *testnet.Anvil) {
	t.Helper()
	if testing.Short() {
		t.Skip("starts anvil; skipped under -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	t.Cleanup(cancel)
	a, err := testnet.StartAnvil(ctx, opts)
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	return ctx, a
}

func TestDeployGeth(t *testing.T) {
	if testing.Short() {
		t.Skip("starts geth; skipped under -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	g, err := testnet.StartGeth(ctx, testnet.GethOptions{})
	require.NoError(t, err)
	defer g.Stop()
	deployAndRequest(t, ctx, g)
}

func TestDeployAnvil(t *testing.T) {
	ctx, a := startAnvil(t, 2*time.Minute, testnet.AnvilOptions{BlockTime: time.Second})
	deployAndRequest(t, ctx, a)
}

func TestDeployEmbedded(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	e, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{})
	require.NoError(t, err)
	defer e.Stop()
	deployAndRequest(t, ctx, e)

	// --consumer-signer sets the example consumer's getSigner().
	signer := common.HexToAddress("0x00000000000000000000000000000000000000A1")
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"deploy", "--rpc", e.RPCURL(), "--private-key", hexutil.Encode(crypto.FromECDSA(e.FundedKeys()[3])), "--consumer-signer", signer.Hex()}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	var out struct {
		ExampleConsumer common.Address `json:"example_consumer"`
		ConsumerSigner  common.Address `json:"consumer_signer"`
	}
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out))
	require.Equal(t, signer, out.ConsumerSigner)
	ex := exampleconsumerabi.NewExampleConsumer()
	got, err := bind.Call(ex.Instance(e.Client(), out.ExampleConsumer), &bind.CallOpts{Context: ctx}, ex.PackGetSigner(), ex.UnpackGetSigner)
	require.NoError(t, err)
	require.Equal(t, signer, got)
}

func TestDeployUsage(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"deploy"}, "--rpc is required"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1"}, "a deployer key is required: --private-key (or set INFERNODE_PRIVATE_KEY), --keystore or --remote-signer"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", strings.Repeat("11", 32), "--keystore", "k.json"}, "give exactly one signing key"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", "0x1234"}, "want 64 hex digits"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", strings.Repeat("zz", 32)}, "not a valid secp256k1"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", strings.Repeat("11", 32), "--consumer-signer", "bob"}, "--consumer-signer"},
	}
	t.Setenv("RPC_URL", "")
	for _, tc := range cases {
		t.Setenv("INFERNODE_PRIVATE_KEY", "")
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(ctx, tc.args, &stdout, &stderr), "args %v", tc.args)
		require.Contains(t, stderr.String(), tc.want)
		require.Empty(t, stdout.String())
	}
	// An unreachable chain is a clear runtime error (exit 1), not a usage one.
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run(ctx, []string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", strings.Repeat("11", 32), "--timeout", "5s"}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "is the chain running?")
}
