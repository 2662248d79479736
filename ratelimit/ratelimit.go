package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Limiter is a token bucket per key (a client and a route): each bucket
// holds up to limit tokens and refills limit tokens per period. Buckets
// that have refilled completely carry no state and are swept, so memory
// follows the number of recently active clients, not every client ever
// seen. It is safe for concurrent use.
type Limiter struct {
	limit  float64
	period time.Duration
	now    func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// New returns a limiter of limit tokens per period (limit > 0, period > 0)
// on the clock now (nil: time.Now).
func New(limit int, period time.Duration, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{
		limit:   float64(limit),
		period:  period,
		now:     now,
		buckets: make(map[string]*bucket),
	}
}

// Limit is the bucket size, Period its refill time.
func (l *Limiter) Limit() int { return int(l.limit) }

// Fits reports whether a charge of tokens can ever be met: at most the
// bucket's size.
func (l *Limiter) Fits(tokens int) bool { return float64(tokens) <= l.limit }

// Period is how long an empty bucket takes to refill.
func (l *Limiter) Period() time.Duration { return l.period }

// Allow takes tokens (at least one) for key: one per job of a batch, per
// delegated item, per call. When too few are left it takes none and
// returns false and how long until enough are. A charge above the
// bucket's size can never be met: it is refused with a zero wait (see
// Fits), so that a batch cannot buy more than the limit in one go.
func (l *Limiter) Allow(key string, tokens int) (bool, time.Duration) {
	if !l.Fits(tokens) {
		return false, 0
	}
	n := math.Max(float64(tokens), 1)
	now := l.now()
	rate := l.limit / l.period.Seconds() // tokens per second

	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > l.period {
		l.sweep(now, rate)
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.limit, last: now}
		l.buckets[key] = b
	} else {
		b.tokens = math.Min(l.limit, b.tokens+now.Sub(b.last).Seconds()*rate)
		b.last = now
	}
	if b.tokens >= n {
		b.tokens -= n
		return true, 0
	}
	wait := time.Duration((n - b.tokens) / rate * float64(time.Second))
	return false, wait
}

// sweep drops buckets that are full again. Called with mu held.
func (l *Limiter) sweep(now time.Time, rate float64) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*rate >= l.limit {
			delete(l.buckets, k)
		}
	}
	l.lastSweep = now
}
