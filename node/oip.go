package node

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/rest"
)

// OIP forwards an Open Inference Protocol request (docs/api.md) to its container
// under an off-chain job's access rules. It is synchronous and stores
// nothing: the client holds the connection for the answer, as OIP clients
// expect. At most jobs.workers calls run at once; beyond, 503 Node busy.
// The reply stays charged to server.max_reply_bytes_in_flight until the
// front door calls its Release; one the budget has no room for is 503
// Node busy too.
func (b *backend) OIP(ctx context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	ctx, span := b.tracer.Start(ctx, "oip.call", trace.WithAttributes(
		attribute.String("job.containers", call.Container), attribute.String("http.method", call.Method)))
	defer span.End()
	if !b.guard.Supported(call.Container) {
		b.metrics.Rejected.WithLabelValues("invalid").Inc()
		return rest.OIPReply{}, job.Reject(job.CodeNotFound, "unknown model "+strconv.Quote(call.Container)+"; {name} is the id of a container the node serves (GET /info)")
	}
	if jerr := b.guard.CheckOffchain(client, []string{call.Container}, false); jerr != nil {
		b.metrics.Rejected.WithLabelValues("invalid").Inc()
		return rest.OIPReply{}, jerr
	}
	select {
	case b.oipSlots <- struct{}{}:
		defer func() { <-b.oipSlots }()
	default:
		b.metrics.Rejected.WithLabelValues("busy").Inc()
		return rest.OIPReply{}, job.Reject(job.CodeBusy, "Node busy")
	}
	return b.relayOIP(ctx, client, call)
}

// relayOIP forwards call to its container; the caller holds an OIP slot.
func (b *backend) relayOIP(ctx context.Context, client string, call rest.OIPCall) (rest.OIPReply, error) {
	h := http.Header{}
	if call.ContentType != "" {
		h.Set("Content-Type", call.ContentType)
	}
	if call.HeaderLength != "" {
		h.Set(oip.HeaderLength, call.HeaderLength)
	}
	if call.Method == http.MethodPost {
		b.metrics.Submitted.WithLabelValues("oip").Inc()
	}
	fctx := ctx
	if b.exec.Cached(call.Container) {
		fctx = executor.WithCacheScope(ctx, b.cacheScope(client))
	}
	r, err := b.exec.Forward(fctx, call.Container, executor.ForwardCall{Method: call.Method, Path: call.Path, Header: h, Body: call.Body, Tail: call.Tail})
	if errors.Is(err, executor.ErrReplyBudget) {
		b.metrics.Rejected.WithLabelValues("busy").Inc()
		return rest.OIPReply{}, job.Reject(job.CodeBusy, errMessage(err), "limit", "server.max_reply_bytes_in_flight", "bytes", b.replyBudget.Max())
	}
	if err != nil {
		if call.Method == http.MethodPost {
			b.metrics.Finished.WithLabelValues(string(job.StatusFailed)).Inc()
		}
		return rest.OIPReply{}, job.Reject(job.CodeUnavailable, errMessage(err), "container", call.Container)
	}
	if call.Method == http.MethodPost {
		status := job.StatusSuccess
		if r.Status/100 != 2 {
			status = job.StatusFailed
		}
		b.metrics.Finished.WithLabelValues(string(status)).Inc()
	}
	trace.SpanFromContext(ctx).SetAttributes(attribute.Int("http.status_code", r.Status))
	if r.Status == http.StatusNotFound && !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		// Not an answer of an OIP server (Go's mux: "404 page not found").
		r.Release()
		return rest.OIPReply{}, job.Reject(job.CodeNotFound, "container "+strconv.Quote(call.Container)+" does not serve the Open Inference Protocol; the onnx and tensor workloads do")
	}
	return rest.OIPReply{Status: r.Status, ContentType: r.Header.Get("Content-Type"),
		HeaderLength: r.Header.Get(oip.HeaderLength), Body: r.Body, Release: r.Release}, nil
}

var _ rest.OIPBackend = (*backend)(nil)

// indexProbeTimeout bounds the model index's readiness question to one
// container: the index answers in time even when a container hangs.
const indexProbeTimeout = 5 * time.Second

// Models lists the external containers client may call (allowed_ips): the
// OIP model index. A model is READY only when the runtime has it ready and
// the container itself answers 200 to GET /v2/models/{id}/ready, the
// question OIP clients ask; a container that does not speak OIP (echo) is
// UNAVAILABLE with the reason. The questions go out at once, each under
// indexProbeTimeout and the OIP call limit (jobs.workers).
func (b *backend) Models(ctx context.Context, client string) []rest.OIPModel {
	states := map[string]executor.ContainerState{}
	for _, s := range b.rt.States() {
		states[s.ID] = s
	}
	var out []rest.OIPModel
	for _, c := range b.cfg.Containers {
		if !c.External || b.guard.CheckOffchain(client, []string{c.ID}, false) != nil {
			continue
		}
		s := states[c.ID]
		m := rest.OIPModel{Name: c.ID, Ready: s.Ready}
		if !s.Ready {
			m.Reason = "container not ready"
			if s.Error != "" {
				m.Reason += ": " + s.Error
			}
		}
		out = append(out, m)
	}
	var wg sync.WaitGroup
	for i := range out {
		if !out[i].Ready {
			continue
		}
		wg.Add(1)
		go func(m *rest.OIPModel) {
			defer wg.Done()
			m.Ready, m.Reason = b.modelReady(ctx, client, m.Name)
		}(&out[i])
	}
	wg.Wait()
	return out
}

// modelReady asks container id the OIP model-ready question and says why
// the answer is not "ready".
func (b *backend) modelReady(ctx context.Context, client, id string) (bool, string) {
	ctx, cancel := context.WithTimeout(ctx, indexProbeTimeout)
	defer cancel()
	// Wait for an OIP slot rather than report a busy node's models
	// unavailable: the index is not a call to refuse.
	select {
	case b.oipSlots <- struct{}{}:
		defer func() { <-b.oipSlots }()
	case <-ctx.Done():
		return false, "no answer to the readiness question: " + ctx.Err().Error()
	}
	path := "/v2/models/" + id + "/ready"
	r, err := b.relayOIP(ctx, client, rest.OIPCall{Container: id, Method: http.MethodGet, Path: path})
	var je *job.Error
	if errors.As(err, &je) {
		return false, je.Message
	}
	if err != nil {
		return false, errMessage(err)
	}
	r.Done()
	if r.Status != http.StatusOK {
		return false, "the container answered " + strconv.Itoa(r.Status) + " to GET " + path
	}
	return true, ""
}
