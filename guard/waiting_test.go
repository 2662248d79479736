package guard

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/infernode/infernode/internal/job"
)

func code(t *testing.T, err error) job.Code {
	t.Helper()
	var je *job.Error
	require.True(t, errors.As(err, &je), "%v is not a *job.Error", err)
	return je.Code
}

func TestCheckDelegated(t *testing.T) {
	w := NewWaiting(0, 0, 0)
	day := 24 * time.Hour
	tests := []struct {
		name             string
		activeAt, expiry time.Time
		want             job.Code // 0: accepted
		field            string
	}{
		{"now", t0, t0.Add(time.Hour), 0, ""},
		{"within the horizon", t0.Add(7 * day), t0.Add(8 * day), 0, ""},
		{"beyond the horizon", t0.Add(7*day + time.Second), t0.Add(8 * day), job.CodeInvalid, "subscription.active_at"},
		{"dated 2106", time.Unix(1<<32-1, 0), time.Unix(1<<32-1, 0).Add(time.Hour), job.CodeInvalid, "subscription.active_at"},
		{"expired", t0, t0, job.CodeInvalid, ""},
		{"expires before it starts", t0.Add(time.Hour), t0.Add(time.Minute), job.CodeInvalid, "subscription.active_at"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := w.CheckDelegated(tt.activeAt, tt.expiry, t0)
			if tt.want == 0 {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Equal(t, tt.want, code(t, err))
			if tt.field != "" {
				assert.Equal(t, tt.field, err.(*job.Error).Params["field"])
			}
		})
	}
}

func TestWaitingBoundedAndDue(t *testing.T) {
	w := NewWaiting(3, 0, time.Hour)
	require.NoError(t, w.Add("a", "", t0.Add(30*time.Minute), t0.Add(time.Hour)))
	require.NoError(t, w.Add("b", "", t0.Add(10*time.Minute), t0.Add(11*time.Minute)))
	require.NoError(t, w.Add("c", "", t0.Add(20*time.Minute), t0.Add(time.Hour)))
	require.NoError(t, w.Add("c", "", t0.Add(20*time.Minute), t0.Add(time.Hour)), "a replay changes nothing")
	err := w.Add("d", "", t0, t0.Add(time.Hour))
	require.Error(t, err)
	assert.Equal(t, job.CodeRateLimited, code(t, err), "429 past max_pending")

	ready, expired := w.Due(t0.Add(5 * time.Minute))
	assert.Empty(t, ready)
	assert.Empty(t, expired)
	ready, expired = w.Due(t0.Add(20 * time.Minute))
	assert.Equal(t, []string{"c"}, ready)
	assert.Equal(t, []string{"b"}, expired, "dropped at its expiry")
	w.Remove("a")
	assert.Equal(t, 0, w.Len())
	require.NoError(t, w.Add("d", "", t0, t0.Add(time.Hour)), "room again")
}

// TestWaitingCostsNoGoroutine: 10,000 far-future requests within the
// horizon add no goroutine and little memory.
func TestWaitingCostsNoGoroutine(t *testing.T) {
	w := NewWaiting(10_000, 0, 0)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	g0 := runtime.NumGoroutine()
	for i := range 10_000 {
		require.NoError(t, w.Add(fmt.Sprintf("dlg/0x%040x/%010d", i, i), fmt.Sprint(i), t0.Add(6*24*time.Hour), t0.Add(7*24*time.Hour)))
	}
	require.Error(t, w.Add("one more", "x", t0, t0.Add(time.Hour)))
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	assert.LessOrEqual(t, runtime.NumGoroutine(), g0)
	assert.Less(t, int64(after.HeapAlloc)-int64(before.HeapAlloc), int64(8<<20), "10,000 waiting requests hold under 8 MB")
}

// TestWaitingPerOwner: an owner at its bound gets 429 while another owner
// is admitted; an accepted request held again needs no slot, even past
// both bounds.
func TestWaitingPerOwner(t *testing.T) {
	w := NewWaiting(5, 2, time.Hour)
	require.NoError(t, w.Add("m1", "mallet", t0.Add(time.Minute), t0.Add(time.Hour)))
	require.NoError(t, w.Add("m2", "mallet", t0.Add(time.Minute), t0.Add(time.Hour)))
	err := w.Add("m3", "mallet", t0.Add(time.Minute), t0.Add(time.Hour))
	require.Error(t, err)
	require.Contains(t, fmt.Sprint(err.(*job.Error).Params), "max_pending_per_owner")
	require.NoError(t, w.Add("a1", "alice", t0.Add(time.Minute), t0.Add(time.Hour)), "another owner is admitted")
	w.Hold("m4", "mallet", t0.Add(time.Minute), t0.Add(time.Hour))
	w.Hold("m5", "mallet", t0.Add(time.Minute), t0.Add(time.Hour))
	w.Hold("m6", "mallet", t0.Add(time.Minute), t0.Add(time.Hour))
	assert.Equal(t, 6, w.Len(), "holds pass both bounds")
	ready, _ := w.Due(t0.Add(time.Minute))
	assert.Len(t, ready, 6)
	require.NoError(t, w.Add("m7", "mallet", t0.Add(time.Minute), t0.Add(time.Hour)), "slots freed")
}
