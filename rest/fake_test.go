package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/infernode/infernode/internal/job"
)

// fakeContainer is a container as the in-test guardian sees it.
type fakeContainer struct {
	external   bool
	proofs     bool
	allowedIPs []netip.Prefix
}

// fakeBackend is a small in-memory Backend whose guardian answers the docs/api.md rejections with the same *job.Error values as the real one (package
// executor), so the REST layer's mapping can be tested in isolation.
type fakeBackend struct {
	containers   map[string]fakeContainer
	chainEnabled bool
	busy         bool
	broken       error // returned by every call when set: an internal failure
	panicky      bool  // Submit panics
	now          int64 // chain time for signature expiry
	signer       string

	// stream, when set, is the body of the next StartStream.
	stream      io.ReadCloser
	contentType string

	mu        sync.Mutex
	jobs      map[string]fakeJob
	order     []string
	delegated []json.RawMessage
	statuses  []string
	lastModel string
	// holdWaits makes Wait block until its ctx ends; waits records the
	// ids and the time left on each Wait's ctx.
	holdWaits bool
	waits     []fakeWait
}

type fakeWait struct {
	ids  []string
	left time.Duration
}

type fakeJob struct {
	client string
	res    job.Result
}

func newFakeBackend() *fakeBackend {
	return &fakeBackend{
		containers: map[string]fakeContainer{
			"echo":     {external: true},
			"internal": {external: false},
			"prover":   {external: true, proofs: true},
			"fenced":   {external: true, allowedIPs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}},
		},
		now:    1000,
		signer: "0x00000000000000000000000000000000000000aa",
		jobs:   map[string]fakeJob{},
	}
}

// guard applies the guardian's rules in the reference order.
func (f *fakeBackend) guard(client string, req job.Request) error {
	if f.broken != nil {
		return f.broken
	}
	if len(req.Containers) == 0 {
		return job.Reject(job.CodeInvalid, "No containers specified")
	}
	for _, c := range req.Containers {
		if _, ok := f.containers[c]; !ok {
			return job.Reject(job.CodeInvalid, "Container not supported", "container", c)
		}
	}
	if first := req.Containers[0]; !f.containers[first].external {
		return job.Reject(job.CodeForbidden, "First container must be external", "first_container", first)
	}
	if last := req.Containers[len(req.Containers)-1]; req.RequiresProof && !f.containers[last].proofs {
		return job.Reject(job.CodeInvalid, "Container does not generate proof", "container", last)
	}
	addr, _ := netip.ParseAddr(client)
	for _, c := range req.Containers {
		if ips := f.containers[c].allowedIPs; len(ips) > 0 && !inAny(addr, ips) {
			return job.Reject(job.CodeForbidden, "Container not allowed for address", "container", c, "address", client)
		}
	}
	if f.busy {
		return job.Reject(job.CodeBusy, "Node busy")
	}
	return nil
}

func (f *fakeBackend) SubmitBatch(ctx context.Context, client string, reqs []job.Request) ([]string, []error) {
	ids, errs := make([]string, len(reqs)), make([]error, len(reqs))
	for i, req := range reqs {
		ids[i], errs[i] = f.Submit(ctx, client, req)
	}
	return ids, errs
}

func (f *fakeBackend) Submit(_ context.Context, client string, req job.Request) (string, error) {
	if f.panicky {
		panic("secret internal detail")
	}
	if err := f.guard(client, req); err != nil {
		return "", err
	}
	id := uuid.NewString()
	out := job.ContainerResult{Container: req.Containers[len(req.Containers)-1], Output: json.RawMessage(`{"output":` + string(req.Data) + `}`)}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.jobs[id] = fakeJob{client: client, res: job.Result{ID: id, Status: job.StatusSuccess, Result: &out,
		Intermediate: []job.ContainerResult{out}}}
	f.order = append(f.order, id)
	return id, nil
}

func (f *fakeBackend) StartStream(_ context.Context, client string, req job.Request) (*Stream, error) {
	if err := f.guard(client, req); err != nil {
		return nil, err
	}
	body := f.stream
	if body == nil {
		body = io.NopCloser(bytes.NewReader(req.Data))
	}
	return &Stream{ID: uuid.NewString(), ContentType: f.contentType, Body: body}, nil
}

func (f *fakeBackend) SubmitDelegated(_ context.Context, client string, raw json.RawMessage) error {
	if f.broken != nil {
		return f.broken
	}
	if !f.chainEnabled {
		return job.Reject(job.CodeInvalid, "Chain not enabled")
	}
	var req struct {
		Subscription struct {
			Owner string `json:"owner"`
		} `json:"subscription"`
		Signature struct {
			Expiry int64 `json:"expiry"`
			V      int   `json:"v"`
		} `json:"signature"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		return job.Reject(job.CodeInvalid, "Invalid request: "+err.Error())
	}
	if f.now >= req.Signature.Expiry {
		return job.Reject(job.CodeInvalid, "Signature expired", "expiry", req.Signature.Expiry)
	}
	if req.Signature.V != 27 && req.Signature.V != 28 {
		return job.Reject(job.CodeUnauthorized, "Invalid signature")
	}
	if req.Subscription.Owner != f.signer {
		return job.Reject(job.CodeUnauthorized, "Signer mismatch")
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delegated = append(f.delegated, raw)
	return nil
}

func (f *fakeBackend) Results(_ context.Context, client string, ids []string, intermediate bool) ([]job.Result, error) {
	if f.broken != nil {
		return nil, f.broken
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []job.Result
	for _, id := range ids {
		j, ok := f.jobs[id]
		if !ok || j.client != client {
			continue
		}
		r := j.res
		if !intermediate {
			r.Intermediate = nil
		}
		out = append(out, r)
	}
	return out, nil
}

func (f *fakeBackend) Wait(ctx context.Context, client string, ids []string) error {
	if f.broken != nil {
		return f.broken
	}
	dl, _ := ctx.Deadline()
	f.mu.Lock()
	f.waits = append(f.waits, fakeWait{ids: ids, left: time.Until(dl)})
	f.mu.Unlock()
	if f.holdWaits {
		<-ctx.Done()
	}
	return nil
}

func (f *fakeBackend) IDs(_ context.Context, client string, pending *bool) ([]string, error) {
	if f.broken != nil {
		return nil, f.broken
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, id := range f.order {
		j := f.jobs[id]
		if j.client != client {
			continue
		}
		if pending != nil && *pending == !j.res.Status.Terminal() || pending == nil {
			out = append(out, id)
		}
	}
	return out, nil
}

func (f *fakeBackend) PutStatus(_ context.Context, client, id string, status job.Status, containers []string) error {
	if f.broken != nil {
		return f.broken
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.statuses = append(f.statuses, fmt.Sprintf("%s %s %s %v", client, id, status, containers))
	return nil
}

func (f *fakeBackend) Info(context.Context) Info {
	return Info{Version: "1.4.0", Containers: []InfoContainer{{ID: "echo", External: true, Image: "infernode/echo:latest"}},
		Chain: ChainInfo{Enabled: f.chainEnabled}}
}

func (f *fakeBackend) Resources(_ context.Context, _, modelID string) map[string]json.RawMessage {
	f.mu.Lock()
	f.lastModel = modelID
	f.mu.Unlock()
	if modelID != "" {
		return map[string]json.RawMessage{"echo": json.RawMessage(`{"supported":` + strconv.FormatBool(modelID == "m") + `}`)}
	}
	return map[string]json.RawMessage{"echo": json.RawMessage(`{"cpu":1}`)}
}

func (f *fakeBackend) Healthy(context.Context) error { return f.broken }

var errDisk = errors.New("pebble: disk /var/lib/infernode is full")

var _ Backend = (*fakeBackend)(nil)
