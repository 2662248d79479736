// Package eip712 holds the EIP-712 pieces both Coordinator dialects share:
// the domain separator, ABI words for struct hashing, and (v, r, s)
// signatures with the rules both Coordinators enforce (v 27 or 28, low s).
// The typed data itself (type strings, struct hashes) belongs to each
// dialect: package coordinator for ours, contracts/infernetv1 for the
// Infernet SDK v1.
package eip712

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Signature is an ECDSA signature in the Coordinators' (v, r, s) form:
// V is 27 or 28 and S is in the lower half order.
type Signature struct {
	V uint8
	R [32]byte
	S [32]byte
}

var (
	// ErrInvalidSignature: the signature does not recover to an address.
	ErrInvalidSignature = errors.New("invalid signature")
	// ErrHighS: the signature's s is in the upper half order (malleable); the
	// Coordinators reject it.
	ErrHighS = errors.New("signature s value is in the upper half order")
	// ErrInvalidV: v is not 27 or 28.
	ErrInvalidV = errors.New("signature v must be 27 or 28")
)

// The curve order and its half: s must be <= n/2 (EIP-2, OpenZeppelin and
// solady ECDSA).
var (
	secp256k1N     = crypto.S256().Params().N
	secp256k1HalfN = new(big.Int).Rsh(secp256k1N, 1)
)

var domainTypeHash = crypto.Keccak256Hash([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))

// DomainSeparator returns the separator of the domain {name, version,
// chainId, verifyingContract}.
func DomainSeparator(name, version string, chainID *big.Int, verifyingContract common.Address) common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash[:],
		crypto.Keccak256([]byte(name)),
		crypto.Keccak256([]byte(version)),
		BigWord(chainID),
		AddressWord(verifyingContract),
	)
}

// Digest returns keccak256("\x19\x01" || separator || structHash), the hash
// a signer signs.
func Digest(separator, structHash common.Hash) common.Hash {
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, separator[:], structHash[:])
}

// Sign signs digest with key. The result has v 27/28 and a low s.
func Sign(digest common.Hash, key *ecdsa.PrivateKey) (Signature, error) {
	raw, err := crypto.Sign(digest[:], key) // [R || S || V], V in {0,1}, S low (libsecp256k1)
	if err != nil {
		return Signature{}, fmt.Errorf("sign EIP-712 digest: %w", err)
	}
	var sig Signature
	copy(sig.R[:], raw[:32])
	copy(sig.S[:], raw[32:64])
	sig.V = raw[64] + 27
	return sig, nil
}

// Recover returns the address that signed digest, applying the
// Coordinators' rules: v must be 27 or 28 and s must be in the lower half
// order.
func Recover(digest common.Hash, sig Signature) (common.Address, error) {
	if sig.V != 27 && sig.V != 28 {
		return common.Address{}, ErrInvalidV
	}
	r := new(big.Int).SetBytes(sig.R[:])
	s := new(big.Int).SetBytes(sig.S[:])
	if s.Cmp(secp256k1HalfN) > 0 {
		return common.Address{}, ErrHighS
	}
	if r.Sign() == 0 || s.Sign() == 0 || r.Cmp(secp256k1N) >= 0 {
		return common.Address{}, ErrInvalidSignature
	}
	raw := make([]byte, 65)
	copy(raw[:32], sig.R[:])
	copy(raw[32:64], sig.S[:])
	raw[64] = sig.V - 27
	pub, err := crypto.SigToPub(digest[:], raw)
	if err != nil {
		return common.Address{}, fmt.Errorf("%w: %v", ErrInvalidSignature, err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// HighS returns the malleable twin of sig (s' = n - s, v flipped): it
// recovers to the same signer, and the Coordinators must reject it. Used by
// tests and by anyone checking that a verifier enforces low s.
func (sig Signature) HighS() Signature {
	s := new(big.Int).SetBytes(sig.S[:])
	s.Sub(secp256k1N, s)
	out := sig
	out.S = [32]byte(math.U256Bytes(s))
	out.V = 55 - sig.V // 27 <-> 28
	return out
}

// U64Word, BigWord, BoolWord and AddressWord ABI-encode a static value as
// one 32-byte word. A nil *big.Int is zero; values are taken modulo 2^256,
// as the EVM does.
func U64Word(x uint64) []byte {
	return common.LeftPadBytes(new(big.Int).SetUint64(x).Bytes(), 32)
}

// BigWord: see U64Word.
func BigWord(x *big.Int) []byte {
	if x == nil {
		return make([]byte, 32)
	}
	return math.U256Bytes(new(big.Int).Set(x))
}

// BoolWord: see U64Word.
func BoolWord(x bool) []byte {
	w := make([]byte, 32)
	if x {
		w[31] = 1
	}
	return w
}

// AddressWord: see U64Word.
func AddressWord(a common.Address) []byte { return common.LeftPadBytes(a[:], 32) }

// DomainTypes is the EIP712Domain type of both Coordinators' domains, for
// typed data handed to a signer (apitypes.TypedData).
var DomainTypes = []apitypes.Type{{Name: "name", Type: "string"}, {Name: "version", Type: "string"}, {Name: "chainId", Type: "uint256"}, {Name: "verifyingContract", Type: "address"}}

// TypedDomain is the domain {name, version, chainId, verifyingContract} as
// typed data.
func TypedDomain(name, version string, chainID *big.Int, verifyingContract common.Address) apitypes.TypedDataDomain {
	return apitypes.TypedDataDomain{Name: name, Version: version, ChainId: (*math.HexOrDecimal256)(new(big.Int).Set(chainID)), VerifyingContract: verifyingContract.Hex()}
}

// Decimal writes x (nil: 0) as a decimal string, as typed data's integers.
func Decimal(x *big.Int) string {
	if x == nil {
		return "0"
	}
	return x.String()
}

// FromBytes reads a 65-byte [R || S || V] signature (V 0/1 or 27/28, as
// signers return it) in the Coordinators' form: V 27/28, s in the lower
// half order (a high s is turned into its low twin, which recovers to the
// same signer).
func FromBytes(b []byte) (Signature, error) {
	if len(b) != 65 {
		return Signature{}, fmt.Errorf("%w: %d bytes, want 65", ErrInvalidSignature, len(b))
	}
	var sig Signature
	copy(sig.R[:], b[:32])
	copy(sig.S[:], b[32:64])
	sig.V = b[64]
	if sig.V < 27 {
		sig.V += 27
	}
	if sig.V != 27 && sig.V != 28 {
		return Signature{}, ErrInvalidV
	}
	if new(big.Int).SetBytes(sig.S[:]).Cmp(secp256k1HalfN) > 0 {
		sig = sig.HighS() // the twin of a high s is low
	}
	return sig, nil
}
