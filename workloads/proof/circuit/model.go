// Package circuit turns an ONNX model of fully-connected layers into a
// fixed-point arithmetic circuit over BN254's scalar field, and evaluates
// that model on integers exactly as the circuit does.
//
// Fixed point: every float is an integer times 2^-ScaleBits. Weights are
// quantized at 2^ScaleBits and inputs at 2^ScaleBits, so a layer's product
// carries one more factor of 2^ScaleBits than its input; biases are
// quantized at the scale of the product they are added to. Nothing is ever
// rescaled (rescaling needs a division, which costs constraints and adds
// error), so the logits come out at 2^(ScaleBits*OutExp) and the only
// errors are the quantization of the input, weights and biases. Every
// intermediate value is bounded statically from the input bound and the
// weights, and the bounds must stay far below the field's 254 bits, so the
// field arithmetic is the integer arithmetic.
//
// The circuit's public inputs are the quantized input and the logits; the
// weights are constants, so the circuit (and so the verifying key) pins the
// model. ReLU costs one bit decomposition of its input (the sign bit is its
// top bit); matrix products with constant weights cost nothing in R1CS.
package circuit

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"strings"

	"github.com/infernode/infernode/workloads/onnx/engine"
)

// Defaults of the fixed-point representation.
const (
	// DefaultScaleBits: 2^-16 ≈ 1.5e-5 resolution for inputs and weights.
	DefaultScaleBits = 16
	// DefaultInputRangeBits: inputs must satisfy |x| < 2^15.
	DefaultInputRangeBits = 15
	// maxBits bounds every intermediate value's magnitude, far below the
	// 254-bit field so that no value wraps around.
	maxBits = 240
)

// Ops the circuit supports, for error messages.
const supportedOps = "Gemm, MatMul, Add, Relu, and a final Softmax (left out of the circuit)"

// UnsupportedError names what a model needs that the circuit lacks.
type UnsupportedError struct{ What string }

func (e *UnsupportedError) Error() string {
	return "unsupported " + e.What + "; the proof circuit supports " + supportedOps
}

// Kind is a layer's kind.
type Kind string

// Layer kinds.
const (
	Linear Kind = "linear" // y = W x + b
	Bias   Kind = "bias"   // y = x + b
	ReLU   Kind = "relu"   // y = max(x, 0)
)

// Layer is one step of the model on a vector.
type Layer struct {
	Kind Kind
	Node string // the ONNX node it came from
	In   int
	Out  int
	W    [][]*big.Int // Linear: Out × In, at 2^ScaleBits
	B    []*big.Int   // Linear, Bias: Out, at the layer's output scale
	// Bits: ReLU inputs satisfy |x| < 2^Bits (the range its sign check
	// decomposes).
	Bits int
}

// Model is an ONNX model compiled to fixed-point layers.
type Model struct {
	InputName   string
	InputShape  []int // the graph input's shape, batch dimension 1
	OutputName  string
	OutputShape []int
	// Softmax is true when the graph ended in a Softmax that was left out:
	// the circuit's output is then the logits before it.
	Softmax bool
	// ScaleBits: quantized = round(float * 2^ScaleBits).
	ScaleBits int
	// InputBits: quantized inputs satisfy |x| < 2^InputBits.
	InputBits int
	// OutExp: the logits are quantized at 2^(ScaleBits*OutExp).
	OutExp int
	// MaxBits: every intermediate value is below 2^MaxBits in magnitude.
	MaxBits int
	Layers  []Layer
}

// Options tune Compile; zero values take the defaults.
type Options struct {
	ScaleBits      int
	InputRangeBits int
}

// InputSize and OutputSize are the lengths of the input and logit vectors.
func (m *Model) InputSize() int  { return m.Layers[0].In }
func (m *Model) OutputSize() int { return m.Layers[len(m.Layers)-1].Out }

// Compile reads an ONNX model made of Gemm, MatMul, Add and Relu nodes on a
// single batch-1 input vector (a final Softmax is dropped) and quantizes
// it. Any other operator, attribute or shape is an *UnsupportedError naming
// it.
func Compile(onnx []byte, opt Options) (*Model, error) {
	g, err := engine.ParseGraph(onnx)
	if err != nil {
		var ue *engine.UnsupportedError
		if errors.As(err, &ue) {
			return nil, &UnsupportedError{What: ue.What}
		}
		return nil, fmt.Errorf("read ONNX model: %w", err)
	}
	if opt.ScaleBits == 0 {
		opt.ScaleBits = DefaultScaleBits
	}
	if opt.InputRangeBits == 0 {
		opt.InputRangeBits = DefaultInputRangeBits
	}
	if opt.ScaleBits < 1 || opt.ScaleBits > 32 || opt.InputRangeBits < 1 || opt.InputRangeBits > 64 {
		return nil, fmt.Errorf("fixed point: scale bits %d must be 1..32 and input range bits %d 1..64", opt.ScaleBits, opt.InputRangeBits)
	}
	if len(g.Inputs) != 1 {
		return nil, &UnsupportedError{What: fmt.Sprintf("model with %d inputs (the circuit takes one input vector)", len(g.Inputs))}
	}
	if len(g.Outputs) != 1 {
		return nil, &UnsupportedError{What: fmt.Sprintf("model with %d outputs (the circuit proves one output vector)", len(g.Outputs))}
	}
	in, out := g.Inputs[0], g.Outputs[0]
	if in.Type != "FLOAT" && in.Type != "DOUBLE" {
		return nil, &UnsupportedError{What: fmt.Sprintf("input %q of type %s (the circuit takes FLOAT)", in.Name, in.Type)}
	}
	inShape, n, err := vectorShape(in)
	if err != nil {
		return nil, err
	}
	m := &Model{InputName: in.Name, InputShape: inShape, OutputName: out.Name, ScaleBits: opt.ScaleBits,
		InputBits: opt.ScaleBits + opt.InputRangeBits, OutExp: 1}
	for name, init := range g.Initializers {
		if slices.ContainsFunc(init.Float, func(f float32) bool { return math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) }) {
			return nil, fmt.Errorf("constant %q holds NaN or Inf, which has no fixed-point value", name)
		}
	}
	c := compiler{g: g, m: m, cur: in.Name, n: n, exp: 1}
	for i, node := range g.Nodes {
		if err := c.node(node, i == len(g.Nodes)-1); err != nil {
			return nil, err
		}
	}
	if c.cur != out.Name {
		return nil, fmt.Errorf("graph output %q is not the last node's output %q", out.Name, c.cur)
	}
	if len(m.Layers) == 0 || !slices.ContainsFunc(m.Layers, func(l Layer) bool { return l.Kind == Linear }) {
		return nil, &UnsupportedError{What: "model without a Gemm or MatMul layer"}
	}
	if out.Shape != nil {
		if m.OutputShape, _, err = vectorShape(out); err != nil {
			return nil, err
		}
	} else {
		m.OutputShape = []int{1, c.n}
	}
	if got := product(m.OutputShape); got != c.n {
		return nil, fmt.Errorf("graph output %q has shape %v, but the layers produce %d values", out.Name, out.Shape, c.n)
	}
	if err := m.bound(); err != nil {
		return nil, err
	}
	return m, nil
}

func product(s []int) int {
	p := 1
	for _, d := range s {
		p *= d
	}
	return p
}

// vectorShape accepts [n], [1, n] or [batch, n] (batch symbolic, proved as
// 1) and returns the shape with batch 1 and n.
func vectorShape(io engine.IO) ([]int, int, error) {
	bad := &UnsupportedError{What: fmt.Sprintf("shape %v of %q (the circuit takes a single vector, [n] or [1, n])", io.Shape, io.Name)}
	switch {
	case len(io.Shape) == 1 && io.Shape[0] > 0:
		return []int{int(io.Shape[0])}, int(io.Shape[0]), nil
	case len(io.Shape) == 2 && io.Shape[1] > 0 && (io.Shape[0] == 1 || io.Shape[0] == -1):
		return []int{1, int(io.Shape[1])}, int(io.Shape[1]), nil
	}
	return nil, 0, bad
}

type compiler struct {
	g       *engine.Graph
	m       *Model
	cur     string // the name of the current activation
	n       int    // its length
	exp     int    // its scale exponent
	dropped bool   // a Softmax was seen
}

func (c *compiler) node(n engine.Node, last bool) error {
	where := fmt.Sprintf("operator %q (node %q)", n.OpType, n.Name)
	if c.dropped {
		return &UnsupportedError{What: where + " after a Softmax"}
	}
	if len(n.Outputs) != 1 {
		return &UnsupportedError{What: fmt.Sprintf("%s with %d outputs", where, len(n.Outputs))}
	}
	// The activation must flow through the nodes as a chain; every other
	// input is a constant.
	var consts []string
	seen := false
	for _, name := range n.Inputs {
		switch {
		case name == c.cur && !seen:
			seen = true
		case name == "":
		default:
			if _, ok := c.g.Initializers[name]; !ok {
				return &UnsupportedError{What: fmt.Sprintf("%s reading %q, which is neither the previous layer's output nor a constant (the circuit is a chain of layers)", where, name)}
			}
			consts = append(consts, name)
		}
	}
	if !seen {
		return &UnsupportedError{What: fmt.Sprintf("%s that does not read the previous layer's output %q", where, c.cur)}
	}
	if len(n.Other) > 0 {
		return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, n.Other[0])}
	}
	var err error
	switch n.OpType {
	case "Gemm":
		err = c.gemm(n, where, consts)
	case "MatMul":
		if n.Inputs[0] != c.cur || len(consts) != 1 {
			return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
		}
		err = c.linear(n, where, consts[0], false, 1, "", 1)
	case "Add":
		err = c.add(n, where, consts)
	case "Relu":
		if len(consts) != 0 {
			return &UnsupportedError{What: where + " with extra inputs"}
		}
		c.m.Layers = append(c.m.Layers, Layer{Kind: ReLU, Node: n.Name, In: c.n, Out: c.n})
	case "Softmax":
		if !last {
			return &UnsupportedError{What: where + " that is not the graph's last node (only a final Softmax is left out)"}
		}
		axis, ok := n.Ints["axis"]
		if !ok {
			axis = -1
			if c.g.Opset < 13 {
				axis = 1
			}
		}
		if axis != -1 && axis != int64(len(c.m.InputShape)-1) {
			return &UnsupportedError{What: fmt.Sprintf("%s over axis %d (only the last axis)", where, axis)}
		}
		c.m.Softmax, c.dropped = true, true
	default:
		return &UnsupportedError{What: where}
	}
	if err != nil {
		return err
	}
	c.cur = n.Outputs[0]
	return nil
}

func (c *compiler) gemm(n engine.Node, where string, consts []string) error {
	for name := range n.Ints {
		if name != "transA" && name != "transB" {
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	if n.Ints["transA"] != 0 {
		return &UnsupportedError{What: where + " with transA=1"}
	}
	if n.Inputs[0] != c.cur || len(consts) < 1 {
		return &UnsupportedError{What: where + " other than (previous output) × (constant matrix)"}
	}
	alpha, beta := float32(1), float32(1)
	for name, v := range n.Floats {
		switch name {
		case "alpha":
			alpha = v
		case "beta":
			beta = v
		default:
			return &UnsupportedError{What: fmt.Sprintf("%s with attribute %q", where, name)}
		}
	}
	bias := ""
	if len(consts) == 2 {
		bias = consts[1]
	}
	return c.linear(n, where, consts[0], n.Ints["transB"] != 0, alpha, bias, beta)
}

// linear appends W x + b from the constant matrix w ([n, out], or [out, n]
// when transposed) times alpha, and the optional bias times beta.
func (c *compiler) linear(n engine.Node, where, w string, trans bool, alpha float32, bias string, beta float32) error {
	init := c.g.Initializers[w]
	if len(init.Shape) != 2 || init.Float == nil {
		return &UnsupportedError{What: fmt.Sprintf("%s with weight %q of shape %v (want a float matrix)", where, w, init.Shape)}
	}
	rows, cols := init.Shape[0], init.Shape[1]
	inDim, outDim := rows, cols
	if trans {
		inDim, outDim = cols, rows
	}
	if inDim != c.n {
		return &UnsupportedError{What: fmt.Sprintf("%s: weight %q of shape %v does not fit an input of %d values", where, w, init.Shape, c.n)}
	}
	l := Layer{Kind: Linear, Node: n.Name, In: inDim, Out: outDim, W: make([][]*big.Int, outDim), B: make([]*big.Int, outDim)}
	for o := range outDim {
		l.W[o] = make([]*big.Int, inDim)
		for i := range inDim {
			idx := i*cols + o
			if trans {
				idx = o*cols + i
			}
			l.W[o][i] = quantize(float64(alpha)*float64(init.Float[idx]), c.m.ScaleBits)
		}
	}
	c.exp++
	b, err := c.vector(bias, where, outDim, beta)
	if err != nil {
		return err
	}
	l.B = b
	c.m.Layers = append(c.m.Layers, l)
	c.n = outDim
	c.m.OutExp = c.exp
	return nil
}

func (c *compiler) add(n engine.Node, where string, consts []string) error {
	if len(consts) != 1 {
		return &UnsupportedError{What: where + " other than (previous output) + (constant)"}
	}
	b, err := c.vector(consts[0], where, c.n, 1)
	if err != nil {
		return err
	}
	// Fold into the linear layer right before it: same result, one step
	// less.
	if k := len(c.m.Layers) - 1; k >= 0 && c.m.Layers[k].Kind == Linear {
		for o := range b {
			c.m.Layers[k].B[o].Add(c.m.Layers[k].B[o], b[o])
		}
		return nil
	}
	c.m.Layers = append(c.m.Layers, Layer{Kind: Bias, Node: n.Name, In: c.n, Out: c.n, B: b})
	return nil
}

// vector quantizes the constant name (empty: zeros), broadcast to n values,
// at the current activation's scale.
func (c *compiler) vector(name, where string, n int, mul float32) ([]*big.Int, error) {
	out := make([]*big.Int, n)
	if name == "" {
		for i := range out {
			out[i] = new(big.Int)
		}
		return out, nil
	}
	init := c.g.Initializers[name]
	size := product(init.Shape)
	okShape := (size == n || size == 1) && (len(init.Shape) <= 1 || (len(init.Shape) == 2 && init.Shape[0] == 1))
	if init.Float == nil || !okShape {
		return nil, &UnsupportedError{What: fmt.Sprintf("%s with constant %q of shape %v (want a float vector of %d values)", where, name, init.Shape, n)}
	}
	for i := range out {
		v := init.Float[0]
		if size == n {
			v = init.Float[i]
		}
		out[i] = quantize(float64(mul)*float64(v), c.m.ScaleBits*c.exp)
	}
	return out, nil
}

// quantize rounds f·2^bits to the nearest integer (exactly: a float64 times
// a power of two is exact in big.Float).
func quantize(f float64, bits int) *big.Int {
	x := new(big.Float).SetMantExp(big.NewFloat(f), bits)
	half := big.NewFloat(0.5)
	if x.Sign() < 0 {
		x.Sub(x, half)
	} else {
		x.Add(x, half)
	}
	i, _ := x.Int(nil) // truncates toward zero
	return i
}

// bound computes every ReLU's range and the largest magnitude, and checks
// that it fits the field with room to spare.
func (m *Model) bound() error {
	mag := new(big.Int).Lsh(big.NewInt(1), uint(m.InputBits))
	max := mag.BitLen()
	for k := range m.Layers {
		l := &m.Layers[k]
		switch l.Kind {
		case Linear:
			next := new(big.Int)
			for o := range l.Out {
				s := new(big.Int).Abs(l.B[o])
				for _, w := range l.W[o] {
					s.Add(s, new(big.Int).Mul(new(big.Int).Abs(w), mag))
				}
				if s.Cmp(next) > 0 {
					next = s
				}
			}
			mag = next
		case Bias:
			var mb big.Int
			for _, b := range l.B {
				if new(big.Int).Abs(b).Cmp(&mb) > 0 {
					mb.Abs(b)
				}
			}
			mag = new(big.Int).Add(mag, &mb)
		case ReLU:
			l.Bits = mag.BitLen()
			if l.Bits == 0 {
				l.Bits = 1
			}
		}
		if mag.BitLen() > max {
			max = mag.BitLen()
		}
	}
	m.MaxBits = max
	if max > maxBits {
		return &UnsupportedError{What: fmt.Sprintf("model whose fixed-point values reach 2^%d (the field allows 2^%d): use fewer layers or a smaller scale", max, maxBits)}
	}
	return nil
}

// Describe lists the layers, e.g. "linear 4→50, relu, linear 50→3".
func (m *Model) Describe() string {
	parts := make([]string, len(m.Layers))
	for i, l := range m.Layers {
		parts[i] = string(l.Kind)
		if l.Kind == Linear {
			parts[i] += fmt.Sprintf(" %d→%d", l.In, l.Out)
		}
	}
	return strings.Join(parts, ", ")
}
