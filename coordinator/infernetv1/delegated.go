package infernetv1

import (
	"encoding/json"
	"math/big"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/inetv1abi"
	"github.com/infernode/infernode/coordinator"
)

// DelegatedRequest is a delegated subscription in the Infernet SDK v1
// body the reference node takes (docs/infernet-v1.md): the subscription
// names its pipeline by the SDK's containerId hash ("containers", 32 bytes
// hex) and has no inputs or gas limits.
type DelegatedRequest struct {
	Nonce, Expiry uint32
	Sub           inetv1abi.Subscription
	Sig           Signature
	// Data is the request's "data" member, verbatim (may be empty).
	Data json.RawMessage
}

// DecodeDelegated decodes {subscription: {owner, active_at, period,
// frequency, redundancy, containers, lazy, verifier, payment_amount,
// payment_token, wallet}, signature: {nonce, expiry, v, r, s}, data}.
// Errors are *job.Error "Invalid request: ..." naming the field.
func DecodeDelegated(raw []byte) (*DelegatedRequest, error) {
	sub, sig, data, err := coordinator.DelegatedParts(raw)
	if err != nil {
		return nil, err
	}
	out := &DelegatedRequest{Data: data}
	s := &out.Sub
	f := coordinator.NewFields(sub, "subscription.")
	s.Owner = f.Address("owner", true)
	s.ActiveAt = uint32(f.Uint("active_at", 32, true).Uint64())
	s.Period = uint32(f.Uint("period", 32, true).Uint64())
	s.Frequency = uint32(f.Uint("frequency", 32, true).Uint64())
	s.Redundancy = uint16(f.Uint("redundancy", 16, true).Uint64())
	cid := f.HexBytes("containers")
	s.Lazy = f.Boolean("lazy")
	s.Verifier = f.Address("verifier", false)
	s.PaymentAmount = f.Uint("payment_amount", 256, false)
	s.PaymentToken = f.Address("payment_token", false)
	s.Wallet = f.Address("wallet", false)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if len(cid) != 32 {
		return nil, coordinator.Invalid("subscription.containers", "subscription.containers must be the 32-byte containerId hash, keccak256(abi.encode(\"id1,id2\")), as hex")
	}
	copy(s.ContainerId[:], cid)
	if s.PaymentAmount == nil {
		s.PaymentAmount = new(big.Int)
	}
	if out.Nonce, out.Expiry, out.Sig, err = coordinator.DecodeSignature(sig); err != nil {
		return nil, err
	}
	return out, nil
}

// ContainerIDHash is the subscription's containerId.
func (r *DelegatedRequest) ContainerIDHash() common.Hash { return common.Hash(r.Sub.ContainerId) }

// EncodeDelegated is the inverse of DecodeDelegated: the reference
// node's body a client posts (big integers as 0x-hex strings).
func EncodeDelegated(r *DelegatedRequest) ([]byte, error) {
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
			"payment_amount": coordinator.HexBig(s.PaymentAmount),
			"payment_token":  s.PaymentToken.Hex(),
			"wallet":         s.Wallet.Hex(),
		},
	}
	return coordinator.EncodeBody(body, r.Nonce, r.Expiry, r.Sig, r.Data)
}
