package service_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/onnx/ort"
	"github.com/infernode/infernode/workloads/onnx/service"
)

// TestDynamicBatchingResNet18 stacks four concurrent ResNet-18 requests
// (the suite's model with its batch dimension made free by
// realmodels/free_batch.py) into one ONNX Runtime call, and each gets the
// output it gets alone. The batch delay is an hour, so the requests can
// only finish if they were stacked: no clock is involved.
func TestDynamicBatchingResNet18(t *testing.T) {
	if testing.Short() {
		t.Skip("exports a model with /usr/bin/python3 and runs ResNet-18")
	}
	var rm wltest.RealModel
	for _, m := range wltest.RealModels(t) {
		if m.Name == "resnet18" {
			rm = m
		}
	}
	require.NotEmpty(t, rm.Name)
	free := filepath.Join(t.TempDir(), "resnet18.onnx")
	out, err := exec.Command("/usr/bin/python3", filepath.Join(wltest.RepoRoot(t), "workloads/onnx/realmodels/free_batch.py"), rm.File(".onnx"), free).CombinedOutput()
	require.NoError(t, err, string(out))
	dir := cacheWithIris(t)
	const id = "local/infernode/resnet18:resnet18.onnx"
	wltest.LinkModel(t, dir, id, free)
	s, err := service.New(context.Background(), service.Config{Runtime: ort.Config{Library: wltest.ORTLibrary(t)}, Store: wltest.OfflineStore(t, dir),
		DefaultModelID: id, Batching: modelsvc.Batching{Max: 4, Delay: time.Hour}})
	require.NoError(t, err)

	// Four different images: the input and its shifts.
	base, err := rm.Inputs["input"].Float32s()
	require.NoError(t, err)
	inputs := make([]tensor.Tensor, 4)
	for i := range inputs {
		v := make([]float32, len(base))
		for j := range v {
			v[j] = base[(j+i*1000)%len(base)]
		}
		inputs[i] = tensor.FromFloat32([]int{1, 3, 224, 224}, v)
	}
	alone, err := service.New(context.Background(), service.Config{Runtime: ort.Config{Library: wltest.ORTLibrary(t)}, Store: wltest.OfflineStore(t, dir), DefaultModelID: id})
	require.NoError(t, err)
	outs := make([][]ort.Output, 4)
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range inputs {
		wg.Go(func() {
			outs[i], errs[i] = s.Infer(context.Background(), service.Input{Tensors: map[string]tensor.Tensor{"input": inputs[i]}})
		})
	}
	wg.Wait()
	for i := range inputs {
		require.NoError(t, errs[i])
		want, err := alone.Infer(context.Background(), service.Input{Tensors: map[string]tensor.Tensor{"input": inputs[i]}})
		require.NoError(t, err)
		require.Len(t, outs[i], 1)
		require.Equal(t, []int{1, 1000}, outs[i][0].Tensor.Shape)
		wltest.RequireClose(t, want[0].Tensor, outs[i][0].Tensor, 1e-4)
	}
}
