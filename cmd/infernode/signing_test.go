package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/signer/signertest"
	"github.com/infernode/infernode/testnet"
)

// clearSigningEnv unsets every key variable of the signing commands.
func clearSigningEnv(t *testing.T) {
	for _, env := range []string{envPrivateKey, envPrivateKeyOld, envKeystore, envPasswordFile, envRemoteSigner, envSignerAddress, signer.PasswordEnv, "RPC_URL"} {
		t.Setenv(env, "")
	}
}

// TestWalletNewAndImport: `wallet new` writes a file go-ethereum's keystore
// decrypts; `wallet import` gives the key's address; neither prints a key
// or password.
func TestWalletNewAndImport(t *testing.T) {
	clearSigningEnv(t)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "keys")
	const password = "s3cret password"
	runOut := func(args ...string) (map[string]string, string) {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := run(ctx, args, &stdout, &stderr)
		require.Equal(t, 0, code, "%v: %s", args, stderr.String())
		var out map[string]string
		require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), stdout.String())
		return out, stdout.String() + stderr.String()
	}

	t.Setenv(signer.PasswordEnv, password)
	out, printed := runOut("wallet", "new", "--keystore", dir, "--light-kdf")
	require.NotContains(t, printed, password)
	raw, err := os.ReadFile(out["keystore"])
	require.NoError(t, err)
	k, err := keystore.DecryptKey(raw, password)
	require.NoError(t, err, "go-ethereum decrypts it")
	require.Equal(t, common.HexToAddress(out["address"]), k.Address)
	require.NotContains(t, printed, hexutil.Encode(crypto.FromECDSA(k.PrivateKey))[2:])
	fi, err := os.Stat(out["keystore"])
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), fi.Mode().Perm())

	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	keyHex := hexutil.Encode(crypto.FromECDSA(key))
	pw := filepath.Join(t.TempDir(), "pw")
	require.NoError(t, os.WriteFile(pw, []byte("other password\n"), 0o600))
	t.Setenv(signer.PasswordEnv, "")
	out, printed = runOut("wallet", "import", "--keystore", dir, "--light-kdf", "--private-key", keyHex, "--password-file", pw)
	require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), common.HexToAddress(out["address"]))
	require.NotContains(t, printed, keyHex[2:])
	s, err := signer.OpenKeystore(out["keystore"], "other password")
	require.NoError(t, err)
	require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), s.Address())

	// No password: a usage error naming both sources.
	var stdout, stderr bytes.Buffer
	require.Equal(t, 2, run(ctx, []string{"wallet", "new", "--keystore", dir}, &stdout, &stderr))
	require.Contains(t, stderr.String(), signer.PasswordEnv)
}

// TestSigningCommandsTakeThreeForms: deploy from a keystore, wallet
// transactions and a delegated subscription through a remote signer (every
// transaction signed there), on the embedded chain.
func TestSigningCommandsTakeThreeForms(t *testing.T) {
	clearSigningEnv(t)
	if testing.Short() {
		t.Skip("starts the embedded chain")
	}
	ctx := context.Background()
	chain, err := testnet.StartEmbedded(ctx, testnet.EmbeddedOptions{Keys: 7})
	require.NoError(t, err)
	t.Cleanup(func() { _ = chain.Stop() })
	keys := chain.FundedKeys()
	runJSON := func(args ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		code := run(ctx, append(args, "--rpc", chain.RPCURL()), &stdout, &stderr)
		require.Equal(t, 0, code, "%v: stderr: %s", args, stderr.String())
		var out map[string]any
		require.NoError(t, json.Unmarshal(stdout.Bytes(), &out), stdout.String())
		return out
	}

	// deploy from a keystore, the password in the environment.
	dir := t.TempDir()
	ks := keystore.NewKeyStore(dir, keystore.LightScryptN, keystore.LightScryptP)
	acct, err := ks.ImportECDSA(keys[4], "pw")
	require.NoError(t, err)
	t.Setenv(signer.PasswordEnv, "pw")
	out := runJSON("deploy", "--keystore", acct.URL.Path)
	require.Equal(t, acct.Address.Hex(), common.HexToAddress(out["deployer"].(string)).Hex())
	dep := struct{ Coordinator, ExampleConsumer common.Address }{common.HexToAddress(out["coordinator"].(string)), common.HexToAddress(out["example_consumer"].(string))}
	// The same through the environment alone.
	t.Setenv(envKeystore, acct.URL.Path)
	out = runJSON("deploy")
	require.Equal(t, acct.Address.Hex(), common.HexToAddress(out["deployer"].(string)).Hex())
	t.Setenv(envKeystore, "")
	t.Setenv(signer.PasswordEnv, "")

	// wallet create and fund through a remote signer.
	remote := signertest.New(t, keys[5])
	created := runJSON("wallet", "create", "--coordinator", dep.Coordinator.Hex(), "--remote-signer", remote.URL, "--signer-address", remote.Address().Hex())
	require.Equal(t, remote.Address().Hex(), common.HexToAddress(created["owner"].(string)).Hex())
	t.Setenv(envRemoteSigner, remote.URL)
	t.Setenv(envSignerAddress, remote.Address().Hex())
	funded := runJSON("wallet", "fund", "--wallet", created["wallet"].(string), "--amount", "1000")
	require.True(t, remote.Signed(common.HexToHash(funded["tx"].(string))), "signed by the remote signer")
	require.True(t, remote.Signed(common.HexToHash(created["tx"].(string))))

	// delegate, both dialects, typed data signed by the remote signer
	// (web3signer's eth_signTypedData).
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"delegate", "--rpc", chain.RPCURL(), "--coordinator", dep.Coordinator.Hex(), "--owner", dep.ExampleConsumer.Hex(),
		"--containers", "echo", "--dry-run"}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	req, err := ours.DecodeDelegated(stdout.Bytes())
	require.NoError(t, err)
	got, err := req.Delegate.Recover(ours.Domain{ChainID: big.NewInt(testnet.EmbeddedChainID), Coordinator: dep.Coordinator}, req.Sig)
	require.NoError(t, err)
	require.Equal(t, remote.Address(), got)

	stdout.Reset()
	coord := common.HexToAddress("0xc0")
	code = run(ctx, []string{"delegate", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--chain-id", "31337", "--coordinator", coord.Hex(),
		"--owner", dep.ExampleConsumer.Hex(), "--containers", "echo", "--dry-run"}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	reqV1, err := infernetv1.DecodeDelegated(stdout.Bytes())
	require.NoError(t, err)
	ds := infernetv1.DelegateSubscription{Nonce: reqV1.Nonce, Expiry: reqV1.Expiry, Sub: reqV1.Sub}
	got, err = ds.Recover(infernetv1.Domain{ChainID: big.NewInt(31337), Coordinator: coord}, reqV1.Sig)
	require.NoError(t, err)
	require.Equal(t, remote.Address(), got)

	// A flag of one form hides the environment's other form.
	out = runJSON("deploy", "--private-key", hexutil.Encode(crypto.FromECDSA(keys[6])))
	require.Equal(t, crypto.PubkeyToAddress(keys[6].PublicKey).Hex(), common.HexToAddress(out["deployer"].(string)).Hex())
}

// `serve` with a keystore and the wrong password stops at start-up, in
// one line naming the keystore and never the password.
func TestServeRefusesWrongKeystorePassword(t *testing.T) {
	clearSigningEnv(t)
	dir := t.TempDir()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	acct, err := keystore.NewKeyStore(filepath.Join(dir, "ks"), keystore.LightScryptN, keystore.LightScryptP).ImportECDSA(key, "right")
	require.NoError(t, err)
	pw := filepath.Join(dir, "pw")
	require.NoError(t, os.WriteFile(pw, []byte("wrong horse\n"), 0o600))
	ctr := httptest.NewServer(http.NotFoundHandler())
	defer ctr.Close()
	cfg := filepath.Join(dir, "config.json")
	require.NoError(t, os.WriteFile(cfg, []byte(fmt.Sprintf(`{"manage_containers": false,
	  "server": {"host": "127.0.0.1", "port": %d}, "data_dir": %q,
	  "containers": [{"id": "c", "url": %q, "external": true}],
	  "chain": {"enabled": true, "rpc_url": "http://127.0.0.1:%d", "coordinator_address": "0x67035b7bf1ec6151E3DfCcC794dbBa7ed133Aac9",
	    "wallet": {"keystore": %q, "password_file": %q}}}`, freeTCPPort(t), filepath.Join(dir, "data"), ctr.URL, freeTCPPort(t), acct.URL.Path, pw)), 0o600))
	requireOneLineExit(t, []string{"serve", "--config", cfg}, 1, "chain.wallet.keystore: keystore "+acct.URL.Path+": wrong password")

	var stdout, stderr bytes.Buffer
	run(context.Background(), []string{"serve", "--config", cfg}, &stdout, &stderr)
	require.NotContains(t, stderr.String(), "wrong horse")
}
