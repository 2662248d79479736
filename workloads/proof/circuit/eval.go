package circuit

import (
	"fmt"
	"math"
	"math/big"
	"math/bits"

	"github.com/consensys/gnark-crypto/ecc"
)

// Field is BN254's scalar field modulus, the field of the circuit.
var Field = ecc.BN254.ScalarField()

// InputRangeError is an input value the circuit cannot represent.
type InputRangeError struct {
	Index       int
	Value       float64
	Limit       float64
	NonNegative bool
}

func (e *InputRangeError) Error() string {
	if e.NonNegative {
		return fmt.Sprintf("value %g at index %d is outside the circuit's input range [0, %g)", e.Value, e.Index, e.Limit)
	}
	return fmt.Sprintf("value %g at index %d is outside the circuit's input range (-%g, %g)", e.Value, e.Index, e.Limit, e.Limit)
}

// QuantizeInput rounds x to the input's fixed point, refusing values
// outside the range the circuit checks.
func (m *Model) QuantizeInput(x []float64) ([]*big.Int, error) {
	if len(x) != m.InputSize() {
		return nil, fmt.Errorf("has %d values, the model takes %d", len(x), m.InputSize())
	}
	limit := math.Ldexp(1, m.InputBits-m.ScaleBits)
	bound := new(big.Int).Lsh(big.NewInt(1), uint(m.InputBits))
	out := make([]*big.Int, len(x))
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= limit || (m.NonNegative && v < 0) {
			return nil, &InputRangeError{Index: i, Value: v, Limit: limit, NonNegative: m.NonNegative}
		}
		out[i] = quantize(v, m.ScaleBits)
		if new(big.Int).Abs(out[i]).Cmp(bound) >= 0 { // rounding up to the bound itself
			return nil, &InputRangeError{Index: i, Value: v, Limit: limit, NonNegative: m.NonNegative}
		}
	}
	return out, nil
}

// Eval runs the quantized model on a quantized input, exactly as the
// circuit computes: the result is the logits at 2^OutScale.
func (m *Model) Eval(x []*big.Int) []*big.Int {
	y, _ := m.eval(x, false)
	return y
}

// ActivationRangeError is an input that drives a ReLU's input beyond the
// bits the circuit checks (ReluBits, chosen by calibration): the circuit
// cannot prove it.
type ActivationRangeError struct {
	Layer, Index, Bits int
}

func (e *ActivationRangeError) Error() string {
	return fmt.Sprintf("this input drives value %d of ReLU layer %d beyond the circuit's calibrated range (2^%d): the model was calibrated on inputs unlike it; set it up again with samples like it", e.Index, e.Layer, e.Bits)
}

// EvalChecked is Eval, failing with an *ActivationRangeError for an input
// the circuit cannot prove.
func (m *Model) EvalChecked(x []*big.Int) ([]*big.Int, error) { return m.eval(x, true) }

func (m *Model) eval(x []*big.Int, check bool) ([]*big.Int, error) {
	vals := m.evalAll(x)
	if check {
		for k, l := range m.Layers {
			if l.Kind != ReLU {
				continue
			}
			for o := range l.Out {
				v := new(big.Int).Add(vals[l.From+o], l.Half)
				beyond := v.CmpAbs(pow2(l.Bits[o])) >= 0
				if m.LookupBits > 0 && l.Bits[o] > l.Shift && v.Sign() < 0 {
					// The lookup ReLU admits v >= -2^Bits + 2^Shift (lookup.go).
					beyond = new(big.Int).Sub(v, pow2(l.Shift)).CmpAbs(pow2(l.Bits[o])) > 0
				}
				if beyond {
					return nil, &ActivationRangeError{Layer: k, Index: o, Bits: l.Bits[o]}
				}
			}
		}
	}
	return vals[len(vals)-m.Layers[len(m.Layers)-1].Out:], nil
}

// evalAll is the model's global vector of values on x.
func (m *Model) evalAll(x []*big.Int) []*big.Int {
	if small, ok := m.evalInt64(x); ok {
		vals := make([]*big.Int, len(small))
		for i, v := range small {
			vals[i] = big.NewInt(v)
		}
		return vals
	}
	vals := make([]*big.Int, len(x), m.values())
	copy(vals, x)
	var t big.Int
	for _, l := range m.Layers {
		switch l.Kind {
		case Linear:
			for o, row := range l.Rows {
				s := new(big.Int).Set(l.B[o])
				for _, w := range row {
					s.Add(s, t.Mul(t.SetInt64(w.W), vals[w.In]))
				}
				vals = append(vals, s)
			}
		case ReLU:
			for o := range l.Out {
				v := new(big.Int).Add(vals[l.From+o], l.Half)
				if v.Sign() > 0 {
					v.Rsh(v, uint(l.Shift))
				} else {
					v.SetInt64(0)
				}
				vals = append(vals, v)
			}
		case Max:
			for _, win := range l.Windows {
				best := vals[win[0]]
				for _, i := range win[1:] {
					if vals[i].Cmp(best) > 0 {
						best = vals[i]
					}
				}
				vals = append(vals, best)
			}
		}
	}
	return vals
}

// Pack lays values out as p says (Packing): the public input words.
func (p Packing) Pack(v []*big.Int) []*big.Int {
	words := make([]*big.Int, p.Words)
	off := p.offset()
	for w := range words {
		words[w] = new(big.Int)
	}
	for j, x := range v {
		u := new(big.Int).Add(x, off)
		words[j/p.PerWord].Add(words[j/p.PerWord], u.Lsh(u, uint(p.Bits*(j%p.PerWord))))
	}
	return words
}

// Unpack is Pack's inverse: the values of the words.
func (p Packing) Unpack(words []*big.Int) []*big.Int {
	off := p.offset()
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(p.Bits)), big.NewInt(1))
	out := make([]*big.Int, p.Values)
	for j := range out {
		u := new(big.Int).Rsh(words[j/p.PerWord], uint(p.Bits*(j%p.PerWord)))
		out[j] = u.And(u, mask).Sub(u, off)
	}
	return out
}

// Public is the public input vector for the quantized input x and logits
// y: x's words, then y's.
func (m *Model) Public(x, y []*big.Int) []*big.Int {
	if m.Hashed {
		return append([]*big.Int{HashWords(m.In.Pack(x))}, m.Out.Pack(y)...)
	}
	return append(m.In.Pack(x), m.Out.Pack(y)...)
}

// Secret is the secret input vector for the quantized input x: its packed
// words when the input is hashed, else none.
func (m *Model) Secret(x []*big.Int) []*big.Int {
	if m.Hashed {
		return m.In.Pack(x)
	}
	return nil
}

// PublicWords is how many public inputs the verifier takes: the input's
// words (one, hashed), then the logits'.
func (m *Model) PublicWords() int {
	if m.Hashed {
		return 1 + m.Out.Words
	}
	return m.In.Words + m.Out.Words
}

// Floats converts fixed-point integers at 2^scaleLog2 to floats.
func Floats(v []*big.Int, scaleLog2 int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		f, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(x), -scaleLog2).Float64()
		out[i] = f
	}
	return out
}

// ToField maps a signed integer to its field element (negatives as r - |v|).
func ToField(v *big.Int) *big.Int { return new(big.Int).Mod(v, Field) }

// FromField maps a field element back to the signed integer in
// (-r/2, r/2].
func FromField(f *big.Int) *big.Int {
	v := new(big.Int).Mod(f, Field)
	if v.Cmp(new(big.Int).Rsh(Field, 1)) > 0 {
		v.Sub(v, Field)
	}
	return v
}

// Softmax is the float softmax of v, the operation a final Softmax node
// does and the circuit leaves out.
func Softmax(v []float64) []float64 {
	out := make([]float64, len(v))
	mx := math.Inf(-1)
	for _, x := range v {
		mx = math.Max(mx, x)
	}
	var sum float64
	for i, x := range v {
		out[i] = math.Exp(x - mx)
		sum += out[i]
	}
	for i := range out {
		out[i] /= sum
	}
	return out
}

// evalInt64 is evalAll in int64 arithmetic, the common case (values far
// below 2^62): false when a value or product would leave that range, and
// the caller then computes with big.Int.
func (m *Model) evalInt64(x []*big.Int) ([]int64, bool) {
	const limit = 1 << 62
	vals := make([]int64, 0, m.values())
	for _, v := range x {
		if !v.IsInt64() || abs64(v.Int64()) >= limit {
			return nil, false
		}
		vals = append(vals, v.Int64())
	}
	for _, l := range m.Layers {
		switch l.Kind {
		case Linear:
			for o, row := range l.Rows {
				if !l.B[o].IsInt64() || abs64(l.B[o].Int64()) >= limit {
					return nil, false
				}
				s := l.B[o].Int64()
				for _, w := range row {
					v := vals[w.In]
					hi, lo := bits.Mul64(uint64(abs64(w.W)), uint64(abs64(v)))
					if hi != 0 || lo >= limit {
						return nil, false
					}
					p := int64(lo)
					if (w.W < 0) != (v < 0) {
						p = -p
					}
					s += p // |s|, |p| < 2^62: no overflow
					if abs64(s) >= limit {
						return nil, false
					}
				}
				vals = append(vals, s)
			}
		case ReLU:
			if !l.Half.IsInt64() {
				return nil, false
			}
			h := l.Half.Int64()
			for o := range l.Out {
				v := vals[l.From+o] + h
				if v > 0 {
					v >>= uint(l.Shift)
				} else {
					v = 0
				}
				vals = append(vals, v)
			}
		case Max:
			for _, win := range l.Windows {
				best := vals[win[0]]
				for _, i := range win[1:] {
					best = max(best, vals[i])
				}
				vals = append(vals, best)
			}
		}
	}
	return vals, true
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}
