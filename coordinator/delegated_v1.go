package coordinator

import (
	"encoding/json"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/inetv1abi"
)

// DelegatedRequestV1 is a delegated subscription in the Infernet SDK v1
// body the reference node takes (docs/infernet-v1.md): the subscription
// names its pipeline by the SDK's containerId hash ("containers", 32 bytes
// hex) and has no inputs or gas limits.
type DelegatedRequestV1 struct {
	Nonce, Expiry uint32
	Sub           inetv1abi.Subscription
	Sig           Signature
	// Data is the request's "data" member, verbatim (may be empty).
	Data json.RawMessage
}

// DecodeDelegatedV1 decodes {subscription: {owner, active_at, period,
// frequency, redundancy, containers, lazy, verifier, payment_amount,
// payment_token, wallet}, signature: {nonce, expiry, v, r, s}, data}.
// Errors are *job.Error "Invalid request: ..." naming the field.
func DecodeDelegatedV1(raw []byte) (*DelegatedRequestV1, error) {
	sub, sig, data, err := delegatedParts(raw)
	if err != nil {
		return nil, err
	}
	out := &DelegatedRequestV1{Data: data}
	s := &out.Sub
	f := fields{m: sub, prefix: "subscription."}
	s.Owner = f.address("owner", true)
	s.ActiveAt = uint32(f.uint("active_at", 32, true).Uint64())
	s.Period = uint32(f.uint("period", 32, true).Uint64())
	s.Frequency = uint32(f.uint("frequency", 32, true).Uint64())
	s.Redundancy = uint16(f.uint("redundancy", 16, true).Uint64())
	cid := f.hexBytes("containers")
	s.Lazy = f.boolean("lazy")
	s.Verifier = f.address("verifier", false)
	s.PaymentAmount = f.uint("payment_amount", 256, false)
	s.PaymentToken = f.address("payment_token", false)
	s.Wallet = f.address("wallet", false)
	if f.err != nil {
		return nil, f.err
	}
	if len(cid) != 32 {
		return nil, invalid("subscription.containers", "subscription.containers must be the 32-byte containerId hash, keccak256(abi.encode(\"id1,id2\")), as hex")
	}
	copy(s.ContainerId[:], cid)
	if s.PaymentAmount == nil {
		s.PaymentAmount = new(big.Int)
	}
	if out.Nonce, out.Expiry, out.Sig, err = decodeSignature(sig); err != nil {
		return nil, err
	}
	return out, nil
}

// ContainerIDHash is the subscription's containerId.
func (r *DelegatedRequestV1) ContainerIDHash() common.Hash { return common.Hash(r.Sub.ContainerId) }

// EncodeDelegatedV1 is the inverse of DecodeDelegatedV1: the reference
// node's body a client posts (big integers as 0x-hex strings).
func EncodeDelegatedV1(r *DelegatedRequestV1) ([]byte, error) {
	s := r.Sub
	body := map[string]any{
		"subscription": map[string]any{
			"owner":          s.Owner.Hex(),
			"active_at":      s.ActiveAt,
			"period":         s.Period,
			"frequency":      s.Frequency,
			"redundancy":     s.Redundancy,
			"containers":     r.ContainerIDHash().Hex(),
			"lazy":           s.Lazy,
			"verifier":       s.Verifier.Hex(),
			"payment_amount": hexBig(s.PaymentAmount),
			"payment_token":  s.PaymentToken.Hex(),
			"wallet":         s.Wallet.Hex(),
		},
	}
	return encodeBody(body, r.Nonce, r.Expiry, r.Sig, r.Data)
}
