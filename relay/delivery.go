package relay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/fleet"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/internal/job"
	"github.com/infernode/infernode/txm"
)

// Progress is the persisted progress of one delivery, an interval's or a
// delegated subscription's (its JSON fields are those of Interval and
// Delegated on disk).
type Progress struct {
	State    IvState `json:"state"`
	Attempts int     `json:"attempts"`
	// TxKey is the sender key of the attempt in flight, if any.
	TxKey string `json:"tx_key,omitempty"`
	// Claim is this fleet member's claim of the delivery (fleet.Claim),
	// fenced before each send; absent outside a fleet.
	Claim *fleet.Claim `json:"claim,omitempty"`
	Err   string       `json:"err,omitempty"`
}

// ready is what a delivery's check found: a final state (State set), a
// reason to wait without counting a try (Wait), inputs that could not be
// read (InputsFailed: a failed try), or the container input.
type ready struct {
	State        IvState
	Reason       string
	Wait         bool
	InputsFailed string
	// Fetched: Data came from the owner's contract (getContainerInputs).
	Fetched bool

	// Contested: someone else already answered the interval (its
	// response count was not 0): a race is likely, so the delivery is
	// simulated before it is sent (gasbook.go).
	Contested bool

	// NextHead: not this fleet member's to deliver now; looked at again
	// on the next head (no RPC call spent).
	NextHead bool

	Containers []string
	Source     job.Location
	Data       json.RawMessage // on-chain bytes or the off-chain input
	Proof      bool
}

// delivery is one thing the delivery loop takes to a final state: an
// interval of a tracked subscription (intervalDelivery) or a delegated
// subscription created and delivered in one transaction
// (delegatedDelivery). Its decision points are explicit: check (before
// the containers run), call (before sending), confirmed and finish (after
// an outcome).
type delivery interface {
	progress() *Progress
	// save persists the progress (through relay state).
	save() error
	// check reads the chain before a container runs.
	check(ctx context.Context) (ready, error)
	// call is the transaction of try number attempt, from the containers'
	// results.
	call(attempt int, input, output, proof []byte) txm.Call
	// fate is what a classified revert of a send means for it: a final
	// state, or "" to try again.
	fate(o coordinator.Outcome, revert string) (IvState, string)
	// confirmed takes this node's mined delivery to its final state.
	confirmed(ctx context.Context, rec *txm.Record) error
	// finish records a final state reached without a mined delivery.
	finish(ctx context.Context, st IvState, reason string) error
	// logAttrs name the delivery in logs.
	logAttrs() []any
	// facts is what the spending guard is told of it (guarded.go) and
	// chargeGas what an unpaid try is charged before it is sent.
	facts() guard.Delivery
	chargeGas() uint64
	// setupGas is the gas of rec, a mined delivery, that went to
	// anything but the delivery proper (a delegated subscription's
	// creation); ok false when it could not be told.
	setupGas(ctx context.Context, rec *txm.Record) (gas uint64, ok bool)
	// hold keeps it from being tried again before block time until (zero:
	// the next head), holding no goroutine and no worker meanwhile.
	hold(until time.Time)
}

// deliver is the delivery loop: it takes d to a final state (delivered,
// skipped, failed after MaxAttempts). The progress is persisted before each
// transaction is sent, and a restart resumes the transaction in flight
// instead of sending another. The caller counts d in r.preparing; waiting
// for a transaction to be mined does not count.
func (dv *deliverer) deliver(ctx context.Context, d delivery, span trace.Span) error {
	p := d.progress()
	var charged guard.Charge // unpaid gas taken for the transaction in flight
	for {
		if p.State.final() {
			return nil
		}
		if p.TxKey != "" { // a transaction from an earlier attempt (or run)
			rec, ok, err := dv.o.Sender.Lookup(p.TxKey)
			if err != nil {
				return err
			}
			if ok {
				span.AddEvent("tx.wait", trace.WithAttributes(attribute.Int64("nonce", int64(rec.Nonce))))
				dv.preparing.Add(-1) // waiting for the chain, not for this node
				rec, err = dv.o.Sender.Wait(ctx, p.TxKey)
				dv.preparing.Add(1)
				if err != nil {
					return err
				}
				// The outcome backs the subscription and its owner off
				// when the callback failed or burnt its gas, or the
				// delivery reverted; the charge settles to the gas used.
				o := minedOutcome(dv.d, rec)
				if o == guard.Reverted {
					o = dv.whyReverted(ctx, d, rec)
				}
				dv.gas.mined(p.TxKey, rec, o)
				m := &mined{rec: rec}
				m.setup, m.known = d.setupGas(ctx, rec)
				next := dv.record(d.facts(), o, charged, m)
				charged = guard.Charge{}
				if rec.State == txm.StateConfirmed {
					span.AddEvent("tx.confirmed", trace.WithAttributes(attribute.String("tx", rec.MinedHash.Hex())))
					if o != guard.Delivered {
						span.AddEvent("callback.failed")
					}
					return d.confirmed(ctx, rec)
				}
				if rec.GaveUp { // stuck or refused for good: the sender gave its nonce up
					return dv.end(ctx, d, IvFailed, rec.Err, span)
				}
				if o != guard.LostRace {
					dv.o.Metrics.Reverts.WithLabelValues("mined").Inc()
				}
				p.Err = guard.Cut(rec.Err)
				if o != guard.NotSent {
					p.TxKey = ""
					if err := d.save(); err != nil {
						return err
					}
					d.hold(next)
					return nil
				}
			}
			p.TxKey = ""
			if err := d.save(); err != nil {
				return err
			}
		}
		if p.Attempts >= dv.o.MaxAttempts {
			return dv.end(ctx, d, IvFailed, p.Err, span)
		}
		// The spending guard judges before anything is spent: no RPC
		// call, no worker slot, no container.
		f := d.facts()
		v, err := dv.judge(f)
		if err != nil {
			return err
		}
		switch v.Action {
		case guard.Refuse:
			_ = dv.sp.g.Forget(f.Key)
			return dv.end(ctx, d, IvSkipped, v.Reason, span)
		case guard.GiveUp:
			return dv.end(ctx, d, IvFailed, v.Reason, span)
		case guard.Wait:
			dv.o.Logger.Debug("relay: delivery held back", append(d.logAttrs(), "reason", v.Reason)...)
			// The first hold's reason is recorded: an interval that
			// closes while held (its owner's price below the base fee all
			// along) is not left without a word (issue 35's simulator).
			if err := heldFor(d, v.Reason); err != nil {
				return err
			}
			d.hold(v.Until)
			return nil
		}
		tried := p.Attempts
		// A worker slot bounds the containers and sends at once, handed
		// to owners in turn; waiting for a transaction to be mined holds
		// none.
		release, err := dv.sp.fair.Acquire(ctx, f.Owner)
		if err != nil {
			return err
		}
		st, reason, held, err := dv.try(ctx, d, f, &charged, span)
		release()
		if err != nil {
			return err
		}
		if st != "" {
			return dv.end(ctx, d, st, reason, span)
		}
		if held != nil {
			d.hold(*held)
			return nil
		}
		if p.TxKey == "" && !clock.Sleep(ctx, dv.backoff(p.Attempts, p.Attempts > tried)) {
			return ctx.Err()
		}
	}
}

// heldFor records the first reason d is held back for: an interval that
// closes while held (its owner's price below the base fee, its owner's day
// budget spent) is not left without a word (issue 35's simulator). The
// hold is the subscription's, so it also speaks for the later intervals
// it spans.
func heldFor(d delivery, reason string) error {
	p := d.progress()
	if p.Err != "" {
		return nil
	}
	p.Err = "held: " + reason
	return d.save()
}

// backoff is the wait before the next try: a counted try backs off
// exponentially from RetryBackoff; a wait that counted nothing (RPC
// trouble, a wallet that cannot pay yet) is retried at the poll pace.
func (dv *deliverer) backoff(attempts int, counted bool) time.Duration {
	if !counted {
		return dv.o.PollInterval
	}
	return dv.o.RetryBackoff << min(max(attempts-1, 0), 6)
}

// end records a final state reached without a mined delivery.
func (dv *deliverer) end(ctx context.Context, d delivery, st IvState, reason string, span trace.Span) error {
	dv.o.Metrics.Deliveries.WithLabelValues(string(st)).Inc()
	if st == IvFailed {
		span.SetStatus(codes.Error, reason)
	}
	span.AddEvent("delivery."+string(st), trace.WithAttributes(attribute.String("reason", reason)))
	dv.o.Logger.Info("relay: delivery "+string(st), append(d.logAttrs(), "reason", reason)...)
	dv.release(ctx, d)
	return d.finish(ctx, st, reason)
}

// try makes one try: the delivery's checks, the containers, the
// transaction. It returns a final state when no more tries are needed, a
// time to hold the delivery back until (the guard's back-off after a
// failure, or its wait), or leaves the progress's TxKey set when a
// transaction was journaled (and *charged what its owner was charged).
func (dv *deliverer) try(ctx context.Context, d delivery, f guard.Delivery, charged *guard.Charge, span trace.Span) (IvState, string, *time.Time, error) {
	p := d.progress()
	c, err := d.check(ctx)
	if err != nil || c.Wait {
		return "", "", nil, err
	}
	if c.State != "" {
		return c.State, c.Reason, nil, nil
	}
	var next time.Time // zero: the next head
	if c.NextHead {
		return "", "", &next, nil
	}
	if c.Fetched && len(c.Data) > dv.sp.lim.MaxInputBytes {
		c.InputsFailed = fmt.Sprintf("input of %d bytes is above chain.max_input_bytes (%d)", len(c.Data), dv.sp.lim.MaxInputBytes)
	}
	if c.InputsFailed != "" { // the owner's doing: a failed try, backed off
		p.Attempts++
		p.Err = guard.Cut(c.InputsFailed)
		dv.o.Logger.Warn("relay: read inputs", append(d.logAttrs(), "err", p.Err)...)
		next := dv.record(f, guard.InputsFailed, guard.Charge{}, nil)
		return "", "", &next, d.save()
	}
	ch, v, err := dv.charge(ctx, f, d.chargeGas())
	if err != nil {
		return "", "", nil, err
	}
	if v.Action != guard.Serve {
		dv.o.Logger.Debug("relay: delivery held back", append(d.logAttrs(), "reason", v.Reason)...)
		return "", "", &v.Until, heldFor(d, v.Reason)
	}
	p.Attempts++
	input, output, proof, err := dv.runContainers(ctx, c.Containers, c.Source, c.Data, c.Proof)
	if err != nil {
		p.Err = guard.CutErr(err)
		span.AddEvent("containers.failed", trace.WithAttributes(attribute.String("err", p.Err)))
		next := dv.record(f, guard.ContainerFailed, ch, nil)
		return "", "", &next, d.save()
	}
	span.AddEvent("containers.done")
	if lt, ok := d.(lateness); ok && lt.late() {
		dv.record(f, guard.NotSent, ch, nil)
		return IvSkipped, "interval ends before the next block: a delivery could only revert", nil, nil
	}
	call := d.call(p.Attempts, input, output, proof)
	// A fleet member claims its slot now, in one etcd transaction: the
	// containers ran for nothing only if another member holds every slot.
	if st, sendable, err := dv.claim(ctx, d, call.Key); err != nil || !sendable {
		dv.record(f, guard.NotSent, ch, nil)
		if st == "" {
			p.Attempts-- // not this member's to send now: not counted
			return "", "", &next, d.save()
		}
		return st, "claimed by another fleet member", nil, err
	}
	if lt, ok := d.(lateness); ok && dv.o.Fleet != nil && lt.late() {
		// The claim took long (etcd slow or just back): the interval
		// ended meanwhile, and the claim is given back unsent.
		unsent(d)
		dv.record(f, guard.NotSent, ch, nil)
		return IvSkipped, "interval ends before the next block: a delivery could only revert", nil, nil
	}
	rd, recurring := d.(recurrent)
	if recurring { // a learned estimate spares the eth_estimateGas (gasbook.go)
		call.Estimated = dv.gas.estimate(rd.sub(), call, c.Contested)
	}
	p.TxKey = call.Key
	if err := d.save(); err != nil {
		return "", "", nil, err
	}
	call.Fence = dv.fence(d)
	rec, err := dv.o.Sender.Send(ctx, call)
	if err != nil && fenced(d, err) { // another member may send now: nothing sent, not counted
		p.TxKey = ""
		p.Attempts--
		dv.record(f, guard.NotSent, ch, nil)
		return "", "", &next, d.save()
	}
	if err != nil {
		unsent(d) // nothing journaled
		tried := p.Attempts
		st, reason := dv.sendFailed(d, err)
		counted := p.Attempts == tried
		switch {
		case errors.Is(err, txm.ErrGasAboveCap): // the unpaid cap, on the estimate (SDK v1)
			next := dv.record(f, guard.Reverted, ch, nil)
			dv.o.Logger.Info("relay: delivery asks more unpaid gas than chain.unpaid.max_gas", append(d.logAttrs(), "err", p.Err, "until", next.Unix())...)
			return IvSkipped, "estimated gas above chain.unpaid.max_gas", nil, nil
		case st == "" && counted: // a revert, too much gas: the owner's doing
			next := dv.record(f, guard.Reverted, ch, nil)
			return "", "", &next, d.save()
		}
		dv.record(f, guard.NotSent, ch, nil) // nothing spent: the charge comes back
		if st == "" {
			return "", "", nil, d.save()
		}
		return st, reason, nil, nil
	}
	*charged = ch
	if recurring {
		s, k := rd.sub(), rd.interval()
		dv.gas.sentTx(s, k, call, rec)
	}
	span.AddEvent("tx.sent", trace.WithAttributes(attribute.String("key", call.Key)))
	return "", "", nil, nil
}

// sendFailed maps a failed send (nothing journaled) to the delivery's
// fate through the dialect's classification of the revert. Only a revert
// or a gas estimate above the limit uses up an attempt: RPC trouble, a
// base fee above the cap and a wallet that cannot pay now are waited out.
func (dv *deliverer) sendFailed(d delivery, err error) (IvState, string) {
	p := d.progress()
	p.TxKey, p.Err = "", guard.CutErr(err)
	if name := coordinator.RevertName(err); name != "" {
		dv.o.Metrics.Reverts.WithLabelValues(name).Inc()
		o := dv.d.Outcome(err)
		if o == coordinator.NotPaidNow { // a wallet changed since the check
			p.Attempts--
			dv.o.Logger.Info("relay: delivery would not be paid, not sent", append(d.logAttrs(), "revert", name)...)
			return "", ""
		}
		if st, reason := d.fate(o, name); st != "" {
			return st, reason
		}
	}
	if !countsAsAttempt(err) {
		p.Attempts--
	}
	dv.o.Logger.Warn("relay: send", append(d.logAttrs(), "err", p.Err)...)
	return "", ""
}

// fate is how an interval's delivery ends on a classified revert.
func fate(o coordinator.Outcome, revert string) (IvState, string) {
	switch o {
	case coordinator.AlreadyDelivered:
		return IvDelivered, "already responded"
	case coordinator.Full:
		return IvSkipped, "interval full"
	case coordinator.Closed:
		return IvSkipped, revert
	case coordinator.Rejected:
		return IvFailed, revert
	}
	return "", ""
}

// recurrent is a delivery of a tracked subscription's interval: the gas
// book may supply its estimate.
type recurrent interface {
	sub() *Sub
	interval() uint32
}

// countsAsAttempt reports whether a failed send was the delivery's fault
// (a revert, too much gas) rather than the chain link's or the fee market's.
func countsAsAttempt(err error) bool {
	return coordinator.IsRevert(err, "") || errors.Is(err, txm.ErrGasAboveLimit) || errors.Is(err, txm.ErrGasAboveCap)
}
