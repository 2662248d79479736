package txm

import (
	"context"
	"fmt"
	"math/big"
	"sync"

	"github.com/ethereum/go-ethereum/core/types"
)

// pricer prices transactions at the market (EIP-1559): the suggested tip,
// read once per block however many sends ask, within the node's tip
// limit, and a fee cap of 2 × base fee + tip, within the caller's cap. It
// owns the tip cache and its lock.
type pricer struct {
	b interface {
		SuggestGasTipCap(context.Context) (*big.Int, error)
	}
	maxTip *big.Int // nil: no node limit

	mu    sync.Mutex
	tip   *big.Int
	block uint64
}

// market returns a tip and fee cap for the block after head, both within
// limit (nil: none); ErrFeeAboveCap when head's base fee is above limit.
func (p *pricer) market(ctx context.Context, head *types.Header, limit *big.Int) (tip, feeCap *big.Int, err error) {
	base := baseFee(head)
	if limit != nil && base.Cmp(limit) > 0 {
		return nil, nil, fmt.Errorf("%w: base fee %s > cap %s", ErrFeeAboveCap, base, limit)
	}
	if tip, err = p.suggestTip(ctx, head); err != nil {
		return nil, nil, err
	}
	feeCap = new(big.Int).Add(new(big.Int).Mul(base, big.NewInt(2)), tip)
	if limit != nil && feeCap.Cmp(limit) > 0 {
		feeCap = new(big.Int).Set(limit)
	}
	if tip.Cmp(feeCap) > 0 {
		tip = new(big.Int).Set(feeCap)
	}
	return tip, feeCap, nil
}

// suggested is the market fee cap at head, before any cap: 2 × base fee +
// the suggested tip (cached: no read after market at the same head).
func (p *pricer) suggested(ctx context.Context, head *types.Header) (*big.Int, error) {
	tip, err := p.suggestTip(ctx, head)
	if err != nil {
		return nil, err
	}
	return tip.Add(tip, new(big.Int).Mul(baseFee(head), big.NewInt(2))), nil
}

// suggestTip is the suggested tip at head (read once per block), within
// the node's tip limit.
func (p *pricer) suggestTip(ctx context.Context, head *types.Header) (*big.Int, error) {
	n := head.Number.Uint64()
	p.mu.Lock() // concurrent sends at a new block ask once
	defer p.mu.Unlock()
	if p.tip == nil || p.block != n {
		tip, err := p.b.SuggestGasTipCap(ctx)
		if err != nil {
			return nil, fmt.Errorf("suggest tip: %w", err)
		}
		if n >= p.block {
			p.tip, p.block = tip, n
		}
	}
	tip := new(big.Int).Set(p.tip)
	if p.maxTip != nil && tip.Cmp(p.maxTip) > 0 {
		tip.Set(p.maxTip)
	}
	return tip, nil
}

// belowMarket reports whether tx cannot compete at head: its fee cap is
// below the base fee plus the tip the node would pay now, or its tip is
// below that tip.
func (p *pricer) belowMarket(ctx context.Context, tx *types.Transaction, head *types.Header) (bool, error) {
	tip, err := p.suggestTip(ctx, head)
	if err != nil {
		return false, err
	}
	need := new(big.Int).Add(baseFee(head), tip)
	return tx.GasFeeCap().Cmp(need) < 0 || tx.GasTipCap().Cmp(tip) < 0, nil
}

// replacement prices a replacement of old: at least 12.5 % above it on
// both tip and fee cap (the pools' minimum is 10 %) and at least the
// market. ok is false when that would exceed ceiling (nil: none).
func (p *pricer) replacement(ctx context.Context, old *types.Transaction, head *types.Header, ceiling *big.Int) (tip, feeCap *big.Int, ok bool, err error) {
	tip, feeCap, err = p.market(ctx, head, nil)
	if err != nil {
		return nil, nil, false, err
	}
	tip, feeCap = bigMax(tip, bump(old.GasTipCap())), bigMax(feeCap, bump(old.GasFeeCap()))
	if ceiling != nil && feeCap.Cmp(ceiling) > 0 {
		// The market may still fit under the ceiling with a smaller
		// margin above base than 2×; the bump minimum may not.
		feeCap = new(big.Int).Set(ceiling)
		if feeCap.Cmp(bump(old.GasFeeCap())) < 0 || feeCap.Cmp(new(big.Int).Add(baseFee(head), tip)) < 0 {
			return nil, nil, false, nil
		}
	}
	if tip.Cmp(feeCap) > 0 {
		tip = new(big.Int).Set(feeCap)
	}
	if tip.Cmp(bump(old.GasTipCap())) < 0 {
		return nil, nil, false, nil
	}
	return tip, feeCap, true, nil
}

// maxBumpFactor bounds every replacement of a transaction: never more
// than 4 × the fee cap it was first sent with (docs/relay.md, "The transaction pipeline").
const maxBumpFactor = 4

// ceiling is the most a replacement of r may pay per gas: r's own cap
// (the subscription's maxGasPrice and the node's max_fee_per_gas, as
// journaled at the first send) and bumpCeiling.
func ceiling(r *Record) *big.Int {
	var c *big.Int
	if r.FeeCap != nil {
		c = (*big.Int)(r.FeeCap)
	}
	return minCap(c, bumpCeiling(r))
}

// bumpCeiling is maxBumpFactor × the fee suggested when r was first sent
// (nil when unknown: a nonce never signed).
func bumpCeiling(r *Record) *big.Int {
	base := (*big.Int)(r.Suggested)
	if base == nil && len(r.Raw) > 0 {
		first := new(types.Transaction)
		if first.UnmarshalBinary(r.Raw[0]) == nil {
			base = first.GasFeeCap()
		}
	}
	if base == nil {
		return nil
	}
	return new(big.Int).Mul(base, big.NewInt(maxBumpFactor))
}

func baseFee(h *types.Header) *big.Int {
	if h.BaseFee == nil {
		return new(big.Int)
	}
	return h.BaseFee
}

func minCap(a, b *big.Int) *big.Int {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case a.Cmp(b) <= 0:
		return a
	}
	return b
}

func bigMax(a, b *big.Int) *big.Int {
	if a.Cmp(b) >= 0 {
		return a
	}
	return b
}

// bump returns x * 1.125, rounded up: more than the pools' 10% minimum.
func bump(x *big.Int) *big.Int {
	y := new(big.Int).Mul(x, big.NewInt(1125))
	y.Add(y, big.NewInt(999))
	return y.Div(y, big.NewInt(1000))
}
