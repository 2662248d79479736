package guard

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFairTakesOwnersInTurn: with the only slot held and 300 of one owner's
// deliveries queued before another owner's one, the other owner's is the
// second to get the slot.
func TestFairTakesOwnersInTurn(t *testing.T) {
	ctx := context.Background()
	f := NewFair(1)
	release, err := f.Acquire(ctx, mallet)
	require.NoError(t, err)

	order := make(chan common.Address, 400)
	enqueue := func(owner common.Address) {
		before := f.Waiting()
		go func() {
			rel, err := f.Acquire(ctx, owner)
			if err != nil {
				return
			}
			order <- owner
			rel()
		}()
		for f.Waiting() == before { // queued: the order is fixed now
			runtime.Gosched()
		}
	}
	for range 300 {
		enqueue(mallet)
	}
	enqueue(alice)
	release()
	got := []common.Address{<-order, <-order}
	assert.Contains(t, got, alice, "the other owner waits for one slot release, not for 300")
	for range 299 {
		assert.Equal(t, mallet, <-order)
	}
	assert.Equal(t, 0, f.Waiting())
}

func TestFairCancelledWaiterLeaves(t *testing.T) {
	f := NewFair(1)
	release, err := f.Acquire(context.Background(), alice)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { _, err := f.Acquire(ctx, mallet); done <- err }()
	for f.Waiting() == 0 {
		runtime.Gosched()
	}
	cancel()
	require.ErrorIs(t, <-done, context.Canceled)
	assert.Equal(t, 0, f.Waiting())
	release()
	release() // once only
	ctx2, cancel2 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel2()
	r, err := f.Acquire(ctx2, alice)
	require.NoError(t, err, "the slot came back")
	r()
	r2, err := f.Acquire(ctx2, alice)
	require.NoError(t, err)
	r2()
}
