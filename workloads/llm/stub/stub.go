// Package stub is a STUB LLM provider, not a model: a small HTTP server
// speaking OpenAI's chat-completions, completions and models API that
// answers every prompt with "[stub] " and the prompt's last message, word
// by word when streamed. `infernode dev --llm-stub` runs it on loopback
// behind the bundled llm workload so that the OpenAI front door (docs/api.md)
// can be tried without a provider's key. Nothing it says is generated.
package stub

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Model is the one model the stub offers.
const Model = "stub-echo"

// maxBody bounds a request the stub reads.
const maxBody = 1 << 20

// Handler returns the stub's handler (routes under /v1).
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/models", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{
			map[string]any{"id": Model, "object": "model", "created": 0, "owned_by": "infernode-stub"}}})
	})
	mux.HandleFunc("POST /v1/chat/completions", func(w http.ResponseWriter, r *http.Request) { serve(w, r, true) })
	mux.HandleFunc("POST /v1/completions", func(w http.ResponseWriter, r *http.Request) { serve(w, r, false) })
	return mux
}

type request struct {
	Model    string `json:"model"`
	Stream   bool   `json:"stream"`
	Prompt   any    `json:"prompt"`
	Messages []struct {
		Role    string `json:"role"`
		Content any    `json:"content"`
	} `json:"messages"`
}

func serve(w http.ResponseWriter, r *http.Request, chat bool) {
	var req request
	if err := json.NewDecoder(io.LimitReader(r.Body, maxBody)).Decode(&req); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"error": map[string]any{
			"message": "stub: the body is not an OpenAI request: " + err.Error(), "type": "invalid_request_error", "param": nil, "code": nil}})
		return
	}
	prompt := ""
	if chat && len(req.Messages) > 0 {
		prompt = text(req.Messages[len(req.Messages)-1].Content)
	} else if !chat {
		prompt = text(req.Prompt)
	}
	answer := "[stub] " + prompt
	words := strings.SplitAfter(answer, " ")
	id, now := fmt.Sprintf("stub-%d", time.Now().UnixNano()), time.Now().Unix()
	object := "text_completion"
	if chat {
		object = "chat.completion"
	}
	usage := map[string]int{"prompt_tokens": len(strings.Fields(prompt)), "completion_tokens": len(words), "total_tokens": len(strings.Fields(prompt)) + len(words)}
	choice := func(s string, final bool) map[string]any {
		c := map[string]any{"index": 0, "finish_reason": nil}
		if final {
			c["finish_reason"] = "stop"
		}
		switch {
		case chat && req.Stream:
			c["delta"] = map[string]string{"content": s}
		case chat:
			c["message"] = map[string]string{"role": "assistant", "content": s}
		default:
			c["text"] = s
		}
		return c
	}
	if !req.Stream {
		writeJSON(w, http.StatusOK, map[string]any{"id": id, "object": object, "created": now, "model": req.Model,
			"choices": []any{choice(answer, true)}, "usage": usage})
		return
	}
	if chat {
		object = "chat.completion.chunk"
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	flusher, _ := w.(http.Flusher)
	send := func(v any) {
		b, _ := json.Marshal(v)
		fmt.Fprintf(w, "data: %s\n\n", b)
		if flusher != nil {
			flusher.Flush()
		}
	}
	for i, word := range words {
		send(map[string]any{"id": id, "object": object, "created": now, "model": req.Model, "choices": []any{choice(word, i == len(words)-1)}})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// text is a message's content as text: a string, or the text parts of a
// list of content parts.
func text(v any) string {
	switch c := v.(type) {
	case string:
		return c
	case []any:
		var parts []string
		for _, p := range c {
			if m, ok := p.(map[string]any); ok {
				if s, ok := m["text"].(string); ok {
					parts = append(parts, s)
				}
			}
		}
		return strings.Join(parts, " ")
	}
	return ""
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
