// Package service is the tensor (tensor-framework inference) workload
// (docs/workloads.md): it runs PyTorch full-model files from the model cache on the
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
	"strconv"
	"strings"

	"github.com/infernode/infernode/workloads/internal/modelsvc"
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
	c := modelsvc.ConfigFromEnv("TENSORFW", ServiceID, getenv)
	cfg := Config{DefaultModelID: c.DefaultModelID, Store: c.Store}
	if v := strings.TrimSpace(getenv("TENSORFW_USE_JIT")); v != "" {
		jit, err := strconv.ParseBool(v)
		if err != nil {
			return Config{}, fmt.Errorf("TENSORFW_USE_JIT %q is not a boolean; use true or false", v)
		}
		cfg.JIT = jit
	}
	return cfg, nil
}

// Service is the tensor workload's HTTP handler; Infer runs one request's
// data. It is safe for concurrent use.
type Service = modelsvc.Service[*torch.Model, Input, protocol.Tensor]

// spec is what makes the shared model service the tensor workload.
func spec(jit bool) modelsvc.Spec[*torch.Model, Input, protocol.Tensor] {
	opts := torch.Options{JIT: jit}
	return modelsvc.Spec[*torch.Model, Input, protocol.Tensor]{
		ID: ServiceID, EnvPrefix: "TENSORFW",
		Type: "TORCH", MLType: "torch", Engine: "infernode torch engine (pure Go, gonum BLAS)",
		InputField:  "data.input",
		Load:        func(raw []byte) (*torch.Model, error) { return torch.Load(raw, opts) },
		Unsupported: func(err error) bool { var ue *torch.UnsupportedError; return errors.As(err, &ue) },
		Run: func(ctx context.Context, m *torch.Model, in Input) (protocol.Tensor, error) {
			return m.Forward(ctx, in.Tensor)
		},
		InputError: func(err error) bool { var ie *torch.InputError; return errors.As(err, &ie) },
		Describe:   func(m *torch.Model) []any { return []any{"model", m.Summary(), "jit", jit} },
		ModelID:    func(in Input) string { return in.ModelID },
		DecodeJSON: DecodeInputJSON,
		DecodeABI:  DecodeInputABI,
		EncodeABI:  protocol.EncodeTensorABI,
		OffChain:   func(out protocol.Tensor) any { return out },
	}
}

// New opens the model store and pre-loads the default model, failing if it
// cannot be loaded.
func New(ctx context.Context, cfg Config) (*Service, error) {
	return modelsvc.New(ctx, spec(cfg.JIT), modelsvc.Config{DefaultModelID: cfg.DefaultModelID, Store: cfg.Store, Logger: cfg.Logger, System: cfg.System})
}

// Input is the decoded request data.
type Input struct {
	ModelID string
	Tensor  protocol.Tensor
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
