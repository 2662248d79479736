package executor

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/promreg"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/respcache"
)

// Input is one run of a container chain.
type Input struct {
	Containers    []string
	Source        job.Location
	Destination   job.Location
	Data          json.RawMessage
	RequiresProof bool
	// CacheScope keeps the response cache's entries of this run apart
	// from other scopes' (the client's, for an off-chain job under
	// cache.scope "client"); "" shares them (on-chain deliveries).
	CacheScope string
}

// Options configures New. Zero values take the documented defaults.
type Options struct {
	// Runtime says where each container is reached. Required.
	Runtime Runtime
	// Containers is the configuration (timeouts, ids). Required.
	Containers []Container
	// HTTPClient makes the container calls. Default: NewHTTPClient(0).
	HTTPClient *http.Client
	// ResourcesTimeout bounds each GET /service-resources. Default 5s.
	ResourcesTimeout time.Duration
	// TracerProvider makes a span per container call. Default: the global one.
	TracerProvider trace.TracerProvider
	// Registerer receives infernode_container_call_seconds. Default: none.
	Registerer prometheus.Registerer
	// Propagator writes the trace context into container requests
	// (traceparent). Default: the global propagator.
	Propagator propagation.TextMapPropagator
	// Cache answers the containers marked "cache" (docs/cache.md).
	// Default: none, every call runs.
	Cache *respcache.Cache
	// ReplyBudget bounds the bytes of container replies buffered at once,
	// node-wide (server.max_reply_bytes_in_flight): a job's output waits
	// for room, a forwarded reply without room fails with ErrReplyBudget
	// (budget.go). Default: nil, each reply bounded only by itself (64 MiB).
	ReplyBudget *ratelimit.Bytes
}

// Executor runs container chains. It is safe for concurrent use and holds
// no resources that need closing.
type Executor struct {
	rt        Runtime
	hc        *http.Client
	timeouts  map[string]time.Duration
	order     []string
	resTO     time.Duration
	tracer    trace.Tracer
	prop      propagation.TextMapPropagator
	histogram *prometheus.HistogramVec
	cache     *respcache.Cache
	salts     map[string][32]byte // the cached containers' key salts
	budget    *ratelimit.Bytes    // the reply budget; nil: none
}

// New returns an Executor over opts.Runtime.
func New(opts Options) (*Executor, error) {
	if opts.Runtime == nil {
		return nil, errors.New("executor: Options.Runtime is required")
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = NewHTTPClient(0)
	}
	if opts.ResourcesTimeout <= 0 {
		opts.ResourcesTimeout = 5 * time.Second
	}
	if opts.TracerProvider == nil {
		opts.TracerProvider = otel.GetTracerProvider()
	}
	if opts.Propagator == nil {
		opts.Propagator = otel.GetTextMapPropagator()
	}
	e := &Executor{
		rt:       opts.Runtime,
		hc:       opts.HTTPClient,
		timeouts: make(map[string]time.Duration, len(opts.Containers)),
		resTO:    opts.ResourcesTimeout,
		tracer:   opts.TracerProvider.Tracer("github.com/infernode/infernode/executor"),
		prop:     opts.Propagator,
		budget:   opts.ReplyBudget,
		histogram: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "infernode_container_call_seconds",
			Help:    "Latency of container protocol calls by container and outcome.",
			Buckets: prometheus.ExponentialBuckets(0.0005, 2, 18),
		}, []string{"container", "outcome"}),
	}
	for _, c := range opts.Containers {
		to := c.Timeout
		if to <= 0 {
			to = DefaultTimeout
		}
		e.timeouts[c.ID] = to
		e.order = append(e.order, c.ID)
		if c.Cache && opts.Cache != nil {
			if e.salts == nil {
				e.cache, e.salts = opts.Cache, map[string][32]byte{}
			}
			imageID := ""
			if v, ok := opts.Runtime.(ImageIDer); ok {
				imageID = v.ImageID(c.ID)
			}
			e.salts[c.ID] = cacheSalt(c, imageID)
		}
	}
	if opts.Registerer != nil {
		h, err := promreg.Register(opts.Registerer, e.histogram)
		if err != nil {
			return nil, fmt.Errorf("executor: %w", err)
		}
		e.histogram = h
	}
	return e, nil
}

// Call runs one container once and returns its JSON output, or a
// *ContainerError. A container marked "cache" answers a repeated request
// from the response cache without running.
func (e *Executor) Call(ctx context.Context, id string, req Request) (json.RawMessage, error) {
	if salt, ok := e.salts[id]; ok {
		if k, ok := callKey(salt, cacheScope(ctx), req); ok {
			return e.cachedCall(ctx, id, k, req)
		}
	}
	return e.callContainer(ctx, id, req)
}

// observe ends a container call's accounting: the span's error status and
// the latency histogram by outcome (Call and Forward alike).
func (e *Executor) observe(span trace.Span, id string, start time.Time, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	e.histogram.WithLabelValues(id, outcome).Observe(time.Since(start).Seconds())
}

// callContainer is Call without the cache.
func (e *Executor) callContainer(ctx context.Context, id string, req Request) (json.RawMessage, error) {
	if _, ok := e.timeouts[id]; !ok {
		return nil, &ContainerError{Container: id, Message: "container not configured"}
	}
	ctx, span := e.tracer.Start(ctx, "container.call", trace.WithSpanKind(trace.SpanKindClient))
	if span.IsRecording() { // attributes cost allocations on every call
		span.SetAttributes(attribute.String("container.id", id),
			attribute.Int("container.source", int(req.Source)), attribute.Int("container.destination", int(req.Destination)))
	}
	defer span.End()
	start := time.Now()
	var out json.RawMessage
	err := e.onReplica(ctx, id, func(ep Endpoint, to time.Duration) error {
		var err error
		out, err = call(ctx, e.hc, e.prop, e.budget, id, ep, to, req)
		return err
	})
	e.observe(span, id, start, err)
	return out, err
}

// maxPicks bounds the replicas one call tries when no connection can be
// made to them (a Picker runtime).
const maxPicks = 3

// onReplica runs f against container id's endpoint. With a Picker runtime
// a connection failure drops the replica (done(true)), and a call that
// could not even connect (the job was never sent) is tried on another
// replica, up to maxPicks; f's error is returned as is.
func (e *Executor) onReplica(ctx context.Context, id string, f func(ep Endpoint, to time.Duration) error) error {
	_, balanced := e.rt.(Picker)
	for try := 1; ; try++ {
		ep, to, done, err := e.endpoint(id)
		if err != nil {
			return err
		}
		err = f(ep, to)
		failed := err != nil && ctx.Err() == nil && connFailure(err)
		done(failed)
		if !failed || !balanced || !neverSent(err) || try == maxPicks {
			return err
		}
	}
}

// neverSent reports whether a call failed before its request could be
// written: the connection itself could not be made.
func neverSent(err error) bool {
	var oe *net.OpError
	return errors.As(err, &oe) && oe.Op == "dial" && !oe.Timeout()
}

// connFailure reports whether a call failed at the connection (refused,
// reset, closed before a reply) rather than with a reply or a timeout.
func connFailure(err error) bool {
	if isTimeout(err) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var oe *net.OpError
	return errors.As(err, &oe) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNRESET)
}

// Run runs the chain in.Containers: container i+1 gets container i's JSON
// output as data with source off-chain; only the last sees
// in.Destination; every one gets in.RequiresProof. It stops at the first
// failure. The results hold one entry per container that ran, the last one
// being the failure if any; the error is then a *ContainerError.
func (e *Executor) Run(ctx context.Context, in Input) ([]job.ContainerResult, error) {
	if len(in.Containers) == 0 {
		return nil, errors.New("run: no containers")
	}
	results := make([]job.ContainerResult, 0, len(in.Containers))
	ctx = WithCacheScope(ctx, in.CacheScope)
	data, src := in.Data, in.Source
	for i, id := range in.Containers {
		dst := job.OffChain
		if i == len(in.Containers)-1 {
			dst = in.Destination
		}
		out, err := e.Call(ctx, id, Request{Source: src, Destination: dst, Data: data, RequiresProof: in.RequiresProof})
		if err != nil {
			results = append(results, job.ContainerResult{Container: id, Error: errorMessage(err)})
			return results, err
		}
		results = append(results, job.ContainerResult{Container: id, Output: out})
		data, src = out, job.OffChain
	}
	return results, nil
}

func errorMessage(err error) string {
	var ce *ContainerError
	if errors.As(err, &ce) {
		return ce.Message
	}
	return err.Error()
}

// endpoint returns where the next call to container id goes, its timeout,
// and the func to call when that call ended (noDone unless the runtime is
// a Picker).
func (e *Executor) endpoint(id string) (Endpoint, time.Duration, func(unreachable bool), error) {
	to, ok := e.timeouts[id]
	if !ok {
		return Endpoint{}, 0, nil, &ContainerError{Container: id, Message: "container not configured"}
	}
	var (
		ep   Endpoint
		done = noDone
		err  error
	)
	if p, ok := e.rt.(Picker); ok {
		ep, done, err = p.Pick(id)
	} else {
		ep, err = e.rt.Endpoint(id)
	}
	if err != nil {
		return Endpoint{}, 0, nil, &ContainerError{Container: id, Message: "container not ready: " + err.Error(), Err: err}
	}
	return ep, to, done, nil
}

func noDone(bool) {}

// Stream is a live streaming reply. Body must be closed exactly once.
type Stream struct {
	ContentType string
	Body        io.ReadCloser
}

// Stream calls in.Containers[0] with destination stream and returns its
// reply as it arrives. The container's timeout applies to the wait for the
// reply headers and then as an idle timeout between reads, never as a
// total one.
func (e *Executor) Stream(ctx context.Context, in Input) (*Stream, error) {
	if len(in.Containers) == 0 {
		return nil, errors.New("stream: no containers")
	}
	id := in.Containers[0]
	data := in.Data
	if len(data) == 0 {
		data = json.RawMessage("null")
	}
	body, err := json.Marshal(Request{Source: in.Source, Destination: job.Stream, Data: data, RequiresProof: in.RequiresProof})
	if err != nil {
		return nil, &ContainerError{Container: id, Message: "invalid input: " + err.Error(), Err: err}
	}
	var st *Stream
	err = e.onReplica(ctx, id, func(ep Endpoint, to time.Duration) error {
		var err error
		st, err = e.openStream(ctx, id, ep, to, body)
		return err
	})
	return st, err
}

// openStream sends one streaming request to ep and returns the reply once
// its headers arrived; a non-2xx reply is a *ContainerError.
func (e *Executor) openStream(ctx context.Context, id string, ep Endpoint, to time.Duration, body []byte) (*Stream, error) {
	r, err := e.openForwardStream(ctx, id, ep, to, ForwardCall{Method: http.MethodPost, Path: "/service_output",
		Header: http.Header{"Content-Type": {"application/json"}}, Body: body})
	if err != nil {
		return nil, err
	}
	if r.Status < 200 || r.Status > 299 {
		b, _ := io.ReadAll(io.LimitReader(r.Body, maxErrorBody))
		r.Body.Close()
		return nil, &ContainerError{Container: id, Status: r.Status, Message: replyMessage(r.Status, b)}
	}
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		ct = "application/octet-stream"
	}
	return &Stream{ContentType: ct, Body: r.Body}, nil
}

var errIdle = errors.New("stream idle timeout")

// idleReader fails a read that waits longer than idle for the container's
// next bytes. The timer runs only while a Read is blocked, so a slow reader
// never trips it.
type idleReader struct {
	body   io.ReadCloser
	idle   time.Duration
	timer  *time.Timer
	cancel context.CancelCauseFunc
	stop   func() bool
	ctx    context.Context
	id     string
	once   sync.Once
}

func (r *idleReader) Read(p []byte) (int, error) {
	r.timer.Reset(r.idle)
	n, err := r.body.Read(p)
	r.timer.Stop()
	if err != nil && err != io.EOF && errors.Is(context.Cause(r.ctx), errIdle) {
		return n, &ContainerError{Container: r.id, Message: fmt.Sprintf("stream idle for %s", r.idle), Err: err}
	}
	return n, err
}

func (r *idleReader) Close() error {
	err := r.body.Close()
	r.once.Do(func() {
		r.timer.Stop()
		r.stop()
		r.cancel(nil)
	})
	return err
}

// Resources asks every configured container for GET /service-resources
// (with ?model_id= when modelID is set), concurrently, each bounded by the
// resources timeout. Containers that fail or answer non-JSON are omitted.
func (e *Executor) Resources(ctx context.Context, modelID string) map[string]json.RawMessage {
	return e.ResourcesFor(ctx, modelID, nil)
}

// ResourcesFor is Resources asking only the containers allow accepts (nil:
// all of them).
func (e *Executor) ResourcesFor(ctx context.Context, modelID string, allow func(id string) bool) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(e.order))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, id := range e.order {
		if allow != nil && !allow(id) {
			continue
		}
		ep, err := e.rt.Endpoint(id)
		if err != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := e.resources(ctx, ep, modelID)
			if err != nil {
				return
			}
			mu.Lock()
			out[id] = b
			mu.Unlock()
		}()
	}
	wg.Wait()
	return out
}

func (e *Executor) resources(ctx context.Context, ep Endpoint, modelID string) (json.RawMessage, error) {
	ctx, cancel := context.WithTimeout(ctx, e.resTO)
	defer cancel()
	u := ep.URL + "/service-resources"
	if modelID != "" {
		u += "?model_id=" + url.QueryEscape(modelID)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if ep.Bearer != "" {
		req.Header.Set("Authorization", "Bearer "+ep.Bearer)
	}
	resp, err := e.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d", resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	if !json.Valid(b) {
		return nil, errors.New("not JSON")
	}
	return compact(b), nil
}
