package oipgrpc

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"math"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"golang.org/x/net/http2"
	"golang.org/x/net/http2/hpack"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/connectivity"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/encoding/gzip"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/oip"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

// fakeBackend is an OIP container behind the relay: it decodes infer bodies
// with the codec the workloads use and answers the first input as the
// output "output"; container "onnx" is the only one.
type fakeBackend struct {
	mu      sync.Mutex
	calls   []rest.OIPCall
	clients []string
	healthy error
}

func (f *fakeBackend) OIP(_ context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	f.mu.Lock()
	// A copy: the tensors in Tail are the transport's buffers, given back
	// when the call ends.
	rec := call
	if call.Tail != nil {
		rec.Tail = [][]byte{bytes.Join(call.Tail, nil)}
	}
	f.calls = append(f.calls, rec)
	f.clients = append(f.clients, client)
	f.mu.Unlock()
	if call.Container != "onnx" {
		return rest.OIPReply{}, job.Reject(job.CodeNotFound, "unknown model "+strconv.Quote(call.Container))
	}
	js := func(st int, v any) rest.OIPReply {
		b, _ := json.Marshal(v)
		return rest.OIPReply{Status: st, ContentType: "application/json", Body: b}
	}
	switch {
	case strings.HasSuffix(call.Path, "/ready"):
		return rest.OIPReply{Status: http.StatusOK}, nil
	case call.Method == http.MethodGet:
		return js(http.StatusOK, oip.ModelMetadata{Name: "onnx", Platform: "onnxruntime_onnx",
			Inputs:  []oip.TensorMeta{{Name: "input", Datatype: "FP32", Shape: []int64{-1, 4}}},
			Outputs: []oip.TensorMeta{{Name: "output", Datatype: "FP32", Shape: []int64{-1, 4}}}}), nil
	}
	req, err := oip.Decode(bytes.Join(append([][]byte{call.Body}, call.Tail...), nil), call.HeaderLength)
	if err != nil {
		return js(http.StatusBadRequest, map[string]string{"error": err.Error()}), nil
	}
	reply, err := oip.Encode("onnx", req, []oip.Output{{Name: "output", Tensor: req.Inputs[0].Tensor}})
	if err != nil {
		return js(http.StatusBadRequest, map[string]string{"error": err.Error()}), nil
	}
	return rest.OIPReply{Status: http.StatusOK, ContentType: reply.ContentType(), HeaderLength: strconv.Itoa(reply.HeaderLen), Body: reply.Body}, nil
}

func (f *fakeBackend) Models(context.Context, string) []rest.OIPModel {
	return []rest.OIPModel{{Name: "onnx", Ready: true}}
}

func (f *fakeBackend) Healthy(context.Context) error { return f.healthy }

// serve runs New(b, opts) on a loopback listener and returns a client.
func serve(t testing.TB, b Backend, opts Options) pb.GRPCInferenceServiceClient {
	t.Helper()
	return dialClient(t, serveAddr(t, b, opts))
}

// dialClient returns a client of the server at addr.
func dialClient(t testing.TB, addr string) pb.GRPCInferenceServiceClient {
	t.Helper()
	conn, err := grpc.NewClient("passthrough:///"+addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(64<<20), grpc.MaxCallSendMsgSize(64<<20)))
	require.NoError(t, err)
	t.Cleanup(func() { conn.Close() })
	return pb.NewGRPCInferenceServiceClient(conn)
}

func fp32(vs ...float32) []byte {
	b := make([]byte, 0, 4*len(vs))
	for _, v := range vs {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
	}
	return b
}

func inferReq(raw []byte) *pb.ModelInferRequest {
	return &pb.ModelInferRequest{ModelName: "onnx", Id: "r1",
		Inputs:           []*pb.ModelInferRequest_InferInputTensor{{Name: "input", Datatype: "FP32", Shape: []int64{1, 4}}},
		RawInputContents: [][]byte{raw}}
}

func TestModelInfer(t *testing.T) {
	f := &fakeBackend{}
	c := serve(t, f, Options{})
	ctx := context.Background()
	in := fp32(1.5, -2, 3.25, 1e-7)

	resp, err := c.ModelInfer(ctx, inferReq(in))
	require.NoError(t, err)
	require.Equal(t, "onnx", resp.ModelName)
	require.Equal(t, "r1", resp.Id)
	require.Len(t, resp.Outputs, 1)
	require.Equal(t, "output", resp.Outputs[0].Name)
	require.Equal(t, "FP32", resp.Outputs[0].Datatype)
	require.Equal(t, []int64{1, 4}, resp.Outputs[0].Shape)
	require.Equal(t, in, resp.RawOutputContents[0], "raw bytes both ways")

	// What the container got is the REST binary-data form of the same request.
	call := f.calls[len(f.calls)-1]
	require.Equal(t, "/v2/models/onnx/infer", call.Path)
	require.Equal(t, "application/octet-stream", call.ContentType)
	hl, err := strconv.Atoi(call.HeaderLength)
	require.NoError(t, err)
	require.Equal(t, len(call.Body), hl, "Body is the JSON header")
	require.JSONEq(t, `{"id":"r1","parameters":{"binary_data_output":true},"inputs":[{"name":"input","shape":[1,4],"datatype":"FP32","parameters":{"binary_data_size":16}}]}`, string(call.Body))
	require.Equal(t, [][]byte{in}, call.Tail, "the raw tensors follow it, as they came")
	require.Equal(t, "127.0.0.1", f.clients[len(f.clients)-1], "the caller is the peer's address")

	// Typed contents, named outputs, a version and parameters.
	req := inferReq(nil)
	req.RawInputContents = nil
	req.ModelVersion = "1"
	req.Inputs[0].Contents = &pb.InferTensorContents{Fp32Contents: []float32{1.5, -2, 3.25, 1e-7}}
	req.Outputs = []*pb.ModelInferRequest_InferRequestedOutputTensor{{Name: "output"}}
	req.Parameters = map[string]*pb.InferParameter{"model_id": {ParameterChoice: &pb.InferParameter_StringParam{StringParam: "local/a/b:c.onnx"}}}
	resp, err = c.ModelInfer(ctx, req)
	require.NoError(t, err)
	require.Equal(t, "1", resp.ModelVersion)
	require.Equal(t, in, resp.RawOutputContents[0])
	call = f.calls[len(f.calls)-1]
	require.Equal(t, "/v2/models/onnx/versions/1/infer", call.Path)
	hl, _ = strconv.Atoi(call.HeaderLength)
	require.Contains(t, string(call.Body[:hl]), `"model_id":"local/a/b:c.onnx"`)
	require.Contains(t, string(call.Body[:hl]), `"outputs":[{"name":"output","parameters":{"binary_data":true}}]`)
}

func TestModelInferRefusals(t *testing.T) {
	c := serve(t, &fakeBackend{}, Options{MaxMessageBytes: 4 << 10})
	tests := []struct {
		name string
		edit func(*pb.ModelInferRequest)
		code codes.Code
		want string
	}{
		{"no model", func(r *pb.ModelInferRequest) { r.ModelName = "" }, codes.InvalidArgument, "model_name: missing"},
		{"unknown model", func(r *pb.ModelInferRequest) { r.ModelName = "nope" }, codes.NotFound, `unknown model "nope"`},
		{"a name is not a path", func(r *pb.ModelInferRequest) { r.ModelName = "onnx/../x" }, codes.NotFound, "unknown model"},
		{"raw count", func(r *pb.ModelInferRequest) { r.RawInputContents = append(r.RawInputContents, nil) }, codes.InvalidArgument, "raw_input_contents has 2 entries but there are 1 inputs"},
		{"shape versus bytes", func(r *pb.ModelInferRequest) { r.RawInputContents[0] = r.RawInputContents[0][:8] }, codes.InvalidArgument, "needs 16 bytes, got 8"},
		{"datatype", func(r *pb.ModelInferRequest) { r.Inputs[0].Datatype = "BYTES" }, codes.InvalidArgument, `datatype "BYTES" is not supported`},
		{"no inputs", func(r *pb.ModelInferRequest) { r.Inputs, r.RawInputContents = nil, nil }, codes.InvalidArgument, "inputs: missing"},
		{"no data", func(r *pb.ModelInferRequest) { r.RawInputContents = nil }, codes.InvalidArgument, "has no data"},
		{"both forms", func(r *pb.ModelInferRequest) { r.Inputs[0].Contents = &pb.InferTensorContents{} }, codes.InvalidArgument, "give one form"},
		{"negative dimension", func(r *pb.ModelInferRequest) { r.Inputs[0].Shape = []int64{-1, 4} }, codes.InvalidArgument, "shape[0] is -1"},
		{"the container's 400", func(r *pb.ModelInferRequest) {
			r.Outputs = []*pb.ModelInferRequest_InferRequestedOutputTensor{{Name: "nope"}}
		}, codes.InvalidArgument, `unknown output "nope"`},
		{"over the message bound", func(r *pb.ModelInferRequest) {
			r.Inputs[0].Shape = []int64{1, 2048}
			r.RawInputContents[0] = make([]byte, 8192)
		}, codes.ResourceExhausted, "larger than max"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := inferReq(fp32(1, 2, 3, 4))
			tt.edit(req)
			_, err := c.ModelInfer(context.Background(), req)
			require.Equal(t, tt.code, status.Code(err), "%v", err)
			require.Contains(t, status.Convert(err).Message(), tt.want)
		})
	}
}

// TestCompressedCalls: gzip-compressed calls (tritonclient.grpc's
// compression_algorithm="gzip") are read, and the message bound holds for
// the decompressed size.
func TestCompressedCalls(t *testing.T) {
	c := serve(t, &fakeBackend{}, Options{MaxMessageBytes: 64 << 10})
	in := fp32(1.5, -2, 3.25, 1e-7)
	resp, err := c.ModelInfer(context.Background(), inferReq(in), grpc.UseCompressor(gzip.Name))
	require.NoError(t, err)
	require.Equal(t, in, resp.RawOutputContents[0])

	bomb := inferReq(make([]byte, 1<<20)) // 1 MiB of zeros: a few KiB compressed
	bomb.Inputs[0].Shape = []int64{1, 1 << 18}
	_, err = c.ModelInfer(context.Background(), bomb, grpc.UseCompressor(gzip.Name))
	require.Equal(t, codes.ResourceExhausted, status.Code(err), "%v", err)
}

func TestServerAndModelCalls(t *testing.T) {
	f := &fakeBackend{}
	c := serve(t, f, Options{})
	ctx := context.Background()
	live, err := c.ServerLive(ctx, &pb.ServerLiveRequest{})
	require.NoError(t, err)
	require.True(t, live.Live)
	ready, err := c.ServerReady(ctx, &pb.ServerReadyRequest{})
	require.NoError(t, err)
	require.True(t, ready.Ready)
	f.healthy = errors.New("store down")
	ready, err = c.ServerReady(ctx, &pb.ServerReadyRequest{})
	require.NoError(t, err)
	require.False(t, ready.Ready)
	md, err := c.ServerMetadata(ctx, &pb.ServerMetadataRequest{})
	require.NoError(t, err)
	require.Equal(t, "infernode", md.Name)
	require.Equal(t, version.Version, md.Version)
	require.Contains(t, md.Extensions, "binary_tensor_data")
	mr, err := c.ModelReady(ctx, &pb.ModelReadyRequest{Name: "onnx", Version: "1"})
	require.NoError(t, err)
	require.True(t, mr.Ready)
	require.Equal(t, "/v2/models/onnx/versions/1/ready", f.calls[len(f.calls)-1].Path)
	mm, err := c.ModelMetadata(ctx, &pb.ModelMetadataRequest{Name: "onnx"})
	require.NoError(t, err)
	require.Equal(t, "onnxruntime_onnx", mm.Platform)
	require.Equal(t, []int64{-1, 4}, mm.Inputs[0].Shape)
	_, err = c.ModelMetadata(ctx, &pb.ModelMetadataRequest{Name: "nope"})
	require.Equal(t, codes.NotFound, status.Code(err))
	_, err = c.ModelReady(ctx, &pb.ModelReadyRequest{})
	require.Equal(t, codes.InvalidArgument, status.Code(err))
}

func TestRateLimitMetricsSpans(t *testing.T) {
	reg := prometheus.NewRegistry()
	rec := tracetest.NewSpanRecorder()
	tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	now := time.Unix(0, 0)
	c := serve(t, &fakeBackend{}, Options{RateLimit: 1, RatePeriod: time.Minute, Registerer: reg,
		TracerProvider: tp, Propagator: propagation.TraceContext{}, now: func() time.Time { return now }})

	ctx, root := tp.Tracer("test").Start(context.Background(), "client")
	carrier := propagation.MapCarrier{}
	propagation.TraceContext{}.Inject(ctx, carrier)
	ctx = metadata.NewOutgoingContext(context.Background(), metadata.Pairs("traceparent", carrier.Get("traceparent")))
	_, err := c.ModelInfer(ctx, inferReq(fp32(1, 2, 3, 4)))
	require.NoError(t, err)
	root.End()
	_, err = c.ModelInfer(ctx, inferReq(fp32(1, 2, 3, 4)))
	require.Equal(t, codes.ResourceExhausted, status.Code(err), "%v", err)
	require.Contains(t, status.Convert(err).Message(), "server.rate_limit")
	require.Contains(t, status.Convert(err).Message(), "retry after 60 s", "charged when the call is admitted, before its message is read")
	_, err = c.ServerLive(ctx, &pb.ServerLiveRequest{})
	require.NoError(t, err, "another method has its own bucket")

	const infer = "/inference.GRPCInferenceService/ModelInfer"
	require.Equal(t, 1.0, testutil.ToFloat64(newMetrics(reg).calls.WithLabelValues(infer, "OK")))
	require.Equal(t, 1.0, testutil.ToFloat64(newMetrics(reg).calls.WithLabelValues(infer, "ResourceExhausted")))
	require.Equal(t, 1.0, testutil.ToFloat64(newMetrics(reg).limited))
	var found bool
	for _, s := range rec.Ended() {
		if s.Name() == "grpc "+infer && s.Parent().TraceID() == root.SpanContext().TraceID() {
			found = true
		}
	}
	require.True(t, found, "the call's span continues the caller's trace")
}

// TestIdleConnectionClosed: a connection without calls for IdleTimeout is
// closed by the server (server.idle_timeout), as REST's keep-alives are.
func TestIdleConnectionClosed(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	g := New(&fakeBackend{}, Options{Logger: slog.New(slog.DiscardHandler), IdleTimeout: 50 * time.Millisecond})
	go func() { _ = g.Serve(ln) }()
	t.Cleanup(g.Stop)
	conn, err := grpc.NewClient("passthrough:///"+ln.Addr().String(), grpc.WithTransportCredentials(insecure.NewCredentials()))
	require.NoError(t, err)
	defer conn.Close()
	_, err = pb.NewGRPCInferenceServiceClient(conn).ServerLive(context.Background(), &pb.ServerLiveRequest{})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a guard, not the assertion
	defer cancel()
	for s := conn.GetState(); s == connectivity.Ready; s = conn.GetState() {
		require.True(t, conn.WaitForStateChange(ctx, s), "the server never closed the idle connection")
	}
}

// TestBodyBudget: a call reserves a whole message against the node-wide
// budget (server.max_body_bytes_in_flight) before its message is read, holds
// what it decoded while it runs, gives it all back when it ends, and is
// Unavailable at once when the budget has no room.
func TestBodyBudget(t *testing.T) {
	budget := ratelimit.NewBytes(8 << 10)
	reg := prometheus.NewRegistry()
	held := make(chan int64, 1)
	f := &holdingBackend{fakeBackend: &fakeBackend{}, during: func() { held <- budget.Held() }}
	c := serve(t, f, Options{BodyBudget: budget, MaxMessageBytes: 2 << 10, Registerer: reg})
	req := inferReq(fp32(1, 2, 3, 4))
	_, err := c.ModelInfer(context.Background(), req)
	require.NoError(t, err)
	during := <-held
	require.Positive(t, during, "the call holds its message while it runs")
	require.Less(t, during, int64(2<<10), "its own size, not the reservation of a whole message")
	require.Zero(t, budget.Held(), "given back after the call")

	big := inferReq(make([]byte, 4096))
	big.Inputs[0].Shape = []int64{1, 1024}
	_, err = c.ModelInfer(context.Background(), big)
	require.Equal(t, codes.ResourceExhausted, status.Code(err), "past max_body_bytes: %v", err)
	require.Zero(t, budget.Held())

	// Others hold all but 1 KiB: no room to reserve a 2 KiB message.
	require.True(t, budget.Take(7<<10))
	_, err = c.ModelInfer(context.Background(), req)
	require.Equal(t, codes.Unavailable, status.Code(err), "%v", err)
	require.Contains(t, status.Convert(err).Message(), "server.max_body_bytes_in_flight")
	_, err = c.ModelMetadata(context.Background(), &pb.ModelMetadataRequest{Name: "onnx"})
	require.Equal(t, codes.Unavailable, status.Code(err), "every call reserves its message: %v", err)
	require.Equal(t, 2.0, testutil.ToFloat64(newMetrics(reg).busy))
	budget.Give(7 << 10)
	_, err = c.ModelInfer(context.Background(), req)
	require.NoError(t, err)
	<-held
	require.Zero(t, budget.Held())
}

// holdingBackend calls during while it answers an infer.
type holdingBackend struct {
	*fakeBackend
	during func()
}

func (h *holdingBackend) OIP(ctx context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	if call.Method == http.MethodPost {
		h.during()
	}
	return h.fakeBackend.OIP(ctx, client, call)
}

// TestBodyBudgetNodeWide: the bytes of messages still arriving are bounded
// by gRPC's share of the node's budget (half of it), not per connection:
// streams whose messages trickle in are admitted only while a whole message
// fits the share (the rest answered Unavailable at once, before a byte of
// theirs is read), REST's half stays free, and reservations are given back
// when the streams end, here by their connections closing. A message that
// has not arrived within ReceiveTimeout is cut and its reservation freed.
func TestBodyBudgetNodeWide(t *testing.T) {
	const msg = 2 << 10
	budget := ratelimit.NewBytes(8 * msg)
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget, MaxMessageBytes: msg})
	var conns []*rawConn
	admitted := 0
	for range 3 {
		rc := dialRaw(t, addr)
		conns = append(conns, rc)
		for range 4 {
			id := rc.open("/inference.GRPCInferenceService/ModelInfer")
			rc.sendPart(id, msg, 100) // the first 100 bytes of a 2 KiB message, then nothing
		}
		got := rc.statuses(time.Second) // a guard: the refusals come at once
		for _, code := range got {
			require.Equal(t, codes.Unavailable, code)
		}
		admitted += 4 - len(got)
		require.LessOrEqual(t, budget.Held(), budget.Max()/2, "gRPC holds at most its half")
	}
	require.Equal(t, 3, admitted, "three whole messages and their metadata fit gRPC's half of the budget")
	require.True(t, budget.Take(budget.Max()/2), "REST keeps its half")
	budget.Give(budget.Max() / 2)
	for _, rc := range conns {
		rc.c.Close()
	}
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, 10*time.Millisecond,
		"reservations are given back when the streams end with their connections")

	// The same with a receive timeout: the stream is cut and its
	// reservation freed without the client doing anything.
	budget = ratelimit.NewBytes(4 * msg)
	addr = serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget, MaxMessageBytes: msg, ReceiveTimeout: 100 * time.Millisecond})
	rc := dialRaw(t, addr)
	id := rc.open("/inference.GRPCInferenceService/ModelInfer")
	rc.sendPart(id, msg, 100)
	got := rc.statuses(5 * time.Second)
	require.Contains(t, got, id, "the stream was answered")
	require.Equal(t, codes.Canceled, got[id])
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, 10*time.Millisecond)
}

// TestBodyBudgetWaits: a message larger than a stream's window reserves
// the rest of a whole message only when its handler is about to read it,
// waiting (not refused) while another call's message takes the room.
func TestBodyBudgetWaits(t *testing.T) {
	const maxMsg = 2 << 20
	// gRPC's half: one whole message, two windows and their metadata.
	budget := ratelimit.NewBytes(2*(maxMsg+2*streamWindow) + 64<<10)
	addr := serveAddr(t, &fakeBackend{}, Options{BodyBudget: budget, MaxMessageBytes: maxMsg})
	rc := dialRaw(t, addr)
	a := rc.open("/inference.GRPCInferenceService/ModelInfer")
	b := rc.open("/inference.GRPCInferenceService/ModelInfer")
	require.Eventually(t, func() bool { return budget.Held() > maxMsg }, 10*time.Second, time.Millisecond,
		"both calls hold a window; one of them grew its reservation to a whole message")
	req := inferReq(make([]byte, 60<<10)) // within a stream's window: the client need not wait for one
	req.Inputs[0].Shape = []int64{1, 60 << 8}
	msg, err := proto.Marshal(req)
	require.NoError(t, err)
	rc.sendMessage(a, msg)
	rc.sendMessage(b, msg)
	got := rc.statuses(10 * time.Second)
	require.Equal(t, map[uint32]codes.Code{a: codes.OK, b: codes.OK}, got, "the second call waited for room, then ran")
	require.Eventually(t, func() bool { return budget.Held() == 0 }, 10*time.Second, time.Millisecond)
}

// serveAddr runs New(b, opts) on a loopback listener and returns its address.
func serveAddr(t testing.TB, b Backend, opts Options) string {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	g := New(b, opts)
	go func() { _ = g.Serve(ln) }()
	t.Cleanup(g.Stop)
	return ln.Addr().String()
}

// rawConn is an HTTP/2 client written frame by frame: it can send part of
// a gRPC message and stop, as no gRPC client library does.
type rawConn struct {
	t    testing.TB
	c    net.Conn
	fr   *http2.Framer
	next uint32
}

func dialRaw(t testing.TB, addr string) *rawConn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	_, err = io.WriteString(c, http2.ClientPreface)
	require.NoError(t, err)
	fr := http2.NewFramer(c, c)
	fr.ReadMetaHeaders = hpack.NewDecoder(4096, nil)
	require.NoError(t, fr.WriteSettings())
	return &rawConn{t: t, c: c, fr: fr, next: 1}
}

// open starts a call of method and returns its stream.
func (r *rawConn) open(method string) uint32 {
	id := r.next
	r.next += 2
	var b bytes.Buffer
	enc := hpack.NewEncoder(&b)
	for _, f := range [][2]string{{":method", "POST"}, {":scheme", "http"}, {":path", method}, {":authority", "node"},
		{"content-type", "application/grpc"}, {"te", "trailers"}} {
		require.NoError(r.t, enc.WriteField(hpack.HeaderField{Name: f[0], Value: f[1]}))
	}
	require.NoError(r.t, r.fr.WriteHeaders(http2.HeadersFrameParam{StreamID: id, BlockFragment: b.Bytes(), EndHeaders: true}))
	return id
}

// sendPart sends the 5-byte prefix of a message of size bytes and the first
// n of them.
func (r *rawConn) sendPart(id uint32, size, n int) {
	data := make([]byte, 5+n)
	binary.BigEndian.PutUint32(data[1:], uint32(size))
	require.NoError(r.t, r.fr.WriteData(id, false, data))
}

// sendMessage sends msg as the call's one message and ends the stream.
func (r *rawConn) sendMessage(id uint32, msg []byte) {
	data := make([]byte, 5+len(msg))
	binary.BigEndian.PutUint32(data[1:], uint32(len(msg)))
	copy(data[5:], msg)
	for len(data) > 0 {
		n := min(len(data), 16<<10)
		require.NoError(r.t, r.fr.WriteData(id, n == len(data), data[:n]))
		data = data[n:]
	}
}

// statuses reads frames until d has passed or every stream opened was
// answered, and returns the grpc-status each answered stream ended with.
// Replies' bytes are acknowledged (WINDOW_UPDATE) as they arrive.
func (r *rawConn) statuses(d time.Duration) map[uint32]codes.Code {
	got := map[uint32]codes.Code{}
	require.NoError(r.t, r.c.SetReadDeadline(time.Now().Add(d)))
	defer r.c.SetReadDeadline(time.Time{})
	for len(got) < int(r.next/2) {
		f, err := r.fr.ReadFrame()
		if err != nil {
			var ne net.Error
			require.True(r.t, errors.As(err, &ne) && ne.Timeout(), "%v", err)
			return got
		}
		switch f := f.(type) {
		case *http2.DataFrame:
			if n := f.Length; n > 0 {
				require.NoError(r.t, r.fr.WriteWindowUpdate(0, n))
				require.NoError(r.t, r.fr.WriteWindowUpdate(f.StreamID, n))
			}
		case *http2.SettingsFrame:
			if !f.IsAck() {
				require.NoError(r.t, r.fr.WriteSettingsAck())
			}
		case *http2.PingFrame:
			if !f.IsAck() {
				require.NoError(r.t, r.fr.WritePing(true, f.Data))
			}
		case *http2.MetaHeadersFrame:
			if v := f.PseudoValue("status"); v == "" || v == "200" {
				for _, hf := range f.RegularFields() {
					if hf.Name == "grpc-status" {
						n, err := strconv.Atoi(hf.Value)
						require.NoError(r.t, err)
						got[f.StreamID] = codes.Code(n)
					}
				}
			}
		}
	}
	return got
}
