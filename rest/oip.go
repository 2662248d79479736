package rest

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/oip"
)

// OIPBackend is what the Open Inference Protocol v2 front door
// (docs/api.md) needs from the node beside Backend. The /v2 routes are
// served when Options.OIP is set.
type OIPBackend interface {
	// OIP relays call to the container it names for client, under the
	// access rules of an off-chain job to that container: an unknown
	// container is a CodeNotFound rejection. The reply is the container's,
	// whatever its status.
	OIP(ctx context.Context, client string, call OIPCall) (OIPReply, error)
	// Models lists the containers client may call, with their readiness
	// (POST /v2/repository/index), in configuration order.
	Models(ctx context.Context, client string) []OIPModel
}

// OIPModel is one entry of the model index.
type OIPModel struct {
	Name  string
	Ready bool
	// Reason says why a model is not ready.
	Reason string
}

// OIPCall is one OIP request for a container.
type OIPCall struct {
	Container string
	Method    string
	// Path is the request's path, e.g. "/v2/models/onnx/infer".
	Path string
	// HeaderLength is the Inference-Header-Content-Length header, "" if
	// absent; ContentType the request's Content-Type.
	HeaderLength, ContentType string
	Body                      []byte
	// Tail is more of the body, after Body, in parts passed on as they are
	// (the gRPC door's raw tensors after the JSON header it wrote); REST
	// calls have none.
	Tail [][]byte
}

// OIPReply is a container's answer to an OIPCall.
type OIPReply struct {
	Status                    int
	ContentType, HeaderLength string
	Body                      []byte
	// Release, when set, gives the body's bytes back to the node's reply
	// budget (server.max_reply_bytes_in_flight): the front door calls it
	// once the reply is written or copied.
	Release func()
}

// Done calls r.Release, if any.
func (r OIPReply) Done() {
	if r.Release != nil {
		r.Release()
	}
}

// OIP route patterns.
const (
	routeOIPServer = "/v2"
	routeOIPLive   = oip.PathLive
	routeOIPReady  = oip.PathReady
	routeOIPIndex  = "/v2/repository/index"
)

// routeOIP registers the /v2 routes where the backend serves them. Every
// route has the rate limiter, metrics and spans of the job routes.
func (s *server) routeOIP(r chi.Router) {
	ob := s.opts.OIP
	if ob == nil {
		return
	}
	s.route(r, http.MethodGet, routeOIPServer, s.oipServerMetadata)
	s.route(r, http.MethodPost, routeOIPIndex, s.oipIndex(ob))
	s.route(r, http.MethodGet, routeOIPLive, func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, http.StatusOK, map[string]bool{"live": true})
	})
	s.route(r, http.MethodGet, routeOIPReady, func(w http.ResponseWriter, r *http.Request) {
		// Healthy returns why the node is not healthy, nil when it is.
		ready := s.b.Healthy(r.Context()) == nil
		status := http.StatusOK
		if !ready {
			status = http.StatusServiceUnavailable
		}
		writeJSON(w, status, map[string]bool{"ready": ready})
	})
	for _, base := range []string{"/v2/models/{name}", "/v2/models/{name}/versions/{version}"} {
		s.route(r, http.MethodGet, base, s.oipRelay(ob, false))
		s.route(r, http.MethodGet, base+"/ready", s.oipRelay(ob, false))
		s.route(r, http.MethodPost, base+"/infer", s.oipRelay(ob, true))
	}
}

// oipRelay passes one request to the container {name}. An infer body is
// read within the body limit (decompressed, where it came compressed) and
// its header checked against its binary part (oip.Check) before the
// container sees it; the tensor bytes are passed on as they came. The
// reply is compressed where the client's Accept-Encoding asks; its
// Inference-Header-Content-Length is the uncompressed header's, as
// tritonclient reads it.
func (s *server) oipRelay(ob OIPBackend, infer bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		call := OIPCall{Container: chi.URLParam(r, "name"), Method: r.Method, Path: r.URL.Path}
		q, jerr := parseQuery(r)
		if jerr != nil {
			writeRejection(w, jerr)
			return
		}
		if id := q.Get("model_id"); id != "" && !infer {
			// The metadata of another model than the default; nothing else
			// of the query is passed on.
			call.Path += "?model_id=" + url.QueryEscape(id)
		}
		if infer {
			if refuseEncoding(w, r) {
				return
			}
			body, jerr := s.readOIPBody(w, r)
			if jerr != nil {
				writeRejection(w, jerr)
				return
			}
			call.HeaderLength = r.Header.Get(oip.HeaderLength)
			call.ContentType = r.Header.Get("Content-Type")
			if err := oip.Check(body, call.HeaderLength); err != nil {
				writeJSON(w, http.StatusBadRequest, errorBody{Error: err.Error()})
				return
			}
			call.Body = body
		}
		reply, err := ob.OIP(r.Context(), clientOf(r), call)
		if err != nil {
			var je *job.Error
			if errors.As(err, &je) && je.Code == job.CodeNotFound {
				writeJSON(w, http.StatusNotFound, errorBody{Error: je.Message})
				return
			}
			s.fail(w, r, "oip "+call.Path, err)
			return
		}
		defer reply.Done()
		h := w.Header()
		h.Add("Vary", "Accept-Encoding")
		if coding := replyEncoding(r.Header.Get("Accept-Encoding")); coding != "" && len(reply.Body) > 0 {
			if z, err := encodeReply(coding, reply.Body); err == nil && s.opts.ReplyBudget.Take(int64(len(z))) {
				defer s.opts.ReplyBudget.Give(int64(len(z)))
				reply.Body = z
				h.Set("Content-Encoding", coding)
			}
		}
		if reply.ContentType != "" {
			h.Set("Content-Type", reply.ContentType)
		}
		if reply.HeaderLength != "" {
			h.Set(oip.HeaderLength, reply.HeaderLength)
		}
		h.Set("Content-Length", strconv.Itoa(len(reply.Body)))
		w.WriteHeader(reply.Status)
		_, _ = w.Write(reply.Body)
	}
}
