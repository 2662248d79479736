// Package service is the echo workload (docs/workloads.md): it returns its input, in
// the shape each destination of the container protocol expects. It is the
// reference workload: the node's `infernode dev` runs it in-process and the
// node's tests run it on loopback.
package service

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"

	"golang.org/x/crypto/sha3"

	"github.com/infernode/infernode/workloads/protocol"
)

// Config configures the echo service. The zero value is usable.
type Config struct {
	// Logger receives request errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts; the zero
	// value reads the real system.
	System protocol.System
	// StreamChunks is how many pieces a streamed reply is written in, each
	// flushed on its own so a relay can be observed; default 4.
	StreamChunks int
}

// ServiceID is the id echo reports in /service-resources.
const ServiceID = "echo"

// New returns the echo handler serving POST /service_output and
// GET /service-resources.
func New(cfg Config) (http.Handler, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.StreamChunks <= 0 {
		cfg.StreamChunks = 4
	}
	s := &server{cfg: cfg}
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	mux.Handle(protocol.PathResources, protocol.ResourcesHandler(ServiceID, capabilities, cfg.System, nil, cfg.Logger))
	return mux, nil
}

func capabilities() []protocol.ComputeCapability {
	return []protocol.ComputeCapability{{
		ID: "echo", Type: "echo", Task: []string{"echo"},
		Models: []protocol.MLModel{}, CachedModels: []protocol.MLModel{},
	}}
}

type server struct{ cfg Config }

func (s *server) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.cfg.Logger, err)
		return
	}
	switch req.Destination {
	case protocol.OnChain:
		in, err := req.InputBytes()
		if err != nil {
			protocol.WriteError(w, s.cfg.Logger, err)
			return
		}
		out := protocol.OnChainOutput{RawInput: protocol.Hex(in), RawOutput: protocol.Hex(in)}
		if req.RequiresProof {
			out.Proof = protocol.Hex(Keccak256(in))
		}
		protocol.WriteJSON(w, http.StatusOK, out)
	case protocol.Stream:
		s.stream(w, streamText(req.Data))
	default:
		protocol.WriteJSON(w, http.StatusOK, protocol.OffChainOutput{Output: req.Data})
	}
}

// streamText is what a stream echoes: the text of {"text": "..."} or of a
// JSON string, else the compact JSON text of data.
func streamText(data json.RawMessage) []byte {
	var s string
	if json.Unmarshal(data, &s) == nil {
		return []byte(s)
	}
	var obj struct {
		Text *string `json:"text"`
	}
	if json.Unmarshal(data, &obj) == nil && obj.Text != nil {
		return []byte(*obj.Text)
	}
	var buf bytes.Buffer
	if json.Compact(&buf, data) != nil {
		return data
	}
	return buf.Bytes()
}

// stream writes text in StreamChunks pieces, flushing after each so the
// node's relay sees them as they are sent.
func (s *server) stream(w http.ResponseWriter, text []byte) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	n := s.cfg.StreamChunks
	size := (len(text) + n - 1) / n
	if size == 0 {
		size = 1
	}
	for len(text) > 0 {
		k := min(size, len(text))
		if _, err := w.Write(text[:k]); err != nil {
			s.cfg.Logger.Warn("stream write failed", "err", err)
			return
		}
		if err := rc.Flush(); err != nil {
			s.cfg.Logger.Warn("stream flush failed", "err", err)
			return
		}
		text = text[k:]
	}
}

// Keccak256 is the legacy (Ethereum) Keccak-256 digest of b.
func Keccak256(b []byte) []byte {
	h := sha3.NewLegacyKeccak256()
	h.Write(b)
	return h.Sum(nil)
}
