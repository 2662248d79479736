package wltest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
)

// RepoRoot is the repository's root directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Clean(filepath.Join(filepath.Dir(file), "..", "..", ".."))
}

// ORTLibrary is the ONNX Runtime library the tests load: $ONNXRUNTIME_LIB,
// or the one `make tools` installs as .tools/lib/libonnxruntime.so.1. It is
// the full tier's: under -short the test is skipped; otherwise a missing
// library fails the test with what to run.
func ORTLibrary(t testing.TB) string {
	t.Helper()
	fullTier(t, "the ONNX Runtime library")
	p := os.Getenv("ONNXRUNTIME_LIB")
	if p == "" {
		p = filepath.Join(RepoRoot(t), ".tools", "lib", "libonnxruntime.so.1")
	}
	_, err := os.Stat(p)
	require.NoError(t, err, "the ONNX Runtime library is missing: run `make tools` (or set ONNXRUNTIME_LIB)")
	return p
}

// TorchLibrary is the tensor workload's libtorch shim the tests load:
// $TENSORFW_TORCH_LIB, or the one `make libtorch` builds as
// .tools/lib/libinfernode_torch.so. It is the full tier's: under -short the
// test is skipped; otherwise a missing library fails the test with what to
// run.
func TorchLibrary(t testing.TB) string {
	t.Helper()
	fullTier(t, "the libtorch shim")
	p := os.Getenv("TENSORFW_TORCH_LIB")
	if p == "" {
		p = filepath.Join(RepoRoot(t), ".tools", "lib", "libinfernode_torch.so")
	}
	_, err := os.Stat(p)
	require.NoError(t, err, "the libtorch shim is missing: run `make libtorch` (or set TENSORFW_TORCH_LIB)")
	return p
}

// RealModel is one model of the real-model suite that `make realmodels`
// exports with PyTorch into .tools/realmodels.
type RealModel struct {
	Name    string
	Dir     string
	Inputs  map[string]tensor.Tensor
	Outputs []tensor.Tensor // PyTorch's own outputs for Inputs
	// InputsJSON is Inputs as the JSON object {name: tensor}.
	InputsJSON json.RawMessage
}

// File is the path of the model in one format: ".onnx" (ONNX), ".pt"
// (TorchScript) or ".pth" (full-model torch.save).
func (m RealModel) File(ext string) string { return filepath.Join(m.Dir, m.Name+ext) }

// RealModels loads the suite. It is the full tier's: under -short the test
// is skipped; otherwise a suite that was not generated fails the test with
// what to run.
func RealModels(t testing.TB) []RealModel {
	t.Helper()
	fullTier(t, "the real-model suite")
	dir := filepath.Join(RepoRoot(t), ".tools", "realmodels")
	raw, err := os.ReadFile(filepath.Join(dir, "manifest.json"))
	require.NoError(t, err, "the real-model suite is missing: run `make realmodels`")
	var manifest struct {
		Models []string `json:"models"`
	}
	require.NoError(t, json.Unmarshal(raw, &manifest))
	require.NotEmpty(t, manifest.Models)
	var out []RealModel
	for _, name := range manifest.Models {
		raw, err := os.ReadFile(filepath.Join(dir, name+".json"))
		require.NoError(t, err)
		var data struct {
			Inputs  json.RawMessage `json:"inputs"`
			Outputs []tensor.Tensor `json:"outputs"`
		}
		require.NoError(t, json.Unmarshal(raw, &data), name)
		m := RealModel{Name: name, Dir: dir, Outputs: data.Outputs, InputsJSON: data.Inputs}
		require.NoError(t, json.Unmarshal(data.Inputs, &m.Inputs), name)
		out = append(out, m)
	}
	return out
}

// fullTier skips t under -short: what `make tools`, `make libtorch` and
// `make realmodels` install is the full tier's (`make test`), so the fast
// tier passes on a fresh clone, as the anvil and Docker tests do.
func fullTier(t testing.TB, what string) {
	t.Helper()
	if testing.Short() {
		t.Skipf("full tier (%s, from .tools/): skipped under -short", what)
	}
}

// RequireClose requires got to be want's shape and dtype with every value
// within tol.
func RequireClose(t testing.TB, want, got tensor.Tensor, tol float64) {
	t.Helper()
	require.Equal(t, want.Shape, got.Shape)
	require.Equal(t, want.DType, got.DType)
	w, err := want.Float64s()
	require.NoError(t, err)
	g, err := got.Float64s()
	require.NoError(t, err)
	require.InDeltaSlice(t, w, g, tol)
}
