package circuit

import (
	"fmt"
	"math"
	"math/big"

	"github.com/consensys/gnark-crypto/ecc"
)

// Field is BN254's scalar field modulus, the field of the circuit.
var Field = ecc.BN254.ScalarField()

// InputRangeError is an input value the circuit cannot represent.
type InputRangeError struct {
	Index int
	Value float64
	Limit float64
}

func (e *InputRangeError) Error() string {
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
		if math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) >= limit {
			return nil, &InputRangeError{Index: i, Value: v, Limit: limit}
		}
		out[i] = quantize(v, m.ScaleBits)
		if new(big.Int).Abs(out[i]).Cmp(bound) >= 0 { // rounding up to the bound itself
			return nil, &InputRangeError{Index: i, Value: v, Limit: limit}
		}
	}
	return out, nil
}

// Eval runs the quantized model on a quantized input, exactly as the
// circuit computes: the result is the logits at 2^(ScaleBits*OutExp).
func (m *Model) Eval(x []*big.Int) []*big.Int {
	cur := x
	for _, l := range m.Layers {
		next := make([]*big.Int, l.Out)
		switch l.Kind {
		case Linear:
			for o := range l.Out {
				s := new(big.Int).Set(l.B[o])
				var t big.Int
				for i, w := range l.W[o] {
					s.Add(s, t.Mul(w, cur[i]))
				}
				next[o] = s
			}
		case Bias:
			for o := range l.Out {
				next[o] = new(big.Int).Add(cur[o], l.B[o])
			}
		case ReLU:
			for o := range l.Out {
				next[o] = new(big.Int)
				if cur[o].Sign() > 0 {
					next[o].Set(cur[o])
				}
			}
		}
		cur = next
	}
	return cur
}

// Floats converts fixed-point integers at 2^(ScaleBits*exp) to floats.
func (m *Model) Floats(v []*big.Int, exp int) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		f, _ := new(big.Float).SetMantExp(new(big.Float).SetInt(x), -m.ScaleBits*exp).Float64()
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
