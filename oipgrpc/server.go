package oipgrpc

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"runtime/debug"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	otelcodes "go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	_ "google.golang.org/grpc/encoding/gzip" // tritonclient.grpc's compression_algorithm="gzip"
	"google.golang.org/grpc/experimental"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/peer"
	"google.golang.org/grpc/status"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/telemetry"
	"github.com/infernode/infernode/internal/version"
	pb "github.com/infernode/infernode/oipgrpc/inferencepb"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

// Backend is what the gRPC front door needs from the node: the OIP relay
// the REST /v2 routes use, and the node's health.
type Backend interface {
	rest.OIPBackend
	// Healthy is nil when the node is ready (GET /health's answer).
	Healthy(ctx context.Context) error
}

// Options configures New. Zero values take the documented defaults.
type Options struct {
	// Logger receives one line per call. Default: slog.Default().
	Logger *slog.Logger
	// MaxMessageBytes caps a received message (server.max_body_bytes):
	// beyond it a call fails ResourceExhausted before it is decoded.
	// Default rest.DefaultMaxBodyBytes.
	MaxMessageBytes int64
	// RateLimit allows RateLimit calls per RatePeriod per client and
	// method, as server.rate_limit does per route for REST (beyond:
	// ResourceExhausted). Zero: no limit.
	RateLimit  int
	RatePeriod time.Duration
	// BodyBudget is the node-wide budget of request bytes held at once
	// (server.max_body_bytes_in_flight), shared with REST: a call reserves
	// a stream window when its headers arrive, a whole message
	// (MaxMessageBytes) before its message is read, and holds what it
	// decoded for the call, within gRPC's share (half), its address's and
	// its connection's (budget.go, share.go); without room the call is
	// Unavailable (Node busy) at once. Nil: none.
	BodyBudget *ratelimit.Bytes
	// ReceiveTimeout cuts a call whose message has not arrived this long
	// after its headers (server.read_timeout), freeing its reservation.
	// Zero: no limit.
	ReceiveTimeout time.Duration
	// HeaderTimeout cuts a call whose connection brought no message bytes
	// this long after its headers (server.header_timeout). Zero: no limit.
	HeaderTimeout time.Duration
	// WriteTimeout closes the connection of a call whose reply has not been
	// written this long after it was queued: a client that does not read
	// (server.write_timeout). Zero: no limit.
	WriteTimeout time.Duration
	// ReplyBudget is the node's budget of container reply bytes held at
	// once (server.max_reply_bytes_in_flight), which charges the reply a
	// call relays (OIPReply.Release): ModelInfer charges the response it
	// builds from it too; without room the call is Unavailable (Node busy)
	// at once. Nil: none.
	ReplyBudget *ratelimit.Bytes
	// IdleTimeout closes a connection with no call for this long
	// (server.idle_timeout); HandshakeTimeout bounds a new connection's
	// setup (server.read_header_timeout). Zero: gRPC's defaults (no idle
	// limit, 120 s).
	IdleTimeout, HandshakeTimeout time.Duration
	// Registerer receives the gRPC metrics. Default: a fresh registry.
	Registerer prometheus.Registerer
	// TracerProvider for the call spans. Default: the global provider.
	TracerProvider trace.TracerProvider
	// Propagator reads a caller's trace context from the call's metadata.
	// Default: the global propagator.
	Propagator propagation.TextMapPropagator

	// RateLimitIPv6Prefix keys IPv6 callers' buckets by this many leading
	// bits (server.rate_limit_ipv6_prefix). Default 64.
	RateLimitIPv6Prefix int

	now  func() time.Time // the limiter's clock (tests)
	pool mem.BufferPool   // the transport's buffers (tests); default a pool
}

// streamWorkers is the number of goroutines kept to run calls.
const streamWorkers = 64

// MaxConcurrentStreams bounds the calls one connection may have open at
// once; the backend's own bound (jobs.workers inferences) sits behind it.
const MaxConcurrentStreams = 256

// MaxHeaderListSize bounds a call's header list, decoded (HTTP/2's
// count: name, value and 32 bytes a field), instead of gRPC's 16 MiB.
const MaxHeaderListSize = 64 << 10

// New returns the KServe v2 GRPCInferenceService served from b, with the
// access rules (the backend's), rate limit, metrics, spans and message
// bounds of the REST front door. The caller serves it on a listener and
// stops it.
func New(b Backend, opts Options) *grpc.Server {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.MaxMessageBytes <= 0 {
		opts.MaxMessageBytes = rest.DefaultMaxBodyBytes
	}
	if opts.Registerer == nil {
		opts.Registerer = prometheus.NewRegistry()
	}
	if opts.TracerProvider == nil {
		opts.TracerProvider = otel.GetTracerProvider()
	}
	if opts.Propagator == nil {
		opts.Propagator = otel.GetTextMapPropagator()
	}
	if opts.pool == nil {
		opts.pool = &pool{}
	}
	s := &server{b: b, opts: opts, log: opts.Logger,
		tracer:  opts.TracerProvider.Tracer("github.com/infernode/infernode/oipgrpc"),
		metrics: newMetrics(opts.Registerer)}
	if opts.RateLimit > 0 {
		period := opts.RatePeriod
		if period <= 0 {
			period = time.Second
		}
		s.limiter = ratelimit.New(opts.RateLimit, period, opts.now)
	}
	// A message larger than gRPC's share of the budget could never be
	// reserved.
	s.maxRecv = min(opts.MaxMessageBytes, math.MaxInt32)
	if b := opts.BodyBudget; b != nil {
		s.maxRecv = min(s.maxRecv, max(b.Max()/2, 1))
		s.quota = newQuota(b, s.maxRecv)
		s.receiving = make(chan struct{}, max(1, s.quota.share/2/s.maxRecv))
	}
	so := []grpc.ServerOption{
		grpc.MaxRecvMsgSize(int(s.maxRecv)),
		grpc.MaxHeaderListSize(MaxHeaderListSize),
		grpc.InTapHandle(s.admit),
		grpc.MaxConcurrentStreams(MaxConcurrentStreams),
		// Static windows: a 600 KB image goes in without waiting for the
		// window to grow, and a stream can bring at most streamWindow
		// bytes before its handler reads (budget.go).
		grpc.InitialWindowSize(streamWindow), grpc.InitialConnWindowSize(16 << 20),
		grpc.ForceServerCodecV2(newCodec()),
		experimental.BufferPool(opts.pool),
		// Calls run on goroutines kept from call to call, whose stacks have
		// grown to a call's depth, rather than on a new one each; beyond
		// them, on new ones.
		grpc.NumStreamWorkers(streamWorkers),
		// Connections read in batches from the server's chunks, not each
		// through a buffer of its own (conn.go).
		grpc.ReadBufferSize(0), grpc.Creds(newChunkedReads(s.quota)),
	}
	if opts.IdleTimeout > 0 {
		so = append(so, grpc.KeepaliveParams(keepalive.ServerParameters{MaxConnectionIdle: opts.IdleTimeout}))
	}
	if opts.HandshakeTimeout > 0 {
		so = append(so, grpc.ConnectionTimeout(opts.HandshakeTimeout))
	}
	g := grpc.NewServer(so...)
	s.register(g)
	return g
}

type server struct {
	pb.UnimplementedGRPCInferenceServiceServer
	b       Backend
	opts    Options
	log     *slog.Logger
	tracer  trace.Tracer
	metrics *metrics
	limiter *ratelimit.Limiter
	// maxRecv is the largest message received, the reservation of a call
	// whose message is being read; receiving holds a place for each such
	// call (budget.go).
	maxRecv   int64
	receiving chan struct{}
	quota     *quota // nil without a body budget
}

type ctxKey struct{}

// clientOf is the caller's address, as observe set it.
func clientOf(ctx context.Context) string {
	c, _ := ctx.Value(ctxKey{}).(string)
	return c
}

// peerAddr is the connection's remote IP address ("unknown" if it has
// none): gRPC clients connect directly, so there is no forwarded header to
// believe.
func peerAddr(ctx context.Context) string {
	p, ok := peer.FromContext(ctx)
	if !ok || p.Addr == nil {
		return "unknown"
	}
	host, _, err := net.SplitHostPort(p.Addr.String())
	if err != nil {
		host = p.Addr.String()
	}
	a, err := netip.ParseAddr(host)
	if err != nil {
		return "unknown"
	}
	return a.Unmap().WithZone("").String()
}

// mdCarrier reads trace context from incoming metadata.
type mdCarrier metadata.MD

func (c mdCarrier) Get(k string) string {
	if v := metadata.MD(c).Get(k); len(v) > 0 {
		return v[0]
	}
	return ""
}
func (c mdCarrier) Set(k, v string) { metadata.MD(c).Set(k, v) }
func (c mdCarrier) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	return keys
}

// observe is the outermost interceptor: client identity, a server span,
// metrics, one log line per call, and panic recovery.
func (s *server) observe(ctx context.Context, req any, info *grpc.UnaryServerInfo, h grpc.UnaryHandler) (resp any, err error) {
	start := time.Now()
	s.metrics.inFlight.Inc()
	defer s.metrics.inFlight.Dec()
	client := peerAddr(ctx)
	if md, ok := metadata.FromIncomingContext(ctx); ok {
		ctx = s.opts.Propagator.Extract(ctx, mdCarrier(md))
	}
	ctx, span := s.tracer.Start(ctx, "grpc "+info.FullMethod, trace.WithSpanKind(trace.SpanKindServer),
		trace.WithAttributes(attribute.String("rpc.system", "grpc"), attribute.String("rpc.method", info.FullMethod),
			attribute.String("client.address", client)))
	ctx = context.WithValue(ctx, ctxKey{}, client)
	defer func() {
		if p := recover(); p != nil {
			s.log.LogAttrs(ctx, slog.LevelError, "panic while answering gRPC call", slog.Any("panic", p),
				slog.String("stack", string(debug.Stack())), slog.String("method", info.FullMethod))
			resp, err = nil, status.Error(codes.Internal, msgInternal)
		}
		code := status.Code(err)
		d := time.Since(start)
		s.metrics.calls.WithLabelValues(info.FullMethod, code.String()).Inc()
		s.metrics.duration.WithLabelValues(info.FullMethod).Observe(d.Seconds())
		span.SetAttributes(attribute.String("rpc.grpc.status_code", code.String()))
		if code == codes.Internal || code == codes.Unknown || code == codes.Unavailable {
			span.SetStatus(otelcodes.Error, code.String())
		}
		span.End()
		level := slog.LevelInfo
		if code == codes.Internal || code == codes.Unknown {
			level = slog.LevelError
		}
		if s.log.Enabled(ctx, level) {
			attrs := []slog.Attr{slog.String("method", info.FullMethod), slog.String("code", code.String()),
				slog.Duration("duration", d), slog.String("client", client)}
			if err != nil {
				attrs = append(attrs, slog.String("reason", status.Convert(err).Message()))
			}
			s.log.LogAttrs(ctx, level, "grpc call", attrs...)
		}
	}()
	return h(ctx, req)
}

// allow charges the caller's bucket for the method, as REST's per route,
// when the call is admitted (before its message is read).
func (s *server) allow(client, method string) error {
	if s.limiter == nil {
		return nil
	}
	ok, wait := s.limiter.Allow(ratelimit.ClientKey(client, s.opts.RateLimitIPv6Prefix)+"\x00grpc "+method, 1)
	if ok {
		return nil
	}
	secs := max(int(math.Ceil(wait.Seconds())), 1)
	s.metrics.limited.Inc()
	s.metrics.calls.WithLabelValues(method, codes.ResourceExhausted.String()).Inc()
	return status.Errorf(codes.ResourceExhausted, "Too many requests: server.rate_limit allows %d calls per %s; retry after %d s",
		s.limiter.Limit(), s.limiter.Period(), secs)
}

const msgInternal = "Internal server error"

// fail turns a backend error into the call's status: rejections by their
// code, anything else a bare Internal logged here.
func (s *server) fail(ctx context.Context, what string, err error) error {
	var je *job.Error
	if !errors.As(err, &je) {
		s.log.LogAttrs(ctx, slog.LevelError, what+" failed", slog.String("error", err.Error()), slog.String("client", clientOf(ctx)))
		return status.Error(codes.Internal, msgInternal)
	}
	c := codes.Internal
	switch je.Code {
	case job.CodeInvalid:
		c = codes.InvalidArgument
	case job.CodeForbidden:
		c = codes.PermissionDenied
	case job.CodeUnauthorized:
		c = codes.Unauthenticated
	case job.CodeNotFound:
		c = codes.NotFound
	case job.CodeTooLarge, job.CodeRateLimited:
		c = codes.ResourceExhausted
	case job.CodeBusy, job.CodeUnavailable:
		c = codes.Unavailable
	case job.CodeConflict:
		c = codes.FailedPrecondition
	}
	return status.Error(c, je.Message)
}

// containerStatus is a container's non-2xx OIP answer as the call's
// status, with the container's message.
func containerStatus(st int, body []byte) error {
	var e struct {
		Error string `json:"error"`
	}
	msg := http.StatusText(st)
	if json.Unmarshal(body, &e) == nil && e.Error != "" {
		msg = e.Error
	}
	c := codes.Unknown
	switch {
	case st == http.StatusBadRequest, st == http.StatusUnprocessableEntity:
		c = codes.InvalidArgument
	case st == http.StatusNotFound:
		c = codes.NotFound
	case st == http.StatusForbidden:
		c = codes.PermissionDenied
	case st == http.StatusRequestEntityTooLarge, st == http.StatusTooManyRequests:
		c = codes.ResourceExhausted
	case st == http.StatusServiceUnavailable, st == http.StatusBadGateway, st == http.StatusGatewayTimeout:
		c = codes.Unavailable
	case st >= 500:
		c = codes.Internal
	}
	return status.Error(c, msg)
}

// modelPath is /v2/models/{name}[/versions/{version}] with both escaped:
// a name cannot reach another path of the container.
func modelPath(name, ver string) string {
	p := "/v2/models/" + url.PathEscape(name)
	if ver != "" {
		p += "/versions/" + url.PathEscape(ver)
	}
	return p
}

func checkName(name string) error {
	if name == "" {
		return status.Error(codes.InvalidArgument, "name: missing; give the model's name, the id of a container that serves OIP (onnx, tensor)")
	}
	return nil
}

func (s *server) ServerLive(context.Context, *pb.ServerLiveRequest) (*pb.ServerLiveResponse, error) {
	return &pb.ServerLiveResponse{Live: true}, nil
}

func (s *server) ServerReady(ctx context.Context, _ *pb.ServerReadyRequest) (*pb.ServerReadyResponse, error) {
	return &pb.ServerReadyResponse{Ready: s.b.Healthy(ctx) == nil}, nil
}

func (s *server) ServerMetadata(context.Context, *pb.ServerMetadataRequest) (*pb.ServerMetadataResponse, error) {
	return &pb.ServerMetadataResponse{Name: rest.ServerName, Version: version.Version, Extensions: rest.ServerExtensions}, nil
}

func (s *server) ModelReady(ctx context.Context, req *pb.ModelReadyRequest) (*pb.ModelReadyResponse, error) {
	if err := checkName(req.Name); err != nil {
		return nil, err
	}
	reply, err := s.b.OIP(ctx, clientOf(ctx), rest.OIPCall{Container: req.Name, Method: http.MethodGet,
		Path: modelPath(req.Name, req.Version) + "/ready"})
	if err != nil {
		return nil, s.fail(ctx, "model ready", err)
	}
	reply.Done()
	return &pb.ModelReadyResponse{Ready: reply.Status == http.StatusOK}, nil
}

func (s *server) ModelMetadata(ctx context.Context, req *pb.ModelMetadataRequest) (*pb.ModelMetadataResponse, error) {
	if err := checkName(req.Name); err != nil {
		return nil, err
	}
	reply, err := s.b.OIP(ctx, clientOf(ctx), rest.OIPCall{Container: req.Name, Method: http.MethodGet,
		Path: modelPath(req.Name, req.Version)})
	if err != nil {
		return nil, s.fail(ctx, "model metadata", err)
	}
	defer reply.Done()
	if reply.Status/100 != 2 {
		return nil, containerStatus(reply.Status, reply.Body)
	}
	resp, err := modelMetadata(reply.Body)
	if err != nil {
		return nil, s.fail(ctx, "model metadata", err)
	}
	return resp, nil
}

func (s *server) ModelInfer(ctx context.Context, req *pb.ModelInferRequest) (*pb.ModelInferResponse, error) {
	if req.ModelName == "" {
		return nil, status.Error(codes.InvalidArgument, "model_name: missing; give the id of a container that serves OIP (onnx, tensor)")
	}
	raw, msgSize := receivedInputs(ctx, req)
	header, tensors, err := inferBody(req, raw)
	if err != nil {
		return nil, status.Error(codes.InvalidArgument, err.Error())
	}
	size := int64(len(header))
	for _, t := range tensors {
		size += int64(len(t))
	}
	if size > s.opts.MaxMessageBytes {
		return nil, status.Errorf(codes.ResourceExhausted, "the request's tensors and header are %d bytes; server.max_body_bytes is %d", size, s.opts.MaxMessageBytes)
	}
	// The call holds its message (the tensors are passed on from it, not
	// copied) and the header written for it.
	held := msgSize + int64(len(header))
	if r := reservationOf(ctx); r != nil {
		if !r.resize(held) {
			s.metrics.busy.Inc()
			return nil, s.busy()
		}
	} else if s.opts.BodyBudget != nil {
		if !s.opts.BodyBudget.Take(held) {
			s.metrics.busy.Inc()
			return nil, s.busy()
		}
		defer s.opts.BodyBudget.Give(held)
	}
	reply, err := s.b.OIP(ctx, clientOf(ctx), rest.OIPCall{Container: req.ModelName, Method: http.MethodPost,
		Path: modelPath(req.ModelName, req.ModelVersion) + "/infer", HeaderLength: strconv.Itoa(len(header)),
		ContentType: "application/octet-stream", Body: header, Tail: tensors})
	if err != nil {
		return nil, s.fail(ctx, "model infer", err)
	}
	release := reply.Done
	defer func() {
		if release != nil {
			release()
		}
	}()
	if reply.Status/100 != 2 {
		return nil, containerStatus(reply.Status, reply.Body)
	}
	// The response built from the reply is about its size: it is held, with
	// the reply it aliases, until the response is written (reply.go), or
	// until the call returns when it is not served as a stream.
	copied := int64(len(reply.Body))
	if !s.opts.ReplyBudget.Take(copied) {
		s.metrics.busy.Inc()
		return nil, status.Errorf(codes.Unavailable, "Node busy: the node holds server.max_reply_bytes_in_flight (%d bytes) of container replies; retry shortly", s.opts.ReplyBudget.Max())
	}
	resp, err := inferResponse(req, reply.Body, reply.HeaderLength)
	if err != nil {
		s.opts.ReplyBudget.Give(copied)
		return nil, s.fail(ctx, "model infer", err)
	}
	if out := outgoingOf(ctx); out != nil {
		out.hold(copied, reply.Done)
		release = nil
	} else {
		s.opts.ReplyBudget.Give(copied)
	}
	return resp, nil
}

// metrics are the gRPC front door's collectors.
type metrics struct {
	calls    *prometheus.CounterVec
	duration *prometheus.HistogramVec
	inFlight prometheus.Gauge
	limited  prometheus.Counter
	busy     prometheus.Counter
}

func newMetrics(reg prometheus.Registerer) *metrics {
	return &metrics{
		calls: telemetry.Reuse(reg, prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "infernode", Subsystem: "grpc", Name: "requests_total",
			Help: "gRPC calls answered, by full method and status code.",
		}, []string{"method", "code"})),
		duration: telemetry.Reuse(reg, prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "infernode", Subsystem: "grpc", Name: "request_duration_seconds",
			Help:    "Time to answer a gRPC call, by full method.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
		}, []string{"method"})),
		inFlight: telemetry.Reuse(reg, prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: "infernode", Subsystem: "grpc", Name: "requests_in_flight",
			Help: "gRPC calls being answered.",
		})),
		limited: telemetry.Reuse(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "infernode", Subsystem: "grpc", Name: "rate_limited_total",
			Help: "gRPC calls refused by server.rate_limit.",
		})),
		busy: telemetry.Reuse(reg, prometheus.NewCounter(prometheus.CounterOpts{
			Namespace: "infernode", Subsystem: "grpc", Name: "body_budget_refused_total",
			Help: "ModelInfer calls refused because server.max_body_bytes_in_flight or server.max_reply_bytes_in_flight was held.",
		})),
	}
}
