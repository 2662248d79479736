package txm

import (
	"fmt"
	"sync"
)

// stallWatch follows the wallet's oldest open nonce: the block at which it
// became the oldest, so /health can say when it has not moved for
// StuckBlocks (a nonce the chain will not take, an endpoint that lies).
type stallWatch struct {
	mu     sync.Mutex
	open   bool
	nonce  uint64
	since  uint64 // head number when nonce became the oldest open one
	latest uint64 // the last head seen
}

// observe records the oldest open nonce (open false: none) at head.
func (w *stallWatch) observe(open bool, nonce, head uint64) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !open || !w.open || nonce != w.nonce {
		w.since = head
	}
	w.open, w.nonce, w.latest = open, nonce, max(w.latest, head)
}

// stalled says why the oldest open nonce is stuck, or nil.
func (w *stallWatch) stalled(blocks uint64) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.open && w.latest >= w.since+blocks {
		return fmt.Errorf("the wallet's oldest open nonce %d has not moved for %d blocks (chain.wallet.stuck_blocks %d)", w.nonce, w.latest-w.since, blocks)
	}
	return nil
}
