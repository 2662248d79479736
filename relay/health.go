package relay

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// healthCache is what Healthy knows of the head: when the loop last read
// one, and the read it shares between callers.
type healthCache struct {
	seen atomic.Int64 // unix nanos of the loop's last successful head read
	// listened is when the listener last handled a head without error
	// (unix nanos); tickEvery is the loop's current poll period.
	listened  atomic.Int64
	tickEvery atomic.Int64
	mu        sync.Mutex
	at        time.Time
	num       uint64
	err       error
}

// head is the chain's head number for Healthy. /health is open to
// anyone, so it must not cost an RPC call per request: the head the loop
// read within the last two poll intervals is used as it is, and otherwise
// one read is shared by every caller for a poll interval.
func (h *healthCache) head(ctx context.Context, b Backend, loopHead uint64, poll time.Duration) (uint64, error) {
	if ok := h.seen.Load(); ok != 0 && time.Since(time.Unix(0, ok)) < 2*poll {
		return loopHead, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.at.IsZero() && time.Since(h.at) < poll {
		return h.num, h.err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	hd, err := b.HeaderByNumber(ctx, nil)
	h.at, h.num, h.err = time.Now(), 0, err
	if err == nil {
		h.num = hd.Number.Uint64()
	}
	return h.num, h.err
}
