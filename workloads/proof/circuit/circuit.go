package circuit

import (
	"fmt"
	"math/big"

	"github.com/consensys/gnark/constraint"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"
)

// Circuit is the gnark circuit of a Model. Its public inputs are the
// packed quantized input (or, hashed, the one field element of its
// SHA-256), then the packed logits (Model.In, Model.Out), the order of the
// public inputs the verifier takes. A hashed input's packed words are its
// only secret inputs. The model's weights are constants.
type Circuit struct {
	Public []frontend.Variable `gnark:",public"`
	Secret []frontend.Variable `gnark:",secret"`

	model *Model
}

// NewCircuit is the circuit of m, with its vectors sized.
func NewCircuit(m *Model) *Circuit {
	c := &Circuit{Public: make([]frontend.Variable, m.PublicWords()), model: m}
	if m.Hashed {
		c.Secret = make([]frontend.Variable, m.In.Words)
	}
	return c
}

// Assignment is the witness for the public words and the secret ones
// (Model.Public, Model.Secret).
func Assignment(public, secret []*big.Int) *Circuit {
	c := &Circuit{Public: make([]frontend.Variable, len(public)), Secret: make([]frontend.Variable, len(secret))}
	for i, v := range public {
		c.Public[i] = v
	}
	for i, v := range secret {
		c.Secret[i] = v
	}
	return c
}

// pow2 is 2^n as a constant.
func pow2(n int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(n)) }

// fromBits is Σ bits[i]·2^i, a linear combination.
func fromBits(api frontend.API, bits []frontend.Variable) frontend.Variable {
	if len(bits) == 0 {
		return 0
	}
	terms := make([]frontend.Variable, len(bits))
	for i, b := range bits {
		terms[i] = api.Mul(b, pow2(i))
	}
	if len(terms) == 1 {
		return terms[0]
	}
	return api.Add(terms[0], terms[1], terms[2:]...)
}

// Define is the model in constraints.
func (c *Circuit) Define(api frontend.API) error {
	m := c.model
	if m == nil {
		return fmt.Errorf("circuit without a model")
	}
	// Unpacking is the input's range check: each word's bits are its
	// values' bits, v + 2^InputBits in InputBits+1 bits, so -2^InputBits <=
	// v < 2^InputBits and the static bounds hold (a non-negative input: v
	// itself in InputBits bits).
	cur := make([]frontend.Variable, m.In.Values)
	off := m.In.offset()
	lk := &lookups{bits: m.LookupBits}
	words, inPublic := c.Secret, 1
	if !m.Hashed {
		words, inPublic = c.Public[:m.In.Words], m.In.Words
	}
	wordBits := make([][]frontend.Variable, m.In.Words)
	for w := range m.In.Words {
		n := min(m.In.PerWord, m.In.Values-w*m.In.PerWord)
		bits := api.ToBinary(words[w], n*m.In.Bits)
		wordBits[w] = bits
		for t := range n {
			cur[w*m.In.PerWord+t] = api.Sub(fromBits(api, bits[t*m.In.Bits:(t+1)*m.In.Bits]), off)
		}
		if lk.bits > 0 {
			lk.committed = append(lk.committed, bits...) // the lookups' queries depend on them
		}
	}
	if m.Hashed {
		// The words' bits are the hash's message: the public input is
		// then their digest, and only this input has it.
		inputHash(api, m.In, wordBits, c.Public[0])
	}
	for _, l := range m.Layers {
		switch l.Kind {
		case Linear:
			for o, row := range l.Rows {
				terms := []frontend.Variable{l.B[o], 0}
				for _, w := range row {
					terms = append(terms, api.Mul(w.W, cur[w.In]))
				}
				cur = append(cur, api.Add(terms[0], terms[1], terms[2:]...))
			}
		case ReLU:
			if lk.bits > 0 {
				sep := l.lookupSeparation()
				for o := range l.Out {
					b := l.Bits[o]
					if b <= l.Shift {
						cur = append(cur, 0)
						continue
					}
					y, err := lk.relu(api, api.Add(cur[l.From+o], l.Half), b, l.Shift, sep)
					if err != nil {
						return err
					}
					cur = append(cur, y)
				}
				continue
			}
			// y + 2^Bits has Bits+1 bits; its top bit is 1 exactly when y
			// >= 0 (|y| < 2^Bits by the static bound), and then bits
			// Shift..Bits-1 are floor(y / 2^Shift): the rescale is free. y
			// is the input plus Half, so the division rounds to nearest.
			for o := range l.Out {
				b := l.Bits[o]
				if b <= l.Shift { // |y| < 2^Shift: the result is 0 either way
					cur = append(cur, 0)
					continue
				}
				bits := api.ToBinary(api.Add(cur[l.From+o], new(big.Int).Add(pow2(b), l.Half)), b+1)
				cur = append(cur, api.Mul(bits[b], fromBits(api, bits[l.Shift:b])))
			}
		case Max:
			// A tournament: m += [a - m >= 0]·(a - m), the sign from the
			// top bit of (a - m) + 2^d, |a - m| < 2^d.
			for o, win := range l.Windows {
				mx, mb := cur[win[0]], l.WinBits[o][0]
				for j, i := range win[1:] {
					b := l.WinBits[o][j+1]
					d := max(mb, b) + 1
					diff := api.Sub(cur[i], mx)
					bits := api.ToBinary(api.Add(diff, pow2(d)), d+1)
					mx = api.Add(mx, api.Mul(bits[d], diff))
					mb = max(mb, b)
				}
				cur = append(cur, mx)
			}
		}
	}
	cur = cur[len(cur)-m.Layers[len(m.Layers)-1].Out:]
	// The logits, packed: static bounds make each v + 2^(Bits-1) fit its
	// Bits, so the packing is exact without a range check.
	off = pow2(m.Out.Bits - 1)
	for w := range m.Out.Words {
		n := min(m.Out.PerWord, m.Out.Values-w*m.Out.PerWord)
		terms := []frontend.Variable{0, 0}
		for t := range n {
			terms = append(terms, api.Mul(api.Add(cur[w*m.Out.PerWord+t], off), pow2(t*m.Out.Bits)))
		}
		api.AssertIsEqual(api.Add(terms[0], terms[1], terms[2:]...), c.Public[inPublic+w])
	}
	return lk.build(api)
}

// noCompress keeps gnark from splitting long linear combinations (its
// default splits at 300 terms, one constraint each): a composed layer's
// row is one long sum, and the extra constraints could push the circuit
// past a power of two, doubling the prover's FFTs. Costs counts on it.
const noCompress = 1 << 17

// Build compiles m's circuit to R1CS over BN254.
func Build(m *Model) (constraint.ConstraintSystem, error) {
	ccs, err := frontend.Compile(Field, r1cs.NewBuilder, NewCircuit(m), frontend.WithCompressThreshold(noCompress))
	if err != nil {
		return nil, fmt.Errorf("compile circuit: %w", err)
	}
	return ccs, nil
}
