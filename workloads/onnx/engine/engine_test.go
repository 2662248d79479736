package engine

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/protocol"
)

// Golden input and output of shared/fixtures/README.md.
var (
	irisInput  = wltest.IrisInput()
	irisGolden = wltest.IrisGoldenONNX()
)

func loadIris(t testing.TB) *Model {
	t.Helper()
	m, err := Load(wltest.ReadFixture(t, "../testdata/iris.onnx"))
	require.NoError(t, err)
	return m
}

func TestIrisGolden(t *testing.T) {
	m := loadIris(t)
	require.Equal(t, []IO{{Name: "input", Type: "FLOAT", Shape: []int64{1, 4}}}, m.Inputs())
	require.Len(t, m.Outputs(), 1)
	require.Equal(t, "output", m.Outputs()[0].Name)
	out, err := m.Run(context.Background(), map[string]protocol.Tensor{"input": protocol.FromFloat32([]int{1, 4}, irisInput)})
	require.NoError(t, err)
	require.Len(t, out, 1)
	require.Equal(t, []int{1, 3}, out[0].Tensor.Shape)
	got, err := out[0].Tensor.Float32s()
	require.NoError(t, err)
	require.InDeltaSlice(t, irisGolden, got, 1e-5)
}

func run1(t *testing.T, g graphSpec, inputs map[string]protocol.Tensor) []Output {
	t.Helper()
	m, err := Load(g.model())
	require.NoError(t, err)
	out, err := m.Run(context.Background(), inputs)
	require.NoError(t, err)
	return out
}

func f32(t *testing.T, tn protocol.Tensor) []float32 {
	t.Helper()
	f, err := tn.Float32s()
	require.NoError(t, err)
	return f
}

func TestOperators(t *testing.T) {
	x23 := protocol.FromFloat32([]int{2, 3}, []float32{1, -2, 3, -4, 5, -6})
	tests := []struct {
		name  string
		g     graphSpec
		in    map[string]protocol.Tensor
		shape []int
		want  []float32
		ints  []int64
	}{
		{name: "Add broadcasts a row",
			g: graphSpec{nodes: []pb{node("Add", []string{"x", "b"}, []string{"y"})},
				inits:  []pb{floatTensor("b", []int64{3}, []float32{10, 20, 30})},
				inputs: []pb{valueInfoPB("x", onnxFloat, -1, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2, 3}, want: []float32{11, 18, 33, 6, 25, 24}},
		{name: "Mul by a column",
			g: graphSpec{nodes: []pb{node("Mul", []string{"x", "c"}, []string{"y"})},
				inits:  []pb{floatTensor("c", []int64{2, 1}, []float32{2, -1})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2, 3}, want: []float32{2, -4, 6, 4, -5, 6}},
		{name: "Relu then Sigmoid",
			g: graphSpec{nodes: []pb{node("Relu", []string{"x"}, []string{"r"}), node("Sigmoid", []string{"r"}, []string{"y"})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2, 3},
			want: []float32{0.7310586, 0.5, 0.95257413, 0.5, 0.9933072, 0.5}},
		{name: "MatMul",
			g: graphSpec{nodes: []pb{node("MatMul", []string{"x", "w"}, []string{"y"})},
				inits:  []pb{floatTensor("w", []int64{3, 2}, []float32{1, 0, 0, 1, 1, 1})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2, 2}, want: []float32{4, 1, -10, -1}},
		{name: "Gemm transB alpha beta",
			g: graphSpec{nodes: []pb{node("Gemm", []string{"x", "w", "c"}, []string{"y"}, iAttr("transB", 1), fAttr("alpha", 2), fAttr("beta", 0.5))},
				inits:  []pb{floatTensor("w", []int64{1, 3}, []float32{1, 1, 1}), floatTensor("c", []int64{1}, []float32{4})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2, 1}, want: []float32{6, -8}},
		{name: "Softmax axis 0",
			g: graphSpec{nodes: []pb{node("Softmax", []string{"x"}, []string{"y"}, iAttr("axis", 0))},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 1)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{2, 1}, []float32{0, 0})}, shape: []int{2, 1}, want: []float32{0.5, 0.5}},
		{name: "Softmax opset 11 flattens from axis",
			g: graphSpec{opset: 11, nodes: []pb{node("Softmax", []string{"x"}, []string{"y"})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 1, 2, 2)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{1, 2, 2}, []float32{0, 0, 0, 0})}, shape: []int{1, 2, 2}, want: []float32{0.25, 0.25, 0.25, 0.25}},
		{name: "Transpose",
			g: graphSpec{nodes: []pb{node("Transpose", []string{"x"}, []string{"y"}, isAttr("perm", 1, 0))},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{3, 2}, want: []float32{1, -4, -2, 5, 3, -6}},
		{name: "Transpose rank 3",
			g: graphSpec{nodes: []pb{node("Transpose", []string{"x"}, []string{"y"}, isAttr("perm", 1, 2, 0))},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3, 2)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in:    map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{2, 3, 2}, []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})},
			shape: []int{3, 2, 2}, want: []float32{0, 6, 1, 7, 2, 8, 3, 9, 4, 10, 5, 11}},
		{name: "Transpose default reverses",
			g: graphSpec{nodes: []pb{node("Transpose", []string{"x"}, []string{"y"})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3, 2)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in:    map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{2, 3, 2}, []float32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})},
			shape: []int{2, 3, 2}, want: []float32{0, 6, 2, 8, 4, 10, 1, 7, 3, 9, 5, 11}},
		{name: "Reshape with -1 and Flatten",
			g: graphSpec{nodes: []pb{node("Reshape", []string{"x", "s"}, []string{"r"}), node("Flatten", []string{"r"}, []string{"y"}, iAttr("axis", 0))},
				inits:  []pb{int64Tensor("s", []int64{2}, []int64{3, -1})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{1, 6}, want: []float32{1, -2, 3, -4, 5, -6}},
		{name: "Constant and ArgMax",
			g: graphSpec{nodes: []pb{
				node("Constant", nil, []string{"k"}, attr{name: "value", t: floatTensor("", []int64{3}, []float32{0, 10, 0})}),
				node("Add", []string{"x", "k"}, []string{"s"}),
				node("ArgMax", []string{"s"}, []string{"y"}, iAttr("axis", 1), iAttr("keepdims", 0))},
				inputs: []pb{valueInfoPB("x", onnxFloat, 2, 3)}, outputs: []pb{valueInfoPB("y", onnxInt64)}},
			in: map[string]protocol.Tensor{"x": x23}, shape: []int{2}, ints: []int64{1, 1}},
		{name: "Unsqueeze Squeeze Concat",
			g: graphSpec{nodes: []pb{
				node("Unsqueeze", []string{"x", "ax"}, []string{"u"}),
				node("Concat", []string{"u", "u"}, []string{"c"}, iAttr("axis", 0)),
				node("Squeeze", []string{"c"}, []string{"y"})},
				inits:  []pb{int64Tensor("ax", []int64{1}, []int64{0})},
				inputs: []pb{valueInfoPB("x", onnxFloat, 3)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			in: map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{3}, []float32{1, 2, 3})}, shape: []int{2, 3}, want: []float32{1, 2, 3, 1, 2, 3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := run1(t, tc.g, tc.in)
			require.Len(t, out, 1)
			require.Equal(t, tc.shape, out[0].Tensor.Shape)
			if tc.ints != nil {
				require.Equal(t, protocol.Int64, out[0].Tensor.DType)
				require.Equal(t, protocol.FromInt64(tc.shape, tc.ints).Bytes(), out[0].Tensor.Bytes())
				return
			}
			require.InDeltaSlice(t, tc.want, f32(t, out[0].Tensor), 1e-6)
		})
	}
}

func TestMultipleOutputsInGraphOrder(t *testing.T) {
	g := graphSpec{nodes: []pb{node("Relu", []string{"x"}, []string{"r"}), node("Neg", []string{"x"}, []string{"n"})},
		inputs:  []pb{valueInfoPB("x", onnxFloat, 2)},
		outputs: []pb{valueInfoPB("n", onnxFloat), valueInfoPB("r", onnxFloat)}}
	out := run1(t, g, map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{2}, []float32{-1, 2})})
	require.Len(t, out, 2)
	require.Equal(t, "n", out[0].Name)
	require.Equal(t, []float32{1, -2}, f32(t, out[0].Tensor))
	require.Equal(t, "r", out[1].Name)
	require.Equal(t, []float32{0, 2}, f32(t, out[1].Tensor))
}

func TestUnsupported(t *testing.T) {
	tests := []struct {
		name string
		g    graphSpec
		want string
	}{
		{"operator", graphSpec{nodes: []pb{node("Conv", []string{"x"}, []string{"y"})},
			inputs: []pb{valueInfoPB("x", onnxFloat, 1)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			`unsupported operator "Conv" (node "Conv_node")`},
		{"input type", graphSpec{nodes: []pb{node("Identity", []string{"x"}, []string{"y"})},
			inputs: []pb{valueInfoPB("x", onnxString, 1)}, outputs: []pb{valueInfoPB("y", onnxString)}},
			`unsupported input "x" of type STRING`},
		{"cast target", graphSpec{nodes: []pb{node("Cast", []string{"x"}, []string{"y"}, iAttr("to", onnxFloat16))},
			inputs: []pb{valueInfoPB("x", onnxFloat, 1)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			"Cast to FLOAT16 is not supported"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Load(tc.g.model())
			var ue *UnsupportedError
			require.True(t, errors.As(err, &ue), "%v", err)
			require.ErrorContains(t, err, tc.want)
			require.ErrorContains(t, err, "supported operators: Abs, Add")
		})
	}
	_, err := Load([]byte("not a model"))
	require.Error(t, err)
	_, err = Load(nil)
	require.ErrorContains(t, err, "no graph")
}

func TestRunInputErrors(t *testing.T) {
	m := loadIris(t)
	ctx := context.Background()
	tests := []struct {
		name string
		in   map[string]protocol.Tensor
		want string
	}{
		{"missing", map[string]protocol.Tensor{}, `missing input "input"; the model's inputs are "input" FLOAT[1 4]`},
		{"unknown", map[string]protocol.Tensor{"x": protocol.FromFloat32([]int{1}, []float32{1})}, `unknown input "x"`},
		{"shape", map[string]protocol.Tensor{"input": protocol.FromFloat32([]int{1, 3}, []float32{1, 2, 3})}, `input "input" has shape [1 3]; the model expects [1 4]`},
		{"dtype", map[string]protocol.Tensor{"input": protocol.FromInt64([]int{1, 4}, []int64{1, 2, 3, 4})}, `input "input" is int64; the model expects FLOAT`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := m.Run(ctx, tc.in)
			var ie *InputError
			require.True(t, errors.As(err, &ie), "%v", err)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestIrisFloat64Input(t *testing.T) {
	m := loadIris(t)
	in := make([]float64, 4)
	for i, v := range irisInput {
		in[i] = float64(v)
	}
	out, err := m.Run(context.Background(), map[string]protocol.Tensor{"input": protocol.FromFloat64([]int{1, 4}, in)})
	require.NoError(t, err)
	require.InDeltaSlice(t, irisGolden, f32(t, out[0].Tensor), 1e-5)
}

func FuzzLoad(f *testing.F) {
	raw := wltest.ReadFixture(f, "../testdata/iris.onnx")
	f.Add(raw[:200])
	f.Add(graphSpec{nodes: []pb{node("Relu", []string{"x"}, []string{"y"})},
		inputs: []pb{valueInfoPB("x", onnxFloat, 2)}, outputs: []pb{valueInfoPB("y", onnxFloat)}}.model())
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Load(b)
		if err != nil {
			return
		}
		_ = m.Inputs()
	})
}

func BenchmarkIris(b *testing.B) {
	m := loadIris(b)
	in := map[string]protocol.Tensor{"input": protocol.FromFloat32([]int{1, 4}, irisInput)}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Run(ctx, in); err != nil {
			b.Fatal(err)
		}
	}
}
