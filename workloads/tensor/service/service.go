// Package service is the tensor (tensor-framework inference) workload
// (docs/workloads.md, docs/engines.md): it runs PyTorch models from the model
// cache on the CPU and answers the container protocol. A TorchScript archive
// (torch.jit.save) runs on libtorch, the PyTorch C++ runtime
// (workloads/tensor/libtorch); a full-model torch.save of a feed-forward
// module tree runs on the package's own pickle reader (workloads/tensor/torch),
// which never executes pickled code and refuses anything else by name.
//
// Off-chain data is {"model_id", "input": tensor} and the reply is the
// output tensor {values, shape, dtype}. On-chain input (source 0) is
// abi.encode(string model_id, bytes tensor); on-chain output (destination 0)
// has raw_output = the output tensor in the encoding of
// protocol.EncodeTensorABI. An empty model_id selects the default model.
//
// It also serves the Open Inference Protocol v2 (package oip): one input
// named "input" and one output named "output", JSON or binary tensors.
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

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/protocol"
	"github.com/infernode/infernode/workloads/tensor/libtorch"
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
	// JIT (TENSORFW_USE_JIT) compiles each full-model save the pickle
	// reader loads into a fused plan at load time instead of interpreting
	// its module tree per request. TorchScript files run on libtorch
	// either way: the format is read from the file, as torch.load does.
	JIT bool
	// Runtime is the libtorch shim and its threads (TENSORFW_TORCH_LIB,
	// TENSORFW_THREADS).
	Runtime libtorch.Config
	// Logger receives errors; nil discards them.
	Logger *slog.Logger
	// System is where /service-resources reads machine facts.
	System protocol.System
	// Batching is dynamic batching of TorchScript models
	// (TENSORFW_BATCH_MAX, TENSORFW_BATCH_DELAY; default off).
	Batching modelsvc.Batching
	// PickleOnly serves full-model saves alone, with the pickle reader,
	// and loads no libtorch (a TorchScript model is a 400 saying so):
	// what `infernode dev` runs in process, where the shim may not exist.
	PickleOnly bool
}

// ConfigFromEnv reads TENSORFW_DEFAULT_MODEL_ID, TENSORFW_CACHE_DIR (default
// $TMPDIR/infernode/tensor), TENSORFW_USE_JIT (a Go boolean: true, 1, false,
// 0; default false), TENSORFW_TORCH_LIB, TENSORFW_THREADS,
// TENSORFW_BATCH_MAX, TENSORFW_BATCH_DELAY, HUB_BASE_URL, HUB_TOKEN and
// ARWEAVE_GATEWAY_URL.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := modelsvc.ConfigFromEnv("TENSORFW", ServiceID, getenv)
	rt, err := libtorch.ConfigFromEnv(getenv)
	if err != nil {
		return Config{}, err
	}
	b, err := modelsvc.BatchingFromEnv("TENSORFW", getenv)
	if err != nil {
		return Config{}, err
	}
	cfg := Config{DefaultModelID: c.DefaultModelID, Store: c.Store, Runtime: rt, Batching: b}
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
type Service = modelsvc.Service[Model, Input, tensor.Tensor]

// Model is a loaded model: a TorchScript module on libtorch
// (*libtorch.Model) or a module tree read by the pickle reader
// (*torch.Model).
type Model interface {
	Forward(ctx context.Context, in tensor.Tensor) (tensor.Tensor, error)
	Summary() string
}

// ModelError is a model file neither runtime runs: corrupt, truncated, or
// needing what they lack. It is the fault of whoever named the model.
type ModelError struct{ Err error }

func (e *ModelError) Error() string { return e.Err.Error() }
func (e *ModelError) Unwrap() error { return e.Err }

// Load reads a model file: a TorchScript archive on rt, anything else with
// the pickle reader. Every failure is a *ModelError.
func Load(rt *libtorch.Runtime, raw []byte, opts torch.Options) (Model, error) {
	if torch.IsTorchScript(raw) {
		if rt == nil {
			return nil, &ModelError{Err: errors.New("a TorchScript model needs libtorch, which this process does not load (infernode dev serves full-model saves only; run the tensor workload for TorchScript)")}
		}
		m, err := rt.Load(raw)
		if err != nil {
			return nil, &ModelError{Err: err}
		}
		return m, nil
	}
	m, err := torch.Load(raw, opts)
	if err != nil {
		return nil, &ModelError{Err: err}
	}
	return m, nil
}

// spec is what makes the shared model service the tensor workload.
func spec(rt *libtorch.Runtime, jit bool) modelsvc.Spec[Model, Input, tensor.Tensor] {
	opts := torch.Options{JIT: jit}
	version := ""
	if rt != nil {
		version = rt.Version()
	}
	return modelsvc.Spec[Model, Input, tensor.Tensor]{
		ID: ServiceID, EnvPrefix: "TENSORFW",
		Type: "TORCH", MLType: "torch", Engine: libtorch.Engine, EngineVersion: version,
		InputField:  "data.input",
		Load:        func(raw []byte) (Model, error) { return Load(rt, raw, opts) },
		Unsupported: func(err error) bool { var me *ModelError; return errors.As(err, &me) },
		Run: func(ctx context.Context, m Model, in Input) (tensor.Tensor, error) {
			return m.Forward(ctx, in.Tensor)
		},
		InputError: func(err error) bool {
			var ie *torch.InputError
			var le *libtorch.InputError
			return errors.As(err, &ie) || errors.As(err, &le)
		},
		Describe:   func(m Model) []any { return []any{"model", m.Summary(), "jit", jit} },
		ModelID:    func(in Input) string { return in.ModelID },
		DecodeJSON: DecodeInputJSON,
		DecodeABI:  DecodeInputABI,
		EncodeABI:  protocol.EncodeTensorABI,
		OffChain:   func(out tensor.Tensor) any { return out },
		Batch: &modelsvc.Batch[Model, Input, tensor.Tensor]{
			// A TorchScript module declares no batch dimension: batching
			// is the operator's call (TENSORFW_BATCH_MAX), for modules
			// whose first dimension is the batch.
			Key: func(m Model, in Input) (string, bool) {
				_, ts := m.(*libtorch.Model)
				if !ts || len(in.Tensor.Shape) == 0 || in.Tensor.Shape[0] < 1 {
					return "", false
				}
				return fmt.Sprintf("%d %v", in.Tensor.DType, in.Tensor.Shape[1:]), true
			},
			Stack: func(ins []Input) (Input, error) {
				ts := make([]tensor.Tensor, len(ins))
				for i, in := range ins {
					ts[i] = in.Tensor
				}
				t, _, err := tensor.Stack(ts)
				return Input{ModelID: ins[0].ModelID, Tensor: t}, err
			},
			Split: func(out tensor.Tensor, ins []Input) ([]tensor.Tensor, error) {
				rows := make([]int, len(ins))
				for i, in := range ins {
					rows[i] = in.Tensor.Shape[0]
				}
				return out.Unstack(rows)
			},
		},
		OIP: &modelsvc.OIP[Model, Input, tensor.Tensor]{
			Platform: "pytorch_libtorch",
			// A module's signature is not in the file: one input of any
			// rank and dtype, one output.
			Metadata: func(Model) (ins, outs []oip.TensorMeta) {
				return []oip.TensorMeta{{Name: OIPInput, Datatype: "FP32", Shape: []int64{-1}}},
					[]oip.TensorMeta{{Name: OIPOutput, Datatype: "FP32", Shape: []int64{-1}}}
			},
			Input: func(modelID string, ins []oip.Input) (Input, error) {
				if len(ins) != 1 || ins[0].Name != OIPInput {
					names := make([]string, len(ins))
					for i, in := range ins {
						names[i] = strconv.Quote(in.Name)
					}
					return Input{}, &oip.Error{Msg: fmt.Sprintf("inputs %v: the model takes one input, named %q", names, OIPInput)}
				}
				return Input{ModelID: modelID, Tensor: ins[0].Tensor}, nil
			},
			Outputs: func(out tensor.Tensor) []oip.Output { return []oip.Output{{Name: OIPOutput, Tensor: out}} },
		},
	}
}

// The names of the model's one input and one output over OIP.
const (
	OIPInput  = "input"
	OIPOutput = "output"
)

// New loads libtorch, opens the model store and pre-loads the default
// model, failing if either cannot be loaded (a misconfigured container
// should not start).
func New(ctx context.Context, cfg Config) (*Service, error) {
	var rt *libtorch.Runtime
	if !cfg.PickleOnly {
		var err error
		if rt, err = libtorch.Open(cfg.Runtime); err != nil {
			return nil, fmt.Errorf("%s: %w", ServiceID, err)
		}
	}
	return modelsvc.New(ctx, spec(rt, cfg.JIT), modelsvc.Config{DefaultModelID: cfg.DefaultModelID, Store: cfg.Store,
		Logger: cfg.Logger, System: cfg.System, Batching: cfg.Batching})
}

// Input is the decoded request data.
type Input struct {
	ModelID string
	Tensor  tensor.Tensor
}

// DecodeInputJSON decodes {"model_id", "input": tensor}.
func DecodeInputJSON(data json.RawMessage) (Input, error) {
	if ms, ok := protocol.PlainMembers(data, "model_id", "input"); ok && ms["input"] != nil {
		var in Input
		if id, has := ms["model_id"]; has {
			if in.ModelID, ok = protocol.PlainString(id); !ok {
				return decodeInputJSON(data)
			}
		}
		if err := in.Tensor.UnmarshalJSON(ms["input"]); err != nil {
			return Input{}, protocol.Invalid("data.input", "%v", err)
		}
		return in, nil
	}
	return decodeInputJSON(data)
}

// decodeInputJSON is DecodeInputJSON through encoding/json, for what
// protocol.PlainMembers leaves (and the errors it explains).
func decodeInputJSON(data json.RawMessage) (Input, error) {
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
	// w.Input is one JSON value (the decoder checked it): no need for
	// json.Unmarshal to scan it twice more.
	if err := in.Tensor.UnmarshalJSON(w.Input); err != nil {
		return Input{}, protocol.Invalid("data.input", "%v", err)
	}
	return in, nil
}

// EncodeInputABI is the on-chain input: abi.encode(string model_id, bytes
// tensor).
func EncodeInputABI(modelID string, t tensor.Tensor) ([]byte, error) {
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
