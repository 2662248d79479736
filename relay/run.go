package relay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/infernode/infernode/chain"
)

// New builds a relay; nothing runs until Run.
func New(o Options) (*Relay, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	r := &Relay{
		opts: o, store: state{o.DB}, dialect: o.Dialect,
		queued:           map[uint32]uint64{},
		running:          map[uint32]bool{},
		delegatedRunning: map[string]bool{},
		hold:             map[uint32]uint64{},
		spending:         newSpending(o),
	}
	r.deliverer = newDeliverer(delivererOptions{
		Backend: o.Backend, DB: o.DB, Sender: o.Sender, Dialect: o.Dialect, Runner: o.Runner,
		PaymentWallet: o.PaymentWallet, PollInterval: o.PollInterval, RetryBackoff: o.RetryBackoff,
		MaxAttempts: o.MaxAttempts, Logger: o.Logger, Metrics: o.Metrics, TracerProvider: o.TracerProvider,
		Fleet: o.Fleet, FleetSpending: o.FleetSpending, Spending: r.spending, Head: &r.head, Hold: r.holdUntil, Track: r.schedule,
	})
	o.Sender.SetResendCheck(r.deliverer.stillCanonical)
	return r, nil
}

// Run follows the chain until ctx is done: heads, logs, scheduling,
// deliveries and the sender's monitor. It returns nil when ctx is done and
// waits for the work it started.
func (r *Relay) Run(ctx context.Context) error {
	r.mu.Lock()
	r.runCtx = ctx
	r.mu.Unlock()
	defer r.wg.Wait()

	r.wg.Add(1)
	go func() { defer r.wg.Done(); _ = r.opts.Sender.Run(ctx) }()

	// The chain client checks its endpoints against the stored block.
	if a, ok := r.opts.Backend.(interface{ Anchor(uint64, common.Hash) }); ok {
		if last, ok, err := r.store.last(); err == nil && ok {
			a.Anchor(last.Number, last.Hash)
		}
	}
	if err := r.tick(ctx); err != nil && ctx.Err() == nil {
		r.opts.Logger.Warn("relay: first tick", "err", err)
	}
	if err := r.resume(ctx); err != nil {
		return fmt.Errorf("relay: resume persisted state: %w", err)
	}
	r.wg.Add(1)
	go func() { defer r.wg.Done(); r.admitFleetDelegated(ctx) }()
	heads := make(chan *types.Header, 16)
	var sub interface {
		Unsubscribe()
		Err() <-chan error
	}
	var subErr <-chan error
	// While polling after a subscription ended or failed, subscribing is
	// tried again after 1, 2, 4 … up to 10 poll ticks (idle cost back to
	// one eth_getLogs a block); never where the transport cannot push.
	canPush, wait, waited := true, 1, 0
	subscribe := func() {
		s, err := r.opts.Backend.SubscribeNewHead(ctx, heads)
		if err == nil {
			sub, subErr, wait = s, s.Err(), 1
			r.opts.Logger.Info("relay: following new heads by subscription")
			return
		}
		canPush = !errors.Is(err, chain.ErrNoSubscriptions)
		waited, wait = 0, min(2*wait, 10)
	}
	subscribe()
	defer func() {
		if sub != nil {
			sub.Unsubscribe()
		}
	}()
	pushed := false // a head was pushed since the last safety-net tick
	// With pushed heads, polling is only a safety net.
	poll := r.opts.PollInterval
	if sub != nil {
		poll *= 10
	}
	r.health.listened.Store(time.Now().UnixNano())
	r.health.tickEvery.Store(int64(poll))
	t := time.NewTicker(poll)
	defer t.Stop()
	members := r.opts.Fleet.Changed() // a fleet member left or joined
	for {
		var err error
		select {
		case <-ctx.Done():
			return nil
		case <-members:
			// The intervals a member that left served are due now at the
			// head this node has: taken over at once, not at the next
			// head (docs/fleet.md, Failover).
			r.dispatch(ctx)
			continue
		case err := <-subErr:
			r.opts.Logger.Warn("relay: head subscription ended; polling", "err", err)
			sub, subErr, waited, wait = nil, nil, 0, 1
			t.Reset(r.opts.PollInterval)
			continue
		case h := <-heads:
			pushed = true
			if h != nil && h.Number != nil {
				err = r.onHead(ctx, h)
			} else {
				err = r.tick(ctx)
			}
			r.health.tickEvery.Store(int64(10 * r.opts.PollInterval))
		case <-t.C:
			if pushed && subErr != nil {
				// Heads are being pushed: the loop has the latest one,
				// and a poll would only read it again (idle cost).
				pushed = false
				continue
			}
			before := r.head.num.Load()
			err = r.tick(ctx)
			if subErr != nil && !pushed && err == nil && r.head.num.Load() > before {
				// The chain moved for ten poll intervals and the
				// subscription pushed nothing: it is stalled. Reset it.
				r.opts.Logger.Warn("relay: head subscription stalled; subscribing again")
				sub.Unsubscribe()
				sub, subErr = nil, nil
				subscribe()
				if subErr == nil {
					t.Reset(r.opts.PollInterval)
				}
			}
			pushed = false
			if sub == nil && canPush && err == nil {
				if waited++; waited >= wait {
					subscribe()
					if sub != nil {
						t.Reset(10 * r.opts.PollInterval)
					}
				}
			}
		}
		if err != nil && ctx.Err() == nil {
			r.opts.Logger.Warn("relay: tick", "err", err)
		}
		if err == nil {
			r.health.listened.Store(time.Now().UnixNano())
		}
	}
}

// resume schedules every persisted subscription and restarts accepted
// delegated subscriptions not yet delivered.
func (r *Relay) resume(ctx context.Context) error {
	subs, err := r.store.subs()
	if err != nil {
		return err
	}
	for _, s := range subs {
		r.schedule(s)
	}
	r.opts.Metrics.Tracked.Set(float64(len(subs)))
	// One unfinished record at a time; final ones are not decoded.
	if err := r.store.unfinished(func(k string, d *Delegated) error {
		r.resumeDelegated(ctx, k, d)
		return nil
	}); err != nil {
		return err
	}
	r.dispatch(ctx)
	return nil
}

// tick reads the head; when it moved, it runs the listener and dispatches
// due intervals.
func (r *Relay) tick(ctx context.Context) error {
	head, err := r.opts.Backend.HeaderByNumber(ctx, nil)
	if err != nil {
		return fmt.Errorf("read head: %w", err)
	}
	return r.onHead(ctx, head)
}

// onHead runs the listener and dispatches due intervals when head is new.
func (r *Relay) onHead(ctx context.Context, head *types.Header) error {
	var err error
	r.health.seen.Store(time.Now().UnixNano())
	n := head.Number.Uint64()
	if n == r.head.num.Load() && r.head.time.Load() != 0 {
		if !r.listening.failed.Load() {
			return nil
		}
		// The last listen failed: try again at the poll's pace rather
		// than wait for a new block (and stay unhealthy while it fails).
		err = r.listen(ctx, head)
		r.listening.failed.Store(err != nil)
		if err == nil {
			r.dispatch(ctx)
		}
		return err
	}
	r.head.num.Store(n)
	r.head.time.Store(head.Time)
	r.spending.heads.Observe(head)
	r.deliverer.observeHead(ctx)
	r.opts.Sender.ObserveHead(head)
	r.opts.Metrics.InFlight.Set(float64(r.opts.Sender.InFlight()))
	err = r.listen(ctx, head)
	r.listening.failed.Store(err != nil)
	r.dispatch(ctx)
	r.wakeDelegated(ctx)
	r.retention.sweep(r, time.Unix(int64(head.Time), 0))
	r.handled.Store(n)
	return err
}
