package txm

import (
	"context"
	"sync"

	"github.com/ethereum/go-ethereum/core/types"
)

// headView is the latest head as the sender knows it: pushed by
// ObserveHead (fed) or read when needed, and whether a head that does not
// extend the last one was seen since the monitor last checked the chain's
// nonce (reorged: a reorg may have dropped final transactions of an idle
// wallet).
type headView struct {
	mu      sync.Mutex
	head    *types.Header
	fed     bool
	reorged bool
}

// observe takes h, pushed, as the latest head (lower after a reorg, too).
func (v *headView) observe(h *types.Header) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.reorged = v.reorged || replaces(v.head, h)
	v.head, v.fed = h, true
}

// peek is the latest head known, without a read (nil before the first).
func (v *headView) peek() *types.Header {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.head
}

// latest is the observed head when heads are pushed, else a fresh read.
func (v *headView) latest(ctx context.Context, b Backend) (*types.Header, error) {
	v.mu.Lock()
	h, fed := v.head, v.fed
	v.mu.Unlock()
	if fed && h != nil {
		return h, nil
	}
	h, err := b.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.reorged = v.reorged || replaces(v.head, h)
	if v.head == nil || h.Number.Cmp(v.head.Number) >= 0 {
		v.head = h
	}
	return h, nil
}

// gasLimit is the latest head's block gas limit (0 before the first head).
func (v *headView) gasLimit() uint64 {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.head == nil {
		return 0
	}
	return v.head.GasLimit
}

// sawReorg reports whether a replacing head was seen; clearReorg forgets
// it once the chain's nonce was read.
func (v *headView) sawReorg() bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	return v.reorged
}

func (v *headView) clearReorg() {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.reorged = false
}

// replaces reports whether head h is not prev or a descendant of it as far
// as one header tells: lower or equal with another hash, or the next
// number with another parent. A reorg seen only through several new blocks
// at once is not noticed here; an open transaction's step notices it then.
func replaces(prev, h *types.Header) bool {
	if prev == nil || h == nil {
		return false
	}
	switch c := h.Number.Cmp(prev.Number); {
	case c <= 0:
		return h.Hash() != prev.Hash()
	case h.Number.Uint64() == prev.Number.Uint64()+1:
		return h.ParentHash != prev.Hash()
	}
	return false
}
