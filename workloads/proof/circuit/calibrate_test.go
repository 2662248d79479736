package circuit_test

import (
	"os"
	"testing"

	"github.com/consensys/gnark/test"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/proof/circuit"
	"github.com/infernode/infernode/workloads/proof/prooftest"
)

// TestCalibrateLenet: calibrated on the test images, both LeNet variants
// keep PyTorch's top-1 on every image with non-negative inputs packed
// tighter than the hand-picked options (10 bits a pixel, 32 words).
func TestCalibrateLenet(t *testing.T) {
	f := prooftest.ReadLenet(t)
	samples := f.Images()
	for _, fx := range []prooftest.Fixture{prooftest.LenetAvg, prooftest.LenetMax} {
		t.Run(fx.Name, func(t *testing.T) {
			raw, err := os.ReadFile(prooftest.Testdata(fx.File))
			require.NoError(t, err)
			m, cal, err := circuit.Calibrate(raw, samples)
			require.NoError(t, err)
			t.Logf("%s: %+v; input %d bits, %d words; %d constraints by Costs", fx.Name, cal.Options, m.In.Bits, m.In.Words, total(m.Costs()))
			require.True(t, m.NonNegative)
			require.Equal(t, len(samples), cal.ArgmaxAgree)
			require.Less(t, m.In.Words, 32)
			for k, x := range samples {
				xq, err := m.QuantizeInput(x)
				require.NoError(t, err)
				require.Equal(t, argmax(f.Logits(fx)[k]), argmax(circuit.Floats(m.Eval(xq), m.OutScale)), "image %d", k)
			}
			// What Calibrate chose compiles back to the same model.
			again, err := circuit.Compile(raw, cal.Options)
			require.NoError(t, err)
			require.Equal(t, m.In, again.In)
			require.Equal(t, m.Out, again.Out)
		})
	}
}

func total(costs []circuit.LayerCost) int {
	n := 0
	for _, c := range costs {
		n += c.Constraints
	}
	return n
}

// TestReluBitsEnforced: a ReLU range below what an input reaches is an
// ActivationRangeError before proving, and the circuit cannot be
// satisfied for it; the calibrated ranges take every sample.
func TestReluBitsEnforced(t *testing.T) {
	f := prooftest.ReadLenet(t)
	raw, err := os.ReadFile(prooftest.Testdata("lenet_max.onnx"))
	require.NoError(t, err)
	opt := prooftest.LenetOptions
	opt.ReluBits = []int{12, 12}
	m, err := circuit.Compile(raw, opt)
	require.NoError(t, err)
	xq, err := m.QuantizeInput(f.Images()[0])
	require.NoError(t, err)
	_, err = m.EvalChecked(xq)
	var are *circuit.ActivationRangeError
	require.ErrorAs(t, err, &are)
	require.ErrorContains(t, err, "calibrated range (2^12)")
	require.Error(t, test.IsSolved(circuit.NewCircuit(m), circuit.Assignment(m.Public(xq, m.Eval(xq)), nil), circuit.Field))

	cal, c, err := circuit.Calibrate(raw, f.Images())
	require.NoError(t, err)
	require.Len(t, c.Options.ReluBits, 2)
	for _, x := range f.Images() {
		xq, err := cal.QuantizeInput(x)
		require.NoError(t, err)
		_, err = cal.EvalChecked(xq)
		require.NoError(t, err)
	}
}
