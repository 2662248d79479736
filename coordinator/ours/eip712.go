package ours

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/infernode/infernode/abi/coordinatorabi"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/internal/eip712"
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
type Signature = coordinator.Signature

// EIP-712 names and type strings, exactly as in docs/chain-protocol.md.
const (
	DomainName    = "InferenceCoordinator"
	DomainVersion = "1"

	SubscriptionType         = "Subscription(address owner,uint32 activeAt,uint32 period,uint32 frequency,uint16 redundancy,uint48 maxGasPrice,uint32 maxGasLimit,string containerId,bytes inputs,bool lazy,address verifier,uint256 paymentAmount,address paymentToken,address wallet)"
	DelegateSubscriptionType = "DelegateSubscription(uint32 nonce,uint32 expiry,Subscription sub)" + SubscriptionType
)

// Signature errors, shared with the Infernet SDK v1 dialect.
var (
	ErrInvalidSignature = eip712.ErrInvalidSignature
	ErrHighS            = eip712.ErrHighS
	ErrInvalidV         = eip712.ErrInvalidV
)

// Type hashes, computed once from the constant type strings.
var (
	subscriptionTypeHash         = crypto.Keccak256Hash([]byte(SubscriptionType))
	delegateSubscriptionTypeHash = crypto.Keccak256Hash([]byte(DelegateSubscriptionType))
)

// Separator returns the EIP-712 domain separator.
func (d Domain) Separator() common.Hash {
	return eip712.DomainSeparator(DomainName, DomainVersion, d.ChainID, d.Coordinator)
}

// HashSubscription returns the EIP-712 struct hash of a Subscription.
func HashSubscription(s Subscription) common.Hash {
	return crypto.Keccak256Hash(
		subscriptionTypeHash[:],
		eip712.AddressWord(s.Owner),
		eip712.U64Word(uint64(s.ActiveAt)),
		eip712.U64Word(uint64(s.Period)),
		eip712.U64Word(uint64(s.Frequency)),
		eip712.U64Word(uint64(s.Redundancy)),
		eip712.BigWord(s.MaxGasPrice),
		eip712.U64Word(uint64(s.MaxGasLimit)),
		crypto.Keccak256([]byte(s.ContainerId)),
		crypto.Keccak256(s.Inputs),
		eip712.BoolWord(s.Lazy),
		eip712.AddressWord(s.Verifier),
		eip712.BigWord(s.PaymentAmount),
		eip712.AddressWord(s.PaymentToken),
		eip712.AddressWord(s.Wallet),
	)
}

// StructHash returns the EIP-712 struct hash of the DelegateSubscription.
func (d DelegateSubscription) StructHash() common.Hash {
	sub := HashSubscription(d.Sub)
	return crypto.Keccak256Hash(
		delegateSubscriptionTypeHash[:],
		eip712.U64Word(uint64(d.Nonce)),
		eip712.U64Word(uint64(d.Expiry)),
		sub[:],
	)
}

// Digest returns the hash the owner's signer signs:
// keccak256("\x19\x01" || domainSeparator || structHash). It equals the
// Coordinator's delegateDigest(nonce, expiry, sub).
func (d DelegateSubscription) Digest(domain Domain) common.Hash {
	return eip712.Digest(domain.Separator(), d.StructHash())
}

// Sign signs the DelegateSubscription with key for domain. The result has
// v 27/28 and a low s, as the Coordinator requires.
func (d DelegateSubscription) Sign(domain Domain, key *ecdsa.PrivateKey) (Signature, error) {
	sig, err := eip712.Sign(d.Digest(domain), key)
	if err != nil {
		return Signature{}, fmt.Errorf("sign delegated subscription: %w", err)
	}
	return sig, nil
}

// Recover returns the address that signed the DelegateSubscription for
// domain, applying the Coordinator's rules: v must be 27 or 28 and s must be
// in the lower half order.
func (d DelegateSubscription) Recover(domain Domain, sig Signature) (common.Address, error) {
	return eip712.Recover(d.Digest(domain), sig)
}

// TypedData is the DelegateSubscription for domain as EIP-712 typed data,
// for a signer that signs typed data rather than digests (a remote
// signer); its hash is Digest(domain).
func (d DelegateSubscription) TypedData(domain Domain) apitypes.TypedData {
	s := d.Sub
	return apitypes.TypedData{
		Types: apitypes.Types{
			"EIP712Domain":         eip712.DomainTypes,
			"DelegateSubscription": {{Name: "nonce", Type: "uint32"}, {Name: "expiry", Type: "uint32"}, {Name: "sub", Type: "Subscription"}},
			"Subscription": {
				{Name: "owner", Type: "address"}, {Name: "activeAt", Type: "uint32"}, {Name: "period", Type: "uint32"},
				{Name: "frequency", Type: "uint32"}, {Name: "redundancy", Type: "uint16"}, {Name: "maxGasPrice", Type: "uint48"},
				{Name: "maxGasLimit", Type: "uint32"}, {Name: "containerId", Type: "string"}, {Name: "inputs", Type: "bytes"},
				{Name: "lazy", Type: "bool"}, {Name: "verifier", Type: "address"}, {Name: "paymentAmount", Type: "uint256"},
				{Name: "paymentToken", Type: "address"}, {Name: "wallet", Type: "address"},
			},
		},
		PrimaryType: "DelegateSubscription",
		Domain:      eip712.TypedDomain(DomainName, DomainVersion, domain.ChainID, domain.Coordinator),
		Message: apitypes.TypedDataMessage{
			"nonce": fmt.Sprint(d.Nonce), "expiry": fmt.Sprint(d.Expiry),
			"sub": map[string]any{
				"owner": s.Owner.Hex(), "activeAt": fmt.Sprint(s.ActiveAt), "period": fmt.Sprint(s.Period),
				"frequency": fmt.Sprint(s.Frequency), "redundancy": fmt.Sprint(s.Redundancy), "maxGasPrice": eip712.Decimal(s.MaxGasPrice),
				"maxGasLimit": fmt.Sprint(s.MaxGasLimit), "containerId": s.ContainerId, "inputs": hexutil.Encode(s.Inputs),
				"lazy": s.Lazy, "verifier": s.Verifier.Hex(), "paymentAmount": eip712.Decimal(s.PaymentAmount),
				"paymentToken": s.PaymentToken.Hex(), "wallet": s.Wallet.Hex(),
			},
		},
	}
}
