package stub

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStubAnswers(t *testing.T) {
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	post := func(path, body string) string {
		resp, err := http.Post(srv.URL+path, "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
		return string(b)
	}
	require.Contains(t, post("/v1/chat/completions", `{"model":"stub-echo","messages":[{"role":"user","content":"Say hi"}]}`), `"content":"[stub] Say hi"`)
	stream := post("/v1/chat/completions", `{"model":"stub-echo","stream":true,"messages":[{"role":"user","content":"Say hi"}]}`)
	require.Contains(t, stream, `"delta":{"content":"[stub] "}`)
	require.True(t, strings.HasSuffix(stream, "data: [DONE]\n\n"))
	require.Contains(t, post("/v1/completions", `{"model":"stub-echo","prompt":"hello"}`), `"text":"[stub] hello"`)
	resp, err := http.Get(srv.URL + "/v1/models")
	require.NoError(t, err)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(b), `"id":"stub-echo"`)
}
