package torch

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/infernode/infernode/internal/tensor"
	"github.com/infernode/infernode/workloads/internal/kernels"
)

// UnsupportedError names what a model file needs that this package lacks.
type UnsupportedError struct{ What string }

func (e *UnsupportedError) Error() string {
	return "unsupported " + e.What + "; the pickle reader runs full-model saves of Sequential, Linear, ReLU, LeakyReLU, Sigmoid, Tanh, Softmax, LogSoftmax, Flatten, Identity, Dropout, and MLP classifiers of Linear layers. " +
		"Any other model's forward() is Python code, which is never unpickled here: save it as TorchScript (torch.jit.save of torch.jit.script or torch.jit.trace), which runs on libtorch, or export it to ONNX for the onnx workload"
}

// IsTorchScript reports whether raw is a TorchScript archive
// (torch.jit.save: a zip holding the model's code/ and constants.pkl)
// rather than a full-model torch.save.
func IsTorchScript(raw []byte) bool {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return false
	}
	return slices.ContainsFunc(zr.File, isTorchScriptEntry)
}

func isTorchScriptEntry(f *zip.File) bool {
	return strings.Contains(f.Name, "/code/") || strings.HasSuffix(f.Name, "/constants.pkl")
}

// InputError is a caller mistake in the input given to Forward.
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// Options tune how a model is prepared.
type Options struct {
	// JIT compiles the module tree at load time into a flat plan of fused
	// steps (Linear with its activation, weights laid out once); without it
	// the tree is interpreted on every call. Results are identical.
	JIT bool
}

// Model is a loaded module tree.
type Model struct {
	root    module
	plan    []step // nil unless compiled
	inFeat  int    // the first Linear's in_features, 0 if unknown
	summary string
	// firstIn is the first Linear's in_features wherever it sits (0: no
	// Linear) and widest the largest width of any Linear: an input of
	// n elements has n/firstIn rows, and no activation has more than rows
	// × widest elements. The bound is the file's: it is checked before a
	// request runs.
	firstIn, widest int
}

// Summary describes the module tree, e.g.
// "IrisClassificationModel(MLP: Linear(4,50), Linear(50,50), Linear(50,3))".
func (m *Model) Summary() string { return m.summary }

// Compiled reports whether the model runs a compiled plan.
func (m *Model) Compiled() bool { return m.plan != nil }

// Load reads a torch.save(model) zip archive.
func Load(raw []byte, opts Options) (*Model, error) {
	zr, err := zip.NewReader(bytes.NewReader(raw), int64(len(raw)))
	if err != nil {
		return nil, fmt.Errorf("not a PyTorch zip archive (torch.save of a model since PyTorch 1.6): %w", err)
	}
	files := map[string]*zip.File{}
	prefix := ""
	for _, f := range zr.File {
		files[f.Name] = f
		if strings.HasSuffix(f.Name, "/data.pkl") && strings.Count(f.Name, "/") == 1 {
			prefix = strings.TrimSuffix(f.Name, "data.pkl")
		}
		if isTorchScriptEntry(f) {
			return nil, &UnsupportedError{What: "TorchScript archive (torch.jit.save) in the pickle reader; the tensor workload runs it on libtorch"}
		}
	}
	if prefix == "" {
		return nil, errors.New("the archive has no <name>/data.pkl: not a torch.save file")
	}
	if f, ok := files[prefix+"byteorder"]; ok {
		b, err := readZip(f, 16)
		if err != nil {
			return nil, err
		}
		if strings.TrimSpace(string(b)) != "little" {
			return nil, &UnsupportedError{What: fmt.Sprintf("byte order %q (only little-endian files)", b)}
		}
	}
	pkl, err := readZip(files[prefix+"data.pkl"], 64<<20)
	if err != nil {
		return nil, err
	}
	storages := map[string][]float32{}
	persist := func(pid any) (any, error) {
		t, ok := pid.(Tuple)
		if !ok || len(t) < 5 || t[0] != "storage" {
			return nil, fmt.Errorf("unknown persistent id %v", pid)
		}
		g, ok1 := t[1].(Global)
		key, ok2 := t[2].(string)
		numel, ok3 := t[4].(int64)
		if !ok1 || !ok2 || !ok3 || numel < 0 {
			return nil, fmt.Errorf("malformed storage id %v", pid)
		}
		dtype, size := storageType(g)
		if size == 0 {
			return nil, &UnsupportedError{What: fmt.Sprintf("storage type %s", g)}
		}
		if _, done := storages[key]; !done {
			f, ok := files[prefix+"data/"+key]
			if !ok {
				return nil, fmt.Errorf("storage %s is missing from the archive", key)
			}
			if numel > int64(f.UncompressedSize64)/int64(size) {
				return nil, fmt.Errorf("storage %s: %d elements but %d bytes", key, numel, f.UncompressedSize64)
			}
			b, err := readZip(f, int64(numel)*int64(size))
			if err != nil {
				return nil, err
			}
			if len(b) < int(numel)*size {
				return nil, fmt.Errorf("storage %s is short", key)
			}
			storages[key] = decodeStorage(dtype, b[:int(numel)*size])
		}
		return storageRef{dtype: dtype, key: key, numel: int(numel)}, nil
	}
	root, err := unpickle(pkl, persist)
	if err != nil {
		return nil, fmt.Errorf("read data.pkl: %w", err)
	}
	b := builder{storages: storages}
	mod, err := b.module(root, "model")
	if err != nil {
		return nil, err
	}
	m := &Model{root: mod, inFeat: firstInFeatures(mod), summary: mod.String()}
	widths(mod, &m.firstIn, &m.widest)
	if m.widest > tensor.MaxTensorElements {
		return nil, fmt.Errorf("a Linear layer of the model is %d wide: one row of its output is more than %d elements, refused before it runs", m.widest, tensor.MaxTensorElements)
	}
	if opts.JIT {
		m.plan = compile(mod, nil)
	}
	return m, nil
}

func readZip(f *zip.File, limit int64) ([]byte, error) {
	if f == nil {
		return nil, errors.New("archive entry missing")
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", f.Name, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(io.LimitReader(rc, limit))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", f.Name, err)
	}
	return b, nil
}

func storageType(g Global) (string, int) {
	switch g.Name {
	case "FloatStorage":
		return "float32", 4
	case "DoubleStorage":
		return "float64", 8
	case "HalfStorage":
		return "float16", 2
	}
	return "", 0
}

func decodeStorage(dtype string, b []byte) []float32 {
	switch dtype {
	case "float64":
		out := make([]float32, len(b)/8)
		for i := range out {
			out[i] = float32(math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:])))
		}
		return out
	case "float16":
		out := make([]float32, len(b)/2)
		for i := range out {
			out[i] = tensor.HalfToFloat32(binary.LittleEndian.Uint16(b[2*i:]))
		}
		return out
	}
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

// Forward runs the model on one input tensor (float16/32/64, last
// dimension = the first Linear's in_features) and returns a float32 tensor.
func (m *Model) Forward(ctx context.Context, in tensor.Tensor) (tensor.Tensor, error) {
	switch in.DType {
	case tensor.Float16, tensor.Float32, tensor.Float64:
	default:
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input is %s; the model takes floats (dtype 1 = float32)", in.DType)}
	}
	if len(in.Shape) == 0 {
		return tensor.Tensor{}, &InputError{Msg: "input is a scalar; give at least one dimension, e.g. shape [1, features]"}
	}
	if m.inFeat > 0 && in.Shape[len(in.Shape)-1] != m.inFeat {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input shape %v: the last dimension must be %d (the first Linear's in_features)", in.Shape, m.inFeat)}
	}
	if rows := in.Len() / max(m.firstIn, 1); m.firstIn > 0 && rows > 0 && m.widest > tensor.MaxTensorElements/rows {
		return tensor.Tensor{}, &InputError{Msg: fmt.Sprintf("input shape %v is %d rows and the model's widest layer %d features: more than %d elements, refused before it runs; send fewer rows", in.Shape, rows, m.widest, tensor.MaxTensorElements)}
	}
	f, err := in.Float32s()
	if err != nil {
		return tensor.Tensor{}, &InputError{Msg: err.Error()}
	}
	x := &act{shape: slices.Clone(in.Shape), data: f}
	if m.plan != nil {
		for _, s := range m.plan {
			if err := ctx.Err(); err != nil {
				return tensor.Tensor{}, err
			}
			if x, err = s(x); err != nil {
				return tensor.Tensor{}, err
			}
		}
	} else if x, err = m.root.forward(ctx, x); err != nil {
		return tensor.Tensor{}, err
	}
	return tensor.FromFloat32(x.shape, x.data), nil
}

// act is an activation tensor.
type act struct {
	shape []int
	data  []float32
}

type step func(*act) (*act, error)

type module interface {
	forward(ctx context.Context, x *act) (*act, error)
	String() string
}

var blasImpl gonum.Implementation

type linear struct {
	in, out int
	w       []float32 // [out, in], torch layout
	b       []float32 // nil without bias
}

func (l *linear) String() string { return fmt.Sprintf("Linear(%d,%d)", l.in, l.out) }

func (l *linear) forward(_ context.Context, x *act) (*act, error) { return l.apply(x, nil) }

// apply computes x·Wᵀ + b over the last dimension, then fn on every element
// (fused activation) when fn is not nil.
func (l *linear) apply(x *act, fn func(float32) float32) (*act, error) {
	if len(x.shape) == 0 || x.shape[len(x.shape)-1] != l.in {
		return nil, &InputError{Msg: fmt.Sprintf("%s got an input of shape %v", l, x.shape)}
	}
	rows := len(x.data) / max(l.in, 1)
	out := make([]float32, rows*l.out)
	beta := float32(0)
	if l.b != nil {
		for r := range rows {
			copy(out[r*l.out:], l.b)
		}
		beta = 1
	}
	if rows > 0 && l.in > 0 && l.out > 0 {
		blasImpl.Sgemm(blas.NoTrans, blas.Trans, rows, l.out, l.in, 1, x.data, l.in, l.w, l.in, beta, out, l.out)
	}
	if fn != nil {
		for i, v := range out {
			out[i] = fn(v)
		}
	}
	shape := slices.Clone(x.shape)
	shape[len(shape)-1] = l.out
	return &act{shape: shape, data: out}, nil
}

type elementwise struct {
	name string
	fn   func(float32) float32
}

func (e *elementwise) String() string { return e.name }

func (e *elementwise) forward(_ context.Context, x *act) (*act, error) {
	out := make([]float32, len(x.data))
	for i, v := range x.data {
		out[i] = e.fn(v)
	}
	return &act{shape: x.shape, data: out}, nil
}

type softmax struct {
	dim int
	log bool
}

func (s *softmax) String() string {
	if s.log {
		return fmt.Sprintf("LogSoftmax(dim=%d)", s.dim)
	}
	return fmt.Sprintf("Softmax(dim=%d)", s.dim)
}

func (s *softmax) forward(_ context.Context, x *act) (*act, error) {
	r := len(x.shape)
	d := s.dim
	if d < 0 {
		d += r
	}
	if d < 0 || d >= r {
		return nil, &InputError{Msg: fmt.Sprintf("%s on an input of shape %v", s, x.shape)}
	}
	outer, n, inner := kernels.Numel(x.shape[:d]), x.shape[d], kernels.Numel(x.shape[d+1:])
	out := make([]float32, len(x.data))
	kernels.Softmax(out, x.data, outer, n, inner, s.log)
	return &act{shape: x.shape, data: out}, nil
}

type flatten struct{ start, end int }

func (f *flatten) String() string { return fmt.Sprintf("Flatten(%d,%d)", f.start, f.end) }

func (f *flatten) forward(_ context.Context, x *act) (*act, error) {
	r := len(x.shape)
	s, e := f.start, f.end
	if s < 0 {
		s += r
	}
	if e < 0 {
		e += r
	}
	if s < 0 || e >= r || s > e {
		return nil, &InputError{Msg: fmt.Sprintf("%s on an input of shape %v", f, x.shape)}
	}
	shape := append(append(slices.Clone(x.shape[:s]), kernels.Numel(x.shape[s:e+1])), x.shape[e+1:]...)
	return &act{shape: shape, data: x.data}, nil
}

type identity struct{ name string }

func (i *identity) String() string                                  { return i.name }
func (i *identity) forward(_ context.Context, x *act) (*act, error) { return x, nil }

// sequence runs children in order.
type sequence struct {
	name     string
	children []module
}

func (s *sequence) String() string { return s.name + "(" + joinModules(s.children) + ")" }

// joinModules lists modules for a summary: their String, comma-separated.
func joinModules[M fmt.Stringer](ms []M) string {
	parts := make([]string, len(ms))
	for i, m := range ms {
		parts[i] = m.String()
	}
	return strings.Join(parts, ", ")
}

func (s *sequence) forward(ctx context.Context, x *act) (*act, error) {
	var err error
	for _, c := range s.children {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if x, err = c.forward(ctx, x); err != nil {
			return nil, err
		}
	}
	return x, nil
}

// mlp is a user module of Linear layers only: ReLU between, Softmax(dim=1)
// after the last.
type mlp struct {
	name   string
	layers []*linear
}

func (m *mlp) String() string {
	return m.name + "(MLP: " + joinModules(m.layers) + ", ReLU between, Softmax(dim=1) last)"
}

func (m *mlp) forward(ctx context.Context, x *act) (*act, error) {
	var err error
	for i, l := range m.layers {
		if x, err = l.forward(ctx, x); err != nil {
			return nil, err
		}
		if i < len(m.layers)-1 {
			if x, err = (&elementwise{"ReLU", kernels.Relu}).forward(ctx, x); err != nil {
				return nil, err
			}
		}
	}
	return (&softmax{dim: 1}).forward(ctx, x)
}

// compile flattens the tree into steps, fusing each Linear with an
// activation that directly follows it.
func compile(m module, plan []step) []step {
	switch t := m.(type) {
	case *sequence:
		for i := 0; i < len(t.children); i++ {
			if l, ok := t.children[i].(*linear); ok && i+1 < len(t.children) {
				if e, ok := t.children[i+1].(*elementwise); ok {
					fn := e.fn
					plan = append(plan, func(x *act) (*act, error) { return l.apply(x, fn) })
					i++
					continue
				}
			}
			plan = compile(t.children[i], plan)
		}
		return plan
	case *mlp:
		for i, l := range t.layers {
			var fn func(float32) float32
			if i < len(t.layers)-1 {
				fn = kernels.Relu
			}
			plan = append(plan, func(x *act) (*act, error) { return l.apply(x, fn) })
		}
		sm := &softmax{dim: 1}
		return append(plan, func(x *act) (*act, error) { return sm.forward(context.Background(), x) })
	}
	return append(plan, func(x *act) (*act, error) { return m.forward(context.Background(), x) })
}

// widths sets *first to the first Linear's in_features (if not set yet) and
// *widest to the largest width of m's Linear layers.
func widths(m module, first, widest *int) {
	switch t := m.(type) {
	case *linear:
		if *first == 0 {
			*first = t.in
		}
		*widest = max(*widest, t.in, t.out)
	case *mlp:
		for _, l := range t.layers {
			widths(l, first, widest)
		}
	case *sequence:
		for _, c := range t.children {
			widths(c, first, widest)
		}
	}
}

func firstInFeatures(m module) int {
	switch t := m.(type) {
	case *linear:
		return t.in
	case *mlp:
		return t.layers[0].in
	case *sequence:
		for _, c := range t.children {
			if n := firstInFeatures(c); n > 0 {
				return n
			}
			if _, ok := c.(*flatten); ok {
				return 0 // the input's shape before a Flatten is not known here
			}
		}
	}
	return 0
}
