package service_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/onnx/ort"
	"github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
)

const irisID = "local/infernode/iris:iris.onnx"

var (
	irisInput  = wltest.IrisInput()
	irisGolden = wltest.IrisGoldenONNX()
)

// ortConfig loads the library `make tools` installs, one thread per
// inference.
func ortConfig(t testing.TB) ort.Config {
	return ort.Config{Library: wltest.ORTLibrary(t), IntraOpThreads: 1}
}

// cacheWithIris lays the fixture out as a local model in a fresh cache.
func cacheWithIris(t testing.TB) string { return wltest.CacheWith(t, "../testdata/iris.onnx", irisID) }

func newServer(t testing.TB, defaultID string) *httptest.Server {
	t.Helper()
	s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), DefaultModelID: defaultID, Store: wltest.OfflineStore(t, cacheWithIris(t))})
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	return srv
}

const irisData = `{"model_id":"` + irisID + `","inputs":{"input":` + wltest.IrisTensor + `}}`

func TestIrisOffChain(t *testing.T) {
	srv := newServer(t, "")
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":`+irisData+`}`)
	require.Equal(t, http.StatusOK, status, string(body))
	var reply struct {
		Result []tensor.Tensor `json:"result"`
	}
	require.NoError(t, json.Unmarshal(body, &reply))
	require.Len(t, reply.Result, 1)
	require.Equal(t, []int{1, 3}, reply.Result[0].Shape)
	require.Equal(t, tensor.Float32, reply.Result[0].DType)
	got, err := reply.Result[0].Float32s()
	require.NoError(t, err)
	require.InDeltaSlice(t, irisGolden, got, 1e-5)
}

func TestIrisDefaultModel(t *testing.T) {
	srv := newServer(t, irisID)
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"inputs":{"input":`+wltest.IrisTensor+`}}}`)
	require.Equal(t, http.StatusOK, status, string(body))
	require.Contains(t, string(body), `"shape":[1,3]`)
}

func TestIrisOnChain(t *testing.T) {
	srv := newServer(t, "")
	input, err := service.EncodeInputABI(irisID, []string{"input"}, []tensor.Tensor{tensor.FromFloat32([]int{1, 4}, irisInput)})
	require.NoError(t, err)
	raw := wltest.OnChain(t, srv.URL, `{"source":0,"destination":0,"data":"`+hex.EncodeToString(input)+`","requires_proof":false}`, input)
	outs, err := service.DecodeOutputABI(raw)
	require.NoError(t, err)
	require.Len(t, outs, 1)
	require.Equal(t, "output", outs[0].Name)
	got, err := outs[0].Tensor.Float32s()
	require.NoError(t, err)
	require.InDeltaSlice(t, irisGolden, got, 1e-5)

	// A delegated subscription's JSON data delivered on-chain.
	wltest.OnChain(t, srv.URL, `{"source":1,"destination":0,"data":`+irisData+`}`, []byte(irisData))
}

func TestErrors(t *testing.T) {
	srv := newServer(t, "")
	tensor := `{"values":[1,2,3,4],"shape":[1,4],"dtype":1}`
	tests := []struct {
		name   string
		body   string
		status int
		want   string
	}{
		{"stream", `{"source":1,"destination":2,"data":` + irisData + `}`, 400, "onnx does not stream"},
		{"no model", `{"source":1,"destination":1,"data":{"inputs":{"input":` + tensor + `}}}`, 400, "data.model_id: missing, and no ONNX_DEFAULT_MODEL_ID"},
		{"bad model id", `{"source":1,"destination":1,"data":{"model_id":"s3/a/b:c","inputs":{"input":` + tensor + `}}}`, 400, `unknown storage "s3"`},
		{"model absent", `{"source":1,"destination":1,"data":{"model_id":"local/a/b:c.onnx","inputs":{"input":` + tensor + `}}}`, 400, "model file not found"},
		{"no inputs", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `"}}`, 400, "data.inputs: missing"},
		{"unknown field", `{"source":1,"destination":1,"data":{"model":"x","inputs":{}}}`, 400, `unknown field "model"`},
		{"bad tensor", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","inputs":{"input":{"values":[1],"shape":[1,4],"dtype":1}}}}`, 400,
			"data.inputs.input: tensor values: has 1 elements but shape [1 4] needs 4"},
		{"unsupported dtype", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","inputs":{"input":{"values":[1],"shape":[1],"dtype":3}}}}`, 400,
			"dtype float128 (3) is not supported"},
		{"wrong input name", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","inputs":{"x":` + tensor + `}}}`, 400, `unknown input "x"`},
		{"wrong shape", `{"source":1,"destination":1,"data":{"model_id":"` + irisID + `","inputs":{"input":{"values":[1,2],"shape":[1,2],"dtype":1}}}}`, 400, "the model expects [1 4]"},
		{"on-chain garbage", `{"source":0,"destination":0,"data":"00"}`, 400, "on-chain input"},
		{"hub offline", `{"source":1,"destination":1,"data":{"model_id":"huggingface/a/b:c.onnx","inputs":{"input":` + tensor + `}}}`, 500, "unavailable offline"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, wltest.ErrorReply(t, srv.URL, tc.body, tc.status), tc.want)
		})
	}
}

func TestUnsupportedOperatorNamed(t *testing.T) {
	dir := cacheWithIris(t)
	raw := wltest.ReadFixture(t, "../testdata/iris.onnx")
	// Rename the Softmax op: the engine must refuse "Softmaz" by name.
	require.Contains(t, string(raw), "Softmax")
	raw = []byte(strings.ReplaceAll(string(raw), "Softmax", "Softmaz"))
	wltest.AddModel(t, dir, "local/infernode/bad:bad.onnx", raw)
	s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), Store: wltest.OfflineStore(t, dir)})
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	msg := wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"local/infernode/bad:bad.onnx","inputs":{"input":{"values":[1,2,3,4],"shape":[1,4],"dtype":1}}}}`, http.StatusBadRequest)
	require.Contains(t, msg, `No Op registered for Softmaz`)

	sup := wltest.Support(t, srv.URL, "local/infernode/bad:bad.onnx")
	require.False(t, sup.Supported)
	require.Contains(t, sup.Error, "Softmaz")
}

// TestBadModelFiles: a model file that is not ONNX, or is cut short, is the
// client's mistake (400) with what was wrong, and the service keeps serving.
func TestBadModelFiles(t *testing.T) {
	dir := cacheWithIris(t)
	raw := wltest.ReadFixture(t, "../testdata/iris.onnx")
	wltest.AddModel(t, dir, "local/infernode/bad:garbage.onnx", []byte("GIF89a not a model"))
	wltest.AddModel(t, dir, "local/infernode/bad:truncated.onnx", raw[:len(raw)*2/3])
	s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), Store: wltest.OfflineStore(t, dir)})
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	for _, file := range []string{"garbage.onnx", "truncated.onnx"} {
		msg := wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":{"model_id":"local/infernode/bad:`+file+`","inputs":{"input":`+wltest.IrisTensor+`}}}`, http.StatusBadRequest)
		require.Contains(t, msg, "not a readable ONNX model", file)
	}
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":`+irisData+`}`)
	require.Equal(t, http.StatusOK, status, string(body))
}

// TestHugeInputShape: a tensor whose shape asks for 2 GB is refused while
// decoding, before anything is allocated for it.
func TestHugeInputShape(t *testing.T) {
	srv := newServer(t, irisID)
	msg := wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":{"inputs":{"input":{"values":[1],"shape":[1,536870912],"dtype":1}}}}`, http.StatusBadRequest)
	require.Contains(t, msg, "more than 67108864 elements")
}

func TestNewFailsWithoutLibrary(t *testing.T) {
	// The library is loaded once per process: a test process that loaded it
	// refuses another path, and a fresh one (the workload program) reports
	// the missing file; workloads/e2e starts the program without it.
	ortConfig(t)
	_, err := service.New(context.Background(), service.Config{Runtime: ort.Config{Library: "/nonexistent/libonnxruntime.so.1"}})
	require.Error(t, err)
}

func TestNewFailsOnBadDefault(t *testing.T) {
	_, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), DefaultModelID: "local/a/b:c.onnx", Store: wltest.OfflineStore(t, t.TempDir())})
	require.ErrorContains(t, err, "pre-load ONNX_DEFAULT_MODEL_ID")
	_, err = service.New(context.Background(), service.Config{Runtime: ortConfig(t), DefaultModelID: "nope", Store: wltest.OfflineStore(t, t.TempDir())})
	require.ErrorContains(t, err, "ONNX_DEFAULT_MODEL_ID")
}

func TestServiceResources(t *testing.T) {
	srv := newServer(t, irisID)
	res := wltest.Resources(t, srv.URL)
	require.Equal(t, "onnx", res.ServiceID)
	c := res.ComputeCapability[0]
	require.Equal(t, "ONNX", c.Type)
	require.Equal(t, "onnxruntime", c.InferenceEngine)
	require.Equal(t, "1.24.1", c.InferenceEngineVersion, "the library .ci/tools.sh installs")
	require.Len(t, c.Models, 1)
	require.Equal(t, protocol.MLModel{Owner: "infernode", Name: "iris", Repository: "local/infernode/iris", Storage: "local",
		Files: []string{"iris.onnx"}, MLType: "onnx"}, c.Models[0])
	require.Len(t, c.CachedModels, 1)
	require.Positive(t, res.HardwareCapabilities[0].CPUInfo.NumCores)

	for id, want := range map[string]bool{irisID: true, "local/x/y:z.onnx": false, "huggingface/x/y:z.onnx": false, "bad": false} {
		sup := wltest.Support(t, srv.URL, id)
		require.Equal(t, want, sup.Supported, id)
		if !want {
			require.NotEmpty(t, sup.Error)
		}
	}
}

func TestHostedModelDownloaded(t *testing.T) {
	raw := wltest.ReadFixture(t, "../testdata/iris.onnx")
	hub := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/acme/iris/resolve/main/iris.onnx" || r.Header.Get("Authorization") != "Bearer tok" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(raw)
	}))
	defer hub.Close()
	dir := t.TempDir()
	s, err := service.New(context.Background(), service.Config{Runtime: ortConfig(t), DefaultModelID: "huggingface/acme/iris:iris.onnx",
		Store: modelstore.Config{CacheDir: dir, HubBaseURL: hub.URL, HubToken: "tok"}})
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, "huggingface", "acme", "iris", "default", "iris.onnx"))
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"inputs":{"input":`+wltest.IrisTensor+`}}}`)
	require.Equal(t, http.StatusOK, status, string(body))
}

func FuzzDecodeInputABI(f *testing.F) {
	enc, _ := service.EncodeInputABI(irisID, []string{"input"}, []tensor.Tensor{tensor.FromFloat32([]int{1, 4}, irisInput)})
	f.Add(enc)
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := service.DecodeInputABI(b)
		if err != nil {
			return
		}
		require.Len(t, in.Tensors, len(in.Names))
	})
}

// BenchmarkIrisHTTP is one off-chain iris inference over loopback HTTP, as
// the node calls the workload.
func BenchmarkIrisHTTP(b *testing.B) {
	srv := newServer(b, irisID)
	body := `{"source":1,"destination":1,"data":` + irisData + `}`
	client := srv.Client()
	b.ReportAllocs()
	for b.Loop() {
		wltest.PostOK(b, client, srv.URL, body)
	}
}

func BenchmarkIrisHTTPParallel(b *testing.B) {
	srv := newServer(b, irisID)
	body := `{"source":1,"destination":1,"data":` + irisData + `}`
	client := srv.Client()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			wltest.PostOK(b, client, srv.URL, body)
		}
	})
}
