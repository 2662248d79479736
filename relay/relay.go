package relay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/access"
	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/executor"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/txm"
)

// Runner runs a container pipeline (*executor.Executor).
type Runner interface {
	Run(ctx context.Context, in executor.Input) ([]job.ContainerResult, error)
}

// Sender is the chain's transaction pipeline: a *txm.Sender (one key) or
// *txm.Lanes (several key lanes, docs/chains.md), which answers as one.
type Sender interface {
	Address() common.Address
	ChainID() *big.Int
	InFlight() int
	Send(ctx context.Context, c txm.Call) (*txm.Record, error)
	Lookup(key string) (*txm.Record, bool, error)
	Wait(ctx context.Context, key string) (*txm.Record, error)
	SetResendCheck(f txm.ResendCheck)
	Stalled() error
	ObserveHead(h *types.Header)
	Run(ctx context.Context) error
}

var (
	_ Sender = (*txm.Sender)(nil)
	_ Sender = (*txm.Lanes)(nil)
)

// Options configure a Relay. Zero values take the documented defaults.
type Options struct {
	Backend Backend               // required
	DB      storage.KeyValueStore // required: the relay's table, Store.Table(storage.TableRelay)
	Sender  Sender                // required; its Run is driven by Relay.Run
	// Dialect is the Coordinator's (coordinator/ours, coordinator/infernetv1);
	// required: the relay has no default.
	Dialect Dialect
	Runner  Runner           // required
	Guard   *access.Guardian // required
	// Payments decides which paid and verified subscriptions are served
	// (containers[].accepted_payments, chain.verifiers); nil serves only
	// unpaid subscriptions without a verifier.
	Payments *payments.Policy
	// PaymentWallet is the node's payment Wallet (chain.wallet.payment_address),
	// named in every delivery; zero when the node serves only unpaid
	// subscriptions.
	PaymentWallet common.Address
	// TrailHeadBlocks: logs are read this many blocks behind the head.
	TrailHeadBlocks uint64
	// StartBlock is where the first scan starts (the Coordinator's deploy
	// block) when nothing is persisted.
	StartBlock uint64
	// PollInterval paces head polling when the backend cannot push heads,
	// and the sender's monitor. Default 1s.
	PollInterval time.Duration
	// MaxLogRange is the largest eth_getLogs range tried; it halves when
	// the RPC refuses. Default 2000.
	MaxLogRange uint64
	// MaxAttempts per interval (container runs plus transactions). Default 3.
	MaxAttempts int
	// RetryBackoff is the first retry delay, doubled per attempt. Default 1s.
	RetryBackoff time.Duration
	// Workers bounds intervals being prepared at once (containers,
	// sending), handed to owners in turn; intervals waiting for their
	// transaction to be mined, or held back by the guard, hold none.
	// Default 16.
	Workers int
	// MaxLagBlocks: Healthy fails when the listener is further behind
	// (beyond TrailHeadBlocks). Default 64.
	MaxLagBlocks uint64
	// Limits bound what the node spends on deliveries nobody pays for and
	// on failures (chain.unpaid.*, chain.max_input_bytes,
	// chain.interval_deadline, chain.delegated.*; guard.LimitsOf). Zero
	// values take the defaults.
	Limits guard.Limits
	// Fleet makes this node a fleet member (relay/fleet.go): it delivers
	// the intervals it claims. Nil: a node alone.
	Fleet          *fleet.Fleet
	Logger         *slog.Logger
	Metrics        *Metrics // default: unregistered collectors
	TracerProvider trace.TracerProvider
}

func (o *Options) defaults() error {
	switch {
	case o.Backend == nil:
		return errors.New("relay: Options.Backend is required")
	case o.DB == nil:
		return errors.New("relay: Options.DB is required")
	case o.Sender == nil:
		return errors.New("relay: Options.Sender is required")
	case o.Runner == nil || o.Guard == nil:
		return errors.New("relay: Options.Runner and Options.Guard are required")
	case o.Dialect == nil:
		return errors.New("relay: Options.Dialect is required (coordinator/ours or coordinator/infernetv1)")
	}
	if o.PollInterval <= 0 {
		o.PollInterval = time.Second
	}
	if o.MaxLogRange == 0 {
		o.MaxLogRange = 2000
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 3
	}
	if o.RetryBackoff <= 0 {
		o.RetryBackoff = time.Second
	}
	if o.Workers <= 0 {
		o.Workers = 16
	}
	if o.MaxLagBlocks == 0 {
		o.MaxLagBlocks = 64
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.Metrics == nil {
		o.Metrics, _ = NewMetrics(nil)
	}
	if o.TracerProvider == nil {
		o.TracerProvider = otel.GetTracerProvider()
	}
	return nil
}

// Relay is the chain side of the node. Safe for concurrent use; Run must be
// called once.
type Relay struct {
	o  Options
	st state
	d  Dialect
	dv *deliverer // takes what is due to a final state
	sp *spending  // the spending guard (guarded.go), shared with dv

	head    chainHead
	pending atomic.Int64
	// handled is the last head whose due intervals were dispatched
	// (Settled).
	handled atomic.Uint64

	// mu guards the scheduler's state and runCtx.
	mu      sync.Mutex
	queue   timerQueue
	queued  map[uint32]uint64 // sub id -> due time in the queue
	hold    map[uint32]uint64 // sub id -> block time before which the guard holds it back
	running map[uint32]bool
	dlgRun  map[string]bool
	runCtx  context.Context
	wg      sync.WaitGroup

	lst    listening
	dlgMu  sync.Mutex // serialises acceptance of delegated requests
	ret    retention  // of final delegated records
	health healthCache
}

// listening is the listener's eth_getLogs range, halved when the RPC
// refuses one, and whether its last listen failed (tried again at the
// poll's pace).
type listening struct {
	mu       sync.Mutex
	logRange uint64      // guarded by mu
	failed   atomic.Bool // the last listen at the current head failed
}

// healthCache is what Healthy knows of the head: when the loop last read
// one, and the read it shares between callers.
type healthCache struct {
	seen atomic.Int64 // unix nanos of the loop's last successful head read
	// listened is when the listener last handled a head without error
	// (unix nanos); tickEvery is the loop's current poll period.
	listened  atomic.Int64
	tickEvery atomic.Int64
	mu        sync.Mutex
	at        time.Time
	num       uint64
	err       error
}

// New builds a relay; nothing runs until Run.
func New(o Options) (*Relay, error) {
	if err := o.defaults(); err != nil {
		return nil, err
	}
	r := &Relay{
		o: o, st: state{o.DB}, d: o.Dialect,
		queued:  map[uint32]uint64{},
		running: map[uint32]bool{},
		dlgRun:  map[string]bool{},
		hold:    map[uint32]uint64{},
		sp:      newSpending(o),
	}
	r.dv = newDeliverer(delivererOptions{
		Backend: o.Backend, DB: o.DB, Sender: o.Sender, Dialect: o.Dialect, Runner: o.Runner,
		PaymentWallet: o.PaymentWallet, PollInterval: o.PollInterval, RetryBackoff: o.RetryBackoff,
		MaxAttempts: o.MaxAttempts, Logger: o.Logger, Metrics: o.Metrics, TracerProvider: o.TracerProvider,
		Fleet: o.Fleet, Spending: r.sp, Head: &r.head, Hold: r.holdUntil, Track: r.schedule,
	})
	o.Sender.SetResendCheck(r.dv.stillCanonical)
	return r, nil
}

// Address is the node's wallet address.
func (r *Relay) Address() string { return r.o.Sender.Address().Hex() }

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
	return int(r.pending.Load()) + due + r.sp.waiting.Len()
}

// Healthy fails when the RPC does not answer, the listener lags more than
// MaxLagBlocks behind its trailing target or has handled no head for ten
// poll intervals, or the wallet's oldest open nonce has not moved for
// chain.wallet.stuck_blocks.
func (r *Relay) Healthy(ctx context.Context) error {
	if r.o.Fleet != nil {
		if err := r.o.Fleet.Healthy(); err != nil {
			return err
		}
	}
	head, err := r.health.head(ctx, r.o.Backend, r.head.num.Load(), r.o.PollInterval)
	if err != nil {
		return fmt.Errorf("chain RPC unreachable: %w", err)
	}
	last, ok, err := r.st.last()
	if err != nil {
		return fmt.Errorf("read relay state: %w", err)
	}
	if !ok {
		last.Number = r.o.StartBlock
	}
	if lag := r.lag(head, last.Number); lag > r.o.MaxLagBlocks {
		return fmt.Errorf("listener lags %d blocks behind head %d", lag, head)
	}
	if err := r.o.Sender.Stalled(); err != nil {
		return err
	}
	if at := r.health.listened.Load(); at != 0 {
		stall := max(10*r.o.PollInterval, 2*time.Duration(r.health.tickEvery.Load()))
		if since := time.Since(time.Unix(0, at)); since > stall {
			return fmt.Errorf("listener has handled no head for %s (more than %s); the log says why", since.Round(time.Second), stall)
		}
	}
	return nil
}

// head is the chain's head number for Healthy. /health is open to
// anyone, so it must not cost an RPC call per request: the head the loop
// read within the last two poll intervals is used as it is, and otherwise
// one read is shared by every caller for a poll interval.
func (h *healthCache) head(ctx context.Context, b Backend, loopHead uint64, poll time.Duration) (uint64, error) {
	if ok := h.seen.Load(); ok != 0 && time.Since(time.Unix(0, ok)) < 2*poll {
		return loopHead, nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.at.IsZero() && time.Since(h.at) < poll {
		return h.num, h.err
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	hd, err := b.HeaderByNumber(ctx, nil)
	h.at, h.num, h.err = time.Now(), 0, err
	if err == nil {
		h.num = hd.Number.Uint64()
	}
	return h.num, h.err
}

func (r *Relay) lag(head, last uint64) uint64 {
	target := uint64(0)
	if head > r.o.TrailHeadBlocks {
		target = head - r.o.TrailHeadBlocks
	}
	if last >= target {
		return 0
	}
	return target - last
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
	go func() { defer r.wg.Done(); _ = r.o.Sender.Run(ctx) }()

	// The chain client checks its endpoints against the stored block.
	if a, ok := r.o.Backend.(interface{ Anchor(uint64, common.Hash) }); ok {
		if last, ok, err := r.st.last(); err == nil && ok {
			a.Anchor(last.Number, last.Hash)
		}
	}
	if err := r.tick(ctx); err != nil && ctx.Err() == nil {
		r.o.Logger.Warn("relay: first tick", "err", err)
	}
	if err := r.resume(ctx); err != nil {
		return fmt.Errorf("relay: resume persisted state: %w", err)
	}
	if r.o.Fleet != nil {
		r.wg.Add(1)
		go func() { defer r.wg.Done(); r.admitFleetDelegated(ctx) }()
	}
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
		s, err := r.o.Backend.SubscribeNewHead(ctx, heads)
		if err == nil {
			sub, subErr, wait = s, s.Err(), 1
			r.o.Logger.Info("relay: following new heads by subscription")
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
	poll := r.o.PollInterval
	if sub != nil {
		poll *= 10
	}
	r.health.listened.Store(time.Now().UnixNano())
	r.health.tickEvery.Store(int64(poll))
	t := time.NewTicker(poll)
	defer t.Stop()
	var members <-chan struct{} // a fleet member left or joined
	if r.o.Fleet != nil {
		members = r.o.Fleet.Changed()
	}
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
			r.o.Logger.Warn("relay: head subscription ended; polling", "err", err)
			sub, subErr, waited, wait = nil, nil, 0, 1
			t.Reset(r.o.PollInterval)
			continue
		case h := <-heads:
			pushed = true
			if h != nil && h.Number != nil {
				err = r.onHead(ctx, h)
			} else {
				err = r.tick(ctx)
			}
			r.health.tickEvery.Store(int64(10 * r.o.PollInterval))
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
				r.o.Logger.Warn("relay: head subscription stalled; subscribing again")
				sub.Unsubscribe()
				sub, subErr = nil, nil
				subscribe()
				if subErr == nil {
					t.Reset(r.o.PollInterval)
				}
			}
			pushed = false
			if sub == nil && canPush && err == nil {
				if waited++; waited >= wait {
					subscribe()
					if sub != nil {
						t.Reset(10 * r.o.PollInterval)
					}
				}
			}
		}
		if err != nil && ctx.Err() == nil {
			r.o.Logger.Warn("relay: tick", "err", err)
		}
		if err == nil {
			r.health.listened.Store(time.Now().UnixNano())
		}
	}
}

// resume schedules every persisted subscription and restarts accepted
// delegated subscriptions not yet delivered.
func (r *Relay) resume(ctx context.Context) error {
	subs, err := r.st.subs()
	if err != nil {
		return err
	}
	for _, s := range subs {
		r.schedule(s)
	}
	r.o.Metrics.Tracked.Set(float64(len(subs)))
	// One unfinished record at a time; final ones are not decoded.
	if err := r.st.unfinished(func(k string, d *Delegated) error {
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
	head, err := r.o.Backend.HeaderByNumber(ctx, nil)
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
		if !r.lst.failed.Load() {
			return nil
		}
		// The last listen failed: try again at the poll's pace rather
		// than wait for a new block (and stay unhealthy while it fails).
		err = r.listen(ctx, head)
		r.lst.failed.Store(err != nil)
		if err == nil {
			r.dispatch(ctx)
		}
		return err
	}
	r.head.num.Store(n)
	r.head.time.Store(head.Time)
	r.sp.heads.Observe(head)
	r.dv.observeHead(ctx)
	r.o.Sender.ObserveHead(head)
	r.o.Metrics.InFlight.Set(float64(r.o.Sender.InFlight()))
	err = r.listen(ctx, head)
	r.lst.failed.Store(err != nil)
	r.dispatch(ctx)
	r.wakeDelegated(ctx)
	r.ret.sweep(r, time.Unix(int64(head.Time), 0))
	r.handled.Store(n)
	return err
}

// Settled reports whether the relay has acted on head n: its logs read,
// every interval due at it taken up, and none still being prepared (each
// is final, backing off, or waiting for its transaction to be mined).
// Tests that drive block production wait for it instead of a clock.
func (r *Relay) Settled(n uint64) bool {
	return r.handled.Load() >= n && r.dv.preparing.Load() == 0
}
