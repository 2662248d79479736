package circuit_test

import (
	"bytes"
	"fmt"
	"math/big"
	"os"
	"testing"

	"github.com/consensys/gnark/backend/groth16"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/test"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/proof/circuit"
)

func irisModel(t testing.TB) *circuit.Model {
	t.Helper()
	raw, err := os.ReadFile("../testdata/iris.onnx")
	require.NoError(t, err)
	m, err := circuit.Compile(raw, circuit.Options{})
	require.NoError(t, err)
	return m
}

func irisInput() []float64 {
	var x []float64
	for _, v := range wltest.IrisInput() {
		x = append(x, float64(v))
	}
	return x
}

// TestIrisFixedPointError: the softmax of the proven logits matches the
// float model's golden output (fixtures/README.md) within 1e-3.
func TestIrisFixedPointError(t *testing.T) {
	m := irisModel(t)
	require.True(t, m.Softmax)
	require.Equal(t, "dense 4→50, relu, dense 50→50, relu, dense 50→3", m.Describe())
	xq, err := m.QuantizeInput(irisInput())
	require.NoError(t, err)
	probs := circuit.Softmax(circuit.Floats(m.Eval(xq), m.OutScale))
	worst := 0.0
	for i, g := range wltest.IrisGoldenONNX() {
		require.InDelta(t, float64(g), probs[i], 1e-3)
		worst = max(worst, abs(float64(g)-probs[i]))
	}
	t.Logf("largest |softmax(proven logits) - golden| = %.3g", worst)
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

func TestIrisCircuitSolves(t *testing.T) {
	m := irisModel(t)
	xq, err := m.QuantizeInput(irisInput())
	require.NoError(t, err)
	y := m.Eval(xq)
	require.NoError(t, test.IsSolved(circuit.NewCircuit(m), circuit.Assignment(m.Public(xq, y), nil), circuit.Field))
	bad := append([]*big.Int(nil), y...)
	bad[0] = new(big.Int).Add(bad[0], big.NewInt(1))
	require.Error(t, test.IsSolved(circuit.NewCircuit(m), circuit.Assignment(m.Public(xq, bad), nil), circuit.Field), "a wrong logit")
	// An input outside the checked range does not solve, even with the
	// logits the integer model gives for it: the packed value spills into
	// the next one's bits, or beyond the word's.
	huge := append([]*big.Int(nil), xq...)
	huge[len(huge)-1] = new(big.Int).Lsh(big.NewInt(1), uint(m.InputBits))
	require.Error(t, test.IsSolved(circuit.NewCircuit(m), circuit.Assignment(m.Public(huge, m.Eval(huge)), nil), circuit.Field), "input out of range")
}

// TestPacking: Unpack inverts Pack at the extremes of the range.
func TestPacking(t *testing.T) {
	p := circuit.Packing{Values: 7, Bits: 10, PerWord: 3, Words: 3}
	v := []*big.Int{big.NewInt(-512), big.NewInt(511), big.NewInt(0), big.NewInt(-1), big.NewInt(1), big.NewInt(300), big.NewInt(-300)}
	words := p.Pack(v)
	require.Len(t, words, 3)
	require.Equal(t, fmt.Sprint(v), fmt.Sprint(p.Unpack(words)))
	require.Equal(t, int64(0+(1023<<10)+(512<<20)), words[0].Int64(), "-512, 511, 0 offset by 512")

	// Unsigned (a non-negative input): the values themselves.
	u := circuit.Packing{Values: 4, Bits: 9, PerWord: 3, Words: 2, Unsigned: true}
	v = []*big.Int{big.NewInt(0), big.NewInt(511), big.NewInt(7), big.NewInt(256)}
	words = u.Pack(v)
	require.Equal(t, fmt.Sprint(v), fmt.Sprint(u.Unpack(words)))
	require.Equal(t, int64(0+(511<<9)+(7<<18)), words[0].Int64())
	require.Equal(t, int64(256), words[1].Int64())
}

func TestIrisGroth16(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a Groth16 setup")
	}
	m := irisModel(t)
	ccs, err := circuit.Build(m)
	require.NoError(t, err)
	t.Logf("constraints: %d, max bits %d", ccs.GetNbConstraints(), m.MaxBits)
	pk, vk, err := groth16.Setup(ccs)
	require.NoError(t, err)
	xq, err := m.QuantizeInput(irisInput())
	require.NoError(t, err)
	w, err := frontend.NewWitness(circuit.Assignment(m.Public(xq, m.Eval(xq)), nil), circuit.Field)
	require.NoError(t, err)
	proof, err := groth16.Prove(ccs, pk, w)
	require.NoError(t, err)
	pub, err := w.Public()
	require.NoError(t, err)
	require.NoError(t, groth16.Verify(proof, vk, pub))
}

// TestUnsupported: a model the circuit cannot express is refused with the
// operator named. The variants rename iris.onnx's operators in place.
func TestUnsupported(t *testing.T) {
	raw, err := os.ReadFile("../testdata/iris.onnx")
	require.NoError(t, err)
	for _, tc := range []struct{ from, to, want string }{
		{"Relu", "Tanh", `unsupported operator "Tanh"`},
		{"Gemm", "Conv", `unsupported operator "Conv"`},
		{"Softmax", "Sigmoid", `unsupported operator "Sigmoid"`},
	} {
		t.Run(tc.to, func(t *testing.T) {
			_, err := circuit.Compile(bytes.ReplaceAll(raw, []byte(tc.from), []byte(tc.to)), circuit.Options{})
			require.ErrorContains(t, err, tc.want)
			require.ErrorContains(t, err, "the proof circuit supports Gemm, MatMul, Add and Sub")
		})
	}
	_, err = circuit.Compile([]byte("not onnx"), circuit.Options{})
	require.ErrorContains(t, err, "read ONNX model")
	_, err = circuit.Compile(raw, circuit.Options{ScaleBits: 40})
	require.ErrorContains(t, err, "scale bits 40")
}

func TestFieldRoundTrip(t *testing.T) {
	for _, v := range []int64{0, 1, -1, 1 << 62, -(1 << 62)} {
		require.Equal(t, v, circuit.FromField(circuit.ToField(big.NewInt(v))).Int64())
	}
}
