package relay

import (
	"context"
	"fmt"
	"math/big"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum"

	"github.com/infernode/infernode/abi/codec"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/dialect"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/storage"
	"github.com/infernode/infernode/txm"
)

// The spending guard (package guard, SPEC §8) at the delivery loop's
// decision points: what the relay tells it of a delivery, and what it does
// with the verdicts. Its records live in the relay's table, under
// storage.RelayGuardPrefix().

// spending is the relay's guard and what it follows to judge.
type spending struct {
	g       *guard.Guard
	waiting *guard.Waiting // delegated requests not active yet
	fair    *guard.Fair    // worker slots, handed to owners in turn
	heads   guard.Heads
	lim     guard.Limits
}

func newSpending(o Options) *spending {
	g := guard.New(storage.NewTable(o.DB, storage.RelayGuardPrefix()), o.Limits)
	lim := g.Limits()
	return &spending{g: g, lim: lim, fair: guard.NewFair(o.Workers),
		waiting: guard.NewWaiting(lim.DelegatedMaxPending, lim.DelegatedMaxHorizon)}
}

// subGuardKey names a tracked subscription to the guard.
func subGuardKey(id uint32) string { return fmt.Sprintf("%010d", id) }

// paid reports whether s pays its deliveries: the listener tracks only
// subscriptions whose payment the node's policy accepts.
func paid(s *Sub) bool { return s.PaymentAmount != nil && s.PaymentAmount.ToInt().Sign() > 0 }

// facts is what the guard is told of a delivery of s under key, for the
// interval that opened at block time opened (0: no deadline).
func facts(s *Sub, key string, opened uint64) guard.Delivery {
	d := guard.Delivery{Key: key, Owner: s.Owner, Paid: paid(s), Gas: uint64(s.MaxGasLimit),
		MaxFeePerGas: bigOf(s.MaxGasPrice), Period: time.Duration(s.Period) * time.Second,
		Cancelled: s.Cancelled, InputBytes: len(s.Inputs)}
	if opened > 0 {
		d.Opened = time.Unix(int64(opened), 0)
	}
	return d
}

// unpaidGas is what an unpaid delivery of s is charged before it is sent:
// the most it can use (its callback's gas and the Coordinator's work;
// without a gas limit, SDK v1, the cap its estimate is held to), settled
// to the gas used once mined.
func (r *Relay) unpaidGas(s *Sub, delegated bool) uint64 {
	if s.MaxGasLimit == 0 {
		return r.sp.lim.UnpaidMaxGas
	}
	gas := callbackGas(s.MaxGasLimit)
	if delegated {
		gas += delegatedCreationGas
	}
	return gas
}

// delegatedCreationGas is what a delegated delivery adds for creating the
// subscription.
const delegatedCreationGas = 300_000

// maxGas is the cap a delivery's estimate is held to (txm.Call.MaxGas):
// the unpaid cap for an unpaid subscription that names no gas limit (the
// SDK v1 dialect), else none.
func (r *Relay) maxGas(s *Sub) uint64 {
	if s.MaxGasLimit == 0 && !paid(s) {
		return r.sp.lim.UnpaidMaxGas
	}
	return 0
}

// refusal is why the listener does not track s at all (guard.Static: it is
// never served as it stands), or "".
func (r *Relay) refusal(s *Sub) string {
	v := r.sp.g.Static(facts(s, "", 0), r.sp.heads.Head().BlockTime)
	if v.Action == guard.Serve {
		return ""
	}
	r.o.Metrics.Guarded.WithLabelValues(v.Action.String()).Inc()
	return v.Reason
}

// judge asks the guard about d now, before anything is spent on it.
func (r *Relay) judge(d guard.Delivery) (guard.Verdict, error) {
	v, err := r.sp.g.Check(d, r.sp.heads.Head())
	if err != nil {
		return v, err
	}
	if v.Action != guard.Serve {
		r.o.Metrics.Guarded.WithLabelValues(v.Action.String()).Inc()
	}
	return v, nil
}

// charge takes an unpaid delivery's gas from its owner's day budget before
// it costs anything; a paid one is not charged.
func (r *Relay) charge(d guard.Delivery, gas uint64) (guard.Charge, guard.Verdict, error) {
	if d.Paid {
		return guard.Charge{}, guard.Verdict{Action: guard.Serve}, nil
	}
	c, v, err := r.sp.g.Charge(d.Owner, gas, r.sp.heads.Head().Time)
	if err == nil && v.Action != guard.Serve {
		r.o.Metrics.Guarded.WithLabelValues(v.Action.String()).Inc()
	}
	return c, v, err
}

// record tells the guard how an attempt of d ended; it returns when d may
// be tried next (zero: at once).
func (r *Relay) record(d guard.Delivery, o guard.Outcome, c guard.Charge, rec *txm.Record) time.Time {
	res := guard.Result{Key: d.Key, Owner: d.Owner, Outcome: o, Charge: c, At: r.sp.heads.Head().Time}
	if rec != nil {
		res.GasUsed = rec.GasUsed
		if res.GasUsed == 0 { // unknown (a record from before gas was kept): keep the charge
			res.GasUsed = c.Gas
		}
		if d.Gas > 0 { // the callback's share: the Coordinator's own work is at least ~100k
			res.CallbackGasUsed, res.CallbackGasLimit = res.GasUsed-min(res.GasUsed, coordinatorWork), d.Gas
		}
	}
	next, err := r.sp.g.Record(res)
	if err != nil {
		r.o.Logger.Warn("relay: record delivery outcome", "key", d.Key, "err", guard.CutErr(err))
		return time.Time{}
	}
	if res.Failed() {
		r.o.Logger.Info("relay: backing off", "key", d.Key, "owner", d.Owner, "outcome", o.String(), "until", next.Unix())
	}
	return next
}

// coordinatorWork is the least gas of a delivery that is not its
// callback's: the transaction's intrinsic gas and the Coordinator's own
// storage (docs/gas.md).
const coordinatorWork = 100_000

// minedOutcome is what a final transaction record says of a delivery: the
// Coordinator's CallbackFailed among its events, a revert on chain, or
// nothing spent on the delivery (its nonce given up or taken by another
// transaction).
func minedOutcome(rec *txm.Record) guard.Outcome {
	switch {
	case rec.GaveUp || rec.Noop: // its nonce went to a self-transfer: the delivery cost nothing
		return guard.NotSent
	case rec.State == txm.StateConfirmed && slices.Contains(rec.Events, codec.TopicCallbackFailed):
		return guard.CallbackFailed
	case rec.State == txm.StateConfirmed:
		return guard.Delivered
	case rec.MinedHash != [32]byte{}:
		return guard.Reverted
	}
	return guard.NotSent
}

// whyReverted tells a lost race from the owner's doing when d's
// transaction rec reverted on chain (a receipt carries no reason): the
// same call simulated on the state its block left (and at its block's
// time, so the interval is the same) reverts because the interval is full
// or this node already responded (either dialect's reverts for these)
// when another delivery of the interval was mined before it. One call, on
// a mined revert only; when it cannot tell, the revert is the owner's.
func (r *Relay) whyReverted(ctx context.Context, d delivery, rec *txm.Record) guard.Outcome {
	to := rec.To
	_, err := r.o.Backend.CallContract(ctx, ethereum.CallMsg{From: r.me, To: &to, Data: rec.Data}, new(big.Int).SetUint64(rec.MinedBlock))
	err = r.dec.FromError(err)
	switch r.d.Outcome(err) {
	case dialect.AlreadyDelivered, dialect.Full:
		name := coordinator.RevertName(err)
		r.o.Metrics.Reverts.WithLabelValues(name).Inc()
		r.o.Logger.Info("relay: lost the race for an interval", append(d.logAttrs(), "revert", name, "gas_used", rec.GasUsed)...)
		return guard.LostRace
	}
	r.o.Logger.Info("relay: delivery reverted on chain", append(d.logAttrs(), "revert", guard.CutErr(err), "block", rec.MinedBlock)...)
	return guard.Reverted
}

// holdUntil keeps subscription id from being dispatched before block time t.
func (r *Relay) holdUntil(id uint32, t time.Time) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.hold == nil {
		r.hold = map[uint32]uint64{}
	}
	r.hold[id] = uint64(max(t.Unix(), 0))
}

// onHeadSpending follows head for the guard and sweeps its records now and
// then.
func (r *Relay) onHeadSpending(ctx context.Context) {
	if err := r.sp.g.Tick(r.sp.heads.Head().Time); err != nil && ctx.Err() == nil {
		r.o.Logger.Warn("relay: sweep guard records", "err", guard.CutErr(err))
	}
}
