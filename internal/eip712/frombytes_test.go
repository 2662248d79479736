package eip712_test

import (
	"math/big"
	"slices"
	"testing"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/eip712"
)

// FromBytes (what a remote signer returns) gives the Coordinators' form or
// an error; a low-s signature and its high-s twin recover to one signer.
func FuzzSignatureFromBytes(f *testing.F) {
	key, _ := crypto.ToECDSA(crypto.Keccak256([]byte("fuzz signer")))
	digest := crypto.Keccak256Hash([]byte("digest"))
	good, _ := crypto.Sign(digest[:], key)
	v27 := append([]byte{}, good...)
	v27[64] += 27
	sig, _ := eip712.Sign(digest, key)
	high := sig.HighS()
	highB := append(append(append([]byte{}, high.R[:]...), high.S[:]...), high.V)
	known := []string{string(good), string(v27), string(highB)} // one signer, three spellings
	for _, k := range known {
		f.Add([]byte(k))
	}
	f.Add([]byte{})
	f.Add(make([]byte, 65))
	half := new(big.Int).Rsh(crypto.S256().Params().N, 1)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := eip712.FromBytes(b)
		if err != nil {
			return
		}
		require.Contains(t, []uint8{27, 28}, s.V)
		require.LessOrEqual(t, new(big.Int).SetBytes(s.S[:]).Cmp(half), 0)
		if slices.Contains(known, string(b)) {
			got, err := eip712.Recover(digest, s)
			require.NoError(t, err)
			require.Equal(t, crypto.PubkeyToAddress(key.PublicKey), got)
		}
	})
}
