package circuit

import (
	"crypto/sha256"
	"math/big"

	"github.com/consensys/gnark/frontend"
)

// SHA-256 of the packed input in the circuit (Options.Hashed): the input's
// words, each as 32 bytes big-endian (what Solidity's
// sha256(abi.encodePacked(uint256[] words)) hashes, the 0x02 precompile),
// hashed bit by bit, the digest read as a big-endian integer reduced into
// the field. The gadget is plain R1CS, with no commitment: gnark's
// std/hash/sha2 range-checks through a BSB22 commitment, which would add
// a second pairing equation (~123k gas) to a circuit that has no lookups.
//
// A bit is a Go int 0 or 1 (a constant: the words' unused top bits, the
// padding, the initial state) or a variable; constants fold, so only
// operations on two variables cost a constraint. With api nil the gadget
// counts the constraints instead of building them (Costs), through the
// same code, so the count is exact: a non-constant value is then the
// placeholder wire{}.
type sha struct {
	api   frontend.API
	count int
}

type wire struct{}

// word is a 32-bit word's bits, least significant first.
type word [32]frontend.Variable

var shaK = [64]uint32{
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
}

var shaH0 = [8]uint32{0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19}

func isConst(v frontend.Variable) (int, bool) {
	c, ok := v.(int)
	return c, ok
}

// mul is a·b: a constraint when both are variables.
func (g *sha) mul(a, b frontend.Variable) frontend.Variable {
	ca, oka := isConst(a)
	cb, okb := isConst(b)
	switch {
	case oka && okb:
		return ca * cb
	case oka && ca == 0, okb && cb == 0:
		return 0
	case oka && ca == 1:
		return b
	case okb && cb == 1:
		return a
	}
	if g.api == nil {
		if !oka && !okb {
			g.count++
		}
		return wire{}
	}
	return g.api.Mul(a, b)
}

// lin is Σ k[i]·v[i] + c: free.
func (g *sha) lin(c int, k []int, v []frontend.Variable) frontend.Variable {
	terms := []frontend.Variable{}
	for i, x := range v {
		if cx, ok := isConst(x); ok {
			c += k[i] * cx
			continue
		}
		if g.api == nil {
			return wire{}
		}
		terms = append(terms, g.api.Mul(x, k[i]))
	}
	if len(terms) == 0 {
		return c
	}
	terms = append(terms, c)
	return g.api.Add(terms[0], terms[1], terms[2:]...)
}

// xor of bits: each pair of variables costs a constraint (a + b - 2ab).
func (g *sha) xor(bits ...frontend.Variable) frontend.Variable {
	acc := bits[0]
	for _, b := range bits[1:] {
		acc = g.lin(0, []int{1, 1, -2}, []frontend.Variable{acc, b, g.mul(acc, b)})
	}
	return acc
}

func rotr(x word, n int) word {
	var out word
	for i := range out {
		out[i] = x[(i+n)%32]
	}
	return out
}

func shr(x word, n int) word {
	var out word
	for i := range out {
		if i+n < 32 {
			out[i] = x[i+n]
		} else {
			out[i] = 0
		}
	}
	return out
}

func (g *sha) xor3(a, b, c word) word {
	var out word
	for i := range out {
		out[i] = g.xor(a[i], b[i], c[i])
	}
	return out
}

// sum adds words and a constant mod 2^32: one decomposition of the sum
// into 32 bits and its carries.
func (g *sha) sum(k uint32, ws ...word) word {
	var coef []int
	var vars []frontend.Variable
	for _, w := range ws {
		for i := range w {
			coef = append(coef, 1<<i)
			vars = append(vars, w[i])
		}
	}
	s := g.lin(int(k), coef, vars)
	var out word
	if c, ok := isConst(s); ok {
		for i := range out {
			out[i] = (c >> i) & 1
		}
		return out
	}
	// len(ws) words and a constant: below (len(ws)+1)·2^32.
	n := 32 + big.NewInt(int64(len(ws))).BitLen()
	if g.api == nil {
		g.count += n + 1
		for i := range out {
			out[i] = wire{}
		}
		return out
	}
	bits := g.api.ToBinary(s, n)
	copy(out[:], bits[:32])
	return out
}

func constWord(v uint32) word {
	var out word
	for i := range out {
		out[i] = int(v>>i) & 1
	}
	return out
}

// block runs the compression function on h and 16 message words.
func (g *sha) block(h [8]word, m [16]word) [8]word {
	var w [64]word
	copy(w[:], m[:])
	for t := 16; t < 64; t++ {
		s0 := g.xor3(rotr(w[t-15], 7), rotr(w[t-15], 18), shr(w[t-15], 3))
		s1 := g.xor3(rotr(w[t-2], 17), rotr(w[t-2], 19), shr(w[t-2], 10))
		w[t] = g.sum(0, s1, w[t-7], s0, w[t-16])
	}
	a, b, c, d, e, f, gg, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
	for t := range 64 {
		S1 := g.xor3(rotr(e, 6), rotr(e, 11), rotr(e, 25))
		var ch, maj word
		for i := range ch {
			// Ch = g + e·(f - g); Maj = ab + c·(a ⊕ b).
			ch[i] = g.lin(0, []int{1, 1}, []frontend.Variable{gg[i], g.mul(e[i], g.lin(0, []int{1, -1}, []frontend.Variable{f[i], gg[i]}))})
			ab := g.mul(a[i], b[i])
			axb := g.lin(0, []int{1, 1, -2}, []frontend.Variable{a[i], b[i], ab})
			maj[i] = g.lin(0, []int{1, 1}, []frontend.Variable{ab, g.mul(c[i], axb)})
		}
		S0 := g.xor3(rotr(a, 2), rotr(a, 13), rotr(a, 22))
		// T1 = h + S1 + ch + K + W; e' = d + T1, a' = T1 + S0 + maj: each
		// one decomposition of its whole sum.
		newE := g.sum(shaK[t], d, hh, S1, ch, w[t])
		newA := g.sum(shaK[t], hh, S1, ch, w[t], S0, maj)
		hh, gg, f, e, d, c, b, a = gg, f, e, newE, c, b, a, newA
	}
	st := [8]word{a, b, c, d, e, f, gg, hh}
	var out [8]word
	for i := range out {
		out[i] = g.sum(0, h[i], st[i])
	}
	return out
}

// digest hashes the message given as its bits, most significant first
// (len a multiple of 8), to the digest's 256 bits, most significant first.
func (g *sha) digest(msg []frontend.Variable) []frontend.Variable {
	n := len(msg)
	padded := append(append([]frontend.Variable{}, msg...), 1)
	for (len(padded)+64)%512 != 0 {
		padded = append(padded, 0)
	}
	for i := 63; i >= 0; i-- {
		padded = append(padded, int(uint64(n)>>i)&1)
	}
	var h [8]word
	for i := range h {
		h[i] = constWord(shaH0[i])
	}
	for b := 0; b < len(padded); b += 512 {
		var m [16]word
		for k := range m {
			for i := range 32 {
				m[k][i] = padded[b+32*k+31-i]
			}
		}
		h = g.block(h, m)
	}
	out := make([]frontend.Variable, 0, 256)
	for _, w := range h {
		for i := 31; i >= 0; i-- {
			out = append(out, w[i])
		}
	}
	return out
}

// hashBits is the message of a hashed input: its packed words, 256 bits
// each, most significant first; bits(w) gives word w's low bits, least
// significant first (the rest are 0).
func hashBits(p Packing, bits func(w int) []frontend.Variable) []frontend.Variable {
	msg := make([]frontend.Variable, 0, 256*p.Words)
	for w := range p.Words {
		b := bits(w)
		for i := 255; i >= 0; i-- {
			if i < len(b) {
				msg = append(msg, b[i])
			} else {
				msg = append(msg, 0)
			}
		}
	}
	return msg
}

// inputHash constrains public to the field reduction of the SHA-256 of the
// input's packed words (their bits by word, least significant first).
func inputHash(api frontend.API, p Packing, bits [][]frontend.Variable, public frontend.Variable) {
	g := &sha{api: api}
	d := g.digest(hashBits(p, func(w int) []frontend.Variable { return bits[w] }))
	terms := []frontend.Variable{0, 0}
	for i, b := range d {
		terms = append(terms, api.Mul(b, pow2(255-i)))
	}
	api.AssertIsEqual(api.Add(terms[0], terms[1], terms[2:]...), public)
}

// inputHashCost is inputHash's constraints for a packing.
func inputHashCost(p Packing) int {
	g := &sha{}
	g.digest(hashBits(p, func(w int) []frontend.Variable {
		b := make([]frontend.Variable, min(p.PerWord, p.Values-w*p.PerWord)*p.Bits)
		for i := range b {
			b[i] = wire{}
		}
		return b
	}))
	return g.count + 1 // the equality with the public input
}

// HashWords is the public input of hashed input words: SHA-256 of the
// words as 32 bytes each, big-endian, reduced into the field.
func HashWords(words []*big.Int) *big.Int {
	h := sha256.New()
	for _, w := range words {
		h.Write(w.FillBytes(make([]byte, 32)))
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(h.Sum(nil)), Field)
}
