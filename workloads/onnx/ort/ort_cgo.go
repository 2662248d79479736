//go:build cgo

package ort

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	ortgo "github.com/yalue/onnxruntime_go"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/onnx/engine"
)

// env is the binding's process-wide ORT environment.
var env struct {
	sync.Mutex
	library string
	version string
}

// Runtime loads models on ONNX Runtime.
type Runtime struct {
	cfg     Config
	version string
}

// Open loads the ONNX Runtime library (once per process) and returns a
// runtime. A missing or unloadable library is an error that says how to
// provide it.
func Open(cfg Config) (*Runtime, error) {
	if cfg.Library == "" {
		cfg.Library = DefaultLibrary
	}
	env.Lock()
	defer env.Unlock()
	if env.library == "" {
		ortgo.SetSharedLibraryPath(cfg.Library)
		if err := ortgo.InitializeEnvironment(ortgo.WithLogLevelError()); err != nil {
			return nil, libraryError(cfg.Library, err)
		}
		env.library, env.version = cfg.Library, ortgo.GetVersion()
	} else if env.library != cfg.Library {
		return nil, fmt.Errorf("onnxruntime: %s is already loaded in this process; cannot also load %s", env.library, cfg.Library)
	}
	return &Runtime{cfg: cfg, version: env.version}, nil
}

// Version is the loaded library's version, e.g. "1.24.1".
func (r *Runtime) Version() string { return r.version }

// Model is a model with its ORT session. It is safe for concurrent use.
type Model struct {
	sess    *ortgo.DynamicAdvancedSession
	inputs  []IO
	dtypes  []tensor.DType // of inputs
	outputs []IO
}

// Load reads the model's signature and creates its session. A file ORT
// refuses (corrupt, an operator it lacks) is a *ModelError.
func (r *Runtime) Load(raw []byte) (*Model, error) {
	sig, err := engine.ReadSignature(raw)
	if err != nil {
		return nil, &ModelError{Err: fmt.Errorf("not a readable ONNX model: %w", err)}
	}
	m := &Model{inputs: sig.Inputs, outputs: sig.Outputs}
	for _, in := range sig.Inputs {
		d, ok := elemTypes[in.Type]
		if !ok {
			return nil, &ModelError{Err: fmt.Errorf("input %q is of element type %s, which requests cannot carry", in.Name, in.Type)}
		}
		m.dtypes = append(m.dtypes, d)
	}
	opts, err := ortgo.NewSessionOptions()
	if err != nil {
		return nil, fmt.Errorf("onnxruntime: session options: %w", err)
	}
	defer func() { _ = opts.Destroy() }()
	if err := opts.SetIntraOpNumThreads(r.cfg.IntraOpThreads); err != nil {
		return nil, fmt.Errorf("onnxruntime: intra-op threads: %w", err)
	}
	if err := opts.SetInterOpNumThreads(1); err != nil {
		return nil, fmt.Errorf("onnxruntime: inter-op threads: %w", err)
	}
	names := func(ios []IO) []string {
		out := make([]string, len(ios))
		for i, io := range ios {
			out[i] = io.Name
		}
		return out
	}
	if err := r.checkOutputs(raw, sig.Outputs); err != nil {
		return nil, err
	}
	sess, err := ortgo.NewDynamicAdvancedSessionWithONNXData(raw, names(sig.Inputs), names(sig.Outputs), opts)
	if err != nil {
		return nil, &ModelError{Err: fmt.Errorf("onnxruntime refused the model: %s", cleanErr(err))}
	}
	m.sess = sess
	runtime.AddCleanup(m, func(s *ortgo.DynamicAdvancedSession) { _ = s.Destroy() }, sess)
	return m, nil
}

// checkOutputs bounds the model's outputs from ONNX Runtime's own shape
// inference (its session's output metadata: a declared shape that lies is
// replaced by what the graph computes) before the model ever runs.
func (r *Runtime) checkOutputs(raw []byte, outputs []IO) error {
	_, infos, err := ortgo.GetInputOutputInfoWithONNXData(raw)
	if err != nil {
		return &ModelError{Err: fmt.Errorf("onnxruntime refused the model: %s", cleanErr(err))}
	}
	declaredIn, declaredOut, err := engine.SymbolicDims(raw)
	if err != nil {
		return &ModelError{Err: fmt.Errorf("not a readable ONNX model: %w", err)}
	}
	if len(infos) != len(outputs) || len(declaredOut) != len(outputs) {
		return &ModelError{Err: fmt.Errorf("onnxruntime reports %d outputs, the graph declares %d", len(infos), len(outputs))}
	}
	names := make([]string, len(infos))
	dims := make([][]int64, len(infos))
	for i, info := range infos {
		names[i] = info.Name
		dims[i] = info.Dimensions
	}
	return boundOutputs(names, dims, declaredOut, declaredIn, r.cfg.AllowDynamicOutputs)
}

// cleanErr drops the binding's wrapping, keeping ORT's own message.
func cleanErr(err error) string {
	msg := err.Error()
	for _, p := range []string{"Error creating C session: ", "Error creating ORT session: "} {
		if i := strings.LastIndex(msg, p); i >= 0 {
			msg = msg[i+len(p):]
		}
	}
	return msg
}

// Inputs are the graph inputs a caller must feed.
func (m *Model) Inputs() []IO { return slices.Clone(m.inputs) }

// Outputs are the graph outputs, in graph order.
func (m *Model) Outputs() []IO { return slices.Clone(m.outputs) }

// Run feeds inputs by name and returns every graph output in graph order.
// Input mistakes (a missing or unknown name, a wrong shape or dtype) are
// *InputError. Cancelling ctx terminates the inference.
func (m *Model) Run(ctx context.Context, inputs map[string]tensor.Tensor) ([]Output, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for name := range inputs {
		if !slices.ContainsFunc(m.inputs, func(io IO) bool { return io.Name == name }) {
			return nil, &InputError{Msg: fmt.Sprintf("unknown input %q; the model's inputs are %s", name, m.inputNames())}
		}
	}
	in := make([]ortgo.Value, len(m.inputs))
	defer func() {
		for _, v := range in {
			if v != nil {
				_ = v.Destroy()
			}
		}
	}()
	for i, io := range m.inputs {
		t, ok := inputs[io.Name]
		if !ok {
			return nil, &InputError{Msg: fmt.Sprintf("missing input %q; the model's inputs are %s", io.Name, m.inputNames())}
		}
		data, err := checkInput(io, m.dtypes[i], t)
		if err != nil {
			return nil, err
		}
		shape := make(ortgo.Shape, len(t.Shape))
		for j, d := range t.Shape {
			shape[j] = int64(d)
		}
		v, err := ortgo.NewCustomDataTensor(shape, data, ortgo.TensorElementDataType(onnxCodes[m.dtypes[i]]))
		if err != nil {
			return nil, fmt.Errorf("input %q: %w", io.Name, err)
		}
		in[i] = v
	}
	out := make([]ortgo.Value, len(m.outputs))
	defer func() {
		for _, v := range out {
			if v != nil {
				_ = v.Destroy()
			}
		}
	}()
	opts, err := ortgo.NewRunOptions()
	if err != nil {
		return nil, fmt.Errorf("onnxruntime: run options: %w", err)
	}
	defer func() { _ = opts.Destroy() }()
	stop := context.AfterFunc(ctx, func() { _ = opts.Terminate() })
	defer stop()
	if err := m.sess.RunWithOptions(in, out, opts); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		// With the inputs checked against the signature, what ORT refuses
		// now is still about them (a shape a dynamic dimension cannot take).
		return nil, &InputError{Msg: fmt.Sprintf("onnxruntime: %s", strings.TrimPrefix(err.Error(), "Error running network: "))}
	}
	res := make([]Output, len(out))
	for i, v := range out {
		t, err := toTensor(v)
		if err != nil {
			return nil, fmt.Errorf("output %q: %w", m.outputs[i].Name, err)
		}
		res[i] = Output{Name: m.outputs[i].Name, Tensor: t}
	}
	return res, nil
}

func (m *Model) inputNames() string {
	names := make([]string, len(m.inputs))
	for i, io := range m.inputs {
		names[i] = fmt.Sprintf("%q %s%v", io.Name, io.Type, io.Shape)
	}
	return strings.Join(names, ", ")
}

// toTensor copies an output into a protocol tensor of the same dtype.
func toTensor(v ortgo.Value) (tensor.Tensor, error) {
	var shape []int
	for _, d := range v.GetShape() {
		shape = append(shape, int(d))
	}
	switch t := v.(type) {
	case *ortgo.Tensor[float32]:
		return bytesOf(tensor.Float32, shape, t.GetData())
	case *ortgo.Tensor[float64]:
		return bytesOf(tensor.Float64, shape, t.GetData())
	case *ortgo.Tensor[int64]:
		return bytesOf(tensor.Int64, shape, t.GetData())
	case *ortgo.Tensor[int32]:
		return bytesOf(tensor.Int32, shape, t.GetData())
	case *ortgo.Tensor[int16]:
		return bytesOf(tensor.Int16, shape, t.GetData())
	case *ortgo.Tensor[int8]:
		return bytesOf(tensor.Int8, shape, t.GetData())
	case *ortgo.Tensor[uint8]:
		return bytesOf(tensor.Uint8, shape, t.GetData())
	case *ortgo.Tensor[uint16]:
		return bytesOf(tensor.Uint16, shape, t.GetData())
	case *ortgo.Tensor[uint32]:
		return bytesOf(tensor.Uint32, shape, t.GetData())
	case *ortgo.Tensor[uint64]:
		return bytesOf(tensor.Uint64, shape, t.GetData())
	case *ortgo.Tensor[bool]:
		return bytesOf(tensor.Bool, shape, t.GetData())
	case *ortgo.CustomDataTensor:
		if ortgo.TensorElementDataType(t.DataType()) == ortgo.TensorElementDataTypeFloat16 {
			return tensor.NewTensor(tensor.Float16, shape, slices.Clone(t.GetData()))
		}
	}
	return tensor.Tensor{}, fmt.Errorf("an output of ONNX type %s, element type %d has no protocol dtype", v.GetONNXType(), int(v.DataType()))
}

// bytesOf copies data's little-endian bytes (the host is little-endian:
// the images are linux/amd64 and arm64) into a tensor.
func bytesOf[T any](d tensor.DType, shape []int, data []T) (tensor.Tensor, error) {
	var zero T
	raw := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(data))), len(data)*int(unsafe.Sizeof(zero)))
	return tensor.NewTensor(d, shape, slices.Clone(raw))
}
