package guard

import (
	"fmt"
	"math/big"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/internal/storage"
)

// Guard is the spending policy of chain deliveries with its persisted
// memory of failures and unpaid gas. Safe for concurrent use.
type Guard struct {
	lim Limits
	kv  storage.KeyValueStore

	mu        sync.Mutex // serialises read-modify-write of records
	lastSweep time.Time
	led       ledger // the day's unpaid gas by owner, in memory (budget.go)
}

// New returns a guard keeping its records in kv, the node's guard table
// (the relay's: storage.NewTable(relay, storage.RelayGuardPrefix())).
func New(kv storage.KeyValueStore, lim Limits) *Guard {
	return &Guard{lim: lim.withDefaults(), kv: kv}
}

// Limits returns the limits in force (defaults filled in).
func (g *Guard) Limits() Limits { return g.lim }

// Delivery is a delivery the relay is about to make, as far as it is known
// at the decision point.
type Delivery struct {
	// Key names the subscription among all the relay tracks (its id, or a
	// delegated request's key): back-off is kept under it.
	Key string
	// Owner is whose back-off and unpaid budget the delivery counts to.
	Owner common.Address
	// Paid: the node's payment policy accepted the subscription's payment,
	// so the unpaid caps do not apply.
	Paid bool
	// Gas is the callback gas asked (maxGasLimit; in the SDK v1 dialect,
	// which has none, the delivery's estimated gas); 0 while unknown.
	Gas uint64
	// MaxFeePerGas is the subscription's fee cap; nil for none.
	MaxFeePerGas *big.Int
	// Period is the subscription's period (0: a single interval).
	Period time.Duration
	// Cancelled: the subscription is cancelled.
	Cancelled bool
	// Opened is when the interval opened; zero for no deadline.
	Opened time.Time
	// InputBytes is the container input's size; 0 while unknown.
	InputBytes int
	// InputsFetched: the input was read from the owner's contract, so an
	// oversized one is a failed attempt (the next read may differ), not
	// a refusal of the subscription.
	InputsFetched bool
}

// Head is what the chain says now: the latest block's time, the next
// block's base fee (nil: unknown) and the block time (0: unknown).
type Head struct {
	Time      time.Time
	BaseFee   *big.Int
	BlockTime time.Duration
}

// Action is what a Verdict tells the relay to do.
type Action int

const (
	// Serve: go on (run the containers, send).
	Serve Action = iota
	// Wait: spend nothing now and ask again at Until (zero: the next
	// head). Not a failed attempt.
	Wait
	// Fail: a failed attempt; Record it (InputsFailed) and back off.
	Fail
	// GiveUp: the interval is past chain.interval_deadline; record it as
	// given up.
	GiveUp
	// Refuse: the subscription as it stands is never served (cancelled,
	// unpaid gas above the cap, period too short, input too large); close
	// the interval with Reason and do not schedule it again.
	Refuse
)

var actionNames = [...]string{"serve", "wait", "fail", "give up", "refuse"}

func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", int(a))
}

// Verdict is the guard's answer.
type Verdict struct {
	Action Action
	Reason string
	Until  time.Time // for Wait: when to ask again (zero: next head)
	// Field names what Static refused on: "cancelled", "gas", "period" or
	// "input" (a caller maps it to its own field names).
	Field string
	// Hold, on a Wait, names the spending bound that holds the delivery:
	// HoldNewOwnerDay, HoldOwnerDay, HoldNodeDay or HoldFairShare; "" for
	// any other wait. Bound is the configuration key that raises it.
	Hold, Bound string
}

// The spending bounds a Wait may name (Verdict.Hold): an owner's day of
// unpaid gas as a new owner or as one, the node's day, and an owner's fair
// share of the node's day.
const (
	HoldNewOwnerDay = "new_owner_day"
	HoldOwnerDay    = "owner_day"
	HoldNodeDay     = "node_day"
	HoldFairShare   = "fair_share"
)

// Check judges d at h without side effects (two reads of the store) and
// without any RPC call, so it can come before anything is spent.
func (g *Guard) Check(d Delivery, h Head) (Verdict, error) {
	if v := g.Static(d, h.BlockTime); v.Action != Serve {
		return v, nil
	}
	if !d.Opened.IsZero() && h.Time.Sub(d.Opened) > g.lim.IntervalDeadline {
		return Verdict{Action: GiveUp, Reason: fmt.Sprintf("not delivered within chain.interval_deadline (%s) of the interval's start", g.lim.IntervalDeadline)}, nil
	}
	sub, own, err := g.read(d.Key, d.Owner)
	if err != nil {
		return Verdict{}, err
	}
	now := h.Time.Unix()
	if sub.Until > now {
		return Verdict{Action: Wait, Until: time.Unix(sub.Until, 0), Reason: fmt.Sprintf("subscription backing off after %d failed attempts", sub.Failures)}, nil
	}
	if own.Until > now {
		return Verdict{Action: Wait, Until: time.Unix(own.Until, 0), Reason: fmt.Sprintf("owner backing off after %d failed deliveries", own.Failures)}, nil
	}
	if d.MaxFeePerGas != nil && h.BaseFee != nil && d.MaxFeePerGas.Cmp(h.BaseFee) < 0 {
		return Verdict{Action: Wait, Reason: fmt.Sprintf("maxGasPrice %s below the next block's base fee %s", d.MaxFeePerGas, h.BaseFee)}, nil
	}
	if !d.Paid {
		budget, which := g.ownerBudget(own, h.Time)
		if until, ok := own.fits(d.Gas, budget, h.Time); !ok {
			return g.overBudget(until, h.Time, which), nil
		}
		g.mu.Lock()
		v, ok, err := g.nodeFits(d.Owner, d.Gas, h.Time)
		g.mu.Unlock()
		if err != nil || !ok {
			return v, err
		}
	}
	if d.InputBytes > g.lim.MaxInputBytes {
		return Verdict{Action: Fail, Reason: fmt.Sprintf("input of %d bytes is above chain.max_input_bytes (%d)", d.InputBytes, g.lim.MaxInputBytes)}, nil
	}
	return Verdict{Action: Serve}, nil
}

// Static judges what a subscription is, whatever happened to it: Refuse
// when it is cancelled, asks more unpaid gas than the cap, has a period
// shorter than two block times (blockTime 0: unknown, not checked) or an
// inline input above the size limit; else Serve. It reads nothing, so the
// listener can drop such a subscription when it first sees it.
func (g *Guard) Static(d Delivery, blockTime time.Duration) Verdict {
	switch {
	case d.Cancelled:
		return Verdict{Action: Refuse, Field: "cancelled", Reason: "subscription cancelled"}
	case !d.Paid && d.Gas > g.lim.UnpaidMaxGas:
		return Verdict{Action: Refuse, Field: "gas", Reason: fmt.Sprintf("unpaid delivery asks %d gas, above chain.unpaid.max_gas (%d)", d.Gas, g.lim.UnpaidMaxGas)}
	case d.Period > 0 && blockTime > 0 && d.Period < 2*blockTime:
		return Verdict{Action: Refuse, Field: "period", Reason: fmt.Sprintf("period %s is shorter than two block times (%s): a delivery could not be mined within its interval", d.Period, 2*blockTime)}
	case d.InputBytes > g.lim.MaxInputBytes && !d.InputsFetched:
		return Verdict{Action: Refuse, Field: "input", Reason: fmt.Sprintf("input of %d bytes is above chain.max_input_bytes (%d)", d.InputBytes, g.lim.MaxInputBytes)}
	}
	return Verdict{Action: Serve}
}

// Charge is unpaid gas taken from an owner's day budget, to be settled by
// Record once the outcome is known. The zero Charge is none.
type Charge struct {
	Owner common.Address `json:"owner"`
	Gas   uint64         `json:"gas"`
	At    int64          `json:"at"` // unix seconds (block time)
}

// Charge takes gas from owner's rolling day budget at block time at, before
// an unpaid delivery is sent; a Wait verdict when it does not fit (nothing
// taken). Concurrent charges never overdraw the budget.
func (g *Guard) Charge(owner common.Address, gas uint64, at time.Time) (Charge, Verdict, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	own, err := g.owner(owner)
	if err != nil {
		return Charge{}, Verdict{}, err
	}
	budget, which := g.ownerBudget(own, at)
	if until, ok := own.fits(gas, budget, at); !ok {
		return Charge{}, g.overBudget(until, at, which), nil
	}
	if v, ok, err := g.nodeFits(owner, gas, at); err != nil || !ok {
		return Charge{}, v, err
	}
	if own.First == 0 {
		own.First = at.Unix()
	}
	own.add(gas, at)
	if err := g.putOwner(owner, own); err != nil {
		return Charge{}, Verdict{}, err
	}
	g.led.set(owner, own.Gas)
	return Charge{Owner: owner, Gas: gas, At: at.Unix()}, Verdict{Action: Serve}, nil
}

// overBudget is the Wait of an owner whose unpaid gas for the day is spent:
// until its oldest charges leave the window, or BackoffBase from now if
// sooner, since deliveries in flight settle their charges to the (smaller)
// gas they used.
func (g *Guard) overBudget(until, now time.Time, which string) Verdict {
	if next := now.Add(g.lim.BackoffBase); next.Before(until) {
		until = next
	}
	v := Verdict{Action: Wait, Until: until, Reason: fmt.Sprintf("owner's unpaid gas for the day spent (%s)", which),
		Hold: HoldOwnerDay, Bound: "chain.unpaid.owner_gas_per_day"}
	if strings.HasPrefix(which, "chain.unpaid.new_owner_gas_per_day") {
		v.Hold, v.Bound = HoldNewOwnerDay, "chain.unpaid.new_owner_gas_per_day"
	}
	return v
}

// Outcome is how a delivery attempt ended.
type Outcome int

const (
	// Delivered: on chain, callback succeeded.
	Delivered Outcome = iota
	// CallbackFailed: on chain, the Coordinator reported CallbackFailed.
	CallbackFailed
	// Reverted: the delivery reverted on chain, or its simulation reverted
	// for a reason its owner caused.
	Reverted
	// InputsFailed: the owner's inputs could not be read (a revert,
	// undecodable, too large).
	InputsFailed
	// ContainerFailed: the pipeline failed on the input. It backs off the
	// subscription, not its owner (a container can fail for the node's
	// own reasons).
	ContainerFailed
	// NotSent: nothing was spent after all (RPC trouble, fees waited
	// out); a charge is given back, nothing is counted.
	NotSent
	// LostRace: the delivery reverted on chain because the interval was
	// full or this node had already responded by the time it was mined:
	// another node (or an earlier transaction of this one) won. Its gas is
	// spent (a charge settles to the gas used) but nobody is backed off:
	// racing for an interval is no fault of its owner's.
	LostRace
)

var outcomeNames = [...]string{"delivered", "callback failed", "reverted", "inputs failed", "container failed", "not sent", "lost race"}

func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// Result is the outcome of one attempt, for Record.
type Result struct {
	Key     string
	Owner   common.Address
	Outcome Outcome
	// Charge is what Charge took for the attempt (zero: none).
	Charge Charge
	// GasUsed is the delivery's gas used (for a charge's settlement) and
	// CallbackGasUsed and CallbackGasLimit the callback's share of it and
	// its limit: a callback using 90% of its limit or more counts as
	// failed (it ran out of gas, or burns it on purpose). Zero: unknown.
	GasUsed, CallbackGasUsed, CallbackGasLimit uint64
	// At is the block time of the outcome.
	At time.Time
}

// Failed reports whether r counts as a failed attempt.
func (r Result) Failed() bool {
	switch r.Outcome {
	case Delivered:
		return r.burnt()
	case NotSent, LostRace:
		return false
	}
	return true
}

func (r Result) burnt() bool {
	return r.CallbackGasLimit > 0 && r.CallbackGasUsed*10 >= r.CallbackGasLimit*9
}

// ownerFault reports whether r backs off its owner too.
func (r Result) ownerFault() bool { return r.Failed() && r.Outcome != ContainerFailed }

// Record takes the outcome of an attempt into account: a failure backs
// off the subscription and (unless the container failed) its owner, for
// BackoffBase doubled per failure remembered; a charge is settled to the
// gas used, more or less than charged (all of it given back when nothing
// was sent). A success forgets nothing: failures are forgotten only
// BackoffMax after the back-off they caused (Sweep), so interleaving good
// deliveries with bad ones does not reset the back-off, and outcomes
// learnt in any order (a confirmation, then the CallbackFailed log) count
// the same. It returns when the subscription may be tried next (zero: at
// once).
func (g *Guard) Record(r Result) (time.Time, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	sub, own, err := g.read(r.Key, r.Owner)
	if err != nil {
		return time.Time{}, err
	}
	owner := r.Owner
	if r.Charge.Gas > 0 && r.Charge.Owner == owner {
		used := r.GasUsed
		if r.Outcome == NotSent {
			used = 0
		}
		own.settle(r.Charge, used)
		g.led.set(owner, own.Gas)
	}
	at := r.At.Unix()
	var next time.Time
	switch {
	case r.Failed():
		sub.Failures++
		sub.Until = at + int64(g.lim.backoff(sub.Failures)/time.Second)
		next = time.Unix(sub.Until, 0)
		if r.ownerFault() {
			own.Failures++
			own.Until = max(own.Until, at+int64(g.lim.backoff(own.Failures)/time.Second))
			next = time.Unix(max(sub.Until, own.Until), 0)
		}
	}
	b := g.kv.NewBatch()
	defer b.Close()
	if sub.zero() {
		err = b.Delete(storage.GuardSubKey(r.Key))
	} else {
		err = storage.BatchJSON(b, storage.GuardSubKey(r.Key), sub)
	}
	if err != nil {
		return time.Time{}, err
	}
	if own.zero() {
		err = b.Delete(storage.GuardOwnerKey(owner))
	} else {
		err = storage.BatchJSON(b, storage.GuardOwnerKey(owner), own)
	}
	if err != nil {
		return time.Time{}, err
	}
	if err := b.Commit(); err != nil {
		return time.Time{}, fmt.Errorf("guard: record outcome of %s: %w", r.Key, err)
	}
	return next, nil
}

// Forget drops what the guard remembers of subscription key (it is over:
// completed, cancelled, refused). Its owner's record stays.
func (g *Guard) Forget(key string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.kv.Delete(storage.GuardSubKey(key))
}

// SweepEvery is how often (in block time) Tick sweeps.
const SweepEvery = time.Hour

// Tick sweeps the records when SweepEvery has passed since the last sweep;
// the relay calls it on every head.
func (g *Guard) Tick(now time.Time) error {
	g.mu.Lock()
	due := now.Sub(g.lastSweep) >= SweepEvery
	if due {
		g.lastSweep = now
	}
	g.mu.Unlock()
	if !due {
		return nil
	}
	return g.Sweep(now)
}

// Sweep deletes the records that no longer change a decision at now:
// subscriptions and owners whose last back-off ended BackoffMax ago or
// more (their failures are forgotten) and day buckets older than a day.
// What is left is bounded by the subscriptions the relay tracks and the
// owners with unpaid gas in the last day or a recent failure.
func (g *Guard) Sweep(now time.Time) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	forget := now.Add(-g.lim.BackoffMax).Unix()
	b := g.kv.NewBatch()
	defer b.Close()
	err := storage.ScanJSON(g.kv, storage.GuardSubPrefix(), func(k []byte, s *subRecord) error {
		if s.Until <= forget {
			return b.Delete(append([]byte(nil), k...))
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("guard: sweep subscriptions: %w", err)
	}
	err = storage.ScanJSON(g.kv, storage.GuardOwnerPrefix(), func(k []byte, o *ownerRecord) error {
		n := len(o.Gas)
		o.prune(now)
		if o.Until <= forget {
			o.Failures, o.Until = 0, 0
		}
		if len(o.Gas) != n {
			g.led.set(common.HexToAddress(string(k[len(storage.GuardOwnerPrefix()):])), o.Gas)
		}
		switch {
		case o.zero():
			return b.Delete(append([]byte(nil), k...))
		case len(o.Gas) != n:
			return storage.BatchJSON(b, append([]byte(nil), k...), o)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("guard: sweep owners: %w", err)
	}
	return b.Commit()
}

func (g *Guard) read(key string, owner common.Address) (subRecord, ownerRecord, error) {
	var sub subRecord
	if _, err := storage.GetJSON(g.kv, storage.GuardSubKey(key), &sub); err != nil {
		return sub, ownerRecord{}, fmt.Errorf("guard: read subscription %s: %w", key, err)
	}
	own, err := g.owner(owner)
	return sub, own, err
}

func (g *Guard) owner(owner common.Address) (ownerRecord, error) {
	var own ownerRecord
	if _, err := storage.GetJSON(g.kv, storage.GuardOwnerKey(owner), &own); err != nil {
		return own, fmt.Errorf("guard: read owner %s: %w", owner, err)
	}
	return own, nil
}

func (g *Guard) putOwner(owner common.Address, own ownerRecord) error {
	if err := storage.PutJSON(g.kv, storage.GuardOwnerKey(owner), own); err != nil {
		return fmt.Errorf("guard: write owner %s: %w", owner, err)
	}
	return nil
}
