package modelsvc

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
)

// OIP is what a workload brings to serve the Open Inference Protocol v2
// (package oip; docs/api.md) beside the container protocol. Every field is
// required.
type OIP[M, In, Out any] struct {
	// Platform is the metadata's platform, e.g. "onnxruntime_onnx".
	Platform string
	// Metadata describes m's inputs and outputs.
	Metadata func(m M) (inputs, outputs []oip.TensorMeta)
	// Input makes a request's data from its inputs; its errors are the
	// client's (400).
	Input func(modelID string, ins []oip.Input) (In, error)
	// Outputs names an inference's output tensors.
	Outputs func(Out) []oip.Output
}

// MaxOIPBytes bounds an OIP request body the workload reads, the container
// protocol's bound (the node enforces its own, server.max_body_bytes).
const MaxOIPBytes = protocol.MaxRequestBytes

// routeOIP registers the OIP paths; {name} is the service's name as the
// node or client knows it, and the model is parameters.model_id or the
// default model.
func (s *Service[M, In, Out]) routeOIP() {
	ok := func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusOK) }
	s.mux.HandleFunc("GET "+oip.PathLive, ok)
	s.mux.HandleFunc("GET "+oip.PathReady, ok)
	for _, base := range []string{"/v2/models/{name}", "/v2/models/{name}/versions/{version}"} {
		s.mux.HandleFunc("GET "+base, s.oipMetadata)
		s.mux.HandleFunc("GET "+base+"/ready", s.oipReady)
		s.mux.HandleFunc("POST "+base+"/infer", s.oipInfer)
	}
}

func (s *Service[M, In, Out]) oipReady(w http.ResponseWriter, r *http.Request) {
	if s.defaultM == nil {
		protocol.WriteJSON(w, http.StatusBadRequest, protocol.ErrorReply{Error: fmt.Sprintf("no default model: %s is not set, so only requests naming parameters.model_id are served", s.spec.DefaultEnv())})
		return
	}
	w.WriteHeader(http.StatusOK)
}

func (s *Service[M, In, Out]) oipMetadata(w http.ResponseWriter, r *http.Request) {
	// Metadata never downloads: a web page can fire this GET, so it
	// describes only models already here.
	m, _, err := s.model(r.Context(), r.URL.Query().Get("model_id"), "model_id", false)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	ins, outs := s.spec.OIP.Metadata(m)
	meta := oip.ModelMetadata{Name: r.PathValue("name"), Platform: s.spec.OIP.Platform, Inputs: ins, Outputs: outs}
	if v := r.PathValue("version"); v != "" {
		meta.Versions = []string{v}
	}
	protocol.WriteJSON(w, http.StatusOK, meta)
}

func (s *Service[M, In, Out]) oipInfer(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r, MaxOIPBytes)
	if err != nil {
		protocol.WriteError(w, s.log, fmt.Errorf("read request body: %w", err))
		return
	}
	if len(body) > MaxOIPBytes {
		protocol.WriteJSON(w, http.StatusRequestEntityTooLarge, protocol.ErrorReply{Error: fmt.Sprintf("body is larger than %d bytes", MaxOIPBytes)})
		return
	}
	req, err := oip.Decode(body, r.Header.Get(oip.HeaderLength))
	if err != nil {
		protocol.WriteError(w, s.log, clientErr(err))
		return
	}
	modelID, err := req.ModelID()
	if err != nil {
		protocol.WriteError(w, s.log, clientErr(err))
		return
	}
	if modelID != "" {
		if _, err := protocol.ParseModelID(modelID); err != nil {
			protocol.WriteError(w, s.log, protocol.Invalid("parameters.model_id", "%v", err))
			return
		}
	}
	in, err := s.spec.OIP.Input(modelID, req.Inputs)
	if err != nil {
		protocol.WriteError(w, s.log, clientErr(err))
		return
	}
	out, err := s.infer(r.Context(), in, "parameters.model_id", "inputs")
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	reply, err := oip.Encode(r.PathValue("name"), req, s.spec.OIP.Outputs(out))
	if err != nil {
		protocol.WriteError(w, s.log, clientErr(err))
		return
	}
	w.Header().Set("Content-Type", reply.ContentType())
	if reply.HeaderLen > 0 {
		w.Header().Set(oip.HeaderLength, fmt.Sprint(reply.HeaderLen))
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(reply.Body)))
	_, _ = w.Write(reply.Body)
}

// readBody reads r's body, up to max+1 bytes: into one allocation of its
// Content-Length when it declares one within max (a 600 KB image is not
// grown into by doubling, a copy each time), else as it comes.
func readBody(r *http.Request, max int64) ([]byte, error) {
	n := r.ContentLength
	if n <= 0 || n > max {
		return io.ReadAll(io.LimitReader(r.Body, max+1))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r.Body, body); err != nil {
		return nil, err
	}
	return body, nil
}

// clientErr marks an *oip.Error as the client's (400); others pass as
// they are.
func clientErr(err error) error {
	if oe := (*oip.Error)(nil); errors.As(err, &oe) {
		return protocol.BadInput(err)
	}
	return err
}

// model resolves raw (a model id; "" selects the default) to a loaded
// model, downloading it first when fetch and the policy allow; field is
// blamed for a bad id.
func (s *Service[M, In, Out]) model(ctx context.Context, raw, field string, fetch bool) (M, protocol.ModelID, error) {
	var zero M
	var id protocol.ModelID
	switch {
	case raw != "":
		var err error
		if id, err = protocol.ParseModelID(raw); err != nil {
			return zero, id, protocol.Invalid(field, "%v", err)
		}
	case s.defaultM != nil:
		id = *s.defaultM
	default:
		return zero, id, protocol.Invalid(field, "missing, and no %s is set", s.spec.DefaultEnv())
	}
	get := s.models.Get
	if !fetch {
		get = s.models.LoadCached
	}
	m, err := get(ctx, id)
	if err != nil {
		if errors.Is(err, modelstore.ErrNotFound) || errors.Is(err, modelstore.ErrNotCached) || errors.Is(err, modelstore.ErrNotAllowed) || s.spec.Unsupported(err) {
			return zero, id, protocol.BadInput(err)
		}
		return zero, id, err
	}
	return m, id, nil
}
