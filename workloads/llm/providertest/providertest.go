// Package providertest is a stand-in for a paid LLM provider in tests and
// benchmarks: a loopback HTTP server speaking OpenAI's chat-completions and
// completions API, streaming known tokens with known delays, answering
// scripted errors, and recording when it sent each first token and whether
// a client went away mid-stream.
package providertest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"
)

// Options shapes the stand-in's answers.
type Options struct {
	// Tokens are the completion's tokens, one per streamed chunk.
	Tokens []string
	// FirstDelay is the wait before the first token (time to first token).
	FirstDelay time.Duration
	// Interval is the wait between tokens.
	Interval time.Duration
	// Script holds statuses for the next requests, in order (200 once it
	// runs out); a non-200 one answers an OpenAI error object.
	Script []int
	// PromptTokens is the usage's prompt count (default 7).
	PromptTokens int
}

// Server is a running stand-in. Its fields are read through methods.
type Server struct {
	URL string // base URL, ending in /v1

	opts      Options
	srv       *httptest.Server
	mu        sync.Mutex
	requests  []map[string]any
	firsts    chan time.Time
	cancelled chan struct{}
}

// Start starts a stand-in on loopback; Close stops it.
func Start(opts Options) *Server {
	if opts.PromptTokens == 0 {
		opts.PromptTokens = 7
	}
	s := &Server{opts: opts, firsts: make(chan time.Time, 1024), cancelled: make(chan struct{}, 1024)}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, true) })
	mux.HandleFunc("POST /v1/completions", func(w http.ResponseWriter, r *http.Request) { s.serve(w, r, false) })
	s.srv = httptest.NewServer(mux)
	s.URL = s.srv.URL + "/v1"
	return s
}

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Requests returns the request bodies received so far.
func (s *Server) Requests() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.requests...)
}

// FirstTokens receives, for each streamed answer, the time its first token
// started to be written to the connection.
func (s *Server) FirstTokens() <-chan time.Time { return s.firsts }

// Cancelled receives once for each stream whose client went away before
// it ended.
func (s *Server) Cancelled() <-chan struct{} { return s.cancelled }

func (s *Server) serve(w http.ResponseWriter, r *http.Request, chat bool) {
	var req map[string]any
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		writeError(w, http.StatusBadRequest, "invalid_request_error", "body is not JSON: "+err.Error())
		return
	}
	s.mu.Lock()
	s.requests = append(s.requests, req)
	status := http.StatusOK
	if len(s.opts.Script) > 0 {
		status, s.opts.Script = s.opts.Script[0], s.opts.Script[1:]
	}
	s.mu.Unlock()
	if status != http.StatusOK {
		typ := "server_error"
		if status == http.StatusTooManyRequests {
			typ = "rate_limit_error"
			w.Header().Set("Retry-After", "1")
		}
		writeError(w, status, typ, fmt.Sprintf("stand-in answers %d", status))
		return
	}
	model, _ := req["model"].(string)
	usage := map[string]int{"prompt_tokens": s.opts.PromptTokens, "completion_tokens": len(s.opts.Tokens), "total_tokens": s.opts.PromptTokens + len(s.opts.Tokens)}
	if stream, _ := req["stream"].(bool); !stream {
		if !s.wait(r, s.opts.FirstDelay) {
			return
		}
		text := ""
		for _, t := range s.opts.Tokens {
			text += t
		}
		choice := map[string]any{"index": 0, "finish_reason": "stop", "logprobs": nil}
		object, id := "text_completion", "cmpl-standin"
		if chat {
			choice["message"] = map[string]any{"role": "assistant", "content": text}
			object, id = "chat.completion", "chatcmpl-standin"
		} else {
			choice["text"] = text
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"id": id, "object": object, "created": 1700000000, "model": model,
			"choices": []any{choice}, "usage": usage})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	send := func(v any) bool {
		b, _ := json.Marshal(v)
		if _, err := fmt.Fprintf(w, "data: %s\n\n", b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	chunk := func(text string, finish any) map[string]any {
		if chat {
			delta := map[string]any{}
			if text != "" {
				delta["content"] = text
			}
			return map[string]any{"id": "chatcmpl-standin", "object": "chat.completion.chunk", "created": 1700000000, "model": model,
				"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": finish}}}
		}
		return map[string]any{"id": "cmpl-standin", "object": "text_completion", "created": 1700000000, "model": model,
			"choices": []any{map[string]any{"index": 0, "text": text, "finish_reason": finish, "logprobs": nil}}}
	}
	for i, t := range s.opts.Tokens {
		d := s.opts.Interval
		if i == 0 {
			d = s.opts.FirstDelay
		}
		if !s.wait(r, d) {
			s.cancelled <- struct{}{}
			return
		}
		at := time.Now()
		if !send(chunk(t, nil)) {
			s.cancelled <- struct{}{}
			return
		}
		if i == 0 {
			s.firsts <- at
		}
	}
	if !send(chunk("", "stop")) {
		s.cancelled <- struct{}{}
		return
	}
	if so, _ := req["stream_options"].(map[string]any); so["include_usage"] == true {
		u := chunk("", nil)
		u["choices"], u["usage"] = []any{}, usage
		send(u)
	}
	_, _ = fmt.Fprint(w, "data: [DONE]\n\n")
	_ = rc.Flush()
}

// wait sleeps d, or returns false when the client went away first.
func (s *Server) wait(r *http.Request, d time.Duration) bool {
	if d <= 0 {
		return r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

func writeError(w http.ResponseWriter, status int, typ, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": typ, "param": nil, "code": nil}})
}
