package node

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/internal/telemetry"
)

// runner is what the manager needs from the executor.
type runner interface {
	Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error)
}

// jobStore is what the manager needs from the store.
type jobStore interface {
	CreateBatchPipelined(client string, containers [][]string) (ids []string, durable func() error, err error)
	Finish(id string, res job.Result) error
}

// ErrShuttingDown is the cause given to jobs cancelled by a shutdown.
var ErrShuttingDown = errors.New("node shutting down")

// task is one accepted job waiting for a worker.
type task struct {
	id   string
	in   executor.Input
	link trace.SpanContext
}

// manager runs off-chain jobs: a bounded queue in front of a fixed pool of
// workers. Every job it accepts is finished in the store, as success or
// failed, before the manager stops.
type manager struct {
	store   jobStore
	run     runner
	log     *slog.Logger
	tracer  trace.Tracer
	metrics *telemetry.Metrics
	timeout time.Duration
	// timedOut is the cause of a job cancelled by its timeout, made once:
	// formatting it per job showed in profiles.
	timedOut error

	slots chan struct{} // a token per queued task: full = busy
	// dataBytes is the job data the queue and the workers hold; beyond
	// maxDataBytes a job is answered Node busy, as with a full queue.
	dataBytes    atomic.Int64
	maxDataBytes int64
	queue        chan task
	mu           sync.RWMutex // guards closed against Submit racing Close
	closed       bool
	base         context.Context
	cancel       context.CancelCauseFunc
	wg           sync.WaitGroup
}

type managerOptions struct {
	Store     jobStore
	Runner    runner
	QueueSize int
	Workers   int
	// MaxDataBytes bounds the job data held by queued and running jobs
	// (zero: no bound). One job is always admitted when none is held.
	MaxDataBytes int64
	Timeout      time.Duration
	Logger       *slog.Logger
	Tracer       trace.Tracer
	Metrics      *telemetry.Metrics
}

func newManager(o managerOptions) *manager {
	base, cancel := context.WithCancelCause(context.Background())
	m := &manager{
		store: o.Store, run: o.Runner, log: o.Logger, tracer: o.Tracer, metrics: o.Metrics, timeout: o.Timeout,
		timedOut: fmt.Errorf("job timed out after %s", o.Timeout),
		slots:    make(chan struct{}, o.QueueSize), queue: make(chan task, o.QueueSize),
		maxDataBytes: o.MaxDataBytes,
		base:         base, cancel: cancel,
	}
	for i := 0; i < o.Workers; i++ {
		m.wg.Add(1)
		go m.worker()
	}
	return m
}

// QueueDepth is the number of accepted jobs waiting for a worker.
func (m *manager) QueueDepth() int { return len(m.slots) }

// SubmitBatch reserves queue slots for jobs of one client, writes the jobs
// that got one in one durable write and queues them, in order; the others
// are answered 503 Node busy before anything is written. ids[i] is set
// where errs[i] is nil.
func (m *manager) SubmitBatch(ctx context.Context, client string, ins []executor.Input) (ids []string, errs []error) {
	ids, errs = make([]string, len(ins)), make([]error, len(ins))
	m.mu.RLock()
	defer m.mu.RUnlock()
	take := make([]int, 0, len(ins))
	for i := range ins {
		if !m.closed && m.reserve(len(ins[i].Data)) {
			select {
			case m.slots <- struct{}{}:
				take = append(take, i)
				continue
			default:
				m.release(len(ins[i].Data))
			}
		}
		m.metrics.Rejected.WithLabelValues("busy").Inc()
		errs[i] = job.Reject(job.CodeBusy, "Node busy")
	}
	if len(take) == 0 {
		return ids, errs
	}
	containers := make([][]string, len(take))
	for k, i := range take {
		containers[k] = ins[i].Containers
	}
	created, durable, err := m.store.CreateBatchPipelined(client, containers)
	if err != nil {
		for _, i := range take {
			<-m.slots
			m.release(len(ins[i].Data))
			errs[i] = fmt.Errorf("submit job: %w", err)
		}
		return ids, errs
	}
	m.metrics.Submitted.WithLabelValues("offchain").Add(float64(len(take)))
	// The jobs go to the workers at once and run while the store syncs
	// them; their ids are given out only once they are durable.
	link := trace.SpanContextFromContext(ctx)
	for k, i := range take {
		m.queue <- task{id: created[k], in: ins[i], link: link} // never blocks: a slot is held
	}
	if err := durable(); err != nil {
		// The disk failed the sync: the client is told, and the jobs,
		// already running, finish as best they can.
		for _, i := range take {
			errs[i] = fmt.Errorf("submit job: %w", err)
		}
		return ids, errs
	}
	for k, i := range take {
		ids[i] = created[k]
	}
	return ids, errs
}

func (m *manager) worker() {
	defer m.wg.Done()
	for t := range m.queue {
		<-m.slots
		m.execute(t)
	}
}

func (m *manager) execute(t task) {
	defer m.release(len(t.in.Data))
	ctx, span := m.tracer.Start(trace.ContextWithRemoteSpanContext(m.base, t.link), "job.run")
	if span.IsRecording() { // building attributes costs allocations on every job
		span.SetAttributes(attribute.String("job.id", t.id), attribute.StringSlice("job.containers", t.in.Containers))
	}
	defer span.End()
	ctx, cancel := context.WithTimeoutCause(ctx, m.timeout, m.timedOut)
	defer cancel()
	// The job's outputs stay charged to server.max_reply_bytes_in_flight
	// until they are stored.
	ctx, stored := executor.HoldReplies(ctx)
	defer stored()
	start := time.Now()
	results, err := m.run.Run(ctx, t.in)
	res := job.Result{ID: t.id, Status: job.StatusSuccess}
	if err != nil {
		res.Status = job.StatusFailed
		span.SetStatus(codes.Error, err.Error())
		if len(results) == 0 { // failed before any container ran
			name := ""
			if len(t.in.Containers) > 0 {
				name = t.in.Containers[0]
			}
			results = []job.ContainerResult{{Container: name, Error: err.Error()}}
		}
	}
	// The last result is the job's result; the ones before it are the
	// intermediate results (GET /api/jobs?intermediate=true).
	res.Result = &results[len(results)-1]
	res.Intermediate = results[:len(results)-1]
	if err := m.store.Finish(t.id, res); err != nil {
		// The job stays running in the store and is marked failed by the
		// next start's recovery.
		m.log.Error("store job result", "job", t.id, "err", err)
		span.RecordError(err)
		return
	}
	m.metrics.Finished.WithLabelValues(string(res.Status)).Inc()
	m.metrics.JobSeconds.Observe(time.Since(start).Seconds())
	// Each outcome is logged: a failure at WARN with what an operator needs
	// to act on it (which container, why).
	if err != nil {
		m.log.Warn("job failed", "job", t.id, "container", res.Result.Container, "reason", res.Result.Error,
			"duration", time.Since(start))
	} else if m.log.Enabled(ctx, slog.LevelDebug) {
		m.log.Debug("job succeeded", "job", t.id, "containers", t.in.Containers, "duration", time.Since(start))
	}
}

// reserve takes n bytes of the data budget; false when they do not fit.
// A job that fits nowhere else still runs when nothing is held, so that
// any body the REST limit admits can be served.
func (m *manager) reserve(n int) bool {
	if m.maxDataBytes <= 0 {
		return true
	}
	for {
		cur := m.dataBytes.Load()
		if cur > 0 && cur+int64(n) > m.maxDataBytes {
			return false
		}
		if m.dataBytes.CompareAndSwap(cur, cur+int64(n)) {
			return true
		}
	}
}

func (m *manager) release(n int) {
	if m.maxDataBytes > 0 {
		m.dataBytes.Add(-int64(n))
	}
}

// Close stops accepting jobs, lets the workers drain the queue for up to
// grace, then cancels what is still running (those jobs fail with
// ErrShuttingDown) and waits for every worker.
func (m *manager) Close(grace time.Duration) {
	m.mu.Lock()
	if m.closed {
		m.mu.Unlock()
		return
	}
	m.closed = true
	close(m.queue)
	m.mu.Unlock()

	done := make(chan struct{})
	go func() { m.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
		m.cancel(ErrShuttingDown)
		<-done
	}
	m.cancel(ErrShuttingDown)
}

var _ jobStore = (*storage.Store)(nil)
