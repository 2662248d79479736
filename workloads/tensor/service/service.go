// Package service is the tensor (tensor-framework inference) workload
// (SPEC §7): it runs PyTorch full-model files from the model cache on the
// CPU and answers the container protocol.
//
// Off-chain data is {"model_id", "input": tensor} and the reply is the
// output tensor {values, shape, dtype}. On-chain input (source 0) is
// abi.encode(string model_id, bytes tensor); on-chain output (destination 0)
// has raw_output = the output tensor in the encoding of
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
	"strconv"
	"strings"
	"time"

	"github.com/infernode/infernode/internal/version"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/torch"
)

// ServiceID is what the workload reports in /service-resources.
const ServiceID = "tensor"

// Config configures the service.
type Config struct {
	// DefaultModelID (TENSORFW_DEFAULT_MODEL_ID) is loaded by New and used
	// when a request names no model.
	DefaultModelID string
	// Store is where models come from; Store.CacheDir is TENSORFW_CACHE_DIR.
	Store modelstore.Config
	// JIT (TENSORFW_USE_JIT) compiles each model into a fused plan at load
	// time instead of interpreting its module tree per request.
	JIT bool
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
}

// ConfigFromEnv reads TENSORFW_DEFAULT_MODEL_ID, TENSORFW_CACHE_DIR (default
// $TMPDIR/infernode/tensor), TENSORFW_USE_JIT (a Go boolean: true, 1, false,
// 0; default false), HUB_BASE_URL, HUB_TOKEN and ARWEAVE_GATEWAY_URL.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	dir := getenv("TENSORFW_CACHE_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "infernode", "tensor")
	}
	cfg := Config{DefaultModelID: getenv("TENSORFW_DEFAULT_MODEL_ID"), Store: modelstore.ConfigFromEnv(dir, getenv)}
	if v := strings.TrimSpace(getenv("TENSORFW_USE_JIT")); v != "" {
		jit, err := strconv.ParseBool(v)
		if err != nil {
			return Config{}, fmt.Errorf("TENSORFW_USE_JIT %q is not a boolean; use true or false", v)
		}
		cfg.JIT = jit
	}
	return cfg, nil
}

// Service is the tensor workload's HTTP handler. It is safe for concurrent
// use.
type Service struct {
	cfg      Config
	log      *slog.Logger
	models   *modelstore.Registry[*torch.Model]
	defaultM *protocol.ModelID
	mux      *http.ServeMux
}

// New opens the model store and pre-loads the default model, failing if it
// cannot be loaded.
func New(ctx context.Context, cfg Config) (*Service, error) {
	log := cfg.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	store, err := modelstore.New(cfg.Store)
	if err != nil {
		return nil, fmt.Errorf("tensor: %w", err)
	}
	opts := torch.Options{JIT: cfg.JIT}
	load := func(raw []byte) (*torch.Model, error) { return torch.Load(raw, opts) }
	s := &Service{cfg: cfg, log: log, models: modelstore.NewRegistry(store, load)}
	if cfg.DefaultModelID != "" {
		id, err := protocol.ParseModelID(cfg.DefaultModelID)
		if err != nil {
			return nil, fmt.Errorf("tensor: TENSORFW_DEFAULT_MODEL_ID: %w", err)
		}
		lctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
		defer cancel()
		m, err := s.models.Get(lctx, id)
		if err != nil {
			return nil, fmt.Errorf("tensor: pre-load TENSORFW_DEFAULT_MODEL_ID: %w", err)
		}
		s.defaultM = &id
		log.Info("default model loaded", "model_id", id.String(), "model", m.Summary(), "jit", cfg.JIT)
	}
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("POST "+protocol.PathOutput, s.output)
	s.mux.Handle(protocol.PathResources, protocol.ResourcesHandler(ServiceID, s.capabilities, cfg.System, s.models.Support, log))
	return s, nil
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

func (s *Service) capabilities() []protocol.ComputeCapability {
	return []protocol.ComputeCapability{{
		ID: "tensor", Type: "TORCH", Task: []string{"inference"},
		Models: s.models.MLModels("torch"), CachedModels: s.models.Store().List("torch"),
		InferenceEngine: "infernode torch engine (pure Go, gonum BLAS)", InferenceEngineVersion: version.Version,
	}}
}

// Input is the decoded request data.
type Input struct {
	ModelID string
	Tensor  protocol.Tensor
}

func (s *Service) output(w http.ResponseWriter, r *http.Request) {
	req, err := protocol.DecodeRequest(r.Body)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.Stream {
		protocol.WriteError(w, s.log, protocol.Invalid("destination", "tensor does not stream; use 0 (on-chain) or 1 (off-chain)"))
		return
	}
	raw, err := req.InputBytes()
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	var in Input
	if req.Source == protocol.OnChain {
		if in, err = DecodeInputABI(raw); err != nil {
			protocol.WriteError(w, s.log, protocol.Invalid("data", "%v", err))
			return
		}
	} else if in, err = DecodeInputJSON(req.Data); err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	out, err := s.Infer(r.Context(), in)
	if err != nil {
		protocol.WriteError(w, s.log, err)
		return
	}
	if req.Destination == protocol.OnChain {
		enc, err := protocol.EncodeTensorABI(out)
		if err != nil {
			protocol.WriteError(w, s.log, err)
			return
		}
		protocol.WriteJSON(w, http.StatusOK, protocol.OnChainOutput{RawInput: protocol.Hex(raw), RawOutput: protocol.Hex(enc)})
		return
	}
	body, err := json.Marshal(out)
	if err != nil {
		protocol.WriteError(w, s.log, fmt.Errorf("encode result: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(body)
}

// Infer runs the request's model (or the default) on its input.
func (s *Service) Infer(ctx context.Context, in Input) (protocol.Tensor, error) {
	var id protocol.ModelID
	switch {
	case in.ModelID != "":
		var err error
		if id, err = protocol.ParseModelID(in.ModelID); err != nil {
			return protocol.Tensor{}, protocol.Invalid("data.model_id", "%v", err)
		}
	case s.defaultM != nil:
		id = *s.defaultM
	default:
		return protocol.Tensor{}, protocol.Invalid("data.model_id", "missing, and no TENSORFW_DEFAULT_MODEL_ID is set")
	}
	m, err := s.models.Get(ctx, id)
	if err != nil {
		var ue *torch.UnsupportedError
		if errors.Is(err, modelstore.ErrNotFound) || errors.As(err, &ue) {
			return protocol.Tensor{}, protocol.BadInput(err)
		}
		return protocol.Tensor{}, err
	}
	out, err := m.Forward(ctx, in.Tensor)
	if err != nil {
		var ie *torch.InputError
		if errors.As(err, &ie) {
			return protocol.Tensor{}, protocol.Invalid("data.input", "%v", err)
		}
		return protocol.Tensor{}, fmt.Errorf("run %s: %w", id, err)
	}
	return out, nil
}

// DecodeInputJSON decodes {"model_id", "input": tensor}.
func DecodeInputJSON(data json.RawMessage) (Input, error) {
	var w struct {
		ModelID *string         `json:"model_id"`
		Input   json.RawMessage `json:"input"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return Input{}, protocol.Invalid("data", "want {\"model_id\": string, \"input\": tensor}: %v", err)
	}
	if len(w.Input) == 0 || string(w.Input) == "null" {
		return Input{}, protocol.Invalid("data.input", "missing; give the input tensor {values, shape, dtype}")
	}
	var in Input
	if w.ModelID != nil {
		in.ModelID = *w.ModelID
	}
	if err := json.Unmarshal(w.Input, &in.Tensor); err != nil {
		return Input{}, protocol.Invalid("data.input", "%v", err)
	}
	return in, nil
}

// EncodeInputABI is the on-chain input: abi.encode(string model_id, bytes
// tensor).
func EncodeInputABI(modelID string, t protocol.Tensor) ([]byte, error) {
	b, err := protocol.EncodeTensorABI(t)
	if err != nil {
		return nil, err
	}
	return protocol.ABIEncode(protocol.ABIString(modelID), protocol.ABIBytes(b)), nil
}

// DecodeInputABI reverses EncodeInputABI.
func DecodeInputABI(b []byte) (Input, error) {
	d := protocol.NewABIDecoder(b)
	modelID, err := d.String(0)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input abi.encode(string model_id, bytes tensor): model_id: %w", err)
	}
	tb, err := d.Bytes(1)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input: tensor: %w", err)
	}
	t, err := protocol.DecodeTensorABI(tb)
	if err != nil {
		return Input{}, fmt.Errorf("on-chain input: %w", err)
	}
	return Input{ModelID: modelID, Tensor: t}, nil
}
