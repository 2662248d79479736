package node

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// What a hostile web page can send to a node it reaches through the
// operator's browser creates nothing (issue 21): a text/plain POST (no
// CORS preflight) is 415, a request under a rebound name is 421, even for
// PUT /api/status from loopback.
func TestWebPageCannotUseTheNode(t *testing.T) {
	tn := startNode(t, echoConfig(startEcho(t)), Options{})
	send := func(method, path, host, ctype, body string) (int, string) {
		t.Helper()
		req, err := http.NewRequest(method, tn.url+path, strings.NewReader(body))
		require.NoError(t, err)
		if host != "" {
			req.Host = host
		}
		if ctype != "" {
			req.Header.Set("Content-Type", ctype)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	job := `{"containers":["echo"],"data":{"x":1}}`

	code, body := send(http.MethodPost, "/api/jobs", "", "text/plain", job)
	require.Equal(t, http.StatusUnsupportedMediaType, code, body)
	require.Contains(t, body, "Content-Type: application/json")
	code, body = send(http.MethodPost, "/api/jobs", "", "application/x-www-form-urlencoded", job)
	require.Equal(t, http.StatusUnsupportedMediaType, code, body)
	code, body = send(http.MethodPost, "/api/jobs", "rebind.attacker.example:4000", "application/json", job)
	require.Equal(t, http.StatusMisdirectedRequest, code, body)
	code, body = send(http.MethodPut, "/api/status", "rebind.attacker.example", "application/json", `{"id":"x","status":"running","containers":["echo"]}`)
	require.Equal(t, http.StatusMisdirectedRequest, code, body)

	code, body = send(http.MethodGet, "/api/jobs", "", "", "")
	require.Equal(t, http.StatusOK, code, body)
	require.JSONEq(t, `[]`, body, "no job was created")

	code, body = send(http.MethodPost, "/api/jobs", "localhost:4000", "application/json; charset=utf-8", job)
	require.Equal(t, http.StatusOK, code, body)
}
