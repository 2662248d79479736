package client_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/google/uuid"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/rest"
)

// memBackend is an in-memory rest.Backend with one external container,
// "echo", whose jobs finish at the first poll after submission.
type memBackend struct {
	mu   sync.Mutex
	jobs map[string]*job.Result
	seen map[string]bool // polled once: finishes at the next poll
	ids  []string
	stat []string
}

func newMem() *memBackend {
	return &memBackend{jobs: map[string]*job.Result{}, seen: map[string]bool{}}
}

func (m *memBackend) check(req job.Request) error {
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

func (m *memBackend) Submit(_ context.Context, _ string, req job.Request) (string, error) {
	if err := m.check(req); err != nil {
		return "", err
	}
	id := uuid.NewString()
	out := job.ContainerResult{Container: "echo", Output: json.RawMessage(`{"output":` + string(req.Data) + `}`)}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.jobs[id] = &job.Result{ID: id, Status: job.StatusRunning, Intermediate: []job.ContainerResult{out}}
	m.ids = append(m.ids, id)
	return id, nil
}

func (m *memBackend) StartStream(_ context.Context, _ string, req job.Request) (*rest.Stream, error) {
	if err := m.check(req); err != nil {
		return nil, err
	}
	return &rest.Stream{ID: uuid.NewString(), ContentType: "text/plain", Body: io.NopCloser(bytes.NewReader(req.Data))}, nil
}

func (m *memBackend) SubmitDelegated(context.Context, string, json.RawMessage) error {
	return job.Reject(job.CodeInvalid, "Chain not enabled")
}

func (m *memBackend) Results(_ context.Context, _ string, ids []string, intermediate bool) ([]job.Result, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []job.Result
	for _, id := range ids {
		r, ok := m.jobs[id]
		if !ok {
			continue
		}
		if r.Status == job.StatusRunning && m.seen[id] {
			r.Status = job.StatusSuccess
			r.Result = &r.Intermediate[len(r.Intermediate)-1]
		}
		m.seen[id] = true
		c := *r
		if !intermediate {
			c.Intermediate = nil
		}
		out = append(out, c)
	}
	return out, nil
}

func (m *memBackend) IDs(_ context.Context, _ string, pending *bool) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []string
	for _, id := range m.ids {
		if pending == nil || *pending == !m.jobs[id].Status.Terminal() {
			out = append(out, id)
		}
	}
	return out, nil
}

func (m *memBackend) PutStatus(_ context.Context, _ string, id string, status job.Status, _ []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.stat = append(m.stat, id+" "+string(status))
	return nil
}

func (m *memBackend) Info(context.Context) rest.Info {
	return rest.Info{Version: "1.4.0", Containers: []rest.InfoContainer{{ID: "echo", External: true, Image: "infernode/echo:latest"}}}
}

func (m *memBackend) Resources(_ context.Context, modelID string) map[string]json.RawMessage {
	return map[string]json.RawMessage{"echo": json.RawMessage(`{"model":"` + modelID + `"}`)}
}

func (m *memBackend) Healthy(context.Context) bool { return true }

// startNode serves a real REST server over loopback for b.
func startNode(tb testing.TB, b rest.Backend, opts rest.Options) *httptest.Server {
	srv := httptest.NewServer(rest.New(b, opts))
	if tb != nil {
		tb.Cleanup(srv.Close)
	}
	return srv
}
