package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// TestMain removes the proof setups the tests made.
func TestMain(m *testing.M) { prooftest.Main(m) }

// TestVerifyProof: verify-proof deploys an artifact set's verifier.bin on
// anvil and accepts a proof read from a job's result; the same proof with
// one public input changed is rejected (exit 1), and usage mistakes exit 2.
func TestVerifyProof(t *testing.T) {
	ctx, a := startAnvil(t, 3*time.Minute, testnet.AnvilOptions{})
	dir, _ := prooftest.Iris(t)
	set, err := artifact.Open(ctx, artifact.ReadDir(dir))
	require.NoError(t, err)
	xq, err := set.Model().QuantizeInput([]float64{1.038, 0.559, 1.104, 1.712})
	require.NoError(t, err)
	p, err := set.Prove(xq)
	require.NoError(t, err)
	job, err := json.Marshal([]map[string]any{{"id": "j", "status": "success", "result": map[string]any{"output": map[string]any{"calldata": "0x" + hex.EncodeToString(p.Calldata)}}}}) // as `infernode results ID` prints it
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "job.json")
	require.NoError(t, os.WriteFile(file, job, 0o644))
	key := hex.EncodeToString(crypto.FromECDSA(a.FundedKeys()[0]))

	var out, errOut bytes.Buffer
	code := run(ctx, []string{"verify-proof", "--result", file, "--artifacts", dir, "--rpc", a.RPCURL(), "--private-key", key}, &out, &errOut)
	require.Equal(t, 0, code, errOut.String())
	require.Contains(t, out.String(), "valid: verifier 0x")
	require.Contains(t, errOut.String(), "deployed")

	bad := append([]byte(nil), p.Calldata...)
	bad[4+32+31] ^= 1
	out.Reset()
	errOut.Reset()
	code = run(context.Background(), []string{"verify-proof", "--calldata", "0x" + hex.EncodeToString(bad), "--artifacts", dir, "--rpc", a.RPCURL(), "--private-key", key}, &out, &errOut)
	require.Equal(t, 1, code)
	require.Contains(t, errOut.String(), "the proof is NOT valid")
	require.Contains(t, errOut.String(), "ProofInvalid: the pairing check failed", "which check failed, not only the revert")

	// Cut short: the length check; another selector: no such function.
	for _, tc := range []struct {
		calldata []byte
		want     string
	}{
		{artifact.Calldata(set.Manifest.Verifier.Function, p.Proof[:255], p.Public), "the proof has the wrong length"},
		{append([]byte{1, 2, 3, 4}, p.Calldata[4:]...), "no function with the calldata's selector 0x01020304"},
	} {
		errOut.Reset()
		code = run(context.Background(), []string{"verify-proof", "--calldata", "0x" + hex.EncodeToString(tc.calldata), "--artifacts", dir, "--rpc", a.RPCURL(), "--private-key", key}, &out, &errOut)
		require.Equal(t, 1, code)
		require.Contains(t, errOut.String(), tc.want)
	}

	for _, args := range [][]string{
		{"verify-proof", "--artifacts", dir},
		{"verify-proof", "--calldata", "0x12", "--result", file, "--artifacts", dir},
		{"verify-proof", "--calldata", "zz", "--artifacts", dir},
		{"verify-proof", "--calldata", "0x" + hex.EncodeToString(p.Calldata)},
	} {
		errOut.Reset()
		require.Equal(t, 2, run(context.Background(), args, &out, &errOut), "%v: %s", args, errOut.String())
	}
}
