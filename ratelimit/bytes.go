package ratelimit

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// Bytes is a node-wide budget of bytes held at once (request bodies being
// read, server.max_body_bytes_in_flight; container replies being buffered,
// server.max_reply_bytes_in_flight): Take reserves without waiting, so that
// a flood of slow senders is turned away rather than queued; Wait reserves
// once there is room. It is safe for concurrent use; a nil *Bytes allows
// everything.
type Bytes struct {
	max  int64
	held atomic.Int64

	// waiting counts the Waits in progress: Give wakes them only then, so
	// that the front doors' Take and Give never touch mu.
	waiting atomic.Int32
	mu      sync.Mutex
	freed   chan struct{} // closed by the next Give while someone waits
}

// ErrOverBudget is Wait's error for a reservation larger than the whole
// budget: it could never fit.
var ErrOverBudget = errors.New("larger than the whole budget")

// NewBytes returns a budget of max bytes (max <= 0: nil, no budget).
func NewBytes(max int64) *Bytes {
	if max <= 0 {
		return nil
	}
	return &Bytes{max: max}
}

// Take reserves n bytes, or none and false when they would pass the
// budget.
func (b *Bytes) Take(n int64) bool {
	if b == nil || n <= 0 {
		return true
	}
	for {
		h := b.held.Load()
		if h+n > b.max {
			return false
		}
		if b.held.CompareAndSwap(h, h+n) {
			return true
		}
	}
}

// Wait reserves n bytes, waiting until they fit; it returns ctx's cause
// if ctx ends first, and ErrOverBudget at once if n is more than the
// budget's size. A caller must not wait while it holds bytes of the same
// budget that only its own progress would give back (two such callers
// could wait for each other forever).
func (b *Bytes) Wait(ctx context.Context, n int64) error {
	if b == nil || n <= 0 {
		return nil
	}
	if n > b.max {
		return ErrOverBudget
	}
	if b.Take(n) {
		return nil
	}
	b.waiting.Add(1)
	defer b.waiting.Add(-1)
	for {
		// The channel is taken before trying: a Give after a failed Take
		// closes this one (it sees waiting > 0 after its bytes are back).
		b.mu.Lock()
		if b.freed == nil {
			b.freed = make(chan struct{})
		}
		ch := b.freed
		b.mu.Unlock()
		if b.Take(n) {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// Give returns n bytes taken before.
func (b *Bytes) Give(n int64) {
	if b == nil || n <= 0 {
		return
	}
	b.held.Add(-n)
	if b.waiting.Load() > 0 {
		b.mu.Lock()
		if b.freed != nil {
			close(b.freed)
			b.freed = nil
		}
		b.mu.Unlock()
	}
}

// Held is the bytes reserved now.
func (b *Bytes) Held() int64 {
	if b == nil {
		return 0
	}
	return b.held.Load()
}

// Max is the budget's size (0 for a nil budget).
func (b *Bytes) Max() int64 {
	if b == nil {
		return 0
	}
	return b.max
}
