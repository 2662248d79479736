package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/infernode/infernode/workloads/protocol"
)

// The OpenAI-compatible API (docs/engines.md, the OpenAI front door): the
// node relays POST /v1/chat/completions, POST /v1/completions and
// GET /v1/models here as they come. Requests go to the first configured
// provider (A, B, C) under the same bounds as the container protocol's
// (LLM_ALLOWED_MODELS, LLM_MAX_TOKENS, one completion) and RETRY_PARAMS;
// replies, streamed ones included, are the provider's bytes as they
// arrive. Errors are OpenAI error objects with the provider's status.

// OpenAI API paths, on the workload as on the node.
const (
	PathChatCompletions = "/v1/chat/completions"
	PathCompletions     = "/v1/completions"
	PathModels          = "/v1/models"
)

// maxOpenAIBody bounds a request body (the node's own limit is lower).
const maxOpenAIBody = 32 << 20

// OpenAIError is the body of an OpenAI API error.
type OpenAIError struct {
	Error OpenAIErrorDetail `json:"error"`
}

// OpenAIErrorDetail is OpenAI's error object.
type OpenAIErrorDetail struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

// WriteOpenAIError answers status with an OpenAI error object; param and
// code may be empty.
func WriteOpenAIError(w http.ResponseWriter, status int, typ, param, code, format string, args ...any) {
	d := OpenAIErrorDetail{Message: fmt.Sprintf(format, args...), Type: typ}
	if param != "" {
		d.Param = &param
	}
	if code != "" {
		d.Code = &code
	}
	b, _ := json.Marshal(OpenAIError{Error: d})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// ModelList is GET /v1/models. AnyModel (not OpenAI's) says the workload
// has no LLM_ALLOWED_MODELS: it takes any model its provider serves.
type ModelList struct {
	Object   string  `json:"object"`
	Data     []Model `json:"data"`
	AnyModel bool    `json:"infernode_any_model,omitempty"`
}

// Model is one entry of a ModelList.
type Model struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

func (s *Service) models(w http.ResponseWriter, _ *http.Request) {
	l := ModelList{Object: "list", Data: []Model{}, AnyModel: len(s.cfg.AllowedModels) == 0}
	owner := "infernode"
	if name, _, ok := s.openAIProvider(); ok {
		owner = strings.ToLower(name)
	}
	for _, m := range s.cfg.AllowedModels {
		l.Data = append(l.Data, Model{ID: m, Object: "model", OwnedBy: owner})
	}
	protocol.WriteJSON(w, http.StatusOK, l)
}

// openAIProvider is the provider OpenAI API requests go to: the first
// configured one.
func (s *Service) openAIProvider() (string, Provider, bool) {
	for _, n := range ProviderNames {
		if p, ok := s.cfg.Providers[n]; ok && p.APIKey != "" && p.BaseURL != "" {
			return n, p, true
		}
	}
	return "", Provider{}, false
}

// openAI serves POST /v1/chat/completions and /v1/completions: path is
// the provider's path below its base URL.
func (s *Service) openAI(path string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		raw, err := io.ReadAll(io.LimitReader(r.Body, maxOpenAIBody+1))
		if err != nil {
			WriteOpenAIError(w, http.StatusBadRequest, "invalid_request_error", "", "", "could not read the body: %v", err)
			return
		}
		if len(raw) > maxOpenAIBody {
			WriteOpenAIError(w, http.StatusRequestEntityTooLarge, "invalid_request_error", "", "", "the body is larger than %d bytes", maxOpenAIBody)
			return
		}
		var req map[string]json.RawMessage
		if err := json.Unmarshal(raw, &req); err != nil || req == nil {
			WriteOpenAIError(w, http.StatusBadRequest, "invalid_request_error", "", "", "the body must be a JSON object: %v", err)
			return
		}
		body, stream, status, param, msg := s.limitOpenAI(req)
		if status != 0 {
			code := ""
			if status == http.StatusNotFound {
				code = "model_not_found"
			}
			WriteOpenAIError(w, status, "invalid_request_error", param, code, "%s", msg)
			return
		}
		name, p, ok := s.openAIProvider()
		if !ok {
			WriteOpenAIError(w, http.StatusServiceUnavailable, "server_error", "", "", "no provider is configured on this node: set PROVIDERA_API_KEY and PROVIDERA_BASE_URL")
			return
		}
		// The whole answer, stream or not, ends by LLM_MAX_STREAM_SECONDS.
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.MaxStream)
		defer cancel()
		resp, err := s.withRetry(ctx, name, p, path, body)
		if err != nil {
			s.writeOpenAIProviderError(w, err)
			return
		}
		defer resp.Body.Close()
		ct := resp.Header.Get("Content-Type")
		if ct == "" {
			ct = "application/json"
			if stream {
				ct = "text/event-stream"
			}
		}
		w.Header().Set("Content-Type", ct)
		if stream {
			w.Header().Set("Cache-Control", "no-cache")
		}
		w.WriteHeader(resp.StatusCode)
		err = copyFlushing(w, s.red.Reader(resp.Body))
		switch {
		case err == nil || r.Context().Err() != nil:
		case ctx.Err() != nil:
			s.log.Warn("openai answer cut at LLM_MAX_STREAM_SECONDS", "provider", name, "seconds", int(s.cfg.MaxStream.Seconds()))
			if stream {
				// An error event, as OpenAI's API ends a stream it cannot
				// finish: the client sees why it ended without [DONE].
				b, _ := json.Marshal(OpenAIError{Error: OpenAIErrorDetail{Type: "server_error",
					Message: fmt.Sprintf("the answer took longer than this node allows (LLM_MAX_STREAM_SECONDS, %d s) and was ended", int(s.cfg.MaxStream.Seconds()))}})
				_, _ = fmt.Fprintf(w, "data: %s\n\n", b)
			}
		default:
			s.log.Warn("openai relay ended early", "provider", name, "err", err)
		}
	}
}

// limitOpenAI applies the operator's bounds to an OpenAI request: the
// model allow-list, at most MaxTokens tokens (max_tokens, or
// max_completion_tokens, given or added), one completion (n). It returns
// the body to send, or a status (400, 404) with the parameter at fault.
func (s *Service) limitOpenAI(req map[string]json.RawMessage) (body []byte, stream bool, status int, param, msg string) {
	var model string
	if err := json.Unmarshal(req["model"], &model); err != nil || model == "" {
		return nil, false, http.StatusBadRequest, "model", "model is required: name one of the models GET /v1/models lists"
	}
	if len(s.cfg.AllowedModels) > 0 && !slices.Contains(s.cfg.AllowedModels, model) {
		return nil, false, http.StatusNotFound, "model", fmt.Sprintf("the model %q is not offered by this node; use one of %s", model, strings.Join(s.cfg.AllowedModels, ", "))
	}
	if raw, ok := req["stream"]; ok {
		if err := json.Unmarshal(raw, &stream); err != nil {
			return nil, false, http.StatusBadRequest, "stream", "stream must be true or false"
		}
	}
	capped := false
	for _, k := range []string{"max_tokens", "max_completion_tokens"} {
		raw, ok := req[k]
		if !ok || string(raw) == "null" {
			continue
		}
		capped = true
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n < 1 {
			return nil, false, http.StatusBadRequest, k, fmt.Sprintf("%s is not a whole number of tokens, at least 1 (this node allows at most %d)", raw, s.cfg.MaxTokens)
		}
		if n > int64(s.cfg.MaxTokens) {
			req[k] = json.RawMessage(strconv.Itoa(s.cfg.MaxTokens))
		}
	}
	if raw, ok := req["n"]; ok && string(raw) != "null" {
		var n int64
		if err := json.Unmarshal(raw, &n); err != nil || n != 1 {
			return nil, false, http.StatusBadRequest, "n", fmt.Sprintf("n is %s: this node makes one completion per request; leave n out or set it to 1", raw)
		}
	}
	// What one request may cause is bounded as a whole: every prompt of a
	// prompt array is completed best_of times, each up to max_tokens.
	prompts, err := promptCount(req["prompt"])
	if err != nil {
		return nil, false, http.StatusBadRequest, "prompt", err.Error()
	}
	bestOf := int64(1)
	if raw, ok := req["best_of"]; ok && string(raw) != "null" {
		if err := json.Unmarshal(raw, &bestOf); err != nil || bestOf < 1 {
			return nil, false, http.StatusBadRequest, "best_of", fmt.Sprintf("best_of is %s: give a whole number, at least 1, or leave it out", raw)
		}
	}
	completions := prompts * bestOf
	if completions > int64(s.cfg.MaxTokens) {
		return nil, false, http.StatusBadRequest, "prompt", fmt.Sprintf("%d prompts × best_of %d is %d completions, each of at least one token: more than the %d tokens this node allows one request (LLM_MAX_TOKENS); send fewer prompts or a lower best_of",
			prompts, bestOf, completions, s.cfg.MaxTokens)
	}
	// Each completion gets an equal part of LLM_MAX_TOKENS.
	each := int64(s.cfg.MaxTokens) / completions
	for _, k := range []string{"max_tokens", "max_completion_tokens"} {
		if raw, ok := req[k]; ok && string(raw) != "null" {
			var n int64
			_ = json.Unmarshal(raw, &n) // checked above
			if n > each {
				req[k] = json.RawMessage(strconv.FormatInt(each, 10))
			}
		}
	}
	if !capped {
		req["max_tokens"] = json.RawMessage(strconv.FormatInt(each, 10))
	}
	b, err := json.Marshal(req)
	if err != nil {
		return nil, false, http.StatusBadRequest, "", err.Error()
	}
	return b, stream, 0, "", ""
}

// promptCount is how many prompts a completions request's prompt holds: a
// string or a list of tokens is one; a list of strings or of token lists
// is one each. Absent (chat): one.
func promptCount(raw json.RawMessage) (int64, error) {
	if len(raw) == 0 || string(raw) == "null" || raw[0] != '[' {
		return 1, nil
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return 0, fmt.Errorf("prompt is not a string or a list: %v", err)
	}
	if len(items) == 0 {
		return 1, nil
	}
	if c := items[0]; len(c) > 0 && (c[0] == '"' || c[0] == '[') {
		return int64(len(items)), nil
	}
	return 1, nil // a list of tokens
}

// writeOpenAIProviderError answers a failed provider call: the provider's
// own status and error object where it sent one, else 502.
func (s *Service) writeOpenAIProviderError(w http.ResponseWriter, err error) {
	s.log.Warn("provider call failed", "err", err)
	var pe *ProviderError
	if errors.As(err, &pe) {
		var e OpenAIError
		if json.Unmarshal(pe.Body, &e) == nil && e.Error.Message != "" {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(pe.Status)
			_, _ = w.Write(s.red.Bytes(pe.Body))
			return
		}
		WriteOpenAIError(w, pe.Status, providerErrorType(pe.Status), "", "", "%s", s.red.String(pe.Message))
		return
	}
	var te *transportError
	if errors.As(err, &te) {
		WriteOpenAIError(w, http.StatusBadGateway, "server_error", "", "", "%s", s.red.String(err.Error()))
		return
	}
	WriteOpenAIError(w, http.StatusInternalServerError, "server_error", "", "", "%s", s.red.String(err.Error()))
}

func providerErrorType(status int) string {
	switch {
	case status == http.StatusTooManyRequests:
		return "rate_limit_error"
	case status >= 500:
		return "server_error"
	default:
		return "invalid_request_error"
	}
}

// copyFlushing copies src to w, flushing after every read, so each token
// the provider sends leaves as soon as it came.
func copyFlushing(w http.ResponseWriter, src io.Reader) error {
	rc := http.NewResponseController(w)
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := w.Write(buf[:n]); werr != nil {
				return werr
			}
			if ferr := rc.Flush(); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}
