package executor

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// RelayCall is one HTTP call the node passes to a container as it is: the
// Open Inference Protocol front door (SPEC §9), whose bodies the node does
// not convert.
type RelayCall struct {
	Method string
	// Path is the container's path, e.g. "/v2/models/onnx/infer".
	Path string
	// Header holds the request headers to pass (Content-Type and the
	// protocol's own); the executor adds the trace context and bearer.
	Header http.Header
	Body   []byte
}

// RelayReply is a container's answer to a RelayCall, whatever its status.
type RelayReply struct {
	Status int
	Header http.Header
	Body   []byte
}

// Relay makes call to container id within the container's timeout and
// returns its reply, of at most the container protocol's output bound. A
// call that got no reply is a *ContainerError. A container marked "cache"
// answers a repeated inference request from the response cache.
func (e *Executor) Relay(ctx context.Context, id string, call RelayCall) (RelayReply, error) {
	if salt, ok := e.salts[id]; ok {
		if k, ok := relayKey(salt, call, call.Header.Get(headerLength)); ok {
			return e.cachedRelay(ctx, id, k, call)
		}
	}
	return e.relayCall(ctx, id, call)
}

// relayCall is Relay without the cache.
func (e *Executor) relayCall(ctx context.Context, id string, call RelayCall) (RelayReply, error) {
	if _, ok := e.timeouts[id]; !ok {
		return RelayReply{}, &ContainerError{Container: id, Message: "container not configured"}
	}
	ctx, span := e.tracer.Start(ctx, "container.relay", trace.WithSpanKind(trace.SpanKindClient))
	if span.IsRecording() {
		span.SetAttributes(attribute.String("container.id", id), attribute.String("http.route", call.Path))
	}
	defer span.End()
	start := time.Now()
	var reply RelayReply
	err := e.onReplica(ctx, id, func(ep Endpoint, to time.Duration) error {
		var err error
		reply, err = e.relay(ctx, id, ep, to, call)
		return err
	})
	outcome := "ok"
	if err != nil {
		outcome = "error"
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	e.histogram.WithLabelValues(id, outcome).Observe(time.Since(start).Seconds())
	return reply, err
}

func (e *Executor) relay(ctx context.Context, id string, ep Endpoint, timeout time.Duration, call RelayCall) (RelayReply, error) {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var body io.Reader
	if call.Body != nil {
		body = bytes.NewReader(call.Body)
	}
	hr, err := http.NewRequestWithContext(cctx, call.Method, ep.URL+call.Path, body)
	if err != nil {
		return RelayReply{}, &ContainerError{Container: id, Message: "invalid container url: " + err.Error(), Err: err}
	}
	for k, v := range call.Header {
		hr.Header[k] = v
	}
	e.prop.Inject(cctx, propagation.HeaderCarrier(hr.Header))
	if ep.Bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+ep.Bearer)
	}
	resp, err := e.hc.Do(hr)
	if err != nil {
		return RelayReply{}, transportError(ctx, id, timeout, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxOutput+1))
	if err != nil {
		return RelayReply{}, transportError(ctx, id, timeout, err)
	}
	if len(b) > maxOutput {
		return RelayReply{}, &ContainerError{Container: id, Status: resp.StatusCode, Message: fmt.Sprintf("reply larger than %d bytes", maxOutput)}
	}
	return RelayReply{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}
