package kernels

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestSoftmax(t *testing.T) {
	tests := []struct {
		name            string
		x               []float32
		outer, n, inner int
		log             bool
		want            []float32
	}{
		{"one row", []float32{1, 2, 3}, 1, 3, 1, false, []float32{0.09003057, 0.24472847, 0.66524096}},
		{"log", []float32{1, 2, 3}, 1, 3, 1, true, []float32{-2.407606, -1.4076059, -0.40760595}},
		{"rows", []float32{0, 0, 1000, 1000}, 2, 2, 1, false, []float32{0.5, 0.5, 0.5, 0.5}},
		// Axis 0 of a [2, 2] tensor: lines are the columns.
		{"inner stride", []float32{1, 5, 1, 5}, 1, 2, 2, false, []float32{0.5, 0.5, 0.5, 0.5}},
		{"large values do not overflow", []float32{1e30, 0}, 1, 2, 1, false, []float32{1, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]float32, len(tc.x))
			Softmax(out, tc.x, tc.outer, tc.n, tc.inner, tc.log)
			require.InDeltaSlice(t, tc.want, out, 1e-6)
		})
	}
}

func TestNumel(t *testing.T) {
	require.Equal(t, 1, Numel(nil))
	require.Equal(t, 12, Numel([]int{2, 3, 2}))
	require.Equal(t, 0, Numel([]int{4, 0}))
}

func TestActivations(t *testing.T) {
	require.Equal(t, []float32{0, 0, 2}, []float32{Relu(-1), Relu(0), Relu(2)})
	require.InDelta(t, math.Tanh(0.5), Tanh(0.5), 1e-7)
	require.Equal(t, float32(1), Tanh(100))

	require.Equal(t, float32(0.5), Sigmoid(0))
	require.InDelta(t, 1/(1+math.Exp(-2)), Sigmoid(2), 1e-7)
	require.Equal(t, float32(0), Sigmoid(-1000))
}
