package torch_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/tensor/torch"
)

// TestRealModelsRefused is the measure of issue 15: which real PyTorch
// models (`make realmodels`) the pickle reader loads. None of the full-model
// saves (torch.save(model)) does: each needs its Python classes, and is
// refused at load time with an error that names what it lacks and says to
// save TorchScript or export ONNX, never run half-understood. The
// TorchScript files (torch.jit.save) are recognised as such and left to
// libtorch (workloads/tensor/libtorch).
func TestRealModelsRefused(t *testing.T) {
	want := map[string]string{
		"resnet18":            "unsupported storage type torch.LongStorage",
		"mobilenet_v3_small":  "unsupported storage type torch.LongStorage",
		"transformer_encoder": "unsupported module torch.nn.modules.sparse.Embedding",
	}
	for _, rm := range wltest.RealModels(t) {
		t.Run(rm.Name, func(t *testing.T) {
			raw, err := os.ReadFile(rm.File(".pth"))
			require.NoError(t, err)
			require.False(t, torch.IsTorchScript(raw))
			for _, jit := range []bool{false, true} {
				_, err := torch.Load(raw, torch.Options{JIT: jit})
				var ue *torch.UnsupportedError
				require.ErrorAs(t, err, &ue)
				require.ErrorContains(t, err, want[rm.Name])
				require.ErrorContains(t, err, "save it as TorchScript (torch.jit.save")
			}
			ts, err := os.ReadFile(rm.File(".pt"))
			require.NoError(t, err)
			require.True(t, torch.IsTorchScript(ts))
		})
	}
}
