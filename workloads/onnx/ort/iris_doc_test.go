package ort_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
)

// TestIrisDocsExample: the bundled iris model expects standardized
// features; the standardized setosa the docs show (docs/api.md,
// docs/workloads.md) comes back as class 0.
func TestIrisDocsExample(t *testing.T) {
	m, err := open(t).Load(iris(t))
	require.NoError(t, err)
	out, err := m.Run(context.Background(), map[string]tensor.Tensor{"input": tensor.FromFloat32([]int{1, 4}, wltest.IrisSetosaStandardized())})
	require.NoError(t, err)
	got, err := out[0].Tensor.Float32s()
	require.NoError(t, err)
	require.Equal(t, 0, slices.Index(got, slices.Max(got)), "class probabilities %v: want setosa (0)", got)
	require.Greater(t, got[0], float32(0.9))
}
