package relay

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"

	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/guard"
	"github.com/infernode/infernode/internal/clock"
	"github.com/infernode/infernode/txm"
)

// reasonLate is why an interval that ends before the next block is skipped,
// whether seen before the claim, after it or at the fence.
const reasonLate = "interval ends before the next block: a delivery could only revert"

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
				m := &minedAttempt{rec: rec}
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
	if d.late() {
		dv.record(f, guard.NotSent, ch, nil)
		return IvSkipped, reasonLate, nil, nil
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
	if p.Claim != nil && d.late() {
		// The claim took long (etcd slow or just back): the interval
		// ended meanwhile, and the claim is given back unsent. A node
		// alone holds no claim.
		unsent(d)
		dv.record(f, guard.NotSent, ch, nil)
		return IvSkipped, reasonLate, nil, nil
	}
	// A learned estimate spares the eth_estimateGas (gasbook.go).
	call.Estimated = d.gasEstimate(call, c.Contested)
	p.TxKey = call.Key
	if err := d.save(); err != nil {
		return "", "", nil, err
	}
	call.Fence = dv.fence(d)
	rec, err := dv.o.Sender.Send(ctx, call)
	if err != nil && lateAtFence(err) { // nothing signed: given back unsent, as above
		p.TxKey = ""
		unsent(d)
		dv.record(f, guard.NotSent, ch, nil)
		return IvSkipped, reasonLate, nil, d.save()
	}
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
	d.sentTx(call, rec)
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

// deliverInterval takes one (subscription, interval) through the delivery
// loop.
func (dv *deliverer) deliverInterval(ctx context.Context, s *Sub, k uint32) error {
	ctx, span := dv.tracer.Start(ctx, "relay.deliver", trace.WithAttributes(
		attribute.Int64("subscription.id", int64(s.ID)), attribute.Int64("subscription.interval", int64(k)),
		attribute.String("subscription.containers", s.ContainerID),
		attribute.Int64("subscription.created_block", int64(s.Block))))
	defer span.End()
	iv, err := dv.st.ivOf(s, k)
	if err != nil {
		return err
	}
	return dv.deliver(ctx, &intervalDelivery{dv: dv, s: s, k: k, iv: iv}, span)
}

// deliverDelegated takes a delegated subscription through the delivery
// loop: it is created and delivered in one transaction
// (deliverComputeDelegatee), then tracked like any other subscription so
// later intervals go through deliverCompute.
func (dv *deliverer) deliverDelegated(ctx context.Context, key string) error {
	d, ok, err := dv.st.dlg(key)
	if err != nil || !ok {
		return err
	}
	ds, err := dv.d.DecodeDelegated(d.Body)
	if err != nil {
		d.State, d.Err = IvFailed, err.Error()
		dv.o.Metrics.Deliveries.WithLabelValues(string(IvFailed)).Inc()
		return dv.st.saveDlg(key, d, dv.head.time.Load())
	}
	ctx, span := dv.tracer.Start(ctx, "relay.deliver_delegated", trace.WithAttributes(
		attribute.String("owner", ds.Sub.Owner.Hex()), attribute.Int64("nonce", int64(ds.Nonce))))
	defer span.End()
	return dv.deliver(ctx, &delegatedDelivery{dv: dv, key: key, d: d, ds: ds}, span)
}
