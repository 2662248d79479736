package rest

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// newRequest is httptest.NewRequest addressed to 127.0.0.1 (httptest's
// example.com is a name the node does not answer to: 421) with a body, if
// any, typed JSON.
func newRequest(method, target string, body io.Reader) *http.Request {
	req := httptest.NewRequest(method, target, body)
	req.Host = "127.0.0.1"
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func TestBodyMustBeJSON(t *testing.T) {
	h := New(newFakeBackend(), Options{})
	for _, tc := range []struct {
		method, path, ct string
		want             int
	}{
		{"POST", "/api/jobs", "text/plain", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs", "", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs", "application/x-www-form-urlencoded", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs", "multipart/form-data; boundary=x", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs/batch", "text/plain;charset=UTF-8", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs/stream", "text/plain", http.StatusUnsupportedMediaType},
		{"PUT", "/api/status", "text/plain", http.StatusUnsupportedMediaType},
		{"POST", "/api/jobs", "application/json", http.StatusOK},
		{"POST", "/api/jobs", "Application/JSON; charset=utf-8", http.StatusOK},
	} {
		t.Run(tc.method+" "+tc.path+" "+tc.ct, func(t *testing.T) {
			req := newRequest(tc.method, tc.path, strings.NewReader(`{"containers":["echo"],"data":{}}`))
			req.Header.Del("Content-Type")
			if tc.ct != "" {
				req.Header.Set("Content-Type", tc.ct)
			}
			req.RemoteAddr = local
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			require.Equal(t, tc.want, rec.Code, rec.Body.String())
			if tc.want == http.StatusUnsupportedMediaType {
				var body errorBody
				require.NoError(t, json.Unmarshal(rec.Body.Bytes(), &body))
				require.Equal(t, msgMediaType, body.Error)
				require.Equal(t, "application/json", body.Params["want"])
				require.Contains(t, body.Params["fix"], "Content-Type: application/json")
			}
		})
	}
}

func TestForeignHostIsMisdirected(t *testing.T) {
	h := New(newFakeBackend(), Options{Hosts: []string{"node.example.org", "Other.Example.org."}})
	for _, tc := range []struct {
		host string
		want int
	}{
		{"127.0.0.1", http.StatusOK},
		{"127.0.0.1:4000", http.StatusOK},
		{"[::1]:4000", http.StatusOK},
		{"10.1.2.3", http.StatusOK},
		{"localhost:4000", http.StatusOK},
		{"LOCALHOST", http.StatusOK},
		{"node.example.org:4000", http.StatusOK},
		{"other.example.org", http.StatusOK},
		{"attacker.example.com", http.StatusMisdirectedRequest},
		{"attacker.example.com:4000", http.StatusMisdirectedRequest},
		{"localhost.attacker.com", http.StatusMisdirectedRequest},
		{"127.0.0.1.nip.io", http.StatusMisdirectedRequest},
	} {
		t.Run(tc.host, func(t *testing.T) {
			req := newRequest("GET", "/health", nil)
			req.Host = tc.host
			req.RemoteAddr = local
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			require.Equal(t, tc.want, rec.Code, rec.Body.String())
			if tc.want == http.StatusMisdirectedRequest {
				require.Contains(t, rec.Body.String(), msgHost)
				require.Contains(t, rec.Body.String(), "server.hosts")
			}
		})
	}
	// DNS rebinding aimed at PUT /api/status from a page: refused before
	// the loopback rule is even asked.
	req := newRequest("PUT", "/api/status", strings.NewReader(`{"id":"x","status":"running"}`))
	req.Host = "rebind.attacker.com:4000"
	req.RemoteAddr = local
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	require.Equal(t, http.StatusMisdirectedRequest, rec.Code)
}
