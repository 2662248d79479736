package circuit

import (
	"fmt"
	"math/big"

	"github.com/consensys/gnark/constraint"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"
)

// Circuit is the gnark circuit of a Model: public In (the quantized input)
// and Out (the logits), in that order, which is the order of the public
// inputs the verifier takes. The model's weights are constants.
type Circuit struct {
	In  []frontend.Variable `gnark:",public"`
	Out []frontend.Variable `gnark:",public"`

	model *Model
}

// NewCircuit is the circuit of m, with its public vectors sized.
func NewCircuit(m *Model) *Circuit {
	return &Circuit{In: make([]frontend.Variable, m.InputSize()), Out: make([]frontend.Variable, m.OutputSize()), model: m}
}

// Assignment is the witness for the quantized input x and logits y.
func Assignment(x, y []*big.Int) *Circuit {
	c := &Circuit{In: make([]frontend.Variable, len(x)), Out: make([]frontend.Variable, len(y))}
	for i, v := range x {
		c.In[i] = ToField(v)
	}
	for i, v := range y {
		c.Out[i] = ToField(v)
	}
	return c
}

// Define is the model in constraints.
func (c *Circuit) Define(api frontend.API) error {
	m := c.model
	if m == nil {
		return fmt.Errorf("circuit without a model")
	}
	// Range of the input: x + 2^InputBits has InputBits+1 bits, so
	// -2^InputBits <= x < 2^InputBits and the static bounds hold.
	off := new(big.Int).Lsh(big.NewInt(1), uint(m.InputBits))
	for _, x := range c.In {
		api.ToBinary(api.Add(x, off), m.InputBits+1)
	}
	cur := c.In
	for _, l := range m.Layers {
		next := make([]frontend.Variable, l.Out)
		switch l.Kind {
		case Linear:
			for o := range l.Out {
				terms := []frontend.Variable{l.B[o], 0}
				for i, w := range l.W[o] {
					if w.Sign() != 0 {
						terms = append(terms, api.Mul(w, cur[i]))
					}
				}
				next[o] = api.Add(terms[0], terms[1], terms[2:]...)
			}
		case Bias:
			for o := range l.Out {
				next[o] = api.Add(cur[o], l.B[o])
			}
		case ReLU:
			// y + 2^Bits has Bits+1 bits; its top bit is 1 exactly when
			// y >= 0 (|y| < 2^Bits by the static bound).
			off := new(big.Int).Lsh(big.NewInt(1), uint(l.Bits))
			for o := range l.Out {
				bits := api.ToBinary(api.Add(cur[o], off), l.Bits+1)
				next[o] = api.Mul(bits[l.Bits], cur[o])
			}
		}
		cur = next
	}
	for o := range cur {
		api.AssertIsEqual(cur[o], c.Out[o])
	}
	return nil
}

// Build compiles m's circuit to R1CS over BN254.
func Build(m *Model) (constraint.ConstraintSystem, error) {
	ccs, err := frontend.Compile(Field, r1cs.NewBuilder, NewCircuit(m))
	if err != nil {
		return nil, fmt.Errorf("compile circuit: %w", err)
	}
	return ccs, nil
}
