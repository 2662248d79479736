package executor

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"syscall"
	"time"

	"go.opentelemetry.io/otel/propagation"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/ratelimit"
)

// Request is the body of POST /service_output.
type Request struct {
	Source        job.Location    `json:"source"`
	Destination   job.Location    `json:"destination"`
	Data          json.RawMessage `json:"data"`
	RequiresProof bool            `json:"requires_proof"`
}

// maxErrorBody caps how much of a failing reply is read into a message.
const maxErrorBody = 4 << 10

// maxOutput caps a container's JSON output and a forwarded reply (64 MiB):
// beyond, the call fails rather than exhausting memory. The node-wide bound
// on the replies held at once is Options.ReplyBudget.
const maxOutput = 64 << 20

// DefaultIdlePerHost is NewHTTPClient's pool size when given none.
const DefaultIdlePerHost = 256

// NewHTTPClient returns the client the executor uses when none is given:
// up to idlePerHost keep-alive connections per container (0: the
// default), for many concurrent calls, and no overall timeout (calls carry
// their own deadlines; streams an idle one). Plain http:// calls are made
// by the executor's own transport (transport.go); anything else by
// net/http's.
func NewHTTPClient(idlePerHost int) *http.Client {
	if idlePerHost <= 0 {
		idlePerHost = DefaultIdlePerHost
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.MaxIdleConnsPerHost = idlePerHost
	tr.MaxIdleConns = 4 * idlePerHost
	tr.IdleConnTimeout = 90 * time.Second
	return &http.Client{Transport: newTransport(tr, idlePerHost, tr.IdleConnTimeout)}
}

// call performs one POST /service_output and returns the container's JSON
// output, or a *ContainerError. The reply is charged to budget while it is
// read (readBody): a call waits for room unless its job already holds an
// output (HoldReplies). The charge is given back on return, or kept by the
// job's lease until the job is done.
func call(ctx context.Context, hc *http.Client, prop propagation.TextMapPropagator, budget *ratelimit.Bytes, id string, ep Endpoint, timeout time.Duration, req Request) (json.RawMessage, error) {
	if len(req.Data) == 0 {
		req.Data = json.RawMessage("null")
	}
	body, err := json.Marshal(req)
	if err != nil {
		return nil, &ContainerError{Container: id, Message: "invalid input: " + err.Error(), Err: err}
	}
	cctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	l := leaseOf(ctx)
	rd := replyRead{limit: maxOutput, budget: budget, wait: !l.holding()}
	if tr, ok := hc.Transport.(*transport); ok {
		if tg, ok := tr.targetFor(ep.URL, "/service_output"); ok {
			if extra, ok := extraHeaders(cctx, prop, ep.Bearer); ok {
				status, b, held, err := tr.post(cctx, tg, extra, body, rd)
				if err != nil {
					return nil, readError(ctx, id, timeout, budget, status, err)
				}
				return keepReply(l, budget, held)(reply(id, status, b))
			}
		}
	}
	hr, err := http.NewRequestWithContext(cctx, http.MethodPost, ep.URL+"/service_output", bytes.NewReader(body))
	if err != nil {
		return nil, &ContainerError{Container: id, Message: "invalid container url: " + err.Error(), Err: err}
	}
	hr.Header.Set("Content-Type", "application/json")
	hr.Header.Set("Accept", "application/json")
	prop.Inject(cctx, propagation.HeaderCarrier(hr.Header))
	if ep.Bearer != "" {
		hr.Header.Set("Authorization", "Bearer "+ep.Bearer)
	}
	resp, err := hc.Do(hr)
	if err != nil {
		return nil, transportError(ctx, id, timeout, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
		return nil, &ContainerError{Container: id, Status: resp.StatusCode, Message: replyMessage(resp.StatusCode, b)}
	}
	b, held, err := readBody(cctx, rd.budget, rd.wait, resp.Body, resp.ContentLength, rd.limit)
	if err != nil {
		return nil, readError(ctx, id, timeout, budget, resp.StatusCode, err)
	}
	return keepReply(l, budget, held)(reply(id, resp.StatusCode, b))
}

// keepReply ends a read reply's charge of held bytes: kept by the job's
// lease l when the call succeeded, given back otherwise.
func keepReply(l *lease, budget *ratelimit.Bytes, held int64) func(json.RawMessage, error) (json.RawMessage, error) {
	return func(out json.RawMessage, err error) (json.RawMessage, error) {
		if err != nil {
			budget.Give(held)
		} else {
			l.keep(budget, held)
		}
		return out, err
	}
}

// reply checks a container's reply: a 2xx status and a JSON output whose
// "code", if any, is 200.
func reply(id string, status int, b []byte) (json.RawMessage, error) {
	if status < 200 || status > 299 {
		if len(b) > maxErrorBody {
			b = b[:maxErrorBody]
		}
		return nil, &ContainerError{Container: id, Status: status, Message: replyMessage(status, b)}
	}
	b = bytes.TrimSpace(b)
	if !json.Valid(b) {
		return nil, &ContainerError{Container: id, Status: status, Message: "output is not JSON: " + snippet(b)}
	}
	if msg, bad := badCode(b); bad {
		return nil, &ContainerError{Container: id, Status: status, Message: msg}
	}
	return json.RawMessage(b), nil
}

// extraHeaders are the call's headers beyond the fixed ones: bearer auth
// and the trace context. ok is false if a value could not be sent as is
// (a line break), which leaves the call to net/http and its checks.
func extraHeaders(ctx context.Context, prop propagation.TextMapPropagator, bearer string) ([]header, bool) {
	var hs headerCarrier
	if bearer != "" {
		hs = append(hs, header{"Authorization", "Bearer " + bearer})
	}
	prop.Inject(ctx, &hs)
	for _, h := range hs {
		if strings.ContainsAny(h.key, "\r\n: ") || strings.ContainsAny(h.value, "\r\n") {
			return nil, false
		}
	}
	return hs, true
}

// headerCarrier collects the headers a propagator injects.
type headerCarrier []header

func (c *headerCarrier) Get(key string) string {
	for _, h := range *c {
		if strings.EqualFold(h.key, key) {
			return h.value
		}
	}
	return ""
}

func (c *headerCarrier) Set(key, value string) { *c = append(*c, header{key, value}) }

func (c *headerCarrier) Keys() []string {
	keys := make([]string, len(*c))
	for i, h := range *c {
		keys[i] = h.key
	}
	return keys
}

// transportError describes a failed exchange for the job's result: the
// container's own timeout, the job being cancelled (with its cause), or the
// connection failing.
func transportError(parent context.Context, id string, timeout time.Duration, err error) *ContainerError {
	ce := &ContainerError{Container: id, Err: err}
	switch {
	case parent.Err() != nil:
		ce.Message = "cancelled: " + context.Cause(parent).Error()
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		ce.Message = fmt.Sprintf("container timed out after %s", timeout)
	case errors.Is(err, syscall.ECONNREFUSED):
		ce.Message = "container unreachable: connection refused"
	default:
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		ce.Message = "container unreachable: " + err.Error()
	}
	return ce
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

// replyMessage extracts the container's message from a failing reply: the
// "error" or "message" field of a JSON body, else the body text.
func replyMessage(status int, b []byte) string {
	b = bytes.TrimSpace(b)
	var obj map[string]any
	if json.Unmarshal(b, &obj) == nil {
		for _, k := range []string{"error", "message", "detail"} {
			if s, ok := obj[k].(string); ok && s != "" {
				return s
			}
		}
	}
	if len(b) == 0 {
		return fmt.Sprintf("container replied %d %s", status, http.StatusText(status))
	}
	return snippet(b)
}

// badCode reports whether an output carries a "code" (string or number)
// other than 200, and the message to show for it.
func badCode(out []byte) (string, bool) {
	if len(out) == 0 || out[0] != '{' || !bytes.Contains(out, []byte(`"code"`)) {
		return "", false
	}
	var obj struct {
		Code    json.RawMessage `json:"code"`
		Error   any             `json:"error"`
		Message any             `json:"message"`
	}
	if json.Unmarshal(out, &obj) != nil || len(obj.Code) == 0 || string(obj.Code) == "null" {
		return "", false
	}
	code := strings.Trim(string(obj.Code), `"`)
	if code == "200" {
		return "", false
	}
	for _, m := range []any{obj.Error, obj.Message} {
		if s, ok := m.(string); ok && s != "" {
			return s, true
		}
	}
	return fmt.Sprintf("container returned code %s: %s", code, snippet(out)), true
}

func snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 1024 {
		s = s[:1024] + "..."
	}
	return s
}

func compact(b []byte) json.RawMessage {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return json.RawMessage(b)
	}
	return json.RawMessage(buf.Bytes())
}
