package e2e_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"

	"github.com/infernode/infernode/internal/nodetest"
	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/onnx/ort"
	onnxsvc "github.com/infernode/infernode/workloads/onnx/service"
)

// callCounter counts a workload's calls by path.
type callCounter struct {
	mu    sync.Mutex
	calls map[string]int
	next  http.Handler
}

func (c *callCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost {
		c.mu.Lock()
		c.calls[r.URL.Path]++
		c.mu.Unlock()
	}
	c.next.ServeHTTP(w, r)
}

func (c *callCounter) count(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.calls[path]
}

// The response cache serves every front door: the real onnx workload,
// marked "cache", runs once per distinct input whether it comes as a JSON
// job, a REST OIP inference or a gRPC ModelInfer, and every repeat is
// answered with the same bytes without reaching it.
func TestResponseCacheAcrossFrontDoors(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a node with the onnx workload on loopback")
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	onnxH, err := onnxsvc.New(ctx, onnxsvc.Config{DefaultModelID: "local/infernode/iris:iris.onnx",
		Store:   wltest.OfflineStore(t, modelCache(t, "workloads/onnx/testdata/iris.onnx")),
		Runtime: ort.Config{Library: wltest.ORTLibrary(t)}})
	require.NoError(t, err)
	counter := &callCounter{calls: map[string]int{}, next: onnxH}
	srv := wltest.Server(t, counter)
	gln := nodetest.Listen(t)
	s := &stack{grpc: gln.Addr().String()}
	s.node, s.shutdown = startNodeGRPC(t, []string{fmt.Sprintf(`{"id":"onnx","url":%q,"external":true,"cache":true}`, srv.URL)}, "", gln)

	// A JSON job, twice, the second in another spelling.
	first := output(t, s.submit(t, []string{"onnx"}, `{"inputs":{"input":`+wltest.IrisTensor+`}}`, false))
	again := output(t, s.submit(t, []string{"onnx"}, ` { "inputs" : { "input" : `+wltest.IrisTensor+` } }`, false))
	require.JSONEq(t, string(first), string(again))
	require.Equal(t, 1, counter.count("/service_output"))

	// REST OIP, binary tensors both ways, twice.
	iris, err := tensor.NewTensor(tensor.Float32, []int{1, 4}, f32bytes(wltest.IrisInput()))
	require.NoError(t, err)
	inputs := []oip.Input{{Name: "input", Tensor: iris}}
	_, _, rest1 := restBinary(t, s.node, "onnx", "", inputs)
	_, _, rest2 := restBinary(t, s.node, "onnx", "", inputs)
	require.Equal(t, rest1, rest2)
	infers := counter.count("/v2/models/onnx/infer")
	require.Equal(t, 1, infers)

	// gRPC, twice: the second is a hit (the first may be one too: it
	// reaches the container as REST's binary form of the same tensors).
	conn, err := grpc.NewClient("passthrough:///"+s.grpc, grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	c := pb.NewGRPCInferenceServiceClient(conn)
	g1 := grpcInfer(t, c, "onnx", "", inputs)
	afterFirst := counter.count("/v2/models/onnx/infer")
	g2 := grpcInfer(t, c, "onnx", "", inputs)
	require.Equal(t, afterFirst, counter.count("/v2/models/onnx/infer"), "a repeated gRPC inference is a hit")
	require.Equal(t, g1.RawOutputContents, g2.RawOutputContents)
	require.Equal(t, rest1, g1.RawOutputContents, "the same bytes as REST's")

	resp, err := http.Get(s.node + "/metrics")
	require.NoError(t, err)
	m, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	hits := 0
	for _, line := range strings.Split(string(m), "\n") {
		if strings.HasPrefix(line, `infernode_cache_requests_total{container="onnx",result="hit"}`) {
			_, err := fmt.Sscanf(line[strings.LastIndexByte(line, ' ')+1:], "%d", &hits)
			require.NoError(t, err)
		}
	}
	require.GreaterOrEqual(t, hits, 3, "job, REST and gRPC repeats counted as hits")
}
