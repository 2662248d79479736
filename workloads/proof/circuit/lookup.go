package circuit

import (
	"fmt"
	"math/big"

	"github.com/consensys/gnark/constraint/solver"
	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/std/multicommit"
)

// Range checks by lookup (Options.LookupBits = L > 0).
//
// A ReLU with rescale s (v = the layer's value plus the rounding half,
// output floor(v / 2^s) when v >= 0, else 0) is, with k = Bits - s:
//
//	a, d, r  hint outputs: a = max(q, 0), d = max(-q, 0) (each k/L limbs of L bits), q = floor(v / 2^s), r = v mod 2^s
//	m        = a·d                                      (a constraint)
//	v        = (a - d)·2^s + r - m·K                    (a constraint)
//	lookups: every limb of a and d in [0, 2^L), r in [0, 2^s) (r and r·2^(L-s) in [0, 2^L) when s < L)
//
// with K = 2^(max(StaticBits, Bits) + 3). Soundness: a, d < 2^k, so m =
// a·d < 2^2k is the integer product; |v - (a - d)·2^s - r| < K/4 (v's
// static bound holds, every earlier value being checked), so m·K equals it
// only for m = 0 (m·K < 2^250 < p: bound checks 2k + log K < 250). So one
// of a and d is 0, and v = (a - d)·2^s + r with 0 <= r < 2^s makes a - d
// = q: a is the ReLU's output, exactly checked to a < 2^k (v < 2^Bits); d
// < 2^k admits v >= -2^Bits + 2^s, where the output is 0 anyway. Five
// constraints for L >= k and s = L (a ResNet at 11 weight bits: 188,416
// ReLUs, 942k), where a decomposition costs Bits + 3 (22 bits: 25).
//
// r is a wire of its own, not the linear v - (a - d)·2^s (a constraint
// fewer): a query is a term of three rows (the batch inverse's input, its
// check and the multiplicities' hint), and v is a sum of up to 640 terms,
// so a linear r tripled the circuit's size (ResNet-20: 822 MB of
// circuit.r1cs, 1.3 GB decoded, 9.7 GB to compile).
//
// The lookups are one log-derivative argument (Haböck 2022) over one table
// {0, …, 2^L-1}: Σ_q 1/(c - q) = Σ_t n_t/(c - t), n_t the multiplicities
// (a hint), c the challenge: one BSB22 commitment (gnark's
// std/multicommit; the Solidity verifier takes exactly one) to every wire
// the queries depend on (the input's bits, the limbs, the products) and
// the multiplicities. gnark's std/rangecheck does the same argument but
// adds a decomposition hint and an equality per checked value, which
// would make a ReLU 8 constraints here.

// MaxLookupBits bounds the table: 2^16 entries, one constraint each.
const MaxLookupBits = 16

func init() { solver.RegisterHint(reluLimbsHint, lookupCountHint) }

// reluLimbsHint: inputs s, L, n, v; outputs a's n limbs of L bits, d's,
// then r (when s > 0).
func reluLimbsHint(field *big.Int, in, out []*big.Int) error {
	if len(in) != 4 {
		return fmt.Errorf("reluLimbsHint: %d inputs", len(in))
	}
	s, L, n := uint(in[0].Uint64()), uint(in[1].Uint64()), int(in[2].Int64())
	if len(out) != 2*n+min(int(s), 1) {
		return fmt.Errorf("reluLimbsHint: %d outputs for %d limbs", len(out), n)
	}
	v := new(big.Int).Set(in[3])
	if v.Cmp(new(big.Int).Rsh(field, 1)) > 0 {
		v.Sub(v, field)
	}
	q := new(big.Int).Rsh(v, s) // floor, also for negative v
	a, d := new(big.Int), new(big.Int)
	if q.Sign() > 0 {
		a.Set(q)
	} else {
		d.Neg(q)
	}
	mask := new(big.Int).Sub(pow2(int(L)), big.NewInt(1))
	for i := range n {
		out[i].And(new(big.Int).Rsh(a, L*uint(i)), mask)
		out[n+i].And(new(big.Int).Rsh(d, L*uint(i)), mask)
	}
	if s > 0 {
		out[2*n].Sub(v, new(big.Int).Lsh(q, s))
	}
	return nil
}

// lookupCountHint: inputs L then the queries; outputs how often each
// table value 0..2^L-1 is queried.
func lookupCountHint(_ *big.Int, in, out []*big.Int) error {
	if len(in) < 1 || len(out) != 1<<in[0].Uint64() {
		return fmt.Errorf("lookupCountHint: %d outputs", len(out))
	}
	counts := make([]uint64, len(out))
	for _, q := range in[1:] {
		if !q.IsUint64() || q.Uint64() >= uint64(len(out)) {
			return fmt.Errorf("lookupCountHint: a value outside the table (a ReLU input beyond its range)")
		}
		counts[q.Uint64()]++
	}
	for i, c := range counts {
		out[i].SetUint64(c)
	}
	return nil
}

// lookups collects the queries and the wires they depend on.
type lookups struct {
	bits      int
	queries   []frontend.Variable
	committed []frontend.Variable
}

// relu is the lookup ReLU of value v (the layer's value plus Half) at
// bits b, shift s, separation bits sep.
func (lk *lookups) relu(api frontend.API, v frontend.Variable, b, s, sep int) (frontend.Variable, error) {
	L := lk.bits
	n := (b - s) / L
	out, err := api.Compiler().NewHint(reluLimbsHint, 2*n+min(s, 1), s, L, n, v)
	if err != nil {
		return nil, err
	}
	lk.queries = append(lk.queries, out...)
	lk.committed = append(lk.committed, out...)
	a, d := fromLimbs(api, out[:n], L), fromLimbs(api, out[n:2*n], L)
	m := api.Mul(a, d)
	lk.committed = append(lk.committed, m)
	q := api.Sub(api.Mul(api.Sub(a, d), pow2(s)), api.Mul(m, pow2(sep)))
	if s > 0 {
		r := out[2*n]
		q = api.Add(q, r)
		if s < L {
			lk.queries = append(lk.queries, api.Mul(r, pow2(L-s)))
		}
	}
	api.AssertIsEqual(q, v)
	return a, nil
}

func fromLimbs(api frontend.API, limbs []frontend.Variable, L int) frontend.Variable {
	if len(limbs) == 1 {
		return limbs[0]
	}
	terms := make([]frontend.Variable, len(limbs))
	for i, l := range limbs {
		terms[i] = api.Mul(l, pow2(i*L))
	}
	return api.Add(terms[0], terms[1], terms[2:]...)
}

// build is the log-derivative argument over all queries.
func (lk *lookups) build(api frontend.API) error {
	if len(lk.queries) == 0 {
		return nil
	}
	n := 1 << lk.bits
	counts, err := api.Compiler().NewHint(lookupCountHint, n, append([]frontend.Variable{lk.bits}, lk.queries...)...)
	if err != nil {
		return err
	}
	queries := lk.queries
	multicommit.WithCommitment(api, func(api frontend.API, c frontend.Variable) error {
		den := make([]frontend.Variable, len(queries))
		for i, q := range queries {
			den[i] = api.Sub(c, q)
		}
		var inv []frontend.Variable
		if bi, ok := api.(frontend.BatchInverter); ok {
			inv = bi.BatchInvert(den)
		} else {
			inv = make([]frontend.Variable, len(den))
			for i := range den {
				inv[i] = api.Inverse(den[i])
			}
		}
		left := make([]frontend.Variable, n)
		for t := range n {
			left[t] = api.DivUnchecked(counts[t], api.Sub(c, t))
		}
		api.AssertIsEqual(sum(api, left), sum(api, inv))
		return nil
	}, append(lk.committed, counts...)...)
	return nil
}

func sum(api frontend.API, v []frontend.Variable) frontend.Variable {
	switch len(v) {
	case 0:
		return 0
	case 1:
		return v[0]
	}
	return api.Add(v[0], v[1], v[2:]...)
}

// lookupReluCost is the constraints of one lookup ReLU at bits b, shift s
// and table bits L (the caller checks b > s).
func lookupReluCost(b, s, L int) int {
	n := (b - s + L - 1) / L
	c := 2*n + 2 // the limbs' lookups, the product, the relation
	switch {
	case s == 0:
	case s < L:
		c += 2
	default:
		c++
	}
	return c
}

// lookupFixedCost is the argument's own constraints for table bits L: a
// quotient per table entry, the commitment's mask, the final equality.
func lookupFixedCost(L int) int { return 1<<L + 2 }

// lookupArgumentCost is m's argument's constraints: lookupFixedCost, and
// one more where the sum of the queries' inverses reaches gnark's
// compression threshold (noCompress terms: ResNet-20's 565k), which puts it
// in a wire of its own.
func (m *Model) lookupArgumentCost() int {
	queries := 0
	for _, l := range m.Layers {
		if l.Kind != ReLU {
			continue
		}
		for _, b := range l.Bits {
			if b > l.Shift {
				// lookupReluCost less the product and the relation
				queries += lookupReluCost(b, l.Shift, m.LookupBits) - 2
			}
		}
	}
	c := lookupFixedCost(m.LookupBits)
	if queries >= noCompress {
		c++
	}
	return c
}

// BestLookupBits is the table width that makes m's ReLUs cheapest with
// lookups, and those constraints (the other layers' unchanged), or 0 when
// lookups do not apply (a rescale wider than MaxLookupBits, or no ReLU).
func (m *Model) BestLookupBits() (bits, constraints int) {
	shift, relus := 0, 0
	for _, l := range m.Layers {
		if l.Kind == ReLU {
			shift = max(shift, l.Shift)
			relus += l.Out
		}
	}
	if relus == 0 || shift > MaxLookupBits {
		return 0, 0
	}
	best := 0
	for L := max(shift, 2); L <= MaxLookupBits; L++ {
		c := lookupFixedCost(L)
		for _, l := range m.Layers {
			if l.Kind != ReLU {
				continue
			}
			for _, b := range l.Bits {
				if b > l.Shift {
					c += lookupReluCost(b, l.Shift, L)
				}
			}
		}
		if best == 0 || c < constraints {
			best, constraints = L, c
		}
	}
	return best, constraints
}

// WithLookups switches m's range checks to lookups in a table of 2^bits
// values (0: back to bit decompositions), recomputing the bounds.
func (m *Model) WithLookups(bits int) error {
	if bits < 0 || bits > MaxLookupBits {
		return fmt.Errorf("lookup bits %d must be 0..%d", bits, MaxLookupBits)
	}
	m.LookupBits = bits
	return m.bound()
}

// lookupSeparation is the bits of K, the separation constant of a lookup
// ReLU layer (above).
func (l *Layer) lookupSeparation() int {
	top := l.StaticBits
	for _, b := range l.Bits {
		top = max(top, b)
	}
	return top + 3
}

// checkLookups checks that the lookup ReLUs' arithmetic stays inside the
// field (called by bound).
func (m *Model) checkLookups() error {
	if m.LookupBits == 0 {
		return nil
	}
	for _, l := range m.Layers {
		if l.Kind != ReLU {
			continue
		}
		if l.Shift > m.LookupBits {
			return &UnsupportedError{What: fmt.Sprintf("lookups in a table of 2^%d with a rescale of 2^%d (%s): use a table of at least %d bits", m.LookupBits, l.Shift, l.Ops[0], l.Shift)}
		}
		k := 0
		for _, b := range l.Bits {
			k = max(k, b-l.Shift)
		}
		if 2*k+l.lookupSeparation() > 250 {
			return &UnsupportedError{What: fmt.Sprintf("lookups for a ReLU whose input reaches 2^%d: use bit decompositions (no lookups) or smaller scales", l.StaticBits)}
		}
	}
	return nil
}
