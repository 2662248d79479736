package ours

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/infernode/infernode/coordinator"
)

// DelegatedRequest is a decoded DelegatedSubscriptionRequest (docs/api.md):
// the subscription, the owner signer's EIP-712 signature over it and the
// off-chain data given to the containers.
type DelegatedRequest struct {
	Delegate DelegateSubscription
	Sig      Signature
	// Data is the request's "data" member, verbatim (may be empty).
	Data json.RawMessage
}

// Containers returns the subscription's pipeline (comma-separated ids).
func (r *DelegatedRequest) Containers() []string {
	return coordinator.SplitContainers(r.Delegate.Sub.ContainerId)
}

// DecodeDelegated decodes the JSON body of a delegated subscription request.
// Big integers (r, s, payment_amount and every other number) are read as
// JSON number literals or strings ("0x" hex or decimal), never through
// float64. Errors are *job.Error "Invalid request: ..." naming the field.
func DecodeDelegated(raw []byte) (*DelegatedRequest, error) {
	sub, sig, data, err := coordinator.DelegatedParts(raw)
	if err != nil {
		return nil, err
	}
	out := &DelegatedRequest{Data: data}
	s := &out.Delegate.Sub
	f := coordinator.NewFields(sub, "subscription.")
	s.Owner = f.Address("owner", true)
	s.ContainerId = f.Str("container_id", true)
	s.Inputs = f.HexBytes("inputs")
	s.ActiveAt = uint32(f.Uint("active_at", 32, true).Uint64())
	s.Frequency = uint32(f.Uint("frequency", 32, true).Uint64())
	s.Period = uint32(f.Uint("period", 32, true).Uint64())
	s.Redundancy = uint16(f.Uint("redundancy", 16, true).Uint64())
	s.MaxGasPrice = f.Uint("max_gas_price", 48, true)
	s.MaxGasLimit = uint32(f.Uint("max_gas_limit", 32, true).Uint64())
	s.Lazy = f.Boolean("lazy")
	s.Verifier = f.Address("verifier", false)
	s.PaymentAmount = f.Uint("payment_amount", 256, false)
	s.PaymentToken = f.Address("payment_token", false)
	s.Wallet = f.Address("wallet", false)
	if err := f.Err(); err != nil {
		return nil, err
	}
	if strings.TrimSpace(s.ContainerId) == "" || len(coordinator.SplitContainers(s.ContainerId)) == 0 {
		return nil, coordinator.Invalid("subscription.container_id", "subscription.container_id must name at least one container")
	}
	if out.Delegate.Nonce, out.Delegate.Expiry, out.Sig, err = coordinator.DecodeSignature(sig); err != nil {
		return nil, err
	}
	return out, nil
}

// Verify checks, in order: expiry against the latest block's time
// (exclusive), the EIP-712 signature (v 27/28, low s) and that it was made
// by the owner's getSigner(). Rejections are *job.Error with the docs/api.md
// strings; other errors are the chain being unreachable. It returns the
// signer's address.
func (r *DelegatedRequest) Verify(ctx context.Context, v *coordinator.Verifier) (common.Address, error) {
	dom := Domain{ChainID: v.ChainID, Coordinator: v.Coordinator}
	return v.Check(ctx, r.Delegate.Sub.Owner, r.Delegate.Expiry, func() (common.Address, error) { return r.Delegate.Recover(dom, r.Sig) })
}

// EncodeDelegated is the inverse of DecodeDelegated: the JSON body a client
// posts (big integers as 0x-hex strings).
func EncodeDelegated(r *DelegatedRequest) ([]byte, error) {
	s := r.Delegate.Sub
	body := map[string]any{
		"subscription": map[string]any{
			"owner":          s.Owner.Hex(),
			"container_id":   s.ContainerId,
			"inputs":         hexutil.Encode(s.Inputs),
			"active_at":      s.ActiveAt,
			"frequency":      s.Frequency,
			"period":         s.Period,
			"redundancy":     s.Redundancy,
			"max_gas_price":  json.Number(bigDec(s.MaxGasPrice)),
			"max_gas_limit":  s.MaxGasLimit,
			"lazy":           s.Lazy,
			"verifier":       s.Verifier.Hex(),
			"payment_amount": coordinator.HexBig(s.PaymentAmount),
			"payment_token":  s.PaymentToken.Hex(),
			"wallet":         s.Wallet.Hex(),
		},
	}
	return coordinator.EncodeBody(body, r.Delegate.Nonce, r.Delegate.Expiry, r.Sig, r.Data)
}

func bigDec(b *big.Int) string {
	if b == nil {
		return "0"
	}
	return b.String()
}
