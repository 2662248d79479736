package service

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/redact"
)

func TestLimitOpenAI(t *testing.T) {
	s, err := New(Config{AllowedModels: []string{"m"}, MaxTokens: 100})
	require.NoError(t, err)
	for _, tc := range []struct {
		name, in string
		status   int
		param    string
		want     map[string]any
	}{
		{"adds max_tokens", `{"model":"m"}`, 0, "", map[string]any{"model": "m", "max_tokens": 100.0}},
		{"caps max_tokens", `{"model":"m","max_tokens":1000}`, 0, "", map[string]any{"model": "m", "max_tokens": 100.0}},
		{"caps max_completion_tokens", `{"model":"m","max_completion_tokens":500}`, 0, "", map[string]any{"model": "m", "max_completion_tokens": 100.0}},
		{"keeps a lower one and the rest", `{"model":"m","max_tokens":5,"n":1,"temperature":0.2}`, 0, "", map[string]any{"model": "m", "max_tokens": 5.0, "n": 1.0, "temperature": 0.2}},
		{"other model", `{"model":"x"}`, http.StatusNotFound, "model", nil},
		{"no model", `{"messages":[]}`, http.StatusBadRequest, "model", nil},
		{"n", `{"model":"m","n":3}`, http.StatusBadRequest, "n", nil},
		{"max_tokens not a count", `{"model":"m","max_tokens":"lots"}`, http.StatusBadRequest, "max_tokens", nil},
		{"stream not a bool", `{"model":"m","stream":1}`, http.StatusBadRequest, "stream", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var req map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(tc.in), &req))
			body, _, status, param, _ := s.limitOpenAI(req)
			require.Equal(t, tc.status, status)
			require.Equal(t, tc.param, param)
			if tc.want != nil {
				var got map[string]any
				require.NoError(t, json.Unmarshal(body, &got))
				require.Equal(t, tc.want, got)
			}
		})
	}
}

func TestOpenAIModelsAndNoProvider(t *testing.T) {
	s, err := New(Config{})
	require.NoError(t, err)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, PathModels, nil))
	require.Equal(t, http.StatusOK, rec.Code)
	require.JSONEq(t, `{"object":"list","data":[],"infernode_any_model":true}`, rec.Body.String())

	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, PathChatCompletions, strings.NewReader(`{"model":"m"}`)))
	require.Equal(t, http.StatusServiceUnavailable, rec.Code)
	require.Contains(t, rec.Body.String(), `"type":"server_error"`)
	require.Contains(t, rec.Body.String(), "PROVIDERA_API_KEY")
}

// TestTokenProduct: the tokens one request may cause are bounded as a
// whole: prompts × best_of × max_tokens within LLM_MAX_TOKENS, capped where
// each completion can still have a token, refused (400 naming prompt)
// where it cannot.
func TestTokenProduct(t *testing.T) {
	for _, tc := range []struct {
		name, in  string
		max       int
		status    int
		maxTokens float64
	}{
		{"the hurt row: 50 prompts × best_of 20", `{"model":"m","prompt":` + prompts(50) + `,"best_of":20}`, 4096, 0, 4},
		{"and with max_tokens asked", `{"model":"m","prompt":` + prompts(50) + `,"best_of":20,"max_tokens":4096}`, 4096, 0, 4},
		{"two prompts, best_of 2", `{"model":"m","prompt":["a","b"],"best_of":2,"max_tokens":1000}`, 100, 0, 25},
		{"a lower ask is kept", `{"model":"m","prompt":["a","b"],"max_tokens":3}`, 100, 0, 3},
		{"token lists", `{"model":"m","prompt":[[1,2],[3]]}`, 100, 0, 50},
		{"one prompt of tokens", `{"model":"m","prompt":[1,2,3]}`, 100, 0, 100},
		{"more completions than tokens", `{"model":"m","prompt":` + prompts(50) + `,"best_of":20}`, 100, http.StatusBadRequest, 0},
		{"best_of not a count", `{"model":"m","best_of":0}`, 100, http.StatusBadRequest, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := New(Config{MaxTokens: tc.max})
			require.NoError(t, err)
			var req map[string]json.RawMessage
			require.NoError(t, json.Unmarshal([]byte(tc.in), &req))
			body, _, status, param, msg := s.limitOpenAI(req)
			require.Equal(t, tc.status, status, msg)
			if status != 0 {
				require.NotEmpty(t, param)
				require.Contains(t, msg, param)
				return
			}
			var got struct {
				Prompt    json.RawMessage `json:"prompt"`
				BestOf    *float64        `json:"best_of"`
				MaxTokens float64         `json:"max_tokens"`
			}
			require.NoError(t, json.Unmarshal(body, &got))
			require.Equal(t, tc.maxTokens, got.MaxTokens)
			n, err := promptCount(got.Prompt)
			require.NoError(t, err)
			bestOf := 1.0
			if got.BestOf != nil {
				bestOf = *got.BestOf
			}
			require.LessOrEqual(t, float64(n)*bestOf*got.MaxTokens, float64(tc.max), "the provider is asked for at most LLM_MAX_TOKENS")
		})
	}
}

func prompts(n int) string {
	p := make([]string, n)
	for i := range p {
		p[i] = strconv.Quote("prompt " + strconv.Itoa(i))
	}
	return "[" + strings.Join(p, ",") + "]"
}

const testKey = "sk-test-0123456789abcdef"

// TestProviderKeyRedacted: a provider whose answers quote the Authorization
// header (an error object, a bare error, a stream cutting the key across
// reads) never gets the key into a reply body or a log line.
func TestProviderKeyRedacted(t *testing.T) {
	for _, tc := range []struct {
		name    string
		handler http.HandlerFunc
		stream  bool
	}{
		{"an OpenAI error object", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprintf(w, `{"error":{"message":"Incorrect API key provided: %s (Authorization: %s)","type":"invalid_request_error"}}`,
				r.Header.Get("Authorization"), r.Header.Get("Authorization"))
		}, false},
		{"a bare error", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusForbidden)
			fmt.Fprintf(w, "forbidden: %s", r.Header.Get("Authorization"))
		}, false},
		{"a stream quoting it in pieces", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			auth := r.Header.Get("Authorization")
			for _, part := range []string{`data: {"choices":[{"delta":{"content":"` + auth[:12], auth[12:20], auth[20:] + `"}}]}` + "\n\n", "data: [DONE]\n\n"} {
				_, _ = io.WriteString(w, part)
				w.(http.Flusher).Flush()
			}
		}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			provider := httptest.NewServer(tc.handler)
			defer provider.Close()
			var logs bytes.Buffer
			s, err := New(Config{Providers: map[string]Provider{"PROVIDERA": {APIKey: testKey, BaseURL: provider.URL}},
				Logger: slog.New(slog.NewJSONHandler(&logs, nil)), Retry: RetryParams{Tries: 1}})
			require.NoError(t, err)
			srv := httptest.NewServer(s)
			defer srv.Close()
			body := `{"model":"m"}`
			if tc.stream {
				body = `{"model":"m","stream":true}`
			}
			resp, err := http.Post(srv.URL+PathChatCompletions, "application/json", strings.NewReader(body))
			require.NoError(t, err)
			b, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			require.NoError(t, err)
			require.NotContains(t, string(b), testKey, "the reply")
			require.NotContains(t, logs.String(), testKey, "the log")
			require.Contains(t, string(b)+logs.String(), redact.Redacted, "the key's place is marked")
		})
	}
}

// TestMaxStreamSeconds: a provider stream that never ends is ended at
// LLM_MAX_STREAM_SECONDS with an error event, and the provider's call is
// cancelled.
func TestMaxStreamSeconds(t *testing.T) {
	cancelled := make(chan struct{})
	provider := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for {
			_, _ = io.WriteString(w, `data: {"choices":[{"delta":{"content":"la"}}]}`+"\n\n")
			w.(http.Flusher).Flush()
			select {
			case <-r.Context().Done():
				close(cancelled)
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}))
	defer provider.Close()
	s, err := New(Config{Providers: map[string]Provider{"PROVIDERA": {APIKey: testKey, BaseURL: provider.URL}},
		MaxStream: 300 * time.Millisecond, Retry: RetryParams{Tries: 1}})
	require.NoError(t, err)
	srv := httptest.NewServer(s)
	defer srv.Close()
	resp, err := http.Post(srv.URL+PathChatCompletions, "application/json", strings.NewReader(`{"model":"m","stream":true}`))
	require.NoError(t, err)
	b, err := io.ReadAll(resp.Body) // ends: the test would hang otherwise
	resp.Body.Close()
	require.NoError(t, err)
	require.Contains(t, string(b), `"content":"la"`)
	require.Contains(t, string(b), "LLM_MAX_STREAM_SECONDS")
	require.NotContains(t, string(b), "[DONE]")
	<-cancelled
}

func TestMaxStreamSecondsFromEnv(t *testing.T) {
	cfg, err := ConfigFromEnv(func(k string) string { return map[string]string{"LLM_MAX_STREAM_SECONDS": "7"}[k] })
	require.NoError(t, err)
	require.Equal(t, 7*time.Second, cfg.MaxStream)
	_, err = ConfigFromEnv(func(k string) string { return map[string]string{"LLM_MAX_STREAM_SECONDS": "0"}[k] })
	require.ErrorContains(t, err, "LLM_MAX_STREAM_SECONDS")
}
