package engine_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/onnx/engine"
)

func TestParseGraphIris(t *testing.T) {
	raw, err := os.ReadFile("../testdata/iris.onnx")
	require.NoError(t, err)
	g, err := engine.ParseGraph(raw)
	require.NoError(t, err)
	var ops []string
	for _, n := range g.Nodes {
		ops = append(ops, n.OpType)
	}
	require.Equal(t, []string{"Gemm", "Relu", "Gemm", "Relu", "Gemm", "Softmax"}, ops)
	require.Equal(t, int64(1), g.Nodes[0].Ints["transB"])
	require.Len(t, g.Inputs, 1)
	require.Equal(t, "input", g.Inputs[0].Name)
	require.Equal(t, []int{50, 4}, g.Initializers["layer1.weight"].Shape)
	require.Len(t, g.Initializers["layer1.weight"].Float, 200)
	_, err = engine.ParseGraph([]byte("not onnx"))
	require.Error(t, err)
}
