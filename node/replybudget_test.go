package node

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
)

// bigReplyContainer is an OIP server whose every infer answers one UINT8
// output of size bytes, binary: with its Content-Length declared when the
// model is "sized", chunked otherwise. A "huge" model answers more than
// the node reads from one reply (64 MiB).
func bigReplyContainer(t *testing.T, size int) string {
	reply := func(n int) ([]byte, int) {
		h := fmt.Sprintf(`{"model_name":"m","outputs":[{"name":"y","datatype":"UINT8","shape":[%d],"parameters":{"binary_data_size":%d}}]}`, n, n)
		b := make([]byte, len(h)+n)
		copy(b, h)
		return b, len(h)
	}
	body, hl := reply(size)
	huge, hugeHL := reply(65 << 20)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/infer") {
			return // readiness probes
		}
		_, _ = io.Copy(io.Discard, r.Body)
		b, n := body, hl
		if strings.Contains(r.URL.Path, "/huge/") {
			b, n = huge, hugeHL
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set(oip.HeaderLength, strconv.Itoa(n))
		if strings.Contains(r.URL.Path, "/sized/") {
			w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		}
		_, _ = w.Write(b)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

const smallInfer = `{"inputs":[{"name":"x","datatype":"UINT8","shape":[1],"data":[1]}]}`

// stuckReader sends an infer for model on a raw connection and never reads
// the reply: the node holds it while its write is blocked.
func stuckReader(t *testing.T, nodeURL, model string) net.Conn {
	c, err := net.Dial("tcp", strings.TrimPrefix(nodeURL, "http://"))
	require.NoError(t, err)
	_, err = fmt.Fprintf(c, "POST /v2/models/%s/infer HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
		model, len(smallInfer), smallInfer)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func postInfer(t *testing.T, nodeURL, model string, gzip bool) (*http.Response, []byte) {
	req, err := http.NewRequest(http.MethodPost, nodeURL+"/v2/models/"+model+"/infer", strings.NewReader(smallInfer))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	if gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	resp, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, b
}

// TestReplyBudget: the container replies a node buffers are bounded
// node-wide by server.max_reply_bytes_in_flight. Two clients that do not
// read their 24 MiB replies hold 48 of the 64 MiB; a third infer, declared
// or chunked, REST or gRPC, is 503 Node busy with Retry-After (gRPC:
// Unavailable), not a 500; a job whose output does not fit waits for room
// and then succeeds. Every path gives its bytes back: the stuck clients
// leaving, errors (a reply over 64 MiB), gzip, gRPC, jobs: held returns
// to 0.
func TestReplyBudget(t *testing.T) {
	const size = 24 << 20
	url := bigReplyContainer(t, size)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	grpcPort := ln.Addr().(*net.TCPAddr).Port
	require.NoError(t, ln.Close())
	cfg := &config.Config{
		Server: config.Server{Host: "127.0.0.1", GRPCPort: grpcPort, MaxReplyBytesInFlight: 64 << 20, MaxBodyBytes: 32 << 20},
		Containers: []config.Container{
			{ID: "sized", URL: url, External: true}, {ID: "chunked", URL: url, External: true},
			{ID: "huge", URL: url, External: true}, {ID: "echo", URL: startEcho(t), External: true},
		},
	}
	tn := startNode(t, cfg, Options{})
	budget := tn.node.replyBudget
	held := func() int64 { return budget.Held() }

	a := stuckReader(t, tn.url, "sized")
	b := stuckReader(t, tn.url, "chunked")
	require.Eventually(t, func() bool { return held() >= 2*size }, 10*time.Second, 5*time.Millisecond,
		"two unread replies are held (held %d)", held())

	for _, model := range []string{"sized", "chunked"} {
		resp, body := postInfer(t, tn.url, model, false)
		require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode, "%s: %s", model, body)
		require.Equal(t, "1", resp.Header.Get("Retry-After"))
		var e struct {
			Error  string
			Params map[string]any
		}
		require.NoError(t, json.Unmarshal(body, &e))
		require.Contains(t, e.Error, "server.max_reply_bytes_in_flight")
		require.Equal(t, "server.max_reply_bytes_in_flight", e.Params["limit"])
		require.EqualValues(t, 64<<20, e.Params["bytes"])
	}

	conn, err := grpc.NewClient("passthrough:///127.0.0.1:"+strconv.Itoa(grpcPort), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	gc := pb.NewGRPCInferenceServiceClient(conn)
	greq := &pb.ModelInferRequest{ModelName: "sized",
		Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "x", Datatype: "UINT8", Shape: []int64{1}}},
		RawInputContents: [][]byte{{1}}}
	_, err = gc.ModelInfer(context.Background(), greq, grpc.MaxCallRecvMsgSize(64<<20))
	require.Equal(t, codes.Unavailable, status.Code(err), "%v", err)
	require.Contains(t, status.Convert(err).Message(), "server.max_reply_bytes_in_flight")

	// A job whose 20 MB output does not fit the 16 MiB left waits for room.
	data := `{"x":"` + strings.Repeat("a", 20<<20) + `"}`
	code, sb := tn.do(t, http.MethodPost, "/api/jobs", `{"containers":["echo"],"data":`+data+`}`)
	require.Equal(t, http.StatusOK, code, string(sb))
	var sub struct{ ID string }
	require.NoError(t, json.Unmarshal(sb, &sub))
	time.Sleep(200 * time.Millisecond)
	_, rb := tn.do(t, http.MethodGet, "/api/jobs?id="+sub.ID, "")
	require.Contains(t, string(rb), `"running"`, "the job waits for room, neither failed nor over the budget")
	require.LessOrEqual(t, held(), int64(64<<20))

	// The stuck clients leave: their replies' bytes come back, the job runs.
	a.Close()
	b.Close()
	res := tn.wait(t, sub.ID, false)
	require.Equal(t, job.StatusSuccess, res.Status, "%+v", res.Result)
	require.Greater(t, len(res.Result.Output), 20<<20, "the whole output is stored")
	require.Eventually(t, func() bool { return held() == 0 }, 10*time.Second, 5*time.Millisecond, "held %d", held())

	// With room: replies relayed whole, gzip too; a reply over 64 MiB is a
	// 503 naming it; gRPC answers.
	for _, gz := range []bool{false, true} {
		resp, body := postInfer(t, tn.url, "chunked", gz)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		if gz {
			require.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
		} else {
			require.Greater(t, len(body), size)
		}
	}
	resp, body := postInfer(t, tn.url, "huge", false)
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
	require.Contains(t, string(body), "output larger than 67108864 bytes")
	gresp, err := gc.ModelInfer(context.Background(), greq, grpc.MaxCallRecvMsgSize(64<<20))
	require.NoError(t, err)
	require.Len(t, gresp.RawOutputContents[0], size)
	require.Zero(t, held(), "nothing leaks: served, refused, failed and gRPC replies all gave their bytes back")

	// /metrics shows what is held.
	code, mb := tn.do(t, http.MethodGet, "/metrics", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(mb), "infernode_reply_bytes_held 0")
}

// A client that goes away while the node still reads its reply (a
// cancelled request) gives the reply's bytes back too.
func TestReplyBudgetCancelled(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/infer") {
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Header().Set(oip.HeaderLength, "2")
		bw := bufio.NewWriter(w)
		_, _ = bw.WriteString("{}")
		_, _ = bw.Write(make([]byte, 8<<20))
		_ = bw.Flush()
		w.(http.Flusher).Flush()
		select { // the rest never comes
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	tn := startNode(t, &config.Config{Containers: []config.Container{{ID: "slow", URL: srv.URL, External: true}}}, Options{})
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tn.url+"/v2/models/slow/infer", strings.NewReader(smallInfer))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	done := make(chan struct{})
	go func() {
		defer close(done)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	budget := tn.node.replyBudget
	require.Eventually(t, func() bool { return budget.Held() >= 8<<20 }, 10*time.Second, 5*time.Millisecond)
	cancel()
	<-done
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, 5*time.Millisecond, "held %d", budget.Held())
}

// A streamed job's stored copy is charged to the reply budget until it is
// stored: without room it is cut (the client still gets every byte) and
// its bytes come back once the job is stored.
func TestReplyBudgetStreamCopy(t *testing.T) {
	tn := startNode(t, echoConfig(startEcho(t)), Options{})
	budget := tn.node.replyBudget
	const room = 8
	require.True(t, budget.Take(budget.Max()-room))
	text := "hello streaming world, in four chunks"
	resp, err := http.Post(tn.url+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"text":"`+text+`"}}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	id, got, _ := strings.Cut(string(body), "\n")
	require.Equal(t, text, got, "the client gets every byte")
	res := tn.wait(t, id, false)
	require.Equal(t, job.StatusSuccess, res.Status)
	var stored struct{ Output string }
	require.NoError(t, json.Unmarshal(res.Result.Output, &stored))
	require.True(t, strings.HasPrefix(text, stored.Output) && len(stored.Output) <= room, "the stored copy is cut at the budget: %q", stored.Output)
	require.Eventually(t, func() bool { return budget.Held() == budget.Max()-room }, 10*time.Second, time.Millisecond,
		"the copy's bytes come back once it is stored (held %d)", budget.Held())
	budget.Give(budget.Max() - room)
}
