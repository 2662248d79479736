package ratelimit

import "sync/atomic"

// Bytes is a node-wide budget of bytes held at once (request bodies being
// read, server.max_body_bytes_in_flight): Take reserves without waiting,
// so that a flood of slow senders is turned away rather than queued. It is
// safe for concurrent use; a nil *Bytes allows everything.
type Bytes struct {
	max  int64
	held atomic.Int64
}

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

// Give returns n bytes taken before.
func (b *Bytes) Give(n int64) {
	if b != nil && n > 0 {
		b.held.Add(-n)
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
