package executor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// ForwardCall is one HTTP call the node passes to a container as it is: the
// Open Inference Protocol front door (docs/api.md), whose bodies the node does
// not convert.
type ForwardCall struct {
	Method string
	// Path is the container's path, e.g. "/v2/models/onnx/infer".
	Path string
	// Header holds the request headers to pass (Content-Type and the
	// protocol's own); the executor adds the trace context and bearer.
	Header http.Header
	Body   []byte
	// Tail is more of the body, sent after Body as it is, part by part,
	// without joining them (the gRPC door's raw tensors after the JSON
	// header it wrote): the container receives Body followed by every part.
	// Its memory is the caller's again once Forward returns (the gRPC door
	// hands it back to the transport's pool): nothing reads it after that.
	Tail [][]byte
}

// bodyLen is the length of call's whole body.
func (call *ForwardCall) bodyLen() int {
	n := len(call.Body)
	for _, p := range call.Tail {
		n += len(p)
	}
	return n
}

// body is call's whole body in one slice. It is what goes through
// net/http's Transport (an https or proxied container), which may still be
// writing a request's body after the call returned: a body of its own
// keeps Tail's promise that Forward is done with it when it returns.
func (call *ForwardCall) body() []byte {
	if len(call.Tail) == 0 {
		return call.Body
	}
	b := make([]byte, 0, call.bodyLen())
	b = append(b, call.Body...)
	for _, p := range call.Tail {
		b = append(b, p...)
	}
	return b
}

// ForwardReply is a container's answer to a ForwardCall, whatever its status.
// Its body is charged to the reply budget (Options.ReplyBudget) until
// Release.
type ForwardReply struct {
	Status int
	Header http.Header
	Body   []byte
	charge *charge
}

// Release gives the reply's bytes back to the reply budget: call it once
// the body is written out or copied. It may be called more than once, and
// on a zero ForwardReply.
func (r ForwardReply) Release() { r.charge.release() }

// Forward makes call to container id within the container's timeout and
// returns its reply, of at most the container protocol's output bound. A
// call that got no reply is a *ContainerError; one whose reply the reply
// budget has no room for is a *ContainerError wrapping ErrReplyBudget (the
// front doors' 503 Node busy), decided without waiting. A container marked
// "cache" answers a repeated inference request from the response cache.
// The caller must Release the reply.
func (e *Executor) Forward(ctx context.Context, id string, call ForwardCall) (ForwardReply, error) {
	if salt, ok := e.salts[id]; ok {
		if k, ok := forwardKey(salt, cacheScope(ctx), call, call.Header.Get(headerLength)); ok {
			return e.cachedForward(ctx, id, k, call)
		}
	}
	return e.forwardCall(ctx, id, call)
}

// forwardCall is Forward without the cache.
func (e *Executor) forwardCall(ctx context.Context, id string, call ForwardCall) (ForwardReply, error) {
	if _, ok := e.timeouts[id]; !ok {
		return ForwardReply{}, &ContainerError{Container: id, Message: "container not configured"}
	}
	ctx, span := e.tracer.Start(ctx, "container.relay", trace.WithSpanKind(trace.SpanKindClient))
	if span.IsRecording() {
		span.SetAttributes(attribute.String("container.id", id), attribute.String("http.route", call.Path))
	}
	defer span.End()
	start := time.Now()
	var reply ForwardReply
	err := e.onReplica(ctx, id, func(ep Endpoint, to time.Duration) error {
		var err error
		reply, err = e.forward(ctx, id, ep, to, call)
		return err
	})
	e.observe(span, id, start, err)
	return reply, err
}

func (e *Executor) forward(ctx context.Context, id string, ep Endpoint, timeout time.Duration, call ForwardCall) (ForwardReply, error) {
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	if tr, ok := e.hc.Transport.(*transport); ok {
		if b, ok := tr.baseFor(ep.URL); ok {
			if extra, ok := extraHeaders(cctx, e.prop, ep.Bearer); ok && sendable(call.Path, call.Header, extra) {
				parts := make([][]byte, 0, 1+len(call.Tail))
				parts = append(append(parts, call.Body), call.Tail...)
				r, err := tr.send(cctx, b, call.Method, call.Path, call.Header, extra, parts, replyRead{limit: maxOutput, budget: e.budget})
				if err != nil {
					return ForwardReply{}, readError(ctx, id, timeout, e.budget, r.status, err)
				}
				return ForwardReply{Status: r.status, Header: r.header, Body: r.body, charge: newCharge(e.budget, r.held)}, nil
			}
		}
	}
	var body io.Reader
	if b := call.body(); b != nil {
		body = bytes.NewReader(b)
	}
	hr, err := http.NewRequestWithContext(cctx, call.Method, ep.URL+call.Path, body)
	if err != nil {
		return ForwardReply{}, &ContainerError{Container: id, Message: "invalid container url: " + err.Error(), Err: err}
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
		return ForwardReply{}, transportError(ctx, id, timeout, err)
	}
	defer resp.Body.Close()
	b, held, err := readBody(cctx, e.budget, false, resp.Body, resp.ContentLength, maxOutput)
	if err != nil {
		return ForwardReply{}, readError(ctx, id, timeout, e.budget, resp.StatusCode, err)
	}
	return ForwardReply{Status: resp.StatusCode, Header: resp.Header, Body: b, charge: newCharge(e.budget, held)}, nil
}

// StreamReply is a container's answer to a ForwardStream call: its status
// and headers, and its body as it arrives. Body must be closed exactly
// once.
type StreamReply struct {
	Status int
	Header http.Header
	Body   io.ReadCloser
}

// ForwardStream makes call to container id and returns the reply once its
// headers arrived, its body read as the container writes it (the OpenAI
// front door's streamed completions). The container's timeout bounds the
// wait for the headers and then each wait for more bytes, never the
// whole reply. Cancelling ctx, or closing Body, ends the call (and, for
// the llm workload, its provider call).
func (e *Executor) ForwardStream(ctx context.Context, id string, call ForwardCall) (*StreamReply, error) {
	if _, ok := e.timeouts[id]; !ok {
		return nil, &ContainerError{Container: id, Message: "container not configured"}
	}
	var reply *StreamReply
	err := e.onReplica(ctx, id, func(ep Endpoint, to time.Duration) error {
		var err error
		reply, err = e.openForwardStream(ctx, id, ep, to, call)
		return err
	})
	return reply, err
}

// openForwardStream sends call to ep and returns the reply once its headers
// arrived, whatever its status.
func (e *Executor) openForwardStream(ctx context.Context, id string, ep Endpoint, to time.Duration, call ForwardCall) (*StreamReply, error) {
	sctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	// The stream outlives the submitting request's context only through
	// the idle timer and Close; a cancelled caller still stops it, with
	// its cause.
	stop := context.AfterFunc(ctx, func() { cancel(context.Cause(ctx)) })
	idle := time.AfterFunc(to, func() { cancel(errIdle) })
	var body io.Reader
	if b := call.body(); b != nil {
		body = bytes.NewReader(b)
	}
	hr, err := http.NewRequestWithContext(sctx, call.Method, ep.URL+call.Path, body)
	if err != nil {
		idle.Stop()
		stop()
		cancel(nil)
		return nil, &ContainerError{Container: id, Message: "invalid container url: " + err.Error(), Err: err}
	}
	for k, v := range call.Header {
		hr.Header[k] = v
	}
	e.prop.Inject(ctx, propagation.HeaderCarrier(hr.Header))
	if ep.Bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+ep.Bearer)
	}
	resp, err := e.hc.Do(hr)
	idle.Stop()
	if err != nil {
		stop()
		cancel(nil)
		if errors.Is(context.Cause(sctx), errIdle) {
			return nil, &ContainerError{Container: id, Message: fmt.Sprintf("container timed out after %s", to), Err: err}
		}
		return nil, transportError(ctx, id, to, err)
	}
	return &StreamReply{Status: resp.StatusCode, Header: resp.Header,
		Body: &idleReader{body: resp.Body, idle: to, timer: idle, cancel: cancel, stop: stop, ctx: sctx, id: id}}, nil
}
