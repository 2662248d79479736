package txm

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// estimator simulates a call and sizes its gas limit: the estimate (which
// is the simulation: a revert comes back from it decoded), the margin, the
// call's floor and cap, and the node's and the block's gas limits.
type estimator struct {
	b    Backend
	o    *SenderOptions
	from common.Address
	// clampWarned: the max_gas_limit clamp was logged once.
	clampWarned atomic.Bool
}

func (e *estimator) msg(c Call) ethereum.CallMsg {
	to := c.To
	return ethereum.CallMsg{From: e.from, To: &to, Data: c.Data, Value: c.Value}
}

// simulate runs c with eth_call against the latest block and returns the
// decoded revert, if any.
func (e *estimator) simulate(ctx context.Context, c Call) ([]byte, error) {
	out, err := e.b.CallContract(ctx, e.msg(c), nil)
	if err != nil {
		return nil, e.o.Decoder.FromError(err)
	}
	return out, nil
}

func (e *estimator) simAllowed(err error) bool {
	for _, a := range e.o.AllowedSimErrors {
		if a != "" && strings.Contains(err.Error(), a) {
			return true
		}
	}
	return false
}

// estimate returns the gas limit for c and the bare estimate. A revert is
// returned decoded, as the simulation's error.
func (e *estimator) estimate(ctx context.Context, c Call, limit uint64) (gas, est uint64, err error) {
	est, err = e.b.EstimateGasAtBlock(ctx, e.msg(c), nil) // latest, not pending
	if err != nil {
		decoded := e.o.Decoder.FromError(err)
		if !e.simAllowed(decoded) {
			if decoded != err { // a revert, with its reason
				return 0, 0, fmt.Errorf("simulate: %w", decoded)
			}
			return 0, 0, fmt.Errorf("estimate gas: %w", err)
		}
		est = limit
	}
	gas, err = e.size(c, est, limit)
	return gas, est, err
}

// size is the gas limit of c given its estimate est: est and the margin,
// at least the call's floor, at most limit; an estimate above the call's
// cap or the limit is refused.
func (e *estimator) size(c Call, est, limit uint64) (uint64, error) {
	if c.MaxGas > 0 && est > c.MaxGas {
		return 0, fmt.Errorf("%w: estimate %d, cap %d", ErrGasAboveCap, est, c.MaxGas)
	}
	gas := est + est*e.o.GasMarginPercent/100
	if gas < c.MinGas {
		gas = c.MinGas
	}
	if gas > limit {
		if est > limit || c.MinGas > limit {
			return 0, fmt.Errorf("%w: need %d, limit %d", ErrGasAboveLimit, max(est, c.MinGas), limit)
		}
		gas = limit
	}
	return gas, nil
}

// gasLimit is the most gas one transaction may ask: wallet.max_gas_limit,
// clamped to the latest block's gas limit (a transaction asking more is
// refused by every pool), with a warning the first time it clamps.
func (e *estimator) gasLimit(head *types.Header) uint64 {
	if head.GasLimit == 0 || e.o.MaxGasLimit <= head.GasLimit {
		return e.o.MaxGasLimit
	}
	if e.clampWarned.CompareAndSwap(false, true) {
		e.o.Logger.Warn("sender: wallet.max_gas_limit is above the block gas limit; clamped to it",
			"max_gas_limit", e.o.MaxGasLimit, "block_gas_limit", head.GasLimit)
	}
	return head.GasLimit
}
