package circuit_test

import (
	"math/big"
	"testing"

	"github.com/consensys/gnark/backend"
	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/backend/solidity"
	"github.com/consensys/gnark/frontend"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// TestLookupRelu: the small residual network with its ReLUs range-checked
// by lookups: Costs adds up to the circuit, the argmax of every test image
// is kept, the integer model's logits satisfy it and a changed logit or
// input does not, and a Groth16 proof with its one commitment verifies
// the way the Solidity verifier checks it.
func TestLookupRelu(t *testing.T) {
	f := prooftest.ReadResidual(t, "resnet_small")
	m := compileFile(t, "resnet_small.onnx", circuit.Options{})
	plain := 0
	for _, c := range m.Costs() {
		plain += c.Constraints
	}
	bits, want := m.BestLookupBits()
	require.Positive(t, bits)
	require.NoError(t, m.WithLookups(bits))
	n := 0
	for _, c := range m.Costs() {
		t.Logf("%-50s %6d outputs %8d constraints", c.Layer, c.Outputs, c.Constraints)
		n += c.Constraints
	}
	t.Logf("table 2^%d: %d constraints (BestLookupBits: %d), %d with bit decompositions", bits, n, want, plain)
	ccs, err := circuit.Build(m)
	require.NoError(t, err)
	require.Equal(t, n, ccs.GetNbConstraints(), "Costs adds up to the circuit")

	for k, x := range f.Images {
		xq, err := m.QuantizeInput(x)
		require.NoError(t, err)
		y, err := m.EvalChecked(xq)
		require.NoError(t, err)
		require.Equal(t, argmax(f.Logits[k]), argmax(circuit.Floats(y, m.OutScale)), "image %d", k)
	}
	xq, err := m.QuantizeInput(f.Images[0])
	require.NoError(t, err)
	y := m.Eval(xq)
	solved := func(x, y []*big.Int) error {
		w, err := frontend.NewWitness(circuit.Assignment(m.Public(x, y), nil), circuit.Field)
		require.NoError(t, err)
		return ccs.IsSolved(w)
	}
	require.NoError(t, solved(xq, y))
	for i := range y {
		bad := append([]*big.Int(nil), y...)
		bad[i] = new(big.Int).Add(y[i], big.NewInt(1))
		require.Error(t, solved(xq, bad), "logit %d changed", i)
	}
	for _, i := range []int{0, 17, len(xq) - 1} {
		bad := append([]*big.Int(nil), xq...)
		bad[i] = new(big.Int).Xor(xq[i], big.NewInt(1))
		require.Error(t, solved(bad, y), "input %d changed, logits kept", i)
	}

	pk, vk, err := groth16.Setup(ccs)
	require.NoError(t, err)
	w, err := frontend.NewWitness(circuit.Assignment(m.Public(xq, y), nil), circuit.Field)
	require.NoError(t, err)
	proof, err := groth16.Prove(ccs, pk, w, solidity.WithProverTargetSolidityVerifier(backend.GROTH16))
	require.NoError(t, err)
	pub, err := w.Public()
	require.NoError(t, err)
	require.NoError(t, groth16.Verify(proof, vk, pub, solidity.WithVerifierTargetSolidityVerifier(backend.GROTH16)))
	require.Len(t, proof.(interface{ MarshalSolidity() []byte }).MarshalSolidity(), 384, "A, B, C, the commitment and its proof of knowledge")
}
