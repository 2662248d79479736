// Package resttest provides an in-memory rest.Backend for tests of REST
// clients (package client, the CLI, the benchmark tool): one external
// container, "echo", whose jobs echo their input the way workloads/echo
// does. It is a stand-in for the node in tests that exercise the HTTP
// contract; tests of the node itself use the real one (package node).
package resttest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/google/uuid"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/rest"
)

// Backend is an in-memory rest.Backend. A job is "running" until it has
// been read once by Results, then "success" with {"output": data}: a
// poller always sees both states. The zero value is not usable; use New.
type Backend struct {
	// Unhealthy makes GET /health answer 503 {"status":"unhealthy"}.
	Unhealthy atomic.Bool

	mu       sync.Mutex
	jobs     map[string]*entry
	order    []string
	statuses []string
}

type entry struct {
	client string
	res    job.Result
	seen   bool
}

// New returns an empty Backend.
func New() *Backend { return &Backend{jobs: map[string]*entry{}} }

// Serve starts a loopback HTTP server with rest.New(b, opts); the caller
// closes it.
func Serve(b rest.Backend, opts rest.Options) *httptest.Server {
	return httptest.NewServer(rest.New(b, opts))
}

func check(req job.Request) error {
	if len(req.Containers) == 0 {
		return job.Reject(job.CodeInvalid, "No containers specified")
	}
	for _, c := range req.Containers {
		if c != "echo" {
			return job.Reject(job.CodeInvalid, "Container not supported", "container", c)
		}
	}
	return nil
}

// Submit implements rest.Backend.
func (b *Backend) Submit(_ context.Context, client string, req job.Request) (string, error) {
	if err := check(req); err != nil {
		return "", err
	}
	id := uuid.NewString()
	out := job.ContainerResult{Container: "echo", Output: json.RawMessage(`{"output":` + string(req.Data) + `}`)}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.jobs[id] = &entry{client: client, res: job.Result{ID: id, Status: job.StatusRunning, Intermediate: []job.ContainerResult{out}}}
	b.order = append(b.order, id)
	return id, nil
}

// SubmitBatch implements rest.Backend.
func (b *Backend) SubmitBatch(ctx context.Context, client string, reqs []job.Request) ([]string, []error) {
	ids, errs := make([]string, len(reqs)), make([]error, len(reqs))
	for i, req := range reqs {
		ids[i], errs[i] = b.Submit(ctx, client, req)
	}
	return ids, errs
}

// StartStream implements rest.Backend: the stream is the request's data.
func (b *Backend) StartStream(_ context.Context, _ string, req job.Request) (*rest.Stream, error) {
	if err := check(req); err != nil {
		return nil, err
	}
	return &rest.Stream{ID: uuid.NewString(), ContentType: "text/plain", Body: io.NopCloser(bytes.NewReader(req.Data))}, nil
}

// SubmitDelegated implements rest.Backend: the chain is never enabled.
func (b *Backend) SubmitDelegated(context.Context, string, json.RawMessage) error {
	return job.Reject(job.CodeInvalid, "Chain not enabled")
}

// Results implements rest.Backend.
func (b *Backend) Results(_ context.Context, client string, ids []string, intermediate bool) ([]job.Result, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]job.Result, 0, len(ids))
	for _, id := range ids {
		e, ok := b.jobs[id]
		if !ok || e.client != client {
			continue
		}
		if e.res.Status == job.StatusRunning && e.seen {
			e.res.Status = job.StatusSuccess
			e.res.Result = &e.res.Intermediate[len(e.res.Intermediate)-1]
		}
		e.seen = true
		r := e.res
		// Like the node: intermediate_results holds every container's
		// result but the last (the job's result), [] when asked for and
		// there is none.
		r.Intermediate = nil
		if intermediate {
			r.Intermediate = []job.ContainerResult{}
			if n := len(e.res.Intermediate); n > 1 {
				r.Intermediate = e.res.Intermediate[:n-1]
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// Wait implements rest.Backend: the caller's listed jobs finish at once
// (the next Results reports them success).
func (b *Backend) Wait(_ context.Context, client string, ids []string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, id := range ids {
		if e, ok := b.jobs[id]; ok && e.client == client {
			e.seen = true
		}
	}
	return nil
}

// IDs implements rest.Backend.
func (b *Backend) IDs(_ context.Context, client string, pending *bool) ([]string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []string{}
	for _, id := range b.order {
		e := b.jobs[id]
		if e.client == client && (pending == nil || *pending == !e.res.Status.Terminal()) {
			out = append(out, id)
		}
	}
	return out, nil
}

// PutStatus implements rest.Backend; Statuses returns what it recorded.
func (b *Backend) PutStatus(_ context.Context, _ string, id string, status job.Status, _ []string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.statuses = append(b.statuses, id+" "+string(status))
	return nil
}

// Statuses lists the PUT /api/status reports as "id status".
func (b *Backend) Statuses() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.statuses)
}

// Info implements rest.Backend.
func (b *Backend) Info(context.Context) rest.Info {
	return rest.Info{Version: "1.4.0", Containers: []rest.InfoContainer{{ID: "echo", External: true, Image: "infernode/echo:latest"}}}
}

// Resources implements rest.Backend.
func (b *Backend) Resources(_ context.Context, _, modelID string) map[string]json.RawMessage {
	m, _ := json.Marshal(map[string]string{"model": modelID})
	return map[string]json.RawMessage{"echo": m}
}

// Healthy implements rest.Backend.
func (b *Backend) Healthy(context.Context) error {
	if b.Unhealthy.Load() {
		return errors.New("resttest: unhealthy")
	}
	return nil
}

var _ rest.Backend = (*Backend)(nil)
