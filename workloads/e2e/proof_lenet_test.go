package e2e_test

import (
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/testnet"
	"github.com/infernode/infernode/workloads/proof/artifact"
	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
	proofsvc "github.com/infernode/infernode/workloads/proof/service"
)

// lenetProofData is the seed's proof request for one test image.
func lenetProofData(t testing.TB, repo string, pixels []int) string {
	t.Helper()
	return proofData(t, repo, []int{1, 1, 28, 28}, prooftest.Image(pixels))
}

// proofData is the seed's proof request for input x of shape.
func proofData(t testing.TB, repo string, shape []int, x []float64) string {
	t.Helper()
	in, err := json.Marshal(tensor.FromFloat64(shape, x))
	require.NoError(t, err)
	return `{"source":"OFFCHAIN","destination":"OFFCHAIN","data":{"repo_id":"` + repo + `","witness_data":{"input_data":` + string(in) + `,"output_data":null},"vk_address":null}}`
}

// words are a result's public inputs as integers.
func words(t testing.TB, out proofsvc.Result) []*big.Int {
	t.Helper()
	var w []*big.Int
	for _, p := range out.PublicInputs {
		v, ok := new(big.Int).SetString(strings.TrimPrefix(p, "0x"), 16)
		require.True(t, ok, p)
		w = append(w, v)
	}
	return w
}

func argmax(v []float64) int {
	best := 0
	for i := range v {
		if v[i] > v[best] {
			best = i
		}
	}
	return best
}

// TestLenetProofThroughNodeVerifiedOnAnvil: both LeNet-class networks set
// up, and the max-pooling one calibrated on the test images; every test
// image proved through the node as a REST job (proofsOnAnvil).
func TestLenetProofThroughNodeVerifiedOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup of three networks, a node and anvil")
	}
	f := prooftest.ReadLenet(t)
	for _, fx := range []prooftest.Fixture{prooftest.LenetAvg, prooftest.LenetMax, prooftest.LenetCalibrated} {
		t.Run(fx.Name, func(t *testing.T) {
			proofsOnAnvil(t, fx, f.Images(), []int{1, 1, 28, 28}, f.Logits(fx), 450_000)
		})
	}
}

// TestLenetHashedProofVerifiedOnAnvil: LeNet with its input hashed (SHA-256
// in the circuit, one public input): set up with no options at all (the
// image defaults: 35 input words, hashed by default) and calibrated with
// --public-inputs hashed (7 words). Both verify for at most 230,000 gas;
// every changed public input, another image's input hash and every changed
// proof word are rejected (proofsOnAnvil). Three images each: the proofs
// are the same circuit for every image.
func TestLenetHashedProofVerifiedOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup of two networks with SHA-256 inputs, a node and anvil")
	}
	f := prooftest.ReadLenet(t)
	for _, fx := range []prooftest.Fixture{prooftest.LenetDefault, prooftest.LenetCalibratedHashed} {
		t.Run(fx.Name, func(t *testing.T) {
			torch := f.Logits(prooftest.LenetMax)
			proofsOnAnvil(t, fx, f.Images()[:3], []int{1, 1, 28, 28}, torch[:3], 230_000)
		})
	}
}

// TestResidualProofThroughNodeVerifiedOnAnvil: the small residual network
// (identity and projection blocks, stride-2 and padded convs, Concat, Mul
// by a constant, Sub, GlobalAveragePool) set up with no fixed-point flags
// (the image defaults) and proved through the node (proofsOnAnvil), with
// bit decompositions and with lookups (one commitment: the exported
// verifier's second pairing check and the commitment's hash on chain).
func TestResidualProofThroughNodeVerifiedOnAnvil(t *testing.T) {
	if testing.Short() {
		t.Skip("runs proof setup, a node and anvil")
	}
	f := prooftest.ReadResidual(t, "resnet_small")
	for _, tc := range []struct {
		fx     prooftest.Fixture
		maxGas uint64
	}{
		{prooftest.ResidualSmall, 450_000},
		{prooftest.ResidualLookups, 450_000},
		// A ResNet-20's public layout by default: one commitment (lookups),
		// the input's hash, the logits' words; its verification gas is
		// ResNet-20's (the pairings' count and the public inputs'
		// scalar multiplications do not depend on the circuit's size).
		{prooftest.ResidualHashed, 380_000},
	} {
		t.Run(tc.fx.Name, func(t *testing.T) {
			proofsOnAnvil(t, tc.fx, f.Images, f.Shape, f.Logits, tc.maxGas)
		})
	}
}

// otherHash is the input hash of an input other than inputs[k].
func otherHash(t testing.TB, m *circuit.Model, inputs [][]float64, k int) *big.Int {
	t.Helper()
	xq, err := m.QuantizeInput(inputs[(k+1)%len(inputs)])
	require.NoError(t, err)
	return circuit.HashWords(m.In.Pack(xq))
}

// proofsOnAnvil sets fx up and proves every input through the node as a
// REST job: the proven logits (read back from the public inputs) equal
// to the fixed-point model's and with PyTorch's argmax; the proof accepted
// by verifier.bin on anvil for at most maxGas, and rejected when any one
// input value or logit changes by one quantum, or any word of the proof.
// It returns the jobs' wall times, sorted.
func proofsOnAnvil(t testing.TB, fx prooftest.Fixture, inputs [][]float64, shape []int, torch [][]float64, maxGas uint64) []time.Duration {
	// The setup first, outside the deadline: a large one takes long on a
	// busy machine (LeNet with its input hashed: 605k constraints).
	prooftest.SetUp(t, fx)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	a, err := testnet.StartAnvil(ctx, testnet.AnvilOptions{})
	require.NoError(t, err, "run `make tools` if anvil is missing")
	defer func() { require.NoError(t, a.Stop()) }()
	c, err := ethclient.DialContext(ctx, a.RPCURL())
	require.NoError(t, err)
	defer c.Close()
	key := a.FundedKeys()[0]

	repo := "local/infernode/" + fx.Name
	s, dir, svc := proofStackWith(t, fx, repo, "")
	// The service's own model (loading the set the jobs then use): not a
	// second copy of a ResNet-20's compiled model.
	set, err := svc.Artifacts(ctx, repo)
	require.NoError(t, err)
	m, man := set.Model(), set.Manifest
	t.Logf("%s: %d constraints, %d public inputs, float error %+v", fx.Name, man.Constraints, man.Public[0].Count+man.Public[1].Count, man.FloatError)
	verifier, err := prooftest.DeployVerifier(ctx, c, key, dir)
	require.NoError(t, err)

	var walls []time.Duration
	for k, x := range inputs {
		start := time.Now()
		res := s.submit(t, []string{"proof"}, proofData(t, repo, shape, x), false)
		walls = append(walls, time.Since(start))
		var out proofsvc.Result
		require.NoError(t, json.Unmarshal(output(t, res), &out))

		w := words(t, out)
		logits := man.Public[1].Packing().Unpack(w[man.Public[1].Offset:])
		xq, err := m.QuantizeInput(x)
		require.NoError(t, err)
		want := m.Eval(xq)
		for i := range want {
			require.Zero(t, logits[i].Cmp(want[i]), "input %d logit %d: proven %v, fixed-point model %v", k, i, logits[i], want[i])
		}
		proven := circuit.Floats(logits, man.Public[1].ScaleLog2)
		require.Equal(t, argmax(torch[k]), argmax(proven), "input %d: argmax of the proven logits vs PyTorch's", k)

		calldata := common.FromHex(out.Calldata)
		require.NoError(t, prooftest.Call(ctx, c, verifier, calldata), "input %d: the verifier accepts the node's proof", k)
		if k > 0 {
			continue
		}
		gas, err := prooftest.VerifyGas(ctx, c, key, verifier, calldata)
		require.NoError(t, err)
		t.Logf("%s: on-chain verification %d gas for the whole transaction (%d public inputs, %d bytes of calldata)", fx.Name, gas, len(w), len(calldata))
		require.LessOrEqual(t, gas, maxGas)

		// Any one input value, or logit, one quantum off: reverts; so does
		// any word of the proof changed. A hashed input: its hash changed,
		// or another input's hash, reverts.
		proof := common.FromHex(out.GnarkProof)
		vecs := []artifact.PublicVec{man.Public[0], man.Public[1]}
		if man.Public[0].Hashed {
			require.Equal(t, artifact.PublicHashed, out.PublicInputMode)
			require.Equal(t, circuit.HashWords(m.In.Pack(xq)), w[0], "the first public input is the input's hash")
			require.Len(t, out.InputWords, man.Public[0].Words)
			for _, h := range []*big.Int{new(big.Int).Add(w[0], big.NewInt(1)), otherHash(t, m, inputs, k)} {
				bad := slices.Clone(w)
				bad[0] = h
				err := prooftest.Call(ctx, c, verifier, artifact.Calldata(man.Verifier.Function, proof, bad))
				require.Error(t, err, "another input hash")
				require.Contains(t, err.Error(), "revert")
			}
			vecs = vecs[1:]
		}
		for _, v := range vecs {
			for j := range v.Values {
				bad := slices.Clone(w)
				i := v.Offset + j/v.PerWord
				bad[i] = new(big.Int).Add(bad[i], new(big.Int).Lsh(big.NewInt(1), uint(v.Bits*(j%v.PerWord))))
				err := prooftest.Call(ctx, c, verifier, artifact.Calldata(man.Verifier.Function, proof, bad))
				require.Error(t, err, "%s value %d changed", v.Name, j)
				require.Contains(t, err.Error(), "revert")
			}
		}
		for i := 0; i < len(proof); i += 32 {
			bad := slices.Clone(proof)
			bad[i+31] ^= 1
			err := prooftest.Call(ctx, c, verifier, artifact.Calldata(man.Verifier.Function, bad, w))
			require.Error(t, err, "proof word %d changed", i/32)
		}
	}
	slices.Sort(walls)
	t.Logf("%s: proof jobs through the node, wall per job: median %v (min %v, max %v, %d jobs)", fx.Name,
		walls[len(walls)/2].Round(time.Millisecond), walls[0].Round(time.Millisecond), walls[len(walls)-1].Round(time.Millisecond), len(walls))
	return walls
}
