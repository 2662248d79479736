package ort_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/onnx/ort"
)

func open(t testing.TB) *ort.Runtime {
	t.Helper()
	rt, err := ort.Open(ort.Config{Library: wltest.ORTLibrary(t), IntraOpThreads: 1})
	require.NoError(t, err)
	return rt
}

func iris(t testing.TB) []byte { return wltest.ReadFixture(t, "../testdata/iris.onnx") }

func TestIris(t *testing.T) {
	rt := open(t)
	require.NotEmpty(t, rt.Version())
	m, err := rt.Load(iris(t))
	require.NoError(t, err)
	require.Equal(t, []ort.IO{{Name: "input", Type: "FLOAT", Shape: []int64{1, 4}}}, m.Inputs())
	for _, in := range []tensor.Tensor{
		tensor.FromFloat32([]int{1, 4}, wltest.IrisInput()),
		tensor.FromFloat64([]int{1, 4}, []float64{1.0380048, 0.5586108, 1.1037828, 1.712096}), // converted
	} {
		out, err := m.Run(context.Background(), map[string]tensor.Tensor{"input": in})
		require.NoError(t, err)
		require.Len(t, out, 1)
		require.Equal(t, "output", out[0].Name)
		require.Equal(t, tensor.Float32, out[0].Tensor.DType)
		got, err := out[0].Tensor.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, wltest.IrisGoldenONNX(), got, 1e-5)
	}
}

// TestRealModels runs the suite exported by PyTorch and compares with
// PyTorch's outputs.
func TestRealModels(t *testing.T) {
	rt := open(t)
	for _, rm := range wltest.RealModels(t) {
		t.Run(rm.Name, func(t *testing.T) {
			raw, err := os.ReadFile(rm.File(".onnx"))
			require.NoError(t, err)
			m, err := rt.Load(raw)
			require.NoError(t, err)
			out, err := m.Run(context.Background(), rm.Inputs)
			require.NoError(t, err)
			require.Len(t, out, len(rm.Outputs))
			for i := range out {
				wltest.RequireClose(t, rm.Outputs[i], out[i].Tensor, 1e-4)
			}
		})
	}
}

func TestBadModels(t *testing.T) {
	rt := open(t)
	good := iris(t)
	for name, tc := range map[string]struct {
		raw  []byte
		want string
	}{
		"not a model":      {[]byte("this is not an onnx model"), "not a readable ONNX model"},
		"empty":            {nil, "not a readable ONNX model"},
		"truncated":        {good[:len(good)/2], "not a readable ONNX model"},
		"unknown operator": {bytes.ReplaceAll(good, []byte("\x04Gemm"), []byte("\x04Gemz")), "Gemz"},
		"corrupt weights":  {bytes.Replace(good, []byte("layer1.weight"), []byte("layer1.weigh!"), 1), "onnxruntime refused the model"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := rt.Load(tc.raw)
			var me *ort.ModelError
			require.ErrorAs(t, err, &me)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestBadInputs(t *testing.T) {
	rt := open(t)
	m, err := rt.Load(iris(t))
	require.NoError(t, err)
	good := tensor.FromFloat32([]int{1, 4}, wltest.IrisInput())
	for name, tc := range map[string]struct {
		in   map[string]tensor.Tensor
		want string
	}{
		"unknown name": {map[string]tensor.Tensor{"x": good}, `unknown input "x"; the model's inputs are "input" FLOAT[1 4]`},
		"missing":      {map[string]tensor.Tensor{}, `missing input "input"`},
		"rank":         {map[string]tensor.Tensor{"input": tensor.FromFloat32([]int{4}, wltest.IrisInput())}, "has shape [4]; the model expects [1 4]"},
		"width":        {map[string]tensor.Tensor{"input": tensor.FromFloat32([]int{2, 2}, wltest.IrisInput())}, "has shape [2 2]"},
		"dtype":        {map[string]tensor.Tensor{"input": tensor.FromInt64([]int{1, 4}, []int64{1, 2, 3, 4})}, "is int64 (dtype 8); the model expects float32 (dtype 1)"},
		"empty":        {map[string]tensor.Tensor{"input": tensor.FromFloat32([]int{0, 4}, nil)}, "has shape [0 4]"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := m.Run(context.Background(), tc.in)
			var ie *ort.InputError
			require.True(t, errors.As(err, &ie), "%v", err)
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestCancelled(t *testing.T) {
	rt := open(t)
	m, err := rt.Load(iris(t))
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = m.Run(ctx, map[string]tensor.Tensor{"input": tensor.FromFloat32([]int{1, 4}, wltest.IrisInput())})
	require.ErrorIs(t, err, context.Canceled)
}

func TestOpenMissingLibrary(t *testing.T) {
	open(t) // the process's library is loaded once; another path is refused
	_, err := ort.Open(ort.Config{Library: "/nonexistent/libonnxruntime.so.1"})
	require.ErrorContains(t, err, "already loaded")
}
