package txm

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Lane states (/info, infernode_lane_state).
const (
	LaneActive      = "active"
	LaneQuarantined = "quarantined"
	LaneRefilling   = "refilling"
)

// TopUp refills lanes from a funding wallet: a lane whose balance is
// below Min gets one transfer from Sender to Target.
type TopUp struct {
	Sender      *Sender
	Min, Target *big.Int
}

// LanesOptions configure Lanes. Zero values take the documented defaults.
type LanesOptions struct {
	// Chain names the chain in logs and metric labels.
	Chain string
	// Metrics are the lane metrics, shared by every chain of a process
	// (NewLaneMetrics); nil: none.
	Metrics *LaneMetrics
	// Balance reads an account's latest balance; nil: balances are not
	// read (no top-up, no balance in LaneInfo).
	Balance func(ctx context.Context, a common.Address) (*big.Int, error)
	// TopUp refills lanes below a minimum; nil: none.
	TopUp *TopUp
	// BalanceEvery is how many heads pass between two readings of the
	// lanes' balances. Default 5.
	BalanceEvery uint64
	Logger       *slog.Logger
}

// Lanes sends a chain's transactions from several keys (lanes), each a
// Sender with its own nonce sequence, journal and in-flight window, and
// answers the relay as one Sender does. A call goes to the lane chosen by
// rendezvous hash of its lane key (Call.Lane) over the active lanes, so a
// subscription's transactions stay on one lane, in order, while it is
// active. A lane whose oldest open nonce has stood still for its
// StuckBlocks is quarantined: it takes no new calls, the sends waiting for
// one of its slots move to the active lanes at the next head, and its own
// monitor goes on repairing the nonce (rebroadcast, replacement, the
// zero-value fill); it rejoins when that nonce moves. With every lane
// quarantined, calls go where the hash sends them (as with one lane).
type Lanes struct {
	o     LanesOptions
	lanes []*lane

	mu    sync.Mutex // guards each lane's quarantined, moved, balance, refill
	heads uint64     // heads observed (balance pacing)
	kick  chan struct{}
}

type lane struct {
	s           *Sender
	label       string // its address, the metric label
	quarantined bool
	moved       chan struct{} // closed when the lane is quarantined
	balance     *big.Int      // nil until read
	refill      string        // the key of a pending top-up, "" when none
}

// NewLanes builds the lanes of one chain from their senders (one per key,
// each over its own nonce table). Lane 0's address is the chain's
// identity (Address).
func NewLanes(senders []*Sender, o LanesOptions) (*Lanes, error) {
	if len(senders) == 0 {
		return nil, errors.New("lanes: no sender (chain.wallet)")
	}
	if o.BalanceEvery == 0 {
		o.BalanceEvery = 5
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.TopUp != nil && (o.TopUp.Sender == nil || o.TopUp.Min == nil || o.TopUp.Target == nil || o.Balance == nil) {
		return nil, errors.New("lanes: top_up needs a funding sender, min, target and a balance reader")
	}
	l := &Lanes{o: o, kick: make(chan struct{}, 1)}
	seen := map[common.Address]bool{}
	for _, s := range senders {
		if seen[s.Address()] {
			return nil, fmt.Errorf("lanes: %s is two lanes; give every lane a key of its own", s.Address())
		}
		seen[s.Address()] = true
		ln := &lane{s: s, label: s.Address().Hex(), moved: make(chan struct{})}
		l.lanes = append(l.lanes, ln)
		l.o.Metrics.setState(o.Chain, ln.label, LaneActive)
		if o.TopUp != nil {
			l.o.Metrics.setMinimum(o.Chain, ln.label, o.TopUp.Min)
		}
	}
	return l, nil
}

// Address is lane 0's address: the chain's identity for what names one
// account (payment wallet ownership, the fleet).
func (l *Lanes) Address() common.Address { return l.lanes[0].s.Address() }

// Addresses are every lane's address, in configuration order.
func (l *Lanes) Addresses() []common.Address {
	out := make([]common.Address, len(l.lanes))
	for i, ln := range l.lanes {
		out[i] = ln.s.Address()
	}
	return out
}

// ChainID is the chain's id, read at start.
func (l *Lanes) ChainID() *big.Int { return l.lanes[0].s.ChainID() }

// InFlight counts every lane's transactions sent and not yet final.
func (l *Lanes) InFlight() int {
	n := 0
	for _, ln := range l.lanes {
		n += ln.s.InFlight()
	}
	return n
}

// SetResendCheck sets every lane's resend check (Sender.SetResendCheck).
func (l *Lanes) SetResendCheck(f ResendCheck) {
	for _, ln := range l.lanes {
		ln.s.SetResendCheck(f)
	}
}

// Simulate runs c from lane 0's address (Sender.Simulate).
func (l *Lanes) Simulate(ctx context.Context, c Call) ([]byte, error) {
	return l.lanes[0].s.Simulate(ctx, c)
}

// Lookup returns the record sent under key by whichever lane sent it.
func (l *Lanes) Lookup(key string) (*Record, bool, error) {
	_, r, ok, err := l.find(key)
	return r, ok, err
}

func (l *Lanes) find(key string) (*lane, *Record, bool, error) {
	for _, ln := range l.lanes {
		r, ok, err := ln.s.Lookup(key)
		if err != nil || ok {
			return ln, r, ok, err
		}
	}
	return nil, nil, false, nil
}

// Wait blocks until the transaction sent under key, by whichever lane, is
// final (Sender.Wait).
func (l *Lanes) Wait(ctx context.Context, key string) (*Record, error) {
	ln, _, ok, err := l.find(key)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("wait for %q: no such transaction", key)
	}
	return ln.s.Wait(ctx, key)
}

// Records returns every lane's journal records (tests and tooling).
func (l *Lanes) Records() ([]*Record, error) {
	var out []*Record
	for _, ln := range l.lanes {
		rs, err := ln.s.Records()
		if err != nil {
			return nil, err
		}
		out = append(out, rs...)
	}
	return out, nil
}

// Stalled is nil while a lane is active: a quarantined lane alone leaves
// the chain healthy. With every lane stuck it says why (one lane: as the
// Sender says).
func (l *Lanes) Stalled() error {
	var errs []error
	for _, ln := range l.lanes {
		err := ln.s.Stalled()
		if err == nil {
			return nil
		}
		errs = append(errs, fmt.Errorf("lane %s: %w", ln.s.Address(), err))
	}
	if len(errs) == 1 {
		return errors.Unwrap(errs[0])
	}
	return fmt.Errorf("every lane is stuck: %w", errors.Join(errs...))
}

// ObserveHead hands every lane (and the funding wallet) the latest head,
// and wakes the upkeep: quarantine, balances, top-ups.
func (l *Lanes) ObserveHead(h *types.Header) {
	for _, ln := range l.lanes {
		ln.s.ObserveHead(h)
	}
	if l.o.TopUp != nil {
		l.o.TopUp.Sender.ObserveHead(h)
	}
	select {
	case l.kick <- struct{}{}:
	default:
	}
}

// Run runs every lane's monitor (and the funding wallet's) and the upkeep
// until ctx is done.
func (l *Lanes) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	run := func(s *Sender) {
		wg.Add(1)
		go func() { defer wg.Done(); _ = s.Run(ctx) }()
	}
	for _, ln := range l.lanes {
		run(ln.s)
	}
	if l.o.TopUp != nil {
		run(l.o.TopUp.Sender)
	}
	defer wg.Wait()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-l.kick:
		}
		l.Upkeep(ctx)
	}
}

// Send sends c from the lane its lane key chooses (Sender.Send). A send
// waiting for a slot of a lane that is quarantined meanwhile moves to the
// lane chosen among those still active.
func (l *Lanes) Send(ctx context.Context, c Call) (*Record, error) {
	if len(l.lanes) == 1 {
		return l.lanes[0].s.Send(ctx, c)
	}
	if c.Key != "" {
		if r, ok, err := l.Lookup(c.Key); err != nil {
			return nil, fmt.Errorf("look up %q: %w", c.Key, err)
		} else if ok {
			return r, nil
		}
	}
	sticky := stickyKey(c)
	for {
		ln, moved := l.pick(sticky)
		sctx, cancel := context.WithCancel(ctx)
		stop := make(chan struct{})
		if moved != nil {
			go func() {
				select {
				case <-moved:
					cancel()
				case <-stop:
				}
			}()
		}
		r, err := ln.s.Send(sctx, c)
		close(stop)
		moving := sctx.Err() != nil && ctx.Err() == nil
		cancel()
		if err != nil && moving {
			l.o.Logger.Info("lanes: a send moves off a quarantined lane", "chain", l.o.Chain, "lane", ln.label, "key", c.Key)
			continue
		}
		return r, err
	}
}

// stickyKey is what chooses a call's lane: Call.Lane, else the first two
// segments of its key (the relay's keys are deliver/<sub>/<interval>/...
// and dlg/<owner>/...: one lane per subscription, per delegating owner).
func stickyKey(c Call) string {
	if c.Lane != "" {
		return c.Lane
	}
	parts := strings.SplitN(c.Key, "/", 3)
	if len(parts) >= 2 {
		return parts[0] + "/" + parts[1]
	}
	return c.Key
}

// pick is the lane with the highest rendezvous score for key among the
// active lanes (among all when none is active), and the channel closed if
// it is quarantined (nil when it was picked with none active).
func (l *Lanes) pick(key string) (*lane, chan struct{}) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var best *lane
	var bestScore uint64
	for _, active := range []bool{true, false} {
		for _, ln := range l.lanes {
			if active && ln.quarantined {
				continue
			}
			if sc := score(l.o.Chain, key, ln.s.Address()); best == nil || sc > bestScore {
				best, bestScore = ln, sc
			}
		}
		if best != nil {
			if active {
				return best, best.moved
			}
			return best, nil
		}
	}
	return l.lanes[0], nil // not reached: there is a lane
}

// score is the rendezvous (highest random weight) score of a lane for a
// key: FNV-1a over chain, key and address, finished with splitmix64's
// mixer so that near keys spread evenly. Stable across restarts.
func score(chain, key string, a common.Address) uint64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(chain))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write([]byte(key))
	_, _ = h.Write([]byte{0})
	_, _ = h.Write(a[:])
	x := h.Sum64()
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// LaneFor is the lane a call with this lane key goes to now (tests,
// /info).
func (l *Lanes) LaneFor(key string) common.Address {
	ln, _ := l.pick(key)
	return ln.s.Address()
}

// Upkeep runs one pass of the lanes' upkeep (Run does on every head;
// tests drive it): a lane whose oldest open nonce stood still for its
// StuckBlocks is quarantined (its waiting sends move), one whose nonce
// moved again rejoins; every BalanceEvery heads the balances are read and
// lanes below the top-up minimum refilled.
func (l *Lanes) Upkeep(ctx context.Context) {
	l.mu.Lock()
	for _, ln := range l.lanes {
		err := ln.s.Stalled()
		switch {
		case err != nil && !ln.quarantined && len(l.lanes) > 1:
			ln.quarantined = true
			close(ln.moved)
			l.o.Logger.Warn("lanes: lane quarantined; its unsent work moves to the other lanes", "chain", l.o.Chain, "lane", ln.label, "reason", err)
		case err == nil && ln.quarantined:
			ln.quarantined = false
			ln.moved = make(chan struct{})
			l.o.Logger.Info("lanes: lane rejoins", "chain", l.o.Chain, "lane", ln.label)
		}
		l.o.Metrics.setState(l.o.Chain, ln.label, l.stateLocked(ln))
		l.o.Metrics.setInFlight(l.o.Chain, ln.label, ln.s.InFlight())
	}
	l.heads++
	due := l.o.Balance != nil && (l.heads-1)%l.o.BalanceEvery == 0
	l.mu.Unlock()
	if due {
		l.balances(ctx)
	}
}

func (l *Lanes) stateLocked(ln *lane) string {
	switch {
	case ln.quarantined:
		return LaneQuarantined
	case ln.refill != "":
		return LaneRefilling
	}
	return LaneActive
}

// balances reads every lane's balance, settles finished top-ups and sends
// one to each lane below the minimum that has none pending.
func (l *Lanes) balances(ctx context.Context) {
	for _, ln := range l.lanes {
		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		bal, err := l.o.Balance(rctx, ln.s.Address())
		cancel()
		if err != nil {
			l.o.Logger.Warn("lanes: read a lane's balance", "chain", l.o.Chain, "lane", ln.label, "err", err)
			continue
		}
		l.mu.Lock()
		ln.balance = bal
		pending := ln.refill
		l.mu.Unlock()
		l.o.Metrics.setBalance(l.o.Chain, ln.label, bal)
		tu := l.o.TopUp
		if tu == nil {
			continue
		}
		if pending != "" {
			r, ok, err := tu.Sender.Lookup(pending)
			if err != nil || (ok && !r.State.Final()) {
				continue
			}
			l.mu.Lock()
			ln.refill = ""
			l.mu.Unlock()
			if ok && r.State == StateConfirmed {
				l.o.Metrics.toppedUp(l.o.Chain, ln.label)
				continue // this balance may predate it: the next reading decides
			}
		}
		if bal.Cmp(tu.Min) >= 0 {
			continue
		}
		l.refill(ctx, ln, bal)
	}
}

// refill sends one transfer from the funding wallet bringing ln from bal to
// the target. The key names the balance it tops up, so a restart with the
// balance unchanged finds the transfer already journaled instead of
// sending a second; a failed one is retried under a key of its own.
func (l *Lanes) refill(ctx context.Context, ln *lane, bal *big.Int) {
	tu := l.o.TopUp
	amount := new(big.Int).Sub(tu.Target, bal)
	key := fmt.Sprintf("topup/%s/%s", ln.s.Address().Hex(), bal)
	if r, ok, err := tu.Sender.Lookup(key); err == nil && ok && r.State == StateFailed {
		key = fmt.Sprintf("%s/%d", key, r.Nonce)
	}
	sctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	r, err := tu.Sender.Send(sctx, Call{Key: key, To: ln.s.Address(), Value: amount, MinGas: 21_000})
	if err != nil {
		l.o.Logger.Warn("lanes: top up a lane", "chain", l.o.Chain, "lane", ln.label, "from", tu.Sender.Address(), "amount_wei", amount, "err", err)
		return
	}
	l.mu.Lock()
	ln.refill = key
	l.mu.Unlock()
	l.o.Metrics.setState(l.o.Chain, ln.label, LaneRefilling)
	l.o.Logger.Info("lanes: topping up a lane", "chain", l.o.Chain, "lane", ln.label, "balance_wei", bal, "amount_wei", amount, "nonce", r.Nonce)
}

// LaneInfo is one lane as /info shows it.
type LaneInfo struct {
	Address    common.Address
	State      string
	BalanceWei *big.Int // nil until read
	NextNonce  uint64
	InFlight   int
}

// Info describes every lane.
func (l *Lanes) Info() []LaneInfo {
	out := make([]LaneInfo, len(l.lanes))
	for i, ln := range l.lanes {
		next, _, _ := ln.s.j.next()
		l.mu.Lock()
		out[i] = LaneInfo{Address: ln.s.Address(), State: l.stateLocked(ln), NextNonce: next, InFlight: ln.s.InFlight()}
		if ln.balance != nil {
			out[i].BalanceWei = new(big.Int).Set(ln.balance)
		}
		l.mu.Unlock()
	}
	return out
}
