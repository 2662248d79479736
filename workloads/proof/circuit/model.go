// Package circuit turns an ONNX model (fully-connected and convolutional
// layers, pooling, ReLU) into a fixed-point arithmetic circuit over
// BN254's scalar field, and evaluates that model on integers exactly as the
// circuit does.
//
// Fixed point: the input and every activation after a ReLU are integers
// times 2^-ScaleBits; weights are integers times 2^-WeightBits. A linear
// layer's output carries both scales; the ReLU after it divides by
// 2^WeightBits (rounding to nearest: the half is folded into the layer's
// bias) and so brings the activation back to 2^-ScaleBits. The division
// costs nothing extra: the ReLU's sign check already decomposes its input
// into bits, and the quotient is the upper bits. Linear steps are composed
// before rounding (a bias, BatchNormalization and an average pool's
// division fold into the weights of the layer before or after), so each
// composed layer is rounded once. Every intermediate value is bounded
// statically from the input bound and the weights, per value, and the
// bounds must stay far below the field's 254 bits, so the field arithmetic
// is the integer arithmetic.
//
// The circuit's public inputs are the quantized input and the logits,
// packed several values to a field element (Packing); the weights are
// constants, so the circuit (and so the verifying key) pins the model.
// Products with constant weights cost nothing in R1CS; the constraints are
// the bit decompositions of the input range check, each ReLU's sign check
// and each max pool comparison.
package circuit

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/infernode/infernode/workloads/onnx/engine"
)

// Defaults of the fixed-point representation.
const (
	// DefaultScaleBits: 2^-16 ≈ 1.5e-5 resolution for inputs and
	// activations.
	DefaultScaleBits = 16
	// DefaultInputRangeBits: inputs must satisfy |x| < 2^15.
	DefaultInputRangeBits = 15
	// maxBits bounds every intermediate value's magnitude, far below the
	// 254-bit field so that no value wraps around.
	maxBits = 240
	// wordBits is how many bits of a public input hold packed values:
	// below the field's 254, so a word never wraps.
	wordBits = 253
	// maxWeightBits keeps quantized weights in an int64.
	maxWeightBits = 62
)

// Ops the circuit supports, for error messages.
const supportedOps = "Gemm, MatMul, Add and Sub (of two tensors of one shape, or a constant), Mul (by a constant), Concat (axis 1), " +
	"Relu, Conv (2-D, group 1, dilation 1), AveragePool, MaxPool, GlobalAveragePool, " +
	"Flatten, Reshape, BatchNormalization (inference), and a final Softmax (left out of the circuit)"

// ops are the ONNX operators compiler.node knows.
var ops = []string{"Gemm", "MatMul", "Add", "Sub", "Mul", "Concat", "Relu", "Conv", "AveragePool", "MaxPool", "GlobalAveragePool",
	"Flatten", "Reshape", "BatchNormalization", "Softmax"}

// UnsupportedError names what a model needs that the circuit lacks.
type UnsupportedError struct{ What string }

func (e *UnsupportedError) Error() string {
	return "unsupported " + e.What + "; the proof circuit supports " + supportedOps
}

// Kind is a layer's kind.
type Kind string

// Layer kinds.
const (
	Linear Kind = "linear" // y = W x + b (dense, conv, pooling sums, composed)
	ReLU   Kind = "relu"   // y = max(x, 0) / 2^Shift, rounded down
	Max    Kind = "max"    // y = max over a window (max pooling)
)

// Term is one weight of a linear layer's sparse row.
type Term struct {
	In int   // the input's index
	W  int64 // the weight at 2^WeightBits
}

// Layer is one step of the model. The model's values are one global
// vector: the input's, then each layer's outputs in turn (Base, Out); a
// layer reads any values before its own.
type Layer struct {
	Kind Kind
	// Ops are the ONNX operations it computes ("conv 6@5×5, avgpool
	// 2×2"), Nodes their node names.
	Ops   []string
	Nodes []string
	In    int
	Out   int
	Base  int
	Rows  [][]Term   // Linear: per output, over global values
	B     []*big.Int // Linear: per output, at the output's scale
	// Windows: Max, the global values of each output; WinBits their bits.
	Windows [][]int
	WinBits [][]int
	// From: ReLU, the global index of its first input.
	From int
	// Shift: ReLU divides v + Half by 2^Shift (the rescale, rounding to
	// nearest: Half is 2^(Shift-1), or 0 without a shift).
	Shift int
	Half  *big.Int
	// Bits: ReLU, per value v + Half: |v + Half| < 2^Bits[i] (with
	// lookups, -2^Bits + 2^Shift <= v + Half < 2^Bits, and Bits - Shift a
	// multiple of the table's bits).
	Bits []int
	// StaticBits: ReLU, the static bound of every v + Half (|v + Half| <
	// 2^StaticBits) whatever the calibrated Bits: the lookup ReLU's
	// separation constant is above it.
	StaticBits int
}

// Packing is how a vector sits in the public inputs: value j is stored as
// v + 2^(Bits-1) (so in [0, 2^Bits)) at bit Bits·(j mod PerWord) of word
// j / PerWord, little end first.
//
// An Unsigned vector (a non-negative input) is stored as v itself: its
// values lie in [0, 2^Bits) already, and the sign bit is saved.
type Packing struct {
	Values   int
	Bits     int
	PerWord  int
	Words    int
	Unsigned bool
}

func newPacking(values, bits int, unsigned bool) Packing {
	per := wordBits / bits
	return Packing{Values: values, Bits: bits, PerWord: per, Words: (values + per - 1) / per, Unsigned: unsigned}
}

// offset is what is added to a value before packing.
func (p Packing) offset() *big.Int {
	if p.Unsigned {
		return new(big.Int)
	}
	return new(big.Int).Lsh(big.NewInt(1), uint(p.Bits-1))
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
	// ScaleBits: inputs and activations are round(float · 2^ScaleBits).
	ScaleBits int
	// WeightBits: weights are round(float · 2^WeightBits).
	WeightBits int
	// InputBits: quantized inputs satisfy |x| < 2^InputBits.
	InputBits int
	// NonNegative: quantized inputs also satisfy x >= 0 (pixels).
	NonNegative bool
	// ReluBits: Options.ReluBits.
	ReluBits []int
	// LookupBits: Options.LookupBits (0: bit decompositions).
	LookupBits int
	// Hashed: Options.Hashed.
	Hashed bool
	// OutScale: the logits are quantized at 2^OutScale.
	OutScale int
	// MaxBits: every intermediate value is below 2^MaxBits in magnitude.
	MaxBits int
	Layers  []Layer
	// In and Out: the public inputs, In's words then Out's.
	In, Out Packing

	float []*flayer // the float model, for FloatError
}

// ImageDefaults is the fixed point of an image model (input 1×C×H×W) given
// no options: 8-bit activations and 10-bit weights keep a LeNet's or a
// ResNet's top-1 (docs/proof.md), and |x| < 4 holds pixels in [0, 1] and
// normalized ones alike; 11 bits a value pack 23 values to a public input
// where the vector defaults' 32 bits pack 7. Calibrate does better from
// samples.
var ImageDefaults = Options{ScaleBits: 8, WeightBits: 10, InputRangeBits: 2, RangeSet: true}

// Options tune Compile; zero values take the defaults (ImageDefaults for
// an image model when all are zero).
type Options struct {
	// ScaleBits: inputs and activations (default 16).
	ScaleBits int
	// WeightBits: weights (default ScaleBits).
	WeightBits int
	// InputRangeBits: inputs satisfy |x| < 2^InputRangeBits (default 15).
	InputRangeBits int
	// ReluBits: per ReLU layer in order, the bits its input is checked to
	// (|v| < 2^b), when fewer than its static bound (0: the static
	// bound). Calibrate chooses them from samples: each ReLU's check then
	// enforces the bound the layers after it rely on, so the circuit stays
	// sound, and an input beyond it cannot be proven
	// (ActivationRangeError).
	ReluBits []int
	// RangeSet: InputRangeBits is given even when 0 (|x| < 1).
	RangeSet bool
	// NonNegative: inputs also satisfy x >= 0, which saves a bit a value
	// in the public inputs (images with pixels in [0, 1]).
	NonNegative bool
	// LookupBits: when above 0, each ReLU's range checks are lookups in a
	// table of 2^LookupBits values (a log-derivative argument under one
	// BSB22 commitment; lookup.go) instead of bit decompositions
	// (BestLookupBits chooses it). 0: bit decompositions, no commitment.
	LookupBits int
	// Hashed: the input is one public input, the SHA-256 of its packed
	// words reduced into the field, computed in the circuit (sha256.go);
	// the words are secret. Verification then costs one public input's
	// gas instead of one a word, for about 26k constraints per 64 bytes.
	Hashed bool
}

// InputSize and OutputSize are the lengths of the input and logit vectors.
func (m *Model) InputSize() int  { return m.In.Values }
func (m *Model) OutputSize() int { return m.Out.Values }

// Compile reads an ONNX model made of the supported operators on a single
// batch-1 input (a vector, or an image 1×C×H×W for the convolutional
// ones; a final Softmax is dropped) and quantizes it. Any other operator,
// attribute or shape is an *UnsupportedError naming it.
func Compile(onnx []byte, opt Options) (*Model, error) {
	f, err := parse(onnx)
	if err != nil {
		return nil, err
	}
	return f.quantized(opt)
}

// floatModel is the model after the float stage: what every choice of
// fixed point shares (Calibrate tries several on it).
type floatModel struct {
	inName, outName   string
	inShape, outShape []int
	softmax           bool
	layers            []*flayer
}

// parse reads the graph into float layers.
func parse(onnx []byte) (*floatModel, error) {
	g, err := engine.ParseGraph(onnx)
	if err != nil {
		var ue *engine.UnsupportedError
		if errors.As(err, &ue) {
			return nil, &UnsupportedError{What: ue.What}
		}
		return nil, fmt.Errorf("read ONNX model: %w", err)
	}
	if len(g.Inputs) != 1 {
		return nil, &UnsupportedError{What: fmt.Sprintf("model with %d inputs (the circuit takes one input)", len(g.Inputs))}
	}
	if len(g.Outputs) != 1 {
		return nil, &UnsupportedError{What: fmt.Sprintf("model with %d outputs (the circuit proves one output)", len(g.Outputs))}
	}
	// Operators outside the set are the first thing to tell: all of them
	// (but a Constant only when nothing else is wrong: it feeds the
	// others).
	var bad []string
	for _, n := range g.Nodes {
		what := fmt.Sprintf("%q (node %q)", n.OpType, n.Name)
		if !slices.Contains(ops, n.OpType) && !slices.ContainsFunc(bad, func(b string) bool { return strings.HasPrefix(b, strconv.Quote(n.OpType)) }) {
			bad = append(bad, what)
		}
	}
	if len(bad) > 1 {
		bad = slices.DeleteFunc(bad, func(b string) bool { return strings.HasPrefix(b, `"Constant"`) })
	}
	switch {
	case len(bad) == 1:
		return nil, &UnsupportedError{What: "operator " + bad[0]}
	case len(bad) > 1:
		return nil, &UnsupportedError{What: "operators " + strings.Join(bad, ", ")}
	}
	in, out := g.Inputs[0], g.Outputs[0]
	if in.Type != "FLOAT" && in.Type != "DOUBLE" {
		return nil, &UnsupportedError{What: fmt.Sprintf("input %q of type %s (the circuit takes FLOAT)", in.Name, in.Type)}
	}
	inShape, err := inputShape(in)
	if err != nil {
		return nil, err
	}
	for name, init := range g.Initializers {
		if slices.ContainsFunc(init.Float, func(f float32) bool { return math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) }) {
			return nil, fmt.Errorf("constant %q holds NaN or Inf, which has no fixed-point value", name)
		}
	}
	c := compiler{g: g, vals: map[string]*tensor{}, uses: map[string]int{out.Name: 1}, next: product(inShape)}
	c.vals[in.Name] = &tensor{shape: slices.Clone(inShape), base: 0, relu: -1, name: in.Name}
	for _, n := range g.Nodes {
		for _, name := range n.Inputs {
			c.uses[name]++
		}
	}
	if err := limit("input", product(inShape), 0); err != nil {
		return nil, err
	}
	for i, node := range g.Nodes {
		if err := c.node(node, i == len(g.Nodes)-1); err != nil {
			return nil, err
		}
	}
	res, ok := c.vals[out.Name]
	if !ok {
		return nil, fmt.Errorf("graph output %q is no node's output", out.Name)
	}
	c.finish(res)
	if c.err != nil {
		return nil, c.err
	}
	c.shape = res.shape
	if !slices.ContainsFunc(c.layers, func(l *flayer) bool { return l.kind == Linear }) {
		return nil, &UnsupportedError{What: "model without a Gemm, MatMul or Conv layer"}
	}
	if out.Shape != nil && productKnown(out.Shape) != c.size() {
		return nil, fmt.Errorf("graph output %q has shape %v, but the layers produce %d values", out.Name, out.Shape, c.size())
	}
	return &floatModel{inName: in.Name, inShape: inShape, outName: out.Name, outShape: c.shape, softmax: c.dropped, layers: c.layers}, nil
}

// quantized is the fixed-point model of f with opt.
func (f *floatModel) quantized(opt Options) (*Model, error) { return f.quantize(opt, true) }

// quantize is quantized; without fit, values beyond the field are not an
// error (calibration tries such models before it limits the ReLUs).
func (f *floatModel) quantize(opt Options, fit bool) (*Model, error) {
	if opt.ScaleBits == 0 && opt.WeightBits == 0 && opt.InputRangeBits == 0 && !opt.RangeSet && !opt.NonNegative && len(f.inShape) == 4 {
		opt = Options{ScaleBits: ImageDefaults.ScaleBits, WeightBits: ImageDefaults.WeightBits, InputRangeBits: ImageDefaults.InputRangeBits,
			RangeSet: true, ReluBits: opt.ReluBits, LookupBits: opt.LookupBits, Hashed: opt.Hashed}
	}
	if opt.ScaleBits == 0 {
		opt.ScaleBits = DefaultScaleBits
	}
	if opt.WeightBits == 0 {
		opt.WeightBits = opt.ScaleBits
	}
	if opt.InputRangeBits == 0 && !opt.RangeSet {
		opt.InputRangeBits = DefaultInputRangeBits
	}
	if opt.ScaleBits < 1 || opt.ScaleBits > 32 || opt.WeightBits < 1 || opt.WeightBits > 32 || opt.InputRangeBits < 0 || opt.InputRangeBits > 64 {
		return nil, fmt.Errorf("fixed point: scale bits %d and weight bits %d must be 1..32, input range bits %d 0..64", opt.ScaleBits, opt.WeightBits, opt.InputRangeBits)
	}
	m := &Model{InputName: f.inName, InputShape: f.inShape, OutputName: f.outName, OutputShape: f.outShape, Softmax: f.softmax,
		ScaleBits: opt.ScaleBits, WeightBits: opt.WeightBits, InputBits: opt.ScaleBits + opt.InputRangeBits, NonNegative: opt.NonNegative, ReluBits: opt.ReluBits, LookupBits: opt.LookupBits, Hashed: opt.Hashed, float: f.layers}
	if opt.LookupBits < 0 || opt.LookupBits > MaxLookupBits {
		return nil, fmt.Errorf("fixed point: lookup bits %d must be 0..%d", opt.LookupBits, MaxLookupBits)
	}
	if err := m.quantize(); err != nil {
		return nil, err
	}
	if err := m.bound(); err != nil {
		var ue *UnsupportedError
		if fit || !errors.As(err, &ue) {
			return nil, err
		}
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

// productKnown is the product of a shape's dimensions, a symbolic batch
// dimension (-1) taken as 1.
func productKnown(s []int64) int {
	p := 1
	for i, d := range s {
		if i == 0 && d == -1 {
			continue
		}
		p *= int(d)
	}
	return p
}

// inputShape accepts [n], [1, n], [1, C, H, W], a symbolic batch dimension
// proved as 1, and returns the shape with batch 1.
func inputShape(io engine.IO) ([]int, error) {
	s := make([]int, len(io.Shape))
	for i, d := range io.Shape {
		s[i] = int(d)
	}
	if len(s) >= 2 && s[0] == -1 {
		s[0] = 1
	}
	ok := !slices.ContainsFunc(s, func(d int) bool { return d <= 0 })
	switch {
	case ok && len(s) == 1:
	case ok && (len(s) == 2 || len(s) == 4) && s[0] == 1:
	default:
		return nil, &UnsupportedError{What: fmt.Sprintf("input shape %v of %q (the circuit takes [n], [1, n] or [1, C, H, W])", io.Shape, io.Name)}
	}
	return s, nil
}

// quantize rounds the float layers: each linear layer's output is at 2^E
// with E the largest scale of the values it reads plus WeightBits, each
// weight at E less its input's scale (WeightBits when, as usual, every
// input is at one scale: a residual sum of two ReLU outputs), biases at E;
// a ReLU after a linear layer rescales to 2^ScaleBits, rounding to nearest.
func (m *Model) quantize() error {
	n0 := product(m.InputShape)
	bases, exps := []int{0}, []int{m.ScaleBits} // per range of the global vector
	expOf := func(g int) int {
		k, found := slices.BinarySearch(bases, g)
		if !found {
			k--
		}
		return exps[k]
	}
	next := n0
	for _, f := range m.float {
		l := Layer{Kind: f.kind, Ops: f.ops, Nodes: f.nodes, In: f.in, Out: f.out, Base: next, Windows: f.windows, From: f.from, Half: new(big.Int)}
		if f.base != next {
			return fmt.Errorf("layer %s writes from %d, not %d", strings.Join(f.ops, ", "), f.base, next)
		}
		var exp int
		switch f.kind {
		case Linear:
			top := math.MinInt
			for _, row := range f.rows {
				for _, t := range row {
					top = max(top, expOf(t.in))
				}
			}
			if top == math.MinInt {
				top = m.ScaleBits
			}
			exp = top + m.WeightBits
			l.Rows = make([][]Term, len(f.rows))
			l.B = make([]*big.Int, len(f.bias))
			limit := math.Ldexp(1, maxWeightBits)
			for o, row := range f.rows {
				l.Rows[o] = make([]Term, 0, len(row))
				for _, t := range row {
					w := math.Round(math.Ldexp(t.w, exp-expOf(t.in)))
					if math.Abs(w) >= limit {
						return &UnsupportedError{What: fmt.Sprintf("weight %g in %s (beyond 2^%d at 2^%d); use fewer weight bits", t.w, strings.Join(f.nodes, ", "), maxWeightBits-(exp-expOf(t.in)), exp-expOf(t.in))}
					}
					if w != 0 {
						l.Rows[o] = append(l.Rows[o], Term{In: t.in, W: int64(w)})
					}
				}
				l.B[o] = quantize(f.bias[o], exp)
			}
		case ReLU:
			exp = expOf(f.from)
			if exp > m.ScaleBits {
				l.Shift = exp - m.ScaleBits
				l.Half.Lsh(big.NewInt(1), uint(l.Shift-1))
				exp = m.ScaleBits
			}
		case Max:
			exp = expOf(f.windows[0][0])
		}
		bases, exps = append(bases, next), append(exps, exp)
		next += f.out
		m.Layers = append(m.Layers, l)
	}
	m.OutScale = exps[len(exps)-1]
	return nil
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

// bound computes every value's static bound (per value), the bits each
// ReLU and max pool check, the packing of the logits, and checks that
// every value fits the field with room to spare.
func (m *Model) bound() error {
	n := product(m.InputShape)
	mag := make([]*big.Int, n, m.values())
	in := new(big.Int).Lsh(big.NewInt(1), uint(m.InputBits))
	for i := range mag {
		mag[i] = in
	}
	if m.NonNegative {
		m.In = newPacking(n, m.InputBits, true)
	} else {
		m.In = newPacking(n, m.InputBits+1, false)
	}
	top := in.BitLen()
	var t big.Int
	relus := 0
	for k := range m.Layers {
		l := &m.Layers[k]
		if l.Base != len(mag) {
			return fmt.Errorf("layer %d (%s) writes from %d, the values before it are %d", k, strings.Join(l.Ops, ", "), l.Base, len(mag))
		}
		switch l.Kind {
		case Linear:
			for o, row := range l.Rows {
				if s, ok := boundUint64(l.B[o], row, mag); ok {
					mag = append(mag, s)
					continue
				}
				s := new(big.Int).Abs(l.B[o])
				for _, w := range row {
					s.Add(s, t.Mul(t.SetInt64(w.W), mag[w.In]).Abs(&t))
				}
				mag = append(mag, s)
			}
		case ReLU:
			limit := maxBits
			if relus < len(m.ReluBits) && m.ReluBits[relus] > 0 {
				// Above the shift: a capped value is always checked (at or
				// below it the ReLU gives 0 unchecked, right only for a
				// static bound).
				limit = max(m.ReluBits[relus], l.Shift+1)
			}
			relus++
			l.Bits = make([]int, l.Out)
			l.StaticBits = 1
			for o := range l.Out {
				v := new(big.Int).Add(mag[l.From+o], l.Half)
				l.StaticBits = max(l.StaticBits, v.BitLen())
				l.Bits[o] = min(max(v.BitLen(), 1), limit)
				if L := m.LookupBits; L > 0 && l.Bits[o] > l.Shift {
					// The quotient's bits in whole table widths: the
					// check is exact at the top (v < 2^Bits), so the
					// bound below holds.
					l.Bits[o] = l.Shift + (l.Bits[o]-l.Shift+L-1)/L*L
				}
				if v.BitLen() > l.Bits[o] { // checked: |v| < 2^Bits
					v.Sub(pow2(l.Bits[o]), big.NewInt(1))
				}
				mag = append(mag, v.Rsh(v, uint(l.Shift)))
			}
		case Max:
			l.WinBits = make([][]int, len(l.Windows))
			for o, win := range l.Windows {
				best := new(big.Int)
				l.WinBits[o] = make([]int, len(win))
				for j, i := range win {
					l.WinBits[o][j] = max(mag[i].BitLen(), 1)
					if mag[i].Cmp(best) > 0 {
						best = mag[i]
					}
				}
				mag = append(mag, best)
			}
		}
		for _, v := range mag[l.Base:] {
			top = max(top, v.BitLen()+1) // +1: the sign checks add 2^Bits
		}
	}
	out := 1
	for _, v := range mag[len(mag)-m.Layers[len(m.Layers)-1].Out:] {
		out = max(out, v.BitLen()+1)
	}
	m.Out = newPacking(m.Layers[len(m.Layers)-1].Out, out, false)
	if len(m.ReluBits) > relus {
		return fmt.Errorf("fixed point: %d ReLU bit limits for %d ReLU layers", len(m.ReluBits), relus)
	}
	m.MaxBits = top
	if err := m.checkLookups(); err != nil {
		return err
	}
	if top > maxBits {
		return &UnsupportedError{What: fmt.Sprintf("model whose fixed-point values reach 2^%d (the field allows 2^%d): use fewer layers or smaller scales", top, maxBits)}
	}
	return nil
}

// boundUint64 is |b| + Σ|w|·mag in uint64 arithmetic, the common case:
// false when it would overflow (the caller then uses big.Int).
func boundUint64(b *big.Int, row []Term, mag []*big.Int) (*big.Int, bool) {
	if !b.IsInt64() {
		return nil, false
	}
	s := uint64(abs64(b.Int64()))
	for _, w := range row {
		v := mag[w.In]
		if !v.IsUint64() {
			return nil, false
		}
		hi, lo := bits.Mul64(uint64(abs64(w.W)), v.Uint64())
		var carry uint64
		s, carry = bits.Add64(s, lo, 0)
		if hi != 0 || carry != 0 {
			return nil, false
		}
	}
	return new(big.Int).SetUint64(s), true
}

// values is the length of the global vector.
func (m *Model) values() int {
	l := m.Layers[len(m.Layers)-1]
	return l.Base + l.Out
}

// Describe lists the layers, e.g. "dense 4→50, relu, dense 50→3".
func (m *Model) Describe() string {
	parts := make([]string, len(m.Layers))
	for i, l := range m.Layers {
		parts[i] = strings.Join(l.Ops, "+")
	}
	return strings.Join(parts, ", ")
}

// LayerCost is one layer's share of the circuit.
type LayerCost struct {
	Layer       string `json:"layer"`
	Outputs     int    `json:"outputs"`
	Constraints int    `json:"constraints"`
}

// Costs are the constraints of each step, in circuit order: the input's
// range check, each layer, and the packing of the logits. They add up to
// the compiled circuit's constraint count (a test checks it): a bit
// decomposition of n bits costs n+1 constraints (one per bit, one for
// their sum), a ReLU or max comparison one more for its product, linear
// layers none.
func (m *Model) Costs() []LayerCost {
	costs := []LayerCost{{Layer: "input range check and unpacking", Outputs: m.In.Values, Constraints: 0}}
	for w := range m.In.Words {
		costs[0].Constraints += min(m.In.PerWord, m.In.Values-w*m.In.PerWord)*m.In.Bits + 1
	}
	if m.Hashed {
		costs = append(costs, LayerCost{Layer: fmt.Sprintf("input hash (SHA-256 of %d bytes)", 32*m.In.Words), Outputs: 1, Constraints: inputHashCost(m.In)})
	}
	for _, l := range m.Layers {
		c := LayerCost{Layer: strings.Join(l.Ops, "+"), Outputs: l.Out}
		switch l.Kind {
		case ReLU:
			for _, b := range l.Bits {
				switch {
				case b <= l.Shift:
				case m.LookupBits > 0:
					c.Constraints += lookupReluCost(b, l.Shift, m.LookupBits)
				default:
					c.Constraints += b + 3 // b+1 bits, their sum, the product
				}
			}
		case Max:
			for _, bits := range l.WinBits {
				mb := bits[0]
				for _, b := range bits[1:] {
					c.Constraints += max(mb, b) + 4 // as a ReLU of b+1 bits
					mb = max(mb, b)
				}
			}
		}
		costs = append(costs, c)
	}
	costs = append(costs, LayerCost{Layer: "logits packing", Outputs: m.Out.Values, Constraints: m.Out.Words})
	if m.LookupBits > 0 {
		costs = append(costs, LayerCost{Layer: fmt.Sprintf("lookup argument (table of 2^%d)", m.LookupBits), Outputs: 0, Constraints: m.lookupArgumentCost()})
	}
	return costs
}

// FloatError compares the fixed-point model with the float one on n
// inputs drawn uniformly (seeded, so repeatable) from [lo, hi) within the
// input range: the largest absolute difference of a logit, the largest
// logit magnitude, and on how many inputs the argmax agrees.
func (m *Model) FloatError(n int, lo, hi float64) (maxErr, maxLogit float64, agree int) {
	r := rand.New(rand.NewPCG(1, 2))
	limit := math.Ldexp(1, m.InputBits-m.ScaleBits)
	lo, hi = max(lo, -limit), min(hi, limit)
	if m.NonNegative {
		lo = max(lo, 0)
	}
	xs := make([][]float64, n)
	for k := range xs {
		xs[k] = make([]float64, m.In.Values)
		for i := range xs[k] {
			xs[k][i] = lo + (hi-lo)*r.Float64()
		}
	}
	return m.FloatErrorOn(xs)
}

// FloatErrorOn is FloatError on the given inputs (those outside the input
// range count as disagreeing).
func (m *Model) FloatErrorOn(xs [][]float64) (maxErr, maxLogit float64, agree int) {
	for _, x := range xs {
		xq, err := m.QuantizeInput(x)
		if err != nil {
			continue
		}
		fixed := Floats(m.Eval(xq), m.OutScale)
		float := evalFloat(m.float, x)
		for i := range fixed {
			maxErr = max(maxErr, math.Abs(fixed[i]-float[i]))
			maxLogit = max(maxLogit, math.Abs(float[i]))
		}
		if argmax(fixed) == argmax(float) {
			agree++
		}
	}
	return maxErr, maxLogit, agree
}

// EvalFloat is the float model (the ONNX graph as compiled, before
// rounding) on x.
func (m *Model) EvalFloat(x []float64) []float64 { return evalFloat(m.float, x) }

// DropFloat lets the float model go (as large as the quantized one: a
// ResNet-20's rows are hundreds of MB): a model kept only to Eval needs it
// no more. FloatError and EvalFloat then panic.
func (m *Model) DropFloat() { m.float = nil }

func argmax(v []float64) int {
	best := 0
	for i := range v {
		if v[i] > v[best] {
			best = i
		}
	}
	return best
}
