package node

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"log/slog"
	"math/big"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/infernode/infernode/abi/exampleconsumerabi"
	"github.com/infernode/infernode/contracts"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/signer/signertest"
	"github.com/infernode/infernode/testnet"
)

// keysChain is anvil (1 s blocks) with the Coordinator and the example
// consumer deployed, for nodes whose key takes each form.
type keysChain struct {
	anvil  *testnet.Anvil
	client *ethclient.Client
	dep    contracts.Deployment
	keys   []*ecdsa.PrivateKey
}

func startKeysChain(t *testing.T) *keysChain {
	t.Helper()
	if testing.Short() {
		t.Skip("starts anvil")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{BlockTime: time.Second, Accounts: 8})
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Stop() })
	c, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	t.Cleanup(c.Close)
	dep, err := contracts.Deploy(ctx, c, a.FundedKeys()[0], common.Address{})
	require.NoError(t, err)
	return &keysChain{anvil: a, client: c, dep: dep, keys: a.FundedKeys()}
}

// config is a node configuration serving echo on the chain with wallet,
// scanning from the current head.
func (kc *keysChain) config(t *testing.T, w config.Wallet) (*config.Config, Options) {
	head, err := kc.client.BlockNumber(context.Background())
	require.NoError(t, err)
	w.MaxGasLimit = 10_000_000
	cfg := echoConfig(startEcho(t))
	cfg.Chain = config.Chain{Enabled: true, RPCURL: kc.anvil.RPCURL(), CoordinatorAddress: kc.dep.Coordinator.Hex(),
		PollInterval: config.Duration(100 * time.Millisecond), Wallet: w}
	return cfg, Options{NewChain: NewRelayChainWith(RelayOptions{StartBlock: head})}
}

// request makes the example consumer ask for one echo delivery and
// returns the Coordinator's delivery count to wait for.
func (kc *keysChain) request(t *testing.T, input string) uint64 {
	t.Helper()
	ctx := context.Background()
	ec := exampleconsumerabi.NewExampleConsumer()
	before := kc.deliveries(t)
	opts := bind.NewKeyedTransactor(kc.keys[0], kc.anvil.ChainID())
	opts.Context = ctx
	tx, err := ec.Instance(kc.client, kc.dep.ExampleConsumer).RawTransact(opts, ec.PackRequest("echo", []byte(input), 1))
	require.NoError(t, err)
	rcpt, err := bind.WaitMined(ctx, kc.client, tx.Hash())
	require.NoError(t, err)
	require.Equal(t, types.ReceiptStatusSuccessful, rcpt.Status)
	return before + 1
}

func (kc *keysChain) deliveries(t *testing.T) uint64 {
	ec := exampleconsumerabi.NewExampleConsumer()
	out, err := kc.client.CallContract(context.Background(), ethereum.CallMsg{To: &kc.dep.ExampleConsumer, Data: ec.PackDeliveries()}, nil)
	require.NoError(t, err)
	n, err := ec.UnpackDeliveries(out)
	require.NoError(t, err)
	return n.Uint64()
}

// waitDelivered waits (events on chain, a generous bound) until the
// consumer has n deliveries.
func (kc *keysChain) waitDelivered(t *testing.T, n uint64) {
	t.Helper()
	require.Eventually(t, func() bool { return kc.deliveries(t) >= n }, 2*time.Minute, 200*time.Millisecond, "delivery %d", n)
}

// sentBy returns the hashes of the transactions from addr mined so far.
func (kc *keysChain) sentBy(t *testing.T, addr common.Address) []common.Hash {
	ctx := context.Background()
	head, err := kc.client.BlockNumber(ctx)
	require.NoError(t, err)
	s := types.LatestSignerForChainID(kc.anvil.ChainID())
	var out []common.Hash
	for n := kc.dep.DeployBlock; n <= head; n++ {
		b, err := kc.client.BlockByNumber(ctx, new(big.Int).SetUint64(n))
		require.NoError(t, err)
		for _, tx := range b.Transactions() {
			if from, err := types.Sender(s, tx); err == nil && from == addr {
				out = append(out, tx.Hash())
			}
		}
	}
	return out
}

// requireNowhere checks that none of secrets appears in the node's logs,
// /info, /metrics, configuration or data directory.
func requireNowhere(t *testing.T, tn *testNode, cfg *config.Config, logs string, secrets ...string) {
	t.Helper()
	_, info := tn.do(t, http.MethodGet, "/info", "")
	_, metrics := tn.do(t, http.MethodGet, "/metrics", "")
	cfgJSON, err := json.Marshal(cfg)
	require.NoError(t, err)
	places := map[string]string{"logs": logs, "/info": string(info), "/metrics": string(metrics), "config": string(cfgJSON)}
	require.NoError(t, filepath.WalkDir(cfg.DataDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		places["data_dir/"+d.Name()] = string(b)
		return err
	}))
	for where, text := range places {
		for _, s := range secrets {
			require.NotContains(t, strings.ToLower(text), strings.ToLower(s), "a secret in %s", where)
		}
	}
}

// A node whose key is an encrypted keystore delivers on anvil, with the
// password from a file and from the environment; the configuration holds
// no key, and neither key nor password shows anywhere; a wrong password
// stops start-up naming the keystore.
func TestKeystoreNodeDeliversOnAnvil(t *testing.T) {
	kc := startKeysChain(t)
	const password = "keystore password 1"
	nodeKey := kc.keys[1]
	keyHex := hex.EncodeToString(crypto.FromECDSA(nodeKey))
	dir := t.TempDir()
	ks := keystore.NewKeyStore(filepath.Join(dir, "keystore"), keystore.LightScryptN, keystore.LightScryptP)
	acct, err := ks.ImportECDSA(nodeKey, password)
	require.NoError(t, err)
	pwFile := filepath.Join(dir, "password")
	require.NoError(t, os.WriteFile(pwFile, []byte(password+"\n"), 0o600))

	for _, tc := range []struct {
		name string
		w    config.Wallet
		env  string
	}{
		{"password file", config.Wallet{Keystore: acct.URL.Path, PasswordFile: pwFile}, ""},
		{"password env", config.Wallet{Keystore: acct.URL.Path}, password},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(signer.PasswordEnv, tc.env)
			cfg, opts := kc.config(t, tc.w)
			logs := &syncBuffer{}
			opts.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
			tn := startNode(t, cfg, opts)
			kc.waitDelivered(t, kc.request(t, "keystore "+tc.name))
			require.Empty(t, cfg.Chain.Wallet.PrivateKey, "the configuration holds no key")
			requireNowhere(t, tn, cfg, logs.String(), keyHex, password)
			require.NoError(t, tn.stop())
		})
	}

	t.Run("wrong password", func(t *testing.T) {
		t.Setenv(signer.PasswordEnv, "not the password")
		cfg, opts := kc.config(t, config.Wallet{Keystore: acct.URL.Path})
		err := runNodeOnce(t, cfg, opts)
		require.ErrorContains(t, err, "keystore "+acct.URL.Path+": wrong password")
		require.NotContains(t, err.Error(), "not the password")
	})
}

// runNodeOnce starts a node expected to fail at start-up and returns why.
func runNodeOnce(t *testing.T, cfg *config.Config, opts Options) error {
	t.Helper()
	cfg.DataDir = t.TempDir()
	f := false
	cfg.ManageContainers = &f
	cfg.ApplyDefaults()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	n, err := New(cfg, opts)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = n.Run(ctx)
	require.Error(t, err, "start-up must fail")
	return err
}

// A node whose key is held by a remote signer (a loopback web3signer)
// delivers on anvil with every transaction signed there; the signer down
// loses no delivery, and deliveries go on once it is back; a signer that
// answers for another address is refused at start-up.
func TestRemoteSignerNodeDeliversOnAnvil(t *testing.T) {
	kc := startKeysChain(t)
	remote := signertest.New(t, kc.keys[2])
	cfg, opts := kc.config(t, config.Wallet{RemoteSigner: &config.RemoteSigner{URL: remote.URL, Address: remote.Address().Hex()}})
	tn := startNode(t, cfg, opts)

	// Blocks from a request's block to its delivery seen, before the
	// outage and after it: a figure for docs/keys.md, not an assertion.
	blocksToDeliver := func(input string) uint64 {
		want := kc.request(t, input)
		from, err := kc.client.BlockNumber(context.Background())
		require.NoError(t, err)
		kc.waitDelivered(t, want)
		to, err := kc.client.BlockNumber(context.Background())
		require.NoError(t, err)
		return to - from
	}
	before := blocksToDeliver("remote 1")

	// Down: the node keeps trying (each try refused), delivers nothing
	// meanwhile and loses nothing.
	remote.SetDown(true)
	want := kc.request(t, "remote while down")
	// Forty refused calls: ten sends of four tries each (the remote
	// signer's default, 1.75 s of back-off per send), the relay retrying
	// between them: an outage of about 20 s, counted by what the node did,
	// not by the clock.
	down := time.Now()
	for range 40 {
		<-remote.Refused()
	}
	t.Logf("signer down for %s (%d deliveries waiting)", time.Since(down).Round(time.Second), want-kc.deliveries(t))
	require.Less(t, kc.deliveries(t), want, "nothing can be signed while the signer is down")
	remote.SetDown(false)
	kc.waitDelivered(t, want)
	after := blocksToDeliver("remote after")
	t.Logf("blocks from request to delivery: %d before the outage, %d once the signer is back", before, after)

	sent := kc.sentBy(t, remote.Address())
	require.GreaterOrEqual(t, len(sent), 3)
	for _, h := range sent {
		require.True(t, remote.Signed(h), "transaction %s signed by the remote signer", h)
	}
	nonce, err := kc.client.NonceAt(context.Background(), remote.Address(), nil)
	require.NoError(t, err)
	require.Equal(t, uint64(len(sent)), nonce, "no nonce skipped")
	require.NoError(t, tn.stop())

	t.Run("another address", func(t *testing.T) {
		other := signertest.New(t, kc.keys[3])
		cfg, opts := kc.config(t, config.Wallet{RemoteSigner: &config.RemoteSigner{URL: other.URL, Address: remote.Address().Hex()}})
		err := runNodeOnce(t, cfg, opts)
		require.ErrorContains(t, err, "does not sign for "+remote.Address().Hex())
	})
}

// The node marks itself not dumpable before it reads a key it holds
// (private_key, keystore), unless chain.wallet.allow_core_dumps; the
// keystore password leaves the environment once read, and the key is
// read once however many attempts build the chain side.
func TestWalletKeyHygiene(t *testing.T) {
	dir := t.TempDir()
	ks := keystore.NewKeyStore(dir, keystore.LightScryptN, keystore.LightScryptP)
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	acct, err := ks.ImportECDSA(key, "pw")
	require.NoError(t, err)
	t.Cleanup(func() { _ = unix.Prctl(unix.PR_SET_DUMPABLE, 1, 0, 0, 0) })

	for _, tc := range []struct {
		name     string
		wallet   config.Wallet
		dumpable bool
	}{
		{"allow core dumps", config.Wallet{Keystore: acct.URL.Path, AllowCoreDumps: true}, true},
		{"keystore", config.Wallet{Keystore: acct.URL.Path}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.NoError(t, unix.Prctl(unix.PR_SET_DUMPABLE, 1, 0, 0, 0))
			t.Setenv(signer.PasswordEnv, "pw")
			deps := ChainDeps{Config: &config.Config{Chain: config.Chain{Wallet: tc.wallet}}, Logger: slog.New(slog.DiscardHandler)}
			k := &walletKey{}
			sig, err := k.get(context.Background(), deps)
			require.NoError(t, err)
			require.Equal(t, acct.Address, sig.Address())
			dumpable, err := signer.Dumpable()
			require.NoError(t, err)
			require.Equal(t, tc.dumpable, dumpable)
			_, set := os.LookupEnv(signer.PasswordEnv)
			require.False(t, set, "the password left the environment")
			again, err := k.get(context.Background(), deps)
			require.NoError(t, err, "a second attempt reuses the key read once")
			require.Same(t, sig, again)
		})
	}
}
