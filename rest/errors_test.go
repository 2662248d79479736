package rest

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// call sends one request straight to the handler from remote (ip:port).
func call(t testing.TB, h http.Handler, method, target, remote, body string) *httptest.ResponseRecorder {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req := newRequest(method, target, rd)
	req.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

const (
	local  = "127.0.0.1:50000"
	remote = "192.0.2.7:50000"
)

func quietLogger(buf *bytes.Buffer) *slog.Logger {
	if buf == nil {
		return slog.New(slog.DiscardHandler)
	}
	return slog.New(slog.NewTextHandler(buf, nil))
}

func delegatedBody(owner string, expiry int64, v int) string {
	b, _ := json.Marshal(map[string]any{
		"subscription": map[string]any{"owner": owner, "container_id": "echo", "active_at": 0, "frequency": 1,
			"period": 0, "redundancy": 1, "max_gas_price": 1, "max_gas_limit": 100000},
		"signature": map[string]any{"nonce": 1, "expiry": expiry, "v": v, "r": "0x01", "s": "0x02"},
		"data":      map[string]any{"x": 1},
	})
	return string(b)
}

// TestErrorTable has one case per row of the docs/api.md error table (several
// for rows with several triggers) and asserts status, error and params.
func TestErrorTable(t *testing.T) {
	const signer = "0x00000000000000000000000000000000000000aa"
	big := `{"containers":["echo"],"data":{"x":"` + strings.Repeat("a", 17<<20) + `"}}`
	type row struct {
		name       string
		setup      func(f *fakeBackend, o *Options)
		method     string
		target     string
		from       string
		body       string
		times      int // send the request this many times; assert the last answer
		status     int
		err        string
		params     map[string]any
		retryAfter string
	}
	rows := []row{
		// body not JSON, wrong type, missing required field
		{name: "not JSON", method: "POST", target: "/api/jobs", body: `{"containers":`, status: 400,
			err: "Invalid request: body is not valid JSON: unexpected end of JSON input at offset 14"},
		{name: "empty body", method: "POST", target: "/api/jobs", body: ``, status: 400,
			err: "Invalid request: body is empty, expected a JSON object"},
		{name: "body not an object", method: "POST", target: "/api/jobs", body: `["echo"]`, status: 400,
			err: "Invalid request: body must be a JSON object, got array"},
		{name: "containers wrong type", method: "POST", target: "/api/jobs", body: `{"containers":"echo","data":{}}`, status: 400,
			err: "Invalid request: containers must be an array of strings, got string", params: map[string]any{"field": "containers"}},
		{name: "container id wrong type", method: "POST", target: "/api/jobs", body: `{"containers":["echo",7],"data":{}}`, status: 400,
			err: "Invalid request: containers[1] must be a string, got number", params: map[string]any{"field": "containers[1]"}},
		{name: "containers missing", method: "POST", target: "/api/jobs", body: `{"data":{}}`, status: 400,
			err: "Invalid request: missing required field containers (an array of container ids)", params: map[string]any{"field": "containers"}},
		{name: "data missing", method: "POST", target: "/api/jobs", body: `{"containers":["echo"]}`, status: 400,
			err: "Invalid request: missing required field data (a JSON object, the containers' input)", params: map[string]any{"field": "data"}},
		{name: "data not an object", method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":"hi"}`, status: 400,
			err: "Invalid request: data must be a JSON object, got string", params: map[string]any{"field": "data"}},
		{name: "requires_proof wrong type", method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":{},"requires_proof":"yes"}`, status: 400,
			err: "Invalid request: requires_proof must be a boolean, got string", params: map[string]any{"field": "requires_proof"}},
		{name: "unknown field", method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":{},"requires_proofs":true}`, status: 400,
			err: `Invalid request: unknown field "requires_proofs" (allowed: [containers data requires_proof])`, params: map[string]any{"field": "requires_proofs"}},
		{name: "delegated signature missing", method: "POST", target: "/api/jobs", body: `{"subscription":{}}`, status: 400,
			err: "Invalid request: missing required field signature (a JSON object)", params: map[string]any{"field": "signature"}},
		{name: "bad pending", method: "GET", target: "/api/jobs?pending=maybe", status: 400,
			err: `Invalid request: pending must be true or false, got "maybe"`, params: map[string]any{"field": "pending"}},
		{name: "status id missing", method: "PUT", target: "/api/status", from: local, body: `{"status":"success"}`, status: 400,
			err: "Invalid request: missing required field id (the job's id)", params: map[string]any{"field": "id"}},
		// batch body not an array
		{name: "batch not a list", method: "POST", target: "/api/jobs/batch", body: `{"containers":["echo"],"data":{}}`, status: 400,
			err: "Expected a list"},
		// no containers
		{name: "no containers", method: "POST", target: "/api/jobs", body: `{"containers":[],"data":{}}`, status: 400,
			err: "No containers specified"},
		// unknown container
		{name: "unknown container", method: "POST", target: "/api/jobs", body: `{"containers":["echo","nope"],"data":{}}`, status: 400,
			err: "Container not supported", params: map[string]any{"container": "nope"}},
		// first container not external
		{name: "first not external", method: "POST", target: "/api/jobs", body: `{"containers":["internal","echo"],"data":{}}`, status: 403,
			err: "First container must be external", params: map[string]any{"first_container": "internal"}},
		// proof required, last container has no proofs
		{name: "no proofs", method: "POST", target: "/api/jobs", body: `{"containers":["prover","echo"],"data":{},"requires_proof":true}`, status: 400,
			err: "Container does not generate proof", params: map[string]any{"container": "echo"}},
		// IP or owner not allowed
		{name: "ip not allowed", method: "POST", target: "/api/jobs", body: `{"containers":["fenced"],"data":{}}`, status: 403,
			err: "Container not allowed for address", params: map[string]any{"container": "fenced", "address": "192.0.2.7"}},
		// delegated request, chain disabled
		{name: "chain not enabled", method: "POST", target: "/api/jobs", body: delegatedBody(signer, 2000, 27), status: 400,
			err: "Chain not enabled"},
		// signature expired
		{name: "signature expired", setup: func(f *fakeBackend, _ *Options) { f.chainEnabled = true },
			method: "POST", target: "/api/jobs", body: delegatedBody(signer, 1000, 27), status: 400,
			err: "Signature expired", params: map[string]any{"expiry": float64(1000)}},
		// signature invalid / signer mismatch
		{name: "invalid signature", setup: func(f *fakeBackend, _ *Options) { f.chainEnabled = true },
			method: "POST", target: "/api/jobs", body: delegatedBody(signer, 2000, 29), status: 401,
			err: "Invalid signature"},
		{name: "signer mismatch", setup: func(f *fakeBackend, _ *Options) { f.chainEnabled = true },
			method: "POST", target: "/api/jobs", body: delegatedBody("0x00000000000000000000000000000000000000bb", 2000, 27), status: 401,
			err: "Signer mismatch"},
		// stream with a delegated request, checked before any other rule
		{name: "stream delegated", method: "POST", target: "/api/jobs/stream", body: `{"subscription":5,"containers":"x"}`, status: 400,
			err: "Streaming only supported for OffchainJob requests."},
		// status value not one of the three
		{name: "status invalid", method: "PUT", target: "/api/status", from: local, body: `{"id":"x","status":"done","containers":["echo"]}`, status: 400,
			err: "Status is invalid"},
		// PUT /api/status from a non-local address
		{name: "status from remote", method: "PUT", target: "/api/status", body: `{"id":"x","status":"success","containers":["echo"]}`, status: 403,
			err: "Unauthorized"},
		// body over the limit
		{name: "body too large", method: "POST", target: "/api/jobs", body: big, status: 413,
			err: "Request body too large", params: map[string]any{"limit": float64(DefaultMaxBodyBytes)}},
		{name: "body too large, custom limit", setup: func(_ *fakeBackend, o *Options) { o.MaxBodyBytes = 10 },
			method: "POST", target: "/api/jobs/batch", body: `[{"containers":["echo"],"data":{}}]`, status: 413,
			err: "Request body too large", params: map[string]any{"limit": float64(10)}},
		// batch with more items than the limit
		{name: "batch too large", setup: func(_ *fakeBackend, o *Options) { o.MaxBatchItems = 2 },
			method: "POST", target: "/api/jobs/batch", body: `[{"containers":["echo"],"data":{}},{},{}]`, status: 413,
			err: "Batch too large", params: map[string]any{"limit": float64(2)}},
		{name: "batch of tiny items, default limit", method: "POST", target: "/api/jobs/batch",
			body: "[" + strings.Repeat("{},", 1000) + "{}]", status: 413,
			err: "Batch too large", params: map[string]any{"limit": float64(1000)}},
		// query string that does not parse, or more ids than the limit
		{name: "query bad escape", method: "GET", target: "/api/jobs?id=%zz", status: 400,
			err: `Invalid request: the query string does not parse: invalid URL escape "%zz"`, params: map[string]any{"field": "query"}},
		{name: "query semicolon", method: "GET", target: "/api/jobs?id=a;id=b", status: 400,
			err: "Invalid request: the query string does not parse: invalid semicolon separator in query", params: map[string]any{"field": "query"}},
		{name: "query too many params", method: "GET", target: "/api/jobs?" + strings.Repeat("x=1&", 10000) + "id=a", status: 400,
			err: "Invalid request: the query has 10001 parameters, at most 10000 are allowed", params: map[string]any{"field": "query"}},
		{name: "resources query bad escape", method: "GET", target: "/resources?model_id=%zz", status: 400,
			err: `Invalid request: the query string does not parse: invalid URL escape "%zz"`, params: map[string]any{"field": "query"}},
		{name: "too many ids", setup: func(_ *fakeBackend, o *Options) { o.MaxIDs = 2 },
			method: "GET", target: "/api/jobs?id=a&id=b&id=c", status: 400,
			err: "Invalid request: 3 ids given, at most 2 per request; ask in several requests", params: map[string]any{"field": "id"}},
		// data that is not UTF-8
		{name: "data not UTF-8", method: "POST", target: "/api/jobs", body: "{\"containers\":[\"echo\"],\"data\":{\"x\":\"a\xffb\"}}", status: 400,
			err: "Invalid request: data holds bytes that are not UTF-8 (at byte 7 of the value); send text as UTF-8, binary data as hex or base64", params: map[string]any{"field": "data"}},
		{name: "batch item data not UTF-8", method: "POST", target: "/api/jobs/batch", body: "[{\"containers\":[\"echo\"],\"data\":{\"x\":\"\xff\"}}]", status: 200},
		// unknown fields inside a delegated request's objects
		{name: "unknown subscription field", setup: func(f *fakeBackend, _ *Options) { f.chainEnabled = true },
			method: "POST", target: "/api/jobs", body: strings.Replace(delegatedBody(signer, 2000, 27), `"owner"`, `"ownr":1,"owner"`, 1), status: 400,
			err:    `Invalid request: unknown field "subscription.ownr" (allowed: [owner container_id containers inputs active_at frequency period redundancy max_gas_price max_gas_limit lazy verifier payment_amount payment_token wallet])`,
			params: map[string]any{"field": "subscription.ownr"}},
		{name: "unknown signature field", setup: func(f *fakeBackend, _ *Options) { f.chainEnabled = true },
			method: "POST", target: "/api/jobs", body: strings.Replace(delegatedBody(signer, 2000, 27), `"nonce"`, `"nonse":1,"nonce"`, 1), status: 400,
			err: `Invalid request: unknown field "signature.nonse" (allowed: [nonce expiry v r s])`, params: map[string]any{"field": "signature.nonse"}},
		// rate limit (per client, per route; Retry-After)
		{name: "rate limited", setup: func(_ *fakeBackend, o *Options) { o.RateLimit = 2; o.RatePeriod = time.Hour },
			method: "GET", target: "/info", times: 3, status: 429, err: "Too many requests", retryAfter: "1800",
			params: map[string]any{"limit": "server.rate_limit", "num_requests": float64(2), "period": float64(3600)}},
		// node saturated (Retry-After)
		{name: "node busy", setup: func(f *fakeBackend, _ *Options) { f.busy = true },
			method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":{}}`, status: 503,
			err: "Node busy", retryAfter: "1"},
		// anything else: 500, nothing leaked
		{name: "internal error", setup: func(f *fakeBackend, _ *Options) { f.broken = errDisk },
			method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":{}}`, status: 500,
			err: "Internal server error"},
		{name: "panic", setup: func(f *fakeBackend, _ *Options) { f.panicky = true },
			method: "POST", target: "/api/jobs", body: `{"containers":["echo"],"data":{}}`, status: 500,
			err: "Internal server error"},
	}
	for _, tc := range rows {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeBackend()
			var logs bytes.Buffer
			o := Options{Logger: quietLogger(&logs), now: func() time.Time { return time.Unix(1e9, 0) }}
			if tc.setup != nil {
				tc.setup(f, &o)
			}
			h := New(f, o)
			from := tc.from
			if from == "" {
				from = remote
			}
			n := max(tc.times, 1)
			var rec *httptest.ResponseRecorder
			for range n {
				rec = call(t, h, tc.method, tc.target, from, tc.body)
			}
			require.Equal(t, tc.status, rec.Code, rec.Body.String())
			require.Equal(t, "application/json", rec.Header().Get("Content-Type"))
			if tc.status == 200 { // a batch whose one item is rejected
				require.JSONEq(t, `[{"error":"Invalid request: data holds bytes that are not UTF-8 (at byte 6 of the value); send text as UTF-8, binary data as hex or base64","params":{"field":"data"}}]`, rec.Body.String())
				return
			}
			var got map[string]any
			require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &got))
			require.Equal(t, tc.err, got["error"])
			if tc.params == nil {
				require.NotContains(t, got, "params")
			} else {
				require.Equal(t, tc.params, got["params"])
			}
			require.Len(t, got, 1+len(tc.params)/max(len(tc.params), 1), "only error and params: %v", got)
			require.Equal(t, tc.retryAfter, rec.Header().Get("Retry-After"))
			if tc.status == 500 {
				require.NotContains(t, rec.Body.String(), "pebble")
				require.NotContains(t, rec.Body.String(), "secret")
				require.NotContains(t, rec.Body.String(), "goroutine")
				require.True(t, strings.Contains(logs.String(), "pebble: disk") || strings.Contains(logs.String(), "secret internal detail"),
					"the cause is logged server-side: %s", logs.String())
			}
		})
	}
}
