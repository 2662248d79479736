package service_test

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
	"github.com/infernode/infernode/workloads/tensor/service"
)

// realModels serves the real-model suite (`make realmodels`): each model
// NAME as local/infernode/NAME:NAME.pt (TorchScript) and :NAME.pth
// (full-model torch.save), beside the iris fixture.
func realModels(t testing.TB, threads int) (*service.Service, []wltest.RealModel) {
	t.Helper()
	dir := wltest.CacheWith(t, "../testdata/iris.torch", irisID)
	models := wltest.RealModels(t)
	for _, rm := range models {
		for _, ext := range []string{".pt", ".pth"} {
			wltest.LinkModel(t, dir, realID(rm, ext), rm.File(ext))
		}
	}
	s, err := service.New(context.Background(), service.Config{Store: wltest.OfflineStore(t, dir),
		Runtime: libtorch.Config{Library: wltest.TorchLibrary(t), Threads: threads}})
	require.NoError(t, err)
	return s, models
}

func realID(rm wltest.RealModel, ext string) string {
	return "local/infernode/" + rm.Name + ":" + rm.Name + ext
}

// input is the model's one input tensor as JSON.
func input(t testing.TB, rm wltest.RealModel) (tensor.Tensor, string) {
	t.Helper()
	require.Len(t, rm.Inputs, 1)
	for _, in := range rm.Inputs {
		b, err := json.Marshal(in)
		require.NoError(t, err)
		return in, string(b)
	}
	panic("unreachable")
}

// TestRealModels runs each TorchScript model of the suite as an off-chain
// request (within 1e-4 of PyTorch) and requires each full-model save to be
// refused with what to do instead: their forward() is Python code.
func TestRealModels(t *testing.T) {
	s, models := realModels(t, 0)
	srv := wltest.Server(t, s)
	for _, rm := range models {
		t.Run(rm.Name, func(t *testing.T) {
			_, in := input(t, rm)
			status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"`+realID(rm, ".pt")+`","input":`+in+`}}`)
			require.Equal(t, http.StatusOK, status, string(body))
			var out tensor.Tensor
			require.NoError(t, json.Unmarshal(body, &out))
			wltest.RequireClose(t, rm.Outputs[0], out, 1e-4)

			msg := wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"`+realID(rm, ".pth")+`","input":`+in+`}}`, 400)
			require.Contains(t, msg, "forward() is Python code, which is never unpickled here: save it as TorchScript")
		})
	}
}

// TestRealModelBadInput: each mistake is a 400 that says what was wrong, and
// the model keeps serving.
func TestRealModelBadInput(t *testing.T) {
	s, models := realModels(t, 0)
	srv := wltest.Server(t, s)
	resnet := realID(models[0], ".pt")
	body := func(id, in string) string {
		return `{"source":1,"destination":1,"data":{"model_id":"` + id + `","input":` + in + `}}`
	}
	for name, tc := range map[string]struct{ body, want string }{
		"2 GB input shape": {body(resnet, `{"values":[1],"shape":[1,536870912],"dtype":1}`), "more than 67108864 elements"},
		"channels":         {body(resnet, `{"values":[1,2,3,4],"shape":[1,4,1,1],"dtype":1}`), "expected input[1, 4, 1, 1] to have 3 channels"},
		"dtype":            {body(resnet, `{"values":[1,2,3],"shape":[1,3,1,1],"dtype":8}`), "the input is int64 [1 3 1 1]"},
		"tokens as floats": {body(realID(models[2], ".pt"), `{"values":[1,2],"shape":[1,2],"dtype":1}`), "libtorch: "},
	} {
		t.Run(name, func(t *testing.T) {
			msg := wltest.ErrorReply(t, srv.URL, tc.body, 400)
			require.Contains(t, msg, tc.want)
			require.NotContains(t, msg, "Traceback")
		})
	}
	_, js := input(t, models[0])
	status, _, out := wltest.Post(t, srv.URL, body(resnet, js))
	require.Equal(t, http.StatusOK, status, string(out))
}

// BenchmarkRealModels is one inference of each TorchScript model of the
// suite on one thread: "engine" is libtorch through the shim
// (libtorch.Model.Forward), "infer" the workload's Service.Infer (model
// lookup, the input's way into the shim and the output's back), alternated
// so that a busy machine slows both alike. docs/engines.md compares them
// with PyTorch (workloads/onnx/realmodels/bench_torch.py).
func BenchmarkRealModels(b *testing.B) {
	s, models := realModels(b, 1)
	rt, err := libtorch.Open(libtorch.Config{Library: wltest.TorchLibrary(b), Threads: 1})
	require.NoError(b, err)
	ctx := context.Background()
	for _, rm := range models {
		raw, err := os.ReadFile(rm.File(".pt"))
		require.NoError(b, err)
		m, err := rt.Load(raw)
		require.NoError(b, err)
		tn, _ := input(b, rm)
		in := service.Input{ModelID: realID(rm, ".pt"), Tensor: tn}
		engine := func() {
			_, err := m.Forward(ctx, tn)
			require.NoError(b, err)
		}
		infer := func() {
			_, err := s.Infer(ctx, in)
			require.NoError(b, err)
		}
		// Warm-up: TorchScript's profiling executor optimises on the first runs.
		b.Run(rm.Name+"/engine+infer", func(b *testing.B) { wltest.EngineAndInfer(b, 3, engine, infer) })
	}
}
