package circuit_test

import (
	"testing"

	"github.com/consensys/gnark/test"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// TestResidualFixedPoint: the small residual network (identity and
// projection blocks, stride-2 and padded convs, Concat, Mul by a constant,
// Sub, GlobalAveragePool) compiles; its float model matches PyTorch's
// logits and the fixed point (image defaults) keeps every test image's
// argmax; the circuit is satisfied by the integer model's logits.
func TestResidualFixedPoint(t *testing.T) {
	f := prooftest.ReadResidual(t, "resnet_small")
	m := compileFile(t, "resnet_small.onnx", circuit.Options{})
	t.Logf("layers: %s", m.Describe())
	require.Equal(t, []int{8, 10, 10}, []int{m.ScaleBits, m.WeightBits, m.InputBits}, "an image model without options: circuit.ImageDefaults")
	n := 0
	for _, c := range m.Costs() {
		t.Logf("%-50s %6d outputs %8d constraints", c.Layer, c.Outputs, c.Constraints)
		n += c.Constraints
	}
	t.Logf("total %d constraints, max bits %d, public inputs %d+%d words", n, m.MaxBits, m.In.Words, m.Out.Words)
	for k, x := range f.Images {
		float := m.EvalFloat(x)
		for i := range float {
			require.InDelta(t, f.Logits[k][i], float[i], 1e-4, "float model vs PyTorch, image %d logit %d", k, i)
		}
		xq, err := m.QuantizeInput(x)
		require.NoError(t, err)
		fixed := circuit.Floats(m.Eval(xq), m.OutScale)
		require.Equal(t, argmax(f.Logits[k]), argmax(fixed), "image %d: %v vs %v", k, f.Logits[k], fixed)
	}
	xq, err := m.QuantizeInput(f.Images[0])
	require.NoError(t, err)
	require.NoError(t, test.IsSolved(circuit.NewCircuit(m), circuit.Assignment(m.Public(xq, m.Eval(xq)), nil), circuit.Field))
	ccs, err := circuit.Build(m)
	require.NoError(t, err)
	require.Equal(t, n, ccs.GetNbConstraints(), "Costs adds up to the circuit")
}
