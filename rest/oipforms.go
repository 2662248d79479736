package rest

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/version"
)

// The forms real OIP clients send beside the plain ones (docs/api.md,
// "Open Inference Protocol"): tritonclient compresses bodies when asked
// (Content-Encoding gzip or deflate), asks for compressed replies
// (Accept-Encoding), and reads the server's metadata (GET /v2) and the
// model index (POST /v2/repository/index).

// ServerName is the name GET /v2 and the gRPC ServerMetadata give.
const ServerName = "infernode"

// ServerExtensions are the OIP extensions the node serves, as GET /v2 and
// the gRPC ServerMetadata list them.
var ServerExtensions = []string{"binary_tensor_data"}

// serverMetadata is the body of GET /v2.
type serverMetadata struct {
	Name       string   `json:"name"`
	Version    string   `json:"version"`
	Extensions []string `json:"extensions"`
}

func (s *server) oipServerMetadata(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, serverMetadata{Name: ServerName, Version: version.Version, Extensions: ServerExtensions})
}

// indexEntry is one model of POST /v2/repository/index.
type indexEntry struct {
	Name   string `json:"name"`
	State  string `json:"state"`
	Reason string `json:"reason,omitempty"`
}

// oipIndex lists the models the caller may use. The body is optional
// (tritonclient sends none); {"ready": true} keeps only the ready ones.
func (s *server) oipIndex(ob OIPBackend) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, jerr := s.readBody(w, r)
		if jerr != nil {
			writeRejection(w, jerr)
			return
		}
		var q struct {
			Ready bool `json:"ready"`
		}
		if len(bytes.TrimSpace(body)) > 0 {
			if err := json.Unmarshal(body, &q); err != nil {
				writeRejection(w, invalid("", `the body must be empty or {"ready": true|false}: `+err.Error()))
				return
			}
		}
		out := []indexEntry{}
		for _, m := range ob.Models(r.Context(), clientOf(r)) {
			if q.Ready && !m.Ready {
				continue
			}
			e := indexEntry{Name: m.Name, State: "READY"}
			if !m.Ready {
				e.State, e.Reason = "UNAVAILABLE", m.Reason
			}
			out = append(out, e)
		}
		writeJSON(w, http.StatusOK, out)
	}
}

// bodyEncodings are the Content-Encodings an infer body may have.
var bodyEncodings = map[string]bool{"": true, "identity": true, "gzip": true, "x-gzip": true, "deflate": true}

// encodingOf is the request's Content-Encoding, lower case.
func encodingOf(r *http.Request) string {
	return strings.ToLower(strings.TrimSpace(r.Header.Get("Content-Encoding")))
}

// refuseEncoding answers 415 to a body in a coding the node cannot undo
// (RFC 9110 15.5.16) and reports whether it did.
func refuseEncoding(w http.ResponseWriter, r *http.Request) bool {
	enc := encodingOf(r)
	if bodyEncodings[enc] {
		return false
	}
	writeJSON(w, http.StatusUnsupportedMediaType, errorBody{Error: msgEncoding,
		Params: map[string]any{"content_encoding": truncate(enc, 64), "want": "gzip, deflate or none"}})
	return true
}

// readOIPBody reads an infer body within the body limit, undoing its
// Content-Encoding: the limit bounds the decompressed bytes as well as the
// bytes on the wire, so a small compressed body that inflates past it is a
// 413 after at most the limit's worth of memory.
func (s *server) readOIPBody(w http.ResponseWriter, r *http.Request) ([]byte, *job.Error) {
	enc := encodingOf(r)
	if enc == "" || enc == "identity" {
		return s.readBody(w, r)
	}
	if r.ContentLength > s.opts.MaxBodyBytes {
		return nil, s.tooLarge()
	}
	raw := http.MaxBytesReader(w, r.Body, s.opts.MaxBodyBytes)
	var dec io.ReadCloser
	var err error
	switch enc {
	case "gzip", "x-gzip":
		dec, err = gzip.NewReader(raw)
	default: // deflate; refuseEncoding turned away the others
		dec, err = inflater(raw)
	}
	if err == nil {
		var body []byte
		body, err = io.ReadAll(io.LimitReader(dec, s.opts.MaxBodyBytes+1))
		_ = dec.Close()
		if err == nil && int64(len(body)) > s.opts.MaxBodyBytes {
			return nil, s.tooLarge()
		}
		if err == nil && !chargeDecoded(r, int64(len(body))) {
			return nil, s.budgetFull()
		}
		if err == nil {
			return body, nil
		}
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return nil, s.tooLarge()
	}
	if errors.Is(err, errBodyBudget) {
		return nil, s.budgetFull()
	}
	return nil, invalid("Content-Encoding", "the body is not valid "+enc+" data: "+err.Error())
}

// inflater reads "deflate" bodies: zlib-wrapped as HTTP means it (and
// tritonclient sends), or raw DEFLATE as some clients send it.
func inflater(r io.Reader) (io.ReadCloser, error) {
	br := bufio.NewReader(r)
	if h, err := br.Peek(2); err == nil && h[0]&0x0f == 8 && (uint16(h[0])<<8|uint16(h[1]))%31 == 0 {
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}

// replyEncoding is the coding an Accept-Encoding asks for among those the
// node writes: gzip, then deflate; "" for none.
func replyEncoding(accept string) string {
	best, bestQ := "", 0.0
	for _, part := range strings.Split(accept, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name != "gzip" && name != "deflate" {
			continue
		}
		q := 1.0
		if v, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
			if f, err := strconv.ParseFloat(v, 64); err == nil {
				q = f
			}
		}
		if q > 0 && (q > bestQ || (q == bestQ && name == "gzip")) {
			best, bestQ = name, q
		}
	}
	return best
}

// encodeReply compresses body in coding (gzip or deflate, the zlib format
// HTTP means), at the fastest level: a reply's CPU matters more than its
// bytes on the loopback and LAN links OIP clients use. The compressors are
// reused (one costs about 1 MB of tables to make).
func encodeReply(coding string, body []byte) ([]byte, error) {
	var buf bytes.Buffer
	pool := &zlibWriters
	if coding == "gzip" {
		pool = &gzipWriters
	}
	zw := pool.Get().(resetWriter)
	defer pool.Put(zw)
	zw.Reset(&buf)
	if _, err := zw.Write(body); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// resetWriter is a compressor that can be reused for another stream.
type resetWriter interface {
	io.WriteCloser
	Reset(io.Writer)
}

var (
	gzipWriters = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed)
		return w
	}}
	zlibWriters = sync.Pool{New: func() any {
		w, _ := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
		return w
	}}
)
