package ort

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/onnx/engine"
)

// Engine is the inference engine's name in /service-resources.
const Engine = "onnxruntime"

// ErrNoCgo is Open's error in a binary built with CGO_ENABLED=0.
var ErrNoCgo = errors.New("this binary was built without cgo (CGO_ENABLED=0) and cannot load ONNX Runtime; build it with CGO_ENABLED=1 and a C compiler")

// DefaultLibrary is the library Open loads when Config.Library is empty:
// the dynamic loader's search path finds it (the images hold it in
// /usr/lib).
const DefaultLibrary = "libonnxruntime.so.1"

// Config configures the runtime.
type Config struct {
	// Library (ONNXRUNTIME_LIB) is the path of libonnxruntime.so; empty
	// means DefaultLibrary.
	Library string
	// IntraOpThreads (ONNX_THREADS) is the threads one inference uses; 0
	// lets ONNX Runtime choose (one per physical core).
	IntraOpThreads int
	// AllowDynamicOutputs (MODEL_ALLOW_DYNAMIC_OUTPUTS) loads models whose
	// outputs' sizes cannot be bounded before they run; by default such a
	// model is refused when it loads.
	AllowDynamicOutputs bool
}

// ConfigFromEnv reads ONNXRUNTIME_LIB, ONNX_THREADS and
// MODEL_ALLOW_DYNAMIC_OUTPUTS.
func ConfigFromEnv(getenv func(string) string) (Config, error) {
	c := Config{Library: strings.TrimSpace(getenv("ONNXRUNTIME_LIB"))}
	switch v := strings.TrimSpace(getenv("MODEL_ALLOW_DYNAMIC_OUTPUTS")); v {
	case "", "0", "false":
	case "1", "true":
		c.AllowDynamicOutputs = true
	default:
		return Config{}, fmt.Errorf("MODEL_ALLOW_DYNAMIC_OUTPUTS %q: write true or false (default false)", v)
	}
	if v := strings.TrimSpace(getenv("ONNX_THREADS")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1024 {
			return Config{}, fmt.Errorf("ONNX_THREADS %q is not a thread count; use 0 (ONNX Runtime's choice) to 1024", v)
		}
		c.IntraOpThreads = n
	}
	return c, nil
}

// libraryError explains a library that could not be loaded.
func libraryError(path string, err error) error {
	hint := "set ONNXRUNTIME_LIB to the path of libonnxruntime.so.1 (`make tools` installs it under .tools/lib)"
	if path != DefaultLibrary {
		if _, statErr := os.Stat(path); statErr != nil {
			return fmt.Errorf("onnxruntime: library %s: %w; %s", path, statErr, hint)
		}
	}
	return fmt.Errorf("onnxruntime: load %s: %w; %s", path, err, hint)
}

// IO describes one graph input or output.
type IO = engine.IO

// Output is one graph output of a Run.
type Output struct {
	Name   string
	Tensor tensor.Tensor
}

// InputError is a caller mistake in the inputs given to Run.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// ModelError is a model file ONNX Runtime refuses: not an ONNX model,
// truncated, or using an operator or type it does not implement. It is the
// fault of whoever named the model.
type ModelError struct{ Err error }

func (e *ModelError) Error() string { return e.Err.Error() }
func (e *ModelError) Unwrap() error { return e.Err }

// elemTypes maps ONNX element type names to the protocol's dtype codes.
var elemTypes = map[string]tensor.DType{
	"FLOAT16": tensor.Float16, "FLOAT": tensor.Float32, "DOUBLE": tensor.Float64,
	"INT8": tensor.Int8, "INT16": tensor.Int16, "INT32": tensor.Int32, "INT64": tensor.Int64,
	"UINT8": tensor.Uint8, "UINT16": tensor.Uint16, "UINT32": tensor.Uint32, "UINT64": tensor.Uint64,
	"BOOL": tensor.Bool,
}

// onnxCodes maps protocol dtypes to ONNX TensorProto.DataType codes (the
// C API's ONNXTensorElementDataType has the same values).
var onnxCodes = map[tensor.DType]int{
	tensor.Float32: 1, tensor.Uint8: 2, tensor.Int8: 3, tensor.Uint16: 4, tensor.Int16: 5,
	tensor.Int32: 6, tensor.Int64: 7, tensor.Bool: 9, tensor.Float16: 10, tensor.Float64: 11,
	tensor.Uint32: 12, tensor.Uint64: 13,
}

func isFloat(d tensor.DType) bool {
	return d == tensor.Float16 || d == tensor.Float32 || d == tensor.Float64
}

func isInt(d tensor.DType) bool {
	switch d {
	case tensor.Int8, tensor.Int16, tensor.Int32, tensor.Int64,
		tensor.Uint8, tensor.Uint16, tensor.Uint32, tensor.Uint64:
		return true
	}
	return false
}

// checkInput checks t against the declared input and returns its data in
// the input's element type (t's own bytes when the dtype already matches).
func checkInput(io IO, want tensor.DType, t tensor.Tensor) ([]byte, error) {
	if io.Shape != nil {
		ok := len(io.Shape) == len(t.Shape)
		for i := 0; ok && i < len(io.Shape); i++ {
			ok = io.Shape[i] < 0 || io.Shape[i] == int64(t.Shape[i])
		}
		if !ok {
			return nil, &InputError{Msg: fmt.Sprintf("input %q has shape %v; the model expects %v (-1 = any)", io.Name, t.Shape, io.Shape)}
		}
	}
	if t.Len() == 0 {
		return nil, &InputError{Msg: fmt.Sprintf("input %q has no elements (shape %v)", io.Name, t.Shape)}
	}
	if t.DType == want {
		return t.Bytes(), nil
	}
	if !(isFloat(want) && isFloat(t.DType)) && !(isInt(want) && isInt(t.DType)) {
		return nil, &InputError{Msg: fmt.Sprintf("input %q is %s (dtype %d); the model expects %s (dtype %d)", io.Name, t.DType, int(t.DType), want, int(want))}
	}
	f, err := t.Float64s()
	if err != nil {
		return nil, &InputError{Msg: fmt.Sprintf("input %q: %v", io.Name, err)}
	}
	var out tensor.Tensor
	switch want {
	case tensor.Float32:
		v := make([]float32, len(f))
		for i, x := range f {
			v[i] = float32(x)
		}
		out = tensor.FromFloat32(t.Shape, v)
	case tensor.Float64:
		out = tensor.FromFloat64(t.Shape, f)
	case tensor.Int64:
		v := make([]int64, len(f))
		for i, x := range f {
			v[i] = int64(x)
		}
		out = tensor.FromInt64(t.Shape, v)
	default:
		return nil, &InputError{Msg: fmt.Sprintf("input %q is %s (dtype %d); the model expects exactly %s (dtype %d)", io.Name, t.DType, int(t.DType), want, int(want))}
	}
	return out.Bytes(), nil
}

// ElemDType is the protocol dtype of an ONNX element type name ("FLOAT").
func ElemDType(onnxType string) (tensor.DType, bool) {
	d, ok := elemTypes[onnxType]
	return d, ok
}

// boundOutputs checks, before a model first runs, that every output's size
// is bounded: dims are ONNX Runtime's inferred output shapes (-1 where it
// cannot tell), declared the outputs' and inputs' dimension names. A
// dimension ONNX Runtime cannot tell is bounded only when the model names
// it after an input's dimension (a batch "N"): the request bounds it. The
// known dimensions' product must stay within tensor.MaxTensorElements.
// Anything else is a *ModelError unless allowDynamic.
func boundOutputs(names []string, dims [][]int64, declared, inputs [][]string, allowDynamic bool) error {
	inputNames := map[string]bool{}
	for _, in := range inputs {
		for _, p := range in {
			if p != "" {
				inputNames[p] = true
			}
		}
	}
	for i, d := range dims {
		elems := int64(1)
		for j, v := range d {
			if v < 0 {
				if j < len(declared[i]) && inputNames[declared[i][j]] || allowDynamic {
					continue
				}
				return &ModelError{Err: fmt.Errorf("output %q has shape %v: its dimension %d cannot be bounded before the model runs (neither fixed nor named after an input's dimension); such models are refused unless the operator sets MODEL_ALLOW_DYNAMIC_OUTPUTS", names[i], d, j)}
			}
			if v > 0 && elems > tensor.MaxTensorElements/v {
				elems = tensor.MaxTensorElements + 1
				break
			}
			elems *= max(v, 1)
		}
		if elems > tensor.MaxTensorElements {
			return &ModelError{Err: fmt.Errorf("output %q has shape %v: more than %d elements, refused before it runs", names[i], d, tensor.MaxTensorElements)}
		}
	}
	return nil
}
