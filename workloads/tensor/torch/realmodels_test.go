package torch_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/tensor/torch"
)

// TestRealModelsRefused is the measure of issue 15: which real PyTorch
// models (`make realmodels`, saved by torch.save and torch.jit.save) the
// reader loads. None does; each is refused at load time with an error that
// names what it lacks, never run half-understood.
func TestRealModelsRefused(t *testing.T) {
	want := map[string]map[string]string{
		"resnet18":            {".pth": "unsupported storage type torch.LongStorage", ".pt": "unsupported TorchScript archive"},
		"mobilenet_v3_small":  {".pth": "unsupported storage type torch.LongStorage", ".pt": "unsupported TorchScript archive"},
		"transformer_encoder": {".pth": "unsupported module torch.nn.modules.sparse.Embedding", ".pt": "unsupported TorchScript archive"},
	}
	for _, rm := range wltest.RealModels(t) {
		for ext, msg := range want[rm.Name] {
			t.Run(rm.Name+ext, func(t *testing.T) {
				raw, err := os.ReadFile(rm.File(ext))
				require.NoError(t, err)
				for _, jit := range []bool{false, true} {
					_, err := torch.Load(raw, torch.Options{JIT: jit})
					var ue *torch.UnsupportedError
					require.ErrorAs(t, err, &ue)
					require.ErrorContains(t, err, msg)
				}
			})
		}
	}
}
