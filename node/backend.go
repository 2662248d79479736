package node

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/internal/telemetry"
	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/ratelimit"
	"github.com/infernode/infernode/rest"
)

// defaultStreamIDGrace is backend.streamIDGrace.
const defaultStreamIDGrace = time.Second

// maxStoredStream caps how much of a stream is kept as the job's result;
// the client still receives every byte.
const maxStoredStream = 16 << 20

// backend implements rest.Backend over the store, the job manager, the
// executor and the chain side.
type backend struct {
	cfg     *config.Config
	log     *slog.Logger
	store   *storage.Store
	rt      executor.Runtime
	exec    *executor.Executor
	guard   *access.Guardian
	chain   Chain
	mgr     *manager
	tracer  trace.Tracer
	metrics *telemetry.Metrics
	// streams bounds concurrent streaming jobs (jobs.workers): beyond,
	// POST /api/jobs/stream answers 503 Node busy.
	streams chan struct{}
	// oipSlots bounds concurrent OIP and OpenAI calls (jobs.workers),
	// node/oip.go and node/openai.go.
	oipSlots chan struct{}
	// openai is the OpenAI front door's state (node/openai.go).
	openai *openAIFront
	// replyBudget is server.max_reply_bytes_in_flight (Node.replyBudget).
	replyBudget *ratelimit.Bytes
	// streamIDGrace is how long a stream's answer waits for the container's
	// headers (to pass its Content-Type through) before it starts with the
	// job id anyway.
	streamIDGrace time.Duration
	// stopping is closed when the REST server starts shutting down, so
	// that waits (GET /api/jobs?wait=...) answer at once instead of
	// holding the shutdown for up to rest.MaxWait.
	stopping chan struct{}
	stopOnce sync.Once
}

func newBackend(n *Node, st *storage.Store, rt executor.Runtime, exec *executor.Executor, chain Chain) (*backend, error) {
	b := &backend{cfg: n.cfg, log: n.log, store: st, rt: rt, exec: exec, guard: n.guard, chain: chain,
		tracer:  n.tp.Tracer("github.com/infernode/infernode/node"),
		streams: make(chan struct{}, n.cfg.Jobs.Workers), stopping: make(chan struct{}),
		oipSlots:      make(chan struct{}, n.cfg.Jobs.Workers),
		replyBudget:   n.replyBudget,
		streamIDGrace: defaultStreamIDGrace}
	telemetry.Reuse(n.reg, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "infernode_reply_bytes_held",
		Help: "Bytes of container replies the node buffers now, within server.max_reply_bytes_in_flight.",
	}, func() float64 { return float64(b.replyBudget.Held()) }))
	telemetry.Reuse(n.reg, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "infernode_body_bytes_held",
		Help: "Bytes of request bodies (REST) and messages (gRPC) the node holds now, within server.max_body_bytes_in_flight.",
	}, func() float64 { return float64(n.bodyBudget.Held()) }))
	var mgr *manager
	m, err := telemetry.NewMetrics(n.reg,
		func() float64 {
			if mgr == nil {
				return 0
			}
			return float64(mgr.QueueDepth())
		},
		func() float64 { return float64(st.Pending()) })
	if err != nil {
		return nil, err
	}
	b.metrics = m
	b.openai = newOpenAIFront(n.reg)
	b.openai.secrets = containerSecrets(n.cfg.Containers)
	mgr = newManager(managerOptions{
		Store: st, Runner: exec, QueueSize: n.cfg.Jobs.QueueSize, Workers: n.cfg.Jobs.Workers,
		Timeout: n.cfg.Jobs.Timeout.D(), Logger: n.log, Tracer: b.tracer, Metrics: m,
		MaxDataBytes: jobDataBudget(n.cfg.Server.MaxBodyBytes),
	})
	b.mgr = mgr
	if n.opts.streamIDGrace > 0 {
		b.streamIDGrace = n.opts.streamIDGrace
	}
	return b, nil
}

// jobDataBudget bounds the job data that queued and running off-chain jobs
// hold: 16 bodies of the largest size the REST API accepts (256 MiB by
// default). With max_body_bytes large enough for images, the queue's
// length alone (jobs.queue_size × max_body_bytes) would not bound memory.
func jobDataBudget(maxBody int64) int64 { return 16 * maxBody }

func (b *backend) Submit(ctx context.Context, client string, req job.Request) (string, error) {
	ids, errs := b.SubmitBatch(ctx, client, []job.Request{req})
	return ids[0], errs[0]
}

// SubmitBatch checks each request, then hands the valid ones to the
// manager together, so that they share one durable write.
func (b *backend) SubmitBatch(ctx context.Context, client string, reqs []job.Request) ([]string, []error) {
	ctx, span := b.tracer.Start(ctx, "job.submit", trace.WithAttributes(attribute.Int("job.count", len(reqs))))
	defer span.End()
	if len(reqs) == 1 {
		span.SetAttributes(attribute.StringSlice("job.containers", reqs[0].Containers))
	}
	ids, errs := make([]string, len(reqs)), make([]error, len(reqs))
	ins := make([]executor.Input, 0, len(reqs))
	at := make([]int, 0, len(reqs))
	for i, req := range reqs {
		if jerr := b.guard.CheckOffchain(client, req.Containers, req.RequiresProof); jerr != nil {
			b.metrics.Rejected.WithLabelValues("invalid").Inc()
			errs[i] = jerr
			continue
		}
		ins = append(ins, executor.Input{
			Containers: req.Containers, Source: job.OffChain, Destination: job.OffChain,
			Data: req.Data, RequiresProof: req.RequiresProof, CacheScope: b.cacheScope(client),
		})
		at = append(at, i)
	}
	if len(ins) == 0 {
		return ids, errs
	}
	created, cerrs := b.mgr.SubmitBatch(ctx, client, ins)
	for k, i := range at {
		ids[i], errs[i] = created[k], cerrs[k]
	}
	if len(reqs) == 1 && ids[0] != "" {
		span.SetAttributes(attribute.String("job.id", ids[0]))
	}
	return ids, errs
}

func (b *backend) StartStream(ctx context.Context, client string, req job.Request) (*rest.Stream, error) {
	ctx, span := b.tracer.Start(ctx, "job.stream", trace.WithAttributes(attribute.StringSlice("job.containers", req.Containers)))
	defer span.End()
	if jerr := b.guard.CheckOffchain(client, req.Containers, req.RequiresProof); jerr != nil {
		b.metrics.Rejected.WithLabelValues("invalid").Inc()
		return nil, jerr
	}
	select {
	case b.streams <- struct{}{}:
	default:
		b.metrics.Rejected.WithLabelValues("busy").Inc()
		return nil, job.Reject(job.CodeBusy, "Node busy")
	}
	release := func() { <-b.streams }
	first := req.Containers[0]
	id, err := b.store.Create(client, req.Containers[:1])
	if err != nil {
		release()
		return nil, fmt.Errorf("start stream: %w", err)
	}
	span.SetAttributes(attribute.String("job.id", id))
	b.metrics.Submitted.WithLabelValues("stream").Inc()
	// The container is called aside, so that a slow one cannot keep the
	// client from its job id: if it has not answered within streamIDGrace,
	// the answer starts (application/octet-stream, the id line) and its
	// bytes follow when they come.
	opened := make(chan streamOpen, 1)
	go func() {
		s, err := b.exec.Stream(ctx, executor.Input{
			Containers: req.Containers[:1], Source: job.OffChain, Destination: job.Stream,
			Data: req.Data, RequiresProof: req.RequiresProof,
		})
		opened <- streamOpen{s, err}
	}()
	grace := time.NewTimer(b.streamIDGrace)
	defer grace.Stop()
	select {
	case o := <-opened:
		body, ct := b.streamBody(id, first, o, release)
		return &rest.Stream{ID: id, ContentType: ct, Body: body}, nil
	case <-grace.C:
		return &rest.Stream{ID: id, Body: &lateBody{open: func() io.ReadCloser {
			body, _ := b.streamBody(id, first, <-opened, release)
			return body
		}}}, nil
	}
}

// streamOpen is the outcome of calling a stream's container.
type streamOpen struct {
	s   *executor.Stream
	err error
}

// streamBody is the body relayed to the client for the container's answer
// o: its bytes, recorded as the job's result, or (the call failed) nothing,
// with the job failed.
func (b *backend) streamBody(id, container string, o streamOpen, release func()) (io.ReadCloser, string) {
	if o.err != nil {
		// The client still gets the id; the job records why nothing came.
		b.finish(id, job.Result{Status: job.StatusFailed, Result: &job.ContainerResult{Container: container, Error: errMessage(o.err)}})
		release()
		return io.NopCloser(bytes.NewReader(nil)), "application/octet-stream"
	}
	return &recordingBody{b: b, id: id, container: container, body: o.s.Body, release: release}, o.s.ContentType
}

// lateBody is the body of a stream whose container had not answered when
// the answer started: the first Read waits for it. Close before that waits
// too, so the container's answer is closed and the job recorded.
type lateBody struct {
	open func() io.ReadCloser
	once sync.Once
	body io.ReadCloser
}

func (l *lateBody) get() io.ReadCloser {
	l.once.Do(func() { l.body = l.open() })
	return l.body
}

func (l *lateBody) Read(p []byte) (int, error) { return l.get().Read(p) }

func (l *lateBody) Close() error { return l.get().Close() }

func (b *backend) finish(id string, res job.Result) {
	if err := b.store.Finish(id, res); err != nil {
		b.log.Error("store job result", "job", id, "err", err)
		return
	}
	b.metrics.Finished.WithLabelValues(string(res.Status)).Inc()
}

func errMessage(err error) string {
	var ce *executor.ContainerError
	if errors.As(err, &ce) {
		return ce.Message
	}
	return err.Error()
}

// recordingBody relays a stream and keeps a copy; at the end it stores the
// text as {"output": "<text>"}, or the failure. The copy is charged to
// server.max_reply_bytes_in_flight until it is stored: without room it
// is cut, as past maxStoredStream (the client still gets every byte).
type recordingBody struct {
	b         *backend
	id        string
	container string
	body      io.ReadCloser
	buf       bytes.Buffer
	held      int64 // of buf, charged to the reply budget
	truncated bool
	once      sync.Once
	release   func() // frees the stream slot, once
}

func (r *recordingBody) Read(p []byte) (int, error) {
	n, err := r.body.Read(p)
	if n > 0 && !r.truncated {
		if r.buf.Len()+n <= maxStoredStream && r.b.replyBudget.Take(int64(n)) {
			r.buf.Write(p[:n])
			r.held += int64(n)
		} else {
			r.truncated = true
		}
	}
	switch {
	case err == io.EOF:
		r.done(nil)
	case err != nil:
		r.done(err)
	}
	return n, err
}

func (r *recordingBody) Close() error {
	r.done(errors.New("stream closed before its end (client went away)"))
	return r.body.Close()
}

func (r *recordingBody) done(err error) {
	r.once.Do(func() {
		defer r.release()
		defer func() { r.b.replyBudget.Give(r.held); r.held = 0 }()
		if err != nil {
			r.b.finish(r.id, job.Result{Status: job.StatusFailed, Result: &job.ContainerResult{Container: r.container, Error: errMessage(err)}})
			return
		}
		if r.truncated {
			r.b.log.Warn("stream longer than the stored limit, or than the room in server.max_reply_bytes_in_flight; result truncated", "job", r.id, "limit", maxStoredStream)
		}
		out, merr := json.Marshal(map[string]string{"output": r.buf.String()})
		if merr != nil {
			r.b.finish(r.id, job.Result{Status: job.StatusFailed, Result: &job.ContainerResult{Container: r.container, Error: merr.Error()}})
			return
		}
		r.b.finish(r.id, job.Result{Status: job.StatusSuccess, Result: &job.ContainerResult{Container: r.container, Output: out}})
	})
}

func (b *backend) SubmitDelegated(ctx context.Context, client string, raw json.RawMessage) error {
	if b.chain == nil {
		return job.Reject(job.CodeInvalid, "Chain not enabled")
	}
	err := b.chain.SubmitDelegated(ctx, client, raw)
	if err == nil {
		return nil
	}
	var je *job.Error
	if errors.As(err, &je) || ctx.Err() != nil {
		return err
	}
	// A failure that is not a rejection, while the chain link is down, is
	// the link's: the client should come back, not read it as a bug.
	if herr := b.chain.Healthy(ctx); herr != nil {
		b.log.Warn("delegated subscription refused: chain unavailable", "err", err, "health", herr)
		return job.Reject(job.CodeUnavailable, "Chain unavailable")
	}
	return err
}

func (b *backend) Results(ctx context.Context, client string, ids []string, intermediate bool) ([]job.Result, error) {
	out := make([]job.Result, 0, len(ids))
	var missing []string
	for _, id := range ids {
		j, err := b.store.Get(id)
		if errors.Is(err, storage.ErrNotFound) {
			missing = append(missing, id)
			continue
		}
		if err != nil {
			return nil, err
		}
		if j.Client != client {
			continue
		}
		out = append(out, j.JobResult(intermediate))
	}
	if missing != nil && b.fleetOf() != nil { // another member's jobs
		remote, err := b.remoteResults(ctx, client, missing, intermediate, 0)
		if err != nil {
			return nil, err
		}
		out = append(out, remote...)
	}
	return out, nil
}

func (b *backend) Wait(ctx context.Context, client string, ids []string) error {
	res, err := b.Results(ctx, client, ids, false)
	if err != nil {
		return err
	}
	if f := b.fleetOf(); f != nil { // another member's jobs: it waits for them
		var remote []string
		for _, id := range ids {
			if _, err := b.store.Get(id); errors.Is(err, storage.ErrNotFound) {
				remote = append(remote, id)
			}
		}
		if len(remote) > 0 {
			if _, err := b.remoteResults(ctx, client, remote, false, waitLeft(ctx)); err != nil && ctx.Err() == nil {
				return err
			}
		}
	}
	running := make([]string, 0, len(res))
	for _, r := range res {
		if !r.Status.Terminal() {
			running = append(running, r.ID)
		}
	}
	if len(running) == 0 {
		return nil
	}
	w, err := b.store.Watch(running)
	if err != nil {
		return fmt.Errorf("wait for jobs: %w", err)
	}
	defer w.Close()
	select {
	case <-w.Done():
	case <-ctx.Done():
	case <-b.stopping:
	}
	return nil
}

// stopWaits releases every wait in progress and every later one.
func (b *backend) stopWaits() { b.stopOnce.Do(func() { close(b.stopping) }) }

func (b *backend) IDs(ctx context.Context, client string, pending *bool) ([]string, error) {
	ids, err := b.store.List(client, pending)
	if ids == nil {
		ids = []string{}
	}
	return ids, err
}

func (b *backend) PutStatus(ctx context.Context, client, id string, status job.Status, containers []string) error {
	if !status.Valid() {
		return job.Reject(job.CodeInvalid, "Status is invalid")
	}
	if id == "" {
		return job.Reject(job.CodeInvalid, "Invalid request: id is required", "field", "id")
	}
	if len(id) > 256 {
		return job.Reject(job.CodeInvalid, "Invalid request: id is longer than 256 characters", "field", "id")
	}
	if err := b.store.PutStatus(client, id, status, containers); err != nil {
		if errors.Is(err, storage.ErrManaged) {
			return job.Reject(job.CodeConflict, "Job is managed by the node", "id", id)
		}
		return err
	}
	return nil
}

func (b *backend) Info(ctx context.Context) rest.Info {
	states := map[string]executor.ContainerState{}
	for _, s := range b.rt.States() {
		states[s.ID] = s
	}
	info := rest.Info{Version: version.Version, Containers: make([]rest.InfoContainer, 0, len(b.cfg.Containers))}
	for _, c := range b.cfg.Containers {
		ic := rest.InfoContainer{ID: c.ID, External: c.External, Image: c.Image, Description: c.Description}
		if s, ok := states[c.ID]; ok {
			ic.State = s
		}
		info.Containers = append(info.Containers, ic)
	}
	if c := b.exec.Cache(); c != nil {
		info.Cache = &rest.CacheInfo{Containers: b.exec.CachedContainers(), Entries: c.Len(), Bytes: c.Bytes(), MaxBytes: b.cfg.Cache.MaxBytes}
	}
	info.Pending.Offchain = b.store.Pending()
	if b.chain != nil {
		info.Pending.Onchain = b.chain.Pending()
		info.Chain = rest.ChainInfo{Enabled: true, Address: b.chain.Address(), Endpoints: b.chain.Endpoints()}
		if cs, ok := b.chain.(interface {
			Chains(ctx context.Context) []rest.ChainSummary
		}); ok {
			info.Chains = cs.Chains(ctx)
		}
		info.Fleet = fleetInfo(b.chain.Fleet())
	}
	return info
}

// Resources asks only the containers whose allowed_ips admit the client:
// the others would refuse its jobs, and their answer (a model lookup) is
// work done on its behalf.
func (b *backend) Resources(ctx context.Context, client, modelID string) map[string]json.RawMessage {
	return b.exec.ResourcesFor(ctx, modelID, func(id string) bool { return b.guard.IPAllowed(client, id) })
}

// Healthy is nil when the store, the chain link and every container are
// up; otherwise it says which part is down and why. A container that does
// not answer (unmanaged: the last probe failed; managed: not running) is
// down: the node cannot run its jobs.
func (b *backend) Healthy(ctx context.Context) error {
	if err := b.store.Ping(); err != nil {
		b.log.Warn("unhealthy: store", "err", err)
		return fmt.Errorf("store: %w", err)
	}
	if b.chain != nil {
		if err := b.chain.Healthy(ctx); err != nil {
			b.log.Warn("unhealthy: chain", "err", err)
			return fmt.Errorf("chain: %w", err)
		}
	}
	var down []string
	for _, s := range b.rt.States() {
		if !s.Ready {
			why := s.State
			if s.Error != "" {
				why += ": " + s.Error
			}
			down = append(down, fmt.Sprintf("container %s %s", s.ID, why))
		}
	}
	if len(down) > 0 {
		return errors.New(strings.Join(down, "; "))
	}
	return nil
}

var _ rest.Backend = (*backend)(nil)

// cacheScope is the response cache's scope of an off-chain call by client
// (cache.scope): the client's own under "client", shared under "shared".
func (b *backend) cacheScope(client string) string {
	if b.cfg.Cache.Scope == config.CacheScopeShared {
		return ""
	}
	return "client:" + client
}
