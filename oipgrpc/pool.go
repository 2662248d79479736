package oipgrpc

import (
	"math/bits"
	"sync"
)

// pool is the server's gRPC buffer pool (frames read, messages written):
// gRPC's default pool, except that a buffer is handed out as it was put
// back, not cleared. gRPC fills every buffer it takes before reading it (a
// frame's payload is read whole into its buffer; a message is marshalled
// into one of its exact size), so clearing it first is a second pass over
// every byte received: about a tenth of the door's CPU for an image.
type pool struct {
	tiers [maxTier - minTier + 1]sync.Pool
}

// Buffers of 2^minTier to 2^maxTier bytes are pooled, by power of two
// (gRPC's frames are 16 KiB); others are made and left to the collector.
const minTier, maxTier = 8, 20

// tierOf is the tier of a buffer of capacity c (ok: c is a tier's size).
func tierOf(c int) (int, bool) {
	if c < 1<<minTier || c > 1<<maxTier || c&(c-1) != 0 {
		return 0, false
	}
	return bits.Len(uint(c)) - 1 - minTier, true
}

func (p *pool) Get(n int) *[]byte {
	if n > 1<<maxTier {
		b := make([]byte, n)
		return &b
	}
	c := max(1<<minTier, 1<<bits.Len(uint(max(n-1, 0))))
	t, _ := tierOf(c)
	if b, ok := p.tiers[t].Get().(*[]byte); ok {
		*b = (*b)[:n]
		return b
	}
	b := make([]byte, n, c)
	return &b
}

func (p *pool) Put(b *[]byte) {
	if t, ok := tierOf(cap(*b)); ok {
		p.tiers[t].Put(b)
	}
}
