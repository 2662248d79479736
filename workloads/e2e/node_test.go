package e2e_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/node"
	echosvc "github.com/infernode/infernode/workloads/echo/service"
	"github.com/infernode/infernode/workloads/internal/wltest"
	llmsvc "github.com/infernode/infernode/workloads/llm/service"
	"github.com/infernode/infernode/workloads/onnx/ort"
	onnxsvc "github.com/infernode/infernode/workloads/onnx/service"
	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
	tensorsvc "github.com/infernode/infernode/workloads/tensor/service"
)

// argmaxHandler is a small post-processing container: it takes the onnx
// workload's {"result": [tensor, ...]} and answers {"class": argmax of the
// first tensor's last row, "probability": its value}.
func argmaxHandler(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, nil, err)
		return
	}
	var in struct {
		Result []tensor.Tensor `json:"result"`
	}
	if err := json.Unmarshal(req.Data, &in); err != nil || len(in.Result) == 0 {
		protocol.WriteError(w, nil, protocol.Invalid("data.result", "want the onnx workload's output"))
		return
	}
	f, err := in.Result[0].Float32s()
	if err != nil || len(f) == 0 {
		protocol.WriteError(w, nil, protocol.Invalid("data.result[0]", "want a float tensor"))
		return
	}
	best := 0
	for i, v := range f {
		if v > f[best] {
			best = i
		}
	}
	protocol.WriteJSON(w, http.StatusOK, map[string]any{"class": best, "probability": f[best]})
}

// openAIStub is a loopback OpenAI-compatible provider for the llm workload.
func openAIStub(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Stream bool `json:"stream"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	if !body.Stream {
		fmt.Fprint(w, `{"choices":[{"index":0,"message":{"role":"assistant","content":"four"}}]}`)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	rc := http.NewResponseController(w)
	for _, c := range []string{"fo", "ur"} {
		fmt.Fprintf(w, "data: {\"choices\":[{\"delta\":{\"content\":%q}}]}\n\n", c)
		_ = rc.Flush()
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

type stack struct {
	node     string            // REST base URL
	grpc     string            // the gRPC front door's host:port
	direct   map[string]string // container id -> workload base URL
	shutdown func()
}

// startStack runs every workload on loopback and a node (unmanaged
// runtime) in front of them, taking request bodies up to 16 MiB (an image
// tensor as JSON is about 3 MB); the onnx workload's cache also holds the
// ONNX files of realModels, as local/infernode/<name>:<name>.onnx, and the
// tensor workload's their TorchScript files, as
// local/infernode/<name>:<name>.pt.
func startStack(t testing.TB, realModels ...wltest.RealModel) *stack {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	serve := func(h http.Handler) string {
		srv := wltest.Server(t, h)
		return srv.URL
	}

	echoH, err := echosvc.New(echosvc.Config{})
	require.NoError(t, err)
	onnxCache := modelCache(t, "workloads/onnx/testdata/iris.onnx")
	for _, rm := range realModels {
		wltest.LinkModel(t, onnxCache, realModelIDs(rm)["onnx"], rm.File(".onnx"))
	}
	onnxH, err := onnxsvc.New(ctx, onnxsvc.Config{DefaultModelID: "local/infernode/iris:iris.onnx",
		Store:   wltest.OfflineStore(t, onnxCache),
		Runtime: ort.Config{Library: wltest.ORTLibrary(t)}})
	require.NoError(t, err)
	tensorCache := modelCache(t, "workloads/tensor/testdata/iris.torch")
	for _, rm := range realModels {
		wltest.LinkModel(t, tensorCache, realModelIDs(rm)["tensor"], rm.File(".pt"))
	}
	tensorH, err := tensorsvc.New(ctx, tensorsvc.Config{DefaultModelID: "local/infernode/iris:iris.torch", JIT: true,
		Store:   wltest.OfflineStore(t, tensorCache),
		Runtime: libtorch.Config{Library: wltest.TorchLibrary(t)}})
	require.NoError(t, err)
	provider := serve(http.HandlerFunc(openAIStub))
	llmH, err := llmsvc.New(llmsvc.Config{Providers: map[string]llmsvc.Provider{"PROVIDERA": {APIKey: "k", BaseURL: provider}}})
	require.NoError(t, err)

	s := &stack{direct: map[string]string{
		"echo": serve(echoH), "onnx": serve(onnxH), "tensor": serve(tensorH), "llm": serve(llmH),
		"argmax": serve(http.HandlerFunc(argmaxHandler)),
	}}
	var containers []string
	for _, id := range []string{"echo", "onnx", "tensor", "llm", "argmax"} {
		containers = append(containers, fmt.Sprintf(`{"id":%q,"url":%q,"external":%v}`, id, s.direct[id], id != "argmax"))
	}
	t.Cleanup(cancel)
	gln := nodetest.Listen(t)
	s.grpc = gln.Addr().String()
	s.node, s.shutdown = startNodeGRPC(t, containers, "", gln)
	return s
}

// startNode runs a node (unmanaged runtime) in front of the containers
// (JSON container entries) until the test ends or stop. chain is the
// configuration's "chain" object; empty: no chain.
func startNode(t testing.TB, containers []string, chain string) (url string, stop func()) {
	t.Helper()
	return startNodeGRPC(t, containers, chain, nil)
}

// startNodeGRPC is startNode with the gRPC front door on grpcLn (nil: none).
func startNodeGRPC(t testing.TB, containers []string, chain string, grpcLn net.Listener) (url string, stop func()) {
	t.Helper()
	if chain == "" {
		chain = `{"enabled":false}`
	}
	cfg, _, err := config.Parse([]byte(`{"manage_containers":false,"data_dir":` + fmt.Sprintf("%q", t.TempDir()) +
		`,"server":{"host":"127.0.0.1","max_body_bytes":16777216},"chain":` + chain + `,"containers":[` + strings.Join(containers, ",") + `]}`))
	require.NoError(t, err)
	nodeLn := nodetest.Listen(t)
	n, err := node.New(cfg, node.Options{Listener: nodeLn, GRPCListener: grpcLn, Logger: slog.New(slog.DiscardHandler), StoreNoSync: true})
	require.NoError(t, err)
	stopNode := nodetest.Start(t, n)
	return nodetest.URL(nodeLn), func() { require.NoError(t, stopNode()) }
}

// submit posts a job and waits for it to finish, returning the JobResult.
func (s *stack) submit(t testing.TB, containers []string, data string, intermediate bool) map[string]json.RawMessage {
	t.Helper()
	cs, _ := json.Marshal(containers)
	resp, err := http.Post(s.node+"/api/jobs", "application/json", strings.NewReader(`{"containers":`+string(cs)+`,"data":`+data+`}`))
	require.NoError(t, err)
	var created struct {
		ID string `json:"id"`
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	require.NoError(t, json.Unmarshal(body, &created))
	return s.wait(t, created.ID, intermediate)
}

func (s *stack) wait(t testing.TB, id string, intermediate bool) map[string]json.RawMessage {
	t.Helper()
	q := s.node + "/api/jobs?id=" + id
	if intermediate {
		q += "&intermediate=true"
	}
	for {
		resp, err := http.Get(q)
		require.NoError(t, err)
		var results []map[string]json.RawMessage
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&results))
		resp.Body.Close()
		require.Len(t, results, 1)
		if string(results[0]["status"]) != `"running"` {
			return results[0]
		}
		time.Sleep(time.Millisecond)
	}
}

func output(t testing.TB, res map[string]json.RawMessage) json.RawMessage {
	t.Helper()
	require.Equal(t, `"success"`, string(res["status"]), "result: %s", res["result"])
	var cr struct {
		Output json.RawMessage `json:"output"`
	}
	require.NoError(t, json.Unmarshal(res["result"], &cr))
	return cr.Output
}

func TestIrisThroughNode(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with every workload on loopback")
	}
	s := startStack(t)

	t.Run("onnx", func(t *testing.T) {
		res := s.submit(t, []string{"onnx"}, `{"model_id":"local/infernode/iris:iris.onnx","inputs":{"input":`+wltest.IrisTensor+`}}`, false)
		requireIris(t, output(t, res), "result.0", onnxGolden)
	})
	t.Run("tensor", func(t *testing.T) {
		res := s.submit(t, []string{"tensor"}, `{"model_id":"local/infernode/iris:iris.torch","input":`+wltest.IrisTensor+`}`, false)
		requireIris(t, output(t, res), "", torchGolden)
	})
	t.Run("chained onnx then argmax", func(t *testing.T) {
		res := s.submit(t, []string{"onnx", "argmax"}, `{"inputs":{"input":`+wltest.IrisTensor+`}}`, true)
		var out struct {
			Class       int     `json:"class"`
			Probability float64 `json:"probability"`
		}
		require.NoError(t, json.Unmarshal(output(t, res), &out))
		require.Equal(t, 2, out.Class, "fixtures/README.md: argmax 2")
		require.InDelta(t, 0.9845937490, out.Probability, 1e-5)
		var inter []struct {
			Container string          `json:"container"`
			Output    json.RawMessage `json:"output"`
		}
		require.NoError(t, json.Unmarshal(res["intermediate_results"], &inter))
		require.NotEmpty(t, inter)
		require.Equal(t, "onnx", inter[0].Container)
		requireIris(t, inter[0].Output, "result.0", onnxGolden)
	})
	t.Run("llm", func(t *testing.T) {
		res := s.submit(t, []string{"llm"}, `{"provider":"PROVIDERA","endpoint":"completions","model":"m","params":{"endpoint":"completions","messages":[{"role":"user","content":"2+2?"}]},"extra_args":{"max_tokens":4}}`, false)
		require.JSONEq(t, `{"output":"four"}`, string(output(t, res)))
	})
	t.Run("llm stream", func(t *testing.T) {
		resp, err := http.Post(s.node+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["llm"],"data":{"provider":"PROVIDERA","model":"m","params":{"messages":[{"role":"user","content":"2+2?"}]}}}`))
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		r := bufio.NewReader(resp.Body)
		id, err := r.ReadString('\n')
		require.NoError(t, err)
		rest, err := io.ReadAll(r)
		require.NoError(t, err)
		require.Equal(t, "four", string(rest))
		res := s.wait(t, strings.TrimSpace(id), false)
		require.JSONEq(t, `{"output":"four"}`, string(output(t, res)))
	})
	t.Run("echo", func(t *testing.T) {
		res := s.submit(t, []string{"echo"}, `{"x":1}`, false)
		require.JSONEq(t, `{"output":{"x":1}}`, string(output(t, res)))
	})
	t.Run("workload error fails the job", func(t *testing.T) {
		res := s.submit(t, []string{"onnx"}, `{"inputs":{"input":{"values":[1],"shape":[1,4],"dtype":1}}}`, false)
		require.Equal(t, `"failed"`, string(res["status"]))
		require.Contains(t, string(res["result"]), "has 1 elements but shape [1 4] needs 4")
	})
	t.Run("resources", func(t *testing.T) {
		resp, err := http.Get(s.node + "/resources?model_id=local/infernode/iris:iris.onnx")
		require.NoError(t, err)
		defer resp.Body.Close()
		var res map[string]protocol.ModelSupport
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&res))
		require.True(t, res["onnx"].Supported)
		require.False(t, res["tensor"].Supported, "the torch workload cannot load an onnx file")
	})
}

// benchJobs runs n iris jobs at concurrency c, through the node or
// directly against the workload, and fails on any wrong answer.
func benchJobs(b *testing.B, s *stack, container, data string, viaNode bool) {
	b.Helper()
	body := `{"source":1,"destination":1,"data":` + data + `}`
	b.SetParallelism(4) // 8 goroutines on 2 cores
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if viaNode {
				res := s.submit(b, []string{container}, data, false)
				if string(res["status"]) != `"success"` {
					b.Fatalf("job failed: %s", res["result"])
				}
				continue
			}
			wltest.PostOK(b, http.DefaultClient, s.direct[container], body)
		}
	})
}

// BenchmarkIris compares each workload's iris inference called directly
// with the same job through the node (submit, then poll until finished):
// the difference is the node's overhead per job.
func BenchmarkIris(b *testing.B) {
	s := startStack(b)
	for _, w := range []struct{ container, data string }{
		{"onnx", `{"inputs":{"input":` + wltest.IrisTensor + `}}`},
		{"tensor", `{"input":` + wltest.IrisTensor + `}`},
	} {
		b.Run(w.container+"/direct", func(b *testing.B) { benchJobs(b, s, w.container, w.data, false) })
		b.Run(w.container+"/node", func(b *testing.B) { benchJobs(b, s, w.container, w.data, true) })
	}
}
