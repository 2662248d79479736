package torch_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/tensor/torch"
)

// TestIrisDocsExample: iris.torch (what `infernode dev` serves as "iris")
// expects standardized features: the standardized setosa the docs show is
// class 0, the raw centimetres are not.
func TestIrisDocsExample(t *testing.T) {
	m, err := torch.Load(wltest.ReadFixture(t, "../testdata/iris.torch"), torch.Options{})
	require.NoError(t, err)
	argmax := func(in []float32) (int, []float32) {
		out, err := m.Forward(context.Background(), tensor.FromFloat32([]int{1, 4}, in))
		require.NoError(t, err)
		got, err := out.Float32s()
		require.NoError(t, err)
		return slices.Index(got, slices.Max(got)), got
	}
	class, got := argmax(wltest.IrisSetosaStandardized())
	require.Equal(t, 0, class, "standardized setosa: %v", got)
	require.Greater(t, got[0], float32(0.9))
	class, got = argmax([]float32{5.1, 3.5, 1.4, 0.2})
	require.NotEqual(t, 0, class, "raw centimetres are not what the model takes: %v", got)
}
