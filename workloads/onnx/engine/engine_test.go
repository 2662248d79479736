package engine

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
)

func TestReadSignatureIris(t *testing.T) {
	sig, err := ReadSignature(wltest.ReadFixture(t, "../testdata/iris.onnx"))
	require.NoError(t, err)
	require.Equal(t, []IO{{Name: "input", Type: "FLOAT", Shape: []int64{1, 4}}}, sig.Inputs)
	require.Len(t, sig.Outputs, 1)
	require.Equal(t, "output", sig.Outputs[0].Name)
}

func TestParseGraph(t *testing.T) {
	g := graphSpec{
		nodes: []pb{node("Gemm", []string{"x", "w"}, []string{"y"}, iAttr("transB", 1), fAttr("alpha", 0.5),
			isAttr("perm", 1, 0), attr{name: "value", t: floatTensor("c", []int64{1}, []float32{1})})},
		inits:   []pb{floatTensor("w", []int64{2, 2}, []float32{1, 2, 3, 4}), int64Tensor("shape", []int64{2}, []int64{-1, 2})},
		inputs:  []pb{valueInfoPB("x", onnxFloat, -1, 2), valueInfoPB("w", onnxFloat, 2, 2)},
		outputs: []pb{valueInfoPB("y", onnxFloat)},
		opset:   13,
	}
	p, err := ParseGraph(g.model())
	require.NoError(t, err)
	require.Equal(t, int64(13), p.Opset)
	require.Equal(t, []IO{{Name: "x", Type: "FLOAT", Shape: []int64{-1, 2}}}, p.Inputs, "initializers are not inputs")
	require.Len(t, p.Nodes, 1)
	n := p.Nodes[0]
	require.Equal(t, "Gemm", n.OpType)
	require.Equal(t, []string{"x", "w"}, n.Inputs)
	require.Equal(t, int64(1), n.Ints["transB"])
	require.Equal(t, float32(0.5), n.Floats["alpha"])
	require.Equal(t, []int64{1, 0}, n.IntLists["perm"])
	require.Equal(t, []string{"value"}, n.Other)
	require.Equal(t, Initializer{Shape: []int{2, 2}, Float: []float32{1, 2, 3, 4}}, p.Initializers["w"])
	require.Equal(t, Initializer{Shape: []int{2}, Int: []int64{-1, 2}}, p.Initializers["shape"])
}

func TestParseGraphRefuses(t *testing.T) {
	str := pb{}.varint(1, 1).varint(2, onnxString).str(8, "s")
	tests := []struct {
		name string
		g    graphSpec
		want string
	}{
		{"domain", graphSpec{nodes: []pb{node("Foo", []string{"x"}, []string{"y"}).str(7, "com.acme")},
			inputs: []pb{valueInfoPB("x", onnxFloat, 1)}, outputs: []pb{valueInfoPB("y", onnxFloat)}},
			`unsupported operator "Foo" of domain "com.acme" (node "Foo_node")`},
		{"tensor type", graphSpec{inits: []pb{str}, nodes: []pb{node("Identity", []string{"s"}, []string{"y"})},
			outputs: []pb{valueInfoPB("y", onnxString)}},
			`unsupported tensor data type STRING`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseGraph(tc.g.model())
			var ue *UnsupportedError
			require.True(t, errors.As(err, &ue), "%v", err)
			require.ErrorContains(t, err, tc.want)
		})
	}
	for _, raw := range [][]byte{nil, []byte("not a model")} {
		_, err := ParseGraph(raw)
		require.Error(t, err)
		_, err = ReadSignature(raw)
		require.Error(t, err)
	}
}

func FuzzParseGraph(f *testing.F) {
	raw := wltest.ReadFixture(f, "../testdata/iris.onnx")
	f.Add(raw[:200])
	f.Add(graphSpec{nodes: []pb{node("Relu", []string{"x"}, []string{"y"})},
		inputs: []pb{valueInfoPB("x", onnxFloat, 2)}, outputs: []pb{valueInfoPB("y", onnxFloat)}}.model())
	f.Fuzz(func(t *testing.T, b []byte) {
		if g, err := ParseGraph(b); err == nil {
			_ = g.Inputs
		}
		if sig, err := ReadSignature(b); err == nil {
			_ = sig.Outputs
		}
	})
}
