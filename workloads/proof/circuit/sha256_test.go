package circuit

import (
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/consensys/gnark/frontend"
	"github.com/consensys/gnark/frontend/cs/r1cs"
	"github.com/consensys/gnark/test"
	"github.com/stretchr/testify/require"
)

// hashCircuit is inputHash alone: the words private, the hash public.
type hashCircuit struct {
	Words []frontend.Variable
	Hash  frontend.Variable `gnark:",public"`
	p     Packing
}

func (c *hashCircuit) Define(api frontend.API) error {
	bits := make([][]frontend.Variable, len(c.Words))
	for w := range c.Words {
		bits[w] = api.ToBinary(c.Words[w], min(c.p.PerWord, c.p.Values-w*c.p.PerWord)*c.p.Bits)
	}
	inputHash(api, c.p, bits, c.Hash)
	return nil
}

func TestInputHashMatchesSHA256(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, p := range []Packing{
		newPacking(4, 32, false),    // iris: one word, one block
		newPacking(100, 2, true),    // one word: 32 bytes
		newPacking(784, 2, true),    // calibrated LeNet: 7 words, 224 bytes, 4 blocks
		newPacking(60, 10, false),   // 3 words: 96 bytes
		newPacking(150, 120, false), // 75 words... of 2 values: 2,400 bytes
	} {
		if testing.Short() && p.Words > 8 {
			continue
		}
		vals := make([]*big.Int, p.Values)
		for i := range vals {
			v := new(big.Int).SetUint64(r.Uint64())
			v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(r.Uint64()))
			vals[i] = v.Mod(v, pow2(p.Bits-1))
		}
		words := p.Pack(vals)
		// The reference: crypto/sha256 of the words as 32 bytes each.
		var msg []byte
		for _, w := range words {
			msg = append(msg, w.FillBytes(make([]byte, 32))...)
		}
		sum := sha256.Sum256(msg)
		want := new(big.Int).Mod(new(big.Int).SetBytes(sum[:]), Field)
		require.Equal(t, want, HashWords(words))

		c := &hashCircuit{Words: make([]frontend.Variable, p.Words), p: p}
		good := &hashCircuit{Words: make([]frontend.Variable, p.Words), Hash: want}
		for i, w := range words {
			good.Words[i] = w
		}
		require.NoError(t, test.IsSolved(c, good, Field), "%d words", p.Words)
		bad := &hashCircuit{Words: good.Words, Hash: new(big.Int).Add(want, big.NewInt(1))}
		require.Error(t, test.IsSolved(c, bad, Field), "another hash")
		other := &hashCircuit{Words: append([]frontend.Variable{}, good.Words...), Hash: want}
		other.Words[0] = new(big.Int).Xor(words[0], big.NewInt(1))
		require.Error(t, test.IsSolved(c, other, Field), "another input")

		ccs, err := frontend.Compile(Field, r1cs.NewBuilder, c, frontend.WithCompressThreshold(noCompress))
		require.NoError(t, err)
		decomp := 0
		for w := range p.Words {
			decomp += min(p.PerWord, p.Values-w*p.PerWord)*p.Bits + 1
		}
		blocks := (32*p.Words + 9 + 63) / 64
		require.Equal(t, inputHashCost(p), ccs.GetNbConstraints()-decomp, "the counted cost is the circuit's (%d words)", p.Words)
		t.Logf("%d words, %d blocks: %d constraints (%d a block)", p.Words, blocks, inputHashCost(p), inputHashCost(p)/blocks)
	}
}
