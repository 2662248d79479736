package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/abi/inetv1exampleabi"
	"github.com/infernode/infernode/contracts/infernetv1"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/echo/service"
)

// TestServeReferenceConfig starts the node with a reference Infernet node
// config.json (testdata/infernet-v1-config.json: registry_address,
// payment_address, accepted_payments, snapshot_sync and the reference's
// legacy keys), changing only where things listen (RPC, server and
// container ports, log file), against the SDK at the known addresses on
// anvil; the example consumer's request is delivered. With a
// payment_address that is no WalletFactory wallet, the node does not start.
func TestServeReferenceConfig(t *testing.T) {
	ctx, a := startAnvil(t, 3*time.Minute, testnet.AnvilOptions{})
	keys := a.FundedKeys()
	client, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	defer client.Close()
	dep, err := infernetv1.DeployWithExample(ctx, client, keys[2], infernetv1.Options{}, common.Address{})
	require.NoError(t, err)
	require.Equal(t, infernetv1.AnvilRegistry, dep.Registry)

	// The node's payment wallet, as an operator makes it: the factory's
	// first wallet, for anvil's fourth account.
	var wout, werr bytes.Buffer
	require.Equal(t, 0, run(ctx, []string{"wallet", "create", "--rpc", a.RPCURL(), "--registry", dep.Registry.Hex(),
		"--owner", crypto.PubkeyToAddress(keys[3].PublicKey).Hex(), "--private-key", hexutil.Encode(crypto.FromECDSA(keys[0]))}, &wout, &werr), werr.String())
	require.Contains(t, wout.String(), `"wallet":"0x60985ee8192b322c3caba97a9a9f7298bdc4335c"`, "the fixture's payment_address")

	echo, err := service.New(service.Config{})
	require.NoError(t, err)
	ctr := httptest.NewServer(echo)
	defer ctr.Close()
	ctrPort := ctr.Listener.Addr().(*net.TCPAddr).Port
	port := freeTCPPort(t)
	dir := t.TempDir()
	fixture, err := os.ReadFile("testdata/infernet-v1-config.json")
	require.NoError(t, err)
	cfg := strings.NewReplacer(
		`"rpc_url": "http://127.0.0.1:8545"`, fmt.Sprintf("%q: %q", "rpc_url", a.RPCURL()),
		`"port": 4000`, fmt.Sprintf(`"port": %d`, port),
		`"port": "3000"`, fmt.Sprintf(`"port": "%d"`, ctrPort),
		`"log_path": "infernet_node.log"`, fmt.Sprintf(`"log_path": %q, "data_dir": %q`, filepath.Join(dir, "infernet_node.log"), filepath.Join(dir, "data")),
	).Replace(string(fixture))
	path := filepath.Join(dir, "config.json")

	// A payment_address that is not a WalletFactory wallet stops the start.
	bad := strings.Replace(cfg, "0x60985ee8192B322c3CAbA97A9A9f7298bdc4335C", "0x00000000000000000000000000000000000000Aa", 1)
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o600))
	var badErr bytes.Buffer
	require.Equal(t, 1, run(ctx, []string{"serve", "--config", path}, &bytes.Buffer{}, &badErr))
	require.Contains(t, badErr.String(), "chain.wallet.payment_address "+common.HexToAddress("0xaa").Hex()+" is not a Wallet of the WalletFactory "+infernetv1.AnvilWalletFactory.Hex())

	require.NoError(t, os.WriteFile(path, []byte(cfg), 0o600))
	sctx, stop := context.WithCancel(ctx)
	stderr := nodetest.NewLog()
	done := make(chan int, 1)
	go func() {
		done <- run(sctx, []string{"serve", "--config", path, "--log-format", "json"}, &bytes.Buffer{}, stderr)
	}()
	nodetest.WaitServing(t, stderr, done)

	inetRequest(t, ctx, client, dep.ExampleConsumer, keys[1], "hello-world", stderr.String)

	stop()
	require.Equal(t, 0, <-done, stderr.String())
	logs := stderr.String()
	require.Contains(t, logs, `"dialect":"infernet-v1"`)
	require.Contains(t, logs, `"msg":"chain: payment wallet"`)
	require.NotContains(t, logs, "chain.snapshot_sync", "snapshot_sync tunes the Reader here")
}

// inetRequest sends the SDK example consumer's request(containers, input, 1)
// from key and waits until the consumer counts one delivery; logs says
// what the node printed, for a failure.
func inetRequest(t *testing.T, ctx context.Context, client *ethclient.Client, consumer common.Address, key *ecdsa.PrivateKey, containers string, logs func() string) {
	t.Helper()
	chainID, err := client.ChainID(ctx)
	require.NoError(t, err)
	ex := inetv1exampleabi.NewInfernetExampleConsumer()
	opts := bind.NewKeyedTransactor(key, chainID)
	opts.Context = ctx
	tx, err := ex.Instance(client, consumer).RawTransact(opts, ex.PackRequest(containers, []byte("hi"), 1))
	require.NoError(t, err)
	_, err = bind.WaitMined(ctx, client, tx.Hash())
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		n, err := bind.Call(ex.Instance(client, consumer), &bind.CallOpts{Context: ctx}, ex.PackDeliveries(), ex.UnpackDeliveries)
		return err == nil && n.Cmp(big.NewInt(1)) == 0
	}, time.Minute, 20*time.Millisecond, "request delivered; node log:\n%s", logs())
}
