package node

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/config"
	"github.com/infernode/infernode/workloads/llm/providertest"
	llm "github.com/infernode/infernode/workloads/llm/service"
)

// openAIStack is a node serving the OpenAI API through the llm workload
// (in process, on loopback) from a provider stand-in.
type openAIStack struct {
	node     *testNode
	provider *providertest.Server
}

func startOpenAI(t testing.TB, opts providertest.Options, edit func(*config.Config)) *openAIStack {
	t.Helper()
	p := providertest.Start(opts)
	t.Cleanup(p.Close)
	svc, err := llm.New(llm.Config{
		Providers:     map[string]llm.Provider{"PROVIDERA": {BaseURL: p.URL, APIKey: "test-key"}},
		AllowedModels: []string{"gpt-test", "gpt-other"}, MaxTokens: 64,
		Retry: llm.RetryParams{Tries: 1, Backoff: 1},
	})
	require.NoError(t, err)
	w := httptest.NewServer(svc)
	t.Cleanup(w.Close)
	cfg := echoConfig(startEcho(t)) // containers that are not llm ones come first
	cfg.Containers = append(cfg.Containers, config.Container{ID: "llm", URL: w.URL, External: true})
	if edit != nil {
		edit(cfg)
	}
	return &openAIStack{node: startNode(t, cfg, Options{}), provider: p}
}

func (s *openAIStack) post(t testing.TB, path, body string) *http.Response {
	t.Helper()
	resp, err := http.Post(s.node.url+path, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	return resp
}

// sseEvents reads a whole SSE body: the data of each event.
func sseEvents(t testing.TB, r io.Reader) []string {
	t.Helper()
	var out []string
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		if d, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			out = append(out, d)
		}
	}
	require.NoError(t, sc.Err())
	return out
}

func TestOpenAIFrontDoor(t *testing.T) {
	s := startOpenAI(t, providertest.Options{Tokens: []string{"Hel", "lo", "!"}}, nil)

	t.Run("models", func(t *testing.T) {
		code, b := s.node.do(t, http.MethodGet, "/v1/models", "")
		require.Equal(t, http.StatusOK, code)
		require.JSONEq(t, `{"object":"list","data":[{"id":"gpt-test","object":"model","created":0,"owned_by":"llm"},{"id":"gpt-other","object":"model","created":0,"owned_by":"llm"}]}`, string(b))
	})

	t.Run("chat", func(t *testing.T) {
		resp := s.post(t, "/v1/chat/completions", `{"model":"gpt-test","messages":[{"role":"user","content":"hi"}],"max_tokens":1000}`)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		var c struct {
			Object  string `json:"object"`
			Choices []struct {
				Message struct{ Content string } `json:"message"`
			} `json:"choices"`
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&c))
		require.Equal(t, "chat.completion", c.Object)
		require.Equal(t, "Hello!", c.Choices[0].Message.Content)
		reqs := s.provider.Requests()
		require.EqualValues(t, 64, reqs[len(reqs)-1]["max_tokens"], "LLM_MAX_TOKENS caps the request")
	})

	t.Run("stream", func(t *testing.T) {
		resp := s.post(t, "/v1/chat/completions", `{"model":"gpt-test","stream":true,"messages":[{"role":"user","content":"hi"}]}`)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		require.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
		ev := sseEvents(t, resp.Body)
		require.Equal(t, "[DONE]", ev[len(ev)-1], "data: [DONE] ends the stream")
		var text string
		for _, e := range ev[:len(ev)-1] {
			var c struct {
				Object  string `json:"object"`
				Choices []struct {
					Delta struct{ Content string } `json:"delta"`
				} `json:"choices"`
			}
			require.NoError(t, json.Unmarshal([]byte(e), &c), e)
			require.Equal(t, "chat.completion.chunk", c.Object)
			text += c.Choices[0].Delta.Content
		}
		require.Equal(t, "Hello!", text)
	})

	t.Run("completions stream", func(t *testing.T) {
		resp := s.post(t, "/v1/completions", `{"model":"gpt-other","stream":true,"prompt":"say hi"}`)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		ev := sseEvents(t, resp.Body)
		require.Equal(t, "[DONE]", ev[len(ev)-1])
		require.Contains(t, ev[0], `"text":"Hel"`)
	})

	for _, tc := range []struct {
		name, path, body string
		status           int
		param, message   string
	}{
		{"unknown model", "/v1/chat/completions", `{"model":"gpt-5","messages":[]}`, 404, "model", "is not served by this node"},
		{"no model", "/v1/chat/completions", `{"messages":[]}`, 400, "model", "model is required"},
		{"n above 1", "/v1/chat/completions", `{"model":"gpt-test","n":2,"messages":[{"role":"user","content":"x"}]}`, 400, "n", "one completion per request"},
		{"bad max_tokens", "/v1/completions", `{"model":"gpt-test","max_tokens":0,"prompt":"x"}`, 400, "max_tokens", "at least 1"},
		{"not JSON", "/v1/completions", `{`, 400, "", "must be a JSON object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			resp := s.post(t, tc.path, tc.body)
			defer resp.Body.Close()
			require.Equal(t, tc.status, resp.StatusCode)
			var e struct {
				Error struct {
					Message string  `json:"message"`
					Type    string  `json:"type"`
					Param   *string `json:"param"`
				} `json:"error"`
			}
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
			require.Contains(t, e.Error.Message, tc.message)
			require.Equal(t, "invalid_request_error", e.Error.Type)
			if tc.param != "" {
				require.NotNil(t, e.Error.Param)
				require.Equal(t, tc.param, *e.Error.Param)
			}
		})
	}

	t.Run("metrics", func(t *testing.T) {
		_, m := s.node.do(t, http.MethodGet, "/metrics", "")
		require.Contains(t, string(m), "infernode_llm_time_to_first_token_seconds_count 2")
		require.Contains(t, string(m), `infernode_llm_tokens_total{kind="prompt"} 7`, "the non-streamed answer's usage")
		require.Contains(t, string(m), `infernode_llm_tokens_total{kind="completion"} 9`, "3 from usage, 3 chunks in each of two streams")
	})
}

// A provider's 429 reaches the client as an OpenAI error with that status.
func TestOpenAIProviderError(t *testing.T) {
	s := startOpenAI(t, providertest.Options{Tokens: []string{"x"}, Script: []int{http.StatusTooManyRequests, http.StatusServiceUnavailable}}, nil)
	for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
		resp := s.post(t, "/v1/chat/completions", `{"model":"gpt-test","stream":true,"messages":[{"role":"user","content":"hi"}]}`)
		require.Equal(t, status, resp.StatusCode)
		var e struct {
			Error struct {
				Message, Type string
			} `json:"error"`
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&e))
		resp.Body.Close()
		require.Contains(t, e.Error.Message, "stand-in answers")
		if status == http.StatusTooManyRequests {
			require.Equal(t, "rate_limit_error", e.Error.Type)
		}
	}
}

// A client that goes away mid-stream ends the provider's call.
func TestOpenAIDisconnectCancelsProvider(t *testing.T) {
	s := startOpenAI(t, providertest.Options{Tokens: []string{"first", "never"}, Interval: time.Hour}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.node.url+"/v1/chat/completions",
		strings.NewReader(`{"model":"gpt-test","stream":true,"messages":[{"role":"user","content":"hi"}]}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	require.NoError(t, err)
	require.Contains(t, line, `"first"`)
	cancel() // the client disconnects after the first token
	resp.Body.Close()
	select {
	case <-s.provider.Cancelled():
	case <-time.After(time.Minute): // a guard; the event is what is awaited
		t.Fatal("the provider's call was not cancelled")
	}
}

// Access rules and rate limits apply, their refusals in OpenAI's shape.
func TestOpenAIAccessAndRateLimit(t *testing.T) {
	s := startOpenAI(t, providertest.Options{Tokens: []string{"x"}}, func(c *config.Config) {
		c.Server.RateLimit = &config.RateLimit{NumRequests: 1, Period: 3600}
		c.Containers[len(c.Containers)-1].AllowedIPs = []string{"10.0.0.0/8"}
	})
	resp := s.post(t, "/v1/chat/completions", `{"model":"gpt-test","messages":[{"role":"user","content":"x"}]}`)
	require.Equal(t, http.StatusForbidden, resp.StatusCode)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(b), `"type":"permission_error"`)
	resp = s.post(t, "/v1/chat/completions", `{"model":"gpt-test","messages":[{"role":"user","content":"x"}]}`)
	require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
	require.NotEmpty(t, resp.Header.Get("Retry-After"))
	b, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	require.Contains(t, string(b), `"type":"rate_limit_error"`)
	require.Empty(t, s.provider.Requests())
}

// The official openai npm client (pinned in testdata/openaiclient, installed
// by .ci/tools.sh) against the node: models, chat and completions, streamed
// and not, and a provider 429 as the client's APIError.
func TestOpenAINpmClient(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Node.js with the openai npm client")
	}
	nodeBin, err := exec.LookPath("node")
	require.NoError(t, err, "node (Node.js) runs the openai npm client; .ci installs it")
	dir, err := filepath.Abs("testdata/openaiclient")
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir, "node_modules", "openai", "package.json"))
	require.NoError(t, err, "the openai npm client is not installed: run `bash .ci/tools.sh` (npm ci --prefix node/testdata/openaiclient)")
	s := startOpenAI(t, providertest.Options{Tokens: []string{"Hel", "lo", "!"}, Script: []int{200, 200, 200, 429}}, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nodeBin, filepath.Join(dir, "client.mjs"), s.node.url+"/v1")
	cmd.Dir = dir
	out, err := cmd.Output()
	var stderr string
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = string(ee.Stderr)
	}
	require.NoError(t, err, stderr)
	var got struct {
		Models     []string `json:"models"`
		Chat       string   `json:"chat"`
		Stream     []string `json:"stream"`
		Completion []string `json:"completion"`
		Error      struct {
			Status int    `json:"status"`
			Type   string `json:"type"`
		} `json:"error"`
	}
	require.NoError(t, json.Unmarshal(out, &got), string(out))
	sort.Strings(got.Models)
	require.Equal(t, []string{"gpt-other", "gpt-test"}, got.Models)
	require.Equal(t, "Hello!", got.Chat)
	require.Equal(t, []string{"Hel", "lo", "!"}, slices.DeleteFunc(got.Stream, func(s string) bool { return s == "" }))
	require.Equal(t, []string{"Hel", "lo", "!"}, slices.DeleteFunc(got.Completion, func(s string) bool { return s == "" }))
	require.Equal(t, http.StatusTooManyRequests, got.Error.Status)
	require.Equal(t, "rate_limit_error", got.Error.Type)
}

// BenchmarkOpenAIFirstToken measures what the node adds to the time to
// first token: a streamed chat completion through the node and the llm
// workload from the stand-in, which sends its first token after 20 ms.
// node-overhead-ms is the median, over the iterations, of the time the
// first token reached the client minus the time the stand-in flushed it.
func BenchmarkOpenAIFirstToken(b *testing.B) {
	s := startOpenAI(b, providertest.Options{Tokens: []string{"a", "b", "c"}, FirstDelay: 20 * time.Millisecond}, nil)
	const body = `{"model":"gpt-test","stream":true,"messages":[{"role":"user","content":"hi"}]}`
	var overheads []time.Duration
	for b.Loop() {
		resp := s.post(b, "/v1/chat/completions", body)
		r := bufio.NewReader(resp.Body)
		for {
			line, err := r.ReadString('\n')
			require.NoError(b, err)
			if strings.Contains(line, `"content":"a"`) {
				break
			}
		}
		got := time.Now()
		sent := <-s.provider.FirstTokens()
		overheads = append(overheads, got.Sub(sent))
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	slices.Sort(overheads)
	b.ReportMetric(float64(overheads[len(overheads)/2].Microseconds())/1000, "node-overhead-ms")
	b.ReportMetric(float64(overheads[len(overheads)*9/10].Microseconds())/1000, "p90-overhead-ms")
}

// A model goes to the container that lists it, else to one that takes any
// model; /v1/models lists what is listed.
func TestOpenAIRoutesByModel(t *testing.T) {
	anyProvider := providertest.Start(providertest.Options{Tokens: []string{"any"}})
	t.Cleanup(anyProvider.Close)
	svc, err := llm.New(llm.Config{Providers: map[string]llm.Provider{"PROVIDERB": {BaseURL: anyProvider.URL, APIKey: "k"}},
		Retry: llm.RetryParams{Tries: 1, Backoff: 1}})
	require.NoError(t, err)
	w := httptest.NewServer(svc)
	t.Cleanup(w.Close)
	s := startOpenAI(t, providertest.Options{Tokens: []string{"listed"}}, func(c *config.Config) {
		// The any-model container comes first: a container listing the
		// model by name still wins.
		c.Containers = append([]config.Container{{ID: "llm-any", URL: w.URL, External: true}}, c.Containers...)
	})
	for model, want := range map[string]string{"gpt-test": "listed", "some-other-model": "any"} {
		resp := s.post(t, "/v1/chat/completions", `{"model":"`+model+`","messages":[{"role":"user","content":"x"}]}`)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, string(b))
		require.Contains(t, string(b), `"content":"`+want+`"`, model)
	}
	require.Len(t, s.provider.Requests(), 1)
	require.Len(t, anyProvider.Requests(), 1)
	code, b := s.node.do(t, http.MethodGet, "/v1/models", "")
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, string(b), `"owned_by":"llm"`)
	require.NotContains(t, string(b), "llm-any")
}

// TestOpenAIProviderKeyNeverRelayed: a container that is not the bundled
// llm passes on a provider's 401 quoting its key: the node takes the key
// (the container's *_API_KEY env value) out of the reply, and logs none.
func TestOpenAIProviderKeyNeverRelayed(t *testing.T) {
	const key = "sk-live-abcdef0123456789"
	rogue := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Method == http.MethodGet {
			_, _ = io.WriteString(w, `{"object":"list","data":[{"id":"m","object":"model"}]}`)
			return
		}
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = io.WriteString(w, `{"error":{"message":"Incorrect API key provided: Bearer `+key+`","type":"invalid_request_error"}}`)
	}))
	t.Cleanup(rogue.Close)
	var logs bytes.Buffer
	cfg := &config.Config{Containers: []config.Container{{ID: "rogue", URL: rogue.URL, External: true,
		Env: map[string]string{"PROVIDERA_API_KEY": key}}}}
	tn := startNode(t, cfg, Options{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	resp, err := http.Post(tn.url+"/v1/chat/completions", "application/json", strings.NewReader(`{"model":"m","messages":[]}`))
	require.NoError(t, err)
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
	require.Contains(t, string(b), "Incorrect API key provided: Bearer [REDACTED]")
	require.NotContains(t, string(b), key)
	require.NotContains(t, logs.String(), key)
	_, metrics := tn.do(t, http.MethodGet, "/metrics", "")
	require.NotContains(t, string(metrics), key)
}
