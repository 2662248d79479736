package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/coordinator"
	v1dialect "github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/testnet/chaintest"
)

func TestDelegateSignsAndPosts(t *testing.T) {
	chain, dep := chaintest.Start(t)
	ctx := context.Background()
	key := chain.FundedKeys()[0]

	var posted []byte
	node := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		posted, _ = io.ReadAll(r.Body)
		_, _ = w.Write([]byte("{}"))
	}))
	defer node.Close()
	keyHex := hex.EncodeToString(crypto.FromECDSA(key))
	t.Setenv("INFERNODE_PRIVATE_KEY", keyHex)
	var stdout, stderr bytes.Buffer
	code := run(ctx, []string{"delegate", "--url", node.URL, "--rpc", chain.RPCURL(), "--coordinator", dep.Coordinator.Hex(),
		"--owner", dep.ExampleConsumer.Hex(), "--containers", "echo", "--data", `{"a":1}`}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	require.NotContains(t, stdout.String()+stderr.String(), keyHex, "the key is never echoed")
	require.JSONEq(t, string(posted), stdout.String(), "prints what was sent")

	req, err := ours.DecodeDelegated(posted)
	require.NoError(t, err)
	require.Equal(t, dep.ExampleConsumer, req.Delegate.Sub.Owner)
	v := &coordinator.Verifier{Chain: chain.Client(), ChainID: big.NewInt(testnet.EmbeddedChainID), Coordinator: dep.Coordinator}
	signer, err := req.Verify(ctx, v)
	require.NoError(t, err, "the node would accept it")
	require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), signer)

	require.Contains(t, stderr.String(), "subscription id: none yet", "no node delivered it yet")

	// Deliveries of a subscription that does not exist: an error, not [].
	stdout.Reset()
	stderr.Reset()
	code = run(ctx, []string{"deliveries", "--rpc", chain.RPCURL(), "--coordinator", dep.Coordinator.Hex(), "--id", "99"}, &stdout, &stderr)
	require.Equal(t, 1, code, stderr.String())
	require.Contains(t, stderr.String(), "subscription 99 does not exist on the Coordinator")
	require.Empty(t, stdout.String())

	// A missing key is a usage error that names the fix.
	t.Setenv("INFERNODE_PRIVATE_KEY", "")
	t.Setenv("PRIVATE_KEY", "")
	stderr.Reset()
	code = run(ctx, []string{"delegate", "--url", node.URL, "--rpc", chain.RPCURL(), "--coordinator", dep.Coordinator.Hex(),
		"--owner", dep.ExampleConsumer.Hex(), "--containers", "echo"}, &stdout, &stderr)
	require.Equal(t, 2, code)
	require.True(t, strings.Contains(stderr.String(), "INFERNODE_PRIVATE_KEY"))
}

// TestDelegateInfernetV1File signs an SDK v1 body read from --file, with
// a flag overriding it, offline (--chain-id, --dry-run).
func TestDelegateInfernetV1File(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	coord, owner := common.HexToAddress("0xc0"), common.HexToAddress("0xa1")
	file := filepath.Join(t.TempDir(), "sub.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"owner": "`+owner.Hex()+`", "active_at": 0, "period": 60, "frequency": 3,
		"redundancy": 1, "containers": "`+v1dialect.ContainerID("echo").Hex()+`", "lazy": true}`), 0o600))
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), []string{"delegate", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--chain-id", "31337",
		"--coordinator", coord.Hex(), "--file", file, "--redundancy", "2", "--private-key", hex.EncodeToString(crypto.FromECDSA(key)), "--dry-run"}, &stdout, &stderr)
	require.Equal(t, 0, code, stderr.String())
	req, err := v1dialect.DecodeDelegated(stdout.Bytes())
	require.NoError(t, err)
	require.Equal(t, v1dialect.ContainerID("echo"), req.ContainerIDHash())
	require.True(t, req.Sub.Lazy, "from the file")
	require.Equal(t, uint32(3), req.Sub.Frequency, "from the file")
	require.Equal(t, uint16(2), req.Sub.Redundancy, "the flag overrides the file")
	require.Positive(t, req.Sub.ActiveAt, "active now")
	ds := v1dialect.DelegateSubscription{Nonce: req.Nonce, Expiry: req.Expiry, Sub: req.Sub}
	signer, err := ds.Recover(v1dialect.Domain{ChainID: big.NewInt(31337), Coordinator: coord}, req.Sig)
	require.NoError(t, err)
	require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), signer)

	// Our dialect's file (container ids, not the hash) is named as the mistake.
	require.NoError(t, os.WriteFile(file, []byte(`{"owner": "`+owner.Hex()+`", "container_id": "echo"}`), 0o600))
	stderr.Reset()
	code = run(context.Background(), []string{"delegate", "--infernet-v1", "--rpc", "http://127.0.0.1:1", "--chain-id", "31337", "--coordinator", coord.Hex(),
		"--file", file, "--private-key", hex.EncodeToString(crypto.FromECDSA(key)), "--dry-run"}, &stdout, &stderr)
	require.Equal(t, 1, code)
	require.Contains(t, stderr.String(), "an Infernet SDK v1 body")
}
