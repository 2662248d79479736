package guard

import (
	"math/big"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/core/types"
)

// Heads follows the chain's heads for Check: the latest block's time, the
// next block's base fee (EIP-1559, from the head's) and the block time (the
// median gap of the last blocks, so one jump of a test chain's clock or a
// slow block does not move it). Safe for concurrent use; fixed size.
type Heads struct {
	mu    sync.Mutex
	last  *types.Header
	gaps  [15]uint64 // seconds between consecutive heads seen, a ring
	n     int        // gaps filled
	next  int
	cache Head
}

// Observe takes a new head; older or repeated heads change nothing but the
// reference (a reorg to a lower number restarts the gap measurement).
func (h *Heads) Observe(head *types.Header) {
	if head == nil || head.Number == nil {
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.last != nil && head.Number.Cmp(h.last.Number) < 0 {
		h.n, h.next = 0, 0
	}
	if h.last != nil && head.Number.Cmp(h.last.Number) > 0 && head.Time >= h.last.Time {
		blocks := new(big.Int).Sub(head.Number, h.last.Number).Uint64()
		h.gaps[h.next] = (head.Time - h.last.Time) / blocks
		h.next = (h.next + 1) % len(h.gaps)
		h.n = min(h.n+1, len(h.gaps))
	}
	h.last = head
	h.cache = Head{Time: time.Unix(int64(head.Time), 0), BaseFee: NextBaseFee(head), BlockTime: h.blockTime()}
}

// Head is what the latest head says (the zero Head before any).
func (h *Heads) Head() Head {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.cache
}

// blockTime is the median gap; 0 (unknown) before three gaps were seen.
func (h *Heads) blockTime() time.Duration {
	if h.n < 3 {
		return 0
	}
	g := slices.Clone(h.gaps[:h.n])
	slices.Sort(g)
	return time.Duration(g[len(g)/2]) * time.Second
}

// NextBaseFee is the base fee of the block after head by the EIP-1559 rule
// (target half the gas limit, at most 1/8 change per block); nil before
// London.
func NextBaseFee(head *types.Header) *big.Int {
	if head.BaseFee == nil {
		return nil
	}
	base := head.BaseFee
	target := head.GasLimit / 2
	if target == 0 || head.GasUsed == target {
		return new(big.Int).Set(base)
	}
	delta := new(big.Int)
	if head.GasUsed > target {
		delta.SetUint64(head.GasUsed - target)
		delta.Mul(delta, base).Div(delta, new(big.Int).SetUint64(target)).Div(delta, big.NewInt(8))
		if delta.Sign() == 0 {
			delta.SetInt64(1)
		}
		return delta.Add(delta, base)
	}
	delta.SetUint64(target - head.GasUsed)
	delta.Mul(delta, base).Div(delta, new(big.Int).SetUint64(target)).Div(delta, big.NewInt(8))
	return delta.Sub(base, delta)
}
