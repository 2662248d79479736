package engine

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/gonum"

	"github.com/infernode/infernode/workloads/internal/kernels"
)

// kernel computes a node's outputs from its inputs; a missing optional
// input is nil.
type kernel func(in []*value) ([]*value, error)

// opFactory checks a node's attributes at load time and returns its kernel.
type opFactory func(n nodeProto, opset int64) (kernel, error)

var blasImpl gonum.Implementation

// operators is the registry; it is read-only after package init.
var operators = map[string]opFactory{
	"Gemm":               gemmOp,
	"MatMul":             matmulOp,
	"Add":                binaryOp(func(a, b float32) float32 { return a + b }),
	"Sub":                binaryOp(func(a, b float32) float32 { return a - b }),
	"Mul":                binaryOp(func(a, b float32) float32 { return a * b }),
	"Div":                binaryOp(func(a, b float32) float32 { return a / b }),
	"Pow":                binaryOp(func(a, b float32) float32 { return float32(math.Pow(float64(a), float64(b))) }),
	"Relu":               unaryOp(kernels.Relu),
	"Sigmoid":            unaryOp(kernels.Sigmoid),
	"Tanh":               unaryOp(kernels.Tanh),
	"Exp":                unaryOp(func(x float32) float32 { return float32(math.Exp(float64(x))) }),
	"Log":                unaryOp(func(x float32) float32 { return float32(math.Log(float64(x))) }),
	"Sqrt":               unaryOp(func(x float32) float32 { return float32(math.Sqrt(float64(x))) }),
	"Neg":                unaryOp(func(x float32) float32 { return -x }),
	"Abs":                unaryOp(func(x float32) float32 { return float32(math.Abs(float64(x))) }),
	"LeakyRelu":          leakyReluOp,
	"Clip":               clipOp,
	"Softmax":            softmaxOp(false),
	"LogSoftmax":         softmaxOp(true),
	"Identity":           identityOp,
	"Dropout":            identityOp, // inference mode: the data passes through
	"Flatten":            flattenOp,
	"Reshape":            reshapeOp,
	"Transpose":          transposeOp,
	"Constant":           constantOp,
	"ArgMax":             argmaxOp,
	"Squeeze":            squeezeOp,
	"Unsqueeze":          unsqueezeOp,
	"Concat":             concatOp,
	"Cast":               castOp,
	"Shape":              shapeOp,
	"Gather":             gatherOp,
	"ReduceMean":         reduceMeanOp,
	"BatchNormalization": batchNormOp,
}

// Operators lists the operator types the engine runs, sorted.
func Operators() []string {
	names := make([]string, 0, len(operators))
	for k := range operators {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

func attrInt(n nodeProto, name string, def int64) int64 {
	if a, ok := n.attrs[name]; ok {
		return a.i
	}
	return def
}

func attrFloat(n nodeProto, name string, def float32) float32 {
	if a, ok := n.attrs[name]; ok {
		return a.f
	}
	return def
}

func attrInts(n nodeProto, name string) ([]int64, bool) {
	a, ok := n.attrs[name]
	return a.ints, ok
}

func needFloat(op string, vs ...*value) error {
	for _, v := range vs {
		if v != nil && v.isInt {
			return fmt.Errorf("%s: INT64 inputs are not supported, only FLOAT", op)
		}
	}
	return nil
}

func gemmOp(n nodeProto, _ int64) (kernel, error) {
	alpha, beta := attrFloat(n, "alpha", 1), attrFloat(n, "beta", 1)
	transA, transB := attrInt(n, "transA", 0) != 0, attrInt(n, "transB", 0) != 0
	return func(in []*value) ([]*value, error) {
		if len(in) < 2 || in[0] == nil || in[1] == nil {
			return nil, errors.New("Gemm needs inputs A and B")
		}
		a, b := in[0], in[1]
		var c *value
		if len(in) > 2 {
			c = in[2]
		}
		if err := needFloat("Gemm", a, b, c); err != nil {
			return nil, err
		}
		if len(a.shape) != 2 || len(b.shape) != 2 {
			return nil, fmt.Errorf("Gemm needs 2-D inputs, got %v and %v", a.shape, b.shape)
		}
		m, k := a.shape[0], a.shape[1]
		if transA {
			m, k = k, m
		}
		kb, nn := b.shape[0], b.shape[1]
		if transB {
			kb, nn = nn, kb
		}
		if k != kb {
			return nil, fmt.Errorf("Gemm: A %v and B %v do not multiply (transA=%v, transB=%v)", a.shape, b.shape, transA, transB)
		}
		out := make([]float32, m*nn)
		if c != nil && beta != 0 {
			if _, err := broadcastShape([]int{m, nn}, c.shape); err != nil || len(c.shape) > 2 {
				return nil, fmt.Errorf("Gemm: C %v does not broadcast to [%d %d]", c.shape, m, nn)
			}
			for i, j := range broadcastIndex(c.shape, []int{m, nn}) {
				out[i] = c.f[j]
			}
		} else {
			beta = 0
		}
		if m > 0 && nn > 0 && k > 0 {
			ta, tb := blas.NoTrans, blas.NoTrans
			if transA {
				ta = blas.Trans
			}
			if transB {
				tb = blas.Trans
			}
			blasImpl.Sgemm(ta, tb, m, nn, k, alpha, a.f, a.shape[1], b.f, b.shape[1], beta, out, nn)
		}
		return []*value{floatValue([]int{m, nn}, out)}, nil
	}, nil
}

func matmulOp(nodeProto, int64) (kernel, error) {
	return func(in []*value) ([]*value, error) {
		if len(in) != 2 || in[0] == nil || in[1] == nil {
			return nil, errors.New("MatMul needs two inputs")
		}
		a, b := in[0], in[1]
		if err := needFloat("MatMul", a, b); err != nil {
			return nil, err
		}
		as, bs := slices.Clone(a.shape), slices.Clone(b.shape)
		if len(as) == 0 || len(bs) == 0 {
			return nil, errors.New("MatMul does not take scalars")
		}
		aVec, bVec := len(as) == 1, len(bs) == 1
		if aVec {
			as = []int{1, as[0]}
		}
		if bVec {
			bs = []int{bs[0], 1}
		}
		m, k := as[len(as)-2], as[len(as)-1]
		kb, nn := bs[len(bs)-2], bs[len(bs)-1]
		if k != kb {
			return nil, fmt.Errorf("MatMul: shapes %v and %v do not multiply", a.shape, b.shape)
		}
		batch, err := broadcastShape(as[:len(as)-2], bs[:len(bs)-2])
		if err != nil {
			return nil, fmt.Errorf("MatMul: %w", err)
		}
		nb := kernels.Numel(batch)
		ai := broadcastIndex(as[:len(as)-2], batch)
		bi := broadcastIndex(bs[:len(bs)-2], batch)
		out := make([]float32, nb*m*nn)
		for p := range nb {
			if m > 0 && nn > 0 && k > 0 {
				blasImpl.Sgemm(blas.NoTrans, blas.NoTrans, m, nn, k, 1, a.f[ai[p]*m*k:], k, b.f[bi[p]*k*nn:], nn, 0, out[p*m*nn:], nn)
			}
		}
		shape := append(batch, m, nn)
		if aVec {
			shape = slices.Delete(shape, len(shape)-2, len(shape)-1)
		}
		if bVec {
			shape = shape[:len(shape)-1]
		}
		return []*value{floatValue(shape, out)}, nil
	}, nil
}

func binaryOp(f func(a, b float32) float32) opFactory {
	return func(n nodeProto, _ int64) (kernel, error) {
		if attrInt(n, "broadcast", 0) != 0 {
			if _, ok := n.attrs["axis"]; ok {
				return nil, fmt.Errorf("%s: legacy broadcast with an axis attribute is not supported", n.opType)
			}
		}
		op := n.opType
		return func(in []*value) ([]*value, error) {
			if len(in) != 2 || in[0] == nil || in[1] == nil {
				return nil, fmt.Errorf("%s needs two inputs", op)
			}
			a, b := in[0], in[1]
			if a.isInt && b.isInt {
				return intBinary(op, a, b)
			}
			if err := needFloat(op, a, b); err != nil {
				return nil, err
			}
			shape, err := broadcastShape(a.shape, b.shape)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", op, err)
			}
			out := make([]float32, kernels.Numel(shape))
			if len(b.f) == 1 && equalShape(a.shape, shape) {
				y := b.f[0]
				for i, x := range a.f {
					out[i] = f(x, y)
				}
			} else {
				ia, ib := broadcastIndex(a.shape, shape), broadcastIndex(b.shape, shape)
				for i := range out {
					out[i] = f(a.f[ia[i]], b.f[ib[i]])
				}
			}
			return []*value{floatValue(shape, out)}, nil
		}, nil
	}
}

// intBinary covers the shape arithmetic exporters emit (Mul/Add/Sub/Div on
// INT64 shape tensors).
func intBinary(op string, a, b *value) ([]*value, error) {
	shape, err := broadcastShape(a.shape, b.shape)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	ia, ib := broadcastIndex(a.shape, shape), broadcastIndex(b.shape, shape)
	out := make([]int64, kernels.Numel(shape))
	for i := range out {
		x, y := a.i[ia[i]], b.i[ib[i]]
		switch op {
		case "Add":
			out[i] = x + y
		case "Sub":
			out[i] = x - y
		case "Mul":
			out[i] = x * y
		case "Div":
			if y == 0 {
				return nil, fmt.Errorf("%s: integer division by zero", op)
			}
			out[i] = x / y
		default:
			return nil, fmt.Errorf("%s: INT64 inputs are not supported", op)
		}
	}
	return []*value{intValue(shape, out)}, nil
}

func unaryOp(f func(float32) float32) opFactory {
	return func(n nodeProto, _ int64) (kernel, error) {
		op := n.opType
		return func(in []*value) ([]*value, error) {
			if len(in) < 1 || in[0] == nil {
				return nil, fmt.Errorf("%s needs an input", op)
			}
			if err := needFloat(op, in[0]); err != nil {
				return nil, err
			}
			out := make([]float32, len(in[0].f))
			for i, x := range in[0].f {
				out[i] = f(x)
			}
			return []*value{floatValue(slices.Clone(in[0].shape), out)}, nil
		}, nil
	}
}

func leakyReluOp(n nodeProto, opset int64) (kernel, error) {
	alpha := attrFloat(n, "alpha", 0.01)
	return unaryOp(func(x float32) float32 {
		if x < 0 {
			return alpha * x
		}
		return x
	})(n, opset)
}

func clipOp(n nodeProto, _ int64) (kernel, error) {
	lo, hi := attrFloat(n, "min", -math.MaxFloat32), attrFloat(n, "max", math.MaxFloat32)
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Clip needs an input")
		}
		l, h := lo, hi
		if len(in) > 1 && in[1] != nil {
			if in[1].isInt || len(in[1].f) != 1 {
				return nil, errors.New("Clip: min must be a FLOAT scalar")
			}
			l = in[1].f[0]
		}
		if len(in) > 2 && in[2] != nil {
			if in[2].isInt || len(in[2].f) != 1 {
				return nil, errors.New("Clip: max must be a FLOAT scalar")
			}
			h = in[2].f[0]
		}
		if err := needFloat("Clip", in[0]); err != nil {
			return nil, err
		}
		out := make([]float32, len(in[0].f))
		for i, x := range in[0].f {
			out[i] = min(max(x, l), h)
		}
		return []*value{floatValue(slices.Clone(in[0].shape), out)}, nil
	}, nil
}

func softmaxOp(logOf bool) opFactory {
	return func(n nodeProto, opset int64) (kernel, error) {
		op := n.opType
		// Before opset 13 the input is coerced to 2-D at axis (default 1);
		// from 13 on softmax runs along one axis (default -1).
		legacy := opset < 13
		def := int64(-1)
		if legacy {
			def = 1
		}
		axisAttr := attrInt(n, "axis", def)
		return func(in []*value) ([]*value, error) {
			if len(in) < 1 || in[0] == nil {
				return nil, fmt.Errorf("%s needs an input", op)
			}
			x := in[0]
			if err := needFloat(op, x); err != nil {
				return nil, err
			}
			r := len(x.shape)
			if r == 0 {
				return nil, fmt.Errorf("%s needs at least 1 dimension", op)
			}
			axis, err := normAxis(axisAttr, r)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", op, err)
			}
			var outer, dimN, inner int
			if legacy {
				outer, dimN, inner = kernels.Numel(x.shape[:axis]), kernels.Numel(x.shape[axis:]), 1
			} else {
				outer, dimN, inner = kernels.Numel(x.shape[:axis]), x.shape[axis], kernels.Numel(x.shape[axis+1:])
			}
			out := make([]float32, len(x.f))
			kernels.Softmax(out, x.f, outer, dimN, inner, logOf)
			return []*value{floatValue(slices.Clone(x.shape), out)}, nil
		}, nil
	}
}

func identityOp(n nodeProto, _ int64) (kernel, error) {
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Identity needs an input")
		}
		return []*value{in[0]}, nil
	}, nil
}

func reshaped(v *value, shape []int) *value {
	return &value{shape: shape, f: v.f, i: v.i, isInt: v.isInt}
}

func flattenOp(n nodeProto, _ int64) (kernel, error) {
	axisAttr := attrInt(n, "axis", 1)
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Flatten needs an input")
		}
		x := in[0]
		axis := int(axisAttr)
		if axis < 0 {
			axis += len(x.shape)
		}
		if axis < 0 || axis > len(x.shape) {
			return nil, fmt.Errorf("Flatten: axis %d out of range for rank %d", axisAttr, len(x.shape))
		}
		return []*value{reshaped(x, []int{kernels.Numel(x.shape[:axis]), kernels.Numel(x.shape[axis:])})}, nil
	}, nil
}

func reshapeOp(n nodeProto, opset int64) (kernel, error) {
	if opset < 5 {
		return nil, errors.New("Reshape before opset 5 (shape as an attribute) is not supported")
	}
	allowZero := attrInt(n, "allowzero", 0) != 0
	return func(in []*value) ([]*value, error) {
		if len(in) != 2 || in[0] == nil || in[1] == nil || !in[1].isInt {
			return nil, errors.New("Reshape needs data and an INT64 shape")
		}
		x, spec := in[0], in[1].i
		shape := make([]int, len(spec))
		infer := -1
		known := 1
		for i, d := range spec {
			switch {
			case d == 0 && !allowZero:
				if i >= len(x.shape) {
					return nil, fmt.Errorf("Reshape: 0 at position %d copies a dimension %v does not have", i, x.shape)
				}
				shape[i] = x.shape[i]
			case d == -1:
				if infer >= 0 {
					return nil, errors.New("Reshape: more than one -1")
				}
				infer = i
				continue
			case d < 0:
				return nil, fmt.Errorf("Reshape: invalid dimension %d", d)
			default:
				shape[i] = int(d)
			}
			known *= shape[i]
		}
		total := x.size()
		if infer >= 0 {
			if known == 0 || total%known != 0 {
				return nil, fmt.Errorf("Reshape: cannot infer -1 reshaping %v to %v", x.shape, spec)
			}
			shape[infer] = total / known
		} else if known != total {
			return nil, fmt.Errorf("Reshape: %v has %d elements, %v needs %d", x.shape, total, spec, known)
		}
		return []*value{reshaped(x, shape)}, nil
	}, nil
}

func transposeOp(n nodeProto, _ int64) (kernel, error) {
	permAttr, hasPerm := attrInts(n, "perm")
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Transpose needs an input")
		}
		x := in[0]
		r := len(x.shape)
		perm := make([]int, r)
		for i := range perm {
			perm[i] = r - 1 - i
		}
		if hasPerm {
			if len(permAttr) != r {
				return nil, fmt.Errorf("Transpose: perm %v does not match rank %d", permAttr, r)
			}
			seen := make([]bool, r)
			for i, p := range permAttr {
				if p < 0 || int(p) >= r || seen[p] {
					return nil, fmt.Errorf("Transpose: perm %v is not a permutation", permAttr)
				}
				seen[p] = true
				perm[i] = int(p)
			}
		}
		shape := make([]int, r)
		for i, p := range perm {
			shape[i] = x.shape[p]
		}
		inSt := strides(x.shape)
		srcSt := make([]int, r)
		for d, p := range perm {
			srcSt[d] = inSt[p]
		}
		src := gatherIndex(shape, srcSt)
		nel := len(src)
		if x.isInt {
			out := make([]int64, nel)
			for k, s := range src {
				out[k] = x.i[s]
			}
			return []*value{intValue(shape, out)}, nil
		}
		out := make([]float32, nel)
		for k, s := range src {
			out[k] = x.f[s]
		}
		return []*value{floatValue(shape, out)}, nil
	}, nil
}

func constantOp(n nodeProto, _ int64) (kernel, error) {
	var v *value
	switch {
	case n.attrs["value"].t != nil:
		var err error
		if v, err = fromProto(*n.attrs["value"].t); err != nil {
			return nil, fmt.Errorf("Constant: %w", err)
		}
	case hasAttr(n, "value_float"):
		v = floatValue([]int{}, []float32{n.attrs["value_float"].f})
	case hasAttr(n, "value_floats"):
		f := n.attrs["value_floats"].floats
		v = floatValue([]int{len(f)}, f)
	case hasAttr(n, "value_int"):
		v = intValue([]int{}, []int64{n.attrs["value_int"].i})
	case hasAttr(n, "value_ints"):
		i := n.attrs["value_ints"].ints
		v = intValue([]int{len(i)}, i)
	default:
		return nil, errors.New("Constant: only value, value_float(s) and value_int(s) are supported")
	}
	return func([]*value) ([]*value, error) { return []*value{v}, nil }, nil
}

func hasAttr(n nodeProto, name string) bool { _, ok := n.attrs[name]; return ok }

func argmaxOp(n nodeProto, _ int64) (kernel, error) {
	axisAttr := attrInt(n, "axis", 0)
	keep := attrInt(n, "keepdims", 1) != 0
	last := attrInt(n, "select_last_index", 0) != 0
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("ArgMax needs an input")
		}
		x := in[0]
		if err := needFloat("ArgMax", x); err != nil {
			return nil, err
		}
		axis, err := normAxis(axisAttr, len(x.shape))
		if err != nil {
			return nil, fmt.Errorf("ArgMax: %w", err)
		}
		outer, dimN, inner := kernels.Numel(x.shape[:axis]), x.shape[axis], kernels.Numel(x.shape[axis+1:])
		out := make([]int64, outer*inner)
		for o := range outer {
			for in := range inner {
				best, bi := float32(math.Inf(-1)), 0
				for k := range dimN {
					v := x.f[o*dimN*inner+k*inner+in]
					if v > best || (last && v == best) || k == 0 {
						best, bi = v, k
					}
				}
				out[o*inner+in] = int64(bi)
			}
		}
		shape := slices.Clone(x.shape)
		if keep {
			shape[axis] = 1
		} else {
			shape = slices.Delete(shape, axis, axis+1)
		}
		return []*value{intValue(shape, out)}, nil
	}, nil
}

// axesOf reads the axes of Squeeze/Unsqueeze/ReduceMean: an attribute
// before opset 13 (18 for reductions), the second input after.
func axesOf(n nodeProto, in []*value) ([]int64, bool, error) {
	if a, ok := n.attrs["axes"]; ok {
		return a.ints, true, nil
	}
	if len(in) > 1 && in[1] != nil {
		if !in[1].isInt {
			return nil, false, fmt.Errorf("%s: axes must be INT64", n.opType)
		}
		return in[1].i, true, nil
	}
	return nil, false, nil
}

func squeezeOp(n nodeProto, _ int64) (kernel, error) {
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Squeeze needs an input")
		}
		x := in[0]
		axes, given, err := axesOf(n, in)
		if err != nil {
			return nil, err
		}
		drop := make([]bool, len(x.shape))
		if !given {
			for i, d := range x.shape {
				drop[i] = d == 1
			}
		}
		for _, a := range axes {
			ax, err := normAxis(a, len(x.shape))
			if err != nil {
				return nil, fmt.Errorf("Squeeze: %w", err)
			}
			if x.shape[ax] != 1 {
				return nil, fmt.Errorf("Squeeze: dimension %d of %v is not 1", ax, x.shape)
			}
			drop[ax] = true
		}
		var shape []int
		for i, d := range x.shape {
			if !drop[i] {
				shape = append(shape, d)
			}
		}
		return []*value{reshaped(x, append([]int{}, shape...))}, nil
	}, nil
}

func unsqueezeOp(n nodeProto, _ int64) (kernel, error) {
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Unsqueeze needs an input")
		}
		x := in[0]
		axes, given, err := axesOf(n, in)
		if err != nil || !given {
			return nil, errors.New("Unsqueeze needs axes")
		}
		r := len(x.shape) + len(axes)
		ins := make([]bool, r)
		for _, a := range axes {
			ax, err := normAxis(a, r)
			if err != nil || ins[ax] {
				return nil, fmt.Errorf("Unsqueeze: bad axes %v for rank %d", axes, len(x.shape))
			}
			ins[ax] = true
		}
		shape := make([]int, 0, r)
		j := 0
		for i := range r {
			if ins[i] {
				shape = append(shape, 1)
			} else {
				shape = append(shape, x.shape[j])
				j++
			}
		}
		return []*value{reshaped(x, shape)}, nil
	}, nil
}

func concatOp(n nodeProto, _ int64) (kernel, error) {
	if !hasAttr(n, "axis") {
		return nil, errors.New("Concat needs an axis attribute")
	}
	axisAttr := attrInt(n, "axis", 0)
	return func(in []*value) ([]*value, error) {
		if len(in) == 0 || in[0] == nil {
			return nil, errors.New("Concat needs inputs")
		}
		r := len(in[0].shape)
		axis, err := normAxis(axisAttr, r)
		if err != nil {
			return nil, fmt.Errorf("Concat: %w", err)
		}
		shape := slices.Clone(in[0].shape)
		shape[axis] = 0
		for _, v := range in {
			if v == nil || len(v.shape) != r || v.isInt != in[0].isInt {
				return nil, errors.New("Concat: inputs differ in rank or type")
			}
			for d := range r {
				if d != axis && v.shape[d] != shape[d] {
					return nil, fmt.Errorf("Concat: shapes %v and %v differ off the axis", in[0].shape, v.shape)
				}
			}
			shape[axis] += v.shape[axis]
		}
		outer := kernels.Numel(shape[:axis])
		out := &value{shape: shape, isInt: in[0].isInt}
		for o := range outer {
			for _, v := range in {
				chunk := kernels.Numel(v.shape[axis:])
				if v.isInt {
					out.i = append(out.i, v.i[o*chunk:(o+1)*chunk]...)
				} else {
					out.f = append(out.f, v.f[o*chunk:(o+1)*chunk]...)
				}
			}
		}
		return []*value{out}, nil
	}, nil
}

func castOp(n nodeProto, _ int64) (kernel, error) {
	to := int32(attrInt(n, "to", 0))
	if to != onnxFloat && to != onnxInt64 && to != onnxDouble && to != onnxInt32 {
		return nil, fmt.Errorf("Cast to %s is not supported (FLOAT, DOUBLE, INT32 and INT64 are)", onnxTypeName(to))
	}
	toInt := to == onnxInt64 || to == onnxInt32
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Cast needs an input")
		}
		x := in[0]
		switch {
		case toInt && !x.isInt:
			out := make([]int64, len(x.f))
			for i, f := range x.f {
				out[i] = int64(f)
			}
			return []*value{intValue(slices.Clone(x.shape), out)}, nil
		case !toInt && x.isInt:
			out := make([]float32, len(x.i))
			for i, v := range x.i {
				out[i] = float32(v)
			}
			return []*value{floatValue(slices.Clone(x.shape), out)}, nil
		}
		return []*value{x}, nil
	}, nil
}

func shapeOp(n nodeProto, _ int64) (kernel, error) {
	if hasAttr(n, "start") || hasAttr(n, "end") {
		return nil, errors.New("Shape with start/end is not supported")
	}
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("Shape needs an input")
		}
		out := make([]int64, len(in[0].shape))
		for i, d := range in[0].shape {
			out[i] = int64(d)
		}
		return []*value{intValue([]int{len(out)}, out)}, nil
	}, nil
}

func gatherOp(n nodeProto, _ int64) (kernel, error) {
	axisAttr := attrInt(n, "axis", 0)
	return func(in []*value) ([]*value, error) {
		if len(in) != 2 || in[0] == nil || in[1] == nil || !in[1].isInt {
			return nil, errors.New("Gather needs data and INT64 indices")
		}
		x, idx := in[0], in[1]
		axis, err := normAxis(axisAttr, len(x.shape))
		if err != nil {
			return nil, fmt.Errorf("Gather: %w", err)
		}
		outer, dimN, inner := kernels.Numel(x.shape[:axis]), x.shape[axis], kernels.Numel(x.shape[axis+1:])
		shape := append(append(slices.Clone(x.shape[:axis]), idx.shape...), x.shape[axis+1:]...)
		out := &value{shape: shape, isInt: x.isInt}
		for o := range outer {
			for _, j := range idx.i {
				if j < 0 {
					j += int64(dimN)
				}
				if j < 0 || j >= int64(dimN) {
					return nil, fmt.Errorf("Gather: index %d out of range %d", j, dimN)
				}
				start := o*dimN*inner + int(j)*inner
				if x.isInt {
					out.i = append(out.i, x.i[start:start+inner]...)
				} else {
					out.f = append(out.f, x.f[start:start+inner]...)
				}
			}
		}
		return []*value{out}, nil
	}, nil
}

func reduceMeanOp(n nodeProto, _ int64) (kernel, error) {
	keep := attrInt(n, "keepdims", 1) != 0
	return func(in []*value) ([]*value, error) {
		if len(in) < 1 || in[0] == nil {
			return nil, errors.New("ReduceMean needs an input")
		}
		x := in[0]
		if err := needFloat("ReduceMean", x); err != nil {
			return nil, err
		}
		axes, given, err := axesOf(n, in)
		if err != nil {
			return nil, err
		}
		red := make([]bool, len(x.shape))
		if !given || len(axes) == 0 {
			for i := range red {
				red[i] = true
			}
		}
		for _, a := range axes {
			ax, err := normAxis(a, len(x.shape))
			if err != nil {
				return nil, fmt.Errorf("ReduceMean: %w", err)
			}
			red[ax] = true
		}
		outShape := slices.Clone(x.shape)
		for i := range outShape {
			if red[i] {
				outShape[i] = 1
			}
		}
		idx := broadcastIndex(outShape, x.shape) // maps input index -> output index
		sum := make([]float64, kernels.Numel(outShape))
		for k, v := range x.f {
			sum[idx[k]] += float64(v)
		}
		cnt := float64(max(1, kernels.Numel(x.shape)/max(1, kernels.Numel(outShape))))
		out := make([]float32, len(sum))
		for i, s := range sum {
			out[i] = float32(s / cnt)
		}
		if !keep {
			var s []int
			for i, d := range outShape {
				if !red[i] {
					s = append(s, d)
				}
			}
			outShape = append([]int{}, s...)
		}
		return []*value{floatValue(outShape, out)}, nil
	}, nil
}

func batchNormOp(n nodeProto, _ int64) (kernel, error) {
	eps := attrFloat(n, "epsilon", 1e-5)
	if attrInt(n, "training_mode", 0) != 0 {
		return nil, errors.New("BatchNormalization in training mode is not supported")
	}
	return func(in []*value) ([]*value, error) {
		if len(in) < 5 {
			return nil, errors.New("BatchNormalization needs X, scale, B, mean and var")
		}
		if err := needFloat("BatchNormalization", in[:5]...); err != nil {
			return nil, err
		}
		x, scale, b, mean, vr := in[0], in[1], in[2], in[3], in[4]
		if len(x.shape) < 2 {
			return nil, errors.New("BatchNormalization needs rank >= 2")
		}
		c := x.shape[1]
		for _, p := range []*value{scale, b, mean, vr} {
			if len(p.f) != c {
				return nil, fmt.Errorf("BatchNormalization: parameters must have %d elements", c)
			}
		}
		inner := kernels.Numel(x.shape[2:])
		out := make([]float32, len(x.f))
		for k, v := range x.f {
			ch := (k / inner) % c
			out[k] = scale.f[ch]*(v-mean.f[ch])/float32(math.Sqrt(float64(vr.f[ch]+eps))) + b.f[ch]
		}
		return []*value{floatValue(slices.Clone(x.shape), out)}, nil
	}, nil
}
