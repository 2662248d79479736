package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/workloads/internal/wltest"
	"github.com/infernode/infernode/workloads/protocol"
)

// recordingSleeper records the delays instead of sleeping.
type recordingSleeper struct {
	mu     sync.Mutex
	delays []time.Duration
}

func (r *recordingSleeper) Sleep(_ context.Context, d time.Duration) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.delays = append(r.delays, d)
	return nil
}

// fakeProvider is an OpenAI-compatible chat-completions server. Each call
// takes the next scripted status (200 once the script runs out).
type fakeProvider struct {
	t       require.TestingT
	mu      sync.Mutex
	script  []int
	calls   int
	bodies  []map[string]any
	auth    []string
	chunks  []string      // streamed deltas
	release chan struct{} // when set, each chunk after the first waits for it
}

func (f *fakeProvider) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	require.Equal(f.t, "/v1/chat/completions", r.URL.Path)
	var body map[string]any
	require.NoError(f.t, json.NewDecoder(r.Body).Decode(&body))
	f.mu.Lock()
	f.calls++
	f.bodies = append(f.bodies, body)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	status := http.StatusOK
	if len(f.script) > 0 {
		status, f.script = f.script[0], f.script[1:]
	}
	f.mu.Unlock()
	if status != http.StatusOK {
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":{"message":"scripted %d","type":"test"}}`, status)
		return
	}
	if body["stream"] == true {
		w.Header().Set("Content-Type", "text/event-stream")
		rc := http.NewResponseController(w)
		for i, c := range f.chunks {
			if i > 0 && f.release != nil {
				<-f.release
			}
			b, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": c}}}})
			fmt.Fprintf(w, ": keep-alive\n\ndata: %s\n\n", b)
			require.NoError(f.t, rc.Flush())
		}
		fmt.Fprint(w, "data: [DONE]\n\n")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprint(w, `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Hello there!"},"finish_reason":"stop"}]}`)
}

func setup(t *testing.T, f *fakeProvider, retry string) (*httptest.Server, *recordingSleeper) {
	t.Helper()
	f.t = t
	prov := wltest.Server(t, f)
	env := map[string]string{
		"PROVIDERA_API_KEY": "key-a", "PROVIDERA_BASE_URL": prov.URL + "/v1",
		"PROVIDERB_BASE_URL": prov.URL + "/v1", // no key
		"RETRY_PARAMS":       retry,
	}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	require.NoError(t, err)
	sl := &recordingSleeper{}
	cfg.Sleeper = sl
	cfg.Rand = func() float64 { return 0.5 } // jitter = min + 0.5*(max-min)
	s, err := New(cfg)
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	return srv, sl
}

const chat = `{"provider":"PROVIDERA","endpoint":"completions","model":"m-1","params":{"endpoint":"completions","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}]},"extra_args":{"max_tokens":16,"temperature":0.2}}`

func TestCompletion(t *testing.T) {
	f := &fakeProvider{}
	srv, sl := setup(t, f, "")
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":`+chat+`}`)
	require.Equal(t, http.StatusOK, status, string(body))
	require.JSONEq(t, `{"output":"Hello there!"}`, string(body))
	require.Equal(t, 1, f.calls)
	require.Empty(t, sl.delays)
	require.Equal(t, "Bearer key-a", f.auth[0])
	got, _ := json.Marshal(f.bodies[0])
	require.JSONEq(t, `{"model":"m-1","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}],"max_tokens":16,"temperature":0.2}`, string(got))
}

func TestStreamRelayedChunkByChunk(t *testing.T) {
	f := &fakeProvider{chunks: []string{"Hel", "lo ", "world"}, release: make(chan struct{})}
	srv, _ := setup(t, f, "")
	resp, err := http.Post(srv.URL+protocol.PathOutput, "application/json", strings.NewReader(`{"source":1,"destination":2,"data":`+chat+`}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	require.Equal(t, "text/plain; charset=utf-8", resp.Header.Get("Content-Type"))
	r := bufio.NewReader(resp.Body)
	// Each delta reaches the caller while the provider still holds back the
	// next one: the relay does not buffer.
	for i, want := range f.chunks {
		buf := make([]byte, len(want))
		_, err := io.ReadFull(r, buf)
		require.NoError(t, err)
		require.Equal(t, want, string(buf), "chunk %d", i)
		if i < len(f.chunks)-1 {
			f.release <- struct{}{}
		}
	}
	rest, err := io.ReadAll(r)
	require.NoError(t, err)
	require.Empty(t, rest)
	require.Equal(t, true, f.bodies[0]["stream"])
}

func TestRetriesWithBackoff(t *testing.T) {
	tests := []struct {
		name   string
		retry  string
		script []int
		status int
		calls  int
		delays []time.Duration
		err    string
	}{
		{"429 then 500 then success (defaults)", "", []int{429, 500}, 200, 3,
			// delay 3; then 3*2 + jitter (0.5 + 0.5*(1.5-0.5) = 1.0) = 7
			[]time.Duration{3 * time.Second, 7 * time.Second}, ""},
		{"exhausted", "", []int{503, 503, 503, 200}, 502, 3,
			[]time.Duration{3 * time.Second, 7 * time.Second}, "provider PROVIDERA answered 503: scripted 503 (after 3 attempts)"},
		{"custom params with max_delay", `{"tries":4,"delay":1,"max_delay":2.5,"backoff":3,"jitter":0.25}`, []int{500, 502, 429}, 200, 4,
			// 1; min(1*3+0.25, 2.5) = 2.5; min(2.5*3+0.25, 2.5) = 2.5
			[]time.Duration{time.Second, 2500 * time.Millisecond, 2500 * time.Millisecond}, ""},
		{"no retry on 400", "", []int{400}, 502, 1, nil, "provider PROVIDERA answered 400: scripted 400"},
		{"no retry on 401", "", []int{401}, 502, 1, nil, "provider PROVIDERA answered 401: scripted 401"},
		{"tries 1", `{"tries":1}`, []int{500}, 502, 1, nil, "provider PROVIDERA answered 500: scripted 500"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := &fakeProvider{script: tc.script}
			srv, sl := setup(t, f, tc.retry)
			status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":`+chat+`}`)
			require.Equal(t, tc.status, status, string(body))
			require.Equal(t, tc.calls, f.calls)
			require.Equal(t, tc.delays, sl.delays)
			if tc.err != "" {
				var reply protocol.ErrorReply
				require.NoError(t, json.Unmarshal(body, &reply))
				require.Equal(t, tc.err, reply.Error)
			}
		})
	}
}

func TestTransportErrorRetried(t *testing.T) {
	dead := wltest.DeadURL(t)
	sl := &recordingSleeper{}
	s, err := New(Config{Providers: map[string]Provider{"PROVIDERC": {APIKey: "k", BaseURL: dead}}, Sleeper: sl, Rand: func() float64 { return 0 }})
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	status, _, body := wltest.Post(t, srv.URL, `{"source":1,"destination":1,"data":{"provider":"providerc","model":"m","params":{"messages":[{"role":"user","content":"x"}]}}}`)
	require.Equal(t, http.StatusBadGateway, status)
	require.Contains(t, string(body), "provider PROVIDERC unreachable")
	require.Contains(t, string(body), "after 3 attempts")
	require.Equal(t, []time.Duration{3 * time.Second, 6500 * time.Millisecond}, sl.delays)
}

func TestClientErrors(t *testing.T) {
	f := &fakeProvider{}
	srv, _ := setup(t, f, "")
	tests := []struct {
		name, data, want string
	}{
		{"missing key", `{"provider":"PROVIDERB","model":"m","params":{"messages":[{"role":"user","content":"x"}]}}`, "provider PROVIDERB is not configured on this node: PROVIDERB_API_KEY is not set"},
		{"no base url", `{"provider":"PROVIDERC","model":"m","params":{"messages":[{"role":"user","content":"x"}]}}`, "PROVIDERC_API_KEY is not set"},
		{"unknown provider", `{"provider":"ACME","model":"m","params":{"messages":[{"role":"user","content":"x"}]}}`, `data.provider: "ACME" is unknown; use one of PROVIDERA, PROVIDERB, PROVIDERC`},
		{"no provider", `{"model":"m","params":{"messages":[{"role":"user","content":"x"}]}}`, "data.provider: missing"},
		{"no model", `{"provider":"PROVIDERA","params":{"messages":[{"role":"user","content":"x"}]}}`, "data.model: missing"},
		{"no params", `{"provider":"PROVIDERA","model":"m"}`, "data.params: missing"},
		{"no messages", `{"provider":"PROVIDERA","model":"m","params":{"messages":[]}}`, "data.params.messages: missing"},
		{"bad endpoint", `{"provider":"PROVIDERA","endpoint":"embeddings","model":"m","params":{"messages":[{"role":"user","content":"x"}]}}`, `data.endpoint: "embeddings" is not supported`},
		{"extra args override", `{"provider":"PROVIDERA","model":"m","params":{"messages":[{"role":"user","content":"x"}]},"extra_args":{"stream":true}}`, "data.extra_args.stream"},
		{"unknown field", `{"provider":"PROVIDERA","model":"m","params":{"messages":[]},"prompt":"x"}`, `unknown field "prompt"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Contains(t, wltest.ErrorReply(t, srv.URL, `{"source":1,"destination":1,"data":`+tc.data+`}`, http.StatusBadRequest), tc.want)
		})
	}
	require.Zero(t, f.calls, "no client mistake reaches the provider")
}

func TestOnChain(t *testing.T) {
	f := &fakeProvider{}
	srv, _ := setup(t, f, "")
	input := EncodeInputABI("PROVIDERA", "m-2", "what is 2+2?", `{"max_tokens":8}`)
	raw := wltest.OnChain(t, srv.URL, `{"source":0,"destination":0,"data":"`+hex.EncodeToString(input)+`","requires_proof":false}`, input)
	require.Equal(t, EncodeOutputABI("Hello there!"), raw)
	text, err := protocol.NewABIDecoder(EncodeOutputABI("Hello there!")).String(0)
	require.NoError(t, err)
	require.Equal(t, "Hello there!", text)
	got, _ := json.Marshal(f.bodies[0])
	require.JSONEq(t, `{"model":"m-2","messages":[{"role":"user","content":"what is 2+2?"}],"max_tokens":8}`, string(got))

	require.Contains(t, wltest.ErrorReply(t, srv.URL, `{"source":0,"destination":0,"data":"00"}`, http.StatusBadRequest), "on-chain input abi.encode(string provider")
}

func TestParseRetryParams(t *testing.T) {
	p, err := ParseRetryParams("")
	require.NoError(t, err)
	require.Equal(t, DefaultRetry(), p)
	p, err = ParseRetryParams(`{"tries":5,"jitter":[1,2]}`)
	require.NoError(t, err)
	require.Equal(t, 5, p.Tries)
	require.Equal(t, 3.0, p.Delay)
	require.Equal(t, Jitter{1, 2}, p.Jitter)
	for s, want := range map[string]string{
		`{"tries":0}`:      "tries is 0",
		`{"delay":-1}`:     "delay is -1",
		`{"max_delay":-2}`: "max_delay is -2",
		`{"jitter":[2,1]}`: "jitter must be",
		`{"retries":3}`:    `unknown field "retries"`,
		`not json`:         "RETRY_PARAMS",
		`{"backoff":-1}`:   "backoff is -1",
	} {
		_, err := ParseRetryParams(s)
		require.ErrorContains(t, err, want, s)
	}
}

func TestReadSSE(t *testing.T) {
	var got []string
	stream := "event: message\ndata: {\"choices\":[{\"delta\":{\"role\":\"assistant\"}}]}\n\n" +
		"data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\n" +
		": ping\n\n" +
		"data: {\"choices\":[{\"delta\":{\"content\":\"b\"}}]}\n\ndata: [DONE]\n\ndata: {\"choices\":[{\"delta\":{\"content\":\"never\"}}]}\n\n"
	require.NoError(t, readSSE("P", strings.NewReader(stream), func(d string) error { got = append(got, d); return nil }))
	require.Equal(t, []string{"a", "b"}, got)
	err := readSSE("P", strings.NewReader("data: {\"error\":{\"message\":\"overloaded\"}}\n\n"), func(string) error { return nil })
	require.ErrorContains(t, err, "stream error: overloaded")
	err = readSSE("P", strings.NewReader("data: nope\n\n"), func(string) error { return nil })
	require.ErrorContains(t, err, "not a chat-completion chunk")
}

func TestServiceResources(t *testing.T) {
	srv, _ := setup(t, &fakeProvider{}, "")
	res := wltest.Resources(t, srv.URL)
	require.Equal(t, "llm", res.ServiceID)
	require.Len(t, res.ComputeCapability, 1, "only the configured provider")
	require.Equal(t, "PROVIDERA", res.ComputeCapability[0].ID)
}

func FuzzDecodeInputJSON(f *testing.F) {
	f.Add([]byte(chat))
	f.Add([]byte(`{"provider":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := DecodeInputJSON(b)
		if err != nil {
			return
		}
		require.NotEmpty(t, in.Messages)
		require.NotEmpty(t, in.Model)
	})
}

// BenchmarkCompletion is one off-chain completion through the workload
// against a loopback provider: the workload's own overhead per call.
func BenchmarkCompletion(b *testing.B) {
	f := &fakeProvider{t: b}
	prov := httptest.NewServer(f)
	defer prov.Close()
	s, err := New(Config{Providers: map[string]Provider{"PROVIDERA": {APIKey: "k", BaseURL: prov.URL + "/v1"}}})
	require.NoError(b, err)
	srv := httptest.NewServer(s)
	defer srv.Close()
	body := `{"source":1,"destination":1,"data":` + chat + `}`
	for b.Loop() {
		wltest.PostOK(b, srv.Client(), srv.URL, body)
	}
}

func TestStreamProviderErrorBeforeFirstByte(t *testing.T) {
	f := &fakeProvider{script: []int{429, 400}, chunks: []string{"x"}}
	srv, sl := setup(t, f, "")
	status, hdr, body := wltest.Post(t, srv.URL, `{"source":1,"destination":2,"data":`+chat+`}`)
	require.Equal(t, http.StatusBadGateway, status, string(body))
	require.Equal(t, "application/json", hdr.Get("Content-Type"))
	require.JSONEq(t, `{"error":"provider PROVIDERA answered 400: scripted 400"}`, string(body))
	require.Equal(t, 2, f.calls, "429 retried, 400 final")
	require.Equal(t, []time.Duration{3 * time.Second}, sl.delays)
}

func FuzzReadSSE(f *testing.F) {
	f.Add([]byte("data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\ndata: [DONE]\n\n"))
	f.Add([]byte(": ping\n\nevent: x\ndata: {\"error\":{\"message\":\"m\"}}\n\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var n int
		_ = readSSE("P", bytes.NewReader(b), func(d string) error {
			require.NotEmpty(t, d, "empty deltas are not relayed")
			n += len(d)
			return nil
		})
		require.LessOrEqual(t, n, len(b))
	})
}

// The operator's key pays for every call: the allow-list of models, the
// token cap and one completion per request hold before the provider is
// called.
func TestOperatorLimits(t *testing.T) {
	f := &fakeProvider{t: t}
	prov := wltest.Server(t, f)
	env := map[string]string{"PROVIDERA_API_KEY": "key-a", "PROVIDERA_BASE_URL": prov.URL + "/v1",
		"LLM_ALLOWED_MODELS": "m-1, m-2", "LLM_MAX_TOKENS": "100"}
	cfg, err := ConfigFromEnv(func(k string) string { return env[k] })
	require.NoError(t, err)
	s, err := New(cfg)
	require.NoError(t, err)
	srv := wltest.Server(t, s)
	job := func(model, extra string) string {
		return `{"source":1,"destination":1,"data":{"provider":"PROVIDERA","model":"` + model + `","params":{"messages":[{"role":"user","content":"hi"}]},"extra_args":` + extra + `}}`
	}
	for _, tc := range []struct {
		name, model, extra string
		status             int
		want               string // the error, or the provider's body
	}{
		{"allowed, under the cap", "m-1", `{"max_tokens":16}`, 200, `{"model":"m-1","messages":[{"role":"user","content":"hi"}],"max_tokens":16}`},
		{"no cap asked: the node's", "m-2", `{}`, 200, `{"model":"m-2","messages":[{"role":"user","content":"hi"}],"max_tokens":100}`},
		{"over the cap: capped", "m-1", `{"max_tokens":1000000}`, 200, `{"model":"m-1","messages":[{"role":"user","content":"hi"}],"max_tokens":100}`},
		{"newer name capped", "m-1", `{"max_completion_tokens":1000000}`, 200, `{"model":"m-1","messages":[{"role":"user","content":"hi"}],"max_completion_tokens":100}`},
		{"n of 1", "m-1", `{"n":1,"max_tokens":5}`, 200, `{"model":"m-1","messages":[{"role":"user","content":"hi"}],"max_tokens":5,"n":1}`},
		{"n of 128", "m-1", `{"n":128}`, 400, `data.extra_args.n`},
		{"model not offered", "gpt-expensive", `{}`, 400, `\"gpt-expensive\" is not offered by this node; use one of m-1, m-2`},
		{"bad max_tokens", "m-1", `{"max_tokens":"lots"}`, 400, `data.extra_args.max_tokens`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			calls := f.calls
			status, _, body := wltest.Post(t, srv.URL, job(tc.model, tc.extra))
			require.Equal(t, tc.status, status, string(body))
			if tc.status != 200 {
				require.Contains(t, string(body), tc.want)
				require.Equal(t, calls, f.calls, "the provider is not called")
				return
			}
			got, _ := json.Marshal(f.bodies[len(f.bodies)-1])
			require.JSONEq(t, tc.want, string(got))
		})
	}

	env["LLM_MAX_TOKENS"] = "0"
	_, err = ConfigFromEnv(func(k string) string { return env[k] })
	require.ErrorContains(t, err, `LLM_MAX_TOKENS "0"`)
}
