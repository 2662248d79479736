// Package service is the onnx workload (docs/workloads.md, docs/engines.md): it runs
// ONNX models from the model cache on ONNX Runtime (CPU) and answers the container
// protocol. Each model gets one ORT session, created on first use and reused.
//
// Off-chain data is {"model_id", "inputs": {name: tensor}} and the reply is
// {"result": [tensor, ...]} with every graph output in graph order. On-chain
// input (source 0) is abi.encode(string model_id, string[] names, bytes[]
// tensors); on-chain output (destination 0) has raw_output =
// abi.encode(string[] names, bytes[] tensors), each tensor in the encoding of
// protocol.EncodeTensorABI. An empty model_id selects the default model.
//
// It also serves the Open Inference Protocol v2 (package oip): the graph's
// inputs and outputs by name, JSON or binary tensors.
package service

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/oip"
	"github.com/infernode/infernode/workloads/internal/modelsvc"
	"github.com/infernode/infernode/workloads/modelstore"
	"github.com/infernode/infernode/workloads/onnx/ort"
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
	// Runtime is the ONNX Runtime library and its threads.
	Runtime ort.Config
	// Batching is dynamic batching (ONNX_BATCH_MAX, ONNX_BATCH_DELAY;
	// default off).
	Batching modelsvc.Batching
}

// ConfigFromEnv reads ONNX_DEFAULT_MODEL_ID, ONNX_CACHE_DIR (default
// $TMPDIR/infernode/onnx), ONNXRUNTIME_LIB, ONNX_THREADS, ONNX_BATCH_MAX,
// ONNX_BATCH_DELAY, HUB_BASE_URL, HUB_TOKEN and ARWEAVE_GATEWAY_URL.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := modelsvc.ConfigFromEnv("ONNX", ServiceID, getenv)
	rt, err := ort.ConfigFromEnv(getenv)
	if err != nil {
		return Config{}, err
	}
	b, err := modelsvc.BatchingFromEnv("ONNX", getenv)
	if err != nil {
		return Config{}, err
	}
	return Config{DefaultModelID: c.DefaultModelID, Store: c.Store, Runtime: rt, Batching: b}, nil
}

// Service is the onnx workload's HTTP handler; Infer runs one request's
// data. It is safe for concurrent use.
type Service = modelsvc.Service[*ort.Model, Input, []ort.Output]

// spec is what makes the shared model service the onnx workload.
func spec(rt *ort.Runtime) modelsvc.Spec[*ort.Model, Input, []ort.Output] {
	return modelsvc.Spec[*ort.Model, Input, []ort.Output]{
		ID: ServiceID, EnvPrefix: "ONNX",
		Type: "ONNX", MLType: "onnx", Engine: ort.Engine, EngineVersion: rt.Version(),
		InputField:  "data.inputs",
		Load:        rt.Load,
		Unsupported: func(err error) bool { var me *ort.ModelError; return errors.As(err, &me) },
		Run: func(ctx context.Context, m *ort.Model, in Input) ([]ort.Output, error) {
			return m.Run(ctx, in.Tensors)
		},
		InputError: func(err error) bool { var ie *ort.InputError; return errors.As(err, &ie) },
		ModelID:    func(in Input) string { return in.ModelID },
		DecodeJSON: DecodeInputJSON,
		DecodeABI:  DecodeInputABI,
		EncodeABI:  EncodeOutputABI,
		OffChain: func(outs []ort.Output) any {
			result := make([]tensor.Tensor, len(outs))
			for i, o := range outs {
				result[i] = o.Tensor
			}
			return map[string]any{"result": result}
		},
		Batch: &modelsvc.Batch[*ort.Model, Input, []ort.Output]{Key: batchKey, Stack: stack, Split: split},
		OIP: &modelsvc.OIP[*ort.Model, Input, []ort.Output]{
			Platform: "onnxruntime_onnx",
			Metadata: func(m *ort.Model) (ins, outs []oip.TensorMeta) { return oipMeta(m.Inputs()), oipMeta(m.Outputs()) },
			Input: func(modelID string, ins []oip.Input) (Input, error) {
				in := Input{ModelID: modelID, Names: make([]string, len(ins)), Tensors: make(map[string]tensor.Tensor, len(ins))}
				for i, t := range ins {
					in.Names[i] = t.Name
					in.Tensors[t.Name] = t.Tensor
				}
				return in, nil
			},
			Outputs: func(outs []ort.Output) []oip.Output {
				res := make([]oip.Output, len(outs))
				for i, o := range outs {
					res[i] = oip.Output{Name: o.Name, Tensor: o.Tensor}
				}
				return res
			},
		},
	}
}

// batchKey is in's stacking key for m: every graph input given, none
// other, each with a free first dimension (the graph's batch dimension)
// and the same number of rows in it.
func batchKey(m *ort.Model, in Input) (string, bool) {
	ios := m.Inputs()
	if len(in.Tensors) != len(ios) {
		return "", false
	}
	var key strings.Builder
	rows := -1
	for _, io := range ios {
		t, ok := in.Tensors[io.Name]
		if !ok || len(io.Shape) == 0 || io.Shape[0] >= 0 || len(t.Shape) != len(io.Shape) || t.Shape[0] < 1 || (rows >= 0 && t.Shape[0] != rows) {
			return "", false
		}
		rows = t.Shape[0]
		fmt.Fprintf(&key, "%q %d %v;", io.Name, t.DType, t.Shape[1:])
	}
	return key.String(), true
}

// stack concatenates the requests' inputs along the batch dimension.
func stack(ins []Input) (Input, error) {
	out := Input{ModelID: ins[0].ModelID, Names: ins[0].Names, Tensors: make(map[string]tensor.Tensor, len(ins[0].Tensors))}
	ts := make([]tensor.Tensor, len(ins))
	for name := range ins[0].Tensors {
		for i, in := range ins {
			ts[i] = in.Tensors[name]
		}
		t, _, err := tensor.Stack(ts)
		if err != nil {
			return Input{}, fmt.Errorf("input %q: %w", name, err)
		}
		out.Tensors[name] = t
	}
	return out, nil
}

// split cuts each graph output of a stacked call back into the requests'
// rows.
func split(outs []ort.Output, ins []Input) ([][]ort.Output, error) {
	rows := make([]int, len(ins))
	for i, in := range ins {
		for _, t := range in.Tensors { // every input has the same batch rows
			rows[i] = t.Shape[0]
			break
		}
	}
	res := make([][]ort.Output, len(ins))
	for _, o := range outs {
		parts, err := o.Tensor.Unstack(rows)
		if err != nil {
			return nil, fmt.Errorf("output %q: %w", o.Name, err)
		}
		for i, p := range parts {
			res[i] = append(res[i], ort.Output{Name: o.Name, Tensor: p})
		}
	}
	return res, nil
}

// oipMeta describes graph inputs or outputs as OIP metadata.
func oipMeta(ios []ort.IO) []oip.TensorMeta {
	meta := make([]oip.TensorMeta, len(ios))
	for i, io := range ios {
		meta[i] = oip.TensorMeta{Name: io.Name, Datatype: io.Type, Shape: io.Shape}
		if d, ok := ort.ElemDType(io.Type); ok {
			meta[i].Datatype = oip.Datatype(d)
		}
		if meta[i].Shape == nil {
			meta[i].Shape = []int64{-1}
		}
	}
	return meta
}

// New loads ONNX Runtime, opens the model store and pre-loads the default
// model, failing if either cannot be loaded (a misconfigured container
// should not start).
func New(ctx context.Context, cfg Config) (*Service, error) {
	rt, err := ort.Open(cfg.Runtime)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ServiceID, err)
	}
	return modelsvc.New(ctx, spec(rt), modelsvc.Config{DefaultModelID: cfg.DefaultModelID, Store: cfg.Store,
		Logger: cfg.Logger, System: cfg.System, Batching: cfg.Batching})
}

// Input is the decoded request data.
type Input struct {
	ModelID string
	Names   []string // input names, in request order
	Tensors map[string]tensor.Tensor
}

// DecodeInputJSON decodes {"model_id", "inputs": {name: tensor}}.
func DecodeInputJSON(data json.RawMessage) (Input, error) {
	ms, ok := protocol.PlainMembers(data, "model_id", "inputs")
	var inputs []protocol.Member
	if ok && ms["inputs"] != nil {
		inputs, ok = protocol.ValidObjectMembers(ms["inputs"])
	}
	if !ok || len(inputs) == 0 {
		return decodeInputJSON(data)
	}
	in := Input{Tensors: make(map[string]tensor.Tensor, len(inputs))}
	if id, has := ms["model_id"]; has {
		if in.ModelID, ok = protocol.PlainString(id); !ok {
			return decodeInputJSON(data)
		}
	}
	for _, m := range inputs {
		var t tensor.Tensor
		if err := t.UnmarshalJSON(m.Value); err != nil {
			return Input{}, protocol.Invalid("data.inputs."+m.Key, "%v", err)
		}
		in.Names = append(in.Names, m.Key)
		in.Tensors[m.Key] = t
	}
	return in, nil
}

// decodeInputJSON is DecodeInputJSON through encoding/json, for what
// protocol.PlainMembers leaves (and the errors it explains).
func decodeInputJSON(data json.RawMessage) (Input, error) {
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
	in := Input{Tensors: make(map[string]tensor.Tensor, len(w.Inputs))}
	if w.ModelID != nil {
		in.ModelID = *w.ModelID
	}
	for name, raw := range w.Inputs {
		var t tensor.Tensor
		// raw is one JSON value (the decoder checked it): no need for
		// json.Unmarshal to scan it twice more.
		if err := t.UnmarshalJSON(raw); err != nil {
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
func EncodeInputABI(modelID string, names []string, tensors []tensor.Tensor) ([]byte, error) {
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
	in := Input{ModelID: modelID, Names: names, Tensors: make(map[string]tensor.Tensor, len(names))}
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
func EncodeOutputABI(outs []ort.Output) ([]byte, error) {
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
func DecodeOutputABI(b []byte) ([]ort.Output, error) {
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
	out := make([]ort.Output, len(names))
	for i := range names {
		t, err := protocol.DecodeTensorABI(blobs[i])
		if err != nil {
			return nil, fmt.Errorf("on-chain output %q: %w", names[i], err)
		}
		out[i] = ort.Output{Name: names[i], Tensor: t}
	}
	return out, nil
}
