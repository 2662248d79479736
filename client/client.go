// Package client is a Go client for an infernode node's REST API (docs/api.md),
// in the style of go-ethereum's ethclient: every call takes a context first
// and returns typed results; a rejection by the node is an *Error carrying
// the HTTP status, the node's fixed error string and its params.
//
//	c, err := client.New("http://127.0.0.1:4000")
//	id, err := c.CreateJob(ctx, client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(`{"x":1}`)})
//	res, err := c.WaitJob(ctx, id, 0)
//
// A Client is safe for concurrent use.
package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/internal/job"
)

// Wire types shared with the node.
type (
	// JobRequest is the body of POST /api/jobs.
	JobRequest = job.Request
	// JobResult is one entry of GET /api/jobs?id=...
	JobResult = job.Result
	// ContainerResult is a container's output or error.
	ContainerResult = job.ContainerResult
	// Status is a job's lifecycle state.
	Status = job.Status
)

// The three job statuses.
const (
	StatusRunning = job.StatusRunning
	StatusSuccess = job.StatusSuccess
	StatusFailed  = job.StatusFailed
)

// Info is the body of GET /info.
type Info struct {
	Version    string          `json:"version"`
	Containers []InfoContainer `json:"containers"`
	Pending    struct {
		Offchain int `json:"offchain"`
		Onchain  int `json:"onchain"`
	} `json:"pending"`
	Chain struct {
		Enabled bool   `json:"enabled"`
		Address string `json:"address"`
	} `json:"chain"`
}

// InfoContainer is one container of Info.
type InfoContainer struct {
	ID          string          `json:"id"`
	External    bool            `json:"external"`
	Image       string          `json:"image"`
	Description string          `json:"description,omitempty"`
	State       json.RawMessage `json:"state,omitempty"`
}

// Error is an answer of the node other than success: Message is the
// node's `error` string (docs/api.md table), Params its `params`.
type Error struct {
	StatusCode int
	Message    string
	Params     map[string]any
	// RetryAfter is the node's Retry-After (429, 503), zero when absent.
	RetryAfter time.Duration
}

func (e *Error) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d %s", e.StatusCode, e.Message)
	if len(e.Params) > 0 {
		p, _ := json.Marshal(e.Params)
		b.WriteString(" ")
		b.Write(p)
	}
	return b.String()
}

// Client talks to one node.
type Client struct {
	base string // without trailing slash
	hc   *http.Client
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient makes the Client send its requests through hc (timeouts,
// transport tuning, TLS). Default: a client without a total timeout, so
// streams can last; use contexts to bound calls.
func WithHTTPClient(hc *http.Client) Option { return func(c *Client) { c.hc = hc } }

// New returns a Client for the node at rawURL (e.g. http://127.0.0.1:4000).
func New(rawURL string, opts ...Option) (*Client, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("node url %q: %w", rawURL, err)
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("node url %q: want http(s)://host[:port]", rawURL)
	}
	c := &Client{base: strings.TrimRight(u.String(), "/"), hc: http.DefaultClient}
	for _, o := range opts {
		o(c)
	}
	return c, nil
}

// URL is the node's base URL.
func (c *Client) URL() string { return c.base }

// do sends a request and returns the response if its status is 2xx (or
// listed in ok); otherwise the node's error as *Error.
func (c *Client) do(ctx context.Context, method, path string, body any, ok ...int) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		var b []byte
		switch v := body.(type) {
		case json.RawMessage:
			b = v
		case []byte:
			b = v
		default:
			var err error
			if b, err = json.Marshal(body); err != nil {
				return nil, fmt.Errorf("%s %s: encode body: %w", method, path, err)
			}
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %w", method, path, err)
	}
	if resp.StatusCode/100 == 2 {
		return resp, nil
	}
	for _, s := range ok {
		if resp.StatusCode == s {
			return resp, nil
		}
	}
	defer resp.Body.Close()
	return nil, readError(resp)
}

// readError decodes an error answer; a body that is not the node's JSON
// error (a proxy's page) is kept, shortened, as the message.
func readError(resp *http.Response) *Error {
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	e := &Error{StatusCode: resp.StatusCode}
	var body struct {
		Error  string         `json:"error"`
		Params map[string]any `json:"params"`
	}
	if json.Unmarshal(raw, &body) == nil && body.Error != "" {
		e.Message, e.Params = body.Error, body.Params
	} else {
		msg := strings.TrimSpace(string(raw))
		if len(msg) > 200 {
			msg = msg[:200] + "..."
		}
		if msg == "" {
			msg = http.StatusText(resp.StatusCode)
		}
		e.Message = msg
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		e.RetryAfter = time.Duration(s) * time.Second
	}
	return e
}

// getJSON performs a request and decodes a JSON answer into out.
func (c *Client) getJSON(ctx context.Context, method, path string, body, out any, ok ...int) (int, error) {
	resp, err := c.do(ctx, method, path, body, ok...)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return resp.StatusCode, fmt.Errorf("%s %s: decode answer: %w", method, path, err)
	}
	return resp.StatusCode, nil
}

// Health reports whether the node says every critical part is up. An
// unhealthy node is (false, nil); an unreachable one is an error.
func (c *Client) Health(ctx context.Context) (bool, error) {
	ok, _, err := c.HealthReason(ctx)
	return ok, err
}

// HealthReason is Health with the node's reason when it is unhealthy
// (which part is down and why).
func (c *Client) HealthReason(ctx context.Context) (healthy bool, reason string, err error) {
	var h struct {
		Status string `json:"status"`
		Reason string `json:"reason"`
	}
	if _, err := c.getJSON(ctx, http.MethodGet, "/health", nil, &h, http.StatusServiceUnavailable); err != nil {
		return false, "", err
	}
	return h.Status == "healthy", h.Reason, nil
}

// Info returns the node's version, containers, pending counts and chain link.
func (c *Client) Info(ctx context.Context) (*Info, error) {
	var info Info
	if _, err := c.getJSON(ctx, http.MethodGet, "/info", nil, &info); err != nil {
		return nil, err
	}
	return &info, nil
}

// Resources returns each container's resources, or with modelID its support
// for that model.
func (c *Client) Resources(ctx context.Context, modelID string) (map[string]json.RawMessage, error) {
	path := "/resources"
	if modelID != "" {
		path += "?model_id=" + url.QueryEscape(modelID)
	}
	out := map[string]json.RawMessage{}
	if _, err := c.getJSON(ctx, http.MethodGet, path, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// CreateJob submits a job and returns its id; the job is stored durably on
// the node when this returns.
func (c *Client) CreateJob(ctx context.Context, req JobRequest) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	if _, err := c.getJSON(ctx, http.MethodPost, "/api/jobs", req, &out); err != nil {
		return "", err
	}
	return out.ID, nil
}

// SubmitDelegated posts a DelegatedSubscriptionRequest ({subscription,
// signature, data}); raw is sent as is when it is a json.RawMessage.
func (c *Client) SubmitDelegated(ctx context.Context, req any) error {
	var out map[string]any
	_, err := c.getJSON(ctx, http.MethodPost, "/api/jobs", req, &out)
	return err
}

// BatchResult is one entry of a batch answer: ID for an accepted job,
// neither for an accepted delegated subscription, Err for a rejected item
// (its StatusCode is 0: the batch itself succeeded).
type BatchResult struct {
	ID  string
	Err *Error
}

// CreateJobs submits several JobRequests and/or delegated subscriptions;
// the answer has one entry per item, in order.
func (c *Client) CreateJobs(ctx context.Context, items []any) ([]BatchResult, error) {
	if items == nil {
		items = []any{}
	}
	var raw []struct {
		ID     string         `json:"id"`
		Error  string         `json:"error"`
		Params map[string]any `json:"params"`
	}
	if _, err := c.getJSON(ctx, http.MethodPost, "/api/jobs/batch", items, &raw); err != nil {
		return nil, err
	}
	out := make([]BatchResult, len(raw))
	for i, r := range raw {
		out[i].ID = r.ID
		if r.Error != "" {
			out[i].Err = &Error{Message: r.Error, Params: r.Params}
		}
	}
	return out, nil
}

// Stream is a streaming job being read.
type Stream struct {
	ID          string
	ContentType string
	// Body yields the container's bytes as they arrive (the id line is
	// already consumed). The caller must Close it.
	Body io.ReadCloser
}

// StreamJob starts a streaming job. It returns once the node has sent the
// job id; the container's output follows in Body.
func (c *Client) StreamJob(ctx context.Context, req JobRequest) (*Stream, error) {
	resp, err := c.do(ctx, http.MethodPost, "/api/jobs/stream", req)
	if err != nil {
		return nil, err
	}
	br := bufio.NewReader(resp.Body)
	line, err := br.ReadString('\n')
	if err != nil {
		resp.Body.Close()
		return nil, fmt.Errorf("POST /api/jobs/stream: read job id: %w", err)
	}
	return &Stream{
		ID:          strings.TrimSuffix(line, "\n"),
		ContentType: resp.Header.Get("Content-Type"),
		Body: struct {
			io.Reader
			io.Closer
		}{br, resp.Body},
	}, nil
}

// Results returns the caller's jobs among ids, in the order given; unknown
// ids are omitted. With intermediate, every container's result is included.
func (c *Client) Results(ctx context.Context, ids []string, intermediate bool) ([]JobResult, error) {
	if len(ids) == 0 {
		return []JobResult{}, nil
	}
	q := url.Values{"id": ids}
	if intermediate {
		q.Set("intermediate", "true")
	}
	var out []JobResult
	if _, err := c.getJSON(ctx, http.MethodGet, "/api/jobs?"+q.Encode(), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// ErrNotFound is returned by Result and WaitJob when the node does not know
// the job for this caller.
var ErrNotFound = errors.New("job not found")

// Result returns one job's result.
func (c *Client) Result(ctx context.Context, id string, intermediate bool) (*JobResult, error) {
	res, err := c.Results(ctx, []string{id}, intermediate)
	if err != nil {
		return nil, err
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("job %s: %w", id, ErrNotFound)
	}
	return &res[0], nil
}

// MaxWait is the longest wait a node accepts in one WaitResults call.
const MaxWait = time.Minute

// WaitResults is Results, but the node holds its answer until every job
// among ids has finished or wait has passed, whichever is first
// (GET /api/jobs?wait=...); wait is capped at MaxWait. The answer lists the
// jobs as they are then, so a job may still be running. A node that does
// not support waiting answers at once.
func (c *Client) WaitResults(ctx context.Context, ids []string, wait time.Duration, intermediate bool) ([]JobResult, error) {
	if len(ids) == 0 {
		return []JobResult{}, nil
	}
	q := url.Values{"id": ids}
	if intermediate {
		q.Set("intermediate", "true")
	}
	if wait = min(wait, MaxWait); wait > 0 {
		q.Set("wait", wait.String())
	}
	var out []JobResult
	if _, err := c.getJSON(ctx, http.MethodGet, "/api/jobs?"+q.Encode(), nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// WaitJob waits until a job is finished and returns its result; ctx bounds
// the wait. It asks the node to hold each answer until the job finishes
// (WaitResults), so a job is seen finished as soon as it is, with one
// request per MaxWait. poll (default 50ms) is the shortest time between two
// requests, which matters only with a node that answers waits at once.
func (c *Client) WaitJob(ctx context.Context, id string, poll time.Duration) (*JobResult, error) {
	if poll <= 0 {
		poll = 50 * time.Millisecond
	}
	for {
		asked := time.Now()
		wait := MaxWait
		if dl, ok := ctx.Deadline(); ok {
			wait = min(wait, time.Until(dl))
		}
		res, err := c.WaitResults(ctx, []string{id}, wait, false)
		if err != nil {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("wait for job %s: %w", id, ctx.Err())
			}
			return nil, err
		}
		if len(res) == 0 {
			return nil, fmt.Errorf("job %s: %w", id, ErrNotFound)
		}
		if res[0].Status.Terminal() {
			return &res[0], nil
		}
		select {
		case <-ctx.Done():
			return &res[0], fmt.Errorf("wait for job %s: %w", id, ctx.Err())
		case <-time.After(time.Until(asked.Add(poll))):
		}
	}
}

// JobIDs lists the caller's job ids: all (pending nil), running (true) or
// finished (false).
func (c *Client) JobIDs(ctx context.Context, pending *bool) ([]string, error) {
	path := "/api/jobs"
	if pending != nil {
		path += "?pending=" + strconv.FormatBool(*pending)
	}
	var out []string
	if _, err := c.getJSON(ctx, http.MethodGet, path, nil, &out); err != nil {
		return nil, err
	}
	return out, nil
}

// PutStatus records a job status on behalf of a container that does not
// follow the container protocol (loopback callers only).
func (c *Client) PutStatus(ctx context.Context, id string, status Status, containers []string) error {
	if containers == nil {
		containers = []string{}
	}
	var out map[string]any
	_, err := c.getJSON(ctx, http.MethodPut, "/api/status", map[string]any{"id": id, "status": status, "containers": containers}, &out)
	return err
}
