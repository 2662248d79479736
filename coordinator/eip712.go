package coordinator

import (
	"crypto/ecdsa"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/infernode/infernode/abi/coordinatorabi"
)

// EIP-712 for delegated subscriptions (docs/chain-protocol.md). The hashing mirrors the
// Coordinator's Solidity word for word; the tests hold both to golden vectors
// and to go-ethereum's generic typed-data hasher.

// Subscription is the Coordinator's subscription tuple, in docs/chain-protocol.md field
// order. It is the binding's type, so values pass straight to contract calls.
// MaxGasPrice (uint48) and PaymentAmount (uint256) may be nil, meaning zero.
type Subscription = coordinatorabi.Subscription

// DelegateSubscription is the EIP-712 primary type a subscription owner's
// signer signs so a node can create the subscription on its behalf.
type DelegateSubscription struct {
	Nonce  uint32
	Expiry uint32 // unix seconds, exclusive: block.timestamp >= Expiry is expired
	Sub    Subscription
}

// Domain is the EIP-712 domain {name "InferenceCoordinator", version "1",
// chainId, verifyingContract}.
type Domain struct {
	ChainID     *big.Int
	Coordinator common.Address
}

// Signature is an ECDSA signature in the Coordinator's (v, r, s) form:
// V is 27 or 28 and S is in the lower half order.
type Signature struct {
	V uint8
	R [32]byte
	S [32]byte
}

// EIP-712 names and type strings, exactly as in docs/chain-protocol.md.
const (
	DomainName    = "InferenceCoordinator"
	DomainVersion = "1"

	SubscriptionType         = "Subscription(address owner,uint32 activeAt,uint32 period,uint32 frequency,uint16 redundancy,uint48 maxGasPrice,uint32 maxGasLimit,string containerId,bytes inputs,bool lazy,address verifier,uint256 paymentAmount,address paymentToken,address wallet)"
	DelegateSubscriptionType = "DelegateSubscription(uint32 nonce,uint32 expiry,Subscription sub)" + SubscriptionType
	domainType               = "EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"
)

var (
	// ErrInvalidSignature: the signature does not recover to an address.
	ErrInvalidSignature = errors.New("invalid signature")
	// ErrHighS: the signature's s is in the upper half order (malleable); the
	// Coordinator rejects it.
	ErrHighS = errors.New("signature s value is in the upper half order")
	// ErrInvalidV: v is not 27 or 28.
	ErrInvalidV = errors.New("signature v must be 27 or 28")
)

// The curve order and its half: s must be <= n/2 (EIP-2, OpenZeppelin ECDSA).
var (
	secp256k1N     = crypto.S256().Params().N
	secp256k1HalfN = new(big.Int).Rsh(secp256k1N, 1)
)

// Type hashes, computed once from the constant type strings.
var (
	subscriptionTypeHash         = crypto.Keccak256Hash([]byte(SubscriptionType))
	delegateSubscriptionTypeHash = crypto.Keccak256Hash([]byte(DelegateSubscriptionType))
	domainTypeHash               = crypto.Keccak256Hash([]byte(domainType))
)

// Separator returns the EIP-712 domain separator.
func (d Domain) Separator() common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash[:],
		crypto.Keccak256([]byte(DomainName)),
		crypto.Keccak256([]byte(DomainVersion)),
		bigWord(d.ChainID),
		common.LeftPadBytes(d.Coordinator[:], 32),
	)
}

// HashSubscription returns the EIP-712 struct hash of a Subscription.
func HashSubscription(s Subscription) common.Hash {
	return crypto.Keccak256Hash(
		subscriptionTypeHash[:],
		common.LeftPadBytes(s.Owner[:], 32),
		u64Word(uint64(s.ActiveAt)),
		u64Word(uint64(s.Period)),
		u64Word(uint64(s.Frequency)),
		u64Word(uint64(s.Redundancy)),
		bigWord(s.MaxGasPrice),
		u64Word(uint64(s.MaxGasLimit)),
		crypto.Keccak256([]byte(s.ContainerId)),
		crypto.Keccak256(s.Inputs),
		boolWord(s.Lazy),
		common.LeftPadBytes(s.Verifier[:], 32),
		bigWord(s.PaymentAmount),
		common.LeftPadBytes(s.PaymentToken[:], 32),
		common.LeftPadBytes(s.Wallet[:], 32),
	)
}

// StructHash returns the EIP-712 struct hash of the DelegateSubscription.
func (d DelegateSubscription) StructHash() common.Hash {
	sub := HashSubscription(d.Sub)
	return crypto.Keccak256Hash(
		delegateSubscriptionTypeHash[:],
		u64Word(uint64(d.Nonce)),
		u64Word(uint64(d.Expiry)),
		sub[:],
	)
}

// Digest returns the hash the owner's signer signs:
// keccak256("\x19\x01" || domainSeparator || structHash). It equals the
// Coordinator's delegateDigest(nonce, expiry, sub).
func (d DelegateSubscription) Digest(domain Domain) common.Hash {
	sep := domain.Separator()
	sh := d.StructHash()
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, sep[:], sh[:])
}

// Sign signs the DelegateSubscription with key for domain. The result has
// v 27/28 and a low s, as the Coordinator requires.
func (d DelegateSubscription) Sign(domain Domain, key *ecdsa.PrivateKey) (Signature, error) {
	digest := d.Digest(domain)
	raw, err := crypto.Sign(digest[:], key) // [R || S || V], V in {0,1}, S low (libsecp256k1)
	if err != nil {
		return Signature{}, fmt.Errorf("sign delegated subscription: %w", err)
	}
	var sig Signature
	copy(sig.R[:], raw[:32])
	copy(sig.S[:], raw[32:64])
	sig.V = raw[64] + 27
	return sig, nil
}

// Recover returns the address that signed the DelegateSubscription for
// domain, applying the Coordinator's rules: v must be 27 or 28 and s must be
// in the lower half order.
func (d DelegateSubscription) Recover(domain Domain, sig Signature) (common.Address, error) {
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
	digest := d.Digest(domain)
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
// recovers to the same signer, and the Coordinator must reject it. Used by
// tests and by anyone checking that a verifier enforces low s.
func (sig Signature) HighS() Signature {
	s := new(big.Int).SetBytes(sig.S[:])
	s.Sub(secp256k1N, s)
	out := sig
	out.S = [32]byte(math.U256Bytes(s))
	out.V = 55 - sig.V // 27 <-> 28
	return out
}

// u64Word, bigWord and boolWord ABI-encode a static value as one 32-byte
// word. A nil *big.Int is zero; values are taken modulo 2^256, as the EVM does.
func u64Word(x uint64) []byte {
	return common.LeftPadBytes(new(big.Int).SetUint64(x).Bytes(), 32)
}

func bigWord(x *big.Int) []byte {
	if x == nil {
		return make([]byte, 32)
	}
	return math.U256Bytes(new(big.Int).Set(x))
}

func boolWord(x bool) []byte {
	w := make([]byte, 32)
	if x {
		w[31] = 1
	}
	return w
}
