package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	proofsvc "github.com/infernode/infernode/workloads/proof/service"
)

// proofStack is a node in front of the proof workload serving the iris
// artifacts (set up by the test) as prooftest.IrisRepo.
func proofStack(t testing.TB, chain string) (*stack, string) {
	t.Helper()
	return proofStackOf(t, prooftest.IrisFixture, prooftest.IrisRepo, chain)
}

// proofStackOf is proofStack for any fixture, served as repo; it returns
// the artifact directory.
func proofStackOf(t testing.TB, f prooftest.Fixture, repo, chain string) (*stack, string) {
	t.Helper()
	s, dir, _ := proofStackWith(t, f, repo, chain)
	return s, dir
}

// proofStackWith is proofStackOf, also returning the proof service.
func proofStackWith(t testing.TB, f prooftest.Fixture, repo, chain string) (*stack, string, *proofsvc.Service) {
	t.Helper()
	root := prooftest.ArtifactDirOf(t, f, repo)
	h, err := proofsvc.New(proofsvc.Config{Store: wltest.OfflineStore(t, root)})
	require.NoError(t, err)
	s := &stack{direct: map[string]string{"proof": wltest.Server(t, h).URL}}
	s.node, s.shutdown = startNode(t, []string{fmt.Sprintf(`{"id":"proof","url":%q,"external":true,"generates_proofs":true}`, s.direct["proof"])}, chain)
	return s, filepath.Join(root, repo, "default"), h
}

// irisProofData is the seed's proof request for the iris input.
const irisProofData = `{"source":"OFFCHAIN","destination":"OFFCHAIN","data":{"repo_id":"` + prooftest.IrisRepo +
	`","witness_data":{"input_data":` + wltest.IrisTensor + `,"output_data":null},"vk_address":null}}`

// TestIrisProofThroughNodeVerifiedOnAnvil: iris set up, proved through the
// node as a REST job, and the result's calldata accepted by verifier.bin
// deployed on anvil; changing one public input makes it revert.
func TestIrisProofThroughNodeVerifiedOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup, a node and anvil")
	}
	s, dir := proofStack(t, "")
	res := s.submit(t, []string{"proof"}, irisProofData, false)
	var out proofsvc.Result
	require.NoError(t, json.Unmarshal(output(t, res), &out))
	require.Equal(t, "groth16-bn254", out.ProofSystem)
	probs, err := out.Probabilities.Float64s()
	require.NoError(t, err)
	for i, g := range wltest.IrisGoldenONNX() {
		require.InDelta(t, float64(g), probs[i], 1e-3, "softmax of the proven logits vs the float model")
	}

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{})
	require.NoError(t, err, "run `make tools` if anvil is missing")
	defer func() { require.NoError(t, a.Stop()) }()
	c, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	defer c.Close()
	key := a.FundedKeys()[0]
	verifier, err := prooftest.DeployVerifier(ctx, c, key, dir)
	require.NoError(t, err)

	calldata := common.FromHex(out.Calldata)
	require.NoError(t, prooftest.Call(ctx, c, verifier, calldata), "the verifier accepts the node's proof")
	gas, err := prooftest.VerifyGas(ctx, c, key, verifier, calldata)
	require.NoError(t, err)
	t.Logf("on-chain verification: %d gas for the whole transaction (%d bytes of calldata)", gas, len(calldata))

	for i := range out.PublicInputs {
		bad := append([]byte(nil), calldata...)
		bad[4+32*(1+i)+31] ^= 1 // one public input, last byte
		err := prooftest.Call(ctx, c, verifier, bad)
		require.Error(t, err, "public input %d changed", i)
		require.Contains(t, err.Error(), "revert")
	}
	bad := append([]byte(nil), calldata...)
	bad[len(bad)-1] ^= 1 // the proof itself
	require.Error(t, prooftest.Call(ctx, c, verifier, bad))
}

func TestProofJobErrors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup and a node")
	}
	s, _ := proofStack(t, "")
	for _, tc := range []struct{ name, data, want string }{
		{"unknown repo_id", strings.Replace(irisProofData, prooftest.IrisRepo, "local/infernode/nope", 1), "no proof artifacts for local/infernode/nope"},
		{"mismatched output_data", strings.Replace(irisProofData, `"output_data":null`, `"output_data":{"values":[1,0,0],"shape":[1,3],"dtype":1}`, 1),
			"the model does not produce [1, 0, 0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := s.submit(t, []string{"proof"}, tc.data, false)
			require.Equal(t, `"failed"`, string(res["status"]))
			require.Contains(t, string(res["result"]), tc.want)
		})
	}
}

func TestMain(m *testing.M) { prooftest.Main(m) }

// BenchmarkIrisProofThroughNode: iris proof jobs through the node's REST
// API, 8 in flight (docs/proof.md: proofs per second at concurrency).
func BenchmarkIrisProofThroughNode(b *testing.B) {
	s, _ := proofStack(b, "")
	s.submit(b, []string{"proof"}, irisProofData, false) // load the artifacts
	b.SetParallelism(max(1, 8/runtime.GOMAXPROCS(0)))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			res := s.submit(b, []string{"proof"}, irisProofData, false)
			if string(res["status"]) != `"success"` {
				b.Errorf("job: %s", res["result"])
			}
		}
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "proofs/s")
}
