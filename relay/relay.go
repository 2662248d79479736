package relay

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// Relay is the chain side of the node. Safe for concurrent use; Run must be
// called once.
type Relay struct {
	opts      Options
	store     state
	dialect   Dialect
	deliverer *deliverer // takes what is due to a final state
	spending  *spending  // the spending guard (spending.go), shared with the deliverer

	head    chainHead
	pending atomic.Int64
	// handled is the last head whose due intervals were dispatched
	// (Settled).
	handled atomic.Uint64

	// mu guards the scheduler's state and runCtx.
	mu               sync.Mutex
	queue            timerQueue
	queued           map[uint32]uint64 // sub id -> due time in the queue
	hold             map[uint32]uint64 // sub id -> block time before which the guard holds it back
	running          map[uint32]bool
	delegatedRunning map[string]bool
	runCtx           context.Context
	wg               sync.WaitGroup

	listening   listening
	delegatedMu sync.Mutex // serialises acceptance of delegated requests
	retention   retention  // of final delegated records
	health      healthCache
}

// listening is the listener's eth_getLogs range, halved when the RPC
// refuses one, and whether its last listen failed (tried again at the
// poll's pace).
type listening struct {
	mu       sync.Mutex
	logRange uint64      // guarded by mu
	failed   atomic.Bool // the last listen at the current head failed
}

// Address is the node's wallet address.
func (r *Relay) Address() string { return r.opts.Sender.Address().Hex() }

// Pending counts on-chain work not yet finished: intervals and delegated
// subscriptions being run or delivered, intervals due and queued, and
// delegated subscriptions accepted and waiting to start.
func (r *Relay) Pending() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	due := 0
	t := r.head.time.Load()
	for _, e := range r.queue {
		if e.due <= t && r.queued[e.id] == e.due {
			due++
		}
	}
	return int(r.pending.Load()) + due + r.spending.waiting.Len()
}

// Healthy fails when the RPC does not answer, the listener lags more than
// MaxLagBlocks behind its trailing target or has handled no head for ten
// poll intervals, or the wallet's oldest open nonce has not moved for
// chain.wallet.stuck_blocks.
func (r *Relay) Healthy(ctx context.Context) error {
	if err := r.opts.Fleet.Healthy(); err != nil {
		return err
	}
	head, err := r.health.head(ctx, r.opts.Backend, r.head.num.Load(), r.opts.PollInterval)
	if err != nil {
		return fmt.Errorf("chain RPC unreachable: %w", err)
	}
	last, ok, err := r.store.last()
	if err != nil {
		return fmt.Errorf("read relay state: %w", err)
	}
	if !ok {
		last.Number = r.opts.StartBlock
	}
	if lag := r.lag(head, last.Number); lag > r.opts.MaxLagBlocks {
		return fmt.Errorf("listener lags %d blocks behind head %d", lag, head)
	}
	if err := r.opts.Sender.Stalled(); err != nil {
		return err
	}
	if at := r.health.listened.Load(); at != 0 {
		stall := max(10*r.opts.PollInterval, 2*time.Duration(r.health.tickEvery.Load()))
		if since := time.Since(time.Unix(0, at)); since > stall {
			return fmt.Errorf("listener has handled no head for %s (more than %s); the log says why", since.Round(time.Second), stall)
		}
	}
	return nil
}

func (r *Relay) lag(head, last uint64) uint64 {
	target := uint64(0)
	if head > r.opts.TrailHeadBlocks {
		target = head - r.opts.TrailHeadBlocks
	}
	if last >= target {
		return 0
	}
	return target - last
}

// Settled reports whether the relay has acted on head n: its logs read,
// every interval due at it taken up, and none still being prepared (each
// is final, backing off, or waiting for its transaction to be mined).
// Tests that drive block production wait for it instead of a clock.
func (r *Relay) Settled(n uint64) bool {
	return r.handled.Load() >= n && r.deliverer.preparing.Load() == 0
}
