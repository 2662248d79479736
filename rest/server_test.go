package rest

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &v), rec.Body.String())
	return v
}

func TestHealth(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil)})
	rec := call(t, h, "GET", "/health", remote, "")
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"status":"healthy"}`, rec.Body.String())

	f.broken = errDisk
	rec = call(t, h, "GET", "/health", remote, "")
	require.Equal(t, 503, rec.Code)
	require.JSONEq(t, `{"status":"unhealthy","reason":"pebble: disk /var/lib/infernode is full"}`, rec.Body.String())
}

func TestInfo(t *testing.T) {
	rec := call(t, New(newFakeBackend(), Options{Logger: quietLogger(nil)}), "GET", "/info", remote, "")
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"version":"1.4.0","containers":[{"id":"echo","external":true,"image":"infernode/echo:latest","description":""}],
		"pending":{"offchain":0,"onchain":0},"chain":{"enabled":false,"address":""}}`, rec.Body.String())
}

func TestResources(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil)})
	rec := call(t, h, "GET", "/resources", remote, "")
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"echo":{"cpu":1}}`, rec.Body.String())

	rec = call(t, h, "GET", "/resources?model_id=local%2Fa%2Fb%3Af.onnx", remote, "")
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `{"echo":{"supported":false}}`, rec.Body.String())
	require.Equal(t, "local/a/b:f.onnx", f.lastModel)
}

func TestSubmitAndResults(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil)})

	rec := call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{"x":1}}`)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	id := decode[map[string]string](t, rec)["id"]
	require.Len(t, id, 36)

	rec = call(t, h, "GET", "/api/jobs?id="+id+"&id=unknown", remote, "")
	require.Equal(t, 200, rec.Code)
	require.JSONEq(t, `[{"id":"`+id+`","status":"success","result":{"container":"echo","output":{"output":{"x":1}}}}]`, rec.Body.String())

	rec = call(t, h, "GET", "/api/jobs?id="+id+"&intermediate=true", remote, "")
	require.JSONEq(t, `[{"id":"`+id+`","status":"success","result":{"container":"echo","output":{"output":{"x":1}}},
		"intermediate_results":[{"container":"echo","output":{"output":{"x":1}}}]}]`, rec.Body.String())

	// Jobs are scoped to the client: another address sees nothing.
	rec = call(t, h, "GET", "/api/jobs?id="+id, "192.0.2.8:1", "")
	require.Equal(t, "[]\n", rec.Body.String())
	// X-Forwarded-For is not trusted by default.
	req := newRequest("GET", "/api/jobs?id="+id, nil)
	req.RemoteAddr = "192.0.2.8:1"
	req.Header.Set("X-Forwarded-For", "192.0.2.7")
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	require.Equal(t, "[]\n", rr.Body.String())
}

func TestWaitParam(t *testing.T) {
	const id = "0b6f6b3e-6a0e-4b8e-9f54-9d8c2f7f0a11"
	tests := []struct {
		query string
		code  int
		// wait is the wait expected to reach the backend (0: no Wait call);
		// errBody the answer for a rejected query.
		wait    time.Duration
		errBody string
	}{
		{query: "id=" + id, code: 200},
		{query: "id=" + id + "&wait=0", code: 200},
		{query: "id=" + id + "&wait=250ms", code: 200, wait: 250 * time.Millisecond},
		{query: "id=" + id + "&wait=2", code: 200, wait: 2 * time.Second},
		{query: "id=" + id + "&wait=0.5", code: 200, wait: 500 * time.Millisecond},
		{query: "id=" + id + "&wait=1m", code: 200, wait: time.Minute},
		{query: "id=" + id + "&wait=61s", code: 400,
			errBody: `{"error":"Invalid request: wait must be between 0 and 1m0s, got \"61s\"; to wait longer, ask again","params":{"field":"wait"}}`},
		{query: "id=" + id + "&wait=1e300", code: 400,
			errBody: `{"error":"Invalid request: wait must be between 0 and 1m0s, got \"1e300\"; to wait longer, ask again","params":{"field":"wait"}}`},
		{query: "id=" + id + "&wait=-1s", code: 400,
			errBody: `{"error":"Invalid request: wait must be between 0 and 1m0s, got \"-1s\"; to wait longer, ask again","params":{"field":"wait"}}`},
		{query: "id=" + id + "&wait=soon", code: 400,
			errBody: `{"error":"Invalid request: wait must be a duration such as 5s or 500ms, or a number of seconds, got \"soon\"","params":{"field":"wait"}}`},
		{query: "id=" + id + "&wait=NaN", code: 400,
			errBody: `{"error":"Invalid request: wait must be a duration such as 5s or 500ms, or a number of seconds, got \"NaN\"","params":{"field":"wait"}}`},
		{query: "id=" + id + "&wait=1s&wait=2s", code: 400,
			errBody: `{"error":"Invalid request: wait must be given once","params":{"field":"wait"}}`},
		{query: "wait=1s", code: 400,
			errBody: `{"error":"Invalid request: wait needs the ids to wait for: add id=<job id> for each job","params":{"field":"wait"}}`},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			f := newFakeBackend()
			h := New(f, Options{Logger: quietLogger(nil)})
			rec := call(t, h, "GET", "/api/jobs?"+tc.query, remote, "")
			require.Equal(t, tc.code, rec.Code, rec.Body.String())
			if tc.errBody != "" {
				require.JSONEq(t, tc.errBody, rec.Body.String())
				return
			}
			if tc.wait == 0 {
				require.Empty(t, f.waits)
				return
			}
			require.Len(t, f.waits, 1)
			require.Equal(t, []string{id}, f.waits[0].ids)
			require.LessOrEqual(t, f.waits[0].left, tc.wait, "the wait is bounded by the asked duration")
			require.Greater(t, f.waits[0].left, tc.wait/2)
		})
	}
}

// TestWaitAnswersWhenTheWaitEnds: a wait the jobs outlast is answered 200
// with the jobs as they are, not as an error.
func TestWaitAnswersWhenTheWaitEnds(t *testing.T) {
	f := newFakeBackend()
	f.holdWaits = true
	h := New(f, Options{Logger: quietLogger(nil)})
	rec := call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{"x":1}}`)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	id := decode[map[string]string](t, rec)["id"]
	rec = call(t, h, "GET", "/api/jobs?wait=20ms&id="+id, remote, "")
	require.Equal(t, 200, rec.Code, rec.Body.String())
	require.Len(t, decode[[]job.Result](t, rec), 1)

	f.broken = errors.New("disk on fire")
	rec = call(t, h, "GET", "/api/jobs?wait=20ms&id="+id, remote, "")
	require.Equal(t, 500, rec.Code)
	require.JSONEq(t, `{"error":"Internal server error"}`, rec.Body.String())
}

func TestTrustedProxy(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil), TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	req := newRequest("POST", "/api/jobs", strings.NewReader(`{"containers":["echo"],"data":{}}`))
	req.RemoteAddr = "10.1.1.1:9"
	req.Header.Set("X-Forwarded-For", "203.0.113.5, 10.2.2.2")
	rr := httptest.NewRecorder()
	h.ServeHTTP(rr, req)
	require.Equal(t, 200, rr.Code)
	rec := call(t, h, "GET", "/api/jobs", "203.0.113.5:1", "")
	require.JSONEq(t, `["`+decode[map[string]string](t, rr)["id"]+`"]`, rec.Body.String())
}

func TestIDs(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil)})
	var ids []string
	for range 3 {
		rec := call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{}}`)
		ids = append(ids, decode[map[string]string](t, rec)["id"])
	}
	f.jobs[ids[1]] = fakeJob{client: "192.0.2.7", res: job.Result{ID: ids[1], Status: job.StatusRunning}}

	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"", ids},
		{"?pending=true", ids[1:2]},
		{"?pending=false", []string{ids[0], ids[2]}},
	} {
		rec := call(t, h, "GET", "/api/jobs"+tc.query, remote, "")
		require.Equal(t, 200, rec.Code)
		require.Equal(t, tc.want, decode[[]string](t, rec), tc.query)
	}
	rec := call(t, h, "GET", "/api/jobs", "192.0.2.99:1", "")
	require.Equal(t, "[]\n", rec.Body.String())
}

func TestDelegated(t *testing.T) {
	f := newFakeBackend()
	f.chainEnabled = true
	h := New(f, Options{Logger: quietLogger(nil)})
	body := delegatedBody(f.signer, 2000, 28)
	rec := call(t, h, "POST", "/api/jobs", remote, body)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	require.JSONEq(t, `{}`, rec.Body.String())
	require.Len(t, f.delegated, 1)
	require.Equal(t, body, string(f.delegated[0]), "the backend gets the exact bytes")
}

func TestBatch(t *testing.T) {
	f := newFakeBackend()
	f.chainEnabled = true
	h := New(f, Options{Logger: quietLogger(nil)})
	body := `[{"containers":["echo"],"data":{"a":1}}, {"containers":["nope"],"data":{}}, ` + delegatedBody(f.signer, 2000, 27) +
		`, 7, {"containers":["echo"]}, {"containers":[],"data":{}}]`
	rec := call(t, h, "POST", "/api/jobs/batch", remote, body)
	require.Equal(t, 200, rec.Code, rec.Body.String())
	got := decode[[]map[string]any](t, rec)
	require.Len(t, got, 6)
	require.Len(t, got[0]["id"], 36)
	require.Equal(t, map[string]any{"error": "Container not supported", "params": map[string]any{"container": "nope"}}, got[1])
	require.Equal(t, map[string]any{}, got[2])
	require.Equal(t, map[string]any{"error": "Invalid request: body must be a JSON object, got number"}, got[3])
	require.Equal(t, map[string]any{"error": "Invalid request: missing required field data (a JSON object, the containers' input)",
		"params": map[string]any{"field": "data"}}, got[4])
	require.Equal(t, map[string]any{"error": "No containers specified"}, got[5])

	rec = call(t, h, "POST", "/api/jobs/batch", remote, `[]`)
	require.Equal(t, "[]\n", rec.Body.String())

	f.broken = errDisk
	rec = call(t, h, "POST", "/api/jobs/batch", remote, `[{"containers":["echo"],"data":{}}]`)
	require.JSONEq(t, `[{"error":"Internal server error"}]`, rec.Body.String())
}

func TestPutStatus(t *testing.T) {
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil), StatusNetworks: []netip.Prefix{netip.MustParsePrefix("172.17.0.0/16")}})
	for _, from := range []string{local, "[::1]:5", "172.17.0.3:80"} {
		rec := call(t, h, "PUT", "/api/status", from, `{"id":"j1","status":"failed","containers":["echo"]}`)
		require.Equal(t, 200, rec.Code, rec.Body.String())
		require.JSONEq(t, `{}`, rec.Body.String())
	}
	require.Equal(t, []string{"127.0.0.1 j1 failed [echo]", "::1 j1 failed [echo]", "172.17.0.3 j1 failed [echo]"}, f.statuses)
	rec := call(t, h, "PUT", "/api/status", "172.18.0.3:80", `{"id":"j1","status":"failed","containers":["echo"]}`)
	require.Equal(t, 403, rec.Code)
}

func TestRateLimitIsPerClientAndRoute(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), RateLimit: 1, RatePeriod: time.Hour})
	require.Equal(t, 200, call(t, h, "GET", "/info", remote, "").Code)
	require.Equal(t, 429, call(t, h, "GET", "/info", remote, "").Code)
	require.Equal(t, 200, call(t, h, "GET", "/health", remote, "").Code, "another route")
	require.Equal(t, 200, call(t, h, "GET", "/info", "192.0.2.8:1", "").Code, "another client")
}

func TestNotFoundIsJSON(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil)})
	rec := call(t, h, "GET", "/nope", remote, "")
	require.Equal(t, 404, rec.Code)
	require.JSONEq(t, `{"error":"Not found"}`, rec.Body.String())
	rec = call(t, h, "DELETE", "/api/jobs", remote, "")
	require.Equal(t, 405, rec.Code)
	require.JSONEq(t, `{"error":"Method not allowed"}`, rec.Body.String())
}

func TestMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	f := newFakeBackend()
	h := New(f, Options{Logger: quietLogger(nil), Registry: reg})
	call(t, h, "POST", "/api/jobs", remote, `{"containers":["echo"],"data":{}}`)
	call(t, h, "POST", "/api/jobs", remote, `{"containers":["nope"],"data":{}}`)
	call(t, h, "GET", "/nope/x", remote, "")
	_ = New(f, Options{Logger: quietLogger(nil), Registry: reg}) // a second server on the same registry is fine
	rec := call(t, h, "GET", "/metrics", remote, "")
	require.Equal(t, 200, rec.Code)
	body := rec.Body.String()
	require.Contains(t, body, `infernode_http_requests_total{method="POST",route="/api/jobs",status="200"} 1`)
	require.Contains(t, body, `infernode_http_requests_total{method="POST",route="/api/jobs",status="400"} 1`)
	require.Contains(t, body, `infernode_http_request_duration_seconds_bucket{method="POST",route="/api/jobs",le="+Inf"} 2`)
	require.Contains(t, body, `infernode_http_requests_total{method="GET",route="unmatched",status="404"} 1`, "unknown paths do not grow the label set")
}

// slowBody is a stream whose chunks the test releases one by one.
type slowBody struct {
	chunks chan string
	closed chan struct{}
}

func (b *slowBody) Read(p []byte) (int, error) {
	c, ok := <-b.chunks
	if !ok {
		return 0, io.EOF
	}
	return copy(p, c), nil
}

func (b *slowBody) Close() error { close(b.closed); return nil }

func TestStreamFlushesAsBytesArrive(t *testing.T) {
	f := newFakeBackend()
	body := &slowBody{chunks: make(chan string), closed: make(chan struct{})}
	f.stream, f.contentType = body, "text/plain; charset=utf-8"
	srv := httptest.NewServer(New(f, Options{Logger: quietLogger(nil)}))
	defer srv.Close()

	resp, err := http.Post(srv.URL+"/api/jobs/stream", "application/json", strings.NewReader(`{"containers":["echo"],"data":{"p":"hi"}}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, 200, resp.StatusCode)
	require.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
	rd := bufio.NewReader(resp.Body)
	id, err := rd.ReadString('\n')
	require.NoError(t, err)
	require.Len(t, id, 37)

	// The backend's stream is still open: each chunk must reach the client
	// before the next one is even produced.
	for _, chunk := range []string{"Hello", ", ", "world"} {
		body.chunks <- chunk
		buf := make([]byte, len(chunk))
		_, err := io.ReadFull(rd, buf)
		require.NoError(t, err)
		require.Equal(t, chunk, string(buf))
	}
	close(body.chunks)
	rest, err := io.ReadAll(rd)
	require.NoError(t, err)
	require.Empty(t, rest)
	<-body.closed
}

func TestStreamDefaultContentType(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil)})
	rec := call(t, h, "POST", "/api/jobs/stream", remote, `{"containers":["echo"],"data":{"x":1}}`)
	require.Equal(t, 200, rec.Code)
	require.Equal(t, "application/octet-stream", rec.Header().Get("Content-Type"))
	id, rest, ok := strings.Cut(rec.Body.String(), "\n")
	require.True(t, ok)
	require.Len(t, id, 36)
	require.Equal(t, `{"x":1}`, rest)
}

func TestStreamClientGoneClosesBackend(t *testing.T) {
	f := newFakeBackend()
	body := &slowBody{chunks: make(chan string, 1), closed: make(chan struct{})}
	f.stream = body
	srv := httptest.NewServer(New(f, Options{Logger: quietLogger(nil)}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/jobs/stream", strings.NewReader(`{"containers":["echo"],"data":{}}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_, err = bufio.NewReader(resp.Body).ReadString('\n')
	require.NoError(t, err)
	cancel()
	resp.Body.Close()
	// The handler notices on its next write and closes the backend stream.
	// The deadline only bounds a broken handler: a passing run ends at the
	// first writes.
	deadline := time.After(time.Minute)
	for {
		select {
		case body.chunks <- "more":
			continue
		case <-body.closed:
			return
		case <-deadline:
			t.Fatal("the backend stream was not closed after the client went away")
		}
	}
}

func TestBodyLimitWithoutContentLength(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil), MaxBodyBytes: 64})
	req := newRequest("POST", "/api/jobs", io.MultiReader(strings.NewReader(`{"containers":["echo"],"data":{"x":"`), strings.NewReader(strings.Repeat("a", 100)+`"}}`)))
	req.ContentLength = -1 // chunked: only the reader can tell
	req.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, 413, rec.Code)
	require.JSONEq(t, `{"error":"Request body too large","params":{"limit":64}}`, rec.Body.String())
}

func TestHeadAnsweredWhereGetIs(t *testing.T) {
	h := New(newFakeBackend(), Options{Logger: quietLogger(nil)})
	for _, path := range []string{"/health", "/info", "/api/jobs"} {
		rec := call(t, h, "HEAD", path, remote, "")
		require.Equal(t, 200, rec.Code, path)
	}
	rec := call(t, h, "HEAD", "/api/jobs/batch", remote, "")
	require.Equal(t, 405, rec.Code)
}
