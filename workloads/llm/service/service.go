// Package service is the llm (remote-provider inference) workload (docs/workloads.md): it forwards chat completions to one of three OpenAI-compatible
// providers, retrying per RETRY_PARAMS, and relays streamed text deltas as
// they arrive.
//
// Off-chain data is {"provider", "endpoint": "completions", "model",
// "params": {"endpoint", "messages": [{"role", "content"}]}, "extra_args"}
// and the reply is {"output": "<completion text>"}. On-chain input (source
// 0) is abi.encode(string provider, string model, string prompt, string
// extra_args_json) with the prompt sent as one user message; on-chain
// output (destination 0) has raw_output = abi.encode(string completion).
package service

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/redact"
)

// ServiceID is what the workload reports in /service-resources.
const ServiceID = "llm"

// Provider names, as requests write them (matched case-insensitively).
var ProviderNames = []string{"PROVIDERA", "PROVIDERB", "PROVIDERC"}

// Config configures the service.
type Config struct {
	// Providers by upper-case name; a provider without an APIKey answers
	// "not configured".
	Providers map[string]Provider
	// Retry is RETRY_PARAMS (default DefaultRetry()).
	Retry RetryParams
	// Sleeper waits between attempts (default RealSleeper).
	Sleeper Sleeper
	// Rand draws jitter uniformly in [0, 1) (default math/rand/v2).
	Rand func() float64
	// Client calls the providers (default: 10 s header timeout, no total
	// timeout so long streams are not cut).
	Client *http.Client
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
	// AllowedModels, when not empty, are the only models a request may
	// name (LLM_ALLOWED_MODELS): the operator's API key pays for them.
	AllowedModels []string
	// MaxTokens caps a request's max_tokens (and max_completion_tokens);
	// a request naming neither gets it (LLM_MAX_TOKENS, default
	// DefaultMaxTokens). It bounds what one request may cause as a whole:
	// the prompts of a prompt array × n × best_of × max_tokens.
	MaxTokens int
	// MaxStream ends an OpenAI API answer (a stream, or a reply that never
	// ends) this long after it began, whatever its pace
	// (LLM_MAX_STREAM_SECONDS, default DefaultMaxStream).
	MaxStream time.Duration
}

// DefaultMaxStream is the default bound of one answer's time.
const DefaultMaxStream = 300 * time.Second

// DefaultMaxTokens is the default cap of a completion's tokens.
const DefaultMaxTokens = 4096

// ConfigFromEnv reads PROVIDER{A,B,C}_API_KEY, PROVIDER{A,B,C}_BASE_URL,
// RETRY_PARAMS, LLM_ALLOWED_MODELS (comma-separated) and LLM_MAX_TOKENS.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	cfg := Config{Providers: map[string]Provider{}}
	for _, n := range ProviderNames {
		cfg.Providers[n] = Provider{APIKey: getenv(n + "_API_KEY"), BaseURL: getenv(n + "_BASE_URL")}
	}
	r, err := ParseRetryParams(getenv("RETRY_PARAMS"))
	if err != nil {
		return Config{}, err
	}
	cfg.Retry = r
	for _, m := range strings.Split(getenv("LLM_ALLOWED_MODELS"), ",") {
		if m = strings.TrimSpace(m); m != "" {
			cfg.AllowedModels = append(cfg.AllowedModels, m)
		}
	}
	if v := getenv("LLM_MAX_TOKENS"); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 {
			return Config{}, fmt.Errorf("llm: LLM_MAX_TOKENS %q: write a whole number of tokens, at least 1 (default %d)", v, DefaultMaxTokens)
		}
		cfg.MaxTokens = n
	}
	if v := getenv("LLM_MAX_STREAM_SECONDS"); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 1 {
			return Config{}, fmt.Errorf("llm: LLM_MAX_STREAM_SECONDS %q: write a whole number of seconds, at least 1 (default %d)", v, int(DefaultMaxStream.Seconds()))
		}
		cfg.MaxStream = time.Duration(n) * time.Second
	}
	return cfg, nil
}

// Service is the llm workload's HTTP handler. It is safe for concurrent use.
type Service struct {
	cfg    Config
	red    redact.Redactor
	log    *slog.Logger
	client *http.Client
	rnd    func() float64
	mux    *http.ServeMux
}

// New checks cfg: every configured base URL must be an http(s) URL.
func New(cfg Config) (*Service, error) {
	if cfg.Retry.Tries == 0 {
		cfg.Retry = DefaultRetry()
	}
	if cfg.Sleeper == nil {
		cfg.Sleeper = RealSleeper{}
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = DefaultMaxTokens
	}
	if cfg.MaxStream <= 0 {
		cfg.MaxStream = DefaultMaxStream
	}
	s := &Service{cfg: cfg, red: redactorOf(cfg), log: cfg.Logger, client: cfg.Client, rnd: cfg.Rand}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	s.log = s.red.Logger(s.log)
	if s.rnd == nil {
		s.rnd = rand.Float64
	}
	if s.client == nil {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.ResponseHeaderTimeout = 5 * time.Minute // a long completion answers late
		s.client = &http.Client{Transport: tr}
	}
	for name, p := range cfg.Providers {
		if p.BaseURL == "" {
			continue
		}
		u, err := url.Parse(p.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("llm: %s_BASE_URL %q is not an http(s) URL", name, p.BaseURL)
		}
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	s.mux.HandleFunc("POST "+PathChatCompletions, s.openAI("/chat/completions"))
	s.mux.HandleFunc("POST "+PathCompletions, s.openAI("/completions"))
	s.mux.HandleFunc("GET "+PathModels, s.models)
	s.mux.Handle(protocol.PathResources, protocol.ResourcesHandler(ServiceID, s.capabilities, cfg.System, nil, s.log))
	return s, nil
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Service) capabilities() []protocol.ComputeCapability {
	var configured []string
	for name, p := range s.cfg.Providers {
		if p.APIKey != "" && p.BaseURL != "" {
			configured = append(configured, name)
		}
	}
	sort.Strings(configured)
	caps := []protocol.ComputeCapability{}
	for _, name := range configured {
		caps = append(caps, protocol.ComputeCapability{ID: name, Type: "CSS", Task: []string{"completions"},
			Models: []protocol.MLModel{}, CachedModels: []protocol.MLModel{}, InferenceEngine: "OpenAI-compatible chat completions"})
	}
	return caps
}

// Message is one chat message.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// Input is the decoded request data.
type Input struct {
	Provider  string
	Model     string
	Messages  []Message
	ExtraArgs map[string]json.RawMessage
}

// DecodeInputJSON decodes and checks the off-chain data.
func DecodeInputJSON(data json.RawMessage) (Input, error) {
	var w struct {
		Provider string `json:"provider"`
		Endpoint string `json:"endpoint"`
		Model    string `json:"model"`
		Params   *struct {
			Endpoint string    `json:"endpoint"`
			Messages []Message `json:"messages"`
		} `json:"params"`
		ExtraArgs map[string]json.RawMessage `json:"extra_args"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Input{}, protocol.Invalid("data", "want {provider, endpoint, model, params{endpoint, messages}, extra_args}: %v", err)
	}
	if w.Endpoint != "" && w.Endpoint != "completions" {
		return Input{}, protocol.Invalid("data.endpoint", "%q is not supported; use \"completions\"", w.Endpoint)
	}
	if w.Params == nil {
		return Input{}, protocol.Invalid("data.params", "missing; give {\"endpoint\": \"completions\", \"messages\": [{\"role\", \"content\"}]}")
	}
	if w.Params.Endpoint != "" && w.Params.Endpoint != "completions" {
		return Input{}, protocol.Invalid("data.params.endpoint", "%q is not supported; use \"completions\"", w.Params.Endpoint)
	}
	in := Input{Provider: w.Provider, Model: w.Model, Messages: w.Params.Messages, ExtraArgs: w.ExtraArgs}
	return in, in.check()
}

func (in Input) check() error {
	if in.Provider == "" {
		return protocol.Invalid("data.provider", "missing; use one of %s", strings.Join(ProviderNames, ", "))
	}
	if in.Model == "" {
		return protocol.Invalid("data.model", "missing; name the provider's model")
	}
	if len(in.Messages) == 0 {
		return protocol.Invalid("data.params.messages", "missing; give at least one {\"role\", \"content\"}")
	}
	for i, m := range in.Messages {
		if m.Role == "" {
			return protocol.Invalid(fmt.Sprintf("data.params.messages[%d].role", i), "missing; use system, user or assistant")
		}
	}
	for _, k := range []string{"model", "messages", "stream"} {
		if _, ok := in.ExtraArgs[k]; ok {
			return protocol.Invalid("data.extra_args."+k, "may not be set here; %s comes from the request itself", k)
		}
	}
	return nil
}

// EncodeInputABI is the on-chain input: abi.encode(string provider, string
// model, string prompt, string extra_args_json).
func EncodeInputABI(provider, model, prompt, extraArgsJSON string) []byte {
	return protocol.ABIEncode(protocol.ABIString(provider), protocol.ABIString(model), protocol.ABIString(prompt), protocol.ABIString(extraArgsJSON))
}

// DecodeInputABI reverses EncodeInputABI.
func DecodeInputABI(b []byte) (Input, error) {
	d := protocol.NewABIDecoder(b)
	var f [4]string
	for i, name := range []string{"provider", "model", "prompt", "extra_args_json"} {
		s, err := d.String(i)
		if err != nil {
			return Input{}, protocol.Invalid("data", "on-chain input abi.encode(string provider, string model, string prompt, string extra_args_json): %s: %v", name, err)
		}
		f[i] = s
	}
	in := Input{Provider: f[0], Model: f[1], Messages: []Message{{Role: "user", Content: f[2]}}}
	if f[3] != "" {
		if err := json.Unmarshal([]byte(f[3]), &in.ExtraArgs); err != nil {
			return Input{}, protocol.Invalid("data", "on-chain extra_args_json is not a JSON object: %v", err)
		}
	}
	return in, in.check()
}

// EncodeOutputABI is the on-chain output: abi.encode(string completion).
func EncodeOutputABI(text string) []byte { return protocol.ABIEncode(protocol.ABIString(text)) }

func (s *Service) provider(name string) (string, Provider, error) {
	up := strings.ToUpper(strings.TrimSpace(name))
	p, ok := s.cfg.Providers[up]
	known := false
	for _, n := range ProviderNames {
		known = known || n == up
	}
	switch {
	case !known:
		return "", Provider{}, protocol.Invalid("data.provider", "%q is unknown; use one of %s", name, strings.Join(ProviderNames, ", "))
	case !ok || p.APIKey == "":
		return "", Provider{}, protocol.BadInput(fmt.Errorf("provider %s is not configured on this node: %s_API_KEY is not set", up, up))
	case p.BaseURL == "":
		return "", Provider{}, protocol.BadInput(fmt.Errorf("provider %s is not configured on this node: %s_BASE_URL is not set", up, up))
	}
	return up, p, nil
}

// limit applies the operator's bounds to a request before the provider
// is called with the operator's key: the model allow-list, at most
// MaxTokens tokens (a request asking more gets MaxTokens, one asking
// nothing gets MaxTokens too), and one completion (n).
func (s *Service) limit(in Input) (Input, error) {
	if len(s.cfg.AllowedModels) > 0 && !slices.Contains(s.cfg.AllowedModels, in.Model) {
		return in, protocol.Invalid("data.model", "%q is not offered by this node; use one of %s", in.Model, strings.Join(s.cfg.AllowedModels, ", "))
	}
	args := maps.Clone(in.ExtraArgs)
	if args == nil {
		args = map[string]json.RawMessage{}
	}
	capped := false
	for _, k := range []string{"max_tokens", "max_completion_tokens"} {
		raw, ok := args[k]
		if !ok {
			continue
		}
		capped = true
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n < 1 {
			return in, protocol.Invalid("data.extra_args."+k, "%s is not a whole number of tokens, at least 1 (this node allows at most %d)", raw, s.cfg.MaxTokens)
		}
		if n > int64(s.cfg.MaxTokens) {
			args[k] = json.RawMessage(strconv.Itoa(s.cfg.MaxTokens))
		}
	}
	if !capped {
		args["max_tokens"] = json.RawMessage(strconv.Itoa(s.cfg.MaxTokens))
	}
	if raw, ok := args["n"]; ok {
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n != 1 {
			return in, protocol.Invalid("data.extra_args.n", "%s: this node makes one completion per request; leave n out or set it to 1", raw)
		}
	}
	in.ExtraArgs = args
	return in, nil
}

func (s *Service) body(in Input, stream bool) ([]byte, error) {
	req := map[string]any{"model": in.Model, "messages": in.Messages}
	for k, v := range in.ExtraArgs {
		req[k] = v
	}
	if stream {
		req["stream"] = true
	}
	return json.Marshal(req)
}

func (s *Service) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	in, raw, err := protocol.DecodeInput(req, DecodeInputABI, DecodeInputJSON)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	name, p, err := s.provider(in.Provider)
	if err == nil {
		in, err = s.limit(in)
	}
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	body, err := s.body(in, req.Destination == protocol.Stream)
	if err != nil {
		protocol.WriteError(w, s.log, fmt.Errorf("encode provider request: %w", err))
		return
	}
	resp, err := s.withRetry(r.Context(), name, p, "/chat/completions", body)
	if err != nil {
		s.writeProviderError(w, err)
		return
	}
	defer resp.Body.Close()
	if req.Destination == protocol.Stream {
		s.relay(w, name, resp)
		return
	}
	text, err := completion(name, resp.Body)
	if err != nil {
		s.writeProviderError(w, err)
		return
	}
	text = s.red.String(text)
	if req.Destination == protocol.OnChain {
		protocol.WriteJSON(w, http.StatusOK, protocol.OnChainOutput{RawInput: protocol.Hex(raw), RawOutput: protocol.Hex(EncodeOutputABI(text))})
		return
	}
	protocol.WriteJSON(w, http.StatusOK, protocol.OffChainOutput{Output: text})
}

// writeProviderError answers a failed provider call with 502 and the
// provider's message (the node relays it as the container error).
func (s *Service) writeProviderError(w http.ResponseWriter, err error) {
	var pe *ProviderError
	var te *transportError
	if errors.As(err, &pe) || errors.As(err, &te) {
		s.log.Warn("provider call failed", "err", err)
		protocol.WriteJSON(w, http.StatusBadGateway, protocol.ErrorReply{Error: s.red.String(err.Error())})
		return
	}
	protocol.WriteError(w, s.log, err)
}

// relay copies the text deltas of an SSE stream to w, flushing each so the
// node's relay sees it as soon as the provider sends it.
func (s *Service) relay(w http.ResponseWriter, name string, resp *http.Response) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	err := readSSE(name, resp.Body, func(delta string) error {
		if _, err := w.Write(s.red.Bytes([]byte(delta))); err != nil {
			return err
		}
		return rc.Flush()
	})
	if err != nil {
		// The status is already sent: the stream just ends early.
		s.log.Warn("stream relay ended early", "provider", name, "err", err)
	}
}

// redactorOf knows the secrets the workload holds: its providers' API keys.
func redactorOf(cfg Config) redact.Redactor {
	var keys []string
	for _, p := range cfg.Providers {
		keys = append(keys, p.APIKey)
	}
	return redact.New(keys...)
}
