package service_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
	"github.com/infernode/infernode/workloads/tensor/service"
	"github.com/infernode/infernode/workloads/tensor/torch"
)

const irisID = "local/infernode/iris:iris.torch"

var (
	irisInput  = wltest.IrisInput()
	irisGolden = wltest.IrisGoldenTorch()
)

// irisTorchScriptID is the same model as TorchScript (testdata/torchscript_fixtures.py).
const irisTorchScriptID = "local/infernode/iris:iris.pt"

const irisData = `{"model_id":"` + irisID + `","input":` + wltest.IrisTensor + `}`

func newServer(t testing.TB, cfg service.Config) *httptest.Server {
	t.Helper()
	dir := wltest.CacheWith(t, "../testdata/iris.torch", irisID)
	wltest.AddModel(t, dir, irisTorchScriptID, wltest.ReadFixture(t, "../testdata/iris.pt"))
	cfg.Store = wltest.OfflineStore(t, dir)
	cfg.Runtime.Library = wltest.TorchLibrary(t)
	s, err := service.New(context.Background(), cfg)
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	return srv
}

func TestIrisOffChain(t *testing.T) {
	for _, jit := range []bool{false, true} {
		srv := newServer(t, service.Config{JIT: jit})
		status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":`+irisData+`}`)
		require.Equal(t, http.StatusOK, status, string(body))
		var out tensor.Tensor
		require.NoError(t, json.Unmarshal(body, &out))
		require.Equal(t, []int{1, 3}, out.Shape)
		require.Equal(t, tensor.Float32, out.DType)
		got, err := out.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, irisGolden, got, 1e-5)
	}
}

// TestIrisBothEngines: the iris model as a full-model save (the pickle
// reader) and as TorchScript (libtorch) gives the same answer.
func TestIrisBothEngines(t *testing.T) {
	srv := newServer(t, service.Config{})
	for _, id := range []string{irisID, irisTorchScriptID} {
		status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"`+id+`","input":`+wltest.IrisTensor+`}}`)
		require.Equal(t, http.StatusOK, status, string(body))
		var out tensor.Tensor
		require.NoError(t, json.Unmarshal(body, &out))
		require.Equal(t, []int{1, 3}, out.Shape)
		got, err := out.Float32s()
		require.NoError(t, err)
		require.InDeltaSlice(t, irisGolden, got, 1e-6, id)
	}
}

func TestIrisOnChain(t *testing.T) {
	srv := newServer(t, service.Config{DefaultModelID: irisID})
	// Empty model id: the default model.
	input, err := service.EncodeInputABI("", tensor.FromFloat32([]int{1, 4}, irisInput))
	require.NoError(t, err)
	raw := wltest.OnChain(t, srv.URL, `{"source":0,"destination":0,"data":"`+hex.EncodeToString(input)+`"}`, input)
	tn, err := protocol.DecodeTensorABI(raw)
	require.NoError(t, err)
	got, err := tn.Float32s()
	require.NoError(t, err)
	require.InDeltaSlice(t, irisGolden, got, 1e-5)

	// On-chain input, off-chain output.
	status, _, body := wltest.Post(t, srv.URL, `{"source":0,"destination":1,"data":"`+hex.EncodeToString(input)+`"}`)
	require.Equal(t, http.StatusOK, status, string(body))
	require.Contains(t, string(body), `"shape":[1,3]`)
}

func TestErrors(t *testing.T) {
	srv := newServer(t, service.Config{})
	tests := []struct {
		name   string
		body   string
		status int
		want   string
	}{
		{"stream", `{"source":1,"destination":2,"data":` + irisData + `}`, 400, "tensor does not stream"},
		{"no model", `{"source":1,"destination":1,"data":{"input":{"values":[1],"shape":[1],"dtype":1}}}`, 400, "no TENSORFW_DEFAULT_MODEL_ID"},
		{"no input", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `"}}`, 400, "data.input: missing"},
		{"bad tensor", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","input":{"values":[1],"shape":[2],"dtype":1}}}`, 400,
			"data.input: tensor values: has 1 elements but shape [2] needs 2"},
		{"wrong features", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","input":{"values":[1,2],"shape":[1,2],"dtype":1}}}`, 400,
			"the last dimension must be 4"},
		{"absent model", `{"source":1,"destination":1,"data":{"model_id":"local/a/b:c.torch","input":{"values":[1],"shape":[1],"dtype":1}}}`, 400, "model file not found"},
		{"offline", `{"source":1,"destination":1,"data":{"model_id":"arweave/a/b/TX:c.torch","input":{"values":[1],"shape":[1],"dtype":1}}}`, 500, "unavailable offline"},
		{"not a torch file", `{"source":1,"destination":1,"data":{"model_id":"local/infernode/iris:iris.torch","input":{"values":[1,2,3,4],"shape":[1,4],"dtype":9}}}`, 400, "input is uint8"},
		{"on-chain garbage", `{"source":0,"destination":0,"data":"0102"}`, 400, "on-chain input"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, wltest.ErrorReply(t, srv.URL, tc.body, tc.status), tc.want)
		})
	}
}

func TestConfigFromEnv(t *testing.T) {
	env := map[string]string{"TENSORFW_DEFAULT_MODEL_ID": irisID, "TENSORFW_CACHE_DIR": "/c", "TENSORFW_USE_JIT": "true", "HUB_TOKEN": "x",
		"TENSORFW_TORCH_LIB": "/l/libinfernode_torch.so", "TENSORFW_THREADS": "2"}
	cfg, err := service.ConfigFromEnv(func(k string) string { return env[k] })
	require.NoError(t, err)
	require.True(t, cfg.JIT)
	require.Equal(t, libtorch.Config{Library: "/l/libinfernode_torch.so", Threads: 2}, cfg.Runtime)
	require.Equal(t, irisID, cfg.DefaultModelID)
	require.Equal(t, "/c", cfg.Store.CacheDir)
	require.Equal(t, "x", cfg.Store.HubToken)
	env["TENSORFW_THREADS"] = "many"
	_, err = service.ConfigFromEnv(func(k string) string { return env[k] })
	require.ErrorContains(t, err, "TENSORFW_THREADS")
	env["TENSORFW_THREADS"], env["TENSORFW_USE_JIT"] = "", "yes please"
	_, err = service.ConfigFromEnv(func(k string) string { return env[k] })
	require.ErrorContains(t, err, "TENSORFW_USE_JIT")
}

func TestServiceResources(t *testing.T) {
	srv := newServer(t, service.Config{DefaultModelID: irisID})
	res := wltest.Resources(t, srv.URL)
	require.Equal(t, "tensor", res.ServiceID)
	require.Equal(t, "libtorch", res.ComputeCapability[0].InferenceEngine)
	require.Equal(t, "1.13.0", res.ComputeCapability[0].InferenceEngineVersion)
	require.Len(t, res.ComputeCapability[0].Models, 1)
	for id, want := range map[string]bool{irisID: true, "local/x/y:z.torch": false} {
		require.Equal(t, want, wltest.Support(t, srv.URL, id).Supported, id)
	}
}

func FuzzDecodeInputABI(f *testing.F) {
	enc, _ := service.EncodeInputABI(irisID, tensor.FromFloat32([]int{1, 4}, irisInput))
	f.Add(enc)
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := service.DecodeInputABI(b)
		if err != nil {
			return
		}
		again, err := service.EncodeInputABI(in.ModelID, in.Tensor)
		require.NoError(t, err)
		back, err := service.DecodeInputABI(again)
		require.NoError(t, err)
		require.Equal(t, in.Tensor.Bytes(), back.Tensor.Bytes())
	})
}

// BenchmarkIrisEngines is one iris inference on each engine, on one
// thread: the pickle reader's compiled plan (full-model save) and libtorch
// (the same model as TorchScript) — the figures behind keeping the reader
// for the full-model saves it can run (docs/engines.md).
func BenchmarkIrisEngines(b *testing.B) {
	rt, err := libtorch.Open(libtorch.Config{Library: wltest.TorchLibrary(b), Threads: 1})
	require.NoError(b, err)
	in := tensor.FromFloat32([]int{1, 4}, irisInput)
	for name, file := range map[string]string{"pickle-reader": "../testdata/iris.torch", "libtorch": "../testdata/iris.pt"} {
		m, err := service.Load(rt, wltest.ReadFixture(b, file), torch.Options{JIT: true})
		require.NoError(b, err)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Forward(context.Background(), in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkIrisHTTP(b *testing.B) {
	for _, jit := range []bool{false, true} {
		name := map[bool]string{false: "interpreted", true: "jit"}[jit]
		b.Run(name, func(b *testing.B) {
			srv := newServer(b, service.Config{DefaultModelID: irisID, JIT: jit})
			body := `{"source":1,"destination":1,"data":` + irisData + `}`
			client := srv.Client()
			b.ReportAllocs()
			for b.Loop() {
				wltest.PostOK(b, client, srv.URL, body)
			}
		})
	}
}
