package ratelimit

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLimiterRefills(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(2, time.Second, func() time.Time { return now })
	ok, _ := l.Allow("k", 1)
	require.True(t, ok)
	ok, _ = l.Allow("k", 1)
	require.True(t, ok)
	ok, wait := l.Allow("k", 1)
	require.False(t, ok)
	require.Equal(t, 500*time.Millisecond, wait)
	now = now.Add(500 * time.Millisecond)
	ok, _ = l.Allow("k", 1)
	require.True(t, ok)
	now = now.Add(10 * time.Second)
	l.Allow("other", 1) // sweeps the full bucket of k
	require.Len(t, l.buckets, 1)
}

func TestLimiterCharges(t *testing.T) {
	now := time.Unix(0, 0)
	l := New(4, time.Second, func() time.Time { return now })
	ok, _ := l.Allow("k", 3)
	require.True(t, ok)
	ok, wait := l.Allow("k", 2)
	require.False(t, ok, "one token left, two asked")
	require.Equal(t, 250*time.Millisecond, wait)
	ok, _ = l.Allow("k", 1)
	require.True(t, ok, "a refused charge takes nothing")
	now = now.Add(time.Second)
	ok, wait = l.Allow("k", 100)
	require.False(t, ok, "a charge above the bucket can never be met")
	require.Zero(t, wait)
	require.False(t, l.Fits(5))
	ok, _ = l.Allow("k", 4)
	require.True(t, ok, "the refused oversize charge took nothing")
	ok, _ = l.Allow("k", 0)
	require.False(t, ok, "every request costs at least one token")
}

func TestClientKey(t *testing.T) {
	for _, c := range []struct {
		client string
		prefix int
		want   string
	}{
		{"192.0.2.7", 64, "192.0.2.7"},
		{"::ffff:192.0.2.7", 64, "192.0.2.7"},
		{"2001:db8:1:2:aaaa::1", 64, "2001:db8:1:2::/64"},
		{"2001:db8:1:2:ffff:ffff:ffff:ffff", 0, "2001:db8:1:2::/64"},
		{"2001:db8:1:2:aaaa::1", 48, "2001:db8:1::/48"},
		{"2001:db8:1:2:aaaa::1", 128, "2001:db8:1:2:aaaa::1/128"},
		{"unknown", 64, "unknown"},
	} {
		require.Equal(t, c.want, ClientKey(c.client, c.prefix), c.client)
	}
}

func TestBytes(t *testing.T) {
	b := NewBytes(10)
	require.True(t, b.Take(6))
	require.False(t, b.Take(5), "6+5 passes 10")
	require.True(t, b.Take(4))
	require.Equal(t, int64(10), b.Held())
	b.Give(6)
	require.True(t, b.Take(5))
	var none *Bytes
	require.True(t, none.Take(1<<40), "a nil budget allows everything")
	require.Nil(t, NewBytes(0))
}

// Wait takes room once a Give makes it; ctx ends a wait; a reservation
// larger than the budget is refused at once; many waiters and givers
// never lose a wake-up nor pass the budget.
func TestBytesWait(t *testing.T) {
	b := NewBytes(10)
	require.True(t, b.Take(8))
	got := make(chan error, 1)
	go func() { got <- b.Wait(context.Background(), 5) }()
	select {
	case err := <-got:
		t.Fatalf("Wait returned %v with 2 bytes free", err)
	case <-time.After(20 * time.Millisecond):
	}
	b.Give(8)
	require.NoError(t, <-got)
	require.Equal(t, int64(5), b.Held())

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	require.ErrorIs(t, b.Wait(ctx, 6), context.DeadlineExceeded)
	require.ErrorIs(t, b.Wait(context.Background(), 11), ErrOverBudget)
	require.Equal(t, int64(5), b.Held(), "a failed Wait holds nothing")
	b.Give(5)

	var wg sync.WaitGroup
	var peak atomic.Int64
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := int64(1 + i%7)
			for range 200 {
				if !assert.NoError(t, b.Wait(context.Background(), n)) {
					return
				}
				if h := b.Held(); h > peak.Load() {
					peak.Store(h)
				}
				b.Give(n)
			}
		}()
	}
	wg.Wait()
	require.Zero(t, b.Held())
	require.LessOrEqual(t, peak.Load(), int64(10))
	var none *Bytes
	require.NoError(t, none.Wait(context.Background(), 1<<40))
}
