package signer_test

import (
	"bytes"
	"context"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/signer"
	"github.com/infernode/infernode/signer/signertest"
)

const (
	keyHex   = "59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d"
	password = "correct horse battery staple"
)

var chainID = big.NewInt(31337)

func testTx(nonce uint64) *types.Transaction {
	to := common.HexToAddress("0x5FbDB2315678afecb367f032d93F642f64180aa3")
	return types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: nonce, GasTipCap: big.NewInt(1e9), GasFeeCap: big.NewInt(3e9),
		Gas: 100_000, To: &to, Value: big.NewInt(7), Data: []byte{1, 2, 3}})
}

// writeKeystore writes key encrypted with password (light scrypt: tests)
// into dir and returns the file's path.
func writeKeystore(t testing.TB, dir, hexKey, pass string) string {
	key, err := crypto.HexToECDSA(hexKey)
	require.NoError(t, err)
	ks := keystore.NewKeyStore(dir, keystore.LightScryptN, keystore.LightScryptP)
	acct, err := ks.ImportECDSA(key, pass)
	require.NoError(t, err)
	return acct.URL.Path
}

func typedData() apitypes.TypedData {
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain": {{Name: "name", Type: "string"}, {Name: "version", Type: "string"}, {Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"}},
			"Mail":         {{Name: "to", Type: "address"}, {Name: "contents", Type: "string"}, {Name: "nonce", Type: "uint32"}},
		},
		PrimaryType: "Mail",
		Domain:      apitypes.TypedDataDomain{Name: "Test", Version: "1", ChainId: math.NewHexOrDecimal256(31337), VerifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3"},
		Message:     apitypes.TypedDataMessage{"to": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "contents": "hi", "nonce": "7"},
	}
}

// checkSigner signs a transaction and typed data with s and checks both
// recover to want.
func checkSigner(t *testing.T, s signer.Signer, want common.Address) {
	t.Helper()
	ctx := context.Background()
	require.Equal(t, want, s.Address())
	tx, err := s.SignTx(ctx, testTx(3), chainID)
	require.NoError(t, err)
	from, err := types.Sender(types.LatestSignerForChainID(chainID), tx)
	require.NoError(t, err)
	require.Equal(t, want, from)

	sig, err := s.SignTypedData(ctx, typedData())
	require.NoError(t, err)
	require.Len(t, sig, 65)
	require.Contains(t, []byte{27, 28}, sig[64])
	digest, _, err := apitypes.TypedDataAndHash(typedData())
	require.NoError(t, err)
	raw := append([]byte{}, sig...)
	raw[64] -= 27
	pub, err := crypto.SigToPub(digest, raw)
	require.NoError(t, err)
	require.Equal(t, want, crypto.PubkeyToAddress(*pub))
}

func TestOpenThreeForms(t *testing.T) {
	ctx := context.Background()
	key, _ := crypto.HexToECDSA(keyHex)
	addr := crypto.PubkeyToAddress(key.PublicKey)
	dir := t.TempDir()
	ks := writeKeystore(t, filepath.Join(dir, "ks"), keyHex, password)
	pwFile := filepath.Join(dir, "pw")
	require.NoError(t, os.WriteFile(pwFile, []byte(password+"\n"), 0o600))
	remote := signertest.New(t, key)
	noEnv := func(string) string { return "" }

	for _, tc := range []struct {
		name   string
		w      signer.Wallet
		getenv func(string) string
	}{
		{"private key", signer.Wallet{PrivateKey: "0x" + keyHex}, noEnv},
		{"keystore, password file", signer.Wallet{Keystore: ks, PasswordFile: pwFile}, noEnv},
		{"keystore, password env", signer.Wallet{Keystore: ks}, func(k string) string {
			if k == signer.PasswordEnv {
				return password
			}
			return ""
		}},
		{"remote signer", signer.Wallet{RemoteSigner: &signer.RemoteSigner{URL: remote.URL, Address: addr.Hex()}}, noEnv},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := signer.Open(ctx, tc.w, signer.Options{Getenv: tc.getenv})
			require.NoError(t, err)
			checkSigner(t, s, addr)
		})
	}
}

func TestOpenRefuses(t *testing.T) {
	ctx := context.Background()
	key, _ := crypto.HexToECDSA(keyHex)
	other, _ := crypto.GenerateKey()
	dir := t.TempDir()
	ks := writeKeystore(t, filepath.Join(dir, "ks"), keyHex, password)
	wrong := filepath.Join(dir, "wrong")
	require.NoError(t, os.WriteFile(wrong, []byte("not it\n"), 0o600))
	junk := filepath.Join(dir, "junk.json")
	require.NoError(t, os.WriteFile(junk, []byte(`{"hello": 1}`), 0o600))
	remote := signertest.New(t, other) // holds another key
	noEnv := func(string) string { return "" }

	for _, tc := range []struct {
		name string
		w    signer.Wallet
		want []string
	}{
		{"no form", signer.Wallet{}, []string{"chain.wallet: no signing key"}},
		{"two forms", signer.Wallet{PrivateKey: keyHex, Keystore: ks}, []string{"more than one signing key"}},
		{"wrong password", signer.Wallet{Keystore: ks, PasswordFile: wrong}, []string{"keystore " + ks + ": wrong password"}},
		{"no password", signer.Wallet{Keystore: ks}, []string{"chain.wallet.keystore " + ks, "no password: set password_file", signer.PasswordEnv}},
		{"not a keystore", signer.Wallet{Keystore: junk, PasswordFile: wrong}, []string{"keystore " + junk + ": not a Web3 Secret Storage v3 file"}},
		{"missing keystore", signer.Wallet{Keystore: filepath.Join(dir, "nope"), PasswordFile: wrong}, []string{"no such file"}},
		{"signer for another address", signer.Wallet{RemoteSigner: &signer.RemoteSigner{URL: remote.URL, Address: crypto.PubkeyToAddress(key.PublicKey).Hex()}},
			[]string{"chain.wallet.remote_signer: the signer at " + remote.URL + " does not sign for " + crypto.PubkeyToAddress(key.PublicKey).Hex()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := signer.Open(ctx, tc.w, signer.Options{Getenv: noEnv})
			require.Error(t, err)
			for _, w := range tc.want {
				require.ErrorContains(t, err, w)
			}
			require.NotContains(t, err.Error(), password)
			require.NotContains(t, err.Error(), "not it")
			require.NotContains(t, err.Error(), keyHex)
		})
	}
}

func TestRemoteSignerAnsweringForAnotherAddress(t *testing.T) {
	// The signer holds the key but signs with another: caught on every
	// signature, not only at start-up.
	key, _ := crypto.HexToECDSA(keyHex)
	other, _ := crypto.GenerateKey()
	remote := signertest.New(t, other)
	r, err := signer.NewRemote(signer.RemoteOptions{URL: remote.URL, Address: crypto.PubkeyToAddress(key.PublicKey)})
	require.NoError(t, err)
	_, err = r.SignTx(context.Background(), testTx(0), chainID)
	require.ErrorContains(t, err, "Signer not found") // web3signer refuses an unknown from
}

func TestPermissionWarnings(t *testing.T) {
	dir := t.TempDir()
	ks := writeKeystore(t, filepath.Join(dir, "ks"), keyHex, password)
	pw := filepath.Join(dir, "pw")
	require.NoError(t, os.WriteFile(pw, []byte(password), 0o600))
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, nil))
	_, err := signer.Open(context.Background(), signer.Wallet{Keystore: ks, PasswordFile: pw}, signer.Options{Logger: log})
	require.NoError(t, err)
	require.Empty(t, logs.String(), "0600 files: no warning")

	require.NoError(t, os.Chmod(ks, 0o644))
	require.NoError(t, os.Chmod(pw, 0o640))
	_, err = signer.Open(context.Background(), signer.Wallet{Keystore: ks, PasswordFile: pw}, signer.Options{Logger: log})
	require.NoError(t, err)
	require.Contains(t, logs.String(), "keystore "+ks+" is accessible by group or others (mode 0644)")
	require.Contains(t, logs.String(), "password file "+pw+" is accessible by group or others (mode 0640)")
	require.NotContains(t, logs.String(), password)
}

func TestRemoteSignerRetriesThenRecovers(t *testing.T) {
	key, _ := crypto.HexToECDSA(keyHex)
	remote := signertest.New(t, key)
	r, err := signer.NewRemote(signer.RemoteOptions{URL: remote.URL, Address: remote.Address(), Attempts: 3, Backoff: time.Millisecond})
	require.NoError(t, err)
	ctx := context.Background()

	remote.SetDown(true)
	_, err = r.SignTx(ctx, testTx(1), chainID)
	require.ErrorContains(t, err, "remote signer "+remote.URL+": eth_signTransaction: HTTP 503")

	// Back up during the retries: the call succeeds. A refusal signalled
	// by the first call is drained first, so the signer comes back only
	// after this call has been refused.
	select {
	case <-remote.Refused():
	default:
	}
	go func() {
		<-remote.Refused()
		remote.SetDown(false)
	}()
	r2, err := signer.NewRemote(signer.RemoteOptions{URL: remote.URL, Address: remote.Address(), Attempts: 1000, Backoff: time.Millisecond})
	require.NoError(t, err)
	tx, err := r2.SignTx(ctx, testTx(2), chainID)
	require.NoError(t, err)
	require.True(t, remote.Signed(tx.Hash()))
}

func TestRemoteSignerHidesURLSecrets(t *testing.T) {
	r, err := signer.NewRemote(signer.RemoteOptions{URL: "http://user:secret@127.0.0.1:1/token-abc", Address: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"), Attempts: 1})
	require.NoError(t, err)
	err = r.Check(context.Background())
	require.Error(t, err)
	require.NotContains(t, err.Error(), "secret")
	require.NotContains(t, err.Error(), "token-abc")
	require.Contains(t, err.Error(), "remote signer http://127.0.0.1:1:") // scheme and host only
}

// BenchmarkSignTx measures one transaction's signature through each form
// (docs/keys.md gives the figures): the keystore is an in-memory key once
// unlocked; the remote signer adds a loopback JSON-RPC round trip.
func BenchmarkSignTx(b *testing.B) {
	key, _ := crypto.HexToECDSA(keyHex)
	dir := b.TempDir()
	ks := writeKeystore(b, filepath.Join(dir, "ks"), keyHex, password)
	remote := signertest.New(b, key)
	ctx := context.Background()
	for _, bc := range []struct {
		name string
		w    signer.Wallet
	}{
		{"private_key", signer.Wallet{PrivateKey: keyHex}},
		{"keystore", signer.Wallet{Keystore: ks}},
		{"remote_signer", signer.Wallet{RemoteSigner: &signer.RemoteSigner{URL: remote.URL, Address: remote.Address().Hex()}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			s, err := signer.Open(ctx, bc.w, signer.Options{Getenv: func(string) string { return password }})
			require.NoError(b, err)
			tx := testTx(1)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := s.SignTx(ctx, tx, chainID); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A signer configured for one chain (web3signer's --chain-id) passes the
// start-up probe, and a signature for another chain than the node's is
// refused with the fix.
func TestRemoteSignerChainID(t *testing.T) {
	key, _ := crypto.HexToECDSA(keyHex)
	remote := signertest.New(t, key)
	remote.SetChainID(chainID)
	r, err := signer.NewRemote(signer.RemoteOptions{URL: remote.URL, Address: remote.Address()})
	require.NoError(t, err)
	ctx := context.Background()
	require.NoError(t, r.Check(ctx))
	_, err = r.SignTx(ctx, testTx(1), chainID)
	require.NoError(t, err)
	other := big.NewInt(5)
	tx := types.NewTx(&types.DynamicFeeTx{ChainID: other, Nonce: 1, GasTipCap: big.NewInt(1), GasFeeCap: big.NewInt(2), Gas: 21000, To: &common.Address{}, Value: new(big.Int)})
	_, err = r.SignTx(ctx, tx, other)
	require.ErrorContains(t, err, "signed for chain 31337, not the node's chain 5; set the signer's chain id")
}
