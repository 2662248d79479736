package relay

import (
	"context"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/txm"
)

// The spending guard (package guard; docs/relay.md, "What serving costs,
// and how to bound it") at the delivery loop's decision points: what the
// deliverer tells it of a delivery, and what it does with the verdicts.
// Its records live in the relay's table, under storage.RelayGuardPrefix().

// unpaidGas is what an unpaid delivery of s is charged before it is sent:
// the most it can use (its callback's gas and the Coordinator's work;
// without a gas limit, SDK v1, the cap its estimate is held to), settled
// to the gas used once mined.
func (dv *deliverer) unpaidGas(s *Sub, delegated bool) uint64 {
	if s.MaxGasLimit == 0 {
		return dv.sp.lim.UnpaidMaxGas
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
func (dv *deliverer) maxGas(s *Sub) uint64 {
	if s.MaxGasLimit == 0 && !paid(s) {
		return dv.sp.lim.UnpaidMaxGas
	}
	return 0
}

// judge asks the guard about d now, before anything is spent on it.
func (dv *deliverer) judge(d guard.Delivery) (guard.Verdict, error) {
	v, err := dv.sp.g.Check(d, dv.sp.heads.Head())
	if err != nil {
		return v, err
	}
	if v.Action != guard.Serve {
		dv.o.Metrics.Guarded.WithLabelValues(v.Action.String()).Inc()
		dv.sp.held.note(dv.o.Logger, dv.o.Metrics, d.Owner, v, dv.sp.heads.Head().Time)
	}
	return v, nil
}

// charge takes an unpaid delivery's gas from its owner's day budget before
// it costs anything; a paid one is not charged. A fleet member takes it
// from the fleet's budgets too (fleet.Spending): n members spend one
// budget together.
func (dv *deliverer) charge(ctx context.Context, d guard.Delivery, gas uint64) (guard.Charge, guard.Verdict, error) {
	if d.Paid {
		return guard.Charge{}, guard.Verdict{Action: guard.Serve}, nil
	}
	now := dv.sp.heads.Head().Time
	c, v, err := dv.sp.g.Charge(d.Owner, gas, now)
	if err == nil && v.Action == guard.Serve {
		v = dv.fleetCharge(ctx, d.Key, c, now)
	}
	if err == nil && v.Action != guard.Serve {
		dv.o.Metrics.Guarded.WithLabelValues(v.Action.String()).Inc()
		dv.sp.held.note(dv.o.Logger, dv.o.Metrics, d.Owner, v, dv.sp.heads.Head().Time)
	}
	return c, v, err
}

// fleetCharge takes c from the fleet's budgets; when they are spent (or
// etcd cannot answer) c goes back to the member's guard and the delivery
// waits: for the fleet's next day, or the next head. A node alone has no
// budget but its own.
func (dv *deliverer) fleetCharge(ctx context.Context, key string, c guard.Charge, now time.Time) guard.Verdict {
	lim := dv.sp.g.Limits()
	ok, reason, err := dv.o.FleetSpending.Spend(ctx, c.Owner, c.Gas, now, fleet.SpendLimits{GasPerDay: lim.GasPerDay, OwnerGasPerDay: lim.OwnerGasPerDay})
	if ok && err == nil {
		return guard.Verdict{Action: guard.Serve}
	}
	if _, gerr := dv.sp.g.Record(guard.Result{Key: key, Owner: c.Owner, Outcome: guard.NotSent, Charge: c, At: now}); gerr != nil {
		dv.o.Logger.Warn("relay: give a charge back", "owner", c.Owner, "err", guard.CutErr(gerr))
	}
	if err != nil {
		return guard.Verdict{Action: guard.Wait, Until: now.Add(time.Second), Reason: "the fleet's spending ledger did not answer: " + guard.CutErr(err)}
	}
	day := 24 * time.Hour
	return guard.Verdict{Action: guard.Wait, Until: now.Truncate(day).Add(day), Reason: reason}
}

// minedAttempt is a mined attempt as record judges it: its transaction record
// and the gas of it that was not the delivery proper (setup; known false
// when it could not be told).
type minedAttempt struct {
	rec   *txm.Record
	setup uint64
	known bool
}

// record tells the guard how an attempt of d ended (m: mined, nil when
// nothing was); it returns when d may be tried next (zero: at once).
func (dv *deliverer) record(d guard.Delivery, o guard.Outcome, c guard.Charge, m *minedAttempt) time.Time {
	res := guard.Result{Key: d.Key, Owner: d.Owner, Outcome: o, Charge: c, At: dv.sp.heads.Head().Time}
	if m != nil {
		res.GasUsed = m.rec.GasUsed
		if res.GasUsed == 0 { // unknown (a record from before gas was kept): keep the charge
			res.GasUsed = c.Gas
		}
		res.CallbackGasUsed, res.CallbackGasLimit = judgedCallback(m, res.GasUsed, d.Gas)
	}
	next, err := dv.sp.g.Record(res)
	if err != nil {
		dv.o.Logger.Warn("relay: record delivery outcome", "key", d.Key, "err", guard.CutErr(err))
		return time.Time{}
	}
	if c.Gas > res.GasUsed { // the unspent part goes back to the fleet's budgets
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		if err := dv.o.FleetSpending.Refund(ctx, c.Owner, c.Gas-res.GasUsed, time.Unix(c.At, 0)); err != nil {
			dv.o.Logger.Warn("relay: give unspent gas back to the fleet's budget", "owner", c.Owner, "err", err)
		}
		cancel()
	}
	if res.Failed() {
		dv.o.Logger.Info("relay: backing off", "key", d.Key, "owner", d.Owner, "outcome", o.String(), "until", next.Unix())
	}
	return next
}

// judgedCallback is the callback's share of used, the gas of m, and its
// limit (zero, zero: not judged): a subscription without a callback gas
// limit (SDK v1) or a setup that could not be told is not judged.
func judgedCallback(m *minedAttempt, used, limit uint64) (uint64, uint64) {
	if limit == 0 || !m.known {
		return 0, 0
	}
	return callbackShare(used, m.setup), limit
}

// callbackShare is the most of a delivery's gas used that its callback can
// have used: what remains after the setup (a delegated subscription's
// creation) and the Coordinator's own work (docs/gas.md).
func callbackShare(used, setup uint64) uint64 {
	return used - min(used, setup+coordinatorWork)
}

// coordinatorWork is the least gas of a delivery that is not its
// callback's: the transaction's intrinsic gas and the Coordinator's own
// storage (docs/gas.md).
const coordinatorWork = 100_000

// intrinsicBase is the intrinsic gas of any transaction, counted once in
// a delivery but also in an estimate of its create step alone.
const intrinsicBase = 21_000

// createGas is the gas of the create step of a mined delegated delivery
// (docs/gas.md): eth_estimateGas of the same signed createSubscriptionDelegatee
// against the state before the delivery's block, less the intrinsic base
// the delivery pays once. An estimate is the least gas limit that
// succeeds, at least the gas used, so any error of it makes the callback
// look smaller, never an honest owner's larger. Where the subscription
// existed before that block, both the delivery's create step and the
// estimate find it and cost little. Not told (ok false) when the
// estimate fails: the callback is then not judged on this delivery.
func (dv *deliverer) createGas(ctx context.Context, pack []byte, rec *txm.Record) (uint64, bool) {
	if rec.State != txm.StateConfirmed || rec.MinedBlock == 0 {
		return 0, false
	}
	est, err := dv.o.Backend.EstimateGasAtBlock(ctx, ethereum.CallMsg{From: dv.me, To: &dv.coord, Data: pack},
		new(big.Int).SetUint64(rec.MinedBlock-1))
	if err != nil {
		dv.o.Logger.Warn("relay: estimate a delegated delivery's create step; its callback is not judged", "tx", rec.MinedHash.Hex(), "err", err)
		return 0, false
	}
	return est - min(est, intrinsicBase), true
}

// minedOutcome is what a final transaction record says of a delivery: the
// Coordinator's CallbackFailed among its events, a revert on chain, or
// nothing spent on the delivery (its nonce given up or taken by another
// transaction).
func minedOutcome(d Dialect, rec *txm.Record) guard.Outcome {
	switch {
	case rec.GaveUp || rec.Noop: // its nonce went to a self-transfer: the delivery cost nothing
		return guard.NotSent
	case rec.State == txm.StateConfirmed && d.CallbackFailed(rec.Events):
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
func (dv *deliverer) whyReverted(ctx context.Context, d delivery, rec *txm.Record) guard.Outcome {
	to := rec.To
	_, err := dv.o.Backend.CallContract(ctx, ethereum.CallMsg{From: dv.me, To: &to, Data: rec.Data}, new(big.Int).SetUint64(rec.MinedBlock))
	err = dv.dec.FromError(err)
	switch dv.d.Outcome(err) {
	case coordinator.AlreadyDelivered, coordinator.Full:
		name := coordinator.RevertName(err)
		dv.o.Metrics.Reverts.WithLabelValues(name).Inc()
		dv.o.Logger.Info("relay: lost the race for an interval", append(d.logAttrs(), "revert", name, "gas_used", rec.GasUsed)...)
		return guard.LostRace
	}
	dv.o.Logger.Info("relay: delivery reverted on chain", append(d.logAttrs(), "revert", guard.CutErr(err), "block", rec.MinedBlock)...)
	return guard.Reverted
}

// onHeadSpending follows head for the guard and sweeps its records now and
// then.
func (dv *deliverer) observeHead(ctx context.Context) {
	now := dv.sp.heads.Head().Time
	if err := dv.sp.g.Tick(now); err != nil && ctx.Err() == nil {
		dv.o.Logger.Warn("relay: sweep guard records", "err", guard.CutErr(err))
	}
	total, top, other, err := dv.sp.g.Spent(now, TopOwners)
	if err != nil {
		return
	}
	g := dv.o.Metrics.UnpaidGas
	g.Reset() // owners leave the top: the series stay bounded
	g.WithLabelValues("all").Set(float64(total))
	g.WithLabelValues("other").Set(float64(other))
	for _, o := range top {
		g.WithLabelValues(o.Owner.Hex()).Set(float64(o.Gas))
	}
}

// waitDelegated puts the accepted delegated request under key (of owner)
// among the waiting ones until block time until (zero: the next head), to
// be dropped at expiry. It needs no new slot: an accepted request is never
// failed because the waiting set is full.
func (dv *deliverer) waitDelegated(key string, owner common.Address, until, expiry time.Time) {
	if until.IsZero() {
		until = time.Unix(int64(dv.head.time.Load())+1, 0)
	}
	dv.sp.waiting.Hold(key, owner.Hex(), until, expiry)
}
