// Package service is the onnx workload (SPEC §7): it runs ONNX models from
// the model cache on the CPU and answers the container protocol.
//
// Off-chain data is {"model_id", "inputs": {name: tensor}} and the reply is
// {"result": [tensor, ...]} with every graph output in graph order. On-chain
// input (source 0) is abi.encode(string model_id, string[] names, bytes[]
// tensors); on-chain output (destination 0) has raw_output =
// abi.encode(string[] names, bytes[] tensors), each tensor in the encoding of
// protocol.EncodeTensorABI. An empty model_id selects the default model.
package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/onnx/engine"
	"github.com/infernode/infernode/workloads/protocol"
)

// ServiceID is what the workload reports in /service-resources.
const ServiceID = "onnx"

// Config configures the service.
type Config struct {
	// DefaultModelID (ONNX_DEFAULT_MODEL_ID) is loaded by New and used when
	// a request names no model; empty means requests must name one.
	DefaultModelID string
	// Store is where models come from; Store.CacheDir is ONNX_CACHE_DIR.
	Store modelstore.Config
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
}

// ConfigFromEnv reads ONNX_DEFAULT_MODEL_ID, ONNX_CACHE_DIR (default
// $TMPDIR/infernode/onnx), HUB_BASE_URL, HUB_TOKEN and ARWEAVE_GATEWAY_URL.
func ConfigFromEnv(getenv func(string) string) Config {
	dir := getenv("ONNX_CACHE_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "infernode", "onnx")
	}
	return Config{DefaultModelID: getenv("ONNX_DEFAULT_MODEL_ID"), Store: modelstore.ConfigFromEnv(dir, getenv)}
}

// Service is the onnx workload's HTTP handler. It is safe for concurrent use.
type Service struct {
	cfg      Config
	log      *slog.Logger
	models   *modelstore.Registry[*engine.Model]
	defaultM *protocol.ModelID
	mux      *http.ServeMux
}

// New opens the model store and pre-loads the default model, failing if it
// cannot be loaded (a misconfigured container should not start).
func New(ctx context.Context, cfg Config) (*Service, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	store, err := modelstore.New(cfg.Store)
	if err != nil {
		return nil, fmt.Errorf("onnx: %w", err)
	}
	s := &Service{cfg: cfg, log: log, models: modelstore.NewRegistry(store, engine.Load)}
	if cfg.DefaultModelID != "" {
		id, err := protocol.ParseModelID(cfg.DefaultModelID)
		if err != nil {
			return nil, fmt.Errorf("onnx: ONNX_DEFAULT_MODEL_ID: %w", err)
		}
		lctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		defer cancel()
		if _, err := s.models.Get(lctx, id); err != nil {
			return nil, fmt.Errorf("onnx: pre-load ONNX_DEFAULT_MODEL_ID: %w", err)
		}
		s.defaultM = &id
		log.Info("default model loaded", "model_id", id.String())
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	s.mux.Handle(protocol.PathResources, protocol.ResourcesHandler(ServiceID, s.capabilities, cfg.System, s.models.Support, log))
	return s, nil
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Service) capabilities() []protocol.ComputeCapability {
	return []protocol.ComputeCapability{{
		ID: "onnx", Type: "ONNX", Task: []string{"inference"},
		Models: s.models.MLModels("onnx"), CachedModels: s.models.Store().List("onnx"),
		InferenceEngine: "infernode onnx engine (pure Go, gonum BLAS)", InferenceEngineVersion: version.Version,
	}}
}

// Input is the decoded request data.
type Input struct {
	ModelID string
	Names   []string // input names, in request order
	Tensors map[string]protocol.Tensor
}

func (s *Service) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.Stream {
		protocol.WriteError(w, s.log, protocol.Invalid("destination", "onnx does not stream; use 0 (on-chain) or 1 (off-chain)"))
		return
	}
	in, raw, err := decodeInput(req)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	outs, err := s.Infer(r.Context(), in)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.OnChain {
		enc, err := EncodeOutputABI(outs)
		if err != nil {
			protocol.WriteError(w, s.log, err)
			return
		}
		protocol.WriteJSON(w, http.StatusOK, protocol.OnChainOutput{RawInput: protocol.Hex(raw), RawOutput: protocol.Hex(enc)})
		return
	}
	result := make([]protocol.Tensor, len(outs))
	for i, o := range outs {
		result[i] = o.Tensor
	}
	body, err := json.Marshal(map[string]any{"result": result})
	if err != nil {
		protocol.WriteError(w, s.log, fmt.Errorf("encode result: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// Infer runs the request's model (or the default) on its inputs.
func (s *Service) Infer(ctx context.Context, in Input) ([]engine.Output, error) {
	var id protocol.ModelID
	switch {
	case in.ModelID != "":
		var err error
		if id, err = protocol.ParseModelID(in.ModelID); err != nil {
			return nil, protocol.Invalid("data.model_id", "%v", err)
		}
	case s.defaultM != nil:
		id = *s.defaultM
	default:
		return nil, protocol.Invalid("data.model_id", "missing, and no ONNX_DEFAULT_MODEL_ID is set")
	}
	m, err := s.models.Get(ctx, id)
	if err != nil {
		var ue *engine.UnsupportedError
		if errors.Is(err, modelstore.ErrNotFound) || errors.As(err, &ue) {
			return nil, protocol.BadInput(err)
		}
		return nil, err
	}
	outs, err := m.Run(ctx, in.Tensors)
	if err != nil {
		var ie *engine.InputError
		if errors.As(err, &ie) {
			return nil, protocol.Invalid("data.inputs", "%v", err)
		}
		return nil, fmt.Errorf("run %s: %w", id, err)
	}
	return outs, nil
}

// decodeInput reads JSON data (sources 1, 2) or the ABI encoding (source 0);
// raw is the input's bytes for raw_input.
func decodeInput(req protocol.Request) (Input, []byte, error) {
	raw, err := req.InputBytes()
	if err != nil {
		return Input{}, nil, err
	}
	if req.Source == protocol.OnChain {
		in, err := DecodeInputABI(raw)
		if err != nil {
			return Input{}, nil, protocol.Invalid("data", "%v", err)
		}
		return in, raw, nil
	}
	in, err := DecodeInputJSON(req.Data)
	return in, raw, err
}

// DecodeInputJSON decodes {"model_id", "inputs": {name: tensor}}.
func DecodeInputJSON(data json.RawMessage) (Input, error) {
	var w struct {
		ModelID *string                    `json:"model_id"`
		Inputs  map[string]json.RawMessage `json:"inputs"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Input{}, protocol.Invalid("data", "want {\"model_id\": string, \"inputs\": {name: tensor}}: %v", err)
	}
	if len(w.Inputs) == 0 {
		return Input{}, protocol.Invalid("data.inputs", "missing; map each model input name to a tensor {values, shape, dtype}")
	}
	in := Input{Tensors: make(map[string]protocol.Tensor, len(w.Inputs))}
	if w.ModelID != nil {
		in.ModelID = *w.ModelID
	}
	for name, raw := range w.Inputs {
		var t protocol.Tensor
		if err := json.Unmarshal(raw, &t); err != nil {
			return Input{}, protocol.Invalid("data.inputs."+name, "%v", err)
		}
		in.Names = append(in.Names, name)
		in.Tensors[name] = t
	}
	return in, nil
}

// MaxInputs bounds the named inputs of an on-chain request.
const MaxInputs = 256

// EncodeInputABI is the on-chain input: abi.encode(string model_id,
// string[] names, bytes[] tensors).
func EncodeInputABI(modelID string, names []string, tensors []protocol.Tensor) ([]byte, error) {
	if len(names) != len(tensors) {
		return nil, errors.New("names and tensors differ in length")
	}
	blobs := make([][]byte, len(tensors))
	for i, t := range tensors {
		b, err := protocol.EncodeTensorABI(t)
		if err != nil {
			return nil, fmt.Errorf("input %q: %w", names[i], err)
		}
		blobs[i] = b
	}
	return protocol.ABIEncode(protocol.ABIString(modelID), protocol.ABIStrings(names), protocol.ABIBytesList(blobs)), nil
}

// DecodeInputABI reverses EncodeInputABI.
func DecodeInputABI(b []byte) (Input, error) {
	d := protocol.NewABIDecoder(b)
	modelID, err := d.String(0)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input abi.encode(string model_id, string[] names, bytes[] tensors): model_id: %w", err)
	}
	names, err := d.Strings(1, MaxInputs)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input: names: %w", err)
	}
	blobs, err := d.BytesList(2, MaxInputs)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input: tensors: %w", err)
	}
	if len(names) != len(blobs) {
		return Input{}, fmt.Errorf("on-chain input: %d names but %d tensors", len(names), len(blobs))
	}
	in := Input{ModelID: modelID, Names: names, Tensors: make(map[string]protocol.Tensor, len(names))}
	for i, name := range names {
		if _, dup := in.Tensors[name]; dup {
			return Input{}, fmt.Errorf("on-chain input: input %q given twice", name)
		}
		t, err := protocol.DecodeTensorABI(blobs[i])
		if err != nil {
			return Input{}, fmt.Errorf("on-chain input %q: %w", name, err)
		}
		in.Tensors[name] = t
	}
	return in, nil
}

// EncodeOutputABI is the on-chain output: abi.encode(string[] names,
// bytes[] tensors) in graph order.
func EncodeOutputABI(outs []engine.Output) ([]byte, error) {
	names := make([]string, len(outs))
	blobs := make([][]byte, len(outs))
	for i, o := range outs {
		b, err := protocol.EncodeTensorABI(o.Tensor)
		if err != nil {
			return nil, fmt.Errorf("output %q: %w", o.Name, err)
		}
		names[i], blobs[i] = o.Name, b
	}
	return protocol.ABIEncode(protocol.ABIStrings(names), protocol.ABIBytesList(blobs)), nil
}

// DecodeOutputABI reverses EncodeOutputABI.
func DecodeOutputABI(b []byte) ([]engine.Output, error) {
	d := protocol.NewABIDecoder(b)
	names, err := d.Strings(0, MaxInputs)
	if err != nil {
		return nil, fmt.Errorf("on-chain output: names: %w", err)
	}
	blobs, err := d.BytesList(1, MaxInputs)
	if err != nil {
		return nil, fmt.Errorf("on-chain output: tensors: %w", err)
	}
	if len(names) != len(blobs) {
		return nil, fmt.Errorf("on-chain output: %d names but %d tensors", len(names), len(blobs))
	}
	out := make([]engine.Output, len(names))
	for i := range names {
		t, err := protocol.DecodeTensorABI(blobs[i])
		if err != nil {
			return nil, fmt.Errorf("on-chain output %q: %w", names[i], err)
		}
		out[i] = engine.Output{Name: names[i], Tensor: t}
	}
	return out, nil
}
