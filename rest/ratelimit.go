package rest

import (
	"math"
	"sync"
	"time"
)

// limiter is a token bucket per key (client and route): each bucket holds up
// to limit tokens and refills limit tokens per period. Buckets that have
// refilled completely carry no state and are swept, so memory follows the
// number of recently active clients, not every client ever seen.
type limiter struct {
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

func newLimiter(limit int, period time.Duration, now func() time.Time) *limiter {
	return &limiter{
		limit:   float64(limit),
		period:  period,
		now:     now,
		buckets: make(map[string]*bucket),
	}
}

// allow takes one token for key. When none is left it returns false and how
// long until one is.
func (l *limiter) allow(key string) (bool, time.Duration) {
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
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / rate * float64(time.Second))
	return false, wait
}

// sweep drops buckets that are full again. Called with mu held.
func (l *limiter) sweep(now time.Time, rate float64) {
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*rate >= l.limit {
			delete(l.buckets, k)
		}
	}
	l.lastSweep = now
}
