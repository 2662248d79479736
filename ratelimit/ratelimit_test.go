package ratelimit

import (
	"testing"
	"time"

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
	ok, _ = l.Allow("k", 100)
	require.True(t, ok, "a charge above the bucket takes a full one")
	ok, _ = l.Allow("k", 0)
	require.False(t, ok, "every request costs at least one token")
}
