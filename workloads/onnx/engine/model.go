package engine

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/infernode/infernode/workloads/protocol"
)

// UnsupportedError names what a model needs that the engine lacks.
type UnsupportedError struct {
	What string // e.g. `operator "Conv" (node "conv1")`
}

func (e *UnsupportedError) Error() string {
	return "unsupported " + e.What + "; supported operators: " + strings.Join(Operators(), ", ")
}

// IO describes one graph input or output.
type IO struct {
	Name  string
	Type  string  // ONNX element type, e.g. "FLOAT"
	Shape []int64 // -1 for a symbolic or unknown dimension; nil when unknown
}

// Model is a loaded ONNX model. It is immutable and safe for concurrent use.
type Model struct {
	inputs  []IO
	outputs []IO
	inits   map[string]*value
	nodes   []compiled
	opset   int64
}

type compiled struct {
	name    string
	op      string
	inputs  []string
	outputs []string
	run     kernel
}

// Inputs are the graph inputs a caller must feed (initializers excluded).
func (m *Model) Inputs() []IO { return slices.Clone(m.inputs) }

// Outputs are the graph outputs, in graph order.
func (m *Model) Outputs() []IO { return slices.Clone(m.outputs) }

// Opset is the default-domain operator set version.
func (m *Model) Opset() int64 { return m.opset }

// Load decodes an ONNX model and prepares every node. It fails with an
// *UnsupportedError for an operator, domain or data type the engine does
// not run.
func Load(raw []byte) (*Model, error) {
	pm, err := parseModel(raw)
	if err != nil {
		return nil, err
	}
	m := &Model{inits: map[string]*value{}, opset: pm.opsets[""]}
	if m.opset == 0 {
		m.opset = 1
	}
	for d := range pm.opsets {
		if d != "" {
			return nil, &UnsupportedError{What: fmt.Sprintf("operator set domain %q", d)}
		}
	}
	for _, t := range pm.graph.initializers {
		v, err := fromProto(t)
		if err != nil {
			return nil, fmt.Errorf("initializer %q: %w", t.name, err)
		}
		m.inits[t.name] = v
	}
	for _, in := range pm.graph.inputs {
		if _, isInit := m.inits[in.name]; isInit {
			continue
		}
		if in.elemType != onnxFloat && in.elemType != onnxInt64 && in.elemType != onnxDouble && in.elemType != onnxInt32 {
			return nil, &UnsupportedError{What: fmt.Sprintf("input %q of type %s", in.name, onnxTypeName(in.elemType))}
		}
		m.inputs = append(m.inputs, ioOf(in))
	}
	for _, out := range pm.graph.outputs {
		m.outputs = append(m.outputs, ioOf(out))
	}
	if len(m.outputs) == 0 {
		return nil, errors.New("the graph has no outputs")
	}
	known := map[string]bool{"": true}
	for name := range m.inits {
		known[name] = true
	}
	for _, in := range m.inputs {
		known[in.Name] = true
	}
	for i, n := range pm.graph.nodes {
		label := n.name
		if label == "" {
			label = fmt.Sprintf("#%d", i)
		}
		if n.domain != "" && n.domain != "ai.onnx" {
			return nil, &UnsupportedError{What: fmt.Sprintf("operator %q of domain %q (node %q)", n.opType, n.domain, label)}
		}
		factory, ok := operators[n.opType]
		if !ok {
			return nil, &UnsupportedError{What: fmt.Sprintf("operator %q (node %q)", n.opType, label)}
		}
		for _, a := range n.attrs {
			if a.hasG {
				return nil, &UnsupportedError{What: fmt.Sprintf("operator %q with a subgraph (node %q)", n.opType, label)}
			}
		}
		k, err := factory(n, m.opset)
		if err != nil {
			return nil, &UnsupportedError{What: fmt.Sprintf("node %q: %v", label, err)}
		}
		for _, in := range n.inputs {
			if !known[in] {
				return nil, fmt.Errorf("node %q reads %q before any node writes it (the graph is not topologically sorted)", label, in)
			}
		}
		for _, out := range n.outputs {
			known[out] = true
		}
		m.nodes = append(m.nodes, compiled{name: label, op: n.opType, inputs: n.inputs, outputs: n.outputs, run: k})
	}
	for _, out := range m.outputs {
		if !known[out.Name] {
			return nil, fmt.Errorf("graph output %q is never computed", out.Name)
		}
	}
	return m, nil
}

func ioOf(vi valueInfo) IO {
	io := IO{Name: vi.name, Type: onnxTypeName(vi.elemType)}
	if vi.hasShape {
		io.Shape = make([]int64, len(vi.dims))
		for i, d := range vi.dims {
			io.Shape[i] = d.value
			if d.param != "" || d.value <= 0 {
				io.Shape[i] = -1
			}
		}
	}
	return io
}

// fromProto converts an initializer or constant to an engine value.
func fromProto(t tensorProto) (*value, error) {
	if t.external {
		return nil, &UnsupportedError{What: "tensor data stored outside the model file (external data)"}
	}
	shape := make([]int, len(t.dims))
	for i, d := range t.dims {
		if d < 0 || d > math.MaxInt32 {
			return nil, fmt.Errorf("dimension %d is out of range", d)
		}
		shape[i] = int(d)
	}
	n, err := protocol.NumElements(shape)
	if err != nil {
		return nil, err
	}
	raw := t.raw
	rawN := func(size int) error {
		if len(raw) != n*size {
			return fmt.Errorf("raw data has %d bytes, shape %v of %s needs %d", len(raw), shape, onnxTypeName(t.dataType), n*size)
		}
		return nil
	}
	switch t.dataType {
	case onnxFloat:
		f := t.floatData
		if raw != nil {
			if err := rawN(4); err != nil {
				return nil, err
			}
			f = make([]float32, n)
			for i := range f {
				f[i] = math.Float32frombits(binary.LittleEndian.Uint32(raw[4*i:]))
			}
		}
		if len(f) != n {
			return nil, fmt.Errorf("has %d floats, shape %v needs %d", len(f), shape, n)
		}
		return floatValue(shape, f), nil
	case onnxDouble:
		d := t.double
		if raw != nil {
			if err := rawN(8); err != nil {
				return nil, err
			}
			d = make([]float64, n)
			for i := range d {
				d[i] = math.Float64frombits(binary.LittleEndian.Uint64(raw[8*i:]))
			}
		}
		if len(d) != n {
			return nil, fmt.Errorf("has %d doubles, shape %v needs %d", len(d), shape, n)
		}
		f := make([]float32, n)
		for i, x := range d {
			f[i] = float32(x)
		}
		return floatValue(shape, f), nil
	case onnxInt64:
		v := t.int64Data
		if raw != nil {
			if err := rawN(8); err != nil {
				return nil, err
			}
			v = make([]int64, n)
			for i := range v {
				v[i] = int64(binary.LittleEndian.Uint64(raw[8*i:]))
			}
		}
		if len(v) != n {
			return nil, fmt.Errorf("has %d int64s, shape %v needs %d", len(v), shape, n)
		}
		return intValue(shape, v), nil
	case onnxInt32:
		v := make([]int64, 0, n)
		if raw != nil {
			if err := rawN(4); err != nil {
				return nil, err
			}
			for i := range n {
				v = append(v, int64(int32(binary.LittleEndian.Uint32(raw[4*i:]))))
			}
		} else {
			for _, x := range t.int32Data {
				v = append(v, int64(x))
			}
		}
		if len(v) != n {
			return nil, fmt.Errorf("has %d int32s, shape %v needs %d", len(v), shape, n)
		}
		return intValue(shape, v), nil
	}
	return nil, &UnsupportedError{What: fmt.Sprintf("tensor data type %s", onnxTypeName(t.dataType))}
}

// InputError is a caller mistake in the inputs given to Run.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Output is one graph output of a Run.
type Output struct {
	Name   string
	Tensor protocol.Tensor
}

// Run feeds inputs by name and returns every graph output in graph order.
// Float inputs are computed in float32; FLOAT outputs come back as float32
// tensors and INT64 outputs as int64 tensors. Input mistakes (a missing or
// unknown name, a wrong shape or type) are *InputError.
func (m *Model) Run(ctx context.Context, inputs map[string]protocol.Tensor) ([]Output, error) {
	env := make(map[string]*value, len(m.inits)+len(m.nodes)+len(inputs))
	for k, v := range m.inits {
		env[k] = v
	}
	for name := range inputs {
		if !slices.ContainsFunc(m.inputs, func(io IO) bool { return io.Name == name }) {
			return nil, &InputError{Msg: fmt.Sprintf("unknown input %q; the model's inputs are %s", name, m.inputNames())}
		}
	}
	for _, io := range m.inputs {
		t, ok := inputs[io.Name]
		if !ok {
			return nil, &InputError{Msg: fmt.Sprintf("missing input %q; the model's inputs are %s", io.Name, m.inputNames())}
		}
		v, err := toValue(io, t)
		if err != nil {
			return nil, err
		}
		env[io.Name] = v
	}
	for _, n := range m.nodes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		in := make([]*value, len(n.inputs))
		for i, name := range n.inputs {
			if name != "" {
				in[i] = env[name]
			}
		}
		out, err := n.run(in)
		if err != nil {
			return nil, fmt.Errorf("node %q (%s): %w", n.name, n.op, err)
		}
		for i, name := range n.outputs {
			if name != "" && i < len(out) {
				env[name] = out[i]
			}
		}
	}
	res := make([]Output, len(m.outputs))
	for i, io := range m.outputs {
		v := env[io.Name]
		if v == nil {
			return nil, fmt.Errorf("output %q was not produced", io.Name)
		}
		var t protocol.Tensor
		if v.isInt {
			t = protocol.FromInt64(slices.Clone(v.shape), v.i)
		} else {
			t = protocol.FromFloat32(slices.Clone(v.shape), v.f)
		}
		res[i] = Output{Name: io.Name, Tensor: t}
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

func toValue(io IO, t protocol.Tensor) (*value, error) {
	if io.Shape != nil {
		ok := len(io.Shape) == len(t.Shape)
		for i := 0; ok && i < len(io.Shape); i++ {
			ok = io.Shape[i] < 0 || io.Shape[i] == int64(t.Shape[i])
		}
		if !ok {
			return nil, &InputError{Msg: fmt.Sprintf("input %q has shape %v; the model expects %v (-1 = any)", io.Name, t.Shape, io.Shape)}
		}
	}
	shape := slices.Clone(t.Shape)
	switch io.Type {
	case "INT64", "INT32":
		f, err := t.Float64s()
		if err != nil {
			return nil, &InputError{Msg: fmt.Sprintf("input %q: %v", io.Name, err)}
		}
		if t.DType != protocol.Int64 && t.DType != protocol.Int32 && t.DType != protocol.Int16 && t.DType != protocol.Int8 &&
			t.DType != protocol.Uint8 && t.DType != protocol.Uint16 && t.DType != protocol.Uint32 {
			return nil, &InputError{Msg: fmt.Sprintf("input %q is %s; the model expects integers (dtype 8 = int64)", io.Name, t.DType)}
		}
		v := make([]int64, len(f))
		for i, x := range f {
			v[i] = int64(x)
		}
		return intValue(shape, v), nil
	}
	switch t.DType {
	case protocol.Float32, protocol.Float64, protocol.Float16:
	default:
		return nil, &InputError{Msg: fmt.Sprintf("input %q is %s; the model expects %s (dtype 1 = float32)", io.Name, t.DType, io.Type)}
	}
	f, err := t.Float32s()
	if err != nil {
		return nil, &InputError{Msg: fmt.Sprintf("input %q: %v", io.Name, err)}
	}
	return floatValue(shape, f), nil
}
