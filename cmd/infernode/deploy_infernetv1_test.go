package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/contracts/infernetv1"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/testnet"
)

// TestDeployInfernetV1Anvil: `infernode deploy --infernet-v1` from anvil's
// third default account puts the SDK at the addresses local Infernet setups
// use, prints them as one JSON object, and the example consumer it deploys
// creates subscriptions on that Coordinator.
func TestDeployInfernetV1Anvil(t *testing.T) {
	ctx, a := startAnvil(t, 2*time.Minute, testnet.AnvilOptions{BlockTime: time.Second})
	deployer := a.FundedKeys()[2]
	require.Equal(t, infernetv1.AnvilDeployer, crypto.PubkeyToAddress(deployer.PublicKey), "anvil's default mnemonic")
	feeRecipient := common.HexToAddress("0x00000000000000000000000000000000000000Fe")

	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"deploy", "--infernet-v1", "--rpc", a.RPCURL(), "--private-key", hexutil.Encode(crypto.FromECDSA(deployer)),
		"--fee-recipient", feeRecipient.Hex(), "--protocol-fee", "250"}, &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	require.NotContains(t, stderr.String(), hexutil.Encode(crypto.FromECDSA(deployer))[2:], "the key must never be echoed")
	require.Equal(t, 1, strings.Count(strings.TrimSpace(stdout.String()), "\n")+1, "one line: %q", stdout.String())

	var raw map[string]any
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &raw))
	for _, k := range []string{"chain_id", "registry", "coordinator", "inbox", "reader", "fee", "wallet_factory", "example_consumer", "consumer_signer", "deployer", "fee_recipient", "protocol_fee", "deploy_block"} {
		require.Contains(t, raw, k)
	}
	var out infernetv1.Deployment
	require.NoError(t, json.Unmarshal(stdout.Bytes(), &out))
	require.Equal(t, uint64(31337), out.ChainID)
	require.Equal(t, infernetv1.AnvilRegistry, out.Registry)
	require.Equal(t, infernetv1.AnvilCoordinator, out.Coordinator)
	require.Equal(t, infernetv1.AnvilInbox, out.Inbox)
	require.Equal(t, infernetv1.AnvilReader, out.Reader)
	require.Equal(t, infernetv1.AnvilFee, out.Fee)
	require.Equal(t, infernetv1.AnvilWalletFactory, out.WalletFactory)
	require.Equal(t, crypto.CreateAddress(infernetv1.AnvilDeployer, 6), out.ExampleConsumer)
	require.Equal(t, infernetv1.AnvilDeployer, out.ConsumerSigner)
	require.Equal(t, feeRecipient, out.FeeRecipient)
	require.Equal(t, uint16(250), out.ProtocolFee)

	client, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	defer client.Close()
	call := &bind.CallOpts{Context: ctx}
	reg := inetv1abi.NewRegistry()
	coord, err := bind.Call(reg.Instance(client, out.Registry), call, reg.PackCOORDINATOR(), reg.UnpackCOORDINATOR)
	require.NoError(t, err)
	require.Equal(t, out.Coordinator, coord)
	fee := inetv1abi.NewProtocolFee()
	bp, err := bind.Call(fee.Instance(client, out.Fee), call, fee.PackFEE(), fee.UnpackFEE)
	require.NoError(t, err)
	require.Equal(t, uint16(250), bp)

	// The example consumer requests; the Reader shows the subscription.
	ex := inetv1exampleabi.NewInfernetExampleConsumer()
	opts := bind.NewKeyedTransactor(a.FundedKeys()[1], a.ChainID())
	opts.Context = ctx
	tx, err := ex.Instance(client, out.ExampleConsumer).RawTransact(opts, ex.PackRequest("hello-world", []byte("Good morning!"), 1))
	require.NoError(t, err)
	rcpt, err := bind.WaitMined(ctx, client, tx.Hash())
	require.NoError(t, err)
	require.Equal(t, uint64(1), rcpt.Status)
	reader := inetv1abi.NewReader()
	subs, err := bind.Call(reader.Instance(client, out.Reader), call, reader.PackReadSubscriptionBatch(1, 2), reader.UnpackReadSubscriptionBatch)
	require.NoError(t, err)
	require.Len(t, subs, 1)
	require.Equal(t, out.ExampleConsumer, subs[0].Owner)
	require.Equal(t, [32]byte(v1dialect.ContainerID("hello-world")), subs[0].ContainerId)
}

func TestDeployInfernetV1Usage(t *testing.T) {
	ctx := context.Background()
	key := strings.Repeat("11", 32)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", key, "--protocol-fee", "100"}, "add --infernet-v1"},
		{[]string{"deploy", "--rpc", "http://127.0.0.1:1", "--private-key", key, "--fee-recipient", "0x00000000000000000000000000000000000000Fe"}, "add --infernet-v1"},
		{[]string{"deploy", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--private-key", key, "--protocol-fee", "10001"}, "over 10000"},
		{[]string{"deploy", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--private-key", key, "--fee-recipient", "bob"}, "--fee-recipient"},
	} {
		var stdout, stderr bytes.Buffer
		require.Equal(t, 2, run(ctx, tc.args, &stdout, &stderr), "args %v", tc.args)
		require.Contains(t, stderr.String(), tc.want)
		require.Empty(t, stdout.String())
	}
	var stdout, stderr bytes.Buffer
	require.Equal(t, 1, run(ctx, []string{"deploy", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--private-key", key, "--timeout", "5s"}, &stdout, &stderr))
	require.Contains(t, stderr.String(), "is the chain running?")
}
