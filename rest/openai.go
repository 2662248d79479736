package rest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/infernode/infernode/internal/job"
)

// OpenAIBackend is what the OpenAI-compatible front door (docs/api.md)
// needs from the node. The /v1 routes are served when Options.OpenAI is
// set.
type OpenAIBackend interface {
	// OpenAI relays call, for client, to the llm container that serves
	// call.Model, under the access rules of an off-chain job to that
	// container. The reply is the container's, whatever its status; a
	// model no container serves is a CodeNotFound rejection.
	OpenAI(ctx context.Context, client string, call OpenAICall) (*OpenAIReply, error)
	// OpenAIModels lists the models client may ask for.
	OpenAIModels(ctx context.Context, client string) ([]OpenAIModel, error)
}

// OpenAICall is one POST /v1/chat/completions or /v1/completions.
type OpenAICall struct {
	// Path is the request's path, e.g. "/v1/chat/completions".
	Path   string
	Model  string
	Stream bool
	// Body is the request body as the client sent it.
	Body []byte
}

// OpenAIReply is the container's answer. Body streams; the front door
// closes it.
type OpenAIReply struct {
	Status      int
	ContentType string
	Body        io.ReadCloser
}

// OpenAIModel is one entry of GET /v1/models.
type OpenAIModel struct {
	ID      string `json:"id"`
	Object  string `json:"object"`
	Created int64  `json:"created"`
	OwnedBy string `json:"owned_by"`
}

// OpenAI route patterns.
const (
	routeOpenAIChat        = "/v1/chat/completions"
	routeOpenAICompletions = "/v1/completions"
	routeOpenAIModels      = "/v1/models"
)

// openAIError is OpenAI's error body: every /v1 error has this shape,
// the node's own (limits, access) and the provider's alike.
type openAIError struct {
	Error openAIErrorDetail `json:"error"`
}

type openAIErrorDetail struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

func writeOpenAIError(w http.ResponseWriter, status int, param, code, msg string) {
	d := openAIErrorDetail{Message: msg, Type: openAIErrorType(status)}
	if param != "" {
		d.Param = &param
	}
	if code != "" {
		d.Code = &code
	}
	writeJSON(w, status, openAIError{Error: d})
}

func openAIErrorType(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return "authentication_error"
	case http.StatusForbidden:
		return "permission_error"
	case http.StatusTooManyRequests:
		return "rate_limit_error"
	}
	if status >= 500 {
		return "server_error"
	}
	return "invalid_request_error"
}

// writeOpenAIRejection answers a rejection in OpenAI's shape: the message,
// and the rejection's field as param.
func writeOpenAIRejection(w http.ResponseWriter, je *job.Error) {
	status := httpStatus(je.Code)
	if status == http.StatusServiceUnavailable && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", strconv.Itoa(busyRetryAfter))
	}
	param, _ := je.Params["field"].(string)
	code := ""
	if status == http.StatusNotFound {
		code = "model_not_found"
	}
	msg := je.Message
	if c, ok := je.Params["container"].(string); ok && status == http.StatusForbidden {
		msg += " (container " + c + ")"
	}
	writeOpenAIError(w, status, param, code, msg)
}

// routeOpenAI registers the /v1 routes where the backend serves them,
// each behind the rate limiter, its refusals in OpenAI's shape.
func (s *server) routeOpenAI(r chi.Router) {
	ob := s.opts.OpenAI
	if ob == nil {
		return
	}
	s.openAIRoute(r, http.MethodGet, routeOpenAIModels, s.openAIModels(ob))
	s.openAIRoute(r, http.MethodPost, routeOpenAIChat, s.budgeted(s.openAIRelay(ob)))
	s.openAIRoute(r, http.MethodPost, routeOpenAICompletions, s.budgeted(s.openAIRelay(ob)))
}

func (s *server) openAIRoute(r chi.Router, method, pattern string, h http.HandlerFunc) {
	route := method + " " + pattern
	r.Method(method, pattern, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if s.limiter != nil {
			if ok, wait := s.limiter.Allow(s.rateKey(req, route), 1); !ok {
				w.Header().Set("Retry-After", strconv.Itoa(max(1, int(math.Ceil(wait.Seconds())))))
				writeOpenAIError(w, http.StatusTooManyRequests, "", "rate_limit_exceeded",
					fmt.Sprintf("%s: at most %d requests per %d s per client (server.rate_limit)", msgTooMany, s.limiter.Limit(), int(s.limiter.Period().Seconds())))
				return
			}
		}
		h(w, req)
	}))
	methods := method
	if method == http.MethodGet {
		methods += ", " + http.MethodHead
	}
	s.allow[pattern] = methods
}

func (s *server) openAIModels(ob OpenAIBackend) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		models, err := ob.OpenAIModels(r.Context(), clientOf(r))
		if err != nil {
			s.openAIFail(w, r, err)
			return
		}
		if models == nil {
			models = []OpenAIModel{}
		}
		writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": models})
	}
}

func (s *server) openAIFail(w http.ResponseWriter, r *http.Request, err error) {
	var je *job.Error
	if errors.As(err, &je) && httpStatus(je.Code) != http.StatusInternalServerError {
		writeOpenAIRejection(w, je)
		return
	}
	s.log.LogAttrs(r.Context(), slog.LevelError, "openai request failed", slog.String("path", r.URL.Path), slog.String("error", err.Error()))
	writeOpenAIError(w, http.StatusInternalServerError, "", "", msgInternal)
}

// openAIRelay passes a completion request to its container and the reply,
// streamed or not, back as it arrives: each chunk is flushed as soon as it
// is read, and a client that goes away ends the container's call.
func (s *server) openAIRelay(ob OpenAIBackend) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || !strings.EqualFold(mt, "application/json") {
			writeOpenAIError(w, http.StatusUnsupportedMediaType, "", "", msgMediaType+"; send it with the header Content-Type: application/json")
			return
		}
		if r.ContentLength > s.opts.MaxBodyBytes {
			writeOpenAIError(w, http.StatusRequestEntityTooLarge, "", "", fmt.Sprintf("%s: at most %d bytes (server.max_body_bytes)", msgTooLarge, s.opts.MaxBodyBytes))
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes))
		if err != nil {
			var mbe *http.MaxBytesError
			if errors.As(err, &mbe) {
				writeOpenAIError(w, http.StatusRequestEntityTooLarge, "", "", fmt.Sprintf("%s: at most %d bytes (server.max_body_bytes)", msgTooLarge, s.opts.MaxBodyBytes))
				return
			}
			if errors.Is(err, errBodyBudget) {
				s.metrics.limited.WithLabelValues(limitBodyBytes).Inc()
				w.Header().Set("Retry-After", strconv.Itoa(busyRetryAfter))
				writeOpenAIError(w, http.StatusServiceUnavailable, "", "", fmt.Sprintf("%s: too many request bodies are being read at once (server.max_body_bytes_in_flight); retry", msgBusy))
				return
			}
			writeOpenAIError(w, http.StatusBadRequest, "", "", msgInvalidRequest+"could not read the body: "+err.Error())
			return
		}
		var head struct {
			Model  json.RawMessage `json:"model"`
			Stream json.RawMessage `json:"stream"`
		}
		if err := json.Unmarshal(body, &head); err != nil {
			writeOpenAIError(w, http.StatusBadRequest, "", "", msgInvalidRequest+"the body must be a JSON object: "+err.Error())
			return
		}
		call := OpenAICall{Path: r.URL.Path, Body: body}
		if json.Unmarshal(head.Model, &call.Model) != nil || call.Model == "" {
			writeOpenAIError(w, http.StatusBadRequest, "model", "", msgInvalidRequest+"model is required: a string naming one of the models GET /v1/models lists")
			return
		}
		if len(head.Stream) > 0 && string(head.Stream) != "null" && json.Unmarshal(head.Stream, &call.Stream) != nil {
			writeOpenAIError(w, http.StatusBadRequest, "stream", "", msgInvalidRequest+"stream must be true or false")
			return
		}
		reply, err := ob.OpenAI(r.Context(), clientOf(r), call)
		if err != nil {
			s.openAIFail(w, r, err)
			return
		}
		defer reply.Body.Close()
		h := w.Header()
		ct := reply.ContentType
		if ct == "" {
			ct = "application/json"
		}
		h.Set("Content-Type", ct)
		h.Set("X-Content-Type-Options", "nosniff")
		if strings.HasPrefix(ct, "text/event-stream") {
			h.Set("Cache-Control", "no-cache")
			h.Set("X-Accel-Buffering", "no") // a reverse proxy must not hold tokens back
		}
		w.WriteHeader(reply.Status)
		// A client gone ends the copy; closing the body ends the provider call.
		if rerr := s.copyFlushing(w, reply.Body); rerr != nil && r.Context().Err() == nil {
			s.log.LogAttrs(r.Context(), slog.LevelWarn, "openai stream ended early", slog.String("path", r.URL.Path), slog.String("error", rerr.Error()))
		}
	}
}
