package infernetv1

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/internal/eip712"
)

// Subscription is the SDK's subscription tuple (the binding's type, so
// values pass straight to contract calls). Its ContainerId is the hash
// ContainerID returns. PaymentAmount may be nil, meaning zero.
type Subscription = inetv1abi.Subscription

// Signature is a (v, r, s) signature as createSubscriptionDelegatee takes
// it: V is 27 or 28, S in the lower half order.
type Signature = eip712.Signature

// The SDK EIP712Coordinator's EIP-712 domain name and version and its type
// strings, exactly as in its source.
const (
	DomainName    = "InfernetCoordinator"
	DomainVersion = "1"

	SubscriptionType         = "Subscription(address owner,uint32 activeAt,uint32 period,uint32 frequency,uint16 redundancy,bytes32 containerId,bool lazy,address verifier,uint256 paymentAmount,address paymentToken,address wallet)"
	DelegateSubscriptionType = "DelegateSubscription(uint32 nonce,uint32 expiry,Subscription sub)" + SubscriptionType
)

var (
	subscriptionTypeHash         = crypto.Keccak256Hash([]byte(SubscriptionType))
	delegateSubscriptionTypeHash = crypto.Keccak256Hash([]byte(DelegateSubscriptionType))
	stringArgs                   = abi.Arguments{{Type: mustType("string")}}
)

func mustType(t string) abi.Type {
	typ, err := abi.NewType(t, "", nil)
	if err != nil {
		panic(err)
	}
	return typ
}

// ContainerID returns the SDK's containerId of a pipeline:
// keccak256(abi.encode(string)) of the container ids joined by commas, as
// createSubscription stores it.
func ContainerID(ids ...string) common.Hash {
	enc, err := stringArgs.Pack(strings.Join(ids, ","))
	if err != nil {
		panic(err) // a string always packs
	}
	return crypto.Keccak256Hash(enc)
}

// DelegateKey returns the key under which the EIP712Coordinator's
// delegateCreatedIds holds the id of the delegated subscription (owner,
// nonce): keccak256(abi.encode(owner, nonce)).
func DelegateKey(owner common.Address, nonce uint32) common.Hash {
	return crypto.Keccak256Hash(eip712.AddressWord(owner), eip712.U64Word(uint64(nonce)))
}

// Domain is the EIP-712 domain {name "InfernetCoordinator", version "1",
// chainId, verifyingContract: the EIP712Coordinator}.
type Domain struct {
	ChainID     *big.Int
	Coordinator common.Address
}

// Separator returns the EIP-712 domain separator.
func (d Domain) Separator() common.Hash {
	return eip712.DomainSeparator(DomainName, DomainVersion, d.ChainID, d.Coordinator)
}

// DelegateSubscription is the EIP-712 primary type a consumer's signer
// (its getSigner()) signs so a node can create the subscription with
// createSubscriptionDelegatee. (Sub.Owner, Nonce) identifies it: replays
// return the subscription already created.
type DelegateSubscription struct {
	Nonce  uint32
	Expiry uint32 // unix seconds, exclusive: block.timestamp >= Expiry is expired
	Sub    Subscription
}

// HashSubscription returns the EIP-712 struct hash of an SDK Subscription.
func HashSubscription(s Subscription) common.Hash {
	return crypto.Keccak256Hash(
		subscriptionTypeHash[:],
		eip712.AddressWord(s.Owner),
		eip712.U64Word(uint64(s.ActiveAt)),
		eip712.U64Word(uint64(s.Period)),
		eip712.U64Word(uint64(s.Frequency)),
		eip712.U64Word(uint64(s.Redundancy)),
		s.ContainerId[:],
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

// Digest returns the hash the signer signs (what the EIP712Coordinator's
// createSubscriptionDelegatee recovers the signer from).
func (d DelegateSubscription) Digest(domain Domain) common.Hash {
	return eip712.Digest(domain.Separator(), d.StructHash())
}

// Sign signs the DelegateSubscription with key for domain (v 27/28, low s).
func (d DelegateSubscription) Sign(domain Domain, key *ecdsa.PrivateKey) (Signature, error) {
	sig, err := eip712.Sign(d.Digest(domain), key)
	if err != nil {
		return Signature{}, fmt.Errorf("sign Infernet delegated subscription: %w", err)
	}
	return sig, nil
}

// Recover returns the address that signed the DelegateSubscription for
// domain; v must be 27 or 28 and s in the lower half order.
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
				{Name: "frequency", Type: "uint32"}, {Name: "redundancy", Type: "uint16"}, {Name: "containerId", Type: "bytes32"},
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
				"frequency": fmt.Sprint(s.Frequency), "redundancy": fmt.Sprint(s.Redundancy), "containerId": hexutil.Encode(s.ContainerId[:]),
				"lazy": s.Lazy, "verifier": s.Verifier.Hex(), "paymentAmount": eip712.Decimal(s.PaymentAmount),
				"paymentToken": s.PaymentToken.Hex(), "wallet": s.Wallet.Hex(),
			},
		},
	}
}
